"""The rules engine: 10,000 random valid rubbers worked out from their JSON.

Each rubber goes the way `manage.py score --jsonl` takes it: parsed, read and checked, and
worked out (the engine's figure, which the target is set for); then, timed as a third loop,
also written as elwell-sheet/1. The baseline is the same loop doing only the JSON parsing.
The rubbers are seeded, so every run works out the same ones.
"""

from __future__ import annotations

import json
import random
import statistics
import tracemalloc

from scorer.engine import Rubber, loads, rubber_json, sheet_json
from tests.bench import medians
from tests.rubbers import random_rubber, random_rules

RUBBERS = 10_000
RUNS = 7
TARGET_MICROSECONDS = 200


def rubbers(count: int, seed: int = 1905) -> list[str]:
    rng = random.Random(seed)

    def choose(lo: int, hi: int) -> int:
        return rng.randint(lo, hi)

    texts = []
    for _ in range(count):
        rules = random_rules(choose)
        texts.append(json.dumps(rubber_json(Rubber(rules, tuple(random_rubber(choose, rules))))))
    return texts


def main() -> None:
    texts = rubbers(RUBBERS)
    deals = statistics.mean(len(json.loads(text)["deals"]) for text in texts)

    def parse_only() -> None:
        for text in texts:
            json.loads(text)

    def work_out() -> None:
        for text in texts:
            loads(text).sheet()

    def work_out_and_write() -> None:
        for text in texts:
            rubber = loads(text)
            sheet_json(rubber.sheet(), rubber.players)

    timed = medians(RUNS, baseline=parse_only, engine=work_out, written=work_out_and_write)
    per_rubber = {name: seconds / RUBBERS * 1e6 for name, seconds in timed.items()}

    tracemalloc.start()
    for text in texts[:1000]:
        rubber = loads(text)
        sheet_json(rubber.sheet(), rubber.players)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print()
    print(f"Rules engine: {RUBBERS:,} random valid rubbers, {deals:.1f} deals each on average")
    print(f"  median of {RUNS} runs, per rubber:")
    print(f"    baseline: JSON parsing only            {per_rubber['baseline']:7.1f} µs")
    print(f"    engine: parse, check, work out         {per_rubber['engine']:7.1f} µs")
    print(f"    engine, then write elwell-sheet/1      {per_rubber['written']:7.1f} µs")
    print(f"  engine / baseline: {per_rubber['engine'] / per_rubber['baseline']:.1f}×")
    verdict = "within" if per_rubber["engine"] <= TARGET_MICROSECONDS else "OVER"
    print(f"  target: the engine at most {TARGET_MICROSECONDS} µs per rubber: {verdict}")
    print(f"  peak memory working out 1,000 rubbers one by one: {peak / 1024:.0f} KiB")
