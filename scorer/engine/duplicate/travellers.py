"""The comparison on each board of a Duplicate evening: its traveller's points, nets and scores."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from fractions import Fraction

from scorer.engine.duplicate.borrowed import Entry, points_of
from scorer.engine.duplicate.model import Board, Lines, Recorded
from scorer.engine.duplicate.movements import Scheduled
from scorer.engine.duplicate.scores import ResultScore, Traveller
from scorer.engine.model import Deal

NOTHING = Fraction(0)


def traveller(
    board: Board,
    rows: list[tuple[Recorded, Deal | None, Lines[Entry] | None]],
    waiting: tuple[Scheduled, ...],
    matchpoints: bool,
) -> Traveller:
    nets: list[int] = []
    points: list[Lines[int] | None] = []
    for _, _, entries in rows:
        if entries is None:
            points.append(None)
            continue
        scored = points_of(entries.sides)
        points.append(Lines(scored.we, scored.they))
        nets.append(scored.we - scored.they)
    played = len(nets)
    top = 2 * (played - 1) if played else 0
    total = sum(nets)
    average = None if not played else Fraction(total, played)
    compare = _matchpoints(nets, top) if matchpoints else _against(total, played)
    results = []
    for (recorded, deal, entries), scored_points in zip(rows, points, strict=True):
        if scored_points is None:
            even = Fraction(top, 2) if matchpoints else NOTHING
            score, net = Lines(even, even), None
        else:
            ns_net = scored_points.ns - scored_points.ew
            net = Lines(ns_net, -ns_net)
            score = compare(ns_net)
        results.append(
            ResultScore(
                recorded.board,
                recorded.ns,
                recorded.ew,
                recorded,
                deal,
                entries,
                scored_points,
                net,
                score,
            )
        )
    results.sort(key=lambda row: row.pairs)
    return Traveller(
        board,
        tuple(results),
        None if average is None else Lines(average, -average),
        top,
        waiting,
    )


def _against(total: int, played: int) -> Callable[[int], Lines[Fraction]]:
    """Each direction's net less its average, total / played: East–West's average net is
    North–South's negated, so East–West's score is North–South's negated."""

    def score(ns_net: int) -> Lines[Fraction]:
        ahead = Fraction(played * ns_net - total, played)
        return Lines(ahead, -ahead)

    return score


def _matchpoints(nets: list[int], top: int) -> Callable[[int], Lines[Fraction]]:
    """2 for each North–South net below this one and 1 for each equal to it (itself apart);
    East–West's are the top less North–South's, their nets being North–South's negated."""
    ordered = sorted(nets)

    def score(ns_net: int) -> Lines[Fraction]:
        below = _count_below(ordered, ns_net)
        equal = _count_below(ordered, ns_net + 1) - below - 1
        ns = 2 * below + equal
        return Lines(Fraction(ns), Fraction(top - ns))

    return score


def _count_below(ordered: list[int], value: int) -> int:
    return bisect_left(ordered, value)
