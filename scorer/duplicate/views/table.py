"""A table's page in a round, for its two phones: North–South record each board in one save
and are given the next board's form back; East–West accept each result with one tap; both
follow the other within two seconds, see where they go next round, and their pair's place
in the evening. The director records, accepts, and enters or corrects any result there,
with his reason. Anyone signed in may follow a table; a board's result there reaches him
once his pair has played the board (`reads.boards_seen`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorer.duplicate import access, live, presenters, reads, writes
from scorer.duplicate.forms import AcceptForm, BoardForm, DirectorForm
from scorer.duplicate.models import DuplicateCorrection, DuplicateTable
from scorer.duplicate.views.following import mine_context
from scorer.engine import RubberError
from scorer.engine.duplicate import DuplicateError, Schedule
from scorer.plumbing import keys
from scorer.plumbing.converters import number
from scorer.plumbing.http import HtmxRequest, SignedInRequest

STALE = "The table's results changed on another phone; here they are now."


@login_required
@require_GET
def table(request: SignedInRequest, pk: int) -> HttpResponse:
    return render_table(request, access.table_or_404(pk))


@login_required
@require_GET
def board_form(request: SignedInRequest, pk: int, board: int) -> HttpResponse:
    """North–South's form for a board of the round: the next one, another not yet
    recorded, or one recorded and not yet accepted, to change it."""
    record = access.to_record(request, pk)
    found = record.board(board)
    if found is None:
        raise Http404(f"Board {board} is not played at {record.table.label}.")
    form = _board_form(record, board)
    return render_table(request, record, form=form, part="panel")


@require_GET
def table_live(request: HtmxRequest, pk: int) -> HttpResponse:
    """The table's results for the phones following it, every two seconds."""
    if not live.follows(request, "table", pk):
        return HttpResponse(status=286)
    revision = live.revision_of(pk)
    if revision is None:
        return HttpResponse(status=286)
    seen = request.GET.get("revision", "")
    if str(revision) == seen:
        return HttpResponse(status=204)
    if not request.user.is_authenticated:
        return HttpResponse(status=286)
    record = access.table_or_404(pk)
    context = table_context(request, record, changed=True, told=_told(record, seen))
    return render(request, "duplicate/table.html#live", context)


def _told(record: reads.TableRecord, seen: str) -> list[str]:
    shown = number(seen)
    return [] if shown is None else reads.told_since(record.table.pk, shown)


@login_required
@require_POST
def record(request: SignedInRequest, pk: int, board: int) -> HttpResponseBase:
    """North–South's save of a board's result; answered with the next board's form."""
    found = access.to_record(request, pk)
    known = _known(found, board)
    form = BoardForm(request.POST, board=board, known=known)
    if not form.is_valid():
        return render_table(request, found, form=form, status=422)
    return _write(request, found, form, partial(writes.record, board=board, entry=form.entry()))


@login_required
@require_POST
def accept(request: SignedInRequest, pk: int, board: int) -> HttpResponseBase:
    """East–West accept a board's result with one tap."""
    found = access.to_accept(request, pk)
    form = AcceptForm(request.POST)
    if not form.is_valid():
        return render_table(request, found, message=STALE, status=409)
    return _write(request, found, form, partial(writes.accept, board=board))


def _known(record: reads.TableRecord, board: int) -> bool:
    found = record.board(board)
    if found is None:
        raise Http404(f"Board {board} is not played at {record.table.label}.")
    return found.known


def _write(
    request: SignedInRequest,
    record: reads.TableRecord,
    form: BoardForm | AcceptForm,
    act: Callable[..., reads.TableRecord],
) -> HttpResponseBase:
    """Carry out a write at the table with this form's key and revision, and answer with
    the table as it now stands; refused, with the form and the reason."""
    try:
        record = act(
            record=record,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
        )
    except keys.Stale:
        fresh = access.table_or_404(record.table.pk)
        told = " ".join(_told(fresh, str(form.cleaned_data["revision"])))
        return render_table(
            request, fresh, message=f"{told or STALE} Yours was not saved.", status=409
        )
    except RubberError as error:
        fresh = access.table_or_404(record.table.pk)
        if isinstance(form, BoardForm):
            field = error.field if error.field in form.fields else None
            form.add_error(field, sentence(error))
            return render_table(request, fresh, form=form, status=422)
        return render_table(request, fresh, message=sentence(error), status=422)
    if not request.htmx:
        return redirect("scorer:duplicate:table", pk=record.table.pk)
    return render_table(request, record)


def sentence(error: RubberError) -> str:
    """ "Board 5: tricks must add up to 13 (got 7 + 7)." """
    problem = error.problem
    board = error.board if isinstance(error, DuplicateError) else None
    if board is not None:
        return f"Board {board}: {problem}."
    return problem[:1].upper() + problem[1:] + ("" if problem.endswith(".") else ".")


def render_table(
    request: HtmxRequest,
    record: reads.TableRecord,
    *,
    form: BoardForm | None = None,
    message: str = "",
    status: int = 200,
    part: str = "table",
) -> HttpResponse:
    context = table_context(request, record, form=form, message=message)
    if not request.htmx:
        context.update(mine_context(request, access.read_for(request, record.evening.pk)))
    template = f"duplicate/table.html#{part}" if request.htmx else "duplicate/table.html"
    return render(request, template, context, status=status)


def _later(record: reads.TableRecord, form: BoardForm) -> list[BoardForm]:
    """The forms of the round's boards after this one not yet recorded, for a phone that
    loses its signal to offer in turn."""
    done = {row.board for row in record.results}
    return [
        _board_form(record, board.number)
        for board in record.boards
        if board.number > form.board and board.number not in done
    ]


def _board_form(record: reads.TableRecord, board: int) -> BoardForm:
    """A board's form: empty for one not yet recorded, else as recorded (to change it)."""
    found = record.board(board)
    assert found is not None
    row = record.result_on(board)
    initial = BoardForm.values_of(row.recorded) if row is not None else {}
    return BoardForm(
        initial=initial, revision=record.table.revision, board=board, known=found.known
    )


def table_context(
    request: HttpRequest,
    record: reads.TableRecord,
    *,
    form: BoardForm | None = None,
    message: str = "",
    changed: bool = False,
    told: list[str] | None = None,
) -> dict[str, Any]:
    evening, table = record.evening, record.table
    in_play = evening.started and not evening.ended
    recording = in_play and access.may_record(request, record)
    accepting = in_play and access.may_accept(request, record)
    if recording and form is None and record.next_board is not None:
        form = _board_form(record, record.next_board.number)
    token = live.token(request, "table", table.pk)
    live_url = reverse("scorer:duplicate:table_live", args=[table.pk])
    schedule = reads.schedule_of(evening)
    seen = access.boards_seen(request, evening)
    lines = presenters.board_lines(record, seen)
    waiting = [line for line in lines if line.provisional]
    if any(line.hidden for line in lines):
        told = []  # what the phones did there says the results: "the table changed"
    return {
        "table": table,
        "evening": evening,
        "record": record,
        "lines": lines,
        "boards": presenters.boards_words([board.number for board in record.boards]),
        "recorded": sum(1 for line in lines if line.row is not None or line.hidden),
        "waiting": len(waiting),
        "recording": recording,
        "accepting": accepting,
        "directing": access.directs(request),
        "line": access.line_at(request, record),
        "form": form if recording else None,
        "later_forms": _later(record, form) if recording and form is not None else [],
        "accept_form": AcceptForm(revision=table.revision) if accepting and waiting else None,
        "next": _next(record, schedule) if record.played else [],
        "message": message,
        "changed": changed,
        "told": told or [],
        "live_url": f"{live_url}?revision={table.revision}&token={token}",
    }


def _next(
    record: reads.TableRecord, schedule: Schedule
) -> list[tuple[presenters.Next, int | None]]:
    """Where each pair goes next round, with the id of that table, for the link there."""
    found = DuplicateTable.objects.filter(evening=record.evening, round=record.table.round + 1)
    tables = dict(found.values_list("number", "pk"))
    return [
        (next, None if next.sitting is None else tables.get(next.sitting.table))
        for next in presenters.next_sittings(record, schedule)
    ]


# -- The director's entry or correction --------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def correct(request: SignedInRequest, pk: int, board: int) -> HttpResponseBase:
    """The director enters a missing result (or that the pairs could not play the board),
    or corrects one, with his reason."""
    access.director(request)
    record = access.table_or_404(pk)
    known = _known(record, board)
    row = record.result_on(board)
    if request.method == "GET":
        initial = BoardForm.values_of(row.recorded) if row is not None else {}
        if row is not None and not row.recorded.played:
            initial["played"] = "no"
        form = DirectorForm(
            initial=initial, revision=record.table.revision, board=board, known=known
        )
        return _correction_page(request, record, board, form)
    form = DirectorForm(request.POST, board=board, known=known)
    if not form.is_valid():
        return _correction_page(request, record, board, form, status=422)
    try:
        corrected = writes.correct(
            record=record,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
            board=board,
            entry=form.entry(),
            reason=form.cleaned_data["reason"],
        )
    except keys.Stale:
        fresh = access.table_or_404(pk)
        form = DirectorForm(request.POST, board=board, known=known)
        form.is_valid()
        return _correction_page(
            request, fresh, board, _fresh(form, fresh), message=f"{STALE} Yours was not saved.",
            status=409,
        )  # fmt: skip
    except RubberError as error:
        field = error.field if error.field in form.fields else None
        form.add_error(field, sentence(error))
        return _correction_page(request, record, board, form, status=422)
    if corrected.said:
        messages.success(request, corrected.said)
    return redirect(_back(request) or reverse("scorer:duplicate:table", args=[pk]))


def _back(request: HttpRequest) -> str:
    """The page the director came from (a traveller, a pair's card, a board's), to go back
    to once his word is saved: a path of this site only."""
    back = request.POST.get("back") or request.GET.get("back") or ""
    if back.startswith("/") and url_has_allowed_host_and_scheme(back, allowed_hosts=None):
        return back
    return ""


def _fresh(form: DirectorForm, record: reads.TableRecord) -> DirectorForm:
    """The director's entries, on the table as it now stands (its revision)."""
    data = {**form.data.dict(), "revision": str(record.table.revision)}  # type: ignore[attr-defined]
    return DirectorForm(data, board=form.board, known=form.known)


def _correction_page(
    request: HttpRequest,
    record: reads.TableRecord,
    board: int,
    form: DirectorForm,
    *,
    message: str = "",
    status: int = 200,
) -> HttpResponse:
    scored = record.scored(board)
    corrections = []
    row = record.result_on(board)
    if row is not None:
        corrections = list(
            DuplicateCorrection.objects.filter(result_id=row.pk).select_related("made_by")
        )
    context = {
        "table": record.table,
        "evening": record.evening,
        "record": record,
        "board": board,
        "line": None if scored is None else presenters.result_line(scored),
        "row": row,
        "form": form,
        "message": message,
        "corrections": corrections,
        "back": _back(request),
    }
    return render(request, "duplicate/correct.html", context, status=status)
