"""The measure every browser test takes of every page: a page wider than the phone is
faulted, and a page that fits is not, whatever a full-page screenshot does meanwhile."""

from __future__ import annotations

import pytest

from tests.support.browser import PHONE
from tests.support.phones import too_wide, width_watch

SITE = "http://club.test/rubbers/"
FITS = "<body style='margin:0'><div id=d style='width:355px;height:3000px'>Rubbers</div></body>"


@pytest.fixture
def watched(browser):
    """A phone with the watch, and every fault it says."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(width_watch(PHONE["width"]))
    page = context.new_page()
    said: list[str] = []
    page.on("console", lambda message: said.extend(too_wide(message)))
    yield page, said
    context.close()


def show(page, html: str) -> None:
    """A page at /rubbers/ whose body is `html`, served by the phone itself."""
    page.route(SITE, lambda route: route.fulfill(content_type="text/html", body=html))
    page.goto(SITE)


def widened_by_a_swap(page) -> None:
    """htmx swaps in a part 400 px wide; returns once the watch has said so."""
    with page.expect_console_message(lambda m: bool(too_wide(m))):
        page.evaluate(
            "d.style.width = '400px'; document.dispatchEvent(new CustomEvent('htmx:afterSettle'))"
        )


def test_a_page_wider_than_the_phone_is_faulted(watched):
    page, said = watched
    with page.expect_console_message(lambda m: bool(too_wide(m))):
        show(page, FITS.replace("355px", "361px"))
    assert said == ["Wider than the phone: 361 px at /rubbers/"]


def test_a_part_swapped_wider_than_the_phone_is_faulted(watched):
    page, said = watched
    show(page, FITS)
    widened_by_a_swap(page)
    assert said
    assert set(said) == {"Wider than the phone: 400 px at /rubbers/"}


def test_a_page_that_fits_is_not_faulted_while_a_screenshot_squeezes_the_phone(watched):
    """Chromium's full-page screenshot may squeeze the viewport to 1 px for a moment: a
    measure taken then waits for the phone's own width. Only the widening after it is
    faulted, and it is the first thing said."""
    page, said = watched
    show(page, FITS)
    page.set_viewport_size({"width": 1, "height": 1})
    # A measure falls due while squeezed: a later timer runs after it, whatever the load.
    page.evaluate(
        "document.dispatchEvent(new CustomEvent('htmx:afterSettle'));"
        " new Promise(done => setTimeout(done, 100))"
    )
    page.set_viewport_size(PHONE)
    widened_by_a_swap(page)
    assert said
    assert set(said) == {"Wider than the phone: 400 px at /rubbers/"}
