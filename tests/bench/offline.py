"""A save kept on a phone while offline: how soon it is sent once the connection returns.

A real Chromium (Debian's package, as the browser tests drive it) at a phone's width, against
the site served from this process. Each round opens a fresh rubber and records its first
deal in one save; the baseline is the same save made online, from the tap until the next
deal's form is shown, timed in turn with it. A queued save is timed from the connection returning
until the phone has sent it and drawn the sheet the server answered with.
"""

from __future__ import annotations

import os
import shutil
import statistics
import time
from typing import Any

from tests.bench import django_ready, targets

ROUNDS = 10
TARGET_SECONDS = 2.0
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def main() -> None:
    if not shutil.which(CHROMIUM):
        print(f"\nA queued save: skipped, no Chromium at {CHROMIUM}")
        return
    # Playwright's sync API runs an event loop in this thread; the ORM calls made beside it
    # are still made one at a time, so Django's guard against async use does not apply.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    django_ready()
    from django.conf import settings
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]
    server = LiveServerThread("localhost", StaticFilesHandler)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    url = f"http://localhost:{server.port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            times = _rounds(browser, url)
            browser.close()
    finally:
        server.terminate()
    online, queued = (statistics.median(times[name]) * 1000 for name in ("online", "queued"))
    verdict = targets.verdict(queued, TARGET_SECONDS * 1000, "a save kept offline, sent, ms")
    print()
    print(f"A save on a phone, in Chromium, median of {ROUNDS}")
    print(f"    baseline: saved online, tap to next form   {online:7.1f} ms")
    print(
        f"    kept offline, sent once the network returns {queued:6.1f} ms  "
        f"(target {TARGET_SECONDS:.0f} s: {verdict})"
    )


def _rounds(browser: Any, url: str) -> dict[str, list[float]]:
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from scorer.engine import Side
    from scorer.models import Member
    from scorer.rubbers import writes
    from tests.support.browser import PHONE, TRUMP_CHIPS, sign_in, tap, tap_honours

    players = [
        Member.objects.create(
            user=get_user_model().objects.create_user(f"phone{n}", password="pw"),
            name=f"Phone {n}",
            short_name=f"F{n}",
        )
        for n in range(4)
    ]
    user = players[0].user
    context = browser.new_context(viewport=PHONE, base_url=url)
    page = context.new_page()
    sign_in(page, "phone0")
    times: dict[str, list[float]] = {"online": [], "queued": []}
    for _ in range(ROUNDS):
        for name in ("online", "queued"):
            rubber = writes.start_rubber(table="T", members=players, first_dealer=0, user=user)
            with page.expect_response("**/offline/"):
                page.goto(f"/rubbers/{rubber.pk}/")
            page.evaluate("navigator.serviceWorker.ready")
            context.set_offline(name == "queued")
            tap(page, "The make", TRUMP_CHIPS["H"])
            tap(page, "Tricks won by", "9")
            tap_honours(page, Side.WE, "Four")
            start = time.perf_counter()
            page.get_by_role("button", name="Record the deal").click()
            if name == "queued":
                page.wait_for_selector("#offline ol.pending li")
                start = time.perf_counter()
                context.set_offline(False)
                page.wait_for_selector("#offline ol.pending li", state="detached")
            expect(page.get_by_role("heading", name="Deal 2: the declaration and")).to_be_visible()
            expect(page.locator("#live")).to_contain_text("dealt and made hearts")
            times[name].append(time.perf_counter() - start)
    context.close()
    return times
