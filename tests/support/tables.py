"""The evening's tables as the tests make them: six members by name, a table formed from
candidates with a seeded cut, and the rubber in play at a table played out and agreed."""

from __future__ import annotations

import random
import uuid
from datetime import timedelta

from django.test import Client
from django.utils import timezone

from scorer.models import Member, Rubber, Table
from scorer.tables import reads as table_reads
from scorer.tables import writes as table_writes
from tests.support.club import make_member
from tests.support.deal_forms import agree, won
from tests.support.rubbers import deal

SIX = [
    ("Mrs. Carr", "Carr"),
    ("Miss Fenwick", "Fenwick"),
    ("Mr. Dane", "Dane"),
    ("Col. Hartley", "Hartley"),
    ("Mrs. Ingram", "Ingram"),
    ("Mr. Lacey", "Lacey"),
]


def six_members() -> list[Member]:
    return [make_member(name, short) for name, short in SIX]


def form(members, staff, name="Table 1", seed=1) -> Table:
    """A table of tonight, formed from these candidates in the order they came."""
    return table_writes.form_table(
        name=name, day=timezone.localdate(), candidates=members, user=staff, rng=random.Random(seed)
    )


def finish(table, staff) -> None:
    """The rubber in play won and agreed by both sides."""
    client = Client()
    client.force_login(staff)
    rubber = table.rubbers.filter(agreed_at__isnull=True).get()
    won(client, rubber)
    agree(client, Rubber.objects.get(pk=rubber.pk), "both")
    table.refresh_from_db()


def playing(table) -> list[Member]:
    """Who plays the table's latest rubber, seat by seat: a substitute in his member's seat."""
    return [seat.substitute or seat.member for seat in table_reads.view(table).seats]


def fresh(table) -> Table:
    table.refresh_from_db()
    return table


def won_and_agreed(rubber: Rubber, staff, *, days_ago: int) -> None:  # type: ignore[no-untyped-def]
    """A rubber started `days_ago`, won by We in two deals and agreed: its four free to
    play again, and partners of late to the forms that seat players."""
    from scorer.rubbers import reads, writes

    won = [deal("NT", (13, 0), dealer=side) for side in ("we", "they")]
    writes.replay(rubber=rubber, deals=won, user=staff)
    Rubber.objects.filter(pk=rubber.pk).update(started_at=timezone.now() - timedelta(days=days_ago))
    rubber.refresh_from_db()
    writes.agree(
        state=reads.rubber_state(rubber),
        user=staff,
        key=uuid.uuid4(),
        revision=rubber.revision,
        side=None,
    )
