"""The rules engine: 10,000 random valid rubbers of each game worked out from their JSON.

Each rubber goes the way `manage.py score --jsonl` takes it: parsed, its game found, read and
checked, and worked out (the engine's figure, which the target is set for); then, timed as a
third loop, also written as its game's sheet (elwell-sheet/1 or whist-sheet/1). The baseline
is the same loop doing only the JSON parsing. The rubbers are seeded, so every run works out
the same ones.
"""

from __future__ import annotations

import json
import random
import statistics
import tracemalloc
from collections.abc import Callable

from scorer.engine import THREE_HANDED, WHIST, Rubber, WhistRubber, loads_any, rubber_json
from tests.bench import medians, targets
from tests.support.games import (
    random_three_handed_rubber,
    random_three_handed_rules,
    random_whist_rubber,
)
from tests.support.rubbers import Choose, random_rubber, random_rules

RUBBERS = 10_000
RUNS = 7
TARGET_MICROSECONDS = 200


def _seeded(seed: int) -> Choose:
    rng = random.Random(seed)

    def choose(lo: int, hi: int) -> int:
        return rng.randint(lo, hi)

    return choose


def rubbers(count: int, seed: int = 1905) -> list[str]:
    """Bridge rubbers as elwell-rubber/1 text."""
    choose, texts = _seeded(seed), []
    for _ in range(count):
        rules = random_rules(choose)
        texts.append(json.dumps(rubber_json(Rubber(rules, tuple(random_rubber(choose, rules))))))
    return texts


def three_handed_rubbers(count: int, seed: int = 1905) -> list[str]:
    """Three-handed rubbers (by rubbers or by games) as elwell-rubber/1 text."""
    choose, texts = _seeded(seed), []
    for _ in range(count):
        rules = random_three_handed_rules(choose)
        rubber = Rubber(rules, tuple(random_three_handed_rubber(choose, rules)))
        texts.append(json.dumps(THREE_HANDED.format.rubber_json(rubber)))
    return texts


def whist_rubbers(count: int, seed: int = 1905) -> list[str]:
    """Short Whist rubbers as whist-rubber/1 text."""
    choose, texts = _seeded(seed), []
    for _ in range(count):
        rubber = WhistRubber(tuple(random_whist_rubber(choose)))
        texts.append(json.dumps(WHIST.format.rubber_json(rubber)))
    return texts


GAMES: tuple[tuple[str, Callable[[int], list[str]]], ...] = (
    ("Bridge", rubbers),
    ("Three-handed Bridge", three_handed_rubbers),
    ("Short Whist", whist_rubbers),
)


def main() -> None:
    print()
    print(f"Rules engine: {RUBBERS:,} random valid rubbers of each game")
    for name, make in GAMES:
        _bench(name, make(RUBBERS))


def _bench(name: str, texts: list[str]) -> None:
    deals = statistics.mean(len(json.loads(text)["deals"]) for text in texts)

    def parse_only() -> None:
        for text in texts:
            json.loads(text)

    def work_out() -> None:
        for text in texts:
            loads_any(text)[1].sheet()

    def work_out_and_write() -> None:
        for text in texts:
            game, rubber = loads_any(text)
            game.format.sheet_json(rubber.sheet(), rubber.players)

    timed = medians(RUNS, baseline=parse_only, engine=work_out, written=work_out_and_write)
    per_rubber = {key: seconds / RUBBERS * 1e6 for key, seconds in timed.items()}

    tracemalloc.start()
    for text in texts[:1000]:
        game, rubber = loads_any(text)
        game.format.sheet_json(rubber.sheet(), rubber.players)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(f"{name}: {deals:.1f} deals a rubber on average; median of {RUNS} runs, per rubber:")
    print(f"    baseline: JSON parsing only            {per_rubber['baseline']:7.1f} µs")
    print(f"    engine: parse, check, work out         {per_rubber['engine']:7.1f} µs")
    print(f"    engine, then write the sheet's JSON    {per_rubber['written']:7.1f} µs")
    print(f"  engine / baseline: {per_rubber['engine'] / per_rubber['baseline']:.1f}×")
    verdict = targets.verdict(
        per_rubber["engine"], TARGET_MICROSECONDS, "the engine per rubber, µs"
    )
    print(f"  target: the engine at most {TARGET_MICROSECONDS} µs per rubber: {verdict}")
    print(f"  peak memory working out 1,000 rubbers one by one: {peak / 1024:.0f} KiB")
