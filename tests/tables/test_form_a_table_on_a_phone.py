"""Forming a table on a phone at 360 px, by what a member taps: each candidate a list of
the members who may be chosen, tonight's players first, a search, a member chosen once not
offered again; without JavaScript, nine lists in full."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scorer.models import Table
from scorer.rubbers import writes
from scorer.tables import reads as table_reads
from scorer.tables import writes as table_writes
from tests.support.browser import (
    choose,
    choose_candidates,
    screenshot,
    serious_violations,
    sign_in,
    small_targets_and_text,
)
from tests.support.club import make_member
from tests.support.tables import form, six_members, won_and_agreed

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def evening(db):
    """Table 1 of five is playing, one of them sitting out, and Mr. Lacey waits to enter
    it; Dr. Pryce played a rubber with Mr. Quill, Miss Rook and Mr. Abbot last week,
    agreed."""
    six = six_members()
    staff = get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    table = form(six[:5], staff)
    table_writes.claim_entry(table=table, member=six[5], seen=str(table.revision), user=staff)
    others = [
        make_member(name, short)
        for name, short in [
            ("Dr. Pryce", "Pryce"),
            ("Mr. Quill", "Quill"),
            ("Miss Rook", "Rook"),
            ("Mr. Abbot", "Abbot"),
            ("Mrs. Young", "Young"),
        ]
    ]
    played = writes.start_rubber(table="Side", members=others[:4], first_dealer=0, user=staff)
    won_and_agreed(played, staff, days_ago=7)  # the four free to play tonight
    return table_reads.view(table).sitting_out[0].member


def shown(page, place: str) -> list[str]:
    group = page.get_by_role("group", name=place, exact=True)
    # evaluate_all does not wait: the page may still be on its way.
    expect(group).to_be_visible()
    return group.get_by_role("radio").evaluate_all(
        "(radios) => radios.filter((r) => r.checkVisibility()).map((r) => r.labels[0].innerText)"
    )


def test_a_member_forms_a_table_from_tonights_players_first(phone, evening):
    resting = evening
    page = phone()
    sign_in(page, "pryce")
    page.get_by_role("link", name="Tonight's tables").click()
    expect(page.get_by_text("Not offered, playing the rubber in play at Table 1")).to_be_visible()
    assert shown(page, "1.") == [
        f"{resting.name} (Table 1, sitting out)",  # tonight's, by surname
        "Mr. Lacey",
        "Dr. Pryce",
        "Mr. Abbot",  # whom he played with lately
        "Mr. Quill",
        "Miss Rook",
        "Mrs. Young",  # everyone else
    ]
    expect(page.get_by_role("group", name="2.", exact=True)).to_be_hidden()
    screenshot(page, "table-form-choosing")

    choose(page, "1.", "Dr. Pryce")
    search = page.get_by_role("searchbox", name="Find a member")
    search.fill("QUI")
    assert shown(page, "2.") == ["Mr. Quill"]
    search.press("Enter")
    choose(page, "3.", "Miss Rook")
    choose(page, "4.", "Mr. Abbot")
    fifth = shown(page, "5.")
    assert "Mr. Lacey" in fifth
    assert "Dr. Pryce" not in fifth
    choose(page, "5.", "Mr. Lacey")

    # A fifth taken back: "Nobody" is offered once he is chosen, to undo it.
    page.get_by_role("button", name="Change 5.").click()
    choose(page, "5.", "Nobody")
    expect(page.get_by_role("button", name="Change 5.")).to_be_visible()
    # The second changed: Mrs. Young instead of Mr. Quill.
    page.get_by_role("button", name="Change 2.").click()
    expect(page.get_by_role("group", name="2.", exact=True).get_by_text("Nobody")).to_be_hidden()
    choose(page, "2.", "Mrs. Young")
    screenshot(page, "table-form-chosen")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "table-form-chosen-dark")
    assert serious_violations(page) == []
    assert small_targets_and_text(page) == ([], [])

    page.get_by_role("button", name="Form the table and cut").click()
    expect(page.get_by_role("heading", name="How the table formed")).to_be_visible()
    formed = Table.objects.get(name="Table 2")
    members = [m.member.name for m in formed.memberships.order_by("joined_at", "pk")]
    assert sorted(members) == ["Dr. Pryce", "Miss Rook", "Mr. Abbot", "Mrs. Young"]


def test_without_javascript_each_candidate_is_a_full_list(phone, evening):
    page = phone(javascript=False)
    sign_in(page, "pryce")
    page.get_by_role("link", name="Tonight's tables").click()
    for n in range(1, 10):
        # Seven members may be chosen; from the fifth on, "Nobody" too.
        assert len(shown(page, f"{n}.")) == 7 + (n > 4)
    expect(page.get_by_role("searchbox", name="Find a member")).to_be_hidden()
    choose_candidates(page, ["Dr. Pryce", "Mr. Quill", "Miss Rook", "Mr. Abbot"])
    page.get_by_role("button", name="Form the table and cut").click()
    expect(page.get_by_role("heading", name="How the table formed")).to_be_visible()
    assert Table.objects.filter(name="Table 2").exists()
