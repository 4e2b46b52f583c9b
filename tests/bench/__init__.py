"""Benchmarks run by `make bench`: each prints its medians beside a baseline timed in the
same run, so that figures from different machines can be compared by their ratio."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def medians(runs: int, **loops: Callable[[], object]) -> dict[str, float]:
    """Seconds per run of each loop, median of `runs`; the loops take turns so that a
    slow moment of the machine falls on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(runs):
        for name, loop in loops.items():
            start = time.perf_counter()
            loop()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(seconds) for name, seconds in times.items()}
