"""What a Duplicate evening prints and exports: the boards' hand records and curtain cards
to make them up before play (the Printing page's own, `scorer/printing/hand_records.py`);
and, through the evening's printing and export (`scorer/duplicate/printing.py`,
`scorer/duplicate/exports.py`, over the engine's values), the guide cards and table cards,
the results (rankings, travellers, pairs' cards), the hand records with the results beside
them, the results as CSV, and the whole evening as PBN.

The evening's printing and export are written apart from the pages; until they are part
of the site (`documents_ready`), the pages offer none of their documents. Whatever shows a
board's hands or a traveller is the director's until the evening ends, as the pages are.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from scorer.duplicate import access, reads
from scorer.duplicate.models import DuplicateEvening
from scorer.engine.cards import Board, Hand, dealer_of
from scorer.engine.cards.records import Layout
from scorer.printing import documents, hand_records

_PRINTING = "scorer.duplicate.printing"
_EXPORTS = "scorer.duplicate.exports"


def documents_ready() -> bool:
    """Whether the evening's printing and export are part of the site."""
    return all(importlib.util.find_spec(name) is not None for name in (_PRINTING, _EXPORTS))


def _module(name: str) -> Any:
    if importlib.util.find_spec(name) is None:
        raise Http404("The evening's printed documents are not part of this site yet.")
    return importlib.import_module(name)


def _started(request: HttpRequest, pk: int) -> reads.EveningRecord:
    record = reads.evening_record(access.evening_or_404(pk))
    if not record.evening.started:
        raise Http404("The evening's documents are printed once it has started.")
    return record


def _results_of(request: HttpRequest, pk: int) -> reads.EveningRecord:
    """The evening, if this viewer may read every board's results: the director, or
    anyone once it has ended."""
    record = _started(request, pk)
    if not (access.directs(request) or record.evening.ended):
        raise PermissionDenied(
            "Every board's results are printed for the director while the evening is in "
            "play, and for everyone once it has ended."
        )
    return record


def _download(data: bytes | str, kind: str, name: str, *, inline: bool = False) -> HttpResponse:
    response = HttpResponse(data, content_type=kind)
    shown = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{shown}; filename="{name}"'
    return response


def _pdf(data: bytes, name: str) -> HttpResponse:
    return _download(data, "application/pdf", name, inline=True)


def _title(evening: DuplicateEvening) -> str:
    return evening.name


# -- Before play: the boards made up -------------------------------------------------------


def _boards(record: reads.EveningRecord) -> tuple[Board, ...]:
    """The evening's boards as the hand records print them: each with its dealer and its
    four hands; Http404 while any board's hands are unknown."""
    boards = []
    for board in record.boards:
        if board.hands is None:
            raise Http404(
                f"Board {board.number}'s hands are not known: it is dealt at the first table."
            )
        north, east, south, west = (Hand.parse(hand) for hand in board.hands)
        boards.append(
            Board(
                number=board.number,
                dealer=dealer_of(board.number),
                hands=(north, east, south, west),
            )
        )
    return tuple(boards)


def _boards_of(request: HttpRequest, pk: int) -> reads.EveningRecord:
    """The evening, if this viewer may read its boards' hands: the director, or anyone
    once it has ended."""
    return _results_of(request, pk)


@login_required
@require_GET
def boards_records(request: HttpRequest, pk: int) -> HttpResponse:
    """The boards' hand records before play, to make them up from, by the compass."""
    record = _boards_of(request, pk)
    paper = documents.paper(request.GET.get("paper"))
    pdf = hand_records.records_pdf(_boards(record), layout=Layout.COMPASS, paper=paper)
    return _pdf(pdf, f"duplicate-boards-{record.evening.day.isoformat()}.pdf")


@login_required
@require_GET
def curtain_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Each board's four hands on cards of their own, for its pockets."""
    record = _boards_of(request, pk)
    paper = documents.paper(request.GET.get("paper"))
    pdf = hand_records.curtain_cards_pdf(_boards(record), layout=Layout.COMPASS, paper=paper)
    return _pdf(pdf, f"duplicate-curtain-cards-{record.evening.day.isoformat()}.pdf")


# -- The evening's own documents ------------------------------------------------------------


@login_required
@require_GET
def guide_cards(request: HttpRequest, pk: int) -> HttpResponse:
    record = _started(request, pk)
    printing = _module(_PRINTING)
    pdf = printing.guide_cards_document(
        title=_title(record.evening),
        day=record.evening.day,
        schedule=record.schedule,
        names=record.names(),
        paper=documents.paper(request.GET.get("paper")),
    )
    return _pdf(pdf, printing.filename("guide-cards", record.evening.day))


@login_required
@require_GET
def table_cards(request: HttpRequest, pk: int) -> HttpResponse:
    record = _started(request, pk)
    printing = _module(_PRINTING)
    pdf = printing.table_cards_document(
        title=_title(record.evening),
        day=record.evening.day,
        schedule=record.schedule,
        names=record.names(),
        paper=documents.paper(request.GET.get("paper")),
    )
    return _pdf(pdf, printing.filename("table-cards", record.evening.day))


@login_required
@require_GET
def results_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    record = _results_of(request, pk)
    printing = _module(_PRINTING)
    pdf = printing.results_document(
        title=_title(record.evening),
        day=record.evening.day,
        evening=record.as_evening(),
        score=record.score,
        names=record.names(),
        paper=documents.paper(request.GET.get("paper")),
    )
    return _pdf(pdf, printing.filename("results", record.evening.day))


@login_required
@require_GET
def hand_records_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """Each board's hands with its results beside them."""
    record = _results_of(request, pk)
    printing = _module(_PRINTING)
    pdf = printing.hand_records_document(
        title=_title(record.evening),
        day=record.evening.day,
        evening=record.as_evening(),
        score=record.score,
        names=record.names(),
        paper=documents.paper(request.GET.get("paper")),
    )
    return _pdf(pdf, printing.filename("hand-records", record.evening.day))


@login_required
@require_GET
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    record = _results_of(request, pk)
    exports = _module(_EXPORTS)
    printing = _module(_PRINTING)
    text = exports.results_csv(
        evening=record.as_evening(), score=record.score, names=record.names()
    )
    name = printing.filename("results", record.evening.day).removesuffix(".pdf") + ".csv"
    return _download(text, "text/csv; charset=utf-8", name)


@login_required
@require_GET
def evening_pbn(request: HttpRequest, pk: int) -> HttpResponse:
    record = _results_of(request, pk)
    exports = _module(_EXPORTS)
    printing = _module(_PRINTING)
    text = exports.evening_pbn(
        title=_title(record.evening),
        day=record.evening.day,
        evening=record.as_evening(),
        score=record.score,
        names=record.names(),
    )
    name = printing.filename("evening", record.evening.day).removesuffix(".pdf") + ".pbn"
    # PBN's own character set, as the Printing page's boards are written
    data = text.encode("iso-8859-1", errors="replace")
    return _download(data, "text/plain; charset=iso-8859-1", name)
