"""The rubber's page (its sheet, and the form for the next step), the declaration, the
result, discarding a deal, and the poll that keeps each phone's sheet current.

Every write here answers with the rubber as it then stands (htmx swaps it in place; a
plain form is sent back to the page), or, refused, with the form and the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorer import engine
from scorer.plumbing import keys
from scorer.plumbing.converters import number
from scorer.plumbing.http import HtmxRequest, SignedInRequest
from scorer.rubbers import live as following
from scorer.rubbers import reads, signals, writes
from scorer.rubbers.access import corrections_of, may_write, sides_for, state_or_404, state_to_write
from scorer.rubbers.cards import prefilled
from scorer.rubbers.forms.deals import (
    AgreementForm,
    DeclarationForm,
    DiscardForm,
    NotPlayedForm,
    ResultForm,
)
from scorer.rubbers.presenters import (
    agreement_view,
    corrections_view,
    cut_view,
    declaration_words,
    seat_names,
    sheet_view,
    words,
)

STALE = "The sheet changed on another phone; here it is now."


@login_required
@require_GET
def rubber(request: SignedInRequest, pk: int) -> HttpResponse:
    """The rubber, or its sheet as it stood at a past moment: ?after_deal=5 (when deal 5
    was recorded) or ?after_correction=3 (when correction 3 was made)."""
    state = state_or_404(pk)
    moment = _moment(request, state)
    if moment is None:
        return render_rubber(request, state)
    at, said = moment
    past = reads.as_it_stood(state, at)
    corrections = [c for c in corrections_of(state.rubber) if c.made_at <= at]
    return render(
        request,
        "rubbers/past.html",
        {
            "rubber": state.rubber,
            "state": past,
            "moment": said,
            "sheet": sheet_view(past, corrections),
            "words": words(past),
        },
    )


def _moment(request: HttpRequest, state: reads.RubberState) -> tuple[datetime, str] | None:
    """A past moment asked for, as (time, words); None for the rubber as it stands."""
    after_deal = number(request.GET.get("after_deal", ""))
    after_correction = number(request.GET.get("after_correction", ""))
    if after_deal is not None:
        deal = next((d for d in state.recorded if d.number == after_deal), None)
        if deal is None or deal.recorded_at is None:
            raise Http404(f"Deal {after_deal} has not been recorded.")
        return deal.recorded_at, f"as it stood after deal {deal.number} was recorded"
    if after_correction is not None:
        correction = state.rubber.corrections.filter(pk=after_correction).first()
        if correction is None:
            raise Http404("There is no such correction to this rubber.")
        return correction.made_at, f"as it stood after deal {correction.number} was corrected"
    return None


@login_required
@require_http_methods(["GET", "POST"])
def declaration(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """The declaration of the next deal, or of the deal in progress to change it."""
    state = state_to_write(request, pk)
    if request.method == "GET":
        return render_rubber(request, state, declaration=_declaration_form(state), part="panel")
    form = DeclarationForm(request.POST, seats=seat_names(state), game=state.game)
    if not form.is_valid():
        return render_rubber(request, state, declaration=form, status=422)
    return write(request, state, form, partial(writes.declare, declaration=form.declaration()))


@login_required
@require_POST
def result(request: SignedInRequest, pk: int) -> HttpResponseBase:
    state = state_to_write(request, pk)
    if state.in_progress is None:  # recorded already: by this very form, or another phone
        if keys.handled(request.POST.get("key", "")):
            return done(request, state)
        return render_rubber(request, state, message=_result_not_saved(state, request), status=409)
    trump = engine.Trump(state.in_progress.trump)  # type: ignore[call-arg]  # by value: mypy#10573
    form = ResultForm(request.POST, trump=trump, game=state.game)
    if not form.is_valid():
        return render_rubber(request, state, result=form, status=422)
    return write(request, state, form, partial(writes.record_result, result=form.result()))


@login_required
@require_POST
def discard(request: SignedInRequest, pk: int) -> HttpResponseBase:
    state = state_to_write(request, pk)
    form = DiscardForm(request.POST)
    if not form.is_valid():
        return render_rubber(request, state, message=STALE, status=409)
    return write(request, state, form, writes.discard)


@require_GET
def live(request: HtmxRequest, pk: int) -> HttpResponse:
    """The sheet for phones that follow the rubber, polled every two seconds.

    The page's signed token stands for the signed-in player it was shown to, so an
    unchanged sheet costs one indexed read and an empty answer. Status 286 tells htmx to
    stop polling (a token too old, or for another rubber).
    """
    if not following.follows(request, pk):
        return HttpResponse(status=286)
    revision = following.revision_of(pk)
    if revision is None:
        return HttpResponse(status=286)
    seen = request.GET.get("revision", "")
    if str(revision) == seen:
        return HttpResponse(status=204)
    if not request.user.is_authenticated:
        return HttpResponse(status=286)
    state = state_or_404(pk)
    told = reads.told_since(pk, int(seen)) if seen.isdecimal() and len(seen) < 10 else []
    context = rubber_context(request, state, changed=True, told=told)
    return render(request, "rubbers/rubber.html#live", context)


def write(
    request: SignedInRequest,
    state: reads.RubberState,
    form: DeclarationForm | ResultForm | AgreementForm | DiscardForm,
    act: Callable[..., reads.RubberState],
) -> HttpResponseBase:
    """Carry out a write (one of scorer.writes, its own arguments given) with this form's
    key and revision, and answer with the table as it now stands."""
    try:
        state = act(
            state=state,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
        )
    except keys.Stale:  # read afresh: the rubber itself has moved on since our read
        fresh = state_or_404(state.rubber.pk)
        return render_rubber(request, fresh, message=not_saved(state, form), status=409)
    except keys.Refused as error:  # the ledger's refusal of an agreement, say
        return render_rubber(request, state_or_404(state.rubber.pk), message=str(error), status=422)
    except engine.RubberError as error:
        # Refused and undone: the rubber read afresh, since the refused write had moved the
        # state it was given on before the database undid it.
        state = state_or_404(state.rubber.pk)
        if isinstance(form, DeclarationForm):
            form.add_error(error.field if error.field in form.fields else None, sentence(error))
            return render_rubber(request, state, declaration=form, status=422)
        if isinstance(form, ResultForm):
            form.add_error(error.field if error.field in form.fields else None, sentence(error))
            return render_rubber(request, state, result=form, status=422)
        return render_rubber(request, state, message=sentence(error), status=422)
    return done(request, state)


def not_saved(
    read: reads.RubberState, form: DeclarationForm | ResultForm | AgreementForm | DiscardForm
) -> str:
    """A write refused because another phone wrote first: what was recorded meanwhile, and
    what this phone's was, which was not saved. ("Deal 5 recorded: We 8 tricks; honours
    We: three aces. Yours — We 9 tricks; honours We: four aces — was not saved.")"""
    told = " ".join(reads.told_since(read.rubber.pk, form.cleaned_data["revision"]))
    yours = _yours(read, form)
    kept = f"Yours \u2014 {yours} \u2014 was not saved." if yours else "Yours was not saved."
    return f"{told or STALE} {kept}"


def _result_not_saved(state: reads.RubberState, request: SignedInRequest) -> str:
    """A result sent for a deal another phone has recorded meanwhile: read against that
    deal's trump, to say what was recorded and what this one was."""
    if not state.recorded:
        return STALE
    last = state.recorded[-1]
    trump = engine.Trump(last.trump)  # type: ignore[call-arg]  # by value: mypy#10573
    form = ResultForm(request.POST, trump=trump)
    valid = form.is_valid()
    revision = form.cleaned_data.get("revision")
    told = " ".join(reads.told_since(state.rubber.pk, revision)) if revision is not None else ""
    if not valid:
        return f"{told or STALE} Yours was not saved."
    yours = engine.words.result(writes.as_recorded(last, form.result()).to_engine())
    return f"{told or STALE} Yours \u2014 {yours} \u2014 was not saved."


def _yours(
    read: reads.RubberState, form: DeclarationForm | ResultForm | AgreementForm | DiscardForm
) -> str:
    """What this phone sent, in words."""
    if isinstance(form, DeclarationForm):
        deal = writes.as_declared(read.rubber, read.next_number, form.declaration())
        return declaration_words(read, deal)
    if isinstance(form, ResultForm) and read.in_progress is not None:
        deal = writes.as_recorded(read.in_progress, form.result())
        return read.game.words.result_words(read.game.laws.deal_of(deal.called()))
    if isinstance(form, AgreementForm):
        return "your agreement"
    return ""


def done(request: HtmxRequest, state: reads.RubberState) -> HttpResponseBase:
    """The answer to a write carried out: the table as it now stands."""
    if not request.htmx:
        return redirect("scorer:rubber", pk=state.rubber.pk)  # a plain form: the page afresh
    return render_rubber(request, state)


def sentence(error: engine.RubberError) -> str:
    problem = error.problem
    return f"Deal {error.deal}: {problem}." if error.deal else problem[0].upper() + problem[1:]


def render_rubber(
    request: HtmxRequest,
    state: reads.RubberState,
    *,
    declaration: DeclarationForm | None = None,
    result: ResultForm | None = None,
    message: str = "",
    status: int = 200,
    part: str = "rubber",
) -> HttpResponse:
    context = rubber_context(
        request, state, declaration=declaration, result=result, message=message
    )
    template = f"rubbers/rubber.html#{part}" if request.htmx else "rubbers/rubber.html"
    return render(request, template, context, status=status)


def rubber_context(
    request: HttpRequest,
    state: reads.RubberState,
    *,
    declaration: DeclarationForm | None = None,
    result: ResultForm | None = None,
    message: str = "",
    changed: bool = False,
    told: list[str] | None = None,
) -> dict[str, Any]:
    rubber = state.rubber
    writing = may_write(request, state) and not rubber.agreed
    if writing and not state.sheet.finished:
        if state.in_progress is None:
            declaration = declaration or _declaration_form(state)
        elif declaration is None:
            result = result or _result_form(state)
    deal = state.in_progress
    token = following.token(request, rubber)
    live_url = reverse("scorer:live", args=[rubber.pk])
    corrections = corrections_of(rubber)
    sheet = sheet_view(state, corrections)
    revision = rubber.revision
    spades_unplayed = deal is not None and state.game.laws.may_go_unplayed(
        deal.called(), rubber.rules, state.sheet.game.points
    )
    my_sides = sides_for(request, state) if writing else set()
    return {
        "rubber": rubber,
        "game": state.game,
        "state": state,
        "sheet": sheet,
        "corrections": corrections_view(state, corrections),
        "agreement": agreement_view(state) if deal is None else None,
        "my_sides": my_sides,
        "agreement_forms": _agreement_forms(state, my_sides) if deal is None else [],
        "both_form": (
            AgreementForm(revision=revision, initial={"side_agreeing": "both"})
            if None in my_sides and not (rubber.we_agreed_at or rubber.they_agreed_at)
            else None
        ),
        "may_correct": writing,
        "cut": cut_view(state),
        "words": words(state),
        "may_write": writing,
        "declaration_form": declaration,
        "result_form": result,
        "message": message,
        "changed": changed,
        # What the rubber is played for, and who plays for whom: asked only when a whole
        # page is drawn, not for the table's part that a save or a poll answers with.
        "terms": partial(signals.terms_of, rubber),
        "substitutes": partial(reads.substitutes, rubber),
        "told": told or [],
        "in_progress": deal,
        "tricks_legend": (
            f"Tricks won by {deal.dealer_side.label} ({sheet.names[deal.dealer_side]})"
            if deal
            else ""
        ),
        "not_played_form": NotPlayedForm(revision=revision) if spades_unplayed else None,
        "discard_form": DiscardForm(revision=revision) if deal is not None else None,
        "live_url": f"{live_url}?revision={rubber.revision}&token={token}",
    }


def _agreement_forms(
    state: reads.RubberState, sides: set[engine.Side | None]
) -> list[tuple[engine.Side, AgreementForm, str]]:
    """For each side this user may agree for: its form to agree, or, agreed, to take it
    back."""
    rubber = state.rubber
    forms = []
    for side in engine.SIDES:
        if side not in sides:
            continue
        by, _ = rubber.agreed_by(side)
        action = reverse("scorer:withdraw" if by else "scorer:agree", args=[rubber.pk])
        form = AgreementForm(revision=rubber.revision, initial={"side_agreeing": side.value})
        forms.append((side, form, action))
    return forms


def _declaration_form(state: reads.RubberState) -> DeclarationForm:
    deal = state.in_progress
    initial: dict[str, Any] = {"dealer": state.next_dealer, "maker": "dealer", "doubles": 0}
    if deal is not None:  # changing the deal in progress
        initial = {
            "dealer": deal.dealer,
            "maker": deal.maker,
            "trump": deal.trump,
            "doubles": min(deal.doubles, 4),
            "more_doubles": deal.doubles if deal.doubles > 4 else None,
        }
    return DeclarationForm(
        initial=initial, revision=state.rubber.revision, seats=seat_names(state), game=state.game
    )


def _result_form(state: reads.RubberState) -> ResultForm:
    deal = state.in_progress
    assert deal is not None
    trump = engine.Trump(deal.trump)  # type: ignore[call-arg]  # by value: mypy#10573
    return ResultForm(
        trump=trump, revision=state.rubber.revision, game=state.game, initial=prefilled(deal)
    )
