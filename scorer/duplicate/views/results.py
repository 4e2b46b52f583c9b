"""The evening's results as they come: every board's traveller, a board with its hands and
traveller, the rankings (by direction in a Mitchell), each pair's board-by-board card, and
the noticeboard for a screen on the wall. A board's hands and traveller are shown to a
member once his pair has played it, and whatever is worked out from them counts it only
then: every read here is the viewer's (`access.read_for`, by `reads.boards_seen`); the
noticeboard's is the room's, the boards every pair has played."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET

from scorer.analysis import reads as analyses
from scorer.duplicate import access, live, presenters, reads
from scorer.duplicate.views import following
from scorer.engine import Side, allowed_line
from scorer.engine.cards import Direction, Hands
from scorer.engine.cards.records import Layout, diagram
from scorer.engine.duplicate import Comparison
from scorer.plumbing.http import HtmxRequest
from scorer.plumbing.noticeboard import Drawn, Noticeboard


@login_required
@require_GET
def travellers(request: HttpRequest, pk: int) -> HttpResponse:
    record = access.read_for(request, pk)
    context = following.travellers_context(request, record)
    return render(request, "duplicate/travellers.html", context)


@login_required
@require_GET
def board(request: HtmxRequest, pk: int, number: int) -> HttpResponse:
    """A board: its hands (when known), what the cards allowed (§12) and its traveller,
    once the viewer may see them; its part `analysed` followed by htmx until the board's
    analysis is done."""
    record = access.read_for(request, pk)
    found = record.by_board.get(number)
    score = record.score
    if found is None or score is None:
        raise Http404(f"There is no board {number} in play at this evening.")
    context = {
        "evening": record.evening,
        "number": number,
        "shown": reads.may_see(record.seen, number),
    }
    if context["shown"]:
        matchpoints = record.evening.comparison == Comparison.MATCHPOINTS.value
        traveller = score.travellers[number - 1]
        dealer = traveller.board.dealer
        allowed = None
        if found.hands is not None:
            known = reads.board_of(number, found.hands).hands
            assert known is not None
            north, east, south, west = known
            hands = Hands.at(
                {Direction.NORTH: north, Direction.EAST: east, Direction.SOUTH: south,
                 Direction.WEST: west},
                dealer,
            )  # fmt: skip
            context["diagram"] = diagram(number, dealer, hands, Layout.COMPASS)
            (analysed,), _ = analyses.analysed([hands])
            allowed = analysed.allowed
            side = Layout.COMPASS.side_name(Side.WE, dealer)
            context["allowed_line"] = allowed_line(allowed, side, analysed.waiting)
            context["analysing"] = allowed is None and not analysed.failed
        context["traveller"] = presenters.traveller_view(
            traveller, presenters.provisional_of(record), matchpoints, allowed,
            presenters.tables_of(record),
        )  # fmt: skip
        context["source"] = found.get_source_display()
        context["directing"] = access.directs(request)
        context["back"] = reverse("scorer:duplicate:board_page", args=[record.evening.pk, number])
    if request.htmx and request.GET.get("part") == "analysed":
        return render(request, "duplicate/board.html#analysed", context)
    return render(request, "duplicate/board.html", context)


@login_required
@require_GET
def ranking(request: HttpRequest, pk: int) -> HttpResponse:
    record = access.read_for(request, pk)
    if record.score is None:
        raise Http404("The rankings are kept once the evening has started.")
    context = following.ranking_context(request, record)
    # its files are for whoever may read every board, as the evening's page offers them
    context["exports"] = record.seen is None
    return render(request, "duplicate/ranking.html", context)


@login_required
@require_GET
def card(request: HttpRequest, pk: int, pair: int) -> HttpResponse:
    """A pair's board-by-board card: each board's round, table, direction, opponents,
    points, net and score."""
    record = access.read_for(request, pk)
    return render(request, "duplicate/card.html", following.card_context(request, record, pair))


# -- The noticeboard --------------------------------------------------------------------------


@require_GET
def noticeboard(request: HttpRequest, token: str) -> HttpResponse:
    """The rankings and the tables, live, for a screen on the wall: names and scores only
    (no board's traveller), for anyone with the link, until it is revoked."""
    return _noticeboard.view(request, token)


def _draw_noticeboard(pk: int, token: str) -> Drawn:
    record = reads.evening_record(access.evening_or_404(pk), reads.ROOM)
    drawn = reads.version_of(record)
    context = {
        "evening": record.evening,
        "record": record,
        "rankings": presenters.rankings(record),
        "tables": presenters.tables_now(record) if record.evening.started else [],
        "live_url": f"{reverse('scorer:duplicate:board', args=[token])}?version={drawn}",
    }
    return drawn, SafeString(render_to_string("duplicate/noticeboard_part.html", context))


_noticeboard = Noticeboard(
    link=live.board_link,
    state=reads.board_state,
    draw=_draw_noticeboard,
    page="duplicate/noticeboard.html",
    revoked="the director has its new one",
)
