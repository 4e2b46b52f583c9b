"""The screen kept on while the rubber is in play, in a real Chromium at a phone's width:
"Keep the screen on" ticked, the lock asked for and let go as the player ticks it; once the
rubber is won, unticked, set aside and the lock let go, and so after it is agreed."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from scorer.rubbers import writes
from tests.support.browser import declare, screenshot, sign_in
from tests.support.deal_forms import agree
from tests.support.rubbers import deal

pytestmark = pytest.mark.django_db(transaction=True)

# The Screen Wake Lock API, as the page asks it, noting each request and release.
WAKE_LOCK_STUB = """
(() => {
  window.wakeCalls = [];
  const lock = () => {
    const sentinel = new EventTarget();
    sentinel.release = async () => {
      window.wakeCalls.push("release");
      sentinel.dispatchEvent(new Event("release"));
    };
    return sentinel;
  };
  Object.defineProperty(Navigator.prototype, "wakeLock", {
    configurable: true,
    get: () => ({
      request: async (type) => { window.wakeCalls.push(`request ${type}`); return lock(); },
    }),
  });
})();
"""

TOGGLE = "Keep the screen on while the rubber is in play"


def calls(page, expected: list[str]) -> None:
    """Wait until the page has asked for and let go of the lock as expected."""
    page.wait_for_function(
        "(expected) => JSON.stringify(window.wakeCalls) === JSON.stringify(expected)",
        arg=expected,
        polling=100,
    )


def test_the_screen_is_kept_on_in_play_and_let_go_once_the_rubber_is_won(phone, browser_rubber):
    players = [seat.member for seat in browser_rubber.seats.order_by("position")]
    won_by_we = deal("NT", (13, 0), dealer="we")
    writes.replay(rubber=browser_rubber, deals=[won_by_we], user=players[0].user)  # a game up
    carr = phone()
    carr.context.add_init_script(WAKE_LOCK_STUB)
    sign_in(carr, "carr")
    carr.goto(f"/rubbers/{browser_rubber.pk}/")
    toggle = carr.get_by_label(TOGGLE)
    expect(toggle).to_be_checked()
    calls(carr, ["request screen"])
    toggle.uncheck()
    calls(carr, ["request screen", "release"])
    toggle.check()
    calls(carr, ["request screen", "release", "request screen"])

    # Another phone records the deal that wins the rubber: this one follows, and lets go.
    writes.replay(
        rubber=browser_rubber, deals=[deal("NT", (13, 0), dealer="they")], user=players[1].user
    )
    expect(carr.get_by_role("heading", name="Agree the rubber")).to_be_visible()
    expect(toggle).not_to_be_checked()
    expect(toggle).to_be_disabled()
    calls(carr, ["request screen", "release", "request screen", "release"])
    screenshot(carr, "screen-let-go-once-won")

    carr.get_by_role("button", name="We agree").click()
    fenwick = Client()  # her own phone
    fenwick.force_login(players[1].user)
    agree(fenwick, browser_rubber, "they")
    expect(carr.get_by_role("heading", name="Agreed")).to_be_visible()
    expect(toggle).not_to_be_checked()
    # The player's choice stands for the next rubber: a new page of one in play is ticked.
    assert carr.evaluate("localStorage.getItem('scorer:awake')") == "on"
    calls(carr, ["request screen", "release", "request screen", "release"])


def test_opened_once_won_the_screen_is_not_kept_on(phone, browser_rubber):
    user = browser_rubber.seats.get(position=0).member.user
    deals = [deal("NT", (13, 0), dealer=side) for side in ("we", "they")]
    writes.replay(rubber=browser_rubber, deals=deals, user=user)
    page = phone()
    page.context.add_init_script(WAKE_LOCK_STUB)
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    expect(page.get_by_role("heading", name="Agree the rubber")).to_be_visible()
    toggle = page.get_by_label(TOGGLE)
    expect(toggle).to_be_visible()  # shown by the script, which has run
    expect(toggle).not_to_be_checked()
    expect(toggle).to_be_disabled()
    assert page.evaluate("window.wakeCalls") == []


def test_without_the_wake_lock_api_nothing_breaks(phone, browser_rubber):
    page = phone()
    page.context.add_init_script("delete Navigator.prototype.wakeLock;")
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    declare(page, 1, "H")
    expect(page.get_by_label(TOGGLE)).to_be_hidden()
