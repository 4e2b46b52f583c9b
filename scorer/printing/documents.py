"""Printed documents: a rubber's sheet, blank score pads, an evening's results, as PDF.

Each document is a template rendered to HTML and laid out with print CSS by the printer
(scorer/plumbing/printer.py), in a process of the worker's own.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone

from scorer import engine
from scorer.club.models import Club
from scorer.plumbing import printer
from scorer.printing import presenters as printed
from scorer.rubbers import presenters, reads
from scorer.rubbers.models import Correction
from scorer.rubbers.reads import RubberState

PAPERS = {"A4": "A4", "letter": "letter"}
PADS_PER_PAGE = (1, 2, 4)


def paper(asked: str | None = None) -> str:
    """The paper asked for, if it is one we print on, or the club's."""
    return PAPERS.get(asked or "") or PAPERS[Club.get().paper]


def render(template: str, context: dict[str, Any], *, copies: int = 1) -> bytes:
    """A document as PDF: the template, the print stylesheet, the club and the date;
    `copies` times over, laid out and drawn once. Each copy is the first to the letter,
    so a document printed in copies must not number its pages (a pad's are not)."""
    context = {
        "club": Club.get(),
        "printed": timezone.localtime(),
        **context,
    }
    # Looked up at each document: a test or a benchmark may give the process another.
    return printer.printer.lay_out(render_to_string(template, context), copies)


def filename(kind: str, number: int | None, day: date) -> str:
    """ "rubber-42-2026-11-22.pdf" """
    middle = f"-{number}" if number is not None else ""
    return f"{kind}{middle}-{day.isoformat()}.pdf"


def rubber_document(state: RubberState, corrections: list[Correction], paper: str) -> bytes:
    """A rubber's sheet in Elwell's layout, a line per deal, its corrections, and who
    agreed its value; "PROVISIONAL" across it until then."""

    return render(
        "printing/documents/rubber.html",
        {
            "paper": paper,
            "rubber": state.rubber,
            "state": state,
            "sheet": presenters.sheet_view(state, corrections),
            "words": presenters.words(state),
            "rows": printed.deal_rows(state),
            "corrections": presenters.corrections_view(state, corrections),
            "agreement": presenters.agreement_view(state),
            "substitutes": reads.substitutes(state.rubber),
        },
    )


# Rows of the blank form, by how many forms share a page: honours, then each game.
_PAD_ROWS = {1: ("one", 8, 5), 2: ("two", 6, 3), 4: ("four", 5, 4)}


def pad_document(
    per_page: int, pages: int, paper: str, game: engine.CardGame[Any, Any] = engine.BRIDGE
) -> bytes:
    """Blank score pads: Elwell's form, ruled for writing by hand, under lines for the
    table, the date and the four players, with the table of values at its foot; 1, 2 or 4
    to a page. The page is laid out once and printed `pages` times: fifty pages cost no
    more layout than one."""
    layout, honour_rows, game_rows = _PAD_ROWS[per_page]
    return render(
        "printing/documents/pad.html",
        {
            "paper": paper,
            "layout": layout,
            "pads": range(per_page),
            "sides": [side.label for side in engine.SIDES],
            "honour_rows": range(honour_rows if game.words.above_the_line else 0),
            "game_rows": range(game_rows),
            "games": [engine.game_heading(number) for number in (1, 2, 3)],
            "values": game.words.table_of_values(),
            "game": game,
        },
        copies=pages,
    )


def evening_document(title: str, states: list[RubberState], paper: str) -> bytes:
    """Every rubber of an evening in a line, and each member's points."""
    lines, points = printed.evening(states)
    return render(
        "printing/documents/evening.html",
        {"paper": paper, "title": title, "lines": lines, "points": points},
    )
