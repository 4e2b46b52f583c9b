"""What every write at the evening's tables does: it waits for the tables' turn and is
whole or not at all, a guard of the database refusing it is said in words; it moves the
table's revision on from the one its form was shown at; and members playing a rubber in
play elsewhere are refused by name. A table's rubber begins here, with the cut that began
it (`begin`), and a member joins a table (`join`)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from datetime import date, datetime

from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from scorer import engine
from scorer.club.models import Member
from scorer.engine import tables as laws
from scorer.plumbing import guards
from scorer.plumbing.converters import number
from scorer.plumbing.keys import Refused, Stale
from scorer.rubbers import writes
from scorer.rubbers.models import Rubber
from scorer.tables.models import Membership, Table, TableCut
from scorer.tables.reads import playing, plays_at

BROKEN_UP = "the table broke up"
LEFT = "left the table"

# The guards' refusals (scorer/plumbing/guards.py), in words: the checks below say it first,
# by name; these answer a write that raced past them and met the database.
GUARDS_SAY = {
    guards.ONE_RUBBER_IN_PLAY: (
        "Someone chosen is playing a rubber in play at another table: a member plays one "
        "rubber at a time at the evening's tables. Nothing was done."
    ),
    guards.KEEPS_HIS_PLACE: (
        "A player of the rubber in play keeps his place at its table until it is agreed "
        "(or he appoints a substitute, Law 27). Nothing was done."
    ),
}


def in_turn[**P, R](write: Callable[P, R]) -> Callable[P, R]:
    """A write at the evening's tables, whole or not at all: it first waits for the tables'
    turn (on PostgreSQL; SQLite's writes take turns already), so that what it reads is what
    it writes over; and a guard of the database refusing it is said in words."""

    @functools.wraps(write)
    def in_its_turn(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            with transaction.atomic():
                guards.take_turn(connection)
                return write(*args, **kwargs)
        except DatabaseError as error:
            said = next((words for guard, words in GUARDS_SAY.items() if guard in str(error)), None)
            if said is None:
                raise
            raise Refused(said) from None

    return in_its_turn


def refuse_if_playing(day: date, members: Iterable[Member], then: str) -> None:
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


def join(table: Table, member: Member, *, at: datetime | None = None) -> Membership:
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


def begin(
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


def moved_on(table: Table, seen: str) -> None:
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
