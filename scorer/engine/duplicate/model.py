"""An evening of Duplicate Bridge as recorded: the evening's rules, the pairs by number,
the boards, and each table's result on a board.

These are plain values, as a file or the site records them; what each result scores, the
travellers, each pair's score and place are worked out from them (`evening`). A board's
hands, when known, are kept by the compass, as the cards' `Hand`s (`scorer.engine.cards`);
the honours and chicane of every result on it are then worked out from them, never
recorded.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from scorer.engine.cards import Direction, Hand, dealer_of
from scorer.engine.model import Holding, Maker, Pair, Rules, Side, Trump

if TYPE_CHECKING:  # the movements refer to the model's values, not the other way
    from scorer.engine.duplicate.movements import Schedule


class Line(StrEnum):
    """A pair's direction at a table: North–South or East–West. The result's `direction`."""

    NS = "ns"
    EW = "ew"

    @property
    def other(self) -> Line:
        return Line.EW if self is Line.NS else Line.NS

    @property
    def label(self) -> str:
        return "North–South" if self is Line.NS else "East–West"

    @property
    def side(self) -> Side:
        """The side a deal is scored for: North–South in We's column, East–West in They's."""
        return Side.WE if self is Line.NS else Side.THEY


LINES = (Line.NS, Line.EW)


@dataclass(frozen=True, slots=True)
class Lines[T]:
    """One value for each direction: North–South's and East–West's."""

    ns: T
    ew: T

    def __getitem__(self, line: Line) -> T:
        if line is Line.NS:
            return self.ns
        if line is Line.EW:
            return self.ew
        raise KeyError(line)

    def __iter__(self) -> Iterator[T]:
        """North–South's, then East–West's."""
        return iter((self.ns, self.ew))

    @property
    def sides(self) -> Pair[T]:
        """As the deal is scored: North–South in We's column, East–West in They's."""
        return Pair(self.ns, self.ew)

    @staticmethod
    def of[U](pair: Pair[U]) -> Lines[U]:
        return Lines(pair.we, pair.they)


def dealing_line(board: int) -> Line:
    """The direction of board `board`'s dealer (N, E, S, W for 1, 2, 3, 4, and so on
    round): his side makes the trump and plays both its hands."""
    return Line.NS if dealer_of(board) in (Direction.NORTH, Direction.SOUTH) else Line.EW


class Comparison(StrEnum):
    """How pairs are compared on the same cards: plus or minus against each direction's
    average net, as the period did it, or matchpoints, the modern alternative (§11)."""

    AVERAGE = "average"
    MATCHPOINTS = "matchpoints"


class MovementKind(StrEnum):
    """Mitchell, where North–South stay and East–West move, ranked by direction; or
    Howell, where every pair meets every other and all are ranked together."""

    MITCHELL = "mitchell"
    HOWELL = "howell"

    @property
    def label(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True, slots=True)
class DuplicateRules:
    """The evening's settings: the movement, the comparison, and the club's doubling limit
    (the footnote to Law 56; None: doubling goes on, Law 55). Played for points, the Spade
    Convention has no game score to look at: every board is played (§10)."""

    movement: MovementKind
    comparison: Comparison = Comparison.AVERAGE
    doubling_limit: int | None = None

    @property
    def scoring(self) -> Rules:
        """The rules each result is scored by, for points."""
        return Rules(doubling_limit=self.doubling_limit)


@dataclass(frozen=True, slots=True)
class Board:
    """A board: its number (which says its dealer) and, when known, its four hands by the
    compass, North's first (fifty-two different cards, thirteen to each hand: the reader
    checks it, and the evening's working out again)."""

    number: int
    hands: tuple[Hand, Hand, Hand, Hand] | None = None

    @property
    def dealer(self) -> Direction:
        return dealer_of(self.number)

    @property
    def dealing_line(self) -> Line:
        return dealing_line(self.number)


@dataclass(frozen=True, slots=True)
class Result:
    """One table's result on a board, as recorded: the pairs by number, the declaration
    (the dealer makes the trump or passes it to his partner; doubles as in Bridge), and
    what the play gave.

    tricks: each direction's tricks won in play; None when the play gives them.
    honours: honours (aces at no-trump) in each hand of each direction, North's and
    South's, East's and West's; None when the board's hands give them (then also chicane).
    chicane: hands of each direction void of trumps.
    revokes: established revokes by each direction; None: none, or as the play shows.
    play: the thirteen tricks, each in the order played, the first led by the dealer's
    left (`SA`, `HT`); None when not recorded.
    """

    board: int
    ns: int
    ew: int
    trump: Trump
    maker: Maker = Maker.DEALER
    doubles: int = 0
    tricks: Lines[int] | None = None
    honours: Lines[Holding] | None = None
    chicane: Lines[int] | None = None
    revokes: Lines[int] | None = None
    play: tuple[tuple[str, ...], ...] | None = None

    @property
    def played(self) -> bool:
        return True

    @property
    def pairs(self) -> tuple[int, int]:
        return (self.ns, self.ew)


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """A board two pairs were to play at their table and could not (out of time, a fouled
    board): each scores its direction's average on the board, marked."""

    board: int
    ns: int
    ew: int

    @property
    def played(self) -> bool:
        return False

    @property
    def pairs(self) -> tuple[int, int]:
        return (self.ns, self.ew)


Recorded = Result | NotPlayed

Partners = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Evening:
    """A Duplicate evening: its rules, the pairs' names (pair 1 first: a pair's number is
    its place in this tuple; empty when the pairs are not named), its boards by number, and
    the results recorded so far.

    schedule: the movement the evening is played by, when known (the site's evening): it
    says which results are still to come; a file's results are taken as they were played
    and checked against the properties of every movement, not against one schedule.
    """

    rules: DuplicateRules
    boards: tuple[Board, ...]
    results: tuple[Recorded, ...] = ()
    pairs: tuple[Partners, ...] = ()
    schedule: Schedule | None = None
