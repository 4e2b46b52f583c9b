"""An evening at a table of five and six, from phones at 360 × 740."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from scorer.models import Rubber, Table
from tests.support.browser import screenshot, sign_in
from tests.support.club import make_member
from tests.support.table import agree, won

pytestmark = pytest.mark.django_db(transaction=True)

SIX = [
    ("Mrs. Carr", "Carr"),
    ("Miss Fenwick", "Fenwick"),
    ("Mr. Dane", "Dane"),
    ("Col. Hartley", "Hartley"),
    ("Mrs. Ingram", "Ingram"),
    ("Mr. Lacey", "Lacey"),
]


def agree_the_rubber_in_play():
    """Played out and agreed elsewhere in the tests (tests/browser/test_table.py scores a
    whole rubber on a phone); here the evening around it is what is tried."""
    staff = get_user_model().objects.get(username="secretary")
    client = Client()
    client.force_login(staff)
    rubber = Rubber.objects.get(agreed_at__isnull=True)
    won(client, rubber)
    agree(client, Rubber.objects.get(pk=rubber.pk), "both")


def test_a_table_of_five_cuts_out_and_takes_a_sixth(phone):
    members = [make_member(name, short) for name, short in SIX]
    get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    secretary = phone()
    sign_in(secretary, "secretary")
    secretary.get_by_role("link", name="Tonight's tables").click()
    for n, member in enumerate(members[:5]):
        secretary.select_option(f"select[name=candidate_{n}]", label=member.name)
    screenshot(secretary, "table-forming")
    secretary.get_by_role("button", name="Form the table and cut").click()

    expect(secretary.get_by_role("heading", name="How the table formed")).to_be_visible()
    expect(secretary.get_by_text("sits out the first rubber: cut higher (Law 17)")).to_be_visible()
    expect(secretary.get_by_role("link", name="The rubber in play")).to_be_visible()
    screenshot(secretary, "table-formed")

    # Mr. Lacey arrives during the rubber and claims the next vacancy from his own phone.
    lacey = phone()
    sign_in(lacey, "lacey")
    lacey.get_by_role("link", name="Tonight's tables").click()
    lacey.get_by_role("link", name="Table 1").click()
    lacey.get_by_role("button", name="Claim entry").click()
    expect(
        lacey.get_by_text(
            "the claim is made before the next cut, so entry comes at the end of this rubber "
            "(Law 24)"
        )
    ).to_be_visible()

    agree_the_rubber_in_play()
    secretary.reload()
    secretary.get_by_role("button", name="Cut for the next rubber").click()
    expect(secretary.get_by_role("heading", name="The cut for the last rubber")).to_be_visible()
    expect(
        secretary.get_by_text("Mr. Lacey enters: claimed before the cut (Law 24)")
    ).to_be_visible()
    expect(secretary.get_by_text("plays: sat out the last rubber (Law 23)")).to_be_visible()
    expect(secretary.locator(".cut li", has_text="sits out")).to_have_count(2)
    screenshot(secretary, "table-cut-out")

    table = Table.objects.get()
    assert table.memberships.filter(left_at__isnull=True).count() == 6
    latest = table.rubbers.order_by("-started_at").first()
    assert latest.seats.count() == 4
    assert latest.seats.filter(member__short_name="Lacey").exists()

    # The follow link opens the table's sheet for anyone, signed out, with no form.
    link = secretary.get_by_role("link", name="the follow link").get_attribute("href")
    kibitzer = phone()
    kibitzer.goto(link)
    expect(kibitzer.get_by_role("heading", name="Table 1")).to_be_visible()
    assert kibitzer.locator("main form").count() == 0
    screenshot(kibitzer, "table-followed")
