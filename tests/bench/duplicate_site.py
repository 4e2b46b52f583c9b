"""A Duplicate evening on the site: the working out after each new result, and a save at a
table.

**The working out.** A Mitchell of 15 tables, two boards a round (15 rounds, 30 boards,
450 results: the nearest evening the site plays to the engine's benchmark of 27 boards and
405 results, `tests/bench/duplicate.py`, whose boards are copied for every table). Its
results are recorded one by one through the site's writes, as its phones record them;
after each, timed untimed-write apart: reading the evening's rows from the database
(`reads.evening_record`, the baseline) and reading them, building the engine's evening and
working it out to its standings and travellers as the pages lay them out
(`presenters.rankings` and each board's `traveller_view`). Targets: under 50 ms at the
405th result, and at most 3× the reading alone, each by the median of the steps around it.

**The save.** North–South's save of a board at a table of that evening, answered with the
table and the next board's form (and the round's later boards' forms, kept for a lost
signal), beside a rubber's save of its eighth deal, answered with its sheet, timed in the
same run, taking turns (target 1.2×). Requests go through the whole middleware stack in
this process (Django's test client, no network), on a fresh SQLite database.
"""

from __future__ import annotations

import random
import statistics
import time
import uuid
from typing import Any

from tests.bench import a_club, django_ready, targets

TABLES = 15
BOARDS_A_ROUND = 2
AT = 405  # the result the targets are read at
AROUND = 10  # steps either side of it, whose median is taken
SAVES = 120
TARGETS = {"ms": 50.0, "ratio": 3.0, "save": 1.2}


def main() -> None:
    django_ready()
    staff, members = a_club(4 * TABLES)
    evening = _evening(staff, members, "Working out")
    steps = _working_out(staff, evening)
    saves, rubbers = _saves(staff, members[:4], _evening(staff, members, "Saving"))
    print()
    print(
        f"A Duplicate evening on the site: a Mitchell of {TABLES} tables, {BOARDS_A_ROUND} "
        f"boards a round ({len(steps['read'])} results), after each new result"
    )
    near = slice(AT - 1 - AROUND, AT + AROUND)
    print(f"  at the {AT}th result, median of the {2 * AROUND + 1} steps around it "
          "(wall clock, CPU time):")  # fmt: skip
    at = {name: _median(times[near]) for name, times in steps.items()}
    rows = (
        ("baseline: reading the evening's rows", "read"),
        ("read and worked out: standings, travellers", "worked"),
        ("… and laid out as the pages show them", "laid"),
    )
    for label, name in rows:
        wall, cpu = at[name]
        print(f"    {label:48} {wall:7.2f} ms {cpu:7.2f} ms  {cpu / at['read'][1]:4.2f}×")
    cpu = at["worked"][1]
    verdict_ms = targets.verdict(cpu, TARGETS["ms"], f"a Duplicate evening at its {AT}th, ms")
    ratio = cpu / at["read"][1]
    verdict_ratio = targets.verdict(ratio, TARGETS["ratio"], "its working out, × the reading")
    print(
        f"  targets (CPU time): under {TARGETS['ms']:g} ms, {verdict_ms}; at most "
        f"{TARGETS['ratio']:g}× the reading, {verdict_ratio}"
    )
    last = {name: times[-1] for name, times in steps.items()}
    print(
        f"  at the {len(steps['read'])}th and last (CPU time): reading {last['read'][1]:.2f} ms, "
        f"worked out {last['worked'][1]:.2f} ms, laid out {last['laid'][1]:.2f} ms"
    )
    ratio = saves / rubbers
    verdict = targets.verdict(ratio, TARGETS["save"], "a Duplicate save, × a rubber's")
    print(f"    baseline: a rubber's save, deal 8, sheet back {rubbers:6.2f} ms")
    print(
        f"    a board saved, the next board's form back   {saves:6.2f} ms  {ratio:4.2f}×  "
        f"(target {TARGETS['save']}×: {verdict})"
    )


Timed = list[tuple[float, float]]  # each step's (wall clock, CPU time), in ms


def _median(times: Timed) -> tuple[float, float]:
    return (
        statistics.median(wall for wall, _ in times),
        statistics.median(cpu for _, cpu in times),
    )


def _timed(work: Any) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def _evening(staff: Any, members: list[Any], name: str) -> Any:
    from django.utils import timezone

    from scorer.duplicate import writes
    from scorer.engine.duplicate import Comparison, MovementKind

    evening = writes.open_evening(
        name=name,
        day=timezone.localdate(),
        movement=MovementKind.MITCHELL,
        tables=TABLES,
        boards_a_round=BOARDS_A_ROUND,
        comparison=Comparison.AVERAGE,
        user=staff,
    ).evening

    def seen() -> str:
        evening.refresh_from_db()
        return str(evening.revision)

    for first, second in zip(members[0::2], members[1::2], strict=True):
        writes.add_pair(evening=evening, first=first, second=second, seen=seen(), user=staff)
    writes.start(
        evening=evening, boards_from="dealt", seen=seen(), user=staff, rng=random.Random(1905)
    )
    evening.refresh_from_db()
    return evening


def _entry(rng: random.Random) -> Any:
    from scorer.duplicate.writes import Entry
    from scorer.engine import Trump

    return Entry(trump=rng.choice(list(Trump)), tricks=rng.randint(4, 12))


def _working_out(staff: Any, evening: Any) -> dict[str, Timed]:
    """Each step's times: the evening's rows read; read and worked out by the engine to
    its standings and travellers; read, worked out and laid out as the pages lay them out
    (the rankings, every traveller)."""
    from scorer.duplicate import presenters, reads, writes
    from scorer.duplicate.models import DuplicateTable
    from scorer.engine.duplicate import Comparison

    def read() -> None:
        reads.evening_record(evening, reads.WHOLE)

    def worked() -> None:
        assert reads.evening_record(evening, reads.WHOLE).score is not None

    def laid() -> None:
        record = reads.evening_record(evening, reads.WHOLE)
        score = record.score
        assert score is not None
        presenters.rankings(record)
        provisional = presenters.provisional_of(record)
        matchpoints = evening.comparison == Comparison.MATCHPOINTS.value
        for traveller in score.travellers:
            presenters.traveller_view(traveller, provisional, matchpoints)

    rng = random.Random(27)
    steps: dict[str, Timed] = {"read": [], "worked": [], "laid": []}
    tables = DuplicateTable.objects.filter(evening=evening).order_by("round", "number")
    for table in tables:
        for board in reads.table_record(table.pk).boards:
            record = reads.table_record(table.pk)
            writes.record(
                record=record, user=staff, key=uuid.uuid4(), revision=record.table.revision,
                board=board.number, entry=_entry(rng),
            )  # fmt: skip
            for name, step in (("read", read), ("worked", worked), ("laid", laid)):
                reads.forget()  # as a worker that has not worked this version out
                steps[name].append(_timed(step))
    return steps


def _saves(staff: Any, four: list[Any], evening: Any) -> tuple[float, float]:
    """Medians in ms: North–South's save of a board at a table (its first board of the
    round, the second's form back), and a rubber's save of its eighth deal, taking
    turns."""
    from django.test import Client

    from scorer.duplicate.models import DuplicateTable
    from scorer.engine import Maker, Trump
    from scorer.rubbers import reads as rubber_reads
    from scorer.rubbers import writes as rubber_writes
    from tests.support.rubbers import deal

    phone = Client()
    phone.force_login(staff)
    tables = list(DuplicateTable.objects.filter(evening=evening).order_by("round", "number"))
    saves, rubbers = [], []
    rng = random.Random(1)
    for turn in range(SAVES):
        table = tables[turn % len(tables)]
        first = (turn // len(tables)) % BOARDS_A_ROUND  # each table's first board, then its next
        board = _board_at(table, first)
        data = {"key": uuid.uuid4(), "revision": table.revision, "maker": "dealer",
                "trump": rng.choice(["S", "H", "NT"]), "doubles": 0,
                "tricks": rng.randint(5, 11)}  # fmt: skip
        start = time.perf_counter()
        answer = phone.post(
            f"/duplicate/tables/{table.pk}/boards/{board}/record/",
            data,
            headers={"HX-Request": "true"},
        )
        saves.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.content[:500]
        table.refresh_from_db()

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
        answer = phone.post(f"/rubbers/{rubber.pk}/result/", data, headers={"HX-Request": "true"})
        rubbers.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.content[:500]
    return statistics.median(saves) * 1000, statistics.median(rubbers) * 1000


def _board_at(table: Any, place: int) -> int:
    from scorer.duplicate import reads

    return reads.table_record(table.pk).boards[place].number
