"""A phone's browser, for the browser tests: signing in, and screenshots kept for a person
to look at."""

from __future__ import annotations

from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scorer.engine import Maker, Side

PHONE = {"width": 360, "height": 740}
WALL = {"width": 1920, "height": 1080}  # a television or projector on the club's wall
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def sign_in(page, username: str, password: str = "pw") -> None:
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button.primary")
    page.wait_for_url("**/")


def screenshot(page, name: str) -> None:
    """Kept in var/screenshots/ for a person to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=True)


TRUMP_CHIPS = {
    "S": "♠ Spades",
    "C": "♣ Clubs",
    "D": "♦ Diamonds",
    "H": "♥ Hearts",
    "NT": "No-trump",
}


def tap(page, legend: str, text: str) -> None:
    """Tap the chip `text` among the choices headed `legend`."""
    fieldset = page.locator("fieldset", has=page.locator("legend", has_text=legend))
    _chip(page, fieldset, text).click()


def _chip(page, scope, text: str):
    """The chip (a label round its radio) that reads exactly `text`."""
    return scope.locator("label.chip", has=page.get_by_text(text, exact=True))


def tap_honours(page, side: Side | None, call: str) -> None:
    honours = page.locator("fieldset.honours")
    if side is not None:
        honours = honours.locator(".group", has=page.get_by_text(f"{side.label} held", exact=True))
    _chip(page, honours, call).click()


def declare(page, number: int, trump: str, maker: Maker = Maker.DEALER) -> None:
    tap(page, "Made by", "Dealer" if maker is Maker.DEALER else "Passed to partner")
    tap(page, "The make", TRUMP_CHIPS[trump])
    page.get_by_role("button", name="Save the declaration").click()
    expect(page.get_by_role("heading", name=f"Deal {number}: the result")).to_be_visible()


def serious_violations(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{violation['id']}: {violation['help']}"
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]
