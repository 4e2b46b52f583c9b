"""The hands of a deal entered on a phone at 360 px, in a real Chromium (§9): from the
result, "Enter the hands"; thirteen taps a hand, the count shown as the player goes, the
fourth hand found by itself; sent, the result's honours come filled in from the hands;
then the deal's page from the sheet, its hands in Elwell's diagram."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorer import engine
from scorer.engine.cards import Hands, dealt
from scorer.models import Deal
from scorer.rubbers import writes
from tests.support.browser import (
    declare,
    in_two_steps,
    screenshot,
    serious_violations,
    sign_in,
    tap,
)

pytestmark = pytest.mark.django_db(transaction=True)
ELWELL = json.loads(
    (Path(__file__).parents[1] / "data" / "elwell-illustrative-hands.json").read_text()
)
# Illustrative Hand No. 6: the dealer makes it hearts with four honours in one hand.
NO_6 = Hands.read(ELWELL["deals"][0]["hands"])


def card(page, card):
    return page.get_by_role("checkbox", name=dealt.card_words(card.suit, card.rank), exact=True)


def test_the_hands_are_tapped_in_and_fill_in_the_honours(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    declare(page, 1, "H")
    page.get_by_role("link", name="Enter the hands").click()
    expect(page.get_by_role("heading", name="Deal 1: the hands")).to_be_visible()
    count = page.locator("output.count")
    for number, (hand, heading, button) in enumerate(
        zip(
            list(NO_6)[:3],
            [
                "Z: Mrs. Carr, the dealer",
                "A: Miss Fenwick, the leader",
                "Y: Mr. Dane, the dealer's partner",
            ],
            ["Next: A's hand", "Next: Y's hand", "Done: B's hand is the rest"],
            strict=True,
        )
    ):
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        expect(count).to_have_text("0 of 13 chosen")
        expect(page.get_by_role("button", name=button)).to_be_disabled()
        cards = list(hand)
        for tapped, each in enumerate(cards, 1):
            card(page, each).check()
            expect(count).to_have_text(f"{tapped} of 13 chosen")
        if number == 0:
            # The thirteenth tapped, no other card can be: the hand is whole.
            other = next(c for c in NO_6.left)
            expect(card(page, other)).to_be_disabled()
            card(page, cards[-1]).uncheck()  # a card taken back frees the others
            expect(count).to_have_text("12 of 13 chosen")
            expect(card(page, other)).to_be_enabled()
            card(page, cards[-1]).check()
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            assert serious_violations(page) == []
            screenshot(page, "hands-picker")
        page.get_by_role("button", name=button).click()

    expect(page.get_by_role("button", name="Send the hands")).to_be_visible()
    right = page.locator(".diagram .hand.right")
    expect(right).to_contain_text("B Col. Hartley")  # the fourth hand, what was left
    assert serious_violations(page) == []
    screenshot(page, "hands-to-send")
    page.get_by_role("button", name="Send the hands").click()

    expect(page.get_by_role("heading", name="Deal 1: the result")).to_be_visible()
    expect(page.get_by_text("the hands are kept")).to_be_visible()
    honours = page.locator("fieldset.honours input:checked")
    expect(honours).to_have_value("we:FOUR_IN_ONE_HAND")  # filled in from the hands
    screenshot(page, "hands-result")
    assert Deal.objects.get().known_hands() == NO_6
    tap(page, "Tricks won by", "13")
    page.get_by_role("button", name="Save the result").click()
    expect(page.get_by_role("heading", name="Deal 2: the declaration")).to_be_visible()

    page.get_by_text("The hands of deal 1").click()
    expect(page.locator("figure.diagram")).to_contain_text("Z & Y: 4 honours in one hand 64")
    screenshot(page, "hands-on-the-sheet")
    page.get_by_text("The deals, one by one").click()
    page.get_by_role("link", name="Deal 1: the cards").click()
    expect(page.get_by_role("heading", name="Deal 1", exact=True)).to_be_visible()
    expect(page.get_by_role("figure", name="Deal 1: the hands")).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Honours: We 4 \(the dealer 4"))).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(page) == []
    screenshot(page, "deal-page")


def test_a_hand_short_of_thirteen_is_refused_without_javascript(phone, browser_rubber):
    page = phone(javascript=False)
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    in_two_steps(page)  # the hands are entered between the declaration and the result
    tap(page, "The make", "No-trump")
    page.get_by_role("button", name="Save the declaration").click()
    page.get_by_role("link", name="Enter the hands").click()
    for each in list(NO_6.dealer)[:12]:
        card(page, each).check()
    page.get_by_role("button", name="Next: A's hand").click()
    expect(
        page.get_by_text("Z's hand (the dealer's): 12 cards chosen; a hand is 13 cards.")
    ).to_be_visible()
    expect(page.locator("output.count")).to_have_text("12 of 13 chosen")  # counted by the server
    card(page, list(NO_6.dealer)[12]).check()
    page.get_by_role("button", name="Next: A's hand").click()
    expect(page.get_by_role("heading", name="A: Miss Fenwick, the leader")).to_be_visible()


def test_the_hands_to_send_read_in_the_dark(phone, browser_rubber):
    """The four hands on a phone set dark: red suits still read on the dark paper."""
    page = phone(scheme="dark")
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    declare(page, 1, "D")
    page.get_by_role("link", name="Enter the hands").click()
    for hand, button in zip(
        list(NO_6)[:3],
        ["Next: A's hand", "Next: Y's hand", "Done: B's hand is the rest"],
        strict=True,
    ):
        for each in hand:
            card(page, each).check()
        page.get_by_role("button", name=button).click()
    expect(page.get_by_role("button", name="Send the hands")).to_be_visible()
    assert serious_violations(page) == []
    screenshot(page, "hands-to-send-dark")


def test_a_deals_play_is_shown_as_elwells_table(phone, browser_rubber):
    """A deal the club's file brought with its play: from the sheet to its page, the
    tricks in rows under A, Y, B and Z, each winner marked."""
    _, record = engine.read_any(ELWELL)
    writes.replay(rubber=browser_rubber, deals=record.deals[:1], user=browser_rubber.started_by)
    row = Deal.objects.get()
    row.keep_cards(record.deals[0].cards)
    row.save(update_fields=["hands", "play"])
    page = phone()
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    page.get_by_text("The deals, one by one").click()
    page.get_by_role("link", name="Deal 1: the cards").click()
    table = page.get_by_role("table")
    expect(table.get_by_role("row")).to_have_count(14)
    expect(table.locator("td.won")).to_have_count(13)
    first = table.get_by_role("row").nth(1)  # A led the two of diamonds, Y's ace won it
    expect(first.get_by_role("cell").nth(1)).to_have_class("won")
    expect(first).to_contain_text("2 of diamonds")
    expect(page.get_by_text("The dealer wins thirteen tricks.")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(page) == []
    screenshot(page, "deal-page-play")
