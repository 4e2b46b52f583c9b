"""What the cards allowed (§12): an evening's 36 boards analysed, one after another, as the
analyser's process does it, a board at a time: each board's five solves (the dealer's side's
tricks at each trump, the eldest hand leading), then the engine's reckoning of the makes and
the best make. Beside each board, in the same run, the modern double-dummy table DDS gives
(`calc_dd_table`: all twenty declarers and trumps) as the baseline.

Each board is timed on its own, by the wall clock and in this process's CPU time (on a
machine shared with other work the wall clock counts their time too): the median board, the
slowest, and the whole evening. The boards are those of `tests.bench.printing` (seeded), so
that the hand records timed there are of boards analysed here. No target: the analysis runs
in the background, where a page never waits on it; its time is how soon an evening's hand
records carry their lines.
"""

from __future__ import annotations

import random
import statistics
import time

BOARDS = 36


def main() -> None:
    import endplay._dds as dds
    from endplay.dds import calc_dd_table
    from endplay.types import Deal

    from scorer.analysis.solver import dealers_tricks
    from scorer.engine import what_the_cards_allowed
    from scorer.engine.cards import deal_boards, dealt

    boards = [
        board.dealt for board in deal_boards(BOARDS, rng=random.Random(BOARDS)) if board.dealt
    ]
    dealers_tricks(boards[0])  # DDS loaded and set to one thread, as in the analyser
    dds.SetMaxThreads(1)
    solves, reckonings, tables = [], [], []
    for hands in boards:
        wall, cpu = time.perf_counter(), time.process_time()
        tricks = dealers_tricks(hands)
        solves.append((time.perf_counter() - wall, time.process_time() - cpu))
        wall = time.perf_counter()
        what_the_cards_allowed(hands, tricks)
        reckonings.append(time.perf_counter() - wall)
        wall, cpu = time.perf_counter(), time.process_time()
        calc_dd_table(Deal(f"N:{dealt.hands_line(hands)}"))
        tables.append((time.perf_counter() - wall, time.process_time() - cpu))
    print()
    print(f"What the cards allowed: {BOARDS} boards analysed one after another, a board at a time")
    print(f"    {'':<58}{'median':>12}{'slowest':>12}{'all boards':>13}")
    for label, measured in (
        ("baseline: DDS's whole table, 20 declarer-trumps", tables),
        ("the analysis: five solves, the eldest leading", solves),
    ):
        for clock, index in (("wall", 0), ("CPU", 1)):
            times = [m[index] * 1000 for m in measured]
            print(
                f"    {f'{label} ({clock})':<58}{statistics.median(times):9.1f} ms"
                f"{max(times):9.1f} ms{sum(times):10.0f} ms"
            )
    reckoned = [seconds * 1e6 for seconds in reckonings]
    print(
        f"    {'the engine: five makes and the best':<58}{statistics.median(reckoned):9.1f} µs"
        f"{max(reckoned):9.1f} µs"
    )
    ratio = statistics.median(s[1] for s in solves) / statistics.median(t[1] for t in tables)
    print(f"    the analysis / DDS's whole table (CPU, medians): {ratio:.2f}×")
