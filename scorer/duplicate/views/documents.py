"""What a Duplicate evening prints and exports: the boards' hand records and curtain cards
to make them up before play (the Printing page's own, `scorer/printing/hand_records.py`);
and, through the evening's printing and export (`scorer/duplicate/printing.py`,
`scorer/duplicate/exports.py`, over the engine's values), the guide cards and table cards,
the results (rankings, travellers, pairs' cards), the hand records with the results beside
them, the results as CSV, the whole evening as PBN, and the results as USEBIO for a
national body's software.

Whatever shows a board's hands or results is for whoever may see every board
(`reads.boards_seen`): the director, and everyone once the evening has ended.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorer.club.models import Club
from scorer.duplicate import access, exports, printing, reads
from scorer.duplicate.models import DuplicateEvening, DuplicatePlayer
from scorer.engine.cards import Board, Hand, PbnError, dealer_of
from scorer.engine.cards.records import Layout
from scorer.engine.duplicate import DuplicateScore, usebio
from scorer.printing import documents, hand_records


def _started(request: HttpRequest, pk: int) -> reads.EveningRecord:
    record = access.read_for(request, pk)
    if not record.evening.started:
        raise Http404("The evening's documents are printed once it has started.")
    return record


def _results_of(request: HttpRequest, pk: int) -> reads.EveningRecord:
    """The evening, if this viewer may read every board's results: the director, or
    anyone once it has ended."""
    record = _started(request, pk)
    if record.seen is not None:
        raise PermissionDenied(
            "Every board's results are printed for the director while the evening is in "
            "play, and for everyone once it has ended."
        )
    return record


def _score(record: reads.EveningRecord) -> DuplicateScore:
    score = record.score
    assert score is not None, "worked out once the evening has started"
    return score


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


def _by_schedule(
    request: HttpRequest, pk: int, write: Callable[..., bytes], kind: str
) -> HttpResponse:
    """A document of the evening's schedule (its cards), once it has started."""
    record = _started(request, pk)
    pdf = write(
        title=_title(record.evening),
        day=record.evening.day,
        schedule=record.schedule,
        names=record.names(),
        paper=documents.paper(request.GET.get("paper")),
    )
    return _pdf(pdf, printing.filename(kind, record.evening.day))


def _by_results(
    request: HttpRequest, pk: int, write: Callable[..., bytes], kind: str
) -> HttpResponse:
    """A document of every board's results, for those who may read them."""
    record = _results_of(request, pk)
    pdf = write(
        title=_title(record.evening),
        day=record.evening.day,
        evening=record.as_evening(),
        score=_score(record),
        names=record.names(),
        paper=documents.paper(request.GET.get("paper")),
    )
    return _pdf(pdf, printing.filename(kind, record.evening.day))


@login_required
@require_GET
def guide_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """A card a pair: its table, direction, opponents and boards, round by round."""
    return _by_schedule(request, pk, printing.guide_cards_document, "guide-cards")


@login_required
@require_GET
def table_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """A card a table: its pairs and boards each round, and where they go next."""
    return _by_schedule(request, pk, printing.table_cards_document, "table-cards")


@login_required
@require_GET
def results_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The rankings, the travellers and the pairs' cards."""
    return _by_results(request, pk, printing.results_document, "results")


@login_required
@require_GET
def hand_records_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """Each board's hands with its results beside them."""
    return _by_results(request, pk, printing.hand_records_document, "hand-records")


@login_required
@require_GET
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    record = _results_of(request, pk)
    text = exports.results_csv(
        evening=record.as_evening(), score=_score(record), names=record.names()
    )
    return _download(text, "text/csv; charset=utf-8", exports.csv_filename(record.evening.day))


@login_required
@require_GET
def results_usebio(request: HttpRequest, pk: int) -> HttpResponse:
    """The results as USEBIO 1.2, for the national body's results and masterpoints: read
    as the CSV is, and so the director's alone until the evening ends."""
    record = _results_of(request, pk)
    data = exports.results_usebio(
        club=Club.get().name,
        title=_title(record.evening),
        day=record.evening.day,
        evening=record.as_evening(),
        score=_score(record),
        players=_players(record),
    )
    return _download(
        data, "application/xml; charset=utf-8", exports.usebio_filename(record.evening.day)
    )


def _players(record: reads.EveningRecord) -> dict[int, tuple[usebio.Player, usebio.Player]]:
    """Each pair's two as USEBIO names them: by name, with a member's national number."""
    return {
        pair.number: (_player(first), _player(second))
        for pair in record.pairs
        if pair.pair.number is not None
        for first, second in [pair.players]
    }


def _player(player: DuplicatePlayer) -> usebio.Player:
    member = player.member
    return usebio.Player(player.name, "" if member is None else member.national_number)


@login_required
@require_GET
def evening_pbn(request: HttpRequest, pk: int) -> HttpResponse:
    record = _results_of(request, pk)
    try:
        text = exports.evening_pbn(
            title=_title(record.evening),
            day=record.evening.day,
            evening=record.as_evening(),
            score=_score(record),
            names=record.names(),
        )
    except PbnError as error:
        # a name too long for a line of PBN: said, and the evening's page a tap away
        context = {"evening": record.evening, "error": str(error)}
        return render(request, "duplicate/not_written.html", context, status=422)
    data = exports.pbn_file(text)
    return _download(
        data, "text/plain; charset=iso-8859-1", exports.pbn_filename(record.evening.day)
    )
