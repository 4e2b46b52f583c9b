"""Starting and scoring a Three-handed Bridge rubber and a Short Whist rubber on a phone, in a
real Chromium at 360 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorer.models import Rubber
from tests.support.browser import (
    TRUMP_CHIPS,
    name_the_table_and_seat,
    screenshot,
    sign_in,
    tap,
    tap_honours,
)
from tests.support.club import make_member

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = [("Mrs. Carr", "Carr"), ("Miss Fenwick", "Fenwick"), ("Mr. Dane", "Dane")]


def start(page, game: str, seats: dict[int, str]) -> None:
    page.get_by_role("link", name="Start a rubber").click()
    tap(page, "The game", game)
    name_the_table_and_seat(page, "Table 3", seats)
    tap(page, "Who deals first", "Seat 1")
    page.get_by_role("button", name="Start the rubber").click()


def test_a_three_handed_rubber_started_and_scored_on_a_phone(phone):
    for name, short in NAMES:
        make_member(name, short)
    page = phone()
    sign_in(page, "carr")
    start(page, "Three-handed Bridge", {0: "Mrs. Carr", 1: "Miss Fenwick", 3: "Mr. Dane"})
    expect(
        page.get_by_role("heading", name="Deal 1: the declaration and the result")
    ).to_be_visible()
    expect(page.locator(".players")).to_contain_text("We: Mrs. Carr with the dummy")

    # The holder passes the make: the dummy's compulsory declaration is recalled.
    reminder = page.locator(".whole-deal .reminder")
    expect(reminder).to_be_hidden()
    tap(page, "Made by", "Passed to partner")
    expect(reminder).to_be_visible()
    expect(reminder).to_contain_text("four aces or three aces make it no-trump")
    tap(page, "The make", TRUMP_CHIPS["NT"])
    tap(page, "Doubles", "Redoubled")
    tap(page, "Tricks won by", "7")
    tap_honours(page, None, "Aces easy")
    screenshot(page, "three-handed-deal")
    page.get_by_role("button", name="Record the deal").click()
    # The refusal itself, not the form's standing hint, which says the same words: in one
    # save, as the declaration on its own is refused.
    expect(page.locator("#panel .errorlist")).to_contain_text("may not redouble")
    expect(page.get_by_role("radio", name="Aces easy")).to_be_checked()  # nothing lost

    tap(page, "Doubles", "Doubled")
    page.get_by_role("button", name="Record the deal").click()
    expect(
        page.get_by_role("heading", name="Deal 2: the declaration and the result")
    ).to_be_visible()
    expect(page.locator("#live")).to_contain_text("First game: We 24, They 0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "three-handed-sheet")
    assert Rubber.objects.get().game == "three-handed"


def test_a_whist_rubber_started_and_scored_on_a_phone(phone):
    for name, short in [*NAMES, ("Col. Hartley", "Hartley")]:
        make_member(name, short)
    page = phone()
    sign_in(page, "carr")
    start(
        page,
        "Short Whist",
        {0: "Mrs. Carr", 1: "Miss Fenwick", 2: "Mr. Dane", 3: "Col. Hartley"},
    )
    for number, tricks in ((1, "10"), (2, "4")):
        heading = page.get_by_role("heading", name=f"Deal {number}: the trump turned up")
        expect(heading).to_be_visible()
        tap(page, "The trump turned up", TRUMP_CHIPS["H"])
        page.get_by_role("button", name="Save the trump turned up").click()
        expect(page.get_by_role("heading", name=f"Deal {number}: the result")).to_be_visible()
        tap(page, "Tricks won by", tricks)
        tap_honours(page, None, "Two each")
        if number == 2:
            page.get_by_text("Revokes", exact=True).click()
            tap(page, "First revoke, by", "They")
            tap(page, "First revoke: the adversaries' penalty", "Add three to ours")
            screenshot(page, "whist-result")
        page.get_by_role("button", name="Save the result").click()
    # Deal 1: We 4 by cards. Deal 2 (They dealt, won 4): We 3 by cards and They's revoke
    # adds 3 first: We reach five on the penalty, the game a treble (Laws 2, 5, 8).
    expect(page.locator("#live")).to_contain_text("1st game 5–0, a treble")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "whist-sheet")
    page.get_by_role("button", name="3: Deal 2, We, explain").click()
    expect(page.locator("#honours-2-we")).to_contain_text("First game won 5 to 0: a treble")
