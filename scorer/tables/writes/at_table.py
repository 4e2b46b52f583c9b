"""The writes at a table, each against the revision its form was shown: a claim to enter
and its withdrawal (Laws 22, 24), the cut for the next rubber (Laws 21–24), leaving, a
substitute (Law 27), and breaking up (Law 28)."""

from __future__ import annotations

import random

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scorer import engine
from scorer.club import places
from scorer.club.models import Member, person
from scorer.engine import tables as laws
from scorer.plumbing.keys import Refused, Stale
from scorer.rubbers.models import Rubber, Seat
from scorer.tables.models import Candidacy, Membership, Table, TableCut
from scorer.tables.reads import belongs_to, playing, view
from scorer.tables.writes.turns import (
    BROKEN_UP,
    LEFT,
    begin,
    in_turn,
    join,
    moved_on,
    refuse_if_playing,
)


@in_turn
def claim_entry(*, table: Table, member: Member, seen: str, user: User) -> str:
    """A candidate's claim to the first vacancy (Laws 22, 24). Said in words: when he
    will enter, or that he waits."""
    moved_on(table, seen)
    if table.broken_up_at is not None:
        raise Refused(f"{table.name} has broken up.")
    if Membership.objects.filter(table=table, member=member, left_at__isnull=True).exists():
        raise Refused(f"{member.name} belongs to {table.name} already.")
    elsewhere = belongs_to(member)
    if elsewhere is not None:
        raise Refused(
            f"{member.name} belongs to {elsewhere.name}, to be left first (\u201cLeave the "
            f"table\u201d there). Cutting into {table.name} forfeits the right of re-entry "
            "there (Law 26)."
        )
    _refuse_a_second_claim(member, table)
    broken = Membership.objects.filter(
        member=member, table__day=table.day, why_left=BROKEN_UP
    ).exists()
    try:
        with transaction.atomic():
            Candidacy.objects.create(
                table=table,
                member=member,
                prior="that player's table broke up (Law 28)" if broken else "",
            )
    except IntegrityError:  # a claim made meanwhile, past the check above
        _refuse_a_second_claim(member, table)
        raise
    seen_view = view(table)
    if len(seen_view.places) >= laws.FULL:
        return (
            f"{member.name} claims the first vacancy at {table.name}: it is full with six "
            "(Law 21); the claim waits its turn, in the order of announcement (Law 22)."
        )
    if seen_view.in_play is not None:
        return (
            f"{member.name} claims entry to {table.name}: the claim is made before the next "
            "cut, so entry comes at the end of this rubber (Law 24)."
        )
    return f"{member.name} claims entry to {table.name}: entry comes at the next cut (Law 24)."


def _refuse_a_second_claim(member: Member, table: Table) -> None:
    """One claim at a time: the one he has, and how to give it up for this one."""
    other = (
        Candidacy.objects.filter(member=member, settled_at__isnull=True)
        .select_related("table")
        .first()
    )
    if other is None:
        return
    if other.table_id == table.pk:
        raise Refused(f"{member.name} has claimed a place at {table.name} already.")
    raise Refused(
        f"{member.name} has claimed a place at {other.table.name} already; a member has one "
        "claim at a time. To claim here instead, withdraw that one first (\u201cWithdraw the "
        f"claim\u201d at {other.table.name})."
    )


@in_turn
def withdraw_claim(*, table: Table, member: Member, seen: str, user: User) -> str:
    moved_on(table, seen)
    updated = Candidacy.objects.filter(table=table, member=member, settled_at__isnull=True).update(
        settled_at=timezone.now(), settled="withdrawn"
    )
    if not updated:
        raise Refused(f"{member.name} has no claim at {table.name}.")
    return f"{member.name}'s claim at {table.name} is withdrawn."


@in_turn
def next_rubber(
    *,
    table: Table,
    seen: str,
    user: User,
    agreed_players: list[Member] | None = None,
    rng: random.Random | None = None,
) -> Rubber:
    """The cut for the next rubber (Laws 21–24): candidates who claimed before it enter
    where there is room, and those who have played the most consecutive rubbers sit out,
    ties cut, the highest out. The players may agree to depart from the cut: then the four
    they name play, and the record says who confirmed it. A claimant playing a rubber at
    another table waits for it to end; a member of this one playing elsewhere (a
    substitute there, Law 27) is named, and the cut waits for him."""
    moved_on(table, seen)
    rng = rng or random.SystemRandom()
    now = timezone.now()
    seen_view = view(table)
    if table.broken_up_at is not None:
        raise Refused(f"{table.name} has broken up.")
    if seen_view.in_play is not None:
        raise Refused(
            f"The rubber in play at {table.name} is not yet agreed: its players agree it "
            "(or abandon it) before the next is cut for."
        )
    busy = playing(table.day)
    free = [claim for claim in seen_view.waiting if claim.member_id not in busy]
    members = len(seen_view.places)
    if members + len(free) < laws.PLAYERS:
        raise Refused(
            f"{table.name} has {members} members and too few candidates free to play to make "
            "four: a rubber needs four players."
        )
    if members < laws.PLAYERS:  # short of four: candidates fill the places, by their right
        for claim in free[: laws.PLAYERS - members]:
            _enter(table, claim)
        seen_view = view(table)
    claims = [
        laws.Claim(
            claim.member_id,
            claim.claimed_at,
            prior=bool(claim.prior),
            playing_elsewhere=claim.member_id in busy,
        )
        for claim in seen_view.waiting
    ]
    decided = laws.cut_out(
        [laws.Member(place.member.pk, place.run) for place in seen_view.places],
        claims,
        cut_at=now,
        rng=rng,
    )
    by_claim = {claim.member_id: claim for claim in seen_view.waiting}
    for pk in decided.entering:
        _enter(table, by_claim[pk])
    by_pk = {m.pk: m for m in Member.objects.filter(pk__in=[*decided.playing, *decided.entering])}
    playing_now = [by_pk[pk] for pk in decided.playing]
    reasons = decided.reasons
    departed = False
    if agreed_players is not None and {m.pk for m in agreed_players} != set(decided.playing):
        table_now = {
            m.pk
            for m in Member.objects.filter(
                memberships__table=table, memberships__left_at__isnull=True
            )
        }
        strangers = [m.name for m in agreed_players if m.pk not in table_now]
        if strangers:
            raise Refused(f"{', '.join(strangers)}: not of {table.name}; only its members play.")
        playing_now, departed = agreed_players, True
        reasons = (
            *reasons,
            laws.Why(0, f"The table agreed to depart from the cut; confirmed by {person(user)}."),
        )
    refuse_if_playing(
        table.day,
        playing_now,
        f"The cut would seat him at {table.name}: wait for that rubber to end, or play "
        "otherwise by agreement without him.",
    )
    return begin(
        table,
        playing_now,
        decided.cut,
        reasons,
        user,
        kind=TableCut.CUT_OUT,
        rng=rng,
        departed=departed,
    )


def _enter(table: Table, claim: Candidacy) -> None:
    now = timezone.now()
    entered = Candidacy.objects.filter(pk=claim.pk, settled_at__isnull=True).update(
        settled_at=now, settled="entered"
    )
    if not entered:
        raise Stale(
            f"{claim.member.name}'s claim at {table.name} was settled meanwhile. Nothing was done."
        )
    # Law 26: one returning leaves the table he helped to form; his place there is filled.
    Membership.objects.filter(member=claim.member, left_at__isnull=True).exclude(
        table=table
    ).update(left_at=now, why_left=f"returned to {table.name} (Law 26)")
    join(table, claim.member)


@in_turn
def leave(*, table: Table, member: Member, seen: str, user: User) -> str:
    """A member leaves the table. Not while playing a rubber still in play: he appoints
    a substitute (Law 27), or the rubber is agreed or abandoned, first."""
    moved_on(table, seen)
    seen_view = view(table)
    if seen_view.in_play is not None and any(
        seat.member_id == member.pk and seat.substitute_id is None for seat in seen_view.seats
    ):
        raise Refused(
            f"{member.name} is playing the rubber in play: appoint a substitute with the "
            "other three's consent (Law 27), or finish the rubber, before leaving."
        )
    left = Membership.objects.filter(table=table, member=member, left_at__isnull=True).update(
        left_at=timezone.now(), why_left=LEFT
    )
    if not left:
        raise Refused(f"{member.name} does not belong to {table.name}.")
    return f"{member.name} has left {table.name}."


@in_turn
def appoint_substitute(
    *, table: Table, quitting: Member, substitute: Member, seen: str, user: User
) -> str:
    """Law 27: a player quitting during a rubber appoints a substitute with the other
    three's consent, until the rubber ends: someone not playing a rubber in play at the
    evening's tables. The rubber still posts to him."""
    moved_on(table, seen)
    seen_view = view(table)
    rubber = seen_view.in_play
    # Locked, so that an agreement a moment before is read once committed, not raced.
    if (
        rubber is None
        or not Rubber.objects.select_for_update()
        .filter(pk=rubber.pk, agreed_at__isnull=True)
        .exists()
    ):
        raise Refused(
            f"No rubber is in play at {table.name}: a substitute is for a rubber in play."
        )
    playing_it = [seat.substitute_id or seat.member_id for seat in seen_view.seats]
    try:
        laws.check_substitute(quitting=quitting.pk, substitute=substitute.pk, playing=playing_it)
    except engine.RubberError as error:
        raise Refused(str(error)[:1].upper() + str(error)[1:] + ".") from None
    seat = next(
        seat for seat in seen_view.seats if (seat.substitute_id or seat.member_id) == quitting.pk
    )
    if seat.substitute_id is not None:
        raise Refused(
            f"{quitting.name} is a substitute: the member replaced, "
            f"{seat.member.name}, appoints another."
        )
    if not user.is_staff and getattr(user, "member", None) == quitting:
        raise Refused(
            f"The other three players consent to {quitting.name}'s substitute (Law 27): one of "
            "them confirms it, or the staff."
        )
    refuse_if_playing(
        table.day,
        [substitute],
        "A substitute is someone not playing (Law 27): choose another.",
    )
    # The one quitting is free to play elsewhere; his substitute takes his place here.
    places.free(rubber=rubber, members=[quitting])
    places.take(
        [substitute],
        rubber=rubber,
        then="A substitute is someone not playing (Law 27): choose another.",
    )
    Seat.objects.filter(pk=seat.pk, substitute__isnull=True).update(
        substitute=substitute, substitute_confirmed_by=user
    )
    Rubber.objects.filter(pk=rubber.pk).update(revision=F("revision") + 1)
    return (
        f"{substitute.name} plays for {quitting.name} until the end of this rubber (Law 27), "
        f"with the other three's consent, confirmed by {person(user)}. The rubber posts to "
        f"{quitting.name}."
    )


@in_turn
def break_up(*, table: Table, seen: str, user: User) -> str:
    """Law 28: the table breaks up; its players have a prior right at other tables, and
    its follow links lapse."""
    moved_on(table, seen)
    seen_view = view(table)
    if seen_view.in_play is not None:
        raise Refused(
            f"The rubber in play at {table.name} is not yet agreed: agree or abandon it before "
            "the table breaks up."
        )
    now = timezone.now()
    Table.objects.filter(pk=table.pk).update(broken_up_at=now)
    Membership.objects.filter(table=table, left_at__isnull=True).update(
        left_at=now, why_left=BROKEN_UP
    )
    Candidacy.objects.filter(table=table, settled_at__isnull=True).update(
        settled_at=now, settled=BROKEN_UP
    )
    return (
        f"{table.name} has broken up. Its players have a prior right to play at other tables "
        "(Law 28)."
    )
