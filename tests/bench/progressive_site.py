"""A Progressive evening on the site: the server's time for a save at a table of a 20-table
evening (80 players), answered with the table's sheet, beside a rubber's save timed in the
same run (target 1.2×); and the standings page of that evening, its noticeboard, beside
Django's minimal view (target 3×).

Requests go through the whole middleware stack in this process (Django's test client, no
network), on a fresh SQLite database, as `tests/bench/table.py` times a rubber's. The
evenings have played two rounds of four deals at every table; in the third, each timed
save records a deal declared beforehand (untimed).
"""

from __future__ import annotations

import random
import re
import statistics
import time
import uuid
from typing import Any

from tests.bench import a_club, django_ready, targets

TABLES = 20
EVENINGS = 3  # each third round gives 80 saves: 240 in all
ROUNDS = 200  # of the rubber's save, the standings page and the minimal view
TARGETS = {"save": 1.2, "standings": 3.0}


def main() -> None:
    django_ready()
    from django.test import Client

    staff, members = a_club(4 * TABLES)
    phone = Client()
    phone.force_login(staff)
    evenings = [_evening(staff, members, n) for n in range(EVENINGS)]
    save, rubber = _saves(phone, staff, members[:4], evenings)
    wall, minimal, member_page = _standings(evenings[0], members[0])
    print()
    print(f"A Progressive evening on the site: {TABLES} tables (80 players), 4 deals a round")
    print(f"    baseline: a rubber's save, deal 8, sheet back {rubber:6.2f} ms")
    ratio = save / rubber
    verdict = targets.verdict(ratio, TARGETS["save"], "a Progressive save, × a rubber's")
    print(
        f"    a save at a table, its sheet back          {save:6.2f} ms  {ratio:4.2f}×  "
        f"(target {TARGETS['save']}×: {verdict})"
    )
    print(f"    baseline: Django's minimal view            {minimal:6.2f} ms")
    ratio = wall / minimal
    verdict = targets.verdict(
        ratio, TARGETS["standings"], "the standings of 80, × the minimal view"
    )
    print(
        f"    the standings (noticeboard), 80 players    {wall:6.2f} ms  {ratio:4.2f}×  "
        f"(target {TARGETS['standings']:.0f}×: {verdict})"
    )
    print(
        f"    a player's evening page, signed in         {member_page:6.2f} ms  "
        f"{member_page / minimal:4.2f}×"
    )


def _evening(staff: Any, members: list[Any], n: int) -> Any:
    """80 players drawn at 20 tables, two rounds played (each table's pairs alternately
    making 9 tricks at no-trump), the third seated."""
    from scorer.progressive import reads, writes

    evening = writes.open_evening(
        name=f"Bench evening {n}", day=_today(), deals_a_round=4, user=staff
    ).evening

    def seen() -> str:
        evening.refresh_from_db()
        return str(evening.revision)

    for member in members:
        writes.add_member(evening=evening, member=member, seen=seen(), user=staff)
    writes.draw(evening=evening, seen=seen(), user=staff, rng=random.Random(n))
    for played in (1, 2):
        for table in reads.evening_record(evening).round_of(played):
            for number in range(4):
                _deal(table.table.pk, staff, tricks=9 if number % 2 == 0 else 5)
            record = reads.table_record(table.table.pk)
            writes.agree(
                record=record,
                user=staff,
                key=uuid.uuid4(),
                revision=record.table.revision,
                side=None,
                rng=random.Random(n),
            )
        writes.next_round(evening=evening, seen=seen(), user=staff, rng=random.Random(played))
    return evening


def _today() -> Any:
    from django.utils import timezone

    return timezone.localdate()


def _declare(pk: int, staff: Any) -> Any:
    from scorer.engine import Maker, Trump
    from scorer.progressive import reads, writes
    from scorer.rubbers.writes import Declaration

    record = reads.table_record(pk)
    return writes.declare(
        record=record,
        user=staff,
        key=uuid.uuid4(),
        revision=record.table.revision,
        declaration=Declaration(record.next_dealer, Maker.DEALER, Trump.NO_TRUMP, 0),
    )


def _deal(pk: int, staff: Any, *, tricks: int) -> None:
    from scorer.progressive import writes
    from scorer.rubbers.writes import Result

    record = _declare(pk, staff)
    writes.record_result(
        record=record,
        user=staff,
        key=uuid.uuid4(),
        revision=record.table.revision,
        result=Result(played=True, tricks=tricks),
    )


def _saves(phone: Any, staff: Any, four: list[Any], evenings: list[Any]) -> tuple[float, float]:
    """Medians in ms: a save at a table of the third round (its deal declared untimed), and
    a rubber's save of its eighth deal, taking turns."""
    from scorer.engine import Maker, Trump
    from scorer.progressive import reads
    from scorer.progressive.models import ProgressiveTable
    from scorer.rubbers import reads as rubber_reads
    from scorer.rubbers import writes as rubber_writes
    from tests.support.rubbers import deal

    tables = [
        pk
        for evening in evenings
        for pk in ProgressiveTable.objects.filter(evening=evening, round=3).values_list(
            "pk", flat=True
        )
    ]
    saves, rubbers = [], []
    for turn in range(4 * len(tables)):
        pk = tables[turn % len(tables)]
        record = _declare(pk, staff)
        data = {"key": uuid.uuid4(), "revision": record.table.revision, "tricks": 9}
        data["honours"] = "easy"
        start = time.perf_counter()
        answer = phone.post(
            f"/progressive/tables/{pk}/result/", data, headers={"HX-Request": "true"}
        )
        saves.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.content[:500]
        assert reads.table_record(pk).in_progress is None

        if turn < ROUNDS:
            rubber = rubber_writes.start_rubber(table="T", members=four, first_dealer=0, user=staff)
            deals = [deal("S", (7, 6), dealer=side) for side in ("we", "they") * 3]
            deals.append(deal("C", (5, 8), dealer="we"))
            rubber_writes.replay(rubber=rubber, deals=deals, user=staff)
            rubber.refresh_from_db()
            rubber_writes.declare(
                state=rubber_reads.rubber_state(rubber),
                user=staff,
                key=uuid.uuid4(),
                revision=rubber.revision,
                declaration=rubber_writes.Declaration(1, Maker.DEALER, Trump.SPADES, 0),
            )
            rubber.refresh_from_db()
            data = {"key": uuid.uuid4(), "revision": rubber.revision, "tricks": 7}
            data["honours"] = "we:THREE"
            start = time.perf_counter()
            answer = phone.post(
                f"/rubbers/{rubber.pk}/result/", data, headers={"HX-Request": "true"}
            )
            rubbers.append(time.perf_counter() - start)
            assert answer.status_code == 200, answer.content[:500]
    return statistics.median(saves) * 1000, statistics.median(rubbers) * 1000


def _standings(evening: Any, member: Any) -> tuple[float, float, float]:
    """Medians in ms: the noticeboard's standings of the 80, drawn whole for a screen that
    signed in nowhere; Django's minimal view for the same client; a player's own page of
    the evening, signed in."""
    from django.test import Client
    from django.urls import reverse

    from scorer.progressive import live

    wall = Client()
    board = reverse("scorer:progressive:board", args=[live.board_token(evening)])
    assert "Player" in wall.get(board).content.decode()
    player = Client()
    player.force_login(member.user)
    page = reverse("scorer:progressive:evening", args=[evening.pk])
    assert re.search("You are No. \\d+", player.get(page).content.decode())
    times: dict[str, list[float]] = {"board": [], "minimal": [], "page": []}
    for _ in range(ROUNDS):
        for name, client, url in (
            ("minimal", wall, "/bench/minimal/"),
            ("board", wall, board),
            ("page", player, page),
        ):
            start = time.perf_counter()
            answer = client.get(url)
            times[name].append(time.perf_counter() - start)
            assert answer.status_code == 200
    median = {name: statistics.median(seconds) * 1000 for name, seconds in times.items()}
    return median["board"], median["minimal"], median["page"]
