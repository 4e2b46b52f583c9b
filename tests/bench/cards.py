"""The cards (§9): deals worked out from their cards, PBN written and read, boards dealt.

- 10,000 random played deals, each an elwell-rubber/1 deal given by its hands and its play
  (a revoke in about one trick in ten), as `manage.py score` will take them: the JSON text
  parsed, then the honours, chicane, tricks and revokes worked out (`read_cards`). The
  baseline is the same loop parsing the JSON alone; the target, at most five times it.
- 10,000 boards as PBN: hand records (the hands alone, as `manage.py deal` writes them) and
  the same deals played (with their play and the Elwell tags), written and read back. The
  baseline is the file split into its lines; endplay, the independent reader the tests use,
  reads the hand records too, for comparison. Target: each under a second.
- Dealing 10,000 boards from the system's secure random source, beside the same loop
  shuffling each pack with Python's ordinary (not secure) `random.shuffle`. Target: under a
  second.

The deals are seeded, so every run works out the same ones.
"""

from __future__ import annotations

import json
import random
import tracemalloc

from endplay.parsers import pbn as endplay_pbn

from scorer.engine import Maker, Side, Trump
from scorer.engine.cards import deal_boards, elwell_board, pbn_text, read_cards, read_pbn
from tests.bench import medians
from tests.support.cards import played_deals

DEALS = 10_000
RUNS = 5
TARGET_RATIO = 5
TARGET_SECONDS = 1.0


def main() -> None:
    texts = played_deals(DEALS)
    _work_out(texts)
    _pbn(texts)
    _dealing()


def _work_out(texts: list[str]) -> None:
    def parse_only() -> None:
        for text in texts:
            json.loads(text)

    def work_out() -> None:
        for text in texts:
            deal = json.loads(text)
            read_cards(deal, dealer=Side(deal["dealer"]), trump=Trump(deal["trump"]))

    timed = medians(RUNS, baseline=parse_only, engine=work_out)
    per_deal = {key: seconds / DEALS * 1e6 for key, seconds in timed.items()}
    ratio = per_deal["engine"] / per_deal["baseline"]
    print()
    print(f"Cards: {DEALS:,} random played deals by their hands and play; median of {RUNS} runs,")
    print("per deal:")
    print(f"    baseline: JSON parsing only                       {per_deal['baseline']:7.1f} µs")
    print(f"    parsed, then honours, chicane, tricks and revokes {per_deal['engine']:7.1f} µs")
    verdict = "within" if ratio <= TARGET_RATIO else "OVER"
    print(f"  worked out / baseline: {ratio:.1f}× (target at most {TARGET_RATIO}×): {verdict}")


def _pbn(texts: list[str]) -> None:
    dealt = deal_boards(DEALS, rng=random.Random(1905))
    played = []
    for number, text in enumerate(texts, 1):
        deal = json.loads(text)
        cards = read_cards(deal, dealer=Side(deal["dealer"]), trump=Trump(deal["trump"]))
        played.append(elwell_board(cards, number=number, maker=Maker(deal["maker"])))
    print()
    print(f"PBN, {DEALS:,} boards; median of {RUNS} runs:")
    for name, boards, endplay in (("hand records", dealt, True), ("played boards", played, False)):
        written = pbn_text(boards)
        loops = {
            "baseline": written.splitlines,
            "written": lambda boards=boards: pbn_text(boards),  # type: ignore[misc]
            "read": lambda written=written: read_pbn(written),  # type: ignore[misc]
        }
        if endplay:
            loops["endplay"] = lambda written=written: endplay_pbn.loads(written)  # type: ignore[misc]
        ms = {key: seconds * 1000 for key, seconds in medians(RUNS, **loops).items()}
        print(f"  {name} ({len(written) / 1e6:.1f} MB):")
        print(f"    baseline: the file split into its lines  {ms['baseline']:8.1f} ms")
        for key, label in (("written", "written (pbn_text)"), ("read", "read (read_pbn)")):
            verdict = "within" if ms[key] <= TARGET_SECONDS * 1000 else "OVER"
            print(f"    {label:<41}{ms[key]:8.1f} ms  target 1 s: {verdict}")
        if endplay:
            print(f"    read by endplay, for comparison          {ms['endplay']:8.1f} ms")
        tracemalloc.start()
        read_pbn(written)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"    peak memory reading them: {peak / 2**20:.0f} MiB")


def _dealing() -> None:
    ordinary = random.Random(1905)

    def shuffled_only() -> None:
        for _ in range(DEALS):
            ordinary.shuffle(list(range(52)))

    ms = {
        key: seconds * 1000
        for key, seconds in medians(
            RUNS, baseline=shuffled_only, dealt=lambda: deal_boards(DEALS)
        ).items()
    }
    verdict = "within" if ms["dealt"] <= TARGET_SECONDS * 1000 else "OVER"
    print()
    print(f"Dealing {DEALS:,} boards; median of {RUNS} runs:")
    print(f"    baseline: random.shuffle of each pack (not secure)  {ms['baseline']:7.1f} ms")
    print(
        f"    dealt from secrets.SystemRandom (deal_boards)       {ms['dealt']:7.1f} ms  "
        f"target 1 s: {verdict}"
    )
