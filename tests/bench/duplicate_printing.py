"""Printing a Duplicate evening of 15 tables: a Mitchell of 9 rounds of 3 boards (each pair
plays 27 boards; 405 results, 45 boards in play), its guide cards (30) and its results
(the rankings, 45 travellers, 30 pairs' cards) as PDF through the club's printer, beside
WeasyPrint laying out a page of one line in the same run, by the wall clock and in the
printer's process's CPU time (which other work on a shared machine does not inflate as
much); and each process's peak memory while the results are made, beside the one-line
page's. Target: under 2 s each by the wall clock, and 200 MB each process, the printer's
bound for the largest pad (tests/bench/printing.py).

The results are seeded, so every run prints the same evening.
"""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Callable
from datetime import date
from pathlib import Path

from scorer.engine.duplicate import (
    Board,
    Comparison,
    DuplicateRules,
    Evening,
    MovementKind,
    Schedule,
    mitchell,
)
from tests.bench import django_ready, medians, targets
from tests.support.duplicate import names, random_result

TABLES, ROUNDS, BOARDS_A_SET = 15, 9, 3
RUNS = 7
TARGET_MS = 2000
TARGET_MB = 200
# The printer's patience here: a bound, not what is timed (its process runs at a lower
# priority, and on a machine busy with other work a document may wait long for it).
PATIENCE = 600.0


def evening(seed: int = 1905) -> Evening:
    """The evening: every result the schedule calls for, drawn from a seeded source."""
    rng = random.Random(seed)

    def choose(lo: int, hi: int) -> int:
        return rng.randint(lo, hi)

    schedule = Schedule(mitchell(TABLES, ROUNDS), BOARDS_A_SET)
    results = tuple(random_result(choose, s.board, s.ns, s.ew, None) for s in schedule.results())
    return Evening(
        DuplicateRules(MovementKind.MITCHELL, Comparison.AVERAGE),
        tuple(Board(number) for number in range(1, schedule.boards + 1)),
        results,
        names(2 * TABLES),
        schedule,
    )


def main() -> None:
    django_ready()
    from scorer.duplicate import printing
    from scorer.engine.duplicate import work_out_duplicate
    from scorer.plumbing.printer import printer

    printer.patience = PATIENCE
    played = evening()
    score = work_out_duplicate(played)
    named = {number: " & ".join(pair) for number, pair in enumerate(played.pairs, 1)}
    day = date(2026, 11, 28)

    def guide_cards() -> bytes:
        assert played.schedule is not None
        return printing.guide_cards_document(
            title="Club night", day=day, schedule=played.schedule, names=named, paper="A4"
        )

    def results() -> bytes:
        return printing.results_document(
            title="Club night", day=day, evening=played, score=score, names=named, paper="A4"
        )

    printer.lay_out("<p>One line.</p>")  # the printer started, its stylesheet loaded
    loops = {
        "one_line": lambda: printer.lay_out("<p>One line.</p>"),
        "guide_cards": guide_cards,
        "results": results,
    }
    cpu: dict[str, list[float]] = {name: [] for name in loops}

    def counted(name: str, loop: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            assert printer.pid is not None
            before = _cpu_seconds(printer.pid)
            loop()
            cpu[name].append(_cpu_seconds(printer.pid) - before)

        return run

    timed = medians(RUNS, **{name: counted(name, loop) for name, loop in loops.items()})
    ms = {name: seconds * 1000 for name, seconds in timed.items()}
    cpu_ms = {name: statistics.median(seconds) * 1000 for name, seconds in cpu.items()}
    print()
    print(
        f"Printing a Duplicate evening: {TABLES} tables, {ROUNDS} rounds of {BOARDS_A_SET} "
        f"boards ({len(played.results)} results), median of {RUNS} runs each "
        "(wall clock; the printer's CPU time)"
    )
    print(
        f"    {'baseline: WeasyPrint, a page of one line':<44}{ms['one_line']:7.1f} ms "
        f"{cpu_ms['one_line']:7.1f} ms"
    )
    for name, label in (
        ("guide_cards", f"the guide cards, {2 * TABLES} pairs"),
        ("results", f"the results, {len(score.travellers)} travellers"),
    ):
        verdict = targets.verdict(ms[name], TARGET_MS, f"printing a Duplicate evening's {name}, ms")
        print(
            f"    {label:<44}{ms[name]:7.1f} ms {cpu_ms[name]:7.1f} ms  "
            f"{ms[name] / ms['one_line']:5.1f}× / {cpu_ms[name] / cpu_ms['one_line']:5.1f}×  "
            f"(target {TARGET_MS} ms: {verdict})"
        )
    one_line = _peaks(lambda: printer.lay_out("<p>One line.</p>"))
    made = _peaks(results)
    print("Each process's peak memory while one is made, median of runs")
    print(f"    {'baseline: a page of one line':<44}{_megabytes(one_line)}")
    most = max(statistics.median(mb) for mb in made.values())
    verdict = targets.verdict(most, TARGET_MB, "memory printing a Duplicate evening's results, MB")
    print(f"    {'the results':<44}{_megabytes(made)}  (target {TARGET_MB} MB each: {verdict})")


def _peaks(make: Callable[[], object]) -> dict[str, list[float]]:
    """Each process's peak resident memory, in MB, each time `make` runs: the printer's
    and this one's, which stands for the worker (the peak reset before, clear_refs)."""
    from scorer.plumbing.printer import printer

    peaks: dict[str, list[float]] = {"printer": [], "worker": []}
    for _ in range(3):
        assert printer.pid is not None, "the printer's process has started"
        processes = {"printer": printer.pid, "worker": os.getpid()}
        for pid in processes.values():
            Path(f"/proc/{pid}/clear_refs").write_text("5")
        make()
        for name, pid in processes.items():
            peaks[name].append(_high_water(pid) / 1024)
    return peaks


def _cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, user and system (/proc/<pid>/stat's utime and stime)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _high_water(pid: int) -> int:
    """A process's peak resident size, kB (/proc/<pid>/status's VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise ValueError(f"no VmHWM for process {pid}")


def _megabytes(peaks: dict[str, list[float]]) -> str:
    return ", ".join(f"{name} {statistics.median(mb):4.0f} MB" for name, mb in peaks.items())
