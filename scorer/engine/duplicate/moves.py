"""Where the boards and the pairs go after each round of an evening's schedule, for the
table cards a director puts on each table (§11): a Mitchell's East–West pairs up a table
(two after the skip) and its boards down one; a Howell's pairs and boards as its schedule
says, a set not played in the next round waiting for the round and table that play it
(a relay), and a set played no more put away.

Worked out from the schedule alone (`movements.Schedule`), round by round; the words a
card prints are `moves_words`.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.engine.duplicate.model import Line
from scorer.engine.duplicate.movements import Meeting, Schedule


@dataclass(frozen=True, slots=True)
class Place:
    """Where a pair or a set of boards is next played: the round and the table, and a
    pair's direction there (None for boards)."""

    round: int
    table: int
    line: Line | None = None


@dataclass(frozen=True, slots=True)
class BoardsGo:
    """A set of boards a table played in a round, and the tables that play it next, all in
    one round (none: it is played no more)."""

    boards: tuple[int, ...]
    to: tuple[Place, ...]


@dataclass(frozen=True, slots=True)
class PairGoes:
    """A pair at a table in a round, and where it sits in the next (None after the last)."""

    pair: int
    line: Line
    to: Place | None


@dataclass(frozen=True, slots=True)
class TableMoves:
    """What leaves a table after a round: its boards, set by set, and its two pairs,
    North–South's first."""

    round: int
    table: int
    boards: tuple[BoardsGo, ...]
    pairs: tuple[PairGoes, PairGoes]

    @property
    def last(self) -> bool:
        """Nothing is played after this round."""
        return all(going.to is None for going in self.pairs)


def table_moves(schedule: Schedule) -> dict[tuple[int, int], TableMoves]:
    """Each table's moves after each round, by (round, table)."""
    rounds = schedule.movement.rounds
    moves: dict[tuple[int, int], TableMoves] = {}
    for number, meetings in enumerate(rounds, 1):
        after = rounds[number:]
        for meeting in meetings:
            moves[(number, meeting.table)] = TableMoves(
                number,
                meeting.table,
                tuple(
                    BoardsGo(schedule.boards_of((board_set,)), _set_goes(board_set, number, after))
                    for board_set in meeting.sets
                ),
                (
                    PairGoes(meeting.ns, Line.NS, _pair_goes(meeting.ns, number, after)),
                    PairGoes(meeting.ew, Line.EW, _pair_goes(meeting.ew, number, after)),
                ),
            )
    return moves


def _set_goes(
    board_set: int, number: int, after: tuple[tuple[Meeting, ...], ...]
) -> tuple[Place, ...]:
    """The tables of the first round after `number` that play the set."""
    for later, meetings in enumerate(after, number + 1):
        tables = sorted(meeting.table for meeting in meetings if board_set in meeting.sets)
        if tables:
            return tuple(Place(later, table) for table in tables)
    return ()


def _pair_goes(pair: int, number: int, after: tuple[tuple[Meeting, ...], ...]) -> Place | None:
    if not after:
        return None
    for meeting in after[0]:
        line = meeting.line_of(pair)
        if line is not None:
            return Place(number + 1, meeting.table, line)
    return None  # a pair sitting the next round out: no movement offered has one
