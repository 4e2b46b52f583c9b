"""Starting a rubber on a phone at 360 px, by what a player taps: each seat a list of
members, tonight's players first, then those he played with lately, then everyone else;
a search that narrows the list; a member chosen once not offered again; and only the
chosen game's fields. Without JavaScript, every list and every game's fields show, each
headed by its games, and the form starts the rubber as it is."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from scorer.models import Rubber
from scorer.rubbers import writes
from scorer.tables import writes as table_writes
from tests.support.browser import (
    choose,
    screenshot,
    serious_violations,
    sign_in,
    small_targets_and_text,
    tap,
)
from tests.support.club import make_member
from tests.support.tables import finish, won_and_agreed

pytestmark = pytest.mark.django_db(transaction=True)

MEMBERS = [
    ("Mrs. Carr", "Carr"),
    ("Miss Fenwick", "Fenwick"),
    ("Mr. Dane", "Dane"),
    ("Col. Hartley", "Hartley"),
    ("Mrs. Ingram", "Ingram"),
    ("Mr. Lacey", "Lacey"),
    ("Mr. Napier", "Napier"),
    ("Dr. Pryce", "Pryce"),
    ("Mr. Abbot", "Abbot"),
    ("Mrs. Young", "Young"),
]


@pytest.fixture
def evening(db):
    """Tonight, Table 1 (Mrs. Ingram, Mr. Lacey, Mr. Napier, Dr. Pryce) is playing; a week
    ago Mrs. Carr played a rubber with Miss Fenwick, Mr. Dane and Col. Hartley, and the
    week before with Mr. Abbot, Mrs. Young and Mr. Dane: both won by We."""
    members = {short: make_member(name, short) for name, short in MEMBERS}
    staff = get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    table = table_writes.form_table(
        name="Table 1",
        day=timezone.localdate(),
        candidates=[members[m] for m in ("Ingram", "Lacey", "Napier", "Pryce")],
        user=staff,
        rng=random.Random(1),
    )
    finish(table, staff)  # its first rubber agreed: the four are free to play the next
    for days, others in ((14, ("Abbot", "Young", "Dane")), (7, ("Fenwick", "Dane", "Hartley"))):
        rubber = writes.start_rubber(
            table="Table 9",
            members=[members["Carr"], *(members[m] for m in others)],
            first_dealer=0,
            user=staff,
        )
        won_and_agreed(rubber, staff, days_ago=days)
    return members


def rows(page, place: str):
    """The members a place's list shows now, in order, by name."""
    group = page.get_by_role("group", name=place, exact=True)
    # evaluate_all does not wait: the page may still be on its way.
    expect(group).to_be_visible()
    return group.get_by_role("radio").evaluate_all(
        "(radios) => radios.filter((r) => r.checkVisibility()).map((r) => r.labels[0].innerText)"
    )


def headings(page, place: str) -> list[str]:
    group = page.get_by_role("group", name=place, exact=True)
    expect(group).to_be_visible()
    return group.locator(".group-label:visible").all_inner_texts()


def test_a_player_taps_the_four_tonights_players_first_and_starts_the_rubber(phone, evening):
    page = phone()
    sign_in(page, "carr")
    page.get_by_role("link", name="Start a rubber").click()
    expect(page.get_by_role("textbox", name="Table", exact=True)).to_have_value("")

    # Seat 1's list is open; the others wait their turn.
    expect(page.get_by_role("group", name="2. They", exact=True)).to_be_hidden()
    assert headings(page, "1. We") == ["Tonight", "You played with lately", "Everyone else"]
    assert rows(page, "1. We") == [
        "Mrs. Carr",  # herself: she is choosing whom to play with tonight
        "Mrs. Ingram",
        "Mr. Lacey",
        "Mr. Napier",
        "Dr. Pryce",
        "Mr. Dane",  # the last four she played with, the latest first, each rubber's
        "Miss Fenwick",  # by surname
        "Col. Hartley",
        "Mr. Abbot",
        "Mrs. Young",  # and everyone else by surname
    ]
    screenshot(page, "start-choosing")
    choose(page, "1. We", "Mrs. Carr")

    # Seat 1 shows her alone, with "Change"; seat 2 opens, without her.
    expect(page.get_by_role("button", name="Change 1. We")).to_be_visible()
    assert rows(page, "1. We") == ["Mrs. Carr"]
    second = rows(page, "2. They")
    assert "Miss Fenwick" in second
    assert "Mrs. Carr" not in second
    search = page.get_by_role("searchbox", name="Find a member")
    search.fill("fen")
    assert rows(page, "2. They") == ["Miss Fenwick"]
    search.press("Enter")  # the one member left is taken
    expect(page.get_by_role("button", name="Change 2. They")).to_be_visible()
    expect(search).to_have_value("")

    search.fill("zz")
    expect(page.get_by_text("No member's name has those letters.")).to_be_visible()
    search.fill("")
    choose(page, "3. We", "Mr. Dane")
    choose(page, "4. They", "Col. Hartley")
    expect(search).to_be_hidden()  # every seat chosen: no list open

    # Seat 2 again: Mr. Abbot instead of Miss Fenwick.
    page.get_by_role("button", name="Change 2. They").click()
    assert rows(page, "2. They") == [
        "Mrs. Ingram",
        "Mr. Lacey",
        "Mr. Napier",
        "Dr. Pryce",
        "Miss Fenwick",
        "Mr. Abbot",
        "Mrs. Young",
    ]
    choose(page, "2. They", "Mr. Abbot")
    screenshot(page, "start-chosen")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "start-chosen-dark")
    assert serious_violations(page) == []
    assert small_targets_and_text(page) == ([], [])

    page.get_by_role("textbox", name="Table", exact=True).fill("Table 3")
    tap(page, "Who deals first", "Seat 1")
    page.get_by_role("button", name="Start the rubber").click()
    expect(page.get_by_role("heading", name="Deal 1: the declaration")).to_be_visible()
    expect(page.locator(".players")).to_contain_text("We: Mrs. Carr & Mr. Dane")
    expect(page.locator(".players")).to_contain_text("They: Mr. Abbot & Col. Hartley")


def test_the_start_form_shows_only_the_chosen_games_fields(phone, evening):
    page = phone()
    sign_in(page, "carr")
    page.get_by_role("link", name="Start a rubber").click()
    scored = page.get_by_role("group", name="Scored")
    dealer = page.get_by_role("group", name="Who deals first")
    expect(scored).to_be_hidden()
    expect(page.get_by_text("Three-handed Bridge: the holder of the dummy")).to_be_hidden()
    expect(dealer.get_by_role("radio", name="Cut for deal")).to_be_checked()
    expect(dealer.get_by_text("Cut for the dummy (three playing)")).to_be_hidden()
    choose(page, "1. We", "Mrs. Carr")
    choose(page, "2. They", "Mr. Dane")

    tap(page, "The game", "Three-handed Bridge")
    expect(scored).to_be_visible()
    expect(page.get_by_text("Three-handed Bridge: the holder of the dummy")).to_be_visible()
    # Seat 3 is the dummy's, left empty, and says so; seat 4 is the next to choose.
    seat_3 = page.get_by_role("group", name="3. We", exact=True)
    dummys_place = seat_3.get_by_text(
        "Three-handed Bridge: seat 3 is the dummy's place, left empty; the holder of the "
        "dummy, in seat 1, plays its cards."
    )
    expect(dummys_place).to_be_visible()
    assert rows(page, "3. We") == []
    expect(page.get_by_role("group", name="4. They", exact=True)).to_be_visible()
    # Who deals first: the cut for the dummy, not for deal or partners.
    expect(dealer.get_by_role("radio", name="Cut for the dummy (three playing)")).to_be_checked()
    expect(dealer.get_by_text("Cut for deal", exact=True)).to_be_hidden()
    expect(dealer.get_by_text("Cut for partners and deal")).to_be_hidden()
    tap(page, "Scored", "Each game on its own (three playing)")
    screenshot(page, "start-three-handed")

    # Bridge again: its fields alone, seat 3 to choose, scored by the rubber.
    tap(page, "The game", "Bridge")
    expect(scored).to_be_hidden()
    expect(dummys_place).to_be_hidden()
    assert "Mr. Napier" in rows(page, "3. We")
    expect(dealer.get_by_role("radio", name="Cut for deal")).to_be_checked()
    expect(page.get_by_role("radio", name="By the rubber", include_hidden=True)).to_be_checked()

    tap(page, "The game", "Three-handed Bridge")
    tap(page, "Scored", "Each game on its own (three playing)")
    choose(page, "4. They", "Col. Hartley")
    page.get_by_role("textbox", name="Table", exact=True).fill("Table 3")
    page.get_by_role("button", name="Start the rubber").click()
    expect(page.locator(".players")).to_contain_text("with the dummy")
    rubber = Rubber.objects.get(table="Table 3")
    assert (rubber.game, rubber.unit) == ("three-handed", "game")
    assert rubber.cut["for"] == "dummy"
    assert rubber.seats.count() == 3


def test_without_javascript_every_list_and_every_games_fields_show(phone, evening):
    page = phone(javascript=False)
    sign_in(page, "carr")
    page.get_by_role("link", name="Start a rubber").click()
    for place in ("1. We", "2. They", "3. We", "4. They"):
        assert len(rows(page, place)) == len(MEMBERS) + (place == "3. We")
    expect(page.get_by_text("Three-handed Bridge only")).to_be_visible()
    expect(page.get_by_text("At Three-handed Bridge", exact=True)).to_be_visible()
    expect(page.get_by_text("At Bridge and Short Whist", exact=True)).to_be_visible()
    expect(page.get_by_role("searchbox", name="Find a member")).to_be_hidden()
    screenshot(page, "start-without-javascript")

    tap(page, "The game", "Three-handed Bridge")
    page.get_by_role("textbox", name="Table", exact=True).fill("Table 3")
    choose(page, "1. We", "Mrs. Carr")
    choose(page, "2. They", "Mr. Dane")
    choose(page, "3. We", "Left empty: the dummy's place")
    choose(page, "4. They", "Col. Hartley")
    tap(page, "Who deals first", "Cut for the dummy (three playing)")
    page.get_by_role("button", name="Start the rubber").click()
    expect(page.locator(".players")).to_contain_text("with the dummy")
    assert Rubber.objects.get(table="Table 3").game == "three-handed"
