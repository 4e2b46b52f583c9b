"""The cards (§9): deals worked out from their cards, and boards dealt (PBN written and
read: `tests/bench/pbn.py`).

- 10,000 random played deals, each an elwell-rubber/1 deal given by its hands and its play
  (a revoke in about one trick in ten), as `manage.py score` will take them: the JSON text
  parsed, then the honours, chicane, tricks and revokes worked out (`read_cards`). The
  baseline is the same loop parsing the JSON alone; the target, at most five times it.
- Dealing 10,000 boards from the system's secure random source, beside the same loop
  shuffling each pack with Python's ordinary (not secure) `random.shuffle`. Target: under a
  second.

The deals are seeded, so every run works out the same ones. Each figure is the median of
the runs of its clock and, beside it, of this process's CPU time: on a machine shared with
other work, the wall clock counts their time too, and the CPU time does not.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

from scorer.engine import Side, Trump
from scorer.engine.cards import deal_boards, read_cards
from tests.bench import targets
from tests.support.cards import played_deals

DEALS = 10_000
RUNS = 5
TARGET_RATIO = 5
TARGET_SECONDS = 1.0


def medians(runs: int, **loops: Callable[[], object]) -> dict[str, tuple[float, float]]:
    """Seconds per run of each loop, by the wall clock and in CPU time, median of `runs`;
    the loops take turns, as in `tests.bench.medians`."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in loops}
    for _ in range(runs):
        for name, loop in loops.items():
            wall, cpu = time.perf_counter(), time.process_time()
            loop()
            times[name].append((time.perf_counter() - wall, time.process_time() - cpu))
    return {
        name: (
            statistics.median(wall for wall, _ in measured),
            statistics.median(cpu for _, cpu in measured),
        )
        for name, measured in times.items()
    }


def main() -> None:
    texts = played_deals(DEALS)
    _work_out(texts)
    _dealing()


def _work_out(texts: list[str]) -> None:
    def parse_only() -> None:
        for text in texts:
            json.loads(text)

    def work_out() -> None:
        for text in texts:
            deal = json.loads(text)
            read_cards(
                deal,
                dealer=Side(deal["dealer"]),
                trump=Trump(deal["trump"]),  # type: ignore[call-arg]  # by value: mypy#10573
            )

    timed = medians(RUNS, baseline=parse_only, engine=work_out)
    wall = {key: seconds / DEALS * 1e6 for key, (seconds, _) in timed.items()}
    cpu = {key: seconds / DEALS * 1e6 for key, (_, seconds) in timed.items()}
    print()
    print(f"Cards: {DEALS:,} random played deals by their hands and play; median of {RUNS} runs,")
    print("per deal (wall clock, CPU time):")
    for key, label in (
        ("baseline", "baseline: JSON parsing only"),
        ("engine", "parsed, then honours, chicane, tricks and revokes"),
    ):
        print(f"    {label:<50}{wall[key]:7.1f} µs {cpu[key]:7.1f} µs")
    for clock, figures in (("wall clock", wall), ("CPU time", cpu)):
        ratio = figures["engine"] / figures["baseline"]
        verdict = targets.verdict(ratio, TARGET_RATIO, f"a played deal / baseline ({clock}), ×")
        print(f"  worked out / baseline, {clock}: {ratio:.1f}× (target {TARGET_RATIO}×): {verdict}")


def _dealing() -> None:
    ordinary = random.Random(1905)

    def shuffled_only() -> None:
        for _ in range(DEALS):
            ordinary.shuffle(list(range(52)))

    timed = medians(RUNS, baseline=shuffled_only, dealt=lambda: deal_boards(DEALS))
    print()
    print(f"Dealing {DEALS:,} boards; median of {RUNS} runs, wall clock and CPU time:")
    for key, label in (
        ("baseline", "baseline: random.shuffle of each pack (not secure)"),
        ("dealt", "dealt from secrets.SystemRandom (deal_boards)"),
    ):
        wall, cpu = (seconds * 1000 for seconds in timed[key])
        verdict = ""
        if key == "dealt":
            verdict = "  target 1 s: " + targets.verdict(
                cpu, TARGET_SECONDS * 1000, f"{label} (CPU), ms"
            )
        print(f"    {label:<52}{wall:7.1f} ms {cpu:7.1f} ms{verdict}")
