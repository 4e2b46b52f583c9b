"""A member's record in pictures: his page with a season's charts, in a busy club's year
(60 members, 10,000 agreed rubbers, 40,000 postings, a sitting a week), beside Django's
minimal view (an empty answer, no database) and a plain page for a member signed in (the
password page: his session and account read, the site's frame drawn), timed in turn.

Requests go through the whole middleware stack in this process (Django's test client, no
network). The year is written straight to the database, as the ledger's benchmark does."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from tests.bench import django_ready, medians, targets

if TYPE_CHECKING:  # imported where used, once Django is set up
    from scorer.models import Member

RUNS = 30
MEMBERS = 60
RUBBERS = 10_000
TARGET = 3.0  # times the minimal view, as issue 22 asks


def main() -> None:
    django_ready()
    from django.db import connection
    from django.test import Client

    member, year = _a_busy_season()
    phone = Client()
    phone.force_login(member.user)
    page = f"/ledger/me/record/?season={year}"
    answer = phone.get(page)
    assert answer.status_code == 200, answer.status_code
    assert answer.content.count(b'<svg class="chart"') == 4
    queries: list[str] = []

    def counted(
        execute: Callable[[str, object, bool, dict[str, object]], object],
        sql: str,
        params: object,
        many: bool,
        context: dict[str, object],
    ) -> object:
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        phone.get(page)
    loops = {
        "minimal": lambda: phone.get("/bench/minimal/"),
        "plain": lambda: phone.get("/accounts/password_change/"),
        "record": lambda: phone.get(page),
    }
    wall, cpu = medians(RUNS, **loops), cpu_medians(RUNS, **loops)
    rows = answer.content.count(b'<tr><th scope="row">')
    print()
    print(
        f"A member's record: his page with a season's charts, {MEMBERS} members, "
        f"{RUBBERS:,} agreed rubbers, median of {RUNS} requests each (wall clock; CPU time)"
    )
    print(f"    baseline: Django's minimal view            {_both(wall, cpu, 'minimal')}")
    print(
        f"    baseline: a plain page, signed in          {_both(wall, cpu, 'plain')}  "
        f"{cpu['plain'] / cpu['minimal']:5.1f}×"
    )
    ratio = cpu["record"] / cpu["minimal"]
    verdict = targets.verdict(ratio, TARGET, "a member's record, × the minimal view")
    print(
        f"    his record, four charts and their tables   {_both(wall, cpu, 'record')}  "
        f"{ratio:5.1f}×, {cpu['record'] / cpu['plain']:4.1f}× the plain page "
        f"(target {TARGET:.0f}× the minimal view: {verdict})"
    )
    print(f"    queries: {len(queries)}, the session and the account among them; {rows} rows")


def _both(wall: dict[str, float], cpu: dict[str, float], name: str) -> str:
    return f"{wall[name] * 1000:7.2f} ms; {cpu[name] * 1000:7.2f} ms"


def cpu_medians(runs: int, **loops: Callable[[], object]) -> dict[str, float]:
    """As `medians`, in this process's CPU time, which other work on a shared machine
    does not inflate."""
    times: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(runs):
        for name, loop in loops.items():
            start = time.process_time()
            loop()
            times[name].append(time.process_time() - start)
    return {name: statistics.median(seconds) for name, seconds in times.items()}


def _a_busy_season() -> tuple[Member, int]:
    """Last year, played by 60 members: a sitting each Monday, 10,000 rubbers agreed at
    its tables, each posting to its four players."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from ledger.models import Posting, Sitting
    from scorer.models import Member, Rubber, Seat
    from tests.support.ledger import set_stake

    rng = random.Random(1905)
    year = timezone.localdate().year - 1
    zone = timezone.get_current_timezone()
    start = datetime(year, 1, 5, 19, 0, tzinfo=zone)  # a Monday evening
    users = get_user_model()
    staff = users.objects.create_user("record-bench-staff", is_staff=True)
    accounts = users.objects.bulk_create(users(username=f"record{n}") for n in range(MEMBERS))
    members = Member.objects.bulk_create(
        Member(user=user, name=f"Record member {n:02}", short_name=f"M{n}")
        for n, user in enumerate(accounts)
    )
    set_stake("0.50", staff, at=start - timedelta(days=1))
    weeks = 51
    Sitting.objects.bulk_create(
        Sitting(
            name=f"Evening {week + 1}",
            start=start + timedelta(weeks=week),
            end=start + timedelta(weeks=week, hours=6),
            created_by=staff,
        )
        for week in range(weeks)
    )
    each = RUBBERS // weeks + 1
    rubbers = Rubber.objects.bulk_create(
        Rubber(
            table=f"Table {n % 10 + 1}",
            started_by=staff,
            started_at=start + timedelta(weeks=n // each, minutes=n % each),
            first_dealer=0,
            agreed_at=start + timedelta(weeks=n // each, minutes=n % each + 40),
            agreed_value=rng.randrange(-700, 1500, 2),
        )
        for n in range(RUBBERS)
    )
    seats, postings = [], []
    for rubber in rubbers:
        # Made agreed above: the fields are empty only on a rubber not yet agreed.
        assert rubber.agreed_value is not None
        assert rubber.agreed_at is not None
        for position, member in enumerate(rng.sample(members, 4)):
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
    return members[0], year
