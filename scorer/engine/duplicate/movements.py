"""Movements: which pairs meet at which table, round by round, and which boards they play
(§11). Each movement is plain data, rounds × tables → (North–South pair, East–West pair,
board sets), and is checked by `check_movement` before it is offered.

- **Mitchell** (the Compass game of duplicate whist), 3 to 15 tables: North–South pair t
  stays at table t, East–West pairs T + 1 … 2T start at tables 1 … T; after each round
  the East–West pairs move to the next table up (the last to table 1) and the boards to
  the next table down (table 1's to the last). With an odd number of tables there are as
  many rounds as tables. With an even number the East–West pairs skip a table after half
  the rounds, so that they never meet boards they have played (the standard skip
  Mitchell): T − 1 rounds, each pair missing one set and one opponent.
- **Howell**, 2 to 7 tables: every pair meets every other, from the published schedules
  in `howells.py`.

A movement counts in board sets; an evening says how many boards a set holds
(`Schedule`), and so which boards each table plays. The guide cards (each pair's table,
direction, opponents and boards, round by round) and the table cards (each table's
pairs and boards, round by round) are worked out from the schedule for printing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from scorer.engine.duplicate.errors import DuplicateError
from scorer.engine.duplicate.howells import FIRST_ROUNDS, THREE_TABLES, TWO_TABLES, Played
from scorer.engine.duplicate.model import Line, MovementKind

MITCHELL_TABLES = range(3, 16)
HOWELL_TABLES = range(2, 8)


@dataclass(frozen=True, slots=True)
class Meeting:
    """One table in one round: the North–South pair, the East–West pair, and the board
    sets they play (one set, or in the 3-table Howell two half-sets)."""

    table: int
    ns: int
    ew: int
    sets: tuple[int, ...]

    @property
    def pairs(self) -> tuple[int, int]:
        return (self.ns, self.ew)

    def line_of(self, pair: int) -> Line | None:
        return Line.NS if pair == self.ns else Line.EW if pair == self.ew else None


Round = tuple[Meeting, ...]


@dataclass(frozen=True, slots=True)
class Movement:
    """A movement as data: its kind, tables, pairs (numbered 1 to `pairs`), the board sets
    in play (1 to `sets`) and each round's meetings, a table each; `source` says where the
    schedule comes from."""

    kind: MovementKind
    tables: int
    pairs: int
    sets: int
    rounds: tuple[Round, ...]
    source: str = ""
    short: bool = False  # a pair short: the highest pair's place is empty

    @property
    def name(self) -> str:
        """ "Mitchell, 4 tables", "Howell, 3 tables", "Mitchell, 4 tables, a pair short"."""
        said = f"{self.kind.label}, {_count(self.tables, 'table')}"
        return f"{said}, a pair short" if self.short else said

    @property
    def empty(self) -> int | None:
        """The empty place a pair short: always the highest pair's number (§11)."""
        return self.pairs if self.short else None

    @property
    def playing(self) -> int:
        """How many pairs play: the pairs it seats, or one fewer a pair short."""
        return self.pairs - self.short

    def sits_out(self, number: int) -> Meeting | None:
        """Round `number`'s meeting against the empty place (the pair drawn there sits out,
        and that table's boards are not played there that round), or None."""
        for meeting in self.rounds[number - 1]:
            if self.empty in meeting.pairs:
                return meeting
        return None

    def out_in(self, number: int) -> int | None:
        """The pair that sits out round `number`, or None."""
        meeting = self.sits_out(number)
        if meeting is None:
            return None
        return meeting.ew if meeting.ns == self.empty else meeting.ns

    def a_pair_short(self) -> Movement:
        """The same movement played a pair short (the highest pair missing)."""
        return replace(self, short=True)

    @property
    def sets_a_meeting(self) -> int:
        """How many sets a table plays a round: one, or two half-sets (the 3-table Howell)."""
        return max((len(meeting.sets) for played in self.rounds for meeting in played), default=1)


# -- Mitchell ------------------------------------------------------------------------------


def mitchell(tables: int, rounds: int | None = None) -> Movement:
    """The Mitchell for `tables` tables (3 to 15): every round unless `rounds` says fewer.
    With an even number of tables, the East–West pairs skip a table after round T / 2."""
    if tables not in MITCHELL_TABLES:
        raise DuplicateError(
            f"a Mitchell is offered for 3 to 15 tables (got {tables})", field="tables"
        )
    even = tables % 2 == 0
    most = tables - 1 if even else tables
    if rounds is None:
        rounds = most
    if not 1 <= rounds <= most:
        raise DuplicateError(
            f"a Mitchell of {tables} tables plays 1 to {most} rounds (got {rounds})",
            field="rounds",
        )
    schedule = []
    for number in range(1, rounds + 1):
        skipped = 1 if even and number > tables // 2 else 0
        schedule.append(
            tuple(
                Meeting(
                    table,
                    table,
                    tables + (table - number - skipped) % tables + 1,
                    ((table + number - 2) % tables + 1,),
                )
                for table in range(1, tables + 1)
            )
        )
    skip = f"; East–West skip a table after round {tables // 2}" if even else ""
    return Movement(
        MovementKind.MITCHELL,
        tables,
        2 * tables,
        tables,
        tuple(schedule),
        source=(
            f"North–South stay; East–West move up one table, the boards down one, each round{skip}"
        ),
    )


# -- Howell --------------------------------------------------------------------------------


def howell(tables: int) -> Movement:
    """The complete Howell for `tables` tables (2 to 7), from the published schedules."""
    if tables not in HOWELL_TABLES:
        raise DuplicateError(
            f"a Howell is offered for 2 to 7 tables (got {tables})", field="tables"
        )
    pairs = 2 * tables
    if tables == 2:
        return _given(tables, TWO_TABLES, sets=3, source="constructed: both tables share a set")
    if tables == 3:
        return _given(tables, THREE_TABLES, sets=10, source="published: ten half-sets")
    moving = pairs - 1  # the highest pair stays; the others, and the sets, go round
    first = FIRST_ROUNDS[tables]
    schedule = tuple(
        tuple(
            Meeting(
                table,
                _moved(ns, step, pairs, moving),
                _moved(ew, step, pairs, moving),
                ((board_set - 1 + step) % moving + 1,),
            )
            for table, ns, ew, board_set in first
        )
        for step in range(moving)
    )
    return Movement(
        MovementKind.HOWELL,
        tables,
        pairs,
        moving,
        schedule,
        source="published: each pair takes the place of the pair numbered one below it",
    )


def _moved(pair: int, step: int, highest: int, moving: int) -> int:
    """Where round 1's pair `pair` is `step` rounds on: the highest stays; pair k takes the
    place of pair k − 1 each round (pair 1 that of the highest moving pair)."""
    if pair == highest:
        return pair
    return (pair - 1 + step) % moving + 1


def _given(
    tables: int, rounds: tuple[tuple[Played, ...], ...], *, sets: int, source: str
) -> Movement:
    return Movement(
        MovementKind.HOWELL,
        tables,
        2 * tables,
        sets,
        tuple(tuple(Meeting(*seat) for seat in played) for played in rounds),
        source=source,
    )


def movement_for(kind: MovementKind, tables: int, *, short: bool = False) -> Movement:
    """The movement of that kind offered for that many tables (a pair short if `short`), or
    DuplicateError."""
    movement = mitchell(tables) if kind is MovementKind.MITCHELL else howell(tables)
    return movement.a_pair_short() if short else movement


def movement_for_pairs(kind: MovementKind, pairs: int) -> Movement:
    """The movement that seats `pairs` pairs: T = half the pairs rounded up, a pair short
    when they are odd in number (§11)."""
    return movement_for(kind, (pairs + 1) // 2, short=pairs % 2 == 1)


def offered() -> tuple[Movement, ...]:
    """Every movement the club is offered: Mitchell for 3 to 15 tables, Howell for 2 to 7
    (each may also be played a pair short: `Movement.a_pair_short`)."""
    return tuple(mitchell(tables) for tables in MITCHELL_TABLES) + tuple(
        howell(tables) for tables in HOWELL_TABLES
    )


# -- The checker ---------------------------------------------------------------------------


def check_movement(movement: Movement) -> None:
    """Refuse, with a DuplicateError naming the round and table, a movement in which a pair
    sits at two tables in a round, meets another pair twice, plays a board set twice, or
    (in a Mitchell) changes direction; or whose sets are not all played the same number of
    times."""
    met: dict[frozenset[int], tuple[int, int]] = {}  # the two pairs → (round, table)
    played: dict[tuple[int, int], tuple[int, int]] = {}  # (pair, set) → (round, table)
    sat: dict[int, tuple[Line, int]] = {}  # pair → (direction, round) first seen
    times: Counter[int] = Counter()
    for number, meetings in enumerate(movement.rounds, 1):
        at: dict[int, int] = {}  # pair → table, this round
        tables: set[int] = set()
        for meeting in meetings:
            _check_meeting(movement, number, meeting, tables, at)
            _check_once(number, meeting, met, played)
            if movement.kind is MovementKind.MITCHELL:
                _check_direction(number, meeting, sat)
            times.update(meeting.sets)
    _check_times(movement, times)


def _check_meeting(
    movement: Movement, number: int, meeting: Meeting, tables: set[int], at: dict[int, int]
) -> None:
    table = meeting.table

    def refuse(problem: str) -> DuplicateError:
        return DuplicateError(problem, round=number, table=table)

    if not 1 <= table <= movement.tables:
        raise DuplicateError(
            f"there is no table {table} (the movement is for {_count(movement.tables, 'table')})",
            round=number,
        )
    if table in tables:
        raise DuplicateError(f"table {table} is listed twice", round=number)
    tables.add(table)
    for pair in meeting.pairs:
        if not 1 <= pair <= movement.pairs:
            raise refuse(f"there is no pair {pair} (the pairs are numbered 1 to {movement.pairs})")
    if meeting.ns == meeting.ew:
        raise refuse(f"pair {meeting.ns} cannot sit against itself")
    if not meeting.sets or len(set(meeting.sets)) != len(meeting.sets):
        raise refuse(f"the table must play one or more different sets (got {list(meeting.sets)})")
    for board_set in meeting.sets:
        if not 1 <= board_set <= movement.sets:
            raise refuse(f"there is no set {board_set} (the movement has {movement.sets} sets)")
    for pair in meeting.pairs:
        if pair in at:
            raise DuplicateError(
                f"pair {pair} plays at both table {at[pair]} and table {table}", round=number
            )
        at[pair] = table


def _check_once(
    number: int,
    meeting: Meeting,
    met: dict[frozenset[int], tuple[int, int]],
    played: dict[tuple[int, int], tuple[int, int]],
) -> None:
    here = (number, meeting.table)
    both = frozenset(meeting.pairs)
    if both in met:
        before, table = met[both]
        raise DuplicateError(
            f"pairs {meeting.ns} and {meeting.ew} met in round {before} already (at table {table})",
            round=number,
            table=meeting.table,
        )
    met[both] = here
    for pair in meeting.pairs:
        for board_set in meeting.sets:
            if (pair, board_set) in played:
                before, table = played[(pair, board_set)]
                raise DuplicateError(
                    f"pair {pair} plays set {board_set} again (it played it in round "
                    f"{before}, at table {table})",
                    round=number,
                    table=meeting.table,
                )
            played[(pair, board_set)] = here


def _check_direction(number: int, meeting: Meeting, sat: dict[int, tuple[Line, int]]) -> None:
    for pair, line in ((meeting.ns, Line.NS), (meeting.ew, Line.EW)):
        first = sat.setdefault(pair, (line, number))
        if first[0] is not line:
            raise DuplicateError(
                f"pair {pair} sits {line.label}, but in a Mitchell a pair keeps its "
                f"direction (it sat {first[0].label} in round {first[1]})",
                round=number,
                table=meeting.table,
            )


def _check_times(movement: Movement, times: Counter[int]) -> None:
    """Every set of the movement played, and each the same number of times."""
    counts = {board_set: times[board_set] for board_set in range(1, movement.sets + 1)}
    most = max(counts.values(), default=0)
    fewest = min(counts.values(), default=0)
    if most == fewest and most > 0:
        return
    often = min(s for s, count in counts.items() if count == most)
    seldom = min(s for s, count in counts.items() if count == fewest)
    raise DuplicateError(
        f"set {often} is played {_times(most)} and set {seldom} {_times(fewest)}: every "
        "board must be played the same number of times",
        field="sets",
    )


def _times(count: int) -> str:
    return {0: "never", 1: "once", 2: "twice"}.get(count, f"{count} times")


def _count(count: int, noun: str) -> str:
    return f"1 {noun}" if count == 1 else f"{count} {noun}s"


# -- An evening's schedule, and its cards --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sitting:
    """Where one pair sits in one round: its table and direction, its opponents, and the
    boards it plays there (a row of its guide card)."""

    round: int
    table: int
    line: Line
    opponent: int
    boards: tuple[int, ...]
    out: bool = False  # drawn against the empty place: the pair sits out, plays no boards


@dataclass(frozen=True, slots=True)
class GuideCard:
    """A pair's guide card: where it sits, against whom, on which boards, round by round."""

    pair: int
    rounds: tuple[Sitting, ...]


@dataclass(frozen=True, slots=True)
class TableRound:
    """One table in one round: the pairs and the boards (a row of its table card)."""

    round: int
    ns: int
    ew: int
    boards: tuple[int, ...]
    out: int | None = None  # the pair that sits out here this round (its boards not played)


@dataclass(frozen=True, slots=True)
class TableCard:
    """A table's card: who sits there and which boards are played, round by round."""

    table: int
    rounds: tuple[TableRound, ...]


@dataclass(frozen=True, slots=True)
class Scheduled:
    """A result the schedule calls for: a board two pairs play at a table in a round."""

    round: int
    table: int
    board: int
    ns: int
    ew: int


@dataclass(frozen=True, slots=True)
class Schedule:
    """A movement as an evening plays it: each set of the movement is `boards_a_set`
    boards, set 1 being boards 1 to `boards_a_set`, set 2 the next, and so on. The boards
    a table plays in a round are its sets' boards, in order."""

    movement: Movement
    boards_a_set: int

    def __post_init__(self) -> None:
        if self.boards_a_set < 1:
            raise DuplicateError(
                f"a set holds at least one board (got {self.boards_a_set})", field="boards"
            )

    @property
    def boards(self) -> int:
        """How many boards are in play."""
        return self.movement.sets * self.boards_a_set

    def boards_of(self, sets: tuple[int, ...]) -> tuple[int, ...]:
        size = self.boards_a_set
        return tuple(
            board
            for board_set in sets
            for board in range((board_set - 1) * size + 1, board_set * size + 1)
        )

    def results(self) -> tuple[Scheduled, ...]:
        """Every result the evening calls for, round by round, table by table (none at the
        table of the empty place, a pair short)."""
        empty = self.movement.empty
        return tuple(
            Scheduled(number, meeting.table, board, meeting.ns, meeting.ew)
            for number, meetings in enumerate(self.movement.rounds, 1)
            for meeting in sorted(meetings, key=lambda meeting: meeting.table)
            if empty not in meeting.pairs
            for board in self.boards_of(meeting.sets)
        )

    def guide_cards(self) -> tuple[GuideCard, ...]:
        """Each pair's card, by pair number (none for the empty place; a round drawn against
        it is marked `out`, with no boards)."""
        empty = self.movement.empty
        rows: dict[int, list[Sitting]] = {pair: [] for pair in range(1, self.movement.playing + 1)}
        for number, meetings in enumerate(self.movement.rounds, 1):
            for meeting in meetings:
                out = empty in meeting.pairs
                boards = () if out else self.boards_of(meeting.sets)
                for pair, line, opponent in (
                    (meeting.ns, Line.NS, meeting.ew),
                    (meeting.ew, Line.EW, meeting.ns),
                ):
                    if pair != empty:
                        rows[pair].append(
                            Sitting(number, meeting.table, line, opponent, boards, out)
                        )
        return tuple(GuideCard(pair, tuple(sittings)) for pair, sittings in rows.items())

    def next_sitting(self, pair: int, number: int) -> Sitting | None:
        """Where `pair` sits in the round after `number`, or None after the last."""
        for card in self.guide_cards():
            if card.pair == pair:
                return next((s for s in card.rounds if s.round == number + 1), None)
        return None

    def table_cards(self) -> tuple[TableCard, ...]:
        """Each table's card, by table number."""
        rows: dict[int, list[TableRound]] = {
            table: [] for table in range(1, self.movement.tables + 1)
        }
        for number, meetings in enumerate(self.movement.rounds, 1):
            for meeting in meetings:
                out = self.movement.out_in(number) if self.movement.empty in meeting.pairs else None
                boards = () if out is not None else self.boards_of(meeting.sets)
                rows[meeting.table].append(TableRound(number, meeting.ns, meeting.ew, boards, out))
        return tuple(TableCard(table, tuple(played)) for table, played in rows.items())
