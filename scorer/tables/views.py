"""The tables of an evening: the list and forming a table, a table's page and its writes
(claims, the cut for the next rubber, substitutes, leaving, breaking up), and the pages
that follow tables without signing in: one table's link, and the noticeboard.

Who acts at a table: its members and the staff cut for its next rubber, play otherwise by
agreement and break it up; the players of its rubber in play (whose consent it takes) and
the staff appoint a substitute; a member claims, withdraws his claim and leaves for
himself, the staff for anyone. Anyone else is refused in words, and not offered the
buttons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import segno
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_POST

from scorer.club.models import Member
from scorer.plumbing.http import SignedInRequest
from scorer.plumbing.keys import Answer, carry_out
from scorer.rubbers.presenters import pair_names, progress, sheet_view, words
from scorer.rubbers.reads import RubberState, rubber_state
from scorer.tables import links, reads, writes
from scorer.tables.forms import (
    DepartForm,
    FormTableForm,
    MemberAtTableForm,
    OwnClaimForm,
    SubstituteForm,
    TableWriteForm,
    WithdrawClaimForm,
)
from scorer.tables.models import Membership, Table

TABLES = "scorer:tables"


@login_required
@require_GET
def evening(request: HttpRequest) -> HttpResponse:
    """Tonight's tables, and a form to form another: it offers only who may be chosen,
    and names who may not."""
    day = timezone.localdate()
    where = reads.whereabouts(day)
    staff = request.user.is_staff
    return render(
        request,
        "tables/tables.html",
        {
            "tables": [reads.view(table) for table in Table.objects.filter(day=day)],
            "form": FormTableForm(
                initial={"name": _next_name(day)},
                where=where,
                chooser=getattr(request.user, "member", None),
            ),
            "not_offered": where.not_offered(),
            "noticeboard": (
                reverse("scorer:noticeboard", args=[links.noticeboard_token(day)])
                if staff
                else None
            ),
            "revoke_noticeboard": (
                TableWriteForm(seen=str(links.noticeboard_generation(day))) if staff else None
            ),
        },
    )


def _next_name(day: Any) -> str:
    taken = set(Table.objects.filter(day=day).values_list("name", flat=True))
    return next(f"Table {n}" for n in range(1, 100) if f"Table {n}" not in taken)


@login_required
@require_POST
def form_table(request: SignedInRequest) -> HttpResponse:
    _member_or_staff(request)
    form = FormTableForm(request.POST)

    def write() -> Answer:
        formed = writes.form(
            name=form.cleaned_data["name"],
            day=timezone.localdate(),
            candidates=form.candidates(),
            user=request.user,
        )
        return Answer(
            reverse("scorer:table", args=[formed.table.pk]),
            " ".join(
                (f"{formed.table.name} is formed: the cut is shown with its reasons.", *formed.said)
            ),
        )

    return carry_out(request, form, what="form table", write=write, back=reverse(TABLES))


@login_required
@require_GET
def table(request: HttpRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(Table, pk=pk)
    seen = reads.view(found)
    revision = str(found.revision)
    members = [place.member for place in seen.places]
    follow = links.follow_url(found)
    link = request.build_absolute_uri(follow)
    me = getattr(request.user, "member", None)
    staff = request.user.is_staff
    return render(
        request,
        "tables/table.html",
        {
            "view": seen,
            # Each form its own key: two writes from one page are two writes.
            "next": TableWriteForm(seen=revision),
            "revoke": TableWriteForm(seen=revision),
            "break_up": TableWriteForm(seen=revision),
            "claim": MemberAtTableForm(seen=revision, initial=_me(request), auto_id="claim_%s"),
            "leaving": MemberAtTableForm(seen=revision, initial=_me(request), auto_id="leave_%s"),
            "substitute": SubstituteForm(seen=revision, playing=[s.member for s in seen.seats]),
            "depart": DepartForm(seen=revision, members=members),
            "withdrawals": [
                (claim, WithdrawClaimForm(seen=revision, initial={"member": claim.member}))
                if staff or claim.member == me
                else (claim, None)
                for claim in seen.waiting
            ],
            "of_the_table": staff or me in members,
            "of_the_rubber": staff or (me is not None and me.pk in _players(seen)),
            "reasons": _reasons(seen),
            "cards": _cards(seen),
            "follow": follow,
            "qr": segno.make(link, error="m").svg_inline(scale=3, dark="#000", light="#fff"),
            "staff": staff,
        },
    )


def _players(seen: reads.TableView) -> set[int]:
    """Who plays the rubber in play: its four, and any substitute (Law 27)."""
    if seen.in_play is None:
        return set()
    return {pk for seat in seen.seats for pk in (seat.member_id, seat.substitute_id) if pk}


def _me(request: HttpRequest) -> dict[str, Any]:
    member = getattr(request.user, "member", None)
    return {"member": member} if member is not None else {}


def _reasons(seen: reads.TableView) -> list[tuple[str, str]]:
    """The last cut's decisions, by name."""
    if seen.last_cut is None:
        return []
    names = dict(
        Member.objects.filter(pk__in=[who for who, _ in seen.last_cut.reasons]).values_list(
            "pk", "name"
        )
    )
    return [(names.get(who, ""), said) for who, said in seen.last_cut.reasons]


def _cards(seen: reads.TableView) -> list[str]:
    if seen.last_cut is None:
        return []
    pks = [who for round_ in seen.last_cut.cards for who, _ in round_]
    names = dict(Member.objects.filter(pk__in=pks).values_list("pk", "name"))
    return [
        ", ".join(f"{names[who]} {card}" for who, card in round_) for round_ in seen.last_cut.cards
    ]


def _member_or_staff(request: HttpRequest) -> None:
    if getattr(request.user, "member", None) is None and not request.user.is_staff:
        raise PermissionDenied("Only members of the club and its staff keep the tables.")


def _of_the_table(doing: str) -> Callable[[HttpRequest, Table], None]:
    """A write for the table's members and the staff alone."""

    def may(request: HttpRequest, found: Table) -> None:
        member = getattr(request.user, "member", None)
        if request.user.is_staff or (
            member is not None
            and Membership.objects.filter(table=found, member=member, left_at__isnull=True).exists()
        ):
            return
        raise PermissionDenied(f"Only the members of {found.name} and the club's staff {doing}.")

    return may


def _of_the_rubber(request: HttpRequest, found: Table) -> None:
    """A substitute: the players of the rubber in play, whose consent it takes, and the
    staff alone."""
    member = getattr(request.user, "member", None)
    if request.user.is_staff or (member is not None and member.pk in _players(reads.view(found))):
        return
    raise PermissionDenied(
        f"Only the players of the rubber in play at {found.name}, whose consent it takes "
        "(Law 27), and the club's staff appoint a substitute."
    )


def _at_table(
    request: SignedInRequest,
    pk: int,
    form: TableWriteForm,
    what: str,
    act: Callable[[Table], tuple[str, str]],
    may: Callable[[HttpRequest, Table], None] | None = None,
) -> HttpResponse:
    """Carry out a write at a table, once, against the revision its form was shown, if
    this user `may`."""
    _member_or_staff(request)
    found = get_object_or_404(Table, pk=pk)
    if may is not None:
        may(request, found)
    back = reverse("scorer:table", args=[found.pk])

    def write() -> Answer:
        url, said = act(found)
        return Answer(url or back, said)

    return carry_out(request, form, what=what, write=write, back=back)


def _himself_or_staff(request: HttpRequest, member: Member) -> None:
    if not request.user.is_staff and getattr(request.user, "member", None) != member:
        raise PermissionDenied("A member does this for oneself; the staff for anyone.")


def _for_a_member(
    what: str,
    write: Callable[..., str],
    form_class: type[MemberAtTableForm] = MemberAtTableForm,
) -> Callable[[SignedInRequest, int], HttpResponse]:
    """A write at a table for one member, made by himself or by the staff: a claim, its
    withdrawal, leaving."""

    @login_required
    @require_POST
    def view(request: SignedInRequest, pk: int) -> HttpResponse:
        form = form_class(request.POST)
        if form.is_valid():
            _himself_or_staff(request, form.cleaned_data["member"])

        def act(found: Table) -> tuple[str, str]:
            data = form.cleaned_data
            return "", write(
                table=found, member=data["member"], seen=data["seen"], user=request.user
            )

        return _at_table(request, pk, form, what, act)

    return view


claim = _for_a_member("claim", writes.claim_entry)
withdraw_claim = _for_a_member("withdraw claim", writes.withdraw_claim, WithdrawClaimForm)
leave = _for_a_member("leave table", writes.leave)


@login_required
@require_POST
def next_rubber(request: SignedInRequest, pk: int) -> HttpResponse:
    form = TableWriteForm(request.POST)

    def act(found: Table) -> tuple[str, str]:
        rubber = writes.next_rubber(table=found, seen=form.cleaned_data["seen"], user=request.user)
        return reverse("scorer:table", args=[found.pk]), (
            f"The cut is made for the next rubber at {found.name}: its reasons are below. "
            f"The rubber has begun (rubber {rubber.pk})."
        )

    return _at_table(
        request, pk, form, "next rubber", act, _of_the_table("cut for its next rubber")
    )


@login_required
@require_POST
def depart(request: SignedInRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(Table, pk=pk)
    members = [place.member for place in reads.view(found).places]
    form = DepartForm(request.POST, members=members)

    def act(found: Table) -> tuple[str, str]:
        writes.next_rubber(
            table=found,
            seen=form.cleaned_data["seen"],
            user=request.user,
            agreed_players=form.players(),
        )
        return "", (
            f"At {found.name} the players agreed to depart from the cut; the rubber has begun "
            "with the four they chose, and the record says who confirmed it."
        )

    return _at_table(
        request, pk, form, "depart from cut", act, _of_the_table("agree to play otherwise")
    )


@login_required
@require_POST
def substitute(request: SignedInRequest, pk: int) -> HttpResponse:
    form = SubstituteForm(request.POST)
    return _at_table(
        request,
        pk,
        form,
        "substitute",
        lambda t: (
            "",
            writes.appoint_substitute(
                table=t,
                quitting=form.cleaned_data["quitting"],
                substitute=form.cleaned_data["substitute"],
                seen=form.cleaned_data["seen"],
                user=request.user,
            ),
        ),
        _of_the_rubber,
    )


@login_required
@require_POST
def break_up(request: SignedInRequest, pk: int) -> HttpResponse:
    form = TableWriteForm(request.POST)
    return _at_table(
        request,
        pk,
        form,
        "break up",
        lambda t: (
            reverse(TABLES),
            writes.break_up(table=t, seen=form.cleaned_data["seen"], user=request.user),
        ),
        _of_the_table("break it up"),
    )


@login_required
@require_POST
def revoke_follow(request: SignedInRequest, pk: int) -> HttpResponse:
    if not request.user.is_staff:
        raise PermissionDenied("Only the staff revoke a table's follow link.")
    form = TableWriteForm(request.POST)
    return _at_table(
        request,
        pk,
        form,
        "revoke follow",
        lambda t: (
            "",
            links.revoke_follow(table=t, seen=form.cleaned_data["seen"], user=request.user),
        ),
    )


# -- Following without signing in ------------------------------------------------------------


@require_GET
def follow(request: HttpRequest, token: str) -> HttpResponse:
    """A table's live sheet, read-only, for anyone with its link (its QR code): names and
    scores only; and to a member, a way to claim entry there (signed in, one tap)."""
    found = links.follows(token)
    if found is None:
        raise Http404("This link has lapsed or been revoked; ask the table for a new one.")
    board = _board(found)
    return render(
        request,
        "tables/follow.html",
        {"board": [board], "one": True, "entry": _entry(request, found, board["view"])},
    )


def _entry(request: HttpRequest, found: Table, seen: reads.TableView) -> dict[str, Any]:
    """What the follow page offers a reader to enter the table: a visitor, to sign in; a
    member, his claim in one tap, or where he stands if he belongs or waits there."""
    if not request.user.is_authenticated:
        return {"sign_in": f"{reverse('login')}?{urlencode({'next': request.path})}"}
    me = getattr(request.user, "member", None)
    if me is None:
        return {}
    if any(place.member == me for place in seen.places):
        return {"belongs": True}
    if any(claim.member == me for claim in seen.waiting):
        return {"waiting": True}
    return {"claim": OwnClaimForm(seen=str(found.revision), initial={"member": me})}


@require_GET
def noticeboard(request: HttpRequest, token: str) -> HttpResponse:
    """Every table of the evening, and every rubber in play outside them, at once: for a
    screen on the wall (a television or projector, 1920 × 1080) as for a phone."""
    board = links.noticeboard(token)
    if board is None:
        raise Http404(
            "This noticeboard's link has lapsed or been revoked; the staff have tonight's."
        )
    return render(
        request,
        "tables/noticeboard.html",
        {
            "tables": [_wall_card(request, found) for found in board.tables],
            "rubbers": [_rubber_card(rubber_state(rubber)) for rubber in board.rubbers],
            "day": board.day,
        },
    )


@login_required
@require_POST
def revoke_noticeboard(request: SignedInRequest) -> HttpResponse:
    """Revoke every noticeboard link of tonight given so far; the page shows a new one."""
    if not request.user.is_staff:
        raise PermissionDenied("Only the staff revoke the noticeboard's links.")
    form = TableWriteForm(request.POST)

    def write() -> Answer:
        said = links.revoke_noticeboard(
            day=timezone.localdate(), seen=form.cleaned_data["seen"], user=request.user
        )
        return Answer(reverse(TABLES), said)

    return carry_out(request, form, what="revoke board", write=write, back=reverse(TABLES))


def _rubber_card(state: RubberState) -> dict[str, Any]:
    """A rubber as the wall shows it: its sides by name, where it stands, its totals."""
    names = pair_names(state)
    return {
        "state": state,
        "names": names,
        "standing": state.game.words.standing(state.sheet, names),
        "progress": progress(state),
        "totals": state.sheet.totals,
    }


def _wall_card(request: HttpRequest, found: Table) -> dict[str, Any]:
    """A table as the wall shows it: its rubber (the one in play, or the last), who sits
    out and waits, and the QR code of its follow link, to watch it or claim entry."""
    seen = reads.view(found)
    latest = seen.rubbers[-1] if seen.rubbers else None
    link = request.build_absolute_uri(links.follow_url(found))
    return {
        "table": found,
        "view": seen,
        "rubber": _rubber_card(rubber_state(latest)) if latest is not None else None,
        "qr": segno.make(link, error="m").svg_inline(scale=3, dark="#000", light="#fff"),
    }


def _board(found: Table) -> dict[str, Any]:
    seen = reads.view(found)
    latest = seen.rubbers[-1] if seen.rubbers else None
    state = rubber_state(latest) if latest is not None else None
    return {
        "table": found,
        "view": seen,
        "state": state,
        "sheet": sheet_view(state) if state is not None else None,
        "words": words(state) if state is not None else None,
    }
