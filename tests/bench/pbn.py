"""PBN (docs/pbn.md): 10,000 boards written and read back, as hand records (the hands
alone, as `manage.py deal` writes them) and played (their play and the Elwell tags, as a
rubber's deals go into PBN), each by the wall clock and in this process's CPU time.

The baseline is the file split into its lines; endplay, the independent reader the tests
use, reads the hand records too, for comparison; and the played boards are read also as
hand records read them, where only the deals are wanted. Target: each under a second. The
deals are seeded (`tests.support.cards.played_deals`), so every run reads the same file.
"""

from __future__ import annotations

import json
import random
import tracemalloc
from collections.abc import Callable, Sequence
from functools import partial

from endplay.parsers import pbn as endplay_pbn

from scorer.engine import Maker, Side, Trump
from scorer.engine.cards import Board, deal_boards, elwell_board, pbn_text, read_cards, read_pbn
from tests.bench import targets
from tests.bench.cards import DEALS, RUNS, TARGET_SECONDS, medians
from tests.support.cards import played_deals


def main() -> None:
    print()
    print(f"PBN, {DEALS:,} boards; median of {RUNS} runs:")
    for name, boards, played in (
        ("hand records", deal_boards(DEALS, rng=random.Random(1905)), False),
        ("played boards", _played(), True),
    ):
        _timed(name, boards, played)


def _played() -> list[Board]:
    boards = []
    for number, text in enumerate(played_deals(DEALS), 1):
        deal = json.loads(text)
        cards = read_cards(
            deal,
            dealer=Side(deal["dealer"]),
            trump=Trump(deal["trump"]),  # type: ignore[call-arg]  # by value: mypy#10573
        )
        boards.append(elwell_board(cards, number=number, maker=Maker(deal["maker"])))
    return boards


def _timed(name: str, boards: Sequence[Board], played: bool) -> None:
    written = pbn_text(boards)
    # Each is called with no argument: partial binds this set's boards and text (mypy
    # typed lambdas' defaults here as splitlines' keepends, a bool).
    loops: dict[str, Callable[[], object]] = {
        "baseline": written.splitlines,
        "written": partial(pbn_text, boards),
        "read": partial(read_pbn, written),
    }
    labels = [
        ("baseline", "baseline: the file split into its lines"),
        ("written", "written (pbn_text)"),
        ("read", "read (read_pbn)"),
    ]
    if played:
        loops["deals"] = partial(read_pbn, written, deals_only=True)
        labels.append(("deals", "read for their deals (deals_only)"))
    else:
        loops["endplay"] = partial(endplay_pbn.loads, written)
        labels.append(("endplay", "read by endplay, for comparison"))
    timed = medians(RUNS, **loops)
    print(f"  {name} ({len(written) / 1e6:.1f} MB), wall clock and CPU time:")
    for key, label in labels:
        wall, cpu = (seconds * 1000 for seconds in timed[key])
        verdict = ""
        if key in ("written", "read", "deals"):
            verdict = "  target 1 s: " + targets.verdict(
                cpu, TARGET_SECONDS * 1000, f"PBN {name}: {label} (CPU), ms"
            )
        print(f"    {label:<41}{wall:8.1f} ms {cpu:8.1f} ms{verdict}")
    tracemalloc.start()
    read_pbn(written)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"    peak memory reading them: {peak / 2**20:.0f} MiB")
