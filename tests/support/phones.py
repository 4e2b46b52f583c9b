"""A real headless Chromium (Debian's package) driven by Playwright, phones at 360 × 740:
the fixtures of the browser tests, wherever they stand (a plugin of tests/conftest.py)."""

from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.support.browser import PHONE

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Playwright's sync API runs an event loop in this thread; the tests' own ORM calls are
# still made one at a time, so Django's guard against async use does not apply.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# How long a phone is given to show what it must: a bound that keeps a broken test from
# hanging, not a timing. A fresh two-core machine runs two workers, their live servers,
# Chromium and the printer at once (the first PDF of a worker starts its printer), so it
# is a minute. How quick the site is, is measured in `make bench`.
PATIENCE = 60_000  # ms
expect.set_options(timeout=PATIENCE)


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM):
        pytest.fail(f"Chromium is needed for the browser tests: {CHROMIUM} (make test installs it)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, live_server):
    """A new phone: its own cookies, 360 px wide. Call it again for another phone.

    Whatever the test does, no page may break the content security policy or throw."""
    contexts = []
    faults: list[str] = []

    def open_phone(*, javascript: bool = True, scheme: str = "light", viewport=PHONE):
        """`viewport`: a phone's by default; WALL for a screen on the club's wall."""
        context = browser.new_context(
            viewport=viewport,
            base_url=live_server.url,
            java_script_enabled=javascript,
            color_scheme=scheme,
        )
        context.set_default_timeout(PATIENCE)
        context.add_init_script(width_watch(viewport["width"]))
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: faults.extend(refusals(message, page.url)))
        page.on("console", lambda message: faults.extend(too_wide(message)))
        page.on("pageerror", lambda error: faults.append(f"{page.url}: {error}"))
        return page

    yield open_phone
    for context in contexts:
        context.close()
    assert not faults, "\n".join(faults)


# Every page any browser test reaches is measured: none may be wider than the phone, on
# loading or after htmx swaps a part of it. Measured against the width the phone was
# made with: Chromium's full-page screenshot squeezes the viewport for a moment (to 1 px,
# by chance), so a measure taken then waits until the phone is its own width again.
def width_watch(width: int) -> str:
    return f"({WIDTH_WATCH})({width});"


WIDTH_WATCH = """
(width) => {
  const measure = () => setTimeout(() => {
    if (window.innerWidth !== width) { measure(); return; }
    const wide = document.documentElement.scrollWidth;
    if (wide > width) {
      console.error(`Wider than the phone: ${wide} px at ${location.pathname}`);
    }
  }, 50);
  addEventListener("load", measure);
  document.addEventListener("htmx:afterSettle", measure);
}
"""


def too_wide(message) -> list[str]:
    return [message.text] if message.text.startswith("Wider than the phone") else []


def refusals(message, url: str) -> list[str]:
    """Chromium reports what the content security policy blocked on the console: said
    with the page it happened on, and the script that did it."""
    if "Content Security Policy" in message.text or "Refused to" in message.text:
        source = (message.location or {}).get("url", "")
        return [f"{url} ({source}): {message.text}"]
    return []


@pytest.fixture
def browser_rubber(db):
    """The rubber the browser tests score: four members at Table 2, Mrs. Carr dealing
    first."""
    from scorer.rubbers import writes
    from tests.support.club import make_member

    players = [
        make_member(name, short)
        for name, short in [
            ("Mrs. Carr", "Carr"),
            ("Miss Fenwick", "Fenwick"),
            ("Mr. Dane", "Dane"),
            ("Col. Hartley", "Hartley"),
        ]
    ]
    return writes.start_rubber(
        table="Table 2", members=players, first_dealer=0, user=players[0].user
    )
