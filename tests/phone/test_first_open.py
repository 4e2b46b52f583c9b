"""Offline from the first open, in Chromium from a cold profile (a new browser context,
which has never run the site's worker): the rubber's page opened before the worker took
control is kept at once; reloaded without the network it is served from what the phone
kept; a deal recorded offline is queued, and sent by itself once the signal returns,
recorded once, the sheet the same as the server's. A page the phone has not kept goes
back to itself when the signal returns."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorer.engine import Side, Trump
from scorer.models import Deal
from scorer.plumbing.keys import Submission
from tests.support.browser import declare, screenshot, sign_in, tap, tap_honours

pytestmark = pytest.mark.django_db(transaction=True)

# The site's worker registered first by the rubber's page itself, as when the player taps
# the rubber before the worker registered on signing in has installed: every other page's
# registration is put off. And whether a worker controlled the page as it began to load.
FIRST_BY_THE_RUBBER = """
if (navigator.serviceWorker && !/^\\/rubbers\\/\\d+\\/$/.test(location.pathname)) {
  navigator.serviceWorker.register = () => Promise.reject(new Error("not yet"));
}
window.controlledAtLoad = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
"""

# Whether the phone keeps an address, in any cache: each poll asks again, and reads the
# answer the poll before it had.
KEPT = """(path) => {
  caches.keys()
    .then((names) => Promise.all(names.map((name) => caches.open(name).then((c) => c.keys()))))
    .then((kept) => { window.kept = kept.flat().map((r) => new URL(r.url).pathname); });
  return (window.kept || []).includes(path);
}"""


def kept(page, path: str) -> None:
    page.wait_for_function(KEPT, arg=path, polling=100)


def status(page):
    return page.locator("#offline .offline-status")


def pending(page):
    return page.locator("#offline ol.pending li")


def sheet_of(page) -> tuple[str, str]:
    return page.locator("table.sheet").inner_text(), page.locator(".standing").inner_text()


def open_first(page, rubber) -> None:
    """Sign in and open the rubber from the list, the site's worker first registered by
    the rubber's page itself."""
    page.context.add_init_script(FIRST_BY_THE_RUBBER)
    sign_in(page, "carr")
    page.get_by_role("link", name=rubber.table).first.click()
    expect(page.get_by_role("heading", name=rubber.table)).to_be_visible()
    assert page.evaluate("window.controlledAtLoad") is False


def test_the_page_opened_before_the_worker_took_control_is_kept(phone, browser_rubber):
    page = phone()
    open_first(page, browser_rubber)
    here = f"/rubbers/{browser_rubber.pk}/"
    # The worker takes control of the page it was registered from, and keeps it at once,
    # with its offline forms.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", polling=100)
    kept(page, here)
    kept(page, f"{here}offline/")

    page.context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name=browser_rubber.table)).to_be_visible()
    expect(status(page)).to_contain_text("Offline: the sheet as it was last brought up to date")
    declare(page, 1, "H")
    tap(page, "Tricks won by", "9")
    tap_honours(page, Side.WE, "Four")
    page.get_by_role("button", name="Save the result").click()
    expect(pending(page)).to_have_count(2)
    expect(page.get_by_role("heading", name="Deal 2: the declaration")).to_be_visible()
    screenshot(page, "first-open-offline")
    assert not Deal.objects.exists()

    # The signal returns: sent by itself, no tap, in order, once.
    page.context.set_offline(False)
    expect(status(page)).to_have_text("Sent: the table's record includes this phone's entries.")
    expect(pending(page)).to_have_count(0)
    recorded = Deal.objects.get()
    assert (recorded.number, recorded.trump, recorded.tricks) == (1, Trump.HEARTS, 9)
    assert Submission.objects.filter(rubber=browser_rubber).count() == 2
    other = phone()
    sign_in(other, "dane")
    other.goto(here)
    expect(other.locator(".standing")).to_have_text("First game: We 24, They 0")
    assert sheet_of(page) == sheet_of(other)
    page.emulate_media(color_scheme="dark")
    screenshot(page, "first-open-sent-dark")


def test_a_page_not_kept_goes_back_to_itself_when_the_signal_returns(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    page.evaluate("navigator.serviceWorker.ready")
    page.context.set_offline(True)
    page.get_by_role("link", name="Tonight's tables").click()
    expect(page.get_by_role("heading", name="Offline")).to_be_visible()
    screenshot(page, "first-open-not-kept")
    page.context.set_offline(False)
    expect(page.get_by_role("heading", name="Tonight's tables")).to_be_visible()
