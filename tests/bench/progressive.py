"""A Progressive evening worked out: 20 tables (80 players), 6 rounds of 4 deals, 480
deals, read from elwell-progressive/1 and worked out to its result, beside the same number
of deals in rubbers read from elwell-rubber/1 and worked out by the rubber engine
(`scorer.engine.work_out`), in the same run; the target is the evening at most twice the
rubbers. The evenings and rubbers are seeded, so every run works out the same ones.
"""

from __future__ import annotations

import json
import random

from scorer.engine import Rubber, loads, rubber_json, sheet_json, work_out
from scorer.engine.progressive import (
    evening_json,
    loads_progressive,
    progressive_result_json,
    work_out_evening,
)
from tests.bench import medians, targets
from tests.support.progressive import random_evening
from tests.support.rubbers import Choose, random_rubber, random_rules

EVENINGS = 10
TABLES, ROUNDS, DEALS_A_ROUND = 20, 6, 4
DEALS = TABLES * ROUNDS * DEALS_A_ROUND
RUNS = 7
TARGET_RATIO = 2.0


def _seeded(seed: int) -> Choose:
    rng = random.Random(seed)

    def choose(lo: int, hi: int) -> int:
        return rng.randint(lo, hi)

    return choose


def evenings(count: int, seed: int = 1905) -> list[str]:
    """Evenings of 20 tables, 6 rounds of 4 deals, as elwell-progressive/1 text."""
    choose = _seeded(seed)
    made = (
        random_evening(choose, tables=TABLES, rounds=ROUNDS, deals_a_round=DEALS_A_ROUND)
        for _ in range(count)
    )
    return [json.dumps(evening_json(evening)) for evening in made]


def rubbers_of(deals: int, seed: int) -> list[str]:
    """Random rubbers holding `deals` deals in all (the last one cut short), as
    elwell-rubber/1 text."""
    choose, texts, left = _seeded(seed), [], deals
    while left:
        rules = random_rules(choose)
        played = random_rubber(choose, rules)[:left]
        if played:
            texts.append(json.dumps(rubber_json(Rubber(rules, tuple(played)))))
            left -= len(played)
    return texts


def main() -> None:
    print()
    print(
        f"Progressive evening: {TABLES} tables, {ROUNDS} rounds of {DEALS_A_ROUND} deals "
        f"({DEALS} deals), beside {DEALS} deals in rubbers; {EVENINGS} of each"
    )
    texts = evenings(EVENINGS)
    rubber_sets = [rubbers_of(DEALS, seed) for seed in range(EVENINGS)]
    read_evenings = [loads_progressive(text) for text in texts]
    read_rubbers = [[loads(text) for text in rubbers] for rubbers in rubber_sets]
    rubbers_an_evening = sum(len(rubbers) for rubbers in rubber_sets) / EVENINGS

    def evening_from_text() -> None:
        for text in texts:
            work_out_evening(loads_progressive(text))

    def rubbers_from_text() -> None:
        for rubbers in rubber_sets:
            for text in rubbers:
                loads(text).sheet()

    def evening_worked_out() -> None:
        for evening in read_evenings:
            work_out_evening(evening)

    def rubbers_worked_out() -> None:
        for rubbers in read_rubbers:
            for rubber in rubbers:
                work_out(rubber.deals, rubber.rules)

    def evening_written() -> None:
        for text in texts:
            json.dumps(progressive_result_json(work_out_evening(loads_progressive(text))))

    def rubbers_written() -> None:
        for rubbers in rubber_sets:
            for text in rubbers:
                rubber = loads(text)
                json.dumps(sheet_json(rubber.sheet(), rubber.players))

    timed = medians(
        RUNS,
        rubbers_text=rubbers_from_text,
        evening_text=evening_from_text,
        rubbers=rubbers_worked_out,
        evening=evening_worked_out,
        rubbers_written=rubbers_written,
        evening_written=evening_written,
    )
    ms = {name: seconds / EVENINGS * 1e3 for name, seconds in timed.items()}
    print(f"  median of {RUNS} runs, per evening ({rubbers_an_evening:.0f} rubbers for its deals):")
    rows = (
        ("read from JSON and worked out", "rubbers_text", "evening_text"),
        ("worked out from what was read", "rubbers", "evening"),
        ("read, worked out, result written as JSON", "rubbers_written", "evening_written"),
    )
    print(f"    {'':42} {'rubbers':>9} {'evening':>9}   evening / rubbers")
    for label, rubbers, evening in rows:
        ratio = ms[evening] / ms[rubbers]
        print(f"    {label:42} {ms[rubbers]:7.2f} ms {ms[evening]:7.2f} ms   {ratio:.2f}×")
    ratio = ms["evening_text"] / ms["rubbers_text"]
    verdict = targets.verdict(ratio, TARGET_RATIO, "a Progressive evening / its rubbers, ×")
    print(f"  target: the evening at most {TARGET_RATIO:g}× its deals in rubbers: {verdict}")
