"""Forming a table (Laws 17, 21, 22, 25, 26, 28): from its candidates in the order they
came, the engine decides who belongs and who plays first; a claim a candidate held at
another table is withdrawn, and a member who helps three candidates form a fresh table
keeps his right to return to his own."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scorer.club.models import Member
from scorer.engine import tables as laws
from scorer.plumbing.keys import Refused
from scorer.rubbers.models import Seat
from scorer.tables.models import ARRIVALS, Candidacy, Membership, Table, TableCut
from scorer.tables.reads import evening_start
from scorer.tables.writes.turns import BROKEN_UP, begin, in_turn, join, refuse_if_playing


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


@in_turn
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
    if len(candidates) > ARRIVALS:
        raise Refused(
            f"A table is formed from {ARRIVALS} candidates at most: six places and three "
            "waiting. Nothing was formed."
        )
    returning = _helping_form(candidates)
    refuse_if_playing(
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
        join(table, by_pk[pk], at=now + timedelta(microseconds=n))
    for n, pk in enumerate(decided.waiting):
        Candidacy.objects.create(
            table=table, member=by_pk[pk], claimed_at=now + timedelta(microseconds=n)
        )
    begin(
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
        or Seat.objects.filter(member=member, rubber__started_at__gte=evening_start(day)).exists()
    )
    broken = earlier.filter(why_left=BROKEN_UP).exists()
    return laws.Candidate(member.pk, played_elsewhere=played, broken_up=broken)


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
