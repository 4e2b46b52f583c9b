"""The scoring site's pages: the club's rubbers, starting one, and scoring it at the table."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorer import engine, once, printing, services
from scorer.engine import loads, sheet_text
from scorer.forms import (
    AgreementForm,
    CorrectionForm,
    DeclarationForm,
    EveningForm,
    PrintForm,
    RemovalForm,
    ResultForm,
    StartRubberForm,
)
from scorer.models import Club, Correction, Deal, Rubber, side_of
from scorer.sheets import (
    agreement_view,
    corrections_view,
    cut_view,
    deal_line,
    rubber_rows,
    sheet_view,
    words,
)
from scorer.sheets import (
    evening as evening_lines,
)

SPECIMEN = Path(__file__).parent / "data" / "elwell-specimen.json"
STALE = "The sheet changed on another phone; here it is now."
LIVE_SALT = "scorer.live"
LIVE_MAX_AGE = 12 * 60 * 60  # an evening's play


@cache
def _specimen_text() -> str:
    """Elwell's specimen never changes: it is worked out once per process."""
    specimen = loads(SPECIMEN.read_text())
    return sheet_text(specimen.sheet(), specimen.players)


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "scorer/home.html", {"specimen": _specimen_text()})
    rubbers = Rubber.objects.prefetch_related("seats__member", "deals")[:30]
    rows = rubber_rows(rubbers)
    return render(
        request,
        "scorer/rubbers.html",
        {
            "in_play": [row for row in rows if not row.finished],
            "finished": [row for row in rows if row.finished],
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def start_rubber(request: HttpRequest) -> HttpResponse:
    member = getattr(request.user, "member", None)
    if member is None and not request.user.is_staff:
        raise PermissionDenied("Only members of the club and its staff may start a rubber.")
    search = request.POST.get("search") or request.GET.get("search", "")
    if request.method == "POST" and "find" not in request.POST:
        form = StartRubberForm(request.POST, search=search)
        if form.is_valid():
            members = form.members()
            if not request.user.is_staff and member not in members:
                form.add_error(None, "You may start only a rubber you are playing in.")
            else:
                rubber = services.start_rubber(
                    table=form.cleaned_data["table"],
                    members=members,
                    first_dealer=form.dealer(),
                    user=request.user,
                    key=form.cleaned_data["key"],
                )
                return redirect("scorer:rubber", pk=rubber.pk)
    elif request.method == "POST":  # "Find": the same form, the members narrowed down
        form = StartRubberForm(initial=request.POST.dict(), search=search)
    else:
        form = StartRubberForm(initial=_same_table(request), search=search)
    # htmx asks only to find members, for the seats alone; errors are shown with the whole
    # form, since they may be in any of its fields.
    partial = request.htmx and not form.errors
    template = "scorer/start.html#seats" if partial else "scorer/start.html"
    return render(request, template, {"form": form}, status=422 if form.errors else 200)


def _same_table(request: HttpRequest) -> dict[str, Any]:
    """The table and seats of an earlier rubber, for "New rubber, same table"."""
    same = request.GET.get("same", "")
    rubber = Rubber.objects.filter(pk=same).first() if same.isdecimal() else None
    if rubber is None:
        return {}
    initial: dict[str, Any] = {"table": rubber.table}
    for seat in rubber.seats.all():
        initial[f"seat_{seat.position}"] = seat.member_id
    return initial


@login_required
@require_GET
def rubber(request: HttpRequest, pk: int) -> HttpResponse:
    """The rubber, or its sheet as it stood at a past moment: ?after_deal=5 (when deal 5
    was recorded) or ?after_correction=3 (when correction 3 was made)."""
    state = _state_or_404(pk)
    moment = _moment(request, state)
    if moment is None:
        return _render(request, state)
    at, said = moment
    past = services.as_it_stood(state, at)
    corrections = [c for c in _corrections(state.rubber) if c.made_at <= at]
    return render(
        request,
        "scorer/past.html",
        {
            "rubber": state.rubber,
            "state": past,
            "moment": said,
            "sheet": sheet_view(past, corrections),
            "words": words(past),
        },
    )


def _moment(request: HttpRequest, state: services.TableState) -> tuple[Any, str] | None:
    """A past moment asked for, as (time, words); None for the rubber as it stands."""
    after_deal = request.GET.get("after_deal", "")
    after_correction = request.GET.get("after_correction", "")
    if after_deal.isdecimal():  # not isdigit(): int() cannot read "²"
        deal = next((d for d in state.recorded if d.number == int(after_deal)), None)
        if deal is None or deal.recorded_at is None:
            raise Http404(f"Deal {after_deal} has not been recorded.")
        return deal.recorded_at, f"as it stood after deal {deal.number} was recorded"
    if after_correction.isdecimal():
        correction = state.rubber.corrections.filter(pk=int(after_correction)).first()
        if correction is None:
            raise Http404("There is no such correction to this rubber.")
        return correction.made_at, f"as it stood after deal {correction.number} was corrected"
    return None


@login_required
@require_http_methods(["GET", "POST"])
def declaration(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The declaration of the next deal, or of the deal in progress to change it."""
    state = _state_to_write(request, pk)
    if request.method == "GET":
        return _render(request, state, declaration=_declaration_form(state), part="panel")
    form = DeclarationForm(request.POST, seats=_seat_names(state))
    if not form.is_valid():
        return _render(request, state, declaration=form, status=422)
    return _write(
        request,
        state,
        form,
        lambda: services.declare(
            state=state,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
            declaration=form.declaration(),
        ),
    )


@login_required
@require_POST
def result(request: HttpRequest, pk: int) -> HttpResponseBase:
    state = _state_to_write(request, pk)
    if state.in_progress is None:  # recorded already: by this very form, or another phone
        if once.handled(request.POST.get("key", "")):
            return _done(request, state)
        return _render(request, state, message=STALE, status=409)
    form = ResultForm(request.POST, trump=engine.Trump(state.in_progress.trump))
    if not form.is_valid():
        return _render(request, state, result=form, status=422)
    return _write(
        request,
        state,
        form,
        lambda: services.record_result(
            state=state,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
            result=form.result(),
        ),
    )


@login_required
@require_POST
def discard(request: HttpRequest, pk: int) -> HttpResponseBase:
    state = _state_to_write(request, pk)
    form = DeclarationForm(request.POST)  # only its key and revision are read
    form.full_clean()
    if "key" in form.errors or "revision" in form.errors:
        return _render(request, state, message=STALE, status=409)
    return _write(
        request,
        state,
        form,
        lambda: services.discard(
            state=state,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
        ),
    )


@login_required
@require_http_methods(["GET", "POST"])
def correction(request: HttpRequest, pk: int, number: int) -> HttpResponseBase:
    """A recorded deal opened for correction: each field says whether it may still change
    (Laws 12, 13), and why not when it may not."""
    state = _state_to_write(request, pk)
    deal = next((d for d in state.recorded if d.number == number), None)
    if deal is None:
        raise Http404(f"Deal {number} has not been recorded.")
    trump = engine.Trump(deal.trump)
    if request.method == "GET":
        form = CorrectionForm(
            initial=_deal_values(deal),
            revision=state.rubber.revision,
            seats=_seat_names(state),
            recorded_trump=trump,
        )
        return _correction_page(request, state, deal, form)
    data = request.POST.copy()
    for field, value in _deal_values(deal).items():  # disabled fields are not sent
        if field not in data:
            data[field] = "" if value is None else str(value)
    form = CorrectionForm(data, seats=_seat_names(state), recorded_trump=trump)
    if not form.is_valid():
        return _correction_page(request, state, deal, form, status=422)
    try:
        corrected = services.correct(
            state=state,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
            number=number,
            reason=form.cleaned_data["reason"],
            correction=(form.declaration(), form.result()),
        )
    except once.Stale:
        fresh = _state_or_404(pk)
        return _correction_page(request, fresh, deal, None, message=STALE, status=409)
    except engine.RubberError as error:
        form.add_error(None, _sentence(error))
        return _correction_page(request, state, deal, form, status=422)
    _said(request, f"Deal {number} corrected", corrected.changes)
    return redirect("scorer:rubber", pk=pk)


@login_required
@require_POST
def remove_deal(request: HttpRequest, pk: int, number: int) -> HttpResponseBase:
    """Remove the last deal, recorded by mistake: a correction under Law 12."""
    state = _state_to_write(request, pk)
    deal = next((d for d in state.recorded if d.number == number), None)
    if deal is None:
        raise Http404(f"Deal {number} has not been recorded.")
    form = RemovalForm(request.POST)
    if not form.is_valid():
        return _correction_page(request, state, deal, None, removal=form, status=422)
    try:
        corrected = services.correct(
            state=state,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
            number=number,
            reason=form.cleaned_data["reason"],
            correction=None,
        )
    except once.Stale:
        fresh = _state_or_404(pk)
        return _correction_page(request, fresh, deal, None, message=STALE, status=409)
    except engine.RubberError as error:
        form.add_error(None, _sentence(error))
        return _correction_page(request, state, deal, None, removal=form, status=422)
    _said(request, f"Deal {number} removed", corrected.changes)
    return redirect("scorer:rubber", pk=pk)


@login_required
@require_POST
def agree(request: HttpRequest, pk: int) -> HttpResponseBase:
    """A side agrees the rubber's value (its result, or abandoning it unfinished); the
    staff may record that both sides agreed."""
    state = _state_to_write(request, pk)
    form = AgreementForm(request.POST)
    if not form.is_valid():
        return _render(request, state, message="Choose which side agrees.", status=422)
    side = form.side()
    if side not in _sides_for(request, state):
        raise PermissionDenied("A player agrees for his own side; the staff for both.")
    return _write_agreement(request, state, form, side, services.agree)


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponseBase:
    """Take back a side's agreement before the other side has given theirs."""
    state = _state_to_write(request, pk)
    form = AgreementForm(request.POST)
    side = form.side() if form.is_valid() else None
    if side is None or side not in _sides_for(request, state):
        raise PermissionDenied("A player takes back his own side's agreement.")
    return _write_agreement(request, state, form, side, services.withdraw)


def _write_agreement(
    request: HttpRequest,
    state: services.TableState,
    form: AgreementForm,
    side: engine.Side | None,
    act: Callable[..., services.TableState],
) -> HttpResponseBase:
    return _write(
        request,
        state,
        form,
        lambda: act(
            state=state,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
            side=side,
        ),
    )


# -- Printing ---------------------------------------------------------------------------


@login_required
@require_GET
def rubber_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The rubber's sheet as PDF, for the rubber book."""
    state = _state_or_404(pk)
    pdf = printing.rubber_document(
        state, _corrections(state.rubber), printing.paper(request.GET.get("paper"))
    )
    day = timezone.localtime(state.rubber.started_at).date()
    return _pdf(pdf, printing.filename("rubber", pk, day))


@login_required
@require_GET
def print_page(request: HttpRequest) -> HttpResponse:
    """What can be printed: blank pads, an evening's results, any rubber from its page."""
    return render(
        request,
        "scorer/print.html",
        {
            "form": PrintForm(initial={"paper": Club.get().paper}),
            "today": timezone.localdate(),
            "tables": Rubber.objects.values_list("table", flat=True).distinct().order_by("table"),
        },
    )


@login_required
@require_GET
def pad_print(request: HttpRequest) -> HttpResponse:
    form = PrintForm(request.GET)
    if not form.is_valid():
        return render(request, "scorer/print.html", {"form": form}, status=400)
    data = form.cleaned_data
    pdf = printing.pad_document(data["per_page"], data["pages"], printing.paper(data["paper"]))
    return _pdf(pdf, printing.filename("score-pad", None, timezone.localdate()))


@login_required
@require_GET
def evening(request: HttpRequest) -> HttpResponse:
    """An evening's rubbers, one line each, and each member's points; ?print=1 for PDF."""
    form = EveningForm(request.GET or {"day": timezone.localdate().isoformat()})
    if not form.is_valid():
        return render(request, "scorer/evening.html", {"form": form}, status=400)
    day, table = form.cleaned_data["day"], form.cleaned_data["table"]
    rubbers = Rubber.objects.filter(started_at__date=day).order_by("started_at")
    if table:
        rubbers = rubbers.filter(table=table)
    rubbers = list(rubbers.prefetch_related("seats__member", "deals"))
    title = f"{table + ', ' if table else ''}{day:%A %-d %B %Y}"
    if request.GET.get("print"):
        pdf = printing.evening_document(
            title, rubbers, printing.paper(form.cleaned_data["paper"] or None)
        )
        return _pdf(pdf, printing.filename("evening", None, day))
    lines, totals = evening_lines(rubbers)
    return render(
        request,
        "scorer/evening.html",
        {"form": form, "title": title, "lines": lines, "totals": totals},
    )


def _pdf(pdf: bytes, name: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@require_GET
def live(request: HttpRequest, pk: int) -> HttpResponse:
    """The sheet for phones that follow the rubber, polled every two seconds.

    The page's signed token stands for the signed-in player it was shown to, so an
    unchanged sheet costs one indexed read and an empty answer. Status 286 tells htmx to
    stop polling (a token too old, or for another rubber).
    """
    try:
        token = signing.loads(request.GET.get("token", ""), salt=LIVE_SALT, max_age=LIVE_MAX_AGE)
    except signing.BadSignature:
        return HttpResponse(status=286)
    if not isinstance(token, dict) or token.get("rubber") != pk:
        return HttpResponse(status=286)
    if token.get("session") != _session_tag(request.COOKIES.get(settings.SESSION_COOKIE_NAME)):
        return HttpResponse(status=286)  # signed out (or another session): stop following
    revision = _revision(pk)
    if revision is None:
        return HttpResponse(status=286)
    if str(revision) == request.GET.get("revision"):
        return HttpResponse(status=204)
    if not request.user.is_authenticated:
        return HttpResponse(status=286)
    state = _state_or_404(pk)
    return render(request, "scorer/rubber.html#live", _context(request, state, changed=True))


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form whose security token has expired (a page left open for hours, cookies
    cleared): say what to do, and reload the page under htmx so that it gets a fresh one."""
    response = render(request, "csrf_failure.html", status=403)
    if request.htmx:
        response["HX-Refresh"] = "true"
    return response


def sign_in_locked(
    request: HttpRequest, response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """django-axes calls this when a username has had too many wrong passwords."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    return render(
        request,
        "registration/locked.html",
        {"username": username, "minutes": minutes, "limit": settings.AXES_FAILURE_LIMIT},
        status=429,
    )


# -- Helpers ------------------------------------------------------------------------------


def _session_tag(session_key: str | None) -> str:
    """A session, named in a poll's token without giving its key away: the token then
    stops working when that session ends (signing out clears the phone's cookie)."""
    if not session_key:
        return ""
    return hashlib.sha256(session_key.encode()).hexdigest()[:16]


def _revision(pk: int) -> int | None:
    """The rubber's revision, read with plain SQL: every following phone asks for it every
    two seconds, and building the ORM's query costs ten times the read itself."""
    table = connection.ops.quote_name(Rubber._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT revision FROM {table} WHERE id = %s", [pk])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def _window(state: services.TableState, number: int) -> engine.Window:
    return engine.window(
        state.sheet,
        number,
        next_trump_declared=state.in_progress is not None,
        agreed=state.rubber.agreed,
    )


def _deal_values(deal: Deal) -> dict[str, Any]:
    """A recorded deal as the correction form's values."""
    honours = (
        f"{deal.honours_side}:{deal.honours}" if deal.honours else "easy" if deal.played else ""
    )
    return {
        "dealer": deal.dealer,
        "maker": deal.maker,
        "trump": deal.trump,
        "doubles": min(deal.doubles, 4),
        "more_doubles": deal.doubles if deal.doubles > 4 else None,
        "not_played": "" if deal.played else "on",
        "tricks": deal.tricks,
        "honours": honours,
        "chicane_we": deal.chicane_we,
        "chicane_they": deal.chicane_they,
        "revokes_we": deal.revokes_we,
        "revokes_they": deal.revokes_they,
    }


def _correction_page(
    request: HttpRequest,
    state: services.TableState,
    deal: Deal,
    form: CorrectionForm | None,
    *,
    removal: RemovalForm | None = None,
    message: str = "",
    status: int = 200,
) -> HttpResponse:
    deal = next((d for d in state.recorded if d.number == deal.number), deal)
    if form is None:
        form = CorrectionForm(
            initial=_deal_values(deal),
            revision=state.rubber.revision,
            seats=_seat_names(state),
            recorded_trump=engine.Trump(deal.trump),
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
    }
    return render(request, "scorer/correction.html", context, status=status)


def _said(request: HttpRequest, what: str, changes: list[str]) -> None:
    """What a correction changed, shown on the rubber's page next."""
    told = "; ".join(changes) if changes else "nothing on the sheet changed"
    messages.success(request, f"{what}: {told}.")


def _sides_for(request: HttpRequest, state: services.TableState) -> set[engine.Side | None]:
    """The sides this user may agree for: his own; the staff, either or both (None)."""
    if request.user.is_staff:
        return {engine.Side.WE, engine.Side.THEY, None}
    return {
        seat_side
        for position, member in enumerate(state.seats)
        if member.user_id == request.user.pk
        for seat_side in [side_of(position)]
    }


def _corrections(rubber: Rubber) -> list[Correction]:
    return list(rubber.corrections.select_related("made_by__member"))


def _state_or_404(pk: int) -> services.TableState:
    try:
        return services.table_state_of(pk)
    except Rubber.DoesNotExist:
        raise Http404(f"There is no rubber {pk}.") from None


def _state_to_write(request: HttpRequest, pk: int) -> services.TableState:
    """The rubber, if this user may record in it: one of its four players, or the staff."""
    state = _state_or_404(pk)
    if not _may_write(request, state):
        raise PermissionDenied("Only the rubber's four players and the club's staff record deals.")
    return state


def _may_write(request: HttpRequest, state: services.TableState) -> bool:
    user = request.user
    return user.is_staff or any(member.user_id == user.pk for member in state.seats)


def _write(
    request: HttpRequest,
    state: services.TableState,
    form: DeclarationForm | ResultForm | AgreementForm,
    write: Callable[[], services.TableState],
) -> HttpResponseBase:
    """Carry out a write and answer with the table as it now stands."""
    try:
        state = write()
    except once.Stale:  # read afresh: the rubber itself has moved on since our read
        return _render(request, _state_or_404(state.rubber.pk), message=STALE, status=409)
    except once.Refused as error:  # the ledger's refusal of an agreement, say
        return _render(request, _state_or_404(state.rubber.pk), message=str(error), status=422)
    except engine.RubberError as error:
        if isinstance(form, DeclarationForm):
            form.add_error(error.field if error.field in form.fields else None, _sentence(error))
            return _render(request, state, declaration=form, status=422)
        if isinstance(form, ResultForm):
            form.add_error(error.field if error.field in form.fields else None, _sentence(error))
            return _render(request, state, result=form, status=422)
        return _render(request, state, message=_sentence(error), status=422)
    return _done(request, state)


def _done(request: HttpRequest, state: services.TableState) -> HttpResponseBase:
    """The answer to a write carried out: the table as it now stands."""
    if not request.htmx:
        return redirect("scorer:rubber", pk=state.rubber.pk)  # a plain form: the page afresh
    return _render(request, state)


def _sentence(error: engine.RubberError) -> str:
    problem = error.problem
    return f"Deal {error.deal}: {problem}." if error.deal else problem[0].upper() + problem[1:]


def _render(
    request: HttpRequest,
    state: services.TableState,
    *,
    declaration: DeclarationForm | None = None,
    result: ResultForm | None = None,
    message: str = "",
    status: int = 200,
    part: str = "table",
) -> HttpResponse:
    context = _context(request, state, declaration=declaration, result=result, message=message)
    template = f"scorer/rubber.html#{part}" if request.htmx else "scorer/rubber.html"
    return render(request, template, context, status=status)


def _context(
    request: HttpRequest,
    state: services.TableState,
    *,
    declaration: DeclarationForm | None = None,
    result: ResultForm | None = None,
    message: str = "",
    changed: bool = False,
) -> dict[str, Any]:
    rubber = state.rubber
    user = request.user
    may_write = _may_write(request, state) and not rubber.agreed
    if may_write and not state.sheet.finished:
        if state.in_progress is None:
            declaration = declaration or _declaration_form(state)
        elif declaration is None:
            result = result or _result_form(state)
    deal = state.in_progress
    may_go_unplayed = (
        deal is not None
        and rubber.spade_convention
        and deal.trump == engine.Trump.SPADES
        and deal.doubles == 0
        and max(state.sheet.game.points) < 20
    )
    token = signing.dumps(
        {
            "rubber": rubber.pk,
            "user": user.pk,
            "session": _session_tag(request.session.session_key),
        },
        salt=LIVE_SALT,
    )
    live_url = reverse("scorer:live", args=[rubber.pk])
    corrections = _corrections(rubber)
    return {
        "rubber": rubber,
        "state": state,
        "sheet": sheet_view(state, corrections),
        "corrections": corrections_view(state, corrections),
        "agreement": agreement_view(state) if deal is None else None,
        "my_sides": _sides_for(request, state) if may_write else set(),
        "may_correct": may_write and not rubber.agreed,
        "cut": cut_view(state),
        "words": words(state),
        "may_write": may_write,
        "declaration_form": declaration,
        "result_form": result,
        "message": message,
        "changed": changed,
        "in_progress": deal,
        "tricks_side": deal.dealer_side if deal else None,
        "may_go_unplayed": may_go_unplayed,
        "keys": {
            "not_played": uuid.uuid4(),
            "discard": uuid.uuid4(),
            "we": uuid.uuid4(),
            "they": uuid.uuid4(),
            "both": uuid.uuid4(),
        },
        "live_url": f"{live_url}?revision={rubber.revision}&token={token}",
    }


def _declaration_form(state: services.TableState) -> DeclarationForm:
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
        initial=initial, revision=state.rubber.revision, seats=_seat_names(state)
    )


def _seat_names(state: services.TableState) -> list[str]:
    return [member.short_name for member in state.seats]


def _result_form(state: services.TableState) -> ResultForm:
    deal = state.in_progress
    assert deal is not None
    return ResultForm(trump=engine.Trump(deal.trump), revision=state.rubber.revision)
