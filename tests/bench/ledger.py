"""The ledger: the settlement of a year of a busy club (60 members, 10,000 agreed rubbers,
40,000 postings), with its query count, beside a plain count() of the same postings.

The year is written straight to the database (playing 10,000 rubbers through the table's
steps would take the benchmark an hour); the settlement reads only what it always reads.
The first week is played by 8 members only, to show that the number of queries does not
grow with the number of members.
"""

from __future__ import annotations

import random
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from tests.bench import django_ready, medians, targets

if TYPE_CHECKING:  # imported where used, once Django is set up
    from ledger.models import Sitting

RUNS = 5
MEMBERS = 60
RUBBERS = 10_000
FIRST_WEEK_MEMBERS = 8
TARGET_SECONDS = 1.0


def main() -> None:
    django_ready()
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from ledger.models import Posting
    from ledger.settlement import services

    year, week = _a_busy_year()
    in_year = Posting.objects.filter(
        rubber__started_at__gte=year.start, rubber__started_at__lt=year.end
    )
    timed = medians(
        RUNS,
        count=lambda: in_year.count(),
        settlement=lambda: services.settlement(year),
    )
    queries = {}
    with transaction.atomic():
        for name, sitting in (("year", year), ("week", week)):
            if sitting is week:
                year.delete()  # an open sitting, undone below
                week.save()
            with CaptureQueriesContext(connection) as captured:
                result = services.settlement(sitting)
            queries[name] = (len(captured), len(result.lines), len(result.transfers))
        transaction.set_rollback(True)
    seconds = timed["settlement"]
    print()
    print(
        f"Ledger: the settlement of a year, {MEMBERS} members, {RUBBERS:,} agreed rubbers "
        f"({in_year.count():,} postings), median of {RUNS} runs"
    )
    print(f"    baseline: count() of the year's postings  {timed['count'] * 1000:7.1f} ms")
    verdict = targets.verdict(seconds, TARGET_SECONDS, "the year's settlement, s")
    print(
        f"    the year's settlement                     {seconds * 1000:7.1f} ms  "
        f"(target 1 s: {verdict})"
    )
    for name, (count, lines, transfers) in queries.items():
        print(f"    queries for the {name:<4}: {count} ({lines} members, {transfers} transfers)")
    same = "the same" if queries["year"][0] == queries["week"][0] else "NOT the same"
    print(f"    queries: {same} for {queries['week'][1]} members as for {queries['year'][1]}")


def _a_busy_year() -> tuple[Sitting, Sitting]:
    """A sitting for the year, saved, and one for its first week, not saved: they overlap."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from ledger.models import Posting, Sitting
    from scorer.models import Member, Rubber, Seat
    from tests.support.ledger import set_stake

    rng = random.Random(1905)
    users = get_user_model()
    staff = users.objects.create_user("ledger-bench-staff", is_staff=True)
    accounts = users.objects.bulk_create(users(username=f"ledger{n}") for n in range(MEMBERS))
    members = Member.objects.bulk_create(
        Member(user=user, name=f"Ledger member {n:02}", short_name=f"M{n}")
        for n, user in enumerate(accounts)
    )
    start = timezone.now() - timedelta(days=366)
    set_stake("0.50", staff, at=start - timedelta(days=1))
    step = timedelta(days=365) / RUBBERS
    rubbers = Rubber.objects.bulk_create(
        Rubber(
            table=f"Table {n % 10 + 1}",
            started_by=staff,
            started_at=start + n * step,
            first_dealer=0,
            agreed_at=start + n * step + timedelta(minutes=40),
            agreed_value=rng.randrange(-700, 1500, 2),
        )
        for n in range(RUBBERS)
    )
    week_end = start + timedelta(days=7)
    seats, postings = [], []
    for rubber in rubbers:
        # Made agreed above: the fields are empty only on a rubber not yet agreed.
        assert rubber.agreed_value is not None
        assert rubber.agreed_at is not None
        pool = members[:FIRST_WEEK_MEMBERS] if rubber.started_at < week_end else members
        players = rng.sample(pool, 4)
        for position, member in enumerate(players):
            points = rubber.agreed_value if position % 2 == 0 else -rubber.agreed_value
            seats.append(Seat(rubber=rubber, member=member, position=position))
            postings.append(
                Posting(
                    member=member,
                    kind=Posting.RUBBER,
                    rubber=rubber,
                    points=points,
                    amount=Decimal(points) / 200,
                    currency="GBP",
                    counterparty="the other two",
                    reason="rubber",
                    posted_at=rubber.agreed_at,
                )
            )
    Seat.objects.bulk_create(seats, batch_size=2000)
    Posting.objects.bulk_create(postings, batch_size=2000)
    year = Sitting.objects.create(
        name="The year", start=start, end=start + timedelta(days=366), created_by=staff
    )
    # Sittings never overlap: the first week is settled on its own in place of the year,
    # and put back as it was (main).
    week = Sitting(name="The first week", start=start, end=week_end, created_by=staff)
    return year, week
