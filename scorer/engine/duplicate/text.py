"""A Duplicate evening in words: its result laid out for a terminal (`manage.py score
--text`): the ranking (by direction in a Mitchell, all pairs together in a Howell), each
pair's place, number, names, nets and score; then each board's traveller, every result
with its points, nets and scores, a board not played marked. And the words the printed
documents and the pages share: a board's heading, a set of boards, a place, a score, and
a result's make, tricks, honours, chicane and revokes as the sheet says them, a side named
by its direction ("North–South: four in one hand").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorer.engine import words
from scorer.engine.cards import dealer_of
from scorer.engine.duplicate.evening import DuplicateScore, ResultScore, Standing, Traveller
from scorer.engine.duplicate.interchange import figure
from scorer.engine.duplicate.model import LINES, Board, Comparison, Line, MovementKind
from scorer.engine.duplicate.movements import Schedule
from scorer.engine.duplicate.moves import Place, TableMoves
from scorer.engine.model import Maker
from scorer.engine.words import MINUS

_INDENT = "  "
_DIRECTION = {Line.NS: "North–South", Line.EW: "East–West"}


def duplicate_text(score: DuplicateScore) -> str:
    """The evening's result as text, every line ending in a newline."""
    out = [evening_heading(score)]
    if score.evening.rules.movement is MovementKind.MITCHELL:
        for line in LINES:
            out += ["", _DIRECTION[line], *_ranking(score.by_place(line))]
    else:
        out += ["", "All pairs", *_ranking(score.by_place())]
    for traveller in score.travellers:
        out += ["", *_traveller(traveller)]
    return "\n".join(out) + "\n"


def evening_heading(score: DuplicateScore) -> str:
    """ "Duplicate Bridge, Mitchell: 8 pairs, 16 boards; compared by plus or minus against
    each direction's average" """
    rules = score.evening.rules
    compared = (
        "matchpoints"
        if rules.comparison is Comparison.MATCHPOINTS
        else "plus or minus against each direction's average"
    )
    pairs, boards = len(score.standings), len(score.travellers)
    short = ", a pair short" if pairs % 2 else ""
    return (
        f"Duplicate Bridge, {rules.movement.label}: {pairs} pairs{short}, {boards} boards; "
        f"compared by {compared}"
    )


def signed(value: Fraction | int) -> str:
    """A figure as the ranking prints it, rounded to two places: +31.5, 0, −31.5."""
    written = figure(Fraction(value))
    if written > 0:
        return f"+{written}"
    return f"{MINUS}{-written}" if written < 0 else "0"


def board_score(score: Fraction, matchpoints: bool) -> str:
    """A score on a board as a traveller or a pair's card prints it: plus or minus against
    the average ("+13.33", "0", "−4"), the matchpoints as they are ("3", "1.5")."""
    return f"{figure(score)}" if matchpoints else signed(score)


def score_words(standing: Standing) -> str:
    """A pair's score as the ranking prints it: "+38.67" against the average, "63 (58.33%)"
    under matchpoints."""
    if standing.percent is not None:
        return f"{figure(standing.score)} ({figure(standing.percent)}%)"
    return signed(standing.score)


def place_words(standing: Standing, ranked: Sequence[Standing]) -> str:
    """A pair's place among those ranked with it: "1", or "1=" when it shares it."""
    shared = sum(1 for other in ranked if other.place == standing.place) > 1
    return f"{standing.place}{'=' if shared else ''}"


def _ranking(standings: tuple[Standing, ...]) -> list[str]:
    """Best first; pairs sharing a place are marked `=`."""
    places = [s.place for s in standings]
    rows = []
    for standing in standings:
        shared = "=" if places.count(standing.place) > 1 else " "
        names = " & ".join(standing.names) if standing.names else ""
        score = score_words(standing)
        rows.append(
            f"{_INDENT}{standing.place:>2}{shared} pair {standing.pair:<3} {names:<28} "
            f"nets {signed(standing.nets):>6}  score {score}  boards {standing.boards}"
        )
    return rows


def _traveller(traveller: Traveller) -> list[str]:
    board = traveller.board
    rows = [board_heading(board)]
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


# -- Words the documents share ----------------------------------------------------------------


def line_short(line: Line) -> str:
    """A direction where a column is narrow: "N–S", "E–W"."""
    return "N\u2013S" if line is Line.NS else "E\u2013W"


def board_heading(board: Board) -> str:
    """ "Board 5, dealt by North" """
    return f"Board {board.number}, dealt by {board.dealer.label}"


def boards_words(boards: Sequence[int]) -> str:
    """A set of boards as a card prints it, each run of boards joined: "1–4", "7",
    "1–2, 11–12", "3, 5"."""
    runs: list[list[int]] = []
    for board in boards:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}\u2013{run[-1]}" for run in runs)


@dataclass(frozen=True, slots=True)
class ResultWords:
    """A result played, as a traveller prints it: the make ("Hearts by South (passed),
    doubled"), the tricks the dealer's side won ("North–South 9"), the honours as called
    ("North–South: four in one hand", "aces easy") and the chicane and revokes, if any
    ("East–West chicane 1")."""

    make: str
    tricks: str
    honours: str
    extras: tuple[str, ...]


# The sheet names a side by its column; a Duplicate result by its direction: North–South
# are scored in We's column, East–West in They's (`Line.side`).
_DIRECTIONS = {line.side.label: line.label for line in LINES}


def _by_direction(said: str) -> str:
    """Words that begin with a side's column ("We: four", "They revoked 1"), beginning
    with its direction instead."""
    for column, direction in _DIRECTIONS.items():
        if said.startswith(column) and said[len(column) : len(column) + 1] in (" ", ":"):
            return direction + said[len(column) :]
    return said


def result_words(row: ResultScore) -> ResultWords | None:
    """A result's make, tricks, honours and extras in the sheet's words, each side named
    by its direction, the maker by his seat; None for a board not played."""
    deal = row.deal
    if deal is None:
        return None
    dealer = dealer_of(row.board)
    maker = dealer if deal.maker is Maker.DEALER else dealer.left.left
    return ResultWords(
        make=words.make(deal, maker.label),
        tricks=_by_direction(words.tricks(deal)),
        honours=_by_direction(words.honours(deal)),
        extras=tuple(_by_direction(said) for said in words.extras(deal)),
    )


def moves_words(moves: TableMoves) -> tuple[str, ...]:
    """What leaves a table after a round, a sentence each: "Boards 1–4 to table 3.",
    "Boards 9–10 wait for round 5, at table 1.", "Boards 5–6 are finished.", "Pair 1
    stays, North–South.", "Pair 5 to table 2, East–West."; nothing after the last round."""
    if moves.last:
        return ()
    said = []
    for going in moves.boards:
        named = f"{'Board' if len(going.boards) == 1 else 'Boards'} {boards_words(going.boards)}"
        if not going.to:
            finished = "is finished" if len(going.boards) == 1 else "are finished"
            said.append(f"{named} {finished}.")
        elif going.to[0].round == moves.round + 1:
            said.append(f"{named} to {_tables(going.to)}.")
        else:
            waits = "waits" if len(going.boards) == 1 else "wait"
            said.append(f"{named} {waits} for round {going.to[0].round}, at {_tables(going.to)}.")
    for pair in moves.pairs:
        to = pair.to
        if to is None:
            said.append(f"Pair {pair.pair} sits out round {moves.round + 1}.")
        elif to.table == moves.table and to.line is pair.line:
            said.append(f"Pair {pair.pair} stays, {pair.line.label}.")
        else:
            line = "" if to.line is None else f", {to.line.label}"
            said.append(f"Pair {pair.pair} to table {to.table}{line}.")
    return tuple(said)


def _tables(places: Sequence[Place]) -> str:
    tables = [str(place.table) for place in places]
    if len(tables) == 1:
        return f"table {tables[0]}"
    return f"tables {', '.join(tables[:-1])} and {tables[-1]}"


def sits_out_words(schedule: Schedule, number: int) -> str | None:
    """Who sits out round `number` a pair short (§11): "Pair 3 sits out round 4"; None
    when no pair does."""
    out = schedule.movement.out_in(number)
    return None if out is None else f"Pair {out} sits out round {number}"


def sits_out_next_words(schedule: Schedule, number: int) -> str | None:
    """The same on the phone, with where the pair goes next: "Pair 3 sits out round 4: the
    next round, table 2 North–South" (or "…: it is the last round")."""
    said = sits_out_words(schedule, number)
    out = schedule.movement.out_in(number)
    if said is None or out is None:
        return None
    following = schedule.next_sitting(out, number)
    if following is None:
        return f"{said}: it is the last round"
    if following.out:
        return f"{said}: the next round too"
    return f"{said}: the next round, table {following.table} {following.line.label}"
