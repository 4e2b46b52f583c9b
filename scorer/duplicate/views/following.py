"""Following an evening as its results come in: what each page that follows it shows (the
evening's page, a pair's own place on its table's page, the rankings, the travellers, a
pair's card), and the poll that brings each up to date, every two seconds, with a signed
token (`scorer/duplicate/live.py`): an empty answer while the evening's version is the
page's, the page's part drawn again when it is not."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from scorer.duplicate import access, live, presenters, reads
from scorer.duplicate.forms import EveningWriteForm, RemovePairForm
from scorer.engine.duplicate import Comparison
from scorer.plumbing.converters import number
from scorer.plumbing.http import HtmxRequest


def _live_url(request: HttpRequest, record: reads.EveningRecord, part: str = "") -> str:
    """The address that brings a page's part up to date: the evening's version it shows,
    the token, and which part."""
    url = reverse("scorer:duplicate:live", args=[record.evening.pk])
    token = live.token(request, "evening", record.evening.pk)
    tail = f"&part={part}" if part else ""
    return f"{url}?version={reads.version_of(record)}&token={token}{tail}"


def evening_context(request: HttpRequest, record: reads.EveningRecord) -> dict[str, Any]:
    found = record.evening
    directing = access.directs(request)
    seen = str(found.revision)
    member = getattr(request.user, "member", None)
    started = found.started
    context: dict[str, Any] = {
        "evening": found,
        "record": record,
        "words": presenters.evening_words(found),
        "directing": directing,
        "mine": presenters.mine(record, None if member is None else member.pk),
        "rankings": presenters.rankings(record) if started else [],
        "tables": presenters.tables_now(record) if started else [],
        "removals": [
            (pair, RemovePairForm(seen=seen, initial={"pair": pair.pair}) if directing else None)
            for pair in record.pairs
        ]
        if not started
        else [],
        "wanted": reads.movement_of(found.kind, found.tables).pairs,
        "live_url": _live_url(request, record),
    }
    if directing and started and not found.ended:
        context["late"] = presenters.to_come(record, record.late())
        context["waiting"] = record.provisional()
        context["end_form"] = EveningWriteForm(seen=seen)
    return context


def mine_context(request: HttpRequest, record: reads.EveningRecord) -> dict[str, Any]:
    """A member's own pair in the evening, and the address that brings it up to date."""
    member = getattr(request.user, "member", None)
    return {
        "evening": record.evening,
        "mine": presenters.mine(record, None if member is None else member.pk),
        "mine_url": _live_url(request, record, "mine"),
    }


def ranking_context(request: HttpRequest, record: reads.EveningRecord) -> dict[str, Any]:
    return {
        "evening": record.evening,
        "record": record,
        "rankings": presenters.rankings(record),
        "live_url": _live_url(request, record, "ranking"),
    }


def travellers_context(request: HttpRequest, record: reads.EveningRecord) -> dict[str, Any]:
    """Every board's traveller this viewer may read (the others said to be shown once his
    pair has played them)."""
    score = record.score
    if score is None:
        raise Http404("The travellers are kept once the evening has started.")
    matchpoints = record.evening.comparison == Comparison.MATCHPOINTS.value
    provisional = presenters.provisional_of(record)
    tables = presenters.tables_of(record)
    shown = [
        (
            traveller.board.number,
            presenters.traveller_view(traveller, provisional, matchpoints, tables=tables)
            if reads.may_see(record.seen, traveller.board.number)
            else None,
        )
        for traveller in score.travellers
    ]
    return {
        "evening": record.evening,
        "record": record,
        "shown": shown,
        "directing": access.directs(request),
        "back": reverse("scorer:duplicate:travellers", args=[record.evening.pk]),
        "live_url": _live_url(request, record, "travellers"),
    }


def card_context(request: HttpRequest, record: reads.EveningRecord, pair: int) -> dict[str, Any]:
    """A pair's board-by-board card, its place and score."""
    view = presenters.card_view(record, pair)
    if view is None:
        raise Http404(f"There is no pair {pair} in this evening.")
    matchpoints = record.evening.comparison == Comparison.MATCHPOINTS.value
    return {
        "evening": record.evening,
        "card": view,
        "score": presenters.score_words(view.standing.score, matchpoints),
        "percent": presenters.figure_or_none(view.standing.percent),
        "place": view.standing.place,
        "directing": access.directs(request),
        "back": reverse("scorer:duplicate:card", args=[record.evening.pk, pair]),
        "live_url": _live_url(request, record, f"card&pair={pair}"),
    }


@require_GET
def evening_live(request: HtmxRequest, pk: int) -> HttpResponse:
    """A page's part as the evening stands, for the phones following it, every two
    seconds: an empty answer while nothing in it has changed; status 286 stops the
    polling."""
    if not live.follows(request, "evening", pk):
        return HttpResponse(status=286)
    version = reads.version(pk)
    if version is None or not request.user.is_authenticated:
        return HttpResponse(status=286)
    if version == request.GET.get("version"):
        return HttpResponse(status=204)
    record = access.read_for(request, pk)
    part = request.GET.get("part", "")
    if part == "mine":  # a pair's own, on its table's page
        return render(request, "duplicate/mine_live.html", mine_context(request, record))
    if part == "ranking":
        return render(request, "duplicate/ranking.html#live", ranking_context(request, record))
    if part == "travellers":
        context = travellers_context(request, record)
        return render(request, "duplicate/travellers.html#live", context)
    if part == "card":
        pair = number(request.GET.get("pair", "")) or 0
        return render(request, "duplicate/card.html#live", card_context(request, record, pair))
    return render(request, "duplicate/evening.html#live", evening_context(request, record))
