"""Printed documents: a rubber's sheet, blank score pads, an evening's results, as PDF.

Each document is a template rendered to HTML and laid out by WeasyPrint with print CSS.
Static files (the stylesheet, the fonts) are read from disk by the URL fetcher below:
fetching them over HTTP from the site itself would deadlock a server with one worker.
"""

from __future__ import annotations

import mimetypes
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import timezone
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from scorer import engine
from scorer.engine.values import GRAND_SLAM, LITTLE_SLAM, RUBBER, Honours, chicane_value
from scorer.models import Club

BASE_URL = "https://printing.invalid/"  # relative links resolve here, then to the disk
PAPERS = {"A4": "A4", "letter": "letter"}
PADS_PER_PAGE = (1, 2, 4)


class StaticFiles(URLFetcher):
    """The site's own static files, from disk; nothing else, from anywhere."""

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        path = urlsplit(url).path
        prefix = "/" + settings.STATIC_URL.strip("/") + "/"
        if path.startswith(prefix):
            found = finders.find(unquote(path.removeprefix(prefix)))
            if isinstance(found, str):
                kind = mimetypes.guess_type(found)[0] or "application/octet-stream"
                return URLFetcherResponse(
                    url, body=Path(found).read_bytes(), headers={"Content-Type": kind}
                )
        raise ValueError(f"printing reads only the site's own static files, not {url}")


@cache
def _fonts() -> FontConfiguration:
    return FontConfiguration()


@cache
def _stylesheet() -> CSS:
    """The print stylesheet, parsed once per process with its fonts."""
    return CSS(
        url=f"{BASE_URL}static/css/print.css", url_fetcher=StaticFiles(), font_config=_fonts()
    )


def paper(asked: str | None = None) -> str:
    """The paper asked for, if it is one we print on, or the club's."""
    return PAPERS.get(asked or "") or PAPERS[Club.get().paper]


def render(template: str, context: dict[str, Any]) -> bytes:
    """A document as PDF: the template, the print stylesheet, the club and the date."""
    context = {
        "club": Club.get(),
        "printed": timezone.localtime(),
        **context,
    }
    html = HTML(
        string=render_to_string(template, context), base_url=BASE_URL, url_fetcher=StaticFiles()
    )
    return html.write_pdf(stylesheets=[_stylesheet()], font_config=_fonts())


def filename(kind: str, number: int | None, day: date) -> str:
    """ "rubber-42-2026-11-22.pdf" """
    middle = f"-{number}" if number is not None else ""
    return f"{kind}{middle}-{day.isoformat()}.pdf"


def values_table() -> tuple[list[str], list[tuple[str, list[str]]], str]:
    """The table of trick and honour values under Law 6, worked out from the engine's
    values (so diamonds, 5 honours with 4 in one hand, reads 54, not the misprint)."""
    suits = [engine.Trump.SPADES, engine.Trump.CLUBS, engine.Trump.DIAMONDS, engine.Trump.HEARTS]
    heads = ["♠", "♣", "♦", "♥", "NT"]
    aces = {
        Honours.THREE: Honours.THREE_ACES,
        Honours.FOUR: Honours.FOUR_ACES,
        Honours.FOUR_IN_ONE_HAND: Honours.FOUR_ACES_IN_ONE_HAND,
    }
    rows = [("Each trick above six", [str(t.trick_value) for t in [*suits, engine.Trump.NO_TRUMP]])]
    for honours in (
        Honours.THREE,
        Honours.FOUR,
        Honours.FOUR_IN_ONE_HAND,
        Honours.FIVE,
        Honours.FIVE_FOUR_IN_ONE_HAND,
        Honours.FIVE_IN_ONE_HAND,
    ):
        at_no_trump = aces.get(honours)
        no_trump = str(at_no_trump.points(engine.Trump.NO_TRUMP)) if at_no_trump else "—"
        rows.append((honours.text, [str(honours.points(t)) for t in suits] + [no_trump]))
    rows.append(("Chicane", [str(chicane_value(t, 1)) for t in suits] + ["—"]))
    foot = f"Rubber {RUBBER}, Grand Slam {GRAND_SLAM}, Little Slam {LITTLE_SLAM}."
    return heads, rows, foot


def rubber_document(state: Any, corrections: list[Any], paper: str) -> bytes:
    """A rubber's sheet in Elwell's layout, a line per deal, its corrections, and who
    agreed its value; "PROVISIONAL" across it until then."""
    from scorer import sheets

    return render(
        "print/rubber.html",
        {
            "paper": paper,
            "rubber": state.rubber,
            "state": state,
            "sheet": sheets.sheet_view(state, corrections),
            "words": sheets.words(state),
            "rows": sheets.deal_rows(state),
            "corrections": sheets.corrections_view(state, corrections),
            "agreement": sheets.agreement_view(state),
        },
    )


# Rows of the blank form, by how many forms share a page: honours, then each game.
_PAD_ROWS = {1: ("one", 8, 5), 2: ("two", 5, 3), 4: ("four", 6, 4)}


def pad_document(per_page: int, pages: int, paper: str) -> bytes:
    """Blank score pads: Elwell's form, ruled for writing by hand, with the table of
    values at its foot; 1, 2 or 4 to a page."""
    layout, honour_rows, game_rows = _PAD_ROWS[per_page]
    return render(
        "print/pad.html",
        {
            "paper": paper,
            "layout": layout,
            "pages": [range(per_page)] * pages,
            "honour_rows": range(honour_rows),
            "game_rows": range(game_rows),
            "games": ("1st game", "2d game", "3d game"),
            "values": values_table(),
        },
    )


def evening_document(title: str, rubbers: list[Any], paper: str) -> bytes:
    """Every rubber of an evening in a line, and each member's points."""
    from scorer import sheets

    lines, totals = sheets.evening(rubbers)
    return render(
        "print/evening.html",
        {"paper": paper, "title": title, "lines": lines, "totals": totals},
    )
