"""The secretary's admin pages under the site's content security policy: the phone
fixture fails the test on any refusal reported in Chromium's console."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.support.browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_admin_works_under_the_content_security_policy(phone, browser_rubber):
    get_user_model().objects.create_superuser("secretary", password="pw")
    page = phone()
    sign_in(page, "secretary")
    for path in (
        "/admin/",
        "/admin/scorer/rubber/",
        f"/admin/scorer/rubber/{browser_rubber.pk}/change/",
        "/admin/scorer/member/add/",
        "/admin/auth/user/",
    ):
        page.goto(path)
        expect(page.locator("#content")).to_be_visible()
