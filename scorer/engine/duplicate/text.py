"""A Duplicate evening's result laid out for a terminal (`manage.py score --text`): the
ranking (by direction in a Mitchell, all pairs together in a Howell), each pair's place,
number, names, nets and score; then each board's traveller, every result with its points,
nets and scores, a board not played marked.
"""

from __future__ import annotations

from fractions import Fraction

from scorer.engine.duplicate.evening import DuplicateScore, ResultScore, Standing, Traveller
from scorer.engine.duplicate.interchange import figure
from scorer.engine.duplicate.model import LINES, Comparison, Line, MovementKind
from scorer.engine.words import MINUS

_INDENT = "  "
_DIRECTION = {Line.NS: "North–South", Line.EW: "East–West"}


def duplicate_text(score: DuplicateScore) -> str:
    """The evening's result as text, every line ending in a newline."""
    out = [_heading(score)]
    if score.evening.rules.movement is MovementKind.MITCHELL:
        for line in LINES:
            out += ["", _DIRECTION[line], *_ranking(score.by_place(line))]
    else:
        out += ["", "All pairs", *_ranking(score.by_place())]
    for traveller in score.travellers:
        out += ["", *_traveller(traveller)]
    return "\n".join(out) + "\n"


def _heading(score: DuplicateScore) -> str:
    rules = score.evening.rules
    compared = (
        "matchpoints"
        if rules.comparison is Comparison.MATCHPOINTS
        else "plus or minus against each direction's average"
    )
    pairs, boards = len(score.standings), len(score.travellers)
    return (
        f"Duplicate Bridge, {rules.movement.label}: {pairs} pairs, {boards} boards; "
        f"compared by {compared}"
    )


def signed(value: Fraction | int) -> str:
    """A figure as the ranking prints it, rounded to two places: +31.5, 0, −31.5."""
    written = figure(Fraction(value))
    if written > 0:
        return f"+{written}"
    return f"{MINUS}{-written}" if written < 0 else "0"


def _ranking(standings: tuple[Standing, ...]) -> list[str]:
    """Best first; pairs sharing a place are marked `=`."""
    places = [s.place for s in standings]
    rows = []
    for standing in standings:
        shared = "=" if places.count(standing.place) > 1 else " "
        names = " & ".join(standing.names) if standing.names else ""
        score = (
            f"{figure(standing.score)} ({figure(standing.percent)}%)"
            if standing.percent is not None
            else signed(standing.score)
        )
        rows.append(
            f"{_INDENT}{standing.place:>2}{shared} pair {standing.pair:<3} {names:<28} "
            f"nets {signed(standing.nets):>6}  score {score}"
        )
    return rows


def _traveller(traveller: Traveller) -> list[str]:
    board = traveller.board
    rows = [f"Board {board.number}, dealt by {board.dealer.label}"]
    rows += [_result(result) for result in traveller.results]
    rows += [
        f"{_INDENT}NS {missing.ns} v EW {missing.ew}: not yet recorded"
        for missing in traveller.missing
    ]
    return rows


def _result(result: ResultScore) -> str:
    pairs = f"{_INDENT}NS {result.ns} v EW {result.ew}"
    scores = f"scores {signed(result.score.ns)} / {signed(result.score.ew)}"
    if result.points is None or result.net is None:
        return f"{pairs}: not played, {scores}"
    points = f"points {result.points.ns}–{result.points.ew}"
    return f"{pairs}: {points}, nets {signed(result.net.ns)} / {signed(result.net.ew)}, {scores}"
