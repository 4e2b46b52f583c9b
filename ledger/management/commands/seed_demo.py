"""`manage.py seed_demo`: a demo club to try the site with, and its logins printed.

A staff account and eight members, a stake of £0.50 a hundred and tonight's sitting open,
Elwell's specimen rubber already played, and a rubber in progress. Running it again
changes nothing and prints the logins again.
"""

from __future__ import annotations

import random
import uuid
from datetime import datetime, time, timedelta
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from ledger import services as ledger
from scorer import engine, reads, writes
from scorer import specimen as elwell
from scorer.models import Club, Member, Rubber

STAFF = ("secretary", "secretary-1905")
STAKE = Decimal("0.50")  # a hundred points
MEMBERS = [
    ("Mrs. Carr", "Carr"),
    ("Mr. Dane", "Dane"),
    ("Miss Fenwick", "Fenwick"),
    ("Col. Hartley", "Hartley"),
    ("Mrs. Ingram", "Ingram"),
    ("Mr. Lacey", "Lacey"),
    ("Miss Moreton", "Moreton"),
    ("Dr. Pryce", "Pryce"),
]


def login(short_name: str) -> tuple[str, str]:
    username = short_name.lower()
    return username, f"{username}-1905"


class Command(BaseCommand):
    help = (
        "Create a demo club (staff, eight members, a stake, an open sitting, two rubbers) "
        "and print the logins."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if not Member.objects.exists():
            self._seed()
        self.stdout.write("Demo logins (username / password):")
        self.stdout.write(f"  staff      {STAFF[0]} / {STAFF[1]}")
        for member in Member.objects.select_related("user").order_by("name"):
            username, password = login(member.short_name)
            self.stdout.write(f"  {member.name:<13} {username} / {password}")

    @transaction.atomic
    def _seed(self) -> None:
        users = get_user_model()
        club = Club.get()
        club.name = "The Elwell Club"
        club.save()
        staff = users.objects.create_user(
            STAFF[0], password=STAFF[1], is_staff=True, is_superuser=True
        )
        members = []
        for name, short_name in MEMBERS:
            username, password = login(short_name)
            user = users.objects.create_user(username, password=password)
            members.append(Member.objects.create(user=user, name=name, short_name=short_name))
        carr, dane, fenwick, hartley, ingram, lacey, moreton, pryce = members

        # The stake first, so that the rubbers are played for it; the evening's sitting
        # from midnight to the small hours, as the secretary's desk would open it.
        ledger.set_stake(
            per_hundred=STAKE,
            currency="GBP",
            smallest_unit=Decimal("0.01"),
            user=staff,
            seen=ledger.stake_seen(None),
        )
        today = timezone.localdate()
        midnight = datetime.combine(today, time.min, timezone.get_current_timezone())
        ledger.open_sitting(
            name=f"Evening of {today:%-d %B %Y}",
            start=midnight,
            end=midnight + timedelta(hours=30),
            user=staff,
        )

        # Elwell's specimen: We (Z, Y) are Mrs. Carr and Mr. Dane, They (A, B) Miss Fenwick
        # and Col. Hartley, seated round the table We, They, We, They.
        specimen = elwell.specimen()
        rubber = writes.start_rubber(
            table="Table 1", members=[carr, fenwick, dane, hartley], first_dealer=0, user=staff
        )
        writes.replay(rubber=rubber, deals=specimen.deals, user=staff)

        # A rubber in progress: two deals played (We have the first game), the third
        # declared, its result to come.
        rubber = writes.start_rubber(
            table="Table 2",
            members=[ingram, lacey, moreton, pryce],
            first_dealer=writes.CUT_FOR_DEAL,
            user=staff,
            rng=random.Random(1905),
        )
        first = engine.side_of_seat(rubber.first_dealer)
        writes.replay(
            rubber=rubber,
            deals=[
                _deal(first, "H", 9, ((3, 0), (1, 1))),
                _deal(first.other, "NT", 4, ((2, 1), (1, 0))),
            ],
            user=staff,
        )
        state = reads.table_state(rubber)
        writes.declare(
            state=state,
            user=staff,
            key=uuid.uuid4(),
            revision=rubber.revision,
            declaration=writes.Declaration(
                dealer=state.next_dealer,
                maker=engine.Maker.PARTNER,
                trump=engine.Trump.DIAMONDS,
                doubles=1,
            ),
        )
        assert Rubber.objects.count() == 2


def _deal(
    dealer: engine.Side, trump: str, tricks: int, honours: tuple[tuple[int, int], ...]
) -> engine.Deal:
    """A deal in which the dealer's side took `tricks`; honours as (We's, They's)."""
    won = (
        engine.Pair(tricks, 13 - tricks)
        if dealer is engine.Side.WE
        else engine.Pair(13 - tricks, tricks)
    )
    play = engine.Play(won, engine.Pair(honours[0], honours[1]))
    made = engine.Trump(trump)  # type: ignore[call-arg]  # by value: mypy#10573
    return engine.Deal(dealer, made, engine.Maker.DEALER, 0, play)
