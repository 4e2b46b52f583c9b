"""A Duplicate evening worked out as its results come in: 15 tables, 27 boards (9 rounds
of 3), 405 results. After each new result the evening is worked out again, as the site
will ask the engine, to its standings and travellers (`work_out_duplicate` with
`in_progress=True`, then `duplicate_result_json`); the baseline, timed in the same run, is
reading the same results' JSON (`json.loads` of elwell-duplicate/1 holding them). Each step
is timed in five passes through the evening and its median kept, by the wall clock and,
beside it, in this process's CPU time: on a machine shared with other work the wall clock
counts their time too, and the CPU time does not. Target: under 50 ms for the last step,
the evening with all 405 results.

Every table plays the same three boards each round, as a large club plays with copies of
each board, so that each board is played at all fifteen tables and compared fifteen ways.
The results are seeded and listed round by round, table by table, as they would come in.

The engine keeps each result once scored (`deals.score_result`), so that working the
evening out again scores only the new result; the figures are given both ways: with what
earlier steps kept, as a worker that has served the evening so far, and with nothing kept,
as a worker seeing the evening for the first time.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from scorer.engine.duplicate import (
    Evening,
    duplicate_json,
    duplicate_result_json,
    work_out_duplicate,
)
from scorer.engine.duplicate.deals import score_result
from tests.bench import targets
from tests.support.duplicate import shared_boards_evening

TABLES, ROUNDS, BOARDS_A_ROUND = 15, 9, 3
RESULTS = TABLES * ROUNDS * BOARDS_A_ROUND
RUNS = 5
TARGET_MS = 50.0


def evening(seed: int = 1905) -> Evening:
    rng = random.Random(seed)
    return shared_boards_evening(
        lambda lo, hi: rng.randint(lo, hi),
        tables=TABLES,
        rounds=ROUNDS,
        boards_a_round=BOARDS_A_ROUND,
    )


Timed = list[tuple[float, float]]  # each step's (wall clock, CPU time), in seconds


def _steps(step: Callable[[int], object], *, before: Callable[[], object] | None = None) -> Timed:
    """Each of the evening's steps, 1 to 405 results, by the wall clock and in this
    process's CPU time, each the median of RUNS passes."""
    runs: list[Timed] = []
    for _ in range(RUNS):
        times = []
        for count in range(1, RESULTS + 1):
            if before is not None:
                before()
            wall, cpu = time.perf_counter(), time.process_time()
            step(count)
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
        runs.append(times)
    return [
        (
            statistics.median(run[index][0] for run in runs),
            statistics.median(run[index][1] for run in runs),
        )
        for index in range(RESULTS)
    ]


def main() -> None:
    print()
    print(
        f"Duplicate evening: {TABLES} tables, {ROUNDS * BOARDS_A_ROUND} boards, {RESULTS} "
        "results, worked out after each new result"
    )
    whole = evening()
    so_far = [replace(whole, results=whole.results[:count]) for count in range(RESULTS + 1)]
    texts = [json.dumps(duplicate_json(partly)) for partly in so_far]

    def read_json(count: int) -> None:
        json.loads(texts[count])

    def standings_and_travellers(count: int) -> None:
        duplicate_result_json(work_out_duplicate(so_far[count], in_progress=True))

    score_result.cache_clear()
    baseline = _steps(read_json)
    kept = _steps(standings_and_travellers)
    anew = _steps(standings_and_travellers, before=score_result.cache_clear)
    print(f"  median of {RUNS} passes through the evening, per step (wall clock, CPU time):")
    print(f"    {'':52} {'the 405th result':>21} {'median of the steps':>23}")
    rows = (
        ("baseline: reading the results' JSON", baseline),
        ("standings and travellers, earlier results kept", kept),
        ("standings and travellers, every result scored anew", anew),
    )
    for label, times in rows:
        last_wall, last_cpu = (seconds * 1e3 for seconds in times[-1])
        middle_wall = statistics.median(wall for wall, _ in times) * 1e3
        middle_cpu = statistics.median(cpu for _, cpu in times) * 1e3
        print(
            f"    {label:52} {last_wall:6.2f} ms {last_cpu:6.2f} ms "
            f"{middle_wall:8.2f} ms {middle_cpu:6.2f} ms"
        )
    for label, times in rows[1:]:
        ratio = times[-1][1] / baseline[-1][1]
        print(f"    {label}: {ratio:.1f}× the baseline at the 405th (CPU time)")
    last = max(kept[-1][1], anew[-1][1]) * 1e3
    verdict = targets.verdict(last, TARGET_MS, "a Duplicate evening at its 405th result, ms")
    print(
        f"  target: under {TARGET_MS:g} ms for the 405th result, either way (CPU time): {verdict}"
    )
