"""The evening's results as they come: every board's traveller, a board with its hands and
traveller, the rankings (by direction in a Mitchell), each pair's board-by-board card, and
the noticeboard for a screen on the wall. A board's hands and traveller are shown to a
member once his pair has played it (`access.boards_seen`)."""

from __future__ import annotations

from threading import Lock

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET

from scorer.duplicate import access, live, presenters, reads
from scorer.duplicate.views import following
from scorer.engine.cards import Direction, Hands
from scorer.engine.cards.records import Layout, diagram
from scorer.engine.duplicate import Comparison


@login_required
@require_GET
def travellers(request: HttpRequest, pk: int) -> HttpResponse:
    record = reads.evening_record(access.evening_or_404(pk))
    context = following.travellers_context(request, record)
    return render(request, "duplicate/travellers.html", context)


@login_required
@require_GET
def board(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A board: its hands (when known) and its traveller, once the viewer may see them."""
    record = reads.evening_record(access.evening_or_404(pk))
    found = record.by_board.get(number)
    score = record.score
    if found is None or score is None:
        raise Http404(f"There is no board {number} in play at this evening.")
    seen = access.boards_seen(request, record)
    context = {"evening": record.evening, "number": number, "shown": access.may_see(seen, number)}
    if context["shown"]:
        matchpoints = record.evening.comparison == Comparison.MATCHPOINTS.value
        traveller = score.travellers[number - 1]
        context["traveller"] = presenters.traveller_view(
            traveller, presenters.provisional_of(record), matchpoints
        )
        if found.hands is not None:
            known = reads.board_of(number, found.hands).hands
            assert known is not None
            north, east, south, west = known
            dealer = traveller.board.dealer
            hands = Hands.at(
                {Direction.NORTH: north, Direction.EAST: east, Direction.SOUTH: south,
                 Direction.WEST: west},
                dealer,
            )  # fmt: skip
            context["diagram"] = diagram(number, dealer, hands, Layout.COMPASS)
        context["source"] = found.get_source_display()
        context["directing"] = access.directs(request)
        context["tables"] = {(row.ns.number, row.ew.number): row.table.pk for row in record.tables}
    return render(request, "duplicate/board.html", context)


@login_required
@require_GET
def ranking(request: HttpRequest, pk: int) -> HttpResponse:
    record = reads.evening_record(access.evening_or_404(pk))
    if record.score is None:
        raise Http404("The rankings are kept once the evening has started.")
    return render(request, "duplicate/ranking.html", following.ranking_context(request, record))


@login_required
@require_GET
def card(request: HttpRequest, pk: int, pair: int) -> HttpResponse:
    """A pair's board-by-board card: each board's round, table, direction, opponents,
    points, net and score."""
    record = reads.evening_record(access.evening_or_404(pk))
    return render(request, "duplicate/card.html", following.card_context(request, record, pair))


# -- The noticeboard --------------------------------------------------------------------------


@require_GET
def noticeboard(request: HttpRequest, token: str) -> HttpResponse:
    """The rankings and the tables, live, for a screen on the wall: names and scores only
    (no board's traveller), for anyone with the link, until it is revoked. Polled with the
    version it shows: an empty answer while nothing has changed. Every screen is shown the
    same page, drawn once for each change of the evening."""
    link = live.board_link(token)
    state = reads.board_state(link[0]) if link is not None else None
    if link is None or state is None or state.generation != link[1]:
        raise Http404("This noticeboard's link has been revoked; the director has its new one.")
    polled = request.GET.get("version")
    if polled is not None and polled == state.version:
        return HttpResponse(status=204)
    html = _board_html(link[0], state, token)
    if polled is not None:
        return HttpResponse(html)
    return render(request, "duplicate/noticeboard.html", {"name": state.name, "board": html})


# The noticeboard as last drawn, by evening and generation of its links: every screen and
# every poll of the evening shows the same, until something in it changes (its version).
_BOARDS: dict[tuple[int, str, int], tuple[str, SafeString]] = {}
_BOARDS_LOCK = Lock()
_BOARDS_KEPT = 16


def _board_html(pk: int, state: reads.BoardState, token: str) -> SafeString:
    key = (pk, state.opened_at, state.generation)
    with _BOARDS_LOCK:
        kept = _BOARDS.get(key)
    if kept is not None and kept[0] == state.version:
        return kept[1]
    record = reads.evening_record(access.evening_or_404(pk))
    drawn = reads.version_of(record)  # what was read: a write since is drawn next time
    context = {
        "evening": record.evening,
        "record": record,
        "rankings": presenters.rankings(record),
        "tables": presenters.tables_now(record) if record.evening.started else [],
        "live_url": f"{reverse('scorer:duplicate:board', args=[token])}?version={drawn}",
    }
    html = SafeString(render_to_string("duplicate/noticeboard_part.html", context))
    if not connection.in_atomic_block:
        with _BOARDS_LOCK:
            _BOARDS[key] = (drawn, html)
            while len(_BOARDS) > _BOARDS_KEPT:
                del _BOARDS[next(iter(_BOARDS))]
    return html
