"""The Progressive evening's pages: the evenings and opening one; an evening's page (its
players as they arrive, the draw, each round's tables, who moves where, the standings,
and each player's own table, partner, net and place), its results and what it prints;
each table's page, recording the round's deals as at a rubber and agreeing it; the
noticeboard for a screen on the wall.

Who does what: the staff open evenings, and any member too if the club allows it; an
evening is kept (its players, the draw, its rounds, its noticeboard) by the staff and by
the member who opened it; at a table its four record and the keepers too; a player agrees
for his own pair, the keepers for either or both. Anyone signed in sees every page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorer import engine
from scorer.club.models import Club
from scorer.plumbing import keys
from scorer.plumbing.converters import number
from scorer.plumbing.http import HtmxRequest, SignedInRequest
from scorer.plumbing.keys import Answer, carry_out
from scorer.plumbing.noticeboard import Drawn, Noticeboard
from scorer.plumbing.reading import page_read_or_404
from scorer.progressive import live, presenters, printing, reads, signals, writes
from scorer.progressive.forms import (
    AddGuestForm,
    AddMemberForm,
    EveningWriteForm,
    OpenEveningForm,
    PointsResultForm,
    RemovePlayerForm,
    arriving,
)
from scorer.progressive.models import ProgressiveEvening, ProgressivePlayer, ProgressiveTable
from scorer.progressive.recording import PROGRESSIVE
from scorer.recording.table import chosen_steps, said_by, sentence
from scorer.rubbers.forms.deals import (
    AgreementForm,
    CorrectionForm,
    DealForm,
    DeclarationForm,
    DiscardForm,
    UndoForm,
)

STALE = "The table's sheet changed on another phone; here it is now."

# -- Who may do what --------------------------------------------------------------------------


def may_open(request: HttpRequest) -> bool:
    user = request.user
    member = getattr(user, "member", None)
    return user.is_staff or (member is not None and Club.get().members_open_progressive)


def may_keep(request: HttpRequest, evening: ProgressiveEvening) -> bool:
    """The staff, and the member who opened the evening (the club allowing it)."""
    return request.user.is_staff or (
        evening.opened_by_id == request.user.pk and Club.get().members_open_progressive
    )


def _keeper(request: HttpRequest, evening: ProgressiveEvening) -> None:
    if not may_keep(request, evening):
        raise PermissionDenied(
            f"Only the club's staff and whoever opened {evening.name} keep it: its players, "
            "the draw and its rounds."
        )


def _evening_or_404(pk: int) -> ProgressiveEvening:
    return get_object_or_404(ProgressiveEvening, pk=pk)


def _evening_record_or_404(pk: int) -> reads.EveningRecord:
    """The evening as it stood at one moment, for a page whose forms carry its revision
    (the keepers' steps) and whose polling carries its version."""
    return page_read_or_404(
        lambda: reads.evening_record(ProgressiveEvening.objects.get(pk=pk)),
        reads.version_of,
        lambda: reads.version(pk),
        at_one_moment=True,
        missing=ProgressiveEvening.DoesNotExist,
        absent=f"There is no Progressive evening {pk}.",
    )


def _record_or_404(pk: int, *, at_one_moment: bool = True) -> reads.TableRecord:
    """The table as it stood at one moment, for a page: its deals and the revision its
    forms carry (`read_at_one_moment`). A write reads it as it stands, and checks the
    revision its page carried under its own lock."""
    return page_read_or_404(
        lambda: reads.table_record(pk),
        lambda record: record.table.revision,
        lambda: live.revision_of(pk),
        at_one_moment=at_one_moment,
        missing=ProgressiveTable.DoesNotExist,
        absent=f"There is no table {pk} of a Progressive evening.",
    )


def may_record(request: HttpRequest, record: reads.TableRecord) -> bool:
    """The four at the table, and the evening's keepers (until the round is agreed there:
    then the writes refuse, saying so)."""
    user = request.user
    return may_keep(request, record.evening) or any(
        player.member is not None and player.member.user_id == user.pk for player in record.seats
    )


def sides_for(request: HttpRequest, record: reads.TableRecord) -> set[engine.Side | None]:
    """The pairs this user may agree for: his own; the keepers, either or both (None)."""
    if may_keep(request, record.evening):
        return {engine.Side.WE, engine.Side.THEY, None}
    return {
        engine.side_of_seat(position)
        for position, player in enumerate(record.seats)
        if player.member is not None and player.member.user_id == request.user.pk
    }


def _to_record(request: HttpRequest, pk: int) -> reads.TableRecord:
    record = _record_or_404(pk, at_one_moment=False)
    if not may_record(request, record):
        raise PermissionDenied(
            "Only the four at the table and those who keep the evening record its deals."
        )
    return record


# -- The evenings, and opening one ------------------------------------------------------------


@login_required
@require_GET
def evenings(request: HttpRequest) -> HttpResponse:
    listed = ProgressiveEvening.objects.all()[:30]
    return render(
        request,
        "progressive/evenings.html",
        {
            "evenings": [(evening, _stage_words(evening)) for evening in listed],
            "form": OpenEveningForm() if may_open(request) else None,
            "limit": Club.get().doubling_limit,
        },
    )


def _stage_words(evening: ProgressiveEvening) -> str:
    if evening.ended:
        return "ended"
    if not evening.drawn:
        return "players arriving"
    last = evening.tables.order_by("-round").values_list("round", flat=True).first()
    return f"round {last}"


@login_required
@require_POST
def open_evening(request: SignedInRequest) -> HttpResponse:
    if not may_open(request):
        raise PermissionDenied(
            "Only the club's staff open a Progressive evening (the club may let any member)."
        )
    form = OpenEveningForm(request.POST)

    def write() -> Answer:
        data = form.cleaned_data
        opened = writes.open_evening(
            name=data["name"].strip(),
            day=data["day"],
            deals_a_round=data["deals_a_round"],
            user=request.user,
        )
        return Answer(reverse("scorer:progressive:evening", args=[opened.evening.pk]), opened.said)

    back = reverse("scorer:progressive:evenings")
    return carry_out(request, form, what="progressive open", write=write, back=back)


# -- An evening -------------------------------------------------------------------------------


@login_required
@require_GET
def evening(request: SignedInRequest, pk: int) -> HttpResponse:
    record = _evening_record_or_404(pk)
    found = record.evening
    keeping = may_keep(request, found)
    search = request.GET.get("search", "")
    context = _evening_context(request, record)
    if keeping and not found.drawn:
        seen = str(found.revision)
        context["arriving"] = [
            (member, AddMemberForm(seen=seen, initial={"member": member}))
            for member in arriving(found, search)
        ]
        context["search"] = search
        context["guest_form"] = AddGuestForm(seen=seen)
    # What it is played for, as whoever keeps the money says (nothing: points alone);
    # the staff keep that, on its own page.
    context["terms"] = signals.terms_of(found)
    context["money_page"] = request.user.is_staff
    if keeping:
        link = request.build_absolute_uri(
            reverse("scorer:progressive:board", args=[live.board_token(found)])
        )
        context["board"] = link
        context["qr"] = segno.make(link, error="m").svg_inline(scale=3, dark="#000", light="#fff")
        context["revoke_board"] = EveningWriteForm(seen=str(found.revision))
    return render(request, "progressive/evening.html", context)


def _evening_context(request: HttpRequest, record: reads.EveningRecord) -> dict[str, Any]:
    found, score = record.evening, record.score
    keeping = may_keep(request, found)
    seen = str(found.revision)
    me = record.player_of(getattr(getattr(request.user, "member", None), "pk", None))
    round_done = record.round_agreed and not found.ended
    version = reads.version_of(record)
    token = live.token(request, "evening", found.pk)
    return {
        "evening": found,
        "record": record,
        "score": score,
        "keeping": keeping,
        "mine": presenters.mine(record, me),
        "standings": _standings(score),
        "lines": presenters.round_lines(record, record.rounds) if record.tables else [],
        "next_seating": presenters.next_seating(record) if round_done else [],
        "round_done": round_done,
        "draw_form": EveningWriteForm(seen=seen) if keeping and not found.drawn else None,
        "next_form": EveningWriteForm(seen=seen) if keeping and round_done else None,
        "end_form": EveningWriteForm(seen=seen) if keeping and round_done else None,
        "removals": [
            (player, RemovePlayerForm(seen=seen, initial={"player": player}) if keeping else None)
            for player in record.players
        ]
        if not found.drawn
        else [],
        "live_url": f"{reverse('scorer:progressive:live', args=[found.pk])}"
        f"?version={version}&token={token}",
    }


def _standings(score: Any) -> list[tuple[Any, str]]:
    if score is None or not score.rounds:
        return []
    standings = score.by_place
    return [(standing, presenters.compact_place(standing, standings)) for standing in standings]


@require_GET
def evening_live(request: HtmxRequest, pk: int) -> HttpResponse:
    """The evening's page as it stands, for the phones following it, every two seconds:
    an empty answer while nothing in it has changed; status 286 stops the polling."""
    if not live.follows(request, "evening", pk):
        return HttpResponse(status=286)
    version = reads.version(pk)
    if version is None or not request.user.is_authenticated:
        return HttpResponse(status=286)
    if version == request.GET.get("version"):
        return HttpResponse(status=204)
    record = _evening_record_or_404(pk)
    if request.GET.get("part") == "mine":  # a player's own, on his table's page
        return render(request, "progressive/mine_live.html", _mine_context(request, record))
    return render(request, "progressive/evening.html#live", _evening_context(request, record))


def _mine_context(request: HttpRequest, record: reads.EveningRecord) -> dict[str, Any]:
    """A player's own evening, and the address that brings it up to date."""
    me = record.player_of(getattr(getattr(request.user, "member", None), "pk", None))
    url = reverse("scorer:progressive:live", args=[record.evening.pk])
    token = live.token(request, "evening", record.evening.pk)
    return {
        "mine": presenters.mine(record, me),
        "mine_url": f"{url}?version={reads.version_of(record)}&token={token}&part=mine",
    }


def _at_evening(
    request: SignedInRequest,
    pk: int,
    form: EveningWriteForm,
    what: str,
    act: Callable[[ProgressiveEvening], str],
) -> HttpResponse:
    """Carry out a step of the evening once, against the revision its form was shown, if
    this user keeps the evening."""
    found = _evening_or_404(pk)
    _keeper(request, found)
    back = reverse("scorer:progressive:evening", args=[found.pk])

    def write() -> Answer:
        return Answer(back, act(found))

    return carry_out(request, form, what=what, write=write, back=back)


@login_required
@require_POST
def add_member(request: SignedInRequest, pk: int) -> HttpResponse:
    form = AddMemberForm(request.POST)
    return _at_evening(
        request,
        pk,
        form,
        "progressive member",
        lambda found: writes.add_member(
            evening=found,
            member=form.cleaned_data["member"],
            seen=form.cleaned_data["seen"],
            user=request.user,
        ),
    )


@login_required
@require_POST
def add_guest(request: SignedInRequest, pk: int) -> HttpResponse:
    form = AddGuestForm(request.POST)
    return _at_evening(
        request,
        pk,
        form,
        "progressive guest",
        lambda found: writes.add_guest(
            evening=found,
            name=form.cleaned_data["guest"],
            seen=form.cleaned_data["seen"],
            user=request.user,
        ),
    )


@login_required
@require_POST
def remove_player(request: SignedInRequest, pk: int) -> HttpResponse:
    form = RemovePlayerForm(request.POST)

    def act(found: ProgressiveEvening) -> str:
        player: ProgressivePlayer = form.cleaned_data["player"]
        if player.evening_id != found.pk:
            raise keys.Refused(f"{player.name} does not play in {found.name}.")
        return writes.remove_player(
            evening=found, player=player, seen=form.cleaned_data["seen"], user=request.user
        )

    return _at_evening(request, pk, form, "progressive remove", act)


def _step(what: str, write: Callable[..., str]) -> Callable[[SignedInRequest, int], HttpResponse]:
    """A step of the evening that takes nothing but its form: the draw, the next round,
    the end, revoking the noticeboard."""

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


draw = _step("progressive draw", writes.draw)
next_round = _step("progressive next", writes.next_round)
end = _step("progressive end", writes.end)
revoke_board = _step("progressive board", writes.revoke_board)


@login_required
@require_GET
def results(request: HttpRequest, pk: int) -> HttpResponse:
    found = _evening_or_404(pk)
    record = reads.evening_record(found)
    return render(request, "progressive/results.html", _results_context(record))


def _results_context(record: reads.EveningRecord) -> dict[str, Any]:
    return {
        "evening": record.evening,
        "record": record,
        "standings": _standings(record.score),
        "rounds": [
            (number, presenters.round_lines(record, number))
            for number in range(1, record.rounds + 1)
        ],
    }


# -- Printing ---------------------------------------------------------------------------------


def _pdf(pdf: bytes, name: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@login_required
@require_GET
def print_tallies(request: HttpRequest, pk: int) -> HttpResponse:
    record = reads.evening_record(_evening_or_404(pk))
    if not record.evening.drawn:
        raise Http404("The tally cards are printed once the numbers are drawn.")
    pdf = printing.tallies_document(record, printing.paper(request.GET.get("paper")))
    return _pdf(pdf, printing.filename("tallies", record.evening))


@login_required
@require_GET
def print_tables(request: HttpRequest, pk: int) -> HttpResponse:
    record = reads.evening_record(_evening_or_404(pk))
    asked = number(request.GET.get("round", ""))
    round_number = record.rounds if asked is None else asked
    if not 1 <= round_number <= record.rounds:
        raise Http404(f"{record.evening.name} has no round {round_number}.")
    pdf = printing.tables_document(record, round_number, printing.paper(request.GET.get("paper")))
    return _pdf(pdf, printing.filename(f"round-{round_number}", record.evening))


@login_required
@require_GET
def print_results(request: HttpRequest, pk: int) -> HttpResponse:
    record = reads.evening_record(_evening_or_404(pk))
    if not record.evening.drawn:
        raise Http404("The results are printed once the numbers are drawn.")
    pdf = printing.results_document(
        _results_context(record), printing.paper(request.GET.get("paper"))
    )
    return _pdf(pdf, printing.filename("results", record.evening))


# -- A table ----------------------------------------------------------------------------------


@login_required
@require_GET
def table(request: SignedInRequest, pk: int) -> HttpResponse:
    return render_table(request, _record_or_404(pk))


@login_required
@require_http_methods(["GET", "POST"])
def declaration(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """The declaration of the next deal, or of the deal in progress to change it."""
    record = _to_record(request, pk)
    if request.method == "GET":
        return render_table(request, record, declaration=_declaration_form(record), part="panel")
    form = DeclarationForm(request.POST, seats=PROGRESSIVE.seats(record), game=engine.BRIDGE)
    if not form.is_valid():
        return render_table(request, record, declaration=form, status=422)
    return _write(request, record, form, partial(writes.declare, declaration=form.declaration()))


@login_required
@require_POST
def result(request: SignedInRequest, pk: int) -> HttpResponseBase:
    record = _to_record(request, pk)
    if record.in_progress is None:  # recorded already: by this very form, or another phone
        if keys.handled(request.POST.get("key", "")):
            return _done(request, record)
        told = " ".join(_told(record, request.POST.get("revision", "")))
        return render_table(
            request, record, message=f"{told or STALE} Yours was not saved.", status=409
        )
    trump = engine.Trump(record.in_progress.trump)  # type: ignore[call-arg]  # by value
    form = PointsResultForm(request.POST, trump=trump, game=engine.BRIDGE)
    if not form.is_valid():
        return render_table(request, record, result=form, status=422)
    return _write(request, record, form, partial(writes.record_result, result=form.result()))


@login_required
@require_POST
def deal(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """The whole deal in one save, once it is over: its declaration and its result."""
    record = _to_record(request, pk)
    return PROGRESSIVE.whole_deal(
        request, record, render=render_table, write=_write, record_deal=writes.record_deal
    )


@login_required
@require_POST
def undo(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """Undo the last deal's result, entered in error (scorer/progressive/writes.py)."""
    record = _to_record(request, pk)
    return PROGRESSIVE.undone(
        request, record, render=render_table, write=_write, undo=writes.undo, stale=STALE
    )


@require_POST
def steps(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The phone's choice of one save or two steps, for a phone without JavaScript."""
    return chosen_steps(request, reverse("scorer:progressive:table", args=[pk]))


@login_required
@require_POST
def discard(request: SignedInRequest, pk: int) -> HttpResponseBase:
    record = _to_record(request, pk)
    form = DiscardForm(request.POST)
    if not form.is_valid():
        return render_table(request, record, message=STALE, status=409)
    return _write(request, record, form, writes.discard)


@login_required
@require_POST
def agree(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """A pair agrees the round; the keepers may record that both did."""
    record = _to_record(request, pk)
    form = AgreementForm(request.POST)
    if not form.is_valid():
        return render_table(request, record, message="Choose which pair agrees.", status=422)
    side = form.side()
    if side not in sides_for(request, record):
        raise PermissionDenied("A player agrees for his own pair; the evening's keepers for both.")
    return _write(request, record, form, partial(writes.agree, side=side))


@login_required
@require_POST
def withdraw(request: SignedInRequest, pk: int) -> HttpResponseBase:
    record = _to_record(request, pk)
    form = AgreementForm(request.POST)
    side = form.side() if form.is_valid() else None
    if side is None or side not in sides_for(request, record):
        raise PermissionDenied("A player takes back his own pair's agreement.")
    return _write(request, record, form, partial(writes.withdraw, side=side))


@require_GET
def table_live(request: HtmxRequest, pk: int) -> HttpResponse:
    """The table's sheet for the phones following it, every two seconds, as a rubber's."""
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
    record = _record_or_404(pk)
    context = table_context(request, record, changed=True, told=_told(record, seen))
    return render(request, "progressive/table.html#live", context)


def _told(record: reads.TableRecord, seen: str) -> list[str]:
    shown = number(seen)
    return [] if shown is None else reads.told_since(record.table.pk, shown)


_TableForm = DeclarationForm | PointsResultForm | DealForm | AgreementForm | DiscardForm | UndoForm


def _write(
    request: SignedInRequest,
    record: reads.TableRecord,
    form: _TableForm,
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
        fresh = _record_or_404(record.table.pk)
        told = " ".join(_told(fresh, str(form.cleaned_data["revision"])))
        return render_table(
            request, fresh, message=f"{told or STALE} Yours was not saved.", status=409
        )
    except engine.RubberError as error:
        record = _record_or_404(record.table.pk)
        field = error.field if error.field in form.fields else None
        if isinstance(form, DeclarationForm):
            form.add_error(field, sentence(error))
            return render_table(request, record, declaration=form, status=422)
        if isinstance(form, PointsResultForm):
            form.add_error(field, sentence(error))
            return render_table(request, record, result=form, status=422)
        if isinstance(form, DealForm) and PROGRESSIVE.offers_deal(record):
            form.add_error(field, sentence(error))
            return render_table(request, record, deal=form, status=422)
        return render_table(request, record, message=sentence(error), status=422)
    return _done(request, record, form)


def _done(
    request: HtmxRequest, record: reads.TableRecord, form: _TableForm | None = None
) -> HttpResponseBase:
    """The table as it now stands, saying what this phone's write did: the sentence, the
    deal's figures marked, its undo (answered as the first was, if sent again)."""
    said = said_by(form.cleaned_data["key"]) if form is not None else ""
    if not request.htmx:
        if said:
            messages.success(request, said)
        return redirect("scorer:progressive:table", pk=record.table.pk)
    recorded = isinstance(form, PointsResultForm | DealForm) and record.recorded
    new = record.recorded[-1].number if recorded else None
    return render_table(request, record, said=said, new=new, entered=bool(recorded))


def render_table(
    request: HtmxRequest,
    record: reads.TableRecord,
    *,
    declaration: DeclarationForm | None = None,
    result: PointsResultForm | None = None,
    deal: DealForm | None = None,
    message: str = "",
    said: str = "",
    new: int | None = None,
    entered: bool = False,
    status: int = 200,
    part: str = "table",
) -> HttpResponse:
    """The table's page, or its part htmx asked for: `said`, what this phone's own write
    did; `new`, the deal it recorded; `entered`, whether it may be undone at once."""
    context = table_context(
        request, record, declaration=declaration, result=result, deal=deal, message=message, new=new
    )
    context.update(said=said, entered=entered)
    if not request.htmx:
        context.update(_whole_page(request, record))
    template = f"progressive/table.html#{part}" if request.htmx else "progressive/table.html"
    return render(request, template, context, status=status)


def _whole_page(request: HttpRequest, record: reads.TableRecord) -> dict[str, Any]:
    """What only the whole page shows: the player's own standing in the evening, and the
    cut (worked out from the whole evening, which a save at the table does not need)."""
    mine = _mine_context(request, reads.evening_record(record.evening))
    return {**(mine if mine["mine"] is not None else {}), "cut": presenters.cut_view(record)}


def table_context(
    request: HttpRequest,
    record: reads.TableRecord,
    *,
    declaration: DeclarationForm | None = None,
    result: PointsResultForm | None = None,
    deal: DealForm | None = None,
    message: str = "",
    changed: bool = False,
    told: list[str] | None = None,
    new: int | None = None,
) -> dict[str, Any]:
    table = record.table
    writing = may_record(request, record) and not table.agreed
    panel: dict[str, Any] = {"declaration_form": declaration, "deal_form": None}
    if writing and not record.played:
        if record.in_progress is None:
            panel = PROGRESSIVE.next_deal(request, record, declaration, deal)
        elif declaration is None:
            result = result or _result_form(record)
    playing = record.in_progress
    token = live.token(request, "table", table.pk)
    live_url = reverse("scorer:progressive:table_live", args=[table.pk])
    corrections = list(table.corrections.select_related("made_by__member"))
    my_sides = sides_for(request, record) if writing else set()
    agreeing = record.played and playing is None
    return {
        "table": table,
        "evening": record.evening,
        "record": record,
        "game": engine.BRIDGE,
        "sheet": presenters.points_sheet(record, corrections, new),
        "words": presenters.words(record),
        "corrections": presenters.corrections_view(record, corrections),
        "agreement": presenters.agreement_view(record) if agreeing or table.agreed else None,
        "my_sides": my_sides,
        "agreement_forms": _agreement_forms(record, my_sides) if agreeing else [],
        "both_form": (
            AgreementForm(revision=table.revision, initial={"side_agreeing": "both"})
            if None in my_sides and agreeing and not (table.we_agreed_at or table.they_agreed_at)
            else None
        ),
        "tie": presenters.tie_cut_words(record),
        "may_write": writing,
        **panel,
        "result_form": result,
        "recording": PROGRESSIVE.addresses(record),
        "undo_form": PROGRESSIVE.undo_form(record) if writing else None,
        "message": message,
        "changed": changed,
        "told": told or [],
        "in_progress": playing,
        "tricks_legend": (
            f"Tricks won by {playing.dealer_side.label} "
            f"({presenters.pair_names(record)[playing.dealer_side]})"
            if playing
            else ""
        ),
        "discard_form": DiscardForm(revision=table.revision) if playing is not None else None,
        "live_url": f"{live_url}?revision={table.revision}&token={token}",
        "state": record,  # the rubber's templates call the table's record its state
    }


def _agreement_forms(
    record: reads.TableRecord, sides: set[engine.Side | None]
) -> list[tuple[engine.Side, AgreementForm, str]]:
    table, forms = record.table, []
    for side in engine.SIDES:
        if side not in sides:
            continue
        by, _ = table.agreed_by(side)
        name = "scorer:progressive:withdraw" if by else "scorer:progressive:agree"
        form = AgreementForm(revision=table.revision, initial={"side_agreeing": side.value})
        forms.append((side, form, reverse(name, args=[table.pk])))
    return forms


def _declaration_form(record: reads.TableRecord) -> DeclarationForm:
    deal = record.in_progress
    initial: dict[str, Any] = {"dealer": record.next_dealer, "maker": "dealer", "doubles": 0}
    if deal is not None:
        initial = {
            "dealer": deal.dealer,
            "maker": deal.maker,
            "trump": deal.trump,
            "doubles": min(deal.doubles, 4),
            "more_doubles": deal.doubles if deal.doubles > 4 else None,
        }
    return DeclarationForm(
        initial=initial,
        revision=record.table.revision,
        seats=PROGRESSIVE.seats(record),
        game=engine.BRIDGE,
    )


def _result_form(record: reads.TableRecord) -> PointsResultForm:
    deal = record.in_progress
    assert deal is not None
    trump = engine.Trump(deal.trump)  # type: ignore[call-arg]  # by value: mypy#10573
    return PointsResultForm(trump=trump, revision=record.table.revision, game=engine.BRIDGE)


# -- Correcting a deal ------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def correction(request: SignedInRequest, pk: int, deal: int) -> HttpResponseBase:
    """A recorded deal opened for correction, any part of it, until the round is agreed."""
    record = _to_record(request, pk)
    found = next((d for d in record.recorded if d.number == deal), None)
    if found is None:
        raise Http404(f"Deal {deal} has not been recorded at this table.")
    if record.table.agreed:
        messages.error(
            request, "The round is agreed at this table: nothing on it changes now (Laws 12, 13)."
        )
        return redirect("scorer:progressive:table", pk=pk)
    trump = engine.Trump(found.trump)  # type: ignore[call-arg]  # by value: mypy#10573
    if request.method == "GET":
        return _correction_page(request, record, found, None)
    form = CorrectionForm(
        request.POST, seats=PROGRESSIVE.seats(record), recorded_trump=trump, game=engine.BRIDGE
    )
    if not form.is_valid():
        return _correction_page(request, record, found, form, status=422)
    try:
        corrected = writes.correct(
            record=record,
            user=request.user,
            key=form.cleaned_data["key"],
            revision=form.cleaned_data["revision"],
            number=deal,
            reason=form.cleaned_data["reason"],
            correction=(form.declaration(), form.result()),
        )
    except keys.Stale:
        fresh = _record_or_404(pk)
        return _correction_page(request, fresh, found, None, message=STALE, status=409)
    except engine.RubberError as error:
        form.add_error(None, sentence(error))
        return _correction_page(request, record, found, form, status=422)
    if corrected.said:
        messages.success(request, corrected.said)
    return redirect("scorer:progressive:table", pk=pk)


def _correction_page(
    request: HttpRequest,
    record: reads.TableRecord,
    deal: Any,
    form: CorrectionForm | None,
    *,
    message: str = "",
    status: int = 200,
) -> HttpResponse:
    deal = next((d for d in record.recorded if d.number == deal.number), deal)
    if form is None:
        trump = engine.Trump(deal.trump)  # type: ignore[call-arg]  # by value: mypy#10573
        form = CorrectionForm(
            initial=CorrectionForm.values_of(deal),
            revision=record.table.revision,
            seats=PROGRESSIVE.seats(record),
            recorded_trump=trump,
            game=engine.BRIDGE,
        )
    context = {
        "table": record.table,
        "record": record,
        "deal": deal,
        "line": presenters.deal_line(record, deal),
        "form": form,
        "message": message,
        "game": engine.BRIDGE,
    }
    return render(request, "progressive/correction.html", context, status=status)


# -- Offline, as at a rubber ------------------------------------------------------------------


@login_required
@require_GET
def offline_forms(request: SignedInRequest, pk: int) -> HttpResponse:
    """The forms a phone may reach while offline (static/js/offline.js), as a rubber's: the
    declaration, and the result for each make and each pair dealing."""
    record = _to_record(request, pk)
    names = presenters.pair_names(record)
    results = [
        {
            "trump": trump.value,
            "side": side.value,
            "form": PointsResultForm(trump=trump, game=engine.BRIDGE),
            "deal": _Deal(trump.value),
            "legend": f"Tricks won by {side.label} ({names[side]})",
        }
        for trump in engine.BRIDGE.laws.trumps
        for side in engine.SIDES
    ]
    seats = [
        {"side": engine.side_of_seat(seat).value, "next": engine.next_dealer(seat)}
        for seat in engine.SEATS
    ]
    context = {
        "table": record.table,
        "record": record,
        "game": engine.BRIDGE,
        "declaration": DeclarationForm(seats=PROGRESSIVE.seats(record), game=engine.BRIDGE),
        "results": results,
        "seats": json.dumps(seats),
    }
    return render(request, "progressive/offline.html", context)


class _Deal:
    """A deal in progress as the offline result's form shows it: its make; its number is
    the script's to fill in."""

    number = 0

    def __init__(self, trump: str) -> None:
        self.trump = trump


# -- The noticeboard --------------------------------------------------------------------------


@require_GET
def board(request: HttpRequest, token: str) -> HttpResponse:
    """The standings and the round's tables, live, for a screen on the wall: names and
    points only, for anyone with the link, until it is revoked."""
    return _noticeboard.view(request, token)


def _draw_board(pk: int, token: str) -> Drawn:
    record = reads.evening_record(_evening_or_404(pk))
    drawn = reads.version_of(record)
    context = {
        "evening": record.evening,
        "record": record,
        "standings": _standings(record.score),
        "lines": presenters.round_lines(record, record.rounds) if record.tables else [],
        "live_url": f"{reverse('scorer:progressive:board', args=[token])}?version={drawn}",
    }
    return drawn, SafeString(render_to_string("progressive/board_part.html", context))


_noticeboard = Noticeboard(
    link=live.board_link,
    state=reads.board_state,
    draw=_draw_board,
    page="progressive/board.html",
    revoked="those who keep the evening have its new one",
)
