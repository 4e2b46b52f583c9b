"""The evenings, opening one, and an evening's page: its pairs as they come, the start,
each table at the round it is playing, the late and missing results and those not yet
accepted (for the director), the rankings and a member's own pair, live (its contexts in
`following`); a hand record attached, the end, and the noticeboard's link."""

from __future__ import annotations

from collections.abc import Callable

import segno
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from scorer.club.models import Club
from scorer.duplicate import access, live, writes
from scorer.duplicate.forms import (
    AddPairForm,
    AttachHandsForm,
    EveningWriteForm,
    OpenEveningForm,
    RemovePairForm,
    StartForm,
    skipped_said,
)
from scorer.duplicate.models import DuplicateEvening, DuplicatePair
from scorer.duplicate.views import following
from scorer.engine.duplicate import Comparison
from scorer.plumbing.http import SignedInRequest
from scorer.plumbing.keys import Answer, Refused, carry_out

# -- The evenings, and opening one ------------------------------------------------------------


@login_required
@require_GET
def evenings(request: HttpRequest) -> HttpResponse:
    return _evenings(request, OpenEveningForm() if access.directs(request) else None)


def _evenings(
    request: HttpRequest, form: OpenEveningForm | None, *, status: int = 200
) -> HttpResponse:
    listed = DuplicateEvening.objects.all()[:30]
    return render(
        request,
        "duplicate/evenings.html",
        {
            "evenings": [(evening, _stage_words(evening)) for evening in listed],
            "form": form,
            "limit": Club.get().doubling_limit,
        },
        status=status,
    )


def _stage_words(evening: DuplicateEvening) -> str:
    if evening.ended:
        return "ended"
    if not evening.started:
        return "pairs coming"
    return "in play"


@login_required
@require_POST
def open_evening(request: SignedInRequest) -> HttpResponse:
    access.director(request)
    form = OpenEveningForm(request.POST)

    def write() -> Answer:
        data = form.cleaned_data
        movement, tables = form.chosen()
        opened = writes.open_evening(
            name=data["name"].strip(),
            day=data["day"],
            movement=movement,
            tables=tables,
            boards_a_round=data["boards_a_round"],
            comparison=Comparison(data["comparison"]),
            user=request.user,
        )
        return Answer(reverse("scorer:duplicate:evening", args=[opened.evening.pk]), opened.said)

    def refused(reason: str) -> HttpResponse:
        """The form again as it was sent, every field kept, its refusal beside the field
        (the write's own, which names none, above the form)."""
        if reason:
            form.add_error(None, reason)
        return _evenings(request, form, status=422)

    back = reverse("scorer:duplicate:evenings")
    return carry_out(request, form, what="duplicate open", write=write, back=back, refused=refused)


# -- An evening -------------------------------------------------------------------------------


@login_required
@require_GET
def evening(request: SignedInRequest, pk: int) -> HttpResponse:
    record = access.evening_record_or_404(request, pk)
    found = record.evening
    context = following.evening_context(request, record)
    seen = str(found.revision)
    if access.directs(request):
        if not found.started:
            context["pair_form"] = AddPairForm(evening=found, seen=seen)
            context["start_form"] = StartForm(seen=seen)
        elif not found.ended and any(not board.known for board in record.boards):
            context["attach_form"] = AttachHandsForm(seen=seen)
        link = request.build_absolute_uri(
            reverse("scorer:duplicate:board", args=[live.board_token(found)])
        )
        context["noticeboard"] = link
        context["qr"] = segno.make(link, error="m").svg_inline(scale=3, dark="#000", light="#fff")
        context["revoke_board"] = EveningWriteForm(seen=seen)
    context["hands_known"] = bool(record.boards) and all(board.known for board in record.boards)
    return render(request, "duplicate/evening.html", context)


# -- The director's steps ---------------------------------------------------------------------


def _at_evening(
    request: SignedInRequest,
    pk: int,
    form: EveningWriteForm,
    what: str,
    act: Callable[[DuplicateEvening], str],
) -> HttpResponse:
    """Carry out a step of the evening once, against the revision its form was shown, if
    this user directs."""
    found = access.evening_or_404(pk)
    access.director(request)
    back = reverse("scorer:duplicate:evening", args=[found.pk])

    def write() -> Answer:
        return Answer(back, act(found))

    return carry_out(request, form, what=what, write=write, back=back)


@login_required
@require_POST
def add_pair(request: SignedInRequest, pk: int) -> HttpResponse:
    found = access.evening_or_404(pk)
    form = AddPairForm(request.POST, evening=found)

    def act(found: DuplicateEvening) -> str:
        first, second = form.players()
        return writes.add_pair(
            evening=found,
            first=first,
            second=second,
            seen=form.cleaned_data["seen"],
            user=request.user,
        )

    return _at_evening(request, pk, form, "duplicate pair", act)


@login_required
@require_POST
def remove_pair(request: SignedInRequest, pk: int) -> HttpResponse:
    form = RemovePairForm(request.POST)

    def act(found: DuplicateEvening) -> str:
        pair: DuplicatePair = form.cleaned_data["pair"]
        if pair.evening_id != found.pk:
            raise Refused(f"That pair does not play in {found.name}.")
        return writes.remove_pair(
            evening=found, pair=pair, seen=form.cleaned_data["seen"], user=request.user
        )

    return _at_evening(request, pk, form, "duplicate unpair", act)


@login_required
@require_POST
def start(request: SignedInRequest, pk: int) -> HttpResponse:
    form = StartForm(request.POST, request.FILES)
    return _at_evening(
        request,
        pk,
        form,
        "duplicate start",
        lambda found: (
            writes.start(
                evening=found,
                boards_from=form.cleaned_data["boards_from"],
                boards=form.boards(),
                seen=form.cleaned_data["seen"],
                user=request.user,
            )
            + skipped_said(form)
        ),
    )


@login_required
@require_POST
def attach_hands(request: SignedInRequest, pk: int) -> HttpResponse:
    form = AttachHandsForm(request.POST, request.FILES)
    return _at_evening(
        request,
        pk,
        form,
        "duplicate hands",
        lambda found: (
            writes.attach_hands(
                evening=found,
                boards=form.cleaned_data["pbn"],
                seen=form.cleaned_data["seen"],
                user=request.user,
            )
            + skipped_said(form)
        ),
    )


def _step(what: str, write: Callable[..., str]) -> Callable[[SignedInRequest, int], HttpResponse]:
    """A step of the evening that takes nothing but its form: the end, revoking the
    noticeboard."""

    @login_required
    @require_POST
    def view(request: SignedInRequest, pk: int) -> HttpResponse:
        form = EveningWriteForm(request.POST)
        return _at_evening(
            request,
            pk,
            form,
            what,
            lambda found: write(evening=found, seen=form.cleaned_data["seen"], user=request.user),
        )

    return view


end = _step("duplicate end", writes.end)
revoke_board = _step("duplicate board", writes.revoke_board)
