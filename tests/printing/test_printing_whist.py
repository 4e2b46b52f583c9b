"""A Short Whist rubber's printed sheet and pads speak Whist: points to five, the trump
turned up, revokes with their penalties; nothing above or below a line."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scorer import engine
from scorer.printing import documents as printing
from scorer.rubbers import writes
from tests.support.club import set_aside
from tests.support.games import the_rubber_of_the_format, whist
from tests.support.pdf import pages
from tests.support.rubbers import deal

# The format's rubber with a revoke early in the second game: We revoked, They added
# three to their own score (Law 72).
REVOKED = whist((7, 6), dealer="they", revokes=(("we", "add"),))
DEALS = [*the_rubber_of_the_format()[:3], REVOKED, *the_rubber_of_the_format()[3:]]


@pytest.fixture
def whist_rubber(players):
    rubber = writes.start_rubber(
        table="Table 2", members=players, first_dealer=0, user=players[0].user, game=engine.WHIST
    )
    writes.replay(rubber=rubber, deals=DEALS, user=players[0].user)
    set_aside(rubber)  # beside the same four's rubber of Bridge
    return rubber


def test_a_whist_sheet_prints_its_deals_in_points_never_above_or_below(carr, whist_rubber):
    text = pages(carr.get(reverse("scorer:rubber_print", args=[whist_rubber.pk])))

    sheet = " ".join(text)
    assert "Short Whist" in sheet
    assert "Dealer; the trump turned up" in sheet
    assert "Tricks; honours; revokes" in sheet
    assert "Hearts, turned up" in sheet
    assert "3 points: their revoke" in sheet  # They's three added, in their column
    assert "We revoked: three points added" in sheet
    assert "2 points: 2 by cards" in sheet
    for bridge_word in (" below", " above", "the make", "doubles"):
        assert bridge_word not in sheet, bridge_word
    assert "points won by We, winners of the rubber" in sheet


def test_a_bridge_sheet_still_prints_below_and_above(carr, rubber, players):
    writes.replay(rubber=rubber, deals=[deal("H", (9, 4))], user=players[0].user)
    sheet = " ".join(pages(carr.get(reverse("scorer:rubber_print", args=[rubber.pk]))))
    assert "Dealer; the make; doubles" in sheet
    assert "24 below:" in sheet


def test_whist_pads_have_no_honours_above_the_line(db):
    bridge = printing.pad_document(1, 1, "A4", engine.BRIDGE)
    short = printing.pad_document(1, 1, "A4", engine.WHIST)
    assert "Short Whist" in text_of(short)
    assert "Five points win the game" in text_of(short)
    # Bridge's form rules honours above the line before its first game; Whist's begins
    # with the first game just under its heads.
    drop = lambda pdf: depth_of(pdf, "1st game") - depth_of(pdf, "They:")  # noqa: E731
    assert drop(short) < drop(bridge) / 2


def reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in reader(pdf).pages)


def depth_of(pdf: bytes, words: str) -> float:
    """How far down the first page the first line beginning with `words` is drawn."""
    found: list[float] = []

    def visit(text, cm, tm, font, size):
        if text.strip().startswith(words) and not found:
            found.append(tm[5])  # WeasyPrint draws each page flipped: down from the top

    reader(pdf).pages[0].extract_text(visitor_text=visit)
    assert found, words
    return found[0]


def test_an_evenings_whist_points_are_counted_apart_from_bridges(carr, whist_rubber, rubber):
    """Short Whist's rubber is worth a few points, Bridge's hundreds: the evening's results
    give each its own table, on the page and printed, and never add one to the other."""
    from django.utils import timezone

    from scorer.rubbers.reads import rubber_state

    writes.replay(rubber=rubber, deals=[deal("H", (9, 4))], user=rubber.started_by)
    bridge_points, whist_points = rubber_state(rubber).value, rubber_state(whist_rubber).value
    assert (bridge_points, whist_points) == (8, 5)  # to We, Mrs. Carr's side, as they stand
    day = timezone.localdate().isoformat()
    page = carr.get(reverse("scorer:evening"), {"day": day}).content.decode()
    bridge = page[page.index("Each member's points at Bridge") :].split("</table>")[0]
    short = page[page.index("Each member's points at Short Whist") :].split("</table>")[0]
    assert "<td>Mrs. Carr</td><td>1</td><td>0</td><td>+8</td>" in bridge
    assert "<td>Mrs. Carr</td><td>1</td><td>0</td><td>+5</td>" in short
    assert "+13" not in page
    printed = " ".join(pages(carr.get(reverse("scorer:evening"), {"day": day, "print": 1})))
    assert "Each member's points at Bridge Member Rubbers" in printed
    assert "Mrs. Carr 1 0 +8" in printed
    assert "Mrs. Carr 1 0 +5" in printed
    assert "+13" not in printed


@pytest.mark.parametrize("game", [engine.BRIDGE, engine.WHIST], ids=lambda game: game.code)
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_the_table_of_values_is_legible_at_four_forms_a_page(db, game, paper):
    """Four forms to a page, each with its table of values at 7 pt at least (the smallest
    print a player reads at the table), and still one page."""
    pdf = printing.pad_document(4, 1, paper, game)
    assert len(reader(pdf).pages) == 1
    sizes: list[float] = []

    def visit(text, cm, tm, font, size):
        if text.startswith("Each trick above six"):
            sizes.append(size * cm[0])  # WeasyPrint draws in px, scaled to points

    reader(pdf).pages[0].extract_text(visitor_text=visit)
    assert len(sizes) == 4
    assert min(sizes) >= 6.99  # 7 pt, as WeasyPrint rounds it
