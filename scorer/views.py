"""The scoring site's pages: the club's rubbers, starting one, and scoring it at the table."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorer import engine, services
from scorer.engine import loads, sheet_text
from scorer.forms import DeclarationForm, ResultForm, StartRubberForm
from scorer.models import Rubber
from scorer.sheets import cut_view, rubber_rows, sheet_view, words

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
                )
                return redirect("scorer:rubber", pk=rubber.pk)
    elif request.method == "POST":  # "Find": the same form, the members narrowed down
        form = StartRubberForm(initial=request.POST.dict(), search=search)
    else:
        form = StartRubberForm(initial=_same_table(request), search=search)
    template = "scorer/start.html#seats" if request.htmx else "scorer/start.html"
    return render(request, template, {"form": form}, status=422 if form.errors else 200)


def _same_table(request: HttpRequest) -> dict[str, Any]:
    """The table and seats of an earlier rubber, for "New rubber, same table"."""
    same = request.GET.get("same", "")
    rubber = Rubber.objects.filter(pk=same).first() if same.isdigit() else None
    if rubber is None:
        return {}
    initial: dict[str, Any] = {"table": rubber.table}
    for seat in rubber.seats.all():
        initial[f"seat_{seat.position}"] = seat.member_id
    return initial


@login_required
@require_GET
def rubber(request: HttpRequest, pk: int) -> HttpResponse:
    return _render(request, _state_or_404(pk))


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
        if services.handled(request.POST.get("key", "")):
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
    if token.get("rubber") != pk:
        return HttpResponse(status=286)
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


# -- Helpers ------------------------------------------------------------------------------


def _revision(pk: int) -> int | None:
    """The rubber's revision, read with plain SQL: every following phone asks for it every
    two seconds, and building the ORM's query costs ten times the read itself."""
    table = connection.ops.quote_name(Rubber._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT revision FROM {table} WHERE id = %s", [pk])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


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
    form: DeclarationForm | ResultForm,
    write: Callable[[], services.TableState],
) -> HttpResponseBase:
    """Carry out a write and answer with the table as it now stands."""
    try:
        state = write()
    except services.Stale:  # read afresh: the rubber itself has moved on since our read
        return _render(request, _state_or_404(state.rubber.pk), message=STALE, status=409)
    except engine.RubberError as error:
        form.add_error(error.field if error.field in form.fields else None, _sentence(error))
        if isinstance(form, DeclarationForm):
            return _render(request, state, declaration=form, status=422)
        return _render(request, state, result=form, status=422)
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
    may_write = _may_write(request, state)
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
    token = signing.dumps({"rubber": rubber.pk, "user": user.pk}, salt=LIVE_SALT)
    live_url = reverse("scorer:live", args=[rubber.pk])
    return {
        "rubber": rubber,
        "state": state,
        "sheet": sheet_view(state),
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
        "keys": {"not_played": uuid.uuid4(), "discard": uuid.uuid4()},
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
