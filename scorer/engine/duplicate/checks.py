"""A Duplicate evening's record checked: its pairs, its boards, each result against the movement."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scorer.engine.duplicate.deals import check_hands
from scorer.engine.duplicate.errors import DuplicateError
from scorer.engine.duplicate.model import Board, Evening, Line, MovementKind, Partners, Recorded
from scorer.engine.duplicate.movements import Scheduled


@dataclass(frozen=True, slots=True)
class Field:
    """The evening's pairs: how many, their names, and in a Mitchell the tables (North–South
    1 to T, East–West T + 1 to 2T). A pair short (§11), the pairs are odd in number and the
    highest number's place (2T) is empty; T is still half the highest number, rounded up."""

    count: int
    names: tuple[Partners, ...]
    tables: int | None  # a Mitchell's; None in a Howell

    @property
    def short(self) -> bool:
        return self.count % 2 == 1

    @staticmethod
    def of(evening: Evening) -> Field:
        names = evening.pairs
        schedule = evening.schedule
        if schedule is not None:
            kind = schedule.movement.kind
            if kind is not evening.rules.movement:
                raise DuplicateError(
                    f"movement: the evening is a {evening.rules.movement.label}, but its "
                    f"schedule a {kind.label}",
                    field="movement",
                )
            count = schedule.movement.playing
            if names and len(names) != count:
                seats = f"{count} pairs" + (", a pair short" if schedule.movement.short else "")
                raise DuplicateError(
                    f"pairs: the movement seats {seats}, but {len(names)} are named",
                    field="pairs",
                )
        elif names:
            count = len(names)
        else:
            count = max((max(r.ns, r.ew) for r in evening.results), default=0)
        tables = None
        if evening.rules.movement is MovementKind.MITCHELL:
            # odd in number, the evening is a pair short: the missing pair is East–West 2T
            tables = (count + 1) // 2
        return Field(count, names, tables)

    def line_of(self, pair: int) -> Line | None:
        """A Mitchell pair's direction, by its number; None in a Howell."""
        if self.tables is None:
            return None
        return Line.NS if pair <= self.tables else Line.EW

    def names_of(self, pair: int) -> Partners | None:
        return self.names[pair - 1] if self.names else None


def checked_boards(evening: Evening) -> dict[int, Board]:
    boards: dict[int, Board] = {}
    for board in evening.boards:
        if board.number < 1:
            raise DuplicateError(f"boards are numbered from 1 (got {board.number})", field="boards")
        if board.number in boards:
            raise DuplicateError("the board is listed twice", board=board.number, field="boards")
        check_hands(board)
        boards[board.number] = board
    return boards


def called_results(evening: Evening, boards: dict[int, Board]) -> tuple[Scheduled, ...]:
    """The results the schedule calls for, their boards all among the evening's."""
    schedule = evening.schedule
    if schedule is None:
        return ()
    called = schedule.results()
    for scheduled in called:
        if scheduled.board not in boards:
            raise DuplicateError(
                f"board {scheduled.board} is missing: the movement plays boards 1 to "
                f"{schedule.boards}",
                field="boards",
            )
    return called


def scheduled_by_pair(called: Iterable[Scheduled]) -> dict[tuple[int, int], Scheduled]:
    """The results called for, by (board, pair) for each of the two pairs."""
    by_board_and_pair: dict[tuple[int, int], Scheduled] = {}
    for scheduled in called:
        by_board_and_pair[(scheduled.board, scheduled.ns)] = scheduled
        by_board_and_pair[(scheduled.board, scheduled.ew)] = scheduled
    return by_board_and_pair


class Check:
    """Each result as it is taken: its board and pairs exist, no pair plays a board twice
    or meets another in both directions, a Mitchell's pairs keep their direction, and with
    a schedule the schedule calls for it."""

    def __init__(
        self,
        field: Field,
        boards: dict[int, Board],
        scheduled: dict[tuple[int, int], Scheduled],
    ) -> None:
        self.field = field
        self.boards = boards
        self.scheduled = scheduled
        self.played: dict[tuple[int, int], int] = {}  # (board, pair) → opponent
        self.seated: dict[frozenset[int], tuple[int, int]] = {}  # the two → (ns, board)

    def result(self, result: Recorded) -> None:
        def refuse(problem: str, field: str) -> DuplicateError:
            return DuplicateError(problem, board=result.board, pairs=result.pairs, field=field)

        if result.board not in self.boards:
            listed = ", ".join(str(number) for number in sorted(self.boards)) or "none"
            raise refuse(f"board: there is no board {result.board} (the boards: {listed})", "board")
        for pair, key in ((result.ns, "ns"), (result.ew, "ew")):
            if self.field.short and pair == self.field.count + 1:
                raise refuse(
                    f"{key}: pair {pair}'s place is empty: the evening is a pair short (the "
                    f"pairs are 1 to {self.field.count}), and the pair drawn against it sits "
                    "out",
                    key,
                )
            if not 1 <= pair <= self.field.count:
                raise refuse(
                    f"{key}: there is no pair {pair} (the pairs are numbered 1 to "
                    f"{self.field.count})",
                    key,
                )
        if result.ns == result.ew:
            raise refuse(f"pair {result.ns} cannot sit against itself", "ew")
        for pair, line in ((result.ns, Line.NS), (result.ew, Line.EW)):
            own = self.field.line_of(pair)
            if own is not None and own is not line:
                raise refuse(
                    f"{line.value}: pair {pair} sits {line.label}, but in this Mitchell "
                    f"{own.label} are pairs {self._numbers(own)} and keep their direction",
                    line.value,
                )
        self._once(result, refuse)
        if self.scheduled:
            self._in_schedule(result, refuse)

    def _numbers(self, line: Line) -> str:
        tables = self.field.tables or 0
        return f"1 to {tables}" if line is Line.NS else f"{tables + 1} to {self.field.count}"

    def _once(self, result: Recorded, refuse: Callable[[str, str], DuplicateError]) -> None:
        for pair, opponent, key in ((result.ns, result.ew, "ns"), (result.ew, result.ns, "ew")):
            before = self.played.get((result.board, pair))
            if before is not None:
                raise refuse(
                    f"pair {pair} plays board {result.board} twice (against pair {before} already)",
                    key,
                )
            self.played[(result.board, pair)] = opponent
        both = frozenset(result.pairs)
        seated = self.seated.setdefault(both, (result.ns, result.board))
        if seated[0] != result.ns:
            raise refuse(
                f"pairs {result.ns} and {result.ew} meet twice: on board {seated[1]} pair "
                f"{seated[0]} sat North–South, here pair {result.ns}",
                "ns",
            )

    def _in_schedule(self, result: Recorded, refuse: Callable[[str, str], DuplicateError]) -> None:
        wanted = self.scheduled.get((result.board, result.ns))
        if wanted is not None and (wanted.ns, wanted.ew) == result.pairs:
            return
        if wanted is None:
            said = f"pair {result.ns} does not play board {result.board}"
        else:
            said = (
                f"board {result.board} is played by pair {wanted.ns} North–South against "
                f"pair {wanted.ew} (round {wanted.round}, table {wanted.table})"
            )
        raise refuse(f"the movement does not seat these pairs here: {said}", "ns")
