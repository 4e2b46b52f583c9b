"""Correcting a recorded deal as Laws 12 and 13 allow, and removing the last deal recorded
by mistake: each part of the deal says whether it may still change, and why not."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from scorer import engine
from scorer.plumbing import keys
from scorer.plumbing.http import SignedInRequest
from scorer.recording.table import sentence
from scorer.rubbers import reads, writes
from scorer.rubbers.access import state_or_404, state_to_write
from scorer.rubbers.forms.deals import CorrectionForm, RemovalForm
from scorer.rubbers.models import Deal
from scorer.rubbers.presenters import deal_line, seat_names
from scorer.rubbers.views.rubber import STALE


@login_required
@require_http_methods(["GET", "POST"])
def correction(request: SignedInRequest, pk: int, number: int) -> HttpResponseBase:
    """A recorded deal opened for correction: each field says whether it may still change
    (Laws 12, 13), and why not when it may not."""
    state = state_to_write(request, pk)
    deal = next((d for d in state.recorded if d.number == number), None)
    if deal is None:
        raise Http404(f"Deal {number} has not been recorded.")
    trump = engine.Trump(deal.trump)  # type: ignore[call-arg]  # by value: mypy#10573
    if request.method == "GET":
        form = CorrectionForm(
            initial=CorrectionForm.values_of(deal),
            revision=state.rubber.revision,
            seats=seat_names(state),
            recorded_trump=trump,
            game=state.game,
        )
        return _correction_page(request, state, deal, form)
    data = request.POST.copy()
    for field, value in CorrectionForm.values_of(deal).items():  # disabled fields are not sent
        if field not in data:
            data[field] = "" if value is None else str(value)
    form = CorrectionForm(data, seats=seat_names(state), recorded_trump=trump, game=state.game)
    if not form.is_valid():
        return _correction_page(request, state, deal, form, status=422)
    return _correct(
        request, state, deal, form, (form.declaration(), form.result()), f"Deal {number} corrected"
    )


@login_required
@require_POST
def remove_deal(request: SignedInRequest, pk: int, number: int) -> HttpResponseBase:
    """Remove the last deal, recorded by mistake: a correction under Law 12."""
    state = state_to_write(request, pk)
    deal = next((d for d in state.recorded if d.number == number), None)
    if deal is None:
        raise Http404(f"Deal {number} has not been recorded.")
    form = RemovalForm(request.POST)
    if not form.is_valid():
        return _correction_page(request, state, deal, None, removal=form, status=422)
    return _correct(request, state, deal, form, None, f"Deal {number} removed")


def _correct(
    request: SignedInRequest,
    state: reads.RubberState,
    deal: Deal,
    form: CorrectionForm | RemovalForm,
    correction: tuple[writes.Declaration, writes.Result] | None,
    what: str,
) -> HttpResponseBase:
    """Carry out a correction (None: removing the deal), and say what it changed; or, refused,
    the page again with the reason."""
    try:
        corrected = writes.correct(
            state=state,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
            number=deal.number,
            reason=form.cleaned_data["reason"],
            correction=correction,
        )
    except keys.Stale:
        fresh = state_or_404(state.rubber.pk)
        return _correction_page(request, fresh, deal, None, message=STALE, status=409)
    except engine.RubberError as error:
        form.add_error(None, sentence(error))
        if isinstance(form, RemovalForm):
            return _correction_page(request, state, deal, None, removal=form, status=422)
        return _correction_page(request, state, deal, form, status=422)
    _said(request, what, corrected.changes, deal.number, corrected.lapsed)
    return redirect("scorer:rubber", pk=state.rubber.pk)


def _window(state: reads.RubberState, number: int) -> engine.Window:
    return state.game.corrections.window(
        state.sheet,
        number,
        next_trump_declared=state.in_progress is not None,
        agreed=state.rubber.agreed,
    )


def _correction_page(
    request: HttpRequest,
    state: reads.RubberState,
    deal: Deal,
    form: CorrectionForm | None,
    *,
    removal: RemovalForm | None = None,
    message: str = "",
    status: int = 200,
) -> HttpResponse:
    deal = next((d for d in state.recorded if d.number == deal.number), deal)
    if form is None:
        trump = engine.Trump(deal.trump)  # type: ignore[call-arg]  # by value: mypy#10573
        form = CorrectionForm(
            initial=CorrectionForm.values_of(deal),
            revision=state.rubber.revision,
            seats=seat_names(state),
            recorded_trump=trump,
            game=state.game,
        )
    last = bool(state.recorded) and deal.number == state.recorded[-1].number
    context = {
        "rubber": state.rubber,
        "state": state,
        "deal": deal,
        "line": deal_line(state, deal),
        "form": form,
        "window": _window(state, deal.number),
        "removal": removal or (RemovalForm(revision=state.rubber.revision) if last else None),
        "message": message,
        "spade_convention": state.rubber.spade_convention,
        "game": state.game,
    }
    return render(request, "rubbers/correction.html", context, status=status)


def _said(
    request: HttpRequest, what: str, changes: list[str], number: int, lapsed: str = ""
) -> None:
    """What a correction changed, and whose agreement lapsed by it, shown on the rubber's
    page next."""
    said = f"{what}: {engine.words.changes(number, changes)}."
    messages.success(request, f"{said} {lapsed}" if lapsed else said)
