"""The secretary adds two members on one page, in Chromium at 360 px, by what he sees:
from the ledger to the members, Mr. Vane with a first password and his national number,
Mrs. Hale with a link to set her own; Mr. Vane signs in with his password on his phone,
and Mrs. Hale opens her link on hers, sets her password, is signed in, and signs in with
it again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorer.models import Member
from tests.support.browser import looked_at, sign_in, tap, told

pytestmark = pytest.mark.django_db(transaction=True)


def signed_in_as(page: Page, name: str) -> None:
    expect(page.locator("a.who")).to_have_attribute("title", f"{name}: your password")


def add(page: Page, name: str, short: str, username: str, *, number: str = "", password=None):
    form = page.locator("form", has=page.get_by_role("button", name="Add the member"))
    form.get_by_label("Name", exact=True).fill(name)
    form.get_by_label("Short name").fill(short)
    form.get_by_label("Sign-in name").fill(username)
    form.get_by_label("National number").fill(number)
    if password is not None:
        tap(page, "The password", "A first password now")
        form.get_by_label("First password", exact=True).fill(password)
    else:
        tap(page, "The password", "A link to set it")
    page.get_by_role("button", name="Add the member").click()


def test_the_secretary_adds_members_and_each_signs_in(phone, staff):
    secretary = phone()
    sign_in(secretary, "secretary")
    secretary.get_by_role("link", name="Ledger").click()
    secretary.get_by_role("link", name="The members").click()
    expect(secretary.get_by_role("heading", name="Add a member")).to_be_visible()
    looked_at(secretary, "members-page")

    add(secretary, "Mr. Vane", "Vane", "vane", number="100231", password="a-long-one-1905")
    told(secretary, "Mr. Vane is a member, signing in as vane.")
    expect(secretary.get_by_text("100231")).to_be_visible()
    expect(secretary.get_by_role("heading", name="The first password")).to_have_count(0)
    assert Member.objects.get(name="Mr. Vane").national_number == "100231"

    vane = phone()
    sign_in(vane, "vane", "a-long-one-1905")
    signed_in_as(vane, "Mr. Vane")

    secretary.get_by_role("link", name="← The members").click()
    add(secretary, "Mr. Vane", "Vane", "vane2")
    expect(secretary.get_by_role("alert")).to_contain_text(
        "Mr. Vane is a member already: give the new one another name."
    )
    expect(secretary.get_by_label("Sign-in name")).to_have_value("vane2")
    looked_at(secretary, "members-refused")
    add(secretary, "Mrs. Hale", "Hale", "hale")
    told(secretary, "Mrs. Hale is a member, signing in as hale.")
    expect(secretary.get_by_role("heading", name="The first password")).to_be_visible()
    looked_at(secretary, "members-link")
    link = secretary.locator("p.link-to-pass a").inner_text()

    hale = phone()
    hale.goto(link)
    expect(hale.get_by_role("heading", name="Your first password")).to_be_visible()
    expect(hale.get_by_text("you sign in as hale")).to_be_visible()
    hale.get_by_label("New password", exact=True).fill("her-own-1905")
    hale.get_by_label("New password confirmation").fill("her-own-1905")
    looked_at(hale, "members-first-password")
    hale.get_by_role("button", name="Set my password and sign in").click()
    told(hale, "Your password is set, and you are signed in.")
    signed_in_as(hale, "Mrs. Hale")
    hale.get_by_role("button", name="Sign out").click()
    expect(hale.get_by_role("link", name="Sign in to score")).to_be_visible()
    sign_in(hale, "hale", "her-own-1905")
    signed_in_as(hale, "Mrs. Hale")
