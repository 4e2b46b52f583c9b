"""The table's page as an app that rides out a lost signal, in a real Chromium at a phone's
width: what it keeps, what it sends when the connection returns, and what it asks the
player when another phone recorded meanwhile."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from playwright.sync_api import expect

from scorer.engine import Side, Trump
from scorer.models import Deal
from scorer.plumbing.keys import Submission
from scorer.rubbers import writes
from tests.support.browser import (
    PHONE,
    declare,
    in_two_steps,
    screenshot,
    sign_in,
    tap,
    tap_honours,
)
from tests.support.rubbers import deal

pytestmark = pytest.mark.django_db(transaction=True)

# The keys of the entries the phone keeps, whoever made them.
QUEUED_KEYS = """new Promise((resolve, reject) => {
  const opened = indexedDB.open("scorer");
  opened.onerror = () => reject(opened.error);
  opened.onsuccess = () => {
    const all = opened.result.transaction("queue").objectStore("queue").getAll();
    all.onsuccess = () => { resolve(all.result.map((entry) => entry.key)); opened.result.close(); };
  };
})"""


def sessions_of(user) -> list[str]:
    return [
        session.session_key
        for session in Session.objects.all()
        if session.get_decoded().get(SESSION_KEY) == str(user.pk)
    ]


# Every address the phone keeps, in every cache.
KEPT = """(await Promise.all((await caches.keys()).map(
  async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)
))).flat()"""


def follow(page, rubber) -> None:
    """Open the rubber's page from the list, as a player does, and wait until this phone
    keeps it: its worker in charge and the offline forms fetched."""
    page.goto("/")
    with page.expect_response("**/offline/"):
        page.get_by_role("link", name=rubber.table).first.click()
    page.evaluate("navigator.serviceWorker.ready")


def until(page, expression: str, expected, seconds: float = 10) -> None:
    """Wait until an expression awaited in the page has the value expected."""
    deadline = time.monotonic() + seconds
    while (found := page.evaluate(f"async () => {expression}")) != expected:
        assert time.monotonic() < deadline, f"{expression}: {found!r}, not {expected!r}"
        page.wait_for_timeout(100)


def status(page):
    return page.locator("#offline .offline-status")


def pending(page):
    return page.locator("#offline ol.pending li")


def sheet_of(page) -> tuple[str, str]:
    return page.locator("table.sheet").inner_text(), page.locator(".standing").inner_text()


def record_four_deals(browser_rubber) -> None:
    """Four part-scores, the first game still open: deal 5 is next, Mrs. Carr to deal."""
    deals = [deal("S", (7, 6), dealer=side) for side in ("we", "they", "we", "they")]
    writes.replay(
        rubber=browser_rubber, deals=deals, user=browser_rubber.seats.get(position=0).member.user
    )


def test_a_deal_recorded_offline_is_kept_then_sent_once(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    follow(page, browser_rubber)
    page.context.set_offline(True)

    declare(page, 1, "H")
    expect(pending(page)).to_have_count(1)
    expect(pending(page).first).to_contain_text("Deal 1: ")
    expect(pending(page).first).to_contain_text("The make: ♥ Hearts")
    expect(pending(page).first).to_contain_text("— not yet sent")
    tap(page, "Tricks won by", "9")
    tap_honours(page, Side.WE, "Four")
    page.get_by_role("button", name="Save the result").click()
    expect(pending(page)).to_have_count(2)
    expect(pending(page).nth(1)).to_contain_text("Tricks won by We (Carr & Dane): 9")
    expect(pending(page).nth(1)).to_contain_text("Honours: We held four")
    expect(status(page)).to_contain_text("the table's record does not include these 2 entries")
    expect(page.get_by_role("heading", name="Deal 2: the declaration")).to_be_visible()
    screenshot(page, "offline-pending")
    assert not Deal.objects.exists()

    page.context.set_offline(False)
    expect(status(page)).to_have_text("Sent: the table's record includes this phone's entries.")
    expect(pending(page)).to_have_count(0)
    recorded = Deal.objects.get()
    assert (recorded.number, recorded.trump, recorded.tricks) == (1, Trump.HEARTS, 9)
    other = phone()
    sign_in(other, "dane")
    other.goto(f"/rubbers/{browser_rubber.pk}/")
    assert sheet_of(page) == sheet_of(other)
    expect(page.locator(".standing")).to_have_text("First game: We 24, They 0")


def test_an_entry_made_offline_after_another_phone_recorded_waits_for_the_players_choice(
    phone, browser_rubber
):
    record_four_deals(browser_rubber)
    carr, dane = phone(), phone()
    sign_in(carr, "carr")
    sign_in(dane, "dane")
    follow(carr, browser_rubber)
    dane.goto(f"/rubbers/{browser_rubber.pk}/")

    carr.context.set_offline(True)
    declare(carr, 5, "H")
    tap(carr, "Tricks won by", "9")
    tap_honours(carr, Side.WE, "Four")
    carr.get_by_role("button", name="Save the result").click()
    expect(pending(carr)).to_have_count(2)

    declare(dane, 5, "C")  # the other phone, online, records deal 5 otherwise
    tap(dane, "Tricks won by", "8")
    tap_honours(dane, Side.THEY, "Simple honours")
    dane.get_by_role("button", name="Save the result").click()
    expect(dane.get_by_role("heading", name="Deal 6: the declaration")).to_be_visible()

    carr.context.set_offline(False)
    # Nothing applied blindly: the table as it now stands, and what this phone had queued.
    expect(status(carr)).to_contain_text("Not sent: the table moved on")
    expect(carr.locator("#panel .message")).to_contain_text("made clubs")
    expect(pending(carr).first).to_contain_text("The make: ♥ Hearts")
    expect(pending(carr).first.locator(".why")).to_contain_text("was not saved")
    screenshot(carr, "offline-conflict")
    assert Deal.objects.filter(number=5).get().trump == Trump.CLUBS

    carr.get_by_role("button", name="Drop it").click()  # the declaration...
    expect(pending(carr).first.locator(".why")).to_contain_text("Made after an entry")
    carr.get_by_role("button", name="Drop it").click()  # ...and the result made over it
    expect(pending(carr)).to_have_count(0)
    expect(carr.get_by_role("heading", name="Deal 6: the declaration")).to_be_visible()
    assert Deal.objects.filter(number=5).count() == 1
    assert not Deal.objects.filter(number=6).exists()
    assert sheet_of(carr) == sheet_of(dane)


def test_an_entry_kept_after_a_conflict_is_sent_as_the_player_chooses(phone, browser_rubber):
    carr, dane = phone(), phone()
    sign_in(carr, "carr")
    sign_in(dane, "dane")
    follow(carr, browser_rubber)
    dane.goto(f"/rubbers/{browser_rubber.pk}/")
    carr.context.set_offline(True)
    declare(carr, 1, "NT")
    declare(dane, 1, "S")
    carr.context.set_offline(False)
    expect(pending(carr).first.locator(".why")).to_contain_text("was not saved")

    carr.get_by_role("button", name="Send it").click()  # over the other phone's, knowingly
    expect(pending(carr)).to_have_count(0)
    expect(status(carr)).to_have_text("Sent: the table's record includes this phone's entries.")
    assert Deal.objects.get().trump == Trump.NO_TRUMP  # deal 1's declaration, changed once


def test_reloaded_offline_the_page_shows_the_last_sheet_and_the_queue(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    follow(page, browser_rubber)
    declare(page, 1, "D")  # online: the sheet changes after the page was kept
    tap(page, "Tricks won by", "9")
    tap_honours(page, Side.WE, "Four")
    page.get_by_role("button", name="Save the result").click()
    expect(page.locator(".standing")).to_have_text("First game: We 18, They 0")
    sheet = sheet_of(page)

    page.context.set_offline(True)
    declare(page, 2, "S")
    page.reload()
    expect(page.get_by_role("heading", name="Table 2")).to_be_visible()
    assert sheet_of(page) == sheet
    expect(status(page)).to_contain_text("Offline: the sheet as it was last brought up to date, at")
    expect(pending(page)).to_have_count(1)
    expect(pending(page).first).to_contain_text("Deal 2: ")
    expect(page.get_by_role("heading", name="Deal 2: the result")).to_be_visible()
    screenshot(page, "offline-reloaded")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "offline-reloaded-dark")

    page.context.set_offline(False)
    expect(pending(page)).to_have_count(0)
    assert Deal.objects.get(number=2).trump == Trump.SPADES


def test_the_app_opens_on_the_rubber_it_was_following(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    follow(page, browser_rubber)
    page.context.set_offline(True)
    declare(page, 1, "H")
    page.goto("/resume/")  # where the app opens, from its icon
    expect(page.get_by_role("heading", name="Table 2")).to_be_visible()
    expect(pending(page)).to_have_count(1)


def test_a_new_release_replaces_the_kept_static_files(phone, browser_rubber, settings):
    page = phone()
    sign_in(page, "carr")
    follow(page, browser_rubber)
    css = "/static/css/site.css"
    read = f"fetch('{css}').then((r) => r.text())"
    kept_before = page.evaluate("caches.keys()")
    # A copy kept by this release is served, whatever the server now has...
    page.evaluate(
        """async (css) => {
          const name = (await caches.keys()).find((n) => n.startsWith("scorer-static-"));
          await (await caches.open(name)).put(css, new Response("/* kept */"));
        }""",
        css,
    )
    assert page.evaluate(read) == "/* kept */"

    settings.RELEASE = "next"  # ...until the next release's worker replaces it
    page.reload()  # the browser compares the worker on each visit
    until(
        page,
        "(await caches.keys()).filter((n) => n.startsWith('scorer-static-'))",
        ["scorer-static-next"],
    )
    assert page.evaluate(read).startswith("/* The club's pages")
    assert [name for name in kept_before if name.startswith("scorer-static-")] != [
        "scorer-static-next"
    ]


def test_signing_out_clears_what_the_phone_kept(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    follow(page, browser_rubber)
    kept = f"async () => {KEPT}"
    assert any(url.endswith(f"/rubbers/{browser_rubber.pk}/") for url in page.evaluate(kept))
    # An entry kept and not yet sent: the club's server cannot be reached.
    page.route("**/declaration/", lambda route: route.abort("internetdisconnected"))
    page.context.set_offline(True)
    declare(page, 1, "H")
    page.context.set_offline(False)
    expect(pending(page)).to_have_count(1)

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/")
    expect(page.get_by_role("link", name="Sign in", exact=True)).to_be_visible()
    assert not any("/rubbers/" in url for url in page.evaluate(kept))
    assert "scorer" not in [db["name"] for db in page.evaluate("indexedDB.databases()")]
    page.evaluate("navigator.serviceWorker.ready")  # a worker again, keeping nothing of hers
    page.context.set_offline(True)
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    expect(page.get_by_role("heading", name="Offline")).to_be_visible()
    expect(page.get_by_role("heading", name="Table 2")).to_have_count(0)


def test_a_phone_shared_after_a_session_lapses_keeps_each_members_own(phone, browser_rubber):
    """Mrs. Carr's phone keeps her rubber's page and an entry not yet sent; her session
    lapses and Mr. Dane signs in on the same phone. Her pages go as the site names him;
    offline, he sees none of hers; her entry is never sent as his, and stays kept for her
    when he signs out, until she signs in again and chooses what becomes of it."""
    page = phone()
    sign_in(page, "carr")
    follow(page, browser_rubber)
    page.context.set_offline(True)
    declare(page, 1, "H")
    expect(pending(page)).to_have_count(1)
    [her_key] = page.evaluate(QUEUED_KEYS)
    carr = User.objects.get(username="carr")
    Session.objects.filter(session_key__in=sessions_of(carr)).delete()  # her session lapses
    page.context.set_offline(False)
    expect(status(page)).to_contain_text("Sign in again to send what this phone keeps.")

    sign_in(page, "dane")
    page.context.set_offline(True)
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    expect(page.get_by_role("heading", name="Offline")).to_be_visible()
    expect(page.get_by_role("heading", name="Table 2")).to_have_count(0)
    expect(page.get_by_text("Deal 1: ")).to_have_count(0)
    page.goto("/resume/")  # the app's icon: not to the rubber she was following
    expect(page.get_by_role("heading", name="Offline")).to_be_visible()

    page.context.set_offline(False)  # the page not kept goes back by itself: wait for it
    expect(page.get_by_role("heading", name="Offline")).to_have_count(0)
    page.wait_for_load_state()
    follow(page, browser_rubber)
    expect(pending(page)).to_have_count(0)
    declare(page, 1, "S")  # his own, sent at once: hers would have gone first
    recorded = Deal.objects.get()
    assert (recorded.trump, recorded.declared_by.username) == (Trump.SPADES, "dane")
    assert not Submission.objects.filter(key=her_key).exists()
    assert page.evaluate(QUEUED_KEYS) == [her_key]  # still kept, for her

    # Her pages went as the site named him: only his are kept, and the shared files.
    names = page.evaluate("caches.keys()")
    assert f"scorer-pages-{carr.pk}" not in names
    assert [name for name in names if name.startswith("scorer-pages-")] == [
        f"scorer-pages-{User.objects.get(username='dane').pk}"
    ]

    asked = []
    page.on("dialog", lambda dialog: asked.append(dialog.message) or dialog.accept())
    page.get_by_role("button", name="Sign out").click()  # nothing of his was left unsent
    expect(page.get_by_role("link", name="Sign in", exact=True)).to_be_visible()
    assert asked == []
    assert page.evaluate(QUEUED_KEYS) == [her_key]  # his signing out kept hers
    assert not any("/rubbers/" in url for url in page.evaluate(f"async () => {KEPT}"))

    sign_in(page, "carr")  # back at her phone: her entry is hers to send, change or drop
    follow(page, browser_rubber)
    expect(status(page)).to_contain_text("Not sent: the table moved on while this phone")
    expect(pending(page)).to_have_count(1)
    assert page.evaluate(QUEUED_KEYS) == [her_key]


def test_signing_out_everywhere_ends_the_session_on_the_members_other_phone(phone, browser_rubber):
    here, there = phone(), phone()
    sign_in(here, "carr")
    sign_in(there, "carr")
    follow(there, browser_rubber)

    here.get_by_role("link", name="Password", exact=True).click()
    everywhere = here.get_by_role("button", name="Sign out everywhere")
    expect(everywhere).to_be_visible()
    screenshot(here, "password-and-phones")
    everywhere.click()
    expect(here.get_by_text("Signed out everywhere")).to_be_visible()
    expect(here.get_by_role("link", name="Sign in", exact=True)).to_be_visible()

    # The other phone's next save is not recorded: it is sent to sign in.
    in_two_steps(there)
    tap(there, "Made by", "Dealer")
    tap(there, "The make", "♥ Hearts")
    there.get_by_role("button", name="Save the declaration").click()
    expect(there.get_by_role("heading", name="Sign in")).to_be_visible()
    assert not Deal.objects.exists()


def test_the_worker_serves_this_sites_files_alone(browser, browser_rubber, live_server):
    # The page's own policy forbids reaching another origin; set aside here, so that the
    # worker is what is tested.
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, bypass_csp=True)
    page = context.new_page()
    sign_in(page, "carr")
    follow(page, browser_rubber)
    served = {}
    page.on("response", lambda r: served.__setitem__(r.url, r.from_service_worker))
    own = f"{live_server.url}/static/css/site.css"
    other = own.replace("localhost", "127.0.0.1")  # another origin: the same server by IP
    page.evaluate(
        "(urls) => Promise.all(urls.map((u) => fetch(u, {mode: 'no-cors'})))", [own, other]
    )
    assert (served[own], served[other]) == (True, False)
    assert all(url.startswith(live_server.url) for url in page.evaluate(f"async () => {KEPT}"))
    context.close()


def test_the_manifest_makes_the_site_installable(phone, browser_rubber, live_server):
    from io import BytesIO

    from PIL import Image

    page = phone()
    sign_in(page, "carr")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(href)
    assert manifest.headers["content-type"] == "application/manifest+json"
    app = manifest.json()
    assert app["name"] == "Bridge scorer"
    assert app["display"] == "standalone"
    assert app["start_url"].startswith(app["scope"])
    sizes = {}
    for icon in app["icons"]:
        image = page.request.get(icon["src"])
        assert image.ok, icon["src"]
        if icon["type"] == "image/png":
            sizes[(icon["sizes"], icon.get("purpose", "any"))] = Image.open(
                BytesIO(image.body())
            ).size
    assert sizes[("192x192", "any")] == (192, 192)
    assert sizes[("512x512", "any")] == (512, 512)
    assert sizes[("512x512", "maskable")] == (512, 512)
    page.goto(app["start_url"])
    expect(page.get_by_role("heading", name="Table 2")).to_be_visible()  # the rubber in play
    colours = page.locator("meta[name=theme-color]").evaluate_all(
        "(metas) => metas.map((m) => [m.media, m.content])"
    )
    assert colours == [
        ["(prefers-color-scheme: light)", app["theme_color"]],
        ["(prefers-color-scheme: dark)", "#16140f"],
    ]


def test_four_phones_agree_once_the_one_offline_is_back(phone, browser_rubber):
    """One phone of four loses its signal for a deal: nothing lost, nothing doubled, and
    every phone shows the same sheet within a poll of the signal returning."""
    phones = [phone() for _ in range(4)]
    for page, name in zip(phones, ("carr", "fenwick", "dane", "hartley"), strict=True):
        sign_in(page, name)
    offline, *others = phones
    follow(offline, browser_rubber)
    for page in others:
        page.goto(f"/rubbers/{browser_rubber.pk}/")
    declare(others[0], 1, "S")  # deal 1 online, seen by all
    expect(offline.get_by_role("heading", name="Deal 1: the result")).to_be_visible()

    offline.context.set_offline(True)
    tap(offline, "Tricks won by", "8")
    tap_honours(offline, Side.THEY, "Four")
    offline.get_by_role("button", name="Save the result").click()
    declare(offline, 2, "D")
    expect(pending(offline)).to_have_count(2)
    for page in others:  # they see nothing of it yet
        expect(page.get_by_role("heading", name="Deal 1: the result")).to_be_visible()

    offline.context.set_offline(False)
    expect(pending(offline)).to_have_count(0)
    for page in others:
        expect(page.locator("#live")).to_contain_text("made diamonds")
    sheets = {sheet_of(page) for page in phones}
    assert len(sheets) == 1, sheets
    assert list(Deal.objects.order_by("number").values_list("number", "trump", "tricks")) == [
        (1, Trump.SPADES, 8),
        (2, Trump.DIAMONDS, None),
    ]
