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
    page.get_by_label("Username", exact=True).fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/")


# The start form's seats, as each is labelled round the table.
SEATS = ("1. We", "2. They", "3. We", "4. They")


def choose(page, place: str, name: str) -> None:
    """Tap a member in the tap list of a place ("1. We", or a candidate's "1."): with
    JavaScript, the list open now, and the next opens."""
    group = page.get_by_role("group", name=place, exact=True)
    group.get_by_role("radio", name=name, exact=True).check()


def name_the_table_and_seat(page, table: str, seats: dict[int, str]) -> None:
    """On the start form: the table's name, and each member chosen for his seat (0 to 3),
    in order round the table."""
    page.get_by_role("textbox", name="Table", exact=True).fill(table)
    for seat, name in seats.items():
        choose(page, SEATS[seat], name)


def choose_candidates(page, names: list[str]) -> None:
    """On the form for a new table: its candidates in the order they came."""
    for n, name in enumerate(names, 1):
        choose(page, f"{n}.", name)


def screenshot(page, name: str, *, screen: bool = False) -> None:
    """Kept in var/screenshots/ for a person to look at: the whole page, or (screen) what
    the phone's screen shows of it."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=not screen)


TRUMP_CHIPS = {
    "S": "♠ Spades",
    "C": "♣ Clubs",
    "D": "♦ Diamonds",
    "H": "♥ Hearts",
    "NT": "No-trump",
}


def tap(page, legend: str, text: str) -> None:
    """Tap the chip `text` among the choices headed `legend`, as shown (a form the phone
    does not show, or choices it hides, are not tapped)."""
    fieldset = page.locator("fieldset", has=page.locator("legend", has_text=legend))
    _chip(page, fieldset.filter(visible=True), text).filter(visible=True).click()


def _chip(page, scope, text: str):
    """The chip (a label round its radio) that reads exactly `text`."""
    return scope.locator("label.chip", has=page.get_by_text(text, exact=True))


def tap_honours(page, side: Side | None, call: str) -> None:
    """Tap the call of honours as shown: at the make chosen, under the side that held them."""
    honours = page.locator("fieldset.honours").filter(visible=True)
    if side is not None:
        honours = honours.locator(".group", has=page.get_by_text(f"{side.label} held", exact=True))
    _chip(page, honours, call).filter(visible=True).click()


# The phone's choice of the declaration first and the result after the play, on the
# rubber's page that offers the whole deal in one save by default.
TWO_STEPS = "Declare first, the result after the play"


def in_two_steps(page) -> None:
    """Choose the two steps on this phone, if its page shows the one save."""
    choice = page.get_by_role("button", name=TWO_STEPS)
    if choice.is_visible():
        choice.click()
        expect(page.get_by_role("button", name="Save the declaration")).to_be_visible()


def declare(page, number: int, trump: str, maker: Maker = Maker.DEALER) -> None:
    """The declaration of deal `number`, saved on its own (the two steps)."""
    in_two_steps(page)
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


# What a thumb needs (WCAG 2.5.5's 44 × 44 CSS px) and a phone's smallest legible text.
TARGET_PX = 44
SMALLEST_TEXT_PX = 14

_MEASURE = """
([need, smallest]) => {
  const shown = (e) => {
    if (!e.getClientRects().length) return false;
    // Folded away in a closed <details>, or otherwise not drawn: not to be tapped now.
    if (e.checkVisibility && !e.checkVisibility({visibilityProperty: true})) return false;
    const style = getComputedStyle(e);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const said = (e) => {
    const words = (e.getAttribute("aria-label") || e.textContent || e.value || e.name || "")
      .replace(/\\s+/g, " ").trim().slice(0, 40);
    return `${e.tagName.toLowerCase()} "${words}"`;
  };
  const small = [];
  const controls = document.querySelectorAll(
    "a[href], button, summary, select, textarea, input:not([type=hidden])");
  for (const control of controls) {
    if (!shown(control)) continue;
    // A box or a chip's radio is tapped by its label, which is measured instead.
    const label = control.closest("label");
    const target = control.tagName === "INPUT" && label ? label : control;
    const box = target.getBoundingClientRect();
    if (Math.round(box.width) < need || Math.round(box.height) < need) {
      small.push(`${said(control)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  const tiny = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const element = node.parentElement;
    if (!node.textContent.trim() || !element || seen.has(element)) continue;
    seen.add(element);
    if (!shown(element) || element.closest(".visually-hidden, [hidden], title")) continue;
    let size = parseFloat(getComputedStyle(element).fontSize);
    if (element instanceof SVGElement) size *= element.getScreenCTM().a;
    if (size < smallest - 0.05) tiny.push(`${said(element)} ${size.toFixed(1)} px`);
  }
  return {small, tiny};
}
"""


def small_targets_and_text(page) -> tuple[list[str], list[str]]:
    """The controls on the page smaller than a thumb (44 × 44 px), and the text smaller
    than 14 px, each named by its words and its size."""
    found = page.evaluate(_MEASURE, [TARGET_PX, SMALLEST_TEXT_PX])
    return found["small"], found["tiny"]


def looked_at(page, name: str) -> None:
    """A screenshot kept for a person to look at, the page measured as one is: no serious
    violation axe finds, no control smaller than a thumb, no text too small to read."""
    screenshot(page, name)
    assert serious_violations(page) == [], name
    small, tiny = small_targets_and_text(page)
    assert small == [], f"{name}: {small}"
    assert tiny == [], f"{name}: {tiny}"


def told(page, text: str) -> None:
    """The page says a write was done, in these words."""
    expect(page.locator("p.message.done").filter(has_text=text)).to_be_visible()
