"""A whole deal recorded in one save while the phone has no signal: kept on the phone as a
declaration or a result is, the next deal's form shown, sent in order and once when the
signal returns; and left for the player to settle when another phone recorded meanwhile."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorer.engine import Side, Trump
from scorer.models import Deal
from tests.support.browser import screenshot, sign_in, tap, tap_honours

pytestmark = pytest.mark.django_db(transaction=True)


def kept_by_this_phone(page, rubber) -> None:
    """Open the rubber's page from the list, as a player does, and wait until the phone
    keeps it: its worker in charge and the forms for offline fetched."""
    page.goto("/")
    with page.expect_response("**/offline/"):
        page.get_by_role("link", name=rubber.table).first.click()
    page.evaluate("navigator.serviceWorker.ready")


def pending(page):
    return page.locator("#offline ol.pending li")


def record_hearts(page, number: int, tricks: str, side: Side, honours: str) -> None:
    heading = f"Deal {number}: the declaration and the result"
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    tap(page, "The make", "♥ Hearts")
    tap(page, "Tricks won by", tricks)
    tap_honours(page, side, honours)
    page.get_by_role("button", name="Record the deal").click()


def test_whole_deals_recorded_offline_are_kept_then_sent_once_in_order(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    kept_by_this_phone(page, browser_rubber)
    page.context.set_offline(True)

    record_hearts(page, 1, "9", Side.WE, "Four")
    expect(pending(page)).to_have_count(1)
    expect(pending(page).first).to_contain_text("Deal 1: Dealer: Carr; Made by: Dealer; The make")
    expect(pending(page).first).to_contain_text("Honours: We held four — not yet sent")
    # The next deal's form, its dealer to the left of the last.
    expect(
        page.get_by_role("heading", name="Deal 2: the declaration and the result")
    ).to_be_visible()
    dealer = page.locator("fieldset", has=page.locator("legend", has_text="Dealer"))
    expect(dealer.locator("input:checked + span")).to_have_text("Fenwick")
    record_hearts(page, 2, "6", Side.THEY, "Simple honours")
    expect(pending(page)).to_have_count(2)
    screenshot(page, "whole-deal-offline")
    assert not Deal.objects.exists()

    page.context.set_offline(False)
    expect(pending(page)).to_have_count(0)
    expect(page.locator("#offline .offline-status")).to_have_text(
        "Sent: the table's record includes this phone's entries."
    )
    recorded = list(Deal.objects.order_by("number").values_list("number", "dealer", "tricks"))
    assert recorded == [(1, 0, 9), (2, 1, 6)]
    expect(
        page.get_by_role("heading", name="Deal 3: the declaration and the result")
    ).to_be_visible()


def test_a_whole_deal_kept_while_another_phone_recorded_waits_for_the_players_choice(
    phone, browser_rubber
):
    carr, dane = phone(), phone()
    sign_in(carr, "carr")
    sign_in(dane, "dane")
    kept_by_this_phone(carr, browser_rubber)
    dane.goto(f"/rubbers/{browser_rubber.pk}/")

    carr.context.set_offline(True)
    record_hearts(carr, 1, "9", Side.WE, "Four")
    expect(pending(carr)).to_have_count(1)
    tap(dane, "The make", "♣ Clubs")  # the other phone, online, records deal 1 otherwise
    tap(dane, "Tricks won by", "8")
    tap_honours(dane, Side.THEY, "Simple honours")
    dane.get_by_role("button", name="Record the deal").click()
    expect(dane.locator("#notice")).to_contain_text("Deal 1 recorded:")

    carr.context.set_offline(False)
    expect(carr.locator("#offline .offline-status")).to_contain_text("Not sent: the table moved on")
    expect(pending(carr).first.locator(".why")).to_contain_text("was not saved")
    expect(carr.locator("#panel .message")).to_contain_text(
        "From Mr. Dane's phone: Deal 1 recorded"
    )
    carr.get_by_role("button", name="Drop it").click()
    expect(pending(carr)).to_have_count(0)
    assert Deal.objects.get().trump == Trump.CLUBS
