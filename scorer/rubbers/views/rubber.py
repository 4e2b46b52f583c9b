"""The rubber's page (its sheet, and the form for the next step), the whole deal in one
save or the declaration then the result, discarding a deal, undoing the last entry,
accepting a deal for the other side, the phone's choice of one save or two steps, and the
poll that keeps each phone's sheet current.

Every write here answers with the rubber as it then stands, saying what it did (htmx swaps
it in place; a plain form is sent back to the page), or, refused, with the form and the
reason.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorer import engine
from scorer.club.models import Club, person
from scorer.plumbing import keys
from scorer.plumbing.converters import number
from scorer.plumbing.http import HtmxRequest, SignedInRequest
from scorer.recording.table import chosen_steps, said_by, sentence
from scorer.rubbers import live as following
from scorer.rubbers import reads, signals, writes
from scorer.rubbers.access import corrections_of, may_write, sides_for, state_or_404, state_to_write
from scorer.rubbers.cards import prefilled
from scorer.rubbers.forms.deals import (
    AcceptanceForm,
    AgreementForm,
    DealForm,
    DeclarationForm,
    DiscardForm,
    NotPlayedForm,
    ResultForm,
    UndoForm,
)
from scorer.rubbers.presenters import (
    acceptance_view,
    agreement_view,
    corrections_view,
    cut_view,
    declaration_words,
    seat_names,
    sheet_view,
    tricks_legend,
    words,
)
from scorer.rubbers.recording import RUBBER

STALE = "The sheet changed on another phone; here it is now."

Write = DeclarationForm | ResultForm | DealForm | AgreementForm | DiscardForm | UndoForm


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
def deal(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """The whole deal in one save, once it is over: its declaration and its result."""
    state = state_to_write(request, pk)
    if not RUBBER.one_save(state):
        words = state.game.words.declaration_name
        message = f"At {state.game.name} {words} is recorded before the play: nothing was saved."
        return render_rubber(request, state, message=message, status=422)
    return RUBBER.whole_deal(
        request, state, render=render_rubber, write=write, record_deal=writes.record_deal
    )


@login_required
@require_POST
def discard(request: SignedInRequest, pk: int) -> HttpResponseBase:
    state = state_to_write(request, pk)
    form = DiscardForm(request.POST)
    if not form.is_valid():
        return render_rubber(request, state, message=STALE, status=409)
    return write(request, state, form, writes.discard)


@login_required
@require_POST
def undo(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """Undo the last entry, made in error: kept as a correction, its reason filled in."""
    state = state_to_write(request, pk)

    def undo(**given: Any) -> reads.RubberState:
        return writes.undo(**given).state

    return RUBBER.undone(request, state, render=render_rubber, write=write, undo=undo, stale=STALE)


@login_required
@require_POST
def accept(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """One player of the other side accepts a recorded deal (where the club asks for it)."""
    state = state_to_write(request, pk)
    form = AcceptanceForm(request.POST)
    if not Club.get().deals_accepted:
        message = "The club does not ask for each deal to be accepted: nothing was recorded."
        return render_rubber(request, state, message=message, status=422)
    if not form.is_valid():
        return render_rubber(request, state, message=STALE, status=409)
    number = form.cleaned_data["number"]
    deal = next((d for d in state.recorded if d.number == number), None)
    side = None if deal is None else reads.accepting_side(state, deal, corrections_of(state.rubber))
    if side is not None and side not in sides_for(request, state):
        raise PermissionDenied(f"A player of {side.label} accepts deal {number}.")
    return write(request, state, form, partial(writes.accept, number=number, side=side))


@require_POST
def steps(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The phone's choice: a deal in one save once it is over, or its declaration first and
    its result after the play (for a phone without JavaScript: its script keeps it)."""
    return chosen_steps(request, reverse("scorer:rubber", args=[pk]))


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
    told = told_by_phone(pk, int(seen)) if seen.isdecimal() and len(seen) < 10 else []
    context = rubber_context(request, state, changed=True, told=told)
    return render(request, "rubbers/rubber.html#live", context)


def told_by_phone(pk: int, revision: int) -> list[str]:
    """What was done since `revision`, in words, each run of writes from one member's
    phone said as his: "From Mrs. Carr's phone: Deal 3 declared: …" """
    lines: list[tuple[str, list[str]]] = []
    for user, said in reads.told_by_since(pk, revision):
        who = person(user)
        if lines and lines[-1][0] == who:
            lines[-1][1].append(said)
        else:
            lines.append((who, [said]))
    return [f"From {who}'s phone: {' '.join(said)}" for who, said in lines]


def write(
    request: SignedInRequest,
    state: reads.RubberState,
    form: Write | AcceptanceForm,
    act: Callable[..., reads.RubberState],
) -> HttpResponseBase:
    """Carry out a write (one of scorer.writes, its own arguments given) with this form's
    key and revision, and answer with the table as it now stands."""
    key = form.cleaned_data["key"]
    try:
        state = act(state=state, user=request.user, key=key, revision=form.cleaned_data["revision"])
    except keys.Stale:  # read afresh: the rubber itself has moved on since our read
        fresh = state_or_404(state.rubber.pk)
        message = not_saved(state, form, fresh, request)
        return render_rubber(request, fresh, message=message, status=409)
    except keys.Refused as error:  # the ledger's refusal of an agreement, say
        return render_rubber(request, state_or_404(state.rubber.pk), message=str(error), status=422)
    except engine.RubberError as error:
        # Refused and undone: the rubber read afresh, since the refused write had moved the
        # state it was given on before the database undid it.
        state = state_or_404(state.rubber.pk)
        # A form the page no longer offers (a whole deal over a declaration saved since, or
        # after the rubber was won) is refused in a sentence above what it does offer.
        offered = not isinstance(form, DealForm) or RUBBER.offers_deal(state)
        if not isinstance(form, DeclarationForm | ResultForm | DealForm) or not offered:
            return render_rubber(request, state, message=sentence(error), status=422)
        form.add_error(error.field if error.field in form.fields else None, sentence(error))
        if isinstance(form, DealForm):
            return render_rubber(request, state, deal=form, status=422)
        if isinstance(form, ResultForm):
            return render_rubber(request, state, result=form, status=422)
        return render_rubber(request, state, declaration=form, status=422)
    return done(request, state, key, form)


def not_saved(
    read: reads.RubberState,
    form: Write | AcceptanceForm,
    fresh: reads.RubberState,
    request: SignedInRequest,
) -> str:
    """A write refused because another phone wrote first: what was recorded meanwhile, and
    from whose phone, and what this phone's was, which was not saved. ("From Mrs. Carr's
    phone: Deal 5 recorded: We 8 tricks; honours We: three aces. Yours — We 9 tricks;
    honours We: four aces — was not saved.") A form now shown for the result of another
    phone's declaration says so."""
    told = " ".join(told_by_phone(read.rubber.pk, form.cleaned_data["revision"]))
    yours = _yours(read, form)
    kept = f"Yours \u2014 {yours} \u2014 was not saved." if yours else "Yours was not saved."
    return " ".join(part for part in (told or STALE, kept, _whose_result(fresh, request)) if part)


def _whose_result(state: reads.RubberState, request: SignedInRequest) -> str:
    """The form shown after a refusal, when it is for another phone's declaration."""
    deal = state.in_progress
    if deal is None or deal.declared_by_id == request.user.pk:
        return ""
    return (
        f"The form below is for the result of deal {deal.number} as {person(deal.declared_by)} "
        f"declared it: {declaration_words(state, deal)}."
    )


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
    told = " ".join(told_by_phone(state.rubber.pk, revision)) if revision is not None else ""
    if not valid:
        return f"{told or STALE} Yours was not saved."
    yours = engine.words.result(writes.as_recorded(last, form.result()).to_engine())
    return f"{told or STALE} Yours \u2014 {yours} \u2014 was not saved."


def _yours(read: reads.RubberState, form: Write | AcceptanceForm) -> str:
    """What this phone sent, in words."""
    if isinstance(form, DealForm):
        declared = writes.as_declared(read.rubber, read.next_number, form.declaration())
        deal = writes.as_recorded(declared, form.result())
        try:
            said = read.game.words.result_words(read.game.laws.deal_of(deal.called()))
        except engine.RubberError:  # a result the laws refuse: its declaration says enough
            return declaration_words(read, declared)
        return f"{declaration_words(read, declared)} \u2014 {said}"
    if isinstance(form, DeclarationForm):
        deal = writes.as_declared(read.rubber, read.next_number, form.declaration())
        return declaration_words(read, deal)
    if isinstance(form, ResultForm) and read.in_progress is not None:
        deal = writes.as_recorded(read.in_progress, form.result())
        return read.game.words.result_words(read.game.laws.deal_of(deal.called()))
    if isinstance(form, AgreementForm):
        return "your agreement"
    if isinstance(form, AcceptanceForm):
        return f"your acceptance of deal {form.cleaned_data['number']}"
    if isinstance(form, UndoForm):
        return "your undoing"
    return ""


def done(
    request: HtmxRequest, state: reads.RubberState, key: Any = None, form: Any = None
) -> HttpResponseBase:
    """The answer to a write carried out: the table as it now stands, saying what the write
    did (answered as the first was, if the form was sent again)."""
    said = said_by(key) if key is not None else ""
    if not request.htmx:
        if said:
            messages.success(request, said)
        return redirect("scorer:rubber", pk=state.rubber.pk)  # a plain form: the page afresh
    new = None
    if isinstance(form, ResultForm | DealForm) and state.recorded:
        new = state.recorded[-1].number
    entered = isinstance(form, DeclarationForm | ResultForm | DealForm)
    return render_rubber(request, state, said=said, new=new, entered=entered)


def render_rubber(
    request: HtmxRequest,
    state: reads.RubberState,
    *,
    declaration: DeclarationForm | None = None,
    result: ResultForm | None = None,
    deal: DealForm | None = None,
    message: str = "",
    said: str = "",
    new: int | None = None,
    entered: bool = False,
    status: int = 200,
    part: str = "rubber",
) -> HttpResponse:
    """The rubber's page, or its part htmx asked for. `said`: what this phone's own write
    did; `new`, the deal it recorded; `entered`, whether it was an entry (which may be
    undone at once)."""
    context = rubber_context(
        request,
        state,
        declaration=declaration,
        result=result,
        deal=deal,
        message=message,
        said=said,
        new=new,
    )
    context["entered"] = entered
    template = f"rubbers/rubber.html#{part}" if request.htmx else "rubbers/rubber.html"
    return render(request, template, context, status=status)


def rubber_context(
    request: HttpRequest,
    state: reads.RubberState,
    *,
    declaration: DeclarationForm | None = None,
    result: ResultForm | None = None,
    deal: DealForm | None = None,
    message: str = "",
    said: str = "",
    new: int | None = None,
    changed: bool = False,
    told: list[str] | None = None,
) -> dict[str, Any]:
    rubber = state.rubber
    writing = may_write(request, state) and not rubber.agreed
    panel: dict[str, Any] = {
        "declaration_form": declaration,
        "deal_form": deal,
        "steps": "two",
        "deal_hints": None,
    }
    if writing and not state.sheet.finished:
        if state.in_progress is None:
            panel = RUBBER.next_deal(request, state, declaration, deal)
        elif declaration is None:
            result = result or _result_form(state)
    in_progress = state.in_progress
    token = following.token(request, rubber)
    live_url = reverse("scorer:live", args=[rubber.pk])
    corrections = corrections_of(rubber)
    sheet = sheet_view(state, corrections, new)
    revision = rubber.revision
    spades_unplayed = in_progress is not None and state.game.laws.may_go_unplayed(
        in_progress.called(), rubber.rules, state.sheet.game.points
    )
    my_sides = sides_for(request, state) if writing else set()
    undo = RUBBER.undo_form(state) if writing else None
    return {
        "rubber": rubber,
        "game": state.game,
        "state": state,
        "sheet": sheet,
        "corrections": corrections_view(state, corrections),
        "agreement": agreement_view(state) if in_progress is None else None,
        "my_sides": my_sides,
        "agreement_forms": _agreement_forms(state, my_sides) if in_progress is None else [],
        "both_form": (
            AgreementForm(revision=revision, initial={"side_agreeing": "both"})
            if None in my_sides and not (rubber.we_agreed_at or rubber.they_agreed_at)
            else None
        ),
        "may_correct": writing,
        "cut": cut_view(state),
        "words": words(state),
        "may_write": writing,
        **panel,
        "result_form": result,
        "recording": RUBBER.addresses(state),
        "message": message,
        "said": said,
        "changed": changed,
        # What the rubber is played for, and who plays for whom: asked only when a whole
        # page is drawn, not for the table's part that a save or a poll answers with.
        "terms": partial(signals.terms_of, rubber),
        "substitutes": partial(reads.substitutes, rubber),
        "told": told or [],
        "in_progress": in_progress,
        "declared": _declared(request, state),
        "tricks_legend": (
            tricks_legend(in_progress.dealer_side, sheet.names) if in_progress else ""
        ),
        "not_played_form": NotPlayedForm(revision=revision) if spades_unplayed else None,
        "discard_form": DiscardForm(revision=revision) if in_progress is not None else None,
        "undo_form": undo,
        "acceptance": _acceptance(state, corrections, my_sides, revision),
        "live_url": f"{live_url}?revision={rubber.revision}&token={token}",
    }


def _declared(request: HttpRequest, state: reads.RubberState) -> str:
    """The deal in progress's declaration, and from whose phone, for its result's form."""
    deal = state.in_progress
    if deal is None:
        return ""
    whose = "your" if deal.declared_by_id == request.user.pk else f"{person(deal.declared_by)}'s"
    return f"Declared from {whose} phone: {declaration_words(state, deal)}."


def _acceptance(
    state: reads.RubberState,
    corrections: list[Any],
    sides: set[engine.Side | None],
    revision: int,
) -> dict[str, Any] | None:
    """Where each deal's acceptance stands, and a form for each this user may accept; None
    when the club does not ask for it, or the rubber is agreed (its agreement settles every
    deal)."""
    if state.rubber.agreed or not state.recorded or not Club.get().deals_accepted:
        return None
    view = acceptance_view(state, corrections, reads.acceptances(state.rubber))
    forms = [
        (waiting, AcceptanceForm(revision=revision, initial={"number": waiting.number}))
        for waiting in view.waiting
    ]
    return {
        "view": view,
        "waiting": [(w, form if w.side in sides else None) for w, form in forms],
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
