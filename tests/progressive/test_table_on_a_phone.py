"""A Progressive table on a phone at 360 × 780, reached by what a player taps: a plain deal
in four taps and one save, as at a rubber (scorer/recording/); after the save the sentence
saying what it did and the deal's figures on the screen, not scrolled past to the next
form; and the last deal's result undone in one tap and a confirmation."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorer.engine import Side
from scorer.progressive.models import ProgressiveDeal
from tests.support.browser import screenshot, serious_violations, sign_in, tap, tap_honours
from tests.support.evenings import drawn, members, tables_of

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN = {"width": 360, "height": 780}
COUNT_TAPS = """() => {
  window.taps = 0;
  document.addEventListener("pointerdown", () => { window.taps += 1; }, true);
}"""


def on_screen(page, locator) -> bool:
    """Whether every element the locator finds is wholly on the phone's screen."""
    boxes = [locator.nth(n).bounding_box() for n in range(locator.count())]
    return bool(boxes) and all(
        box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"]
        for box in boxes
    )


@pytest.fixture
def dealer(phone, staff):
    """The phone of the player who deals first at table 1 of round 1, at his table."""
    evening = drawn(staff, members(8), deals_a_round=4)
    table = tables_of(evening, 1)[0]
    member = table.seats.get(position=0).player.member
    page = phone(viewport=SCREEN)
    sign_in(page, member.user.username)
    page.get_by_role("link", name="Progressive evenings").click()
    page.get_by_role("link", name=re.compile(f"^{evening.name}")).click()
    page.get_by_role("link", name=re.compile(r"^Your table: Round 1, ")).click()
    expect(
        page.get_by_role("heading", name="Deal 1: the declaration and the result")
    ).to_be_visible()
    return page


def test_a_plain_deal_in_four_taps_and_one_save_said_in_view_and_undone(dealer):
    page = dealer
    page.evaluate(COUNT_TAPS)
    tap(page, "The make", "♥ Hearts")
    tap(page, "Tricks won by", "9")
    tap_honours(page, Side.WE, "Simple honours")
    page.get_by_role("button", name="Record the deal").click()

    notice = page.locator("#notice")
    expect(notice).to_contain_text("Deal 1 recorded:")
    assert page.evaluate("window.taps") == 4
    expect(notice).to_be_focused()  # a screen reader says it
    new = page.locator("table.sheet td.new")
    expect(new).to_have_count(2)
    assert on_screen(page, notice.locator("p"))
    assert on_screen(page, new)
    expect(
        page.get_by_role("heading", name="Deal 2: the declaration and the result")
    ).to_be_attached()
    assert ProgressiveDeal.objects.filter(recorded_at__isnull=False).count() == 1
    screenshot(page, "progressive-table-saved", screen=True)
    assert serious_violations(page) == []

    asked: list[str] = []
    page.once("dialog", lambda dialog: asked.append(dialog.message) or dialog.accept())
    notice.get_by_role("button", name="Undo deal 1").click()
    expect(notice.locator("p")).to_contain_text("Deal 1's result undone (entered in error)")
    assert asked == ["Undo deal 1? Its declaration stands, for its result to be recorded again."]
    expect(page.get_by_role("heading", name="Deal 1: the result")).to_be_visible()
    assert not ProgressiveDeal.objects.filter(recorded_at__isnull=False).exists()
    screenshot(page, "progressive-table-undone", screen=True)
    page.emulate_media(color_scheme="dark")
    screenshot(page, "progressive-table-undone-dark", screen=True)
