"""The card picker (§9): after the play, a player enters the four hands of the deal in
progress, thirteen taps a hand, the last hand filled in by itself; sent, they are kept
with the deal, and the result form's honours and chicane come filled in from them. And a
deal's page: its hands, what was worked out from them, and its play as Elwell prints it.

The picker's steps write nothing: the hands picked so far travel in the page. Only the
four hands sent are written, keyed and refused when stale as every write to a rubber.
"""

from __future__ import annotations

import copy
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorer import engine
from scorer.engine.cards import Hand, Hands, dealt
from scorer.plumbing import keys
from scorer.plumbing.http import SignedInRequest
from scorer.recording.table import sentence
from scorer.rubbers import reads, writes
from scorer.rubbers.access import state_or_404, state_to_write
from scorer.rubbers.cards import allowed_view, cards_view, diagram_view
from scorer.rubbers.forms.hands import HandsForm, PickForm
from scorer.rubbers.models import Deal
from scorer.rubbers.presenters import deal_line, declaration_words
from scorer.rubbers.views.rubber import STALE
from scorer.rubbers.writes.hands import NO_DEAL

NOT_SAVED = "Your hands were not saved: send them again if they still stand."
DAMAGED = "This form is damaged: open the page again and fill it in afresh."


@login_required
@require_http_methods(["GET", "POST"])
def hands(request: SignedInRequest, pk: int) -> HttpResponse:
    """A step of the picker: the first hand's on opening it, the next on each step sent,
    and once three are picked, the four hands to send."""
    state = state_to_write(request, pk)
    deal = _deal_in_progress(state)
    if deal is None:
        return _page(request, state, message=_no_deal(state), status=409)
    if request.method == "GET":
        first = PickForm(initial={"revision": state.rubber.revision})
        return _step(request, state, deal, (), first)
    form = PickForm(request.POST)
    if not form.is_valid():
        picked = form.cleaned_data.get("picked", ())
        if "picked" in form.errors or "revision" in form.errors:  # a damaged page: start again
            fresh = PickForm(initial={"revision": state.rubber.revision})
            return _step(request, state, deal, (), fresh, message=_errors(form), status=422)
        return _step(request, state, deal, picked, form, status=422)
    picked = (*form.cleaned_data["picked"], form.cleaned_data["hand"])
    revision = form.cleaned_data["revision"]
    if len(picked) < len(dealt.PICKED):
        line = " ".join(str(hand) for hand in picked)
        return _step(
            request, state, deal, picked, PickForm(initial={"picked": line, "revision": revision})
        )
    four = Hands.of(picked[0], picked[1], picked[2], dealt.last_hand(picked))
    send = HandsForm(initial={"hands": dealt.hands_line(four)}, revision=revision)
    return _summary(request, state, deal, four, send)


@login_required
@require_POST
def send_hands(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """Keep the four hands with the deal in progress, and go back to its result."""
    state = state_to_write(request, pk)
    form = HandsForm(request.POST)
    if not form.is_valid():
        deal = _deal_in_progress(state)
        if deal is None:
            return _page(request, state, message=_no_deal(state), status=409)
        again = PickForm(initial={"revision": state.rubber.revision})
        return _step(request, state, deal, (), again, message=_errors(form), status=422)
    hands_sent: Hands = form.cleaned_data["hands"]
    try:
        state = writes.enter_hands(
            state=state,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
            hands=hands_sent,
        )
    except keys.Stale:  # another phone wrote first: the hands kept in the page, to send again
        fresh = state_or_404(pk)
        told = " ".join(reads.told_since(pk, form.cleaned_data["revision"]))
        message = f"{told or STALE} {NOT_SAVED}"
        deal = _deal_in_progress(fresh)
        if deal is None:
            return _page(request, fresh, message=f"{message} {_no_deal(fresh)}", status=409)
        resend = HandsForm(initial={"hands": form.data["hands"]}, revision=fresh.rubber.revision)
        return _summary(request, fresh, deal, hands_sent, resend, message=message, status=409)
    except engine.RubberError as error:
        fresh = state_or_404(pk)
        return _page(request, fresh, message=sentence(error), status=422)
    deal = state.in_progress
    if deal is not None:
        messages.success(
            request,
            f"Deal {deal.number}: the hands are kept. The honours and chicane are filled in "
            "from them: yours to send with the tricks.",
        )
    return redirect("scorer:rubber", pk=pk)


@login_required
@require_GET
def deal_cards(request: SignedInRequest, pk: int, number: int) -> HttpResponse:
    """A deal's page: its hands in Elwell's diagram, what was worked out from them, its
    play, trick by trick, if known, and what the cards allowed (§12), followed by htmx
    until it is worked out."""
    state = state_or_404(pk)
    deal = next(
        (d for d in (*state.recorded, state.in_progress) if d is not None and d.number == number),
        None,
    )
    if deal is None:
        raise Http404(f"There is no deal {number} in this rubber.")
    context = {"rubber": state.rubber, "deal": deal, "allowed": allowed_view(state, deal)}
    if request.htmx and request.GET.get("part") == "allowed":  # followed until it is done
        return render(request, "rubbers/deal.html#allowed", context)
    line = deal_line(state, deal) if deal.recorded_at else _in_progress_line(state, deal)
    return render(
        request, "rubbers/deal.html", {**context, "line": line, "cards": cards_view(state, deal)}
    )


def _in_progress_line(state: reads.RubberState, deal: Deal) -> str:
    return f"{deal.number}. {declaration_words(state, deal)} \u2014 the result is to come"


def _deal_in_progress(state: reads.RubberState) -> Deal | None:
    """The deal whose hands may be entered: the one in progress, at a game that records
    hands."""
    if engine.Record.HANDS not in state.game.laws.records:
        return None
    return state.in_progress


def _no_deal(state: reads.RubberState) -> str:
    if engine.Record.HANDS not in state.game.laws.records:
        return f"{state.game.name} does not record a deal's hands."
    return sentence(engine.RubberError(NO_DEAL))


def _errors(form: PickForm | HandsForm) -> str:
    """What was wrong with a form sent, in sentences; a key or revision not as the page
    wrote it, as the table's forms say it."""
    said: list[str] = []
    for field, errors in form.errors.items():
        said += [DAMAGED] if field in ("key", "revision") else [str(error) for error in errors]
    return " ".join(dict.fromkeys(said))


def _step(
    request: SignedInRequest,
    state: reads.RubberState,
    deal: Deal,
    picked: tuple[Hand, ...],
    form: PickForm,
    *,
    message: str = "",
    status: int = 200,
) -> HttpResponse:
    position = dealt.PICKED[len(picked)]
    seat = dealt.seats_from(deal.dealer)[position]
    chosen = set(form["cards"].value() or ()) if form.is_bound else set()
    suits = [
        (
            suit,
            [
                (f"{suit.letter}{rank.letter}", dealt.rank_text(rank), dealt.card_words(suit, rank))
                for rank in ranks
            ],
        )
        for suit, ranks in dealt.left_to_pick(picked)
    ]
    following = dealt.PICKED[len(picked) + 1] if len(picked) + 1 < len(dealt.PICKED) else None
    return _page(
        request,
        state,
        deal=deal,
        step={
            "number": len(picked) + 1,
            "letter": position.letter,
            "role": position.label,
            "name": state.game.seating.seat_label(seat, state.seats[seat].name),
            "next": following.letter if following is not None else None,
            "last": dealt.LAST.letter,
            "suits": suits,
            "chosen": chosen,
            "wanted": dealt.HAND_SIZE,
        },
        form=form,
        message=message,
        status=status,
    )


def _summary(
    request: SignedInRequest,
    state: reads.RubberState,
    deal: Deal,
    four: Hands,
    send: HandsForm,
    *,
    message: str = "",
    status: int = 200,
) -> HttpResponse:
    shown = copy.copy(deal)  # the deal as it would be kept: not saved
    shown.hands = dealt.hands_line(four)
    return _page(
        request,
        state,
        deal=deal,
        diagram=diagram_view(state, shown),
        send=send,
        message=message,
        status=status,
    )


def _page(
    request: SignedInRequest,
    state: reads.RubberState,
    *,
    status: int = 200,
    **context: Any,
) -> HttpResponse:
    return render(
        request,
        "rubbers/hands.html",
        {"rubber": state.rubber, **context},
        status=status,
    )
