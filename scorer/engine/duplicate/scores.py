"""What working out a Duplicate evening gives: results scored, travellers, cards, standings."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from scorer.engine.duplicate.borrowed import Entry
from scorer.engine.duplicate.model import Board, Line, Lines, Partners, Recorded
from scorer.engine.duplicate.movements import Scheduled
from scorer.engine.model import Deal


class Mark(StrEnum):
    """Why a pair has no result of its own on a board it was to play."""

    NOT_PLAYED = "not played"  # it scores its direction's average
    MISSING = "missing"  # the evening is in progress and the result is not yet recorded


@dataclass(frozen=True, slots=True)
class ResultScore:
    """One result on a board's traveller: the pairs, what was recorded, and, when played,
    the deal, each side's entry (the items in the sheet's words), each direction's points
    and net; and each direction's score on the board (against the average, or matchpoints).
    """

    board: int
    ns: int
    ew: int
    recorded: Recorded
    deal: Deal | None
    entries: Lines[Entry] | None
    points: Lines[int] | None
    net: Lines[int] | None
    score: Lines[Fraction]

    @property
    def played(self) -> bool:
        return self.recorded.played

    @property
    def pairs(self) -> tuple[int, int]:
        return (self.ns, self.ew)


@dataclass(frozen=True, slots=True)
class Traveller:
    """A board's traveller: every result on it, by North–South pair; each direction's
    average net over the pairs who played it (None while nobody has); the matchpoints'
    top (2 for each other result played); and, in progress, the results the schedule
    calls for that are not yet recorded."""

    board: Board
    results: tuple[ResultScore, ...]
    average: Lines[Fraction] | None
    top: int
    missing: tuple[Scheduled, ...] = ()


@dataclass(frozen=True, slots=True)
class CardRow:
    """One board on a pair's card: the direction it sat, its opponents, and its points,
    net and score there; or, without a result of its own, why (`mark`). `round` and
    `table` are known from the evening's schedule."""

    board: int
    line: Line
    opponent: int
    points: int | None
    net: int | None
    score: Fraction | None  # None while missing
    top: int
    mark: Mark | None = None
    round: int | None = None
    table: int | None = None


@dataclass(frozen=True, slots=True)
class PairCard:
    """A pair's board-by-board card: in round order with a schedule, else by board."""

    pair: int
    rows: tuple[CardRow, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's score over the evening so far.

    direction: its direction in a Mitchell, None in a Howell. nets: the sum of its nets.
    score: the sum of its scores (plus or minus, or matchpoints), exact. top: the
    matchpoints it could have made on its boards. place: one more than the number of pairs
    ranked with it (its direction's in a Mitchell, every pair in a Howell) on a better
    score.
    """

    pair: int
    names: Partners | None
    direction: Line | None
    nets: int
    score: Fraction
    top: int
    boards: int  # boards it played
    place: int
    matchpoints: bool

    @property
    def percent(self) -> Fraction | None:
        """Matchpoints as a percentage of the top; None against the average, or with no
        top yet."""
        if not self.matchpoints or self.top == 0:
            return None
        return self.score * 100 / self.top
