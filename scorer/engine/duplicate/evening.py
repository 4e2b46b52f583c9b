"""Working out a Duplicate evening (§11 of the specification): each result for points, the
travellers, the comparison on the same cards, and each pair's score, card and place.

The evening is worked out from its record each time, as a rubber's sheet is:

- Each result is scored for points as in §10 (`points.score_for_points`): the dealer's
  side declares, North–South's points in We's column and East–West's in They's. A pair's
  **net** on a board is its side's points less the adversaries'.
- **The comparison, as the period did it** (`Comparison.AVERAGE`): on each board, each
  direction's average net is taken over the pairs of that direction who played it; a
  pair's score on the board is its net less that average, and its total the sum over its
  boards. **Matchpoints** (`Comparison.MATCHPOINTS`): on each board, 2 for every pair of
  the same direction beaten, 1 for each tie; the top is 2 for each other pair who played
  the board in that direction, and a pair's percentage is its matchpoints over the tops of
  its boards.
- A board two pairs could not play (`NotPlayed`) scores each its direction's average,
  marked: 0 against the average; under matchpoints, half the board's top.
- Averages are kept exact (fractions) and places decided on the exact scores; pairs on the
  same score share the place. A Mitchell ranks North–South and East–West apart, a Howell
  every pair together.

The results are taken as they were played: whatever the movement, no pair may play a board
twice, nor sit against the same pair in both directions (two meetings), and in a Mitchell
North–South are pairs 1 to T and East–West T + 1 to 2T. With the evening's schedule
(`Evening.schedule`, the site's evening) each result must also be one the schedule calls
for, and the results it calls for and nobody has recorded are listed as missing.

An evening in progress (`in_progress=True`) may lack results: the standings and
travellers count what is recorded so far, and every result the schedule calls for that is
not yet recorded is marked missing, on its board's traveller and on both pairs' cards.
Without `in_progress`, a result the schedule calls for and nobody recorded is refused.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import lcm

from scorer.engine.duplicate.borrowed import Entry, points_of
from scorer.engine.duplicate.deals import check_hands, score_result
from scorer.engine.duplicate.errors import DuplicateError
from scorer.engine.duplicate.model import (
    LINES,
    Board,
    Comparison,
    Evening,
    Line,
    Lines,
    MovementKind,
    Partners,
    Recorded,
    Result,
)
from scorer.engine.duplicate.movements import Scheduled
from scorer.engine.errors import RubberError
from scorer.engine.model import Deal, Rules

NOTHING = Fraction(0)


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


@dataclass(frozen=True, slots=True)
class DuplicateScore:
    """The evening worked out from its record: the travellers (by board), the standings (by
    pair), and the results still to come (in progress). The pairs' cards are worked out
    from the travellers when asked (`cards`)."""

    evening: Evening
    travellers: tuple[Traveller, ...]
    standings: tuple[Standing, ...]
    missing: tuple[Scheduled, ...]

    @property
    def cards(self) -> tuple[PairCard, ...]:
        """Each pair's board-by-board card, by pair."""
        return _cards(len(self.standings), self.travellers, self.evening, self.missing)

    def by_place(self, direction: Line | None = None) -> tuple[Standing, ...]:
        """The standings best first (a Mitchell's by direction: give the direction); a
        shared place in the pairs' order."""
        return tuple(
            sorted(
                (s for s in self.standings if direction is None or s.direction is direction),
                key=lambda standing: (standing.place, standing.pair),
            )
        )


def work_out_duplicate(evening: Evening, *, in_progress: bool = False) -> DuplicateScore:
    """Work out the evening; DuplicateError names the board and the pairs (or the field) of
    the first thing the record gets wrong."""
    field = _Field.of(evening)
    boards = _boards(evening)
    called = _called(evening, boards)
    scheduled = _scheduled_by_pair(called)
    rows: dict[int, list[tuple[Recorded, Deal | None, Lines[Entry] | None]]] = {
        number: [] for number in boards
    }
    recorded: set[tuple[int, int, int]] = set()
    check = _Check(field, boards, scheduled)
    scoring = evening.rules.scoring
    for result in evening.results:
        check.result(result)
        recorded.add((result.board, result.ns, result.ew))
        if isinstance(result, Result):
            deal, entries = _scored(boards[result.board], result, scoring)
            rows[result.board].append((result, deal, entries))
        else:
            rows[result.board].append((result, None, None))
    missing = tuple(s for s in called if (s.board, s.ns, s.ew) not in recorded)
    if missing and not in_progress:
        first = missing[0]
        raise DuplicateError(
            f"no result is recorded (round {first.round}, table {first.table}): record it, "
            "or that the board was not played",
            board=first.board,
            pairs=(first.ns, first.ew),
        )
    matchpoints = evening.rules.comparison is Comparison.MATCHPOINTS
    waiting: dict[int, list[Scheduled]] = {}
    for wanted in missing:
        waiting.setdefault(wanted.board, []).append(wanted)
    travellers = tuple(
        _traveller(boards[number], rows[number], tuple(waiting.get(number, ())), matchpoints)
        for number in sorted(boards)
    )
    standings = _standings(field, travellers, matchpoints)
    return DuplicateScore(evening, travellers, standings, missing)


# -- The pairs and the boards --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Field:
    """The evening's pairs: how many, their names, and in a Mitchell the tables (North–South
    1 to T, East–West T + 1 to 2T)."""

    count: int
    names: tuple[Partners, ...]
    tables: int | None  # a Mitchell's; None in a Howell

    @staticmethod
    def of(evening: Evening) -> _Field:
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
            count = schedule.movement.pairs
            if names and len(names) != count:
                raise DuplicateError(
                    f"pairs: the movement seats {count} pairs, but {len(names)} are named",
                    field="pairs",
                )
        elif names:
            count = len(names)
        else:
            count = max((max(r.ns, r.ew) for r in evening.results), default=0)
        tables = None
        if evening.rules.movement is MovementKind.MITCHELL:
            if names and count % 2:
                raise DuplicateError(
                    f"pairs: a Mitchell has as many East–West pairs as North–South, so its "
                    f"pairs are even in number (got {count})",
                    field="pairs",
                )
            tables = (count + 1) // 2
        return _Field(count, names, tables)

    def line_of(self, pair: int) -> Line | None:
        """A Mitchell pair's direction, by its number; None in a Howell."""
        if self.tables is None:
            return None
        return Line.NS if pair <= self.tables else Line.EW

    def names_of(self, pair: int) -> Partners | None:
        return self.names[pair - 1] if self.names else None


def _boards(evening: Evening) -> dict[int, Board]:
    boards: dict[int, Board] = {}
    for board in evening.boards:
        if board.number < 1:
            raise DuplicateError(f"boards are numbered from 1 (got {board.number})", field="boards")
        if board.number in boards:
            raise DuplicateError("the board is listed twice", board=board.number, field="boards")
        check_hands(board)
        boards[board.number] = board
    return boards


def _called(evening: Evening, boards: dict[int, Board]) -> tuple[Scheduled, ...]:
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


def _scheduled_by_pair(called: Iterable[Scheduled]) -> dict[tuple[int, int], Scheduled]:
    """The results called for, by (board, pair) for each of the two pairs."""
    by_board_and_pair: dict[tuple[int, int], Scheduled] = {}
    for scheduled in called:
        by_board_and_pair[(scheduled.board, scheduled.ns)] = scheduled
        by_board_and_pair[(scheduled.board, scheduled.ew)] = scheduled
    return by_board_and_pair


class _Check:
    """Each result as it is taken: its board and pairs exist, no pair plays a board twice
    or meets another in both directions, a Mitchell's pairs keep their direction, and with
    a schedule the schedule calls for it."""

    def __init__(
        self,
        field: _Field,
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
        return f"1 to {tables}" if line is Line.NS else f"{tables + 1} to {2 * tables}"

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


def _scored(board: Board, result: Result, scoring: Rules) -> tuple[Deal, Lines[Entry]]:
    """The result read into its deal and scored for points; the refusal placed at its board
    and pairs."""
    try:
        deal, entries = score_result(board, result, scoring)
    except RubberError as error:
        raise DuplicateError(
            error.problem, board=result.board, pairs=result.pairs, field=error.field
        ) from None
    return deal, Lines.of(entries)


# -- The comparison on each board ----------------------------------------------------------


def _traveller(
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


# -- The pairs' cards and standings --------------------------------------------------------


def _cards(
    pairs: int,
    travellers: tuple[Traveller, ...],
    evening: Evening,
    missing: tuple[Scheduled, ...],
) -> tuple[PairCard, ...]:
    scheduled = {} if evening.schedule is None else _scheduled_by_pair(evening.schedule.results())
    rows: dict[int, list[CardRow]] = {pair: [] for pair in range(1, pairs + 1)}
    for traveller in travellers:
        for row in traveller.results:
            for line in LINES:
                pair = row.pairs[line is Line.EW]
                where = scheduled.get((row.board, pair))
                rows[pair].append(
                    CardRow(
                        row.board,
                        line,
                        row.pairs[line is Line.NS],
                        None if row.points is None else row.points[line],
                        None if row.net is None else row.net[line],
                        row.score[line],
                        traveller.top,
                        None if row.played else Mark.NOT_PLAYED,
                        None if where is None else where.round,
                        None if where is None else where.table,
                    )
                )
    for waiting in missing:
        for pair, line, opponent in (
            (waiting.ns, Line.NS, waiting.ew),
            (waiting.ew, Line.EW, waiting.ns),
        ):
            rows[pair].append(
                CardRow(
                    waiting.board,
                    line,
                    opponent,
                    None,
                    None,
                    None,
                    0,
                    Mark.MISSING,
                    waiting.round,
                    waiting.table,
                )
            )
    return tuple(
        PairCard(pair, tuple(sorted(card, key=_card_order))) for pair, card in rows.items()
    )


def _card_order(row: CardRow) -> tuple[int, int]:
    return (row.round or 0, row.board)


def _standings(
    field: _Field, travellers: tuple[Traveller, ...], matchpoints: bool
) -> tuple[Standing, ...]:
    """Each pair's nets, score, top and boards played, over the results recorded."""
    pairs = range(1, field.count + 1)
    nets = dict.fromkeys(pairs, 0)
    scores: dict[int, list[Fraction]] = {pair: [] for pair in pairs}
    tops = dict.fromkeys(pairs, 0)
    boards = dict.fromkeys(pairs, 0)
    for traveller in travellers:
        for row in traveller.results:
            for pair, line in ((row.ns, Line.NS), (row.ew, Line.EW)):
                scores[pair].append(row.score[line])
                tops[pair] += traveller.top
                if row.net is not None:
                    nets[pair] += row.net[line]
                    boards[pair] += 1
    totals = {pair: _total(scores[pair]) for pair in pairs}
    place = _places((pair, field.line_of(pair), totals[pair]) for pair in pairs)
    return tuple(
        Standing(
            pair,
            field.names_of(pair),
            field.line_of(pair),
            nets[pair],
            totals[pair],
            tops[pair],
            boards[pair],
            place[pair],
            matchpoints,
        )
        for pair in pairs
    )


def _total(scores: Iterable[Fraction]) -> Fraction:
    """The scores added up exactly, over their least common denominator (the same few
    denominators come again and again: a board's results)."""
    numerator, denominator = 0, 1
    for score in scores:
        below = score.denominator
        if below != denominator:
            common = lcm(denominator, below)
            numerator *= common // denominator
            denominator = common
        numerator += score.numerator * (denominator // below)
    return Fraction(numerator, denominator)


def _places(scores: Iterable[tuple[int, Line | None, Fraction]]) -> dict[int, int]:
    """Each pair's place among those ranked with it (its direction, or all): one more than
    the number on a better score."""
    groups: dict[Line | None, list[tuple[int, Fraction]]] = {}
    for pair, line, score in scores:
        groups.setdefault(line, []).append((pair, score))
    place: dict[int, int] = {}
    for ranked in groups.values():
        ordered = sorted((score for _, score in ranked), reverse=True)
        first: dict[Fraction, int] = {}
        for index, score in enumerate(ordered, 1):
            first.setdefault(score, index)
        for pair, score in ranked:
            place[pair] = first[score]
    return place
