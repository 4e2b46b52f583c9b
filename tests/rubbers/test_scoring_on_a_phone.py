"""Scoring at the table in a real Chromium at a phone's width."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorer.engine import Maker, Side, read_rubber
from scorer.engine.calls import ACES_EASY, CALLED, call_of
from scorer.models import Deal, Member
from tests.support.browser import (
    TRUMP_CHIPS,
    declare,
    name_the_table_and_seat,
    screenshot,
    serious_violations,
    sign_in,
    tap,
    tap_honours,
)
from tests.support.club import make_member

SPECIMEN = Path(__file__).resolve().parents[2] / "scorer" / "data" / "elwell-specimen.json"
pytestmark = pytest.mark.django_db(transaction=True)


def test_elwells_specimen_scored_on_a_phone(phone):
    """Each deal in one save once it is over: the declaration and the result together."""
    names = {"Z": "Mr. Z", "Y": "Mr. Y", "A": "Mr. A", "B": "Mr. B"}
    for short, name in names.items():
        make_member(name, short)
    specimen = read_rubber(json.loads(SPECIMEN.read_text()))
    page = phone()
    sign_in(page, "z")

    page.get_by_role("link", name="Start a rubber").click()
    # We, They, We, They
    name_the_table_and_seat(page, "Table 1", dict(enumerate(["Mr. Z", "Mr. A", "Mr. Y", "Mr. B"])))
    tap(page, "Who deals first", "Seat 1")
    page.get_by_role("button", name="Start the rubber").click()
    expect(
        page.get_by_role("heading", name="Deal 1: the declaration and the result")
    ).to_be_visible()

    for number, deal in enumerate(specimen.deals, 1):
        dealer = page.locator("fieldset", has=page.locator("legend", has_text="Dealer"))
        checked = dealer.filter(visible=True).locator("input:checked + span").inner_text()
        assert Member.objects.get(short_name=checked).seats.get().side is deal.dealer
        if deal.maker is Maker.PARTNER:
            tap(page, "Made by", "Passed to partner")
        tap(page, "The make", TRUMP_CHIPS[deal.trump.value])
        play = deal.play
        tap(page, "Tricks won by", str(play.tricks[deal.dealer]))
        side, honours = call_of(deal.trump, play.honours)
        tap_honours(page, side, CALLED[honours].capitalize() if honours else ACES_EASY.capitalize())
        if number == 7:
            screenshot(page, "whole-deal")
        page.get_by_role("button", name="Record the deal").click()
        expect(page.locator("#notice")).to_contain_text(f"Deal {number} recorded:")
        if number < 7:
            expect(
                page.get_by_role(
                    "heading", name=f"Deal {number + 1}: the declaration and the result"
                )
            ).to_be_visible()

    outcome = page.locator(".outcome")
    expect(outcome).to_have_text("300 − 148 = 152 points won by We, winners of the rubber.")
    expect(page.locator("tfoot .total")).to_have_text(["300", "148"])
    expect(page.get_by_role("link", name="New rubber, same table")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scroll
    screenshot(page, "sheet")

    page.get_by_role("button", name="64: Deal 7, We, explain").click()
    expect(page.locator("#honours-7-we")).to_contain_text("4 honours in one hand (hearts): 64")


def test_a_deal_is_recorded_in_two_steps_when_the_phone_chooses(phone, browser_rubber):
    """The declaration when the trump is made, the result after the play."""
    page = phone()
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    page.get_by_role("button", name="Declare first, the result after the play").click()
    tap(page, "The make", "♦ Diamonds")
    screenshot(page, "declaration")
    page.get_by_role("button", name="Save the declaration").click()
    expect(page.get_by_role("heading", name="Deal 1: the result")).to_be_visible()
    expect(
        page.get_by_text("Declared from your phone: Mrs. Carr dealt and made diamonds.")
    ).to_be_visible()
    tap(page, "Tricks won by", "9")
    tap_honours(page, Side.WE, "Four")
    screenshot(page, "result")
    page.get_by_role("button", name="Save the result").click()
    expect(page.locator("#notice p")).to_have_text(
        "Deal 1 recorded: We 9 tricks; honours We: four."
    )
    # The choice is this phone's: kept for the next deal, and after a reload.
    expect(page.get_by_role("heading", name="Deal 2: the declaration", exact=True)).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Deal 2: the declaration", exact=True)).to_be_visible()
    page.get_by_role("button", name="Record the whole deal at once, after the play").click()
    expect(
        page.get_by_role("heading", name="Deal 2: the declaration and the result")
    ).to_be_visible()
    page.reload()
    expect(
        page.get_by_role("heading", name="Deal 2: the declaration and the result")
    ).to_be_visible()


def test_a_deal_is_recorded_without_javascript(phone, browser_rubber):
    page = phone(javascript=False)
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    tap(page, "The make", "No-trump")
    tap(page, "Tricks won by", "9")
    tap_honours(page, None, "Aces easy")
    page.get_by_role("button", name="Record the deal").click()
    # 3 by-cards at no-trump: 36, and the first game; said at the top of the page.
    expect(page.locator(".standing")).to_have_text("Second game: We 0, They 0 — We have a game")
    expect(page.locator(".message.done")).to_have_text(
        "Deal 1 recorded: Mrs. Carr dealt and made no-trump — We 9 tricks; honours aces easy."
    )
    # Revokes are typed without JavaScript: no − and + to tap.
    expect(page.get_by_role("button", name="One more revoke by We")).to_be_hidden()
    expect(page.get_by_role("spinbutton", name="Revokes by We")).to_be_visible()

    page.get_by_role("button", name="Declare first, the result after the play").click()
    tap(page, "The make", "♥ Hearts")
    page.get_by_role("button", name="Save the declaration").click()
    expect(page.get_by_role("heading", name="Deal 2: the result")).to_be_visible()
    tap(page, "Tricks won by", "7")
    tap_honours(page, Side.THEY, "Simple honours")
    page.get_by_role("button", name="Save the result").click()
    expect(page.get_by_role("heading", name="Deal 3: the declaration", exact=True)).to_be_visible()
    assert Deal.objects.filter(recorded_at__isnull=False).count() == 2


def test_the_rubber_page_has_no_serious_accessibility_violations(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    assert serious_violations(page) == []  # the declaration step
    declare(page, 1, "D")
    assert serious_violations(page) == []  # the result step
    tap(page, "Tricks won by", "10")
    tap_honours(page, Side.WE, "Four")
    page.get_by_role("button", name="Save the result").click()
    expect(page.get_by_role("heading", name="Deal 2: the declaration")).to_be_visible()
    assert serious_violations(page) == []  # the sheet with figures on it


def test_a_save_whose_answer_is_lost_is_kept_and_sent_again_once(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    declare(page, 1, "H")
    tap(page, "Tricks won by", "9")
    tap_honours(page, Side.WE, "Four")

    def lose_the_answer(route):
        route.fetch()  # the server records the deal...
        route.abort("connectionreset")  # ...and the phone never hears back

    page.route("**/result/", lose_the_answer)
    page.get_by_role("button", name="Save the result").click()
    # Kept on the phone, and sent again by it with the same key until it is answered.
    expect(page.locator("#offline .pending li")).to_contain_text("— not yet sent")
    page.unroute_all(behavior="wait")  # a resend may be under way
    expect(page.get_by_role("heading", name="Deal 2: the declaration")).to_be_visible()
    expect(page.locator("#offline .pending li")).to_have_count(0)
    expect(page.locator("#network")).to_be_hidden()
    assert Deal.objects.filter(recorded_at__isnull=False).count() == 1
    expect(page.locator(".standing")).to_have_text("First game: We 24, They 0")


def test_a_deal_is_corrected_on_the_phone(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    declare(page, 1, "D")
    tap(page, "Tricks won by", "9")
    tap_honours(page, Side.WE, "Four")
    page.get_by_role("button", name="Save the result").click()
    expect(page.locator(".standing")).to_have_text("First game: We 18, They 0")

    page.get_by_text("The deals, one by one").click()
    page.get_by_role("link", name="Correct deal 1").click()
    expect(page.get_by_role("heading", name="Correct deal 1")).to_be_visible()
    assert serious_violations(page) == []
    tap(page, "Tricks won by the dealer", "10")
    page.get_by_label("Why it is corrected").fill("a trick was miscounted")
    screenshot(page, "correction")
    page.get_by_role("button", name="Correct deal 1").click()

    expect(page.locator(".message.done")).to_have_text(
        "Deal 1 corrected: We 18 → 24 below the line; totals: We 42 → 48."
    )
    expect(page.locator(".standing")).to_have_text("First game: We 24, They 0")
    expect(page.locator(".corrections")).to_contain_text("a trick was miscounted")
    expect(page.locator("button.figure.corrected").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
