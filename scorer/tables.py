"""The tables of an evening: forming them, claims to enter, cutting out for each rubber,
substitutes, leaving and breaking up. The laws are the engine's (`engine/tables.py`); this
module reads the table from the database, asks the engine, and writes what it decided.

Each write runs inside `once.carry_out` (its form's key taken once, in one transaction)
and moves the table's revision on from the one its form was shown at, or is refused as
stale. Each first waits for the tables' turn (`guards.take_turn`), so that what it reads of
every table is what it writes over.

The database holds the evening together, whoever writes: a member belongs to one table at
a time and has one claim open at a time (`Membership`, `Candidacy`), and plays one rubber
in play at a time at the evening's tables, nor leaves the table of the rubber he plays
(the guards of `guards.SEATED`). The checks here come first only to say so in words.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.contrib.auth.models import User
from django.core import signing
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import F, Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from scorer import engine
from scorer.club.models import Member
from scorer.engine import tables as laws
from scorer.models import Candidacy, Membership, Noticeboard, Table, TableCut
from scorer.plumbing import guards
from scorer.plumbing.converters import number
from scorer.plumbing.keys import Refused, Stale
from scorer.rubbers import writes
from scorer.rubbers.models import Rubber, Seat

BROKEN_UP = "the table broke up"
LEFT = "left the table"


# -- Reading a table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """A member of the table as its page shows him."""

    member: Member
    run: int  # consecutive rubbers just played
    playing: bool  # in the rubber in play (or the last, between rubbers)


@dataclass(frozen=True)
class TableView:
    table: Table
    places: list[Place]
    waiting: list[Candidacy]  # in the order they have the right to enter
    rubbers: list[Rubber]  # in the order played
    in_play: Rubber | None  # the rubber not yet agreed, if any
    last_cut: TableCut | None
    seats: list[Seat]  # of the latest rubber

    @property
    def between_rubbers(self) -> bool:
        return self.in_play is None and self.table.broken_up_at is None

    @property
    def sitting_out(self) -> list[Place]:
        return [place for place in self.places if not place.playing]


def view(table: Table) -> TableView:
    rubbers = list(table.rubbers.order_by("started_at", "pk").prefetch_related("seats__member"))
    members = [
        m.member for m in table.memberships.filter(left_at__isnull=True).select_related("member")
    ]
    played = [tuple(seat.member_id for seat in rubber.seats.all()) for rubber in rubbers]
    counted = laws.runs([m.pk for m in members], played)
    latest = rubbers[-1] if rubbers else None
    seats = list(latest.seats.all()) if latest is not None else []
    now_playing = {seat.member_id for seat in seats}
    waiting = sorted(
        table.claims.filter(settled_at__isnull=True).select_related("member"),
        key=lambda claim: (not claim.prior, claim.claimed_at, claim.pk),
    )
    return TableView(
        table=table,
        places=[Place(m, counted[m.pk], m.pk in now_playing) for m in members],
        waiting=waiting,
        rubbers=rubbers,
        in_play=latest if latest is not None and latest.agreed_at is None else None,
        last_cut=table.cuts.order_by("-made_at", "-pk").first(),
        seats=seats,
    )


def belongs_to(member: Member) -> Table | None:
    membership = member.memberships.filter(left_at__isnull=True).select_related("table").first()
    return membership.table if membership is not None else None


# -- Who plays where, this evening -------------------------------------------------------------


def playing(day: date, members: Iterable[Member] | None = None) -> dict[int, Seat]:
    """Who plays a rubber in play at the evening's tables, and the seat he plays: his own,
    or one he holds as a substitute (Law 27). `members`: these alone."""
    seats = Seat.objects.filter(
        rubber__at_table__day=day, rubber__agreed_at__isnull=True
    ).select_related("rubber", "member", "substitute")
    if members is not None:
        pks = [member.pk for member in members]
        seats = seats.filter(Q(substitute__in=pks) | Q(substitute__isnull=True, member__in=pks))
    return {seat.substitute_id or seat.member_id: seat for seat in seats}


def plays_at(member: Member, seat: Seat) -> str:
    """Where a member plays, in words: "Mrs. Carr is playing the rubber in play at Table 1",
    or as a substitute, "Mr. Lacey plays for Mrs. Carr at Table 1 until that rubber ends
    (Law 27)"."""
    where = seat.rubber.table  # the table's name, as its rubbers carry it
    if seat.substitute_id == member.pk:
        return (
            f"{member.name} plays for {seat.member.name} at {where} until that rubber ends (Law 27)"
        )
    return f"{member.name} is playing the rubber in play at {where}"


@dataclass(frozen=True)
class Whereabouts:
    """Where the members are at the evening's tables, for the form that forms another:
    who plays a rubber in play (not to be chosen), and who belongs to a table."""

    playing: dict[int, Seat]
    belongs: dict[int, Membership]

    def label(self, member: Member) -> str:
        """A member as a candidate: "Mr. Dane (Table 1, sitting out)"."""
        membership = self.belongs.get(member.pk)
        if membership is None:
            return member.name
        in_play = {seat.rubber.at_table_id for seat in self.playing.values()}
        now = "sitting out" if membership.table_id in in_play else "between rubbers"
        return f"{member.name} ({membership.table.name}, {now})"

    def not_offered(self) -> list[str]:
        """Who may not be chosen, table by table: "Not offered, playing the rubber in play
        at Table 1: Col. Hartley, Miss Fenwick, Mr. Dane, Mrs. Carr." """
        by_table: dict[str, list[str]] = {}
        for pk, seat in self.playing.items():
            name = seat.member.name
            if seat.substitute_id == pk and seat.substitute is not None:
                name = f"{seat.substitute.name} (for {seat.member.name})"
            by_table.setdefault(seat.rubber.table, []).append(name)
        return [
            f"Not offered, playing the rubber in play at {table}: {', '.join(sorted(names))}."
            for table, names in sorted(by_table.items())
        ]


def whereabouts(day: date) -> Whereabouts:
    belongs = Membership.objects.filter(left_at__isnull=True, table__day=day).select_related(
        "table"
    )
    return Whereabouts(playing(day), {membership.member_id: membership for membership in belongs})


# -- Taking turns, and the database's refusals in words ----------------------------------------

# The guards' refusals (scorer/plumbing/guards.py), in words: the checks below say it first,
# by name; these answer a write that raced past them and met the database.
_GUARDS_SAY = {
    guards.ONE_RUBBER_IN_PLAY: (
        "Someone chosen is playing a rubber in play at another table: a member plays one "
        "rubber at a time at the evening's tables. Nothing was done."
    ),
    guards.KEEPS_HIS_PLACE: (
        "A player of the rubber in play keeps his place at its table until it is agreed "
        "(or he appoints a substitute, Law 27). Nothing was done."
    ),
}


def _in_turn[**P, R](write: Callable[P, R]) -> Callable[P, R]:
    """A write at the evening's tables, whole or not at all: it first waits for the tables'
    turn (on PostgreSQL; SQLite's writes take turns already), so that what it reads is what
    it writes over; and a guard of the database refusing it is said in words."""

    @functools.wraps(write)
    def in_turn(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            with transaction.atomic():
                guards.take_turn(connection)
                return write(*args, **kwargs)
        except DatabaseError as error:
            said = next(
                (words for guard, words in _GUARDS_SAY.items() if guard in str(error)), None
            )
            if said is None:
                raise
            raise Refused(said) from None

    return in_turn


def _refuse_if_playing(day: date, members: Iterable[Member], then: str) -> None:
    """Refuse, by name, members playing a rubber in play at the evening's tables."""
    chosen = list(members)
    elsewhere = playing(day, chosen)
    for member in chosen:
        seat = elsewhere.get(member.pk)
        if seat is not None:
            raise Refused(
                f"{plays_at(member, seat)}; a member plays one rubber at a time at the evening's "
                f"tables. {then}"
            )


# -- Forming a table (Laws 17, 21, 22, 25, 28) -------------------------------------------------


@dataclass(frozen=True)
class Formed:
    table: Table
    said: tuple[str, ...]  # each claim at another table its candidates held, now settled


def form_table(
    *,
    name: str,
    day: date,
    candidates: list[Member],
    user: User,
    rng: random.Random | None = None,
) -> Table:
    """A new table (`form`): the table alone."""
    return form(name=name, day=day, candidates=candidates, user=user, rng=rng).table


@_in_turn
def form(
    *,
    name: str,
    day: date,
    candidates: list[Member],
    user: User,
    rng: random.Random | None = None,
) -> Formed:
    """A new table from its candidates, in the order they came: the engine decides who
    belongs and who plays first; the first rubber begins with the cut for partners. A
    candidate playing a rubber in play at another table is refused; a claim a candidate
    held at another table is withdrawn, and said so."""
    rng = rng or random.SystemRandom()
    returning = _helping_form(candidates)
    _refuse_if_playing(
        day,
        candidates,
        "He may be a candidate here once that rubber is agreed, or once he has appointed a "
        "substitute there (Law 27).",
    )
    decided = laws.form([_candidate(member, day) for member in candidates], rng)
    by_pk = {member.pk: member for member in candidates}
    try:
        with transaction.atomic():
            table = Table.objects.create(name=name, day=day, formed_by=user)
    except IntegrityError:
        raise Refused(
            f"There is a {name} this evening already: give the new table another name."
        ) from None
    said = _settle_claims(candidates, table)
    if returning is not None:
        _help_form(returning, table, user)
    now = timezone.now()
    for n, pk in enumerate(decided.members):
        # Joined in the order the engine gives: the four who play first lead.
        _join(table, by_pk[pk], at=now + timedelta(microseconds=n))
    for n, pk in enumerate(decided.waiting):
        Candidacy.objects.create(
            table=table, member=by_pk[pk], claimed_at=now + timedelta(microseconds=n)
        )
    _begin(
        table,
        [by_pk[pk] for pk in decided.playing],
        decided.cut,
        decided.reasons,
        user,
        kind=TableCut.FORMED,
        rng=rng,
    )
    return Formed(table, said)


def _settle_claims(candidates: list[Member], table: Table) -> tuple[str, ...]:
    """A candidate of a new table gives up any claim he held at another: he plays (or
    waits) here now, and has one claim at a time. The claim is settled, and said so."""
    now = timezone.now()
    said = []
    open_claims = Candidacy.objects.filter(member__in=candidates, settled_at__isnull=True)
    for claim in open_claims.select_related("member", "table").order_by("pk"):
        settled = Candidacy.objects.filter(pk=claim.pk, settled_at__isnull=True).update(
            settled_at=now, settled=f"withdrawn: a candidate when {table.name} formed"
        )
        if settled:
            Table.objects.filter(pk=claim.table_id).update(revision=F("revision") + 1)
            said.append(
                f"{claim.member.name}'s claim at {claim.table.name} is withdrawn: a candidate "
                f"at {table.name}."
            )
    return tuple(said)


def _candidate(member: Member, day: date) -> laws.Candidate:
    """What the laws ask of a candidate for a new table, from the evening so far."""
    earlier = Membership.objects.filter(member=member, table__day=day)
    played = (
        earlier.exists()
        or Seat.objects.filter(member=member, rubber__started_at__gte=_evening_start(day)).exists()
    )
    broken = earlier.filter(why_left=BROKEN_UP).exists()
    return laws.Candidate(member.pk, played_elsewhere=played, broken_up=broken)


def _evening_start(day: date) -> datetime:
    return datetime.combine(day, time.min, timezone.get_current_timezone())


def _helping_form(candidates: list[Member]) -> Membership | None:
    """Members of other tables among a new table's candidates, said in words before the
    database would refuse them; save Law 26's one: a member who, with three candidates,
    makes a fresh table keeps his right to return to his own."""
    elsewhere = [
        (member, membership)
        for member in candidates
        if (membership := member.memberships.filter(left_at__isnull=True).first()) is not None
    ]
    if not elsewhere:
        return None
    if len(elsewhere) == 1 and laws.keeps_right_of_reentry(len(candidates) - 1):
        return elsewhere[0][1]
    member, membership = elsewhere[0]
    raise Refused(
        f"{member.name} belongs to {membership.table.name}: that table comes first (there, "
        "\u201cLeave the table\u201d); a member belongs to one table at a time. Only one "
        "who, with three candidates, makes a fresh table keeps a right to return (Law 26)."
    )


def _help_form(membership: Membership, table: Table, user: User) -> None:
    """Law 26: leaving his table to make a fresh one with three candidates, a member keeps
    the right to return: his claim there goes first, and his place here can be filled.
    (Not a player of its rubber in play: `form` refuses him, as the database would.)"""
    now = timezone.now()
    Membership.objects.filter(pk=membership.pk, left_at__isnull=True).update(
        left_at=now, why_left=f"helped three candidates form {table.name} (Law 26)"
    )
    Table.objects.filter(pk=membership.table_id).update(revision=F("revision") + 1)
    Candidacy.objects.create(
        table=membership.table,
        member=membership.member,
        claimed_at=now,
        prior=f"returns, having helped three candidates form {table.name} (Law 26)",
    )


def _join(table: Table, member: Member, *, at: datetime | None = None) -> Membership:
    try:
        with transaction.atomic():
            return Membership.objects.create(
                table=table, member=member, joined_at=at or timezone.now()
            )
    except IntegrityError:
        raise Refused(
            f"{member.name} belongs to another table, to be left first; a member belongs "
            "to one table at a time."
        ) from None


def _begin(
    table: Table,
    playing: list[Member],
    cut: tuple[tuple[tuple[int, engine.cutting.Card], ...], ...],
    reasons: tuple[laws.Why, ...],
    user: User,
    *,
    kind: str,
    rng: random.Random,
    departed: bool = False,
) -> Rubber:
    rubber = writes.start_rubber(
        table=table.name,
        members=playing,
        first_dealer=writes.CUT_FOR_PARTNERS,
        user=user,
        rng=rng,
        at_table=table,
    )
    TableCut.objects.create(
        table=table,
        rubber=rubber,
        kind=kind,
        cards=[[[who, str(card)] for who, card in round_] for round_ in cut],
        reasons=[[why.who, why.said] for why in reasons],
        departed_by=user if departed else None,
    )
    return rubber


# -- Writes at a table, each against the revision its form was shown -------------------------


def _moved_on(table: Table, seen: str) -> None:
    """Move the table's revision on from the one the form was shown at, or refuse."""
    shown = number(seen)
    moved = Table.objects.filter(pk=table.pk, revision=shown if shown is not None else -1).update(
        revision=F("revision") + 1
    )
    if not moved:
        raise Stale(
            f"{table.name} changed since this page was shown: here it is now. Nothing was done."
        )
    table.refresh_from_db()


@_in_turn
def claim_entry(*, table: Table, member: Member, seen: str, user: User) -> str:
    """A candidate's claim to the first vacancy (Laws 22, 24). Said in words: when he
    will enter, or that he waits."""
    _moved_on(table, seen)
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


@_in_turn
def withdraw_claim(*, table: Table, member: Member, seen: str, user: User) -> str:
    _moved_on(table, seen)
    updated = Candidacy.objects.filter(table=table, member=member, settled_at__isnull=True).update(
        settled_at=timezone.now(), settled="withdrawn"
    )
    if not updated:
        raise Refused(f"{member.name} has no claim at {table.name}.")
    return f"{member.name}'s claim at {table.name} is withdrawn."


@_in_turn
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
    _moved_on(table, seen)
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
            laws.Why(0, f"The table agreed to depart from the cut; confirmed by {_name(user)}."),
        )
    _refuse_if_playing(
        table.day,
        playing_now,
        f"The cut would seat him at {table.name}: wait for that rubber to end, or play "
        "otherwise by agreement without him.",
    )
    return _begin(
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
    _join(table, claim.member)


def _name(user: User) -> str:
    member = getattr(user, "member", None)
    return member.name if member is not None else str(user.get_username())


@_in_turn
def leave(*, table: Table, member: Member, seen: str, user: User) -> str:
    """A member leaves the table. Not while playing a rubber still in play: he appoints
    a substitute (Law 27), or the rubber is agreed or abandoned, first."""
    _moved_on(table, seen)
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


@_in_turn
def appoint_substitute(
    *, table: Table, quitting: Member, substitute: Member, seen: str, user: User
) -> str:
    """Law 27: a player quitting during a rubber appoints a substitute with the other
    three's consent, until the rubber ends: someone not playing a rubber in play at the
    evening's tables. The rubber still posts to him."""
    _moved_on(table, seen)
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
    _refuse_if_playing(
        table.day,
        [substitute],
        "A substitute is someone not playing (Law 27): choose another.",
    )
    Seat.objects.filter(pk=seat.pk, substitute__isnull=True).update(
        substitute=substitute, substitute_confirmed_by=user
    )
    Rubber.objects.filter(pk=rubber.pk).update(revision=F("revision") + 1)
    return (
        f"{substitute.name} plays for {quitting.name} until the end of this rubber (Law 27), "
        f"with the other three's consent, confirmed by {_name(user)}. The rubber posts to "
        f"{quitting.name}."
    )


@_in_turn
def break_up(*, table: Table, seen: str, user: User) -> str:
    """Law 28: the table breaks up; its players have a prior right at other tables, and
    its follow links lapse."""
    _moved_on(table, seen)
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


# -- Following a table without signing in ------------------------------------------------------

FOLLOW_SALT = "scorer.table.follow"


def follow_token(table: Table) -> str:
    """A signed link to the table's live sheet, read-only: it names the table and the
    generation of its links (a new generation revokes the old), and lapses with the
    evening (`follows`)."""
    return signing.dumps({"t": table.pk, "g": table.follow}, salt=FOLLOW_SALT, compress=True)


def follows(token: str, *, now: datetime | None = None) -> Table | None:
    """The table a follow link opens, or None: forged, revoked, the table broken up, or
    its evening over (at six the next morning, by the club's clock)."""
    try:
        data = signing.loads(token, salt=FOLLOW_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict):
        return None
    pk, generation = data.get("t"), data.get("g")
    if not isinstance(pk, int) or not isinstance(generation, int):
        return None
    table = Table.objects.filter(pk=pk, follow=generation, broken_up_at__isnull=True).first()
    if table is None or _evening_over(table.day, now):
        return None
    return table


def _evening_over(day: date, now: datetime | None) -> bool:
    return (now or timezone.now()) >= _evening_start(day) + timedelta(hours=30)


def revoke_follow(*, table: Table, seen: str, user: User) -> str:
    _moved_on(table, seen)
    Table.objects.filter(pk=table.pk).update(follow=F("follow") + 1)
    return f"Every follow link of {table.name} given so far is revoked; the page shows a new one."


def follow_url(table: Table) -> str:
    return reverse("scorer:follow", args=[follow_token(table)])


# -- The noticeboard: every table of an evening at once ----------------------------------------

NOTICEBOARD_SALT = "scorer.noticeboard"


def noticeboard_generation(day: date) -> int:
    """The generation of the evening's noticeboard links (a new one revokes the old)."""
    found = Noticeboard.objects.filter(day=day).values_list("generation", flat=True).first()
    return found if found is not None else 1


def noticeboard_token(day: date) -> str:
    """A signed link to the evening's tables: it names the evening, the generation of its
    noticeboard links, and each table's follow link as it stands, so that revoking a
    table's follow link takes the table off every noticeboard link given before."""
    shown = dict(tables_of(day).values_list("pk", "follow"))
    data = {
        "d": day.isoformat(),
        "g": noticeboard_generation(day),
        "f": {str(pk): follow for pk, follow in shown.items()},
    }
    return signing.dumps(data, salt=NOTICEBOARD_SALT, compress=True)


@dataclass(frozen=True)
class Board:
    day: date
    tables: list[Table]


def noticeboard(token: str, *, now: datetime | None = None) -> Board | None:
    """What a noticeboard link shows, or None: forged, revoked, or its evening over. Each
    table of the evening not broken up, but one whose follow link was revoked since the
    link was given (a table formed since shows until its own follow link is revoked)."""
    try:
        data = signing.loads(token, salt=NOTICEBOARD_SALT)
        day = date.fromisoformat(data["d"])
        generation, follows_then = data["g"], data["f"]
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    if not isinstance(generation, int) or not isinstance(follows_then, dict):
        return None
    if generation != noticeboard_generation(day) or _evening_over(day, now):
        return None
    shown = [
        table for table in tables_of(day) if table.follow == follows_then.get(str(table.pk), 1)
    ]
    return Board(day, shown)


def revoke_noticeboard(*, day: date, seen: str, user: User) -> str:
    """Revoke every noticeboard link of the evening given so far, against the generation
    the staff's page was shown."""
    shown = number(seen)
    board, _ = Noticeboard.objects.get_or_create(day=day)
    moved = Noticeboard.objects.filter(
        pk=board.pk, generation=shown if shown is not None else -1
    ).update(generation=F("generation") + 1)
    if not moved:
        raise Stale(
            "The noticeboard's links were revoked since this page was shown: here is its "
            "link now. Nothing was done."
        )
    return "Every noticeboard link of tonight given so far is revoked; the page shows a new one."


def tables_of(day: date) -> QuerySet[Table]:
    return Table.objects.filter(day=day, broken_up_at__isnull=True)
