"""The Duplicate evening's read model: its rows read in a few queries, and the engine's
`Evening` built from them, here and nowhere else.

The engine works out everything the pages show from that record each time: each result's
points, the travellers, the comparison, each pair's card, the standings and places, and
the results still to come (`scorer.engine.duplicate.work_out_duplicate`, given the
evening's `Schedule`). A table's own round, which a save at the table answers with, is
worked out as an evening of that one table's results (the same boards, the same rules,
the same points), without reading the rest of the evening. A worked-out evening is kept in
this process for as long as nothing in it has changed (its `fingerprint`), since every
phone of the evening asks for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from django.db.models import Count, F

from scorer.duplicate.models import (
    DuplicateBoard,
    DuplicateEvening,
    DuplicatePair,
    DuplicatePlay,
    DuplicatePlayer,
    DuplicateResult,
    DuplicateSeat,
    DuplicateTable,
)
from scorer.engine import Maker, Trump
from scorer.engine.cards import Hand
from scorer.engine.duplicate import (
    Board,
    Comparison,
    DuplicateError,
    DuplicateRules,
    DuplicateScore,
    Evening,
    Line,
    Lines,
    Movement,
    MovementKind,
    NotPlayed,
    Recorded,
    Result,
    ResultScore,
    Schedule,
    Scheduled,
    movement_for,
    work_out_duplicate,
)
from scorer.plumbing.following import EveningVersions
from scorer.plumbing.following import version_of as evening_version
from scorer.plumbing.kept import Kept
from scorer.plumbing.keys import Submission

# -- The evening's settings, as the engine takes them -------------------------------------------


def rules_of(evening: DuplicateEvening) -> DuplicateRules:
    return DuplicateRules(evening.kind, Comparison(evening.comparison), evening.doubling_limit)


@lru_cache(maxsize=64)
def movement_of(kind: MovementKind, tables: int) -> Movement:
    """The movement offered for that many tables (checked when it was offered)."""
    return movement_for(kind, tables)


def boards_a_set(movement: Movement, boards_a_round: int) -> int:
    """How many boards a set holds, when a table plays `boards_a_round` boards a round: a
    round is one set, or two half-sets in the 3-table Howell. DuplicateError otherwise."""
    sets = movement.sets_a_meeting
    if boards_a_round % sets:
        raise DuplicateError(
            f"a round of the {movement.name} is {sets} sets of boards, so its boards a round "
            f"are a multiple of {sets} (got {boards_a_round})",
            field="boards_a_round",
        )
    return boards_a_round // sets


def schedule_of(evening: DuplicateEvening) -> Schedule:
    """The evening's movement as it plays it: which boards each table plays, round by
    round, and which pairs meet there."""
    movement = movement_of(evening.kind, evening.tables)
    return Schedule(movement, boards_a_set(movement, evening.boards_a_round))


@lru_cache(maxsize=4096)
def board_of(number: int, hands: tuple[str, str, str, str] | None) -> Board:
    """The engine's board: its number, and its hands when known (North's first)."""
    if hands is None:
        return Board(number)
    north, east, south, west = (Hand.parse(hand) for hand in hands)
    return Board(number, (north, east, south, west))


# -- The pairs -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairRecord:
    """A pair and its two players, first and second."""

    pair: DuplicatePair
    players: tuple[DuplicatePlayer, ...]

    @property
    def number(self) -> int:
        assert self.pair.number is not None, "a pair is numbered once the evening starts"
        return self.pair.number

    @property
    def names(self) -> str:
        """ "Mrs. Carr & Mr. Dane", as the evening prints a pair."""
        return " & ".join(player.name for player in self.players)

    @property
    def partners(self) -> tuple[str, str]:
        first, second = (player.name for player in self.players)
        return (first, second)

    @property
    def short(self) -> str:
        """ "Carr & Dane" """
        return " & ".join(player.short_name for player in self.players)

    def has_member(self, member_pk: int | None) -> bool:
        return member_pk is not None and any(p.member_id == member_pk for p in self.players)

    def has_user(self, user_pk: int | None) -> bool:
        return user_pk is not None and any(
            p.member is not None and p.member.user_id == user_pk for p in self.players
        )


def pairs_of(evening: DuplicateEvening) -> tuple[PairRecord, ...]:
    """The evening's pairs in two queries: by number once it started, else as added."""
    pairs = list(evening.pairs.order_by("number", "added_at", "pk"))
    players: dict[int, list[DuplicatePlayer]] = {}
    found = DuplicatePlayer.objects.filter(pair__evening=evening).select_related("member")
    for player in found.order_by("pair", "place"):
        players.setdefault(player.pair_id, []).append(player)
    return tuple(PairRecord(pair, tuple(players.get(pair.pk, ()))) for pair in pairs)


# -- The results ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultRow:
    """A result as the pages need it: its row's id, table, board and who recorded and
    accepted it, and the engine's record of it (`recorded`)."""

    pk: int
    table: int  # its table's id
    round: int
    at: int  # its table's number
    recorded: Recorded
    recorded_by: int
    accepted_by: int | None
    version: int

    @property
    def board(self) -> int:
        return self.recorded.board

    @property
    def accepted(self) -> bool:
        return self.accepted_by is not None


_RESULT_COLUMNS = (
    "pk", "table_id", "table__round", "table__number", "board__number", "played", "maker",
    "trump", "doubles", "tricks_ns", "tricks_ew", "honours_n", "honours_s", "honours_e",
    "honours_w", "chicane_ns", "chicane_ew", "revokes_ns", "revokes_ew", "play",
    "recorded_by_id", "accepted_by_id", "version",
)  # fmt: skip


def _lines(ns: int | None, ew: int | None) -> Lines[int] | None:
    return None if ns is None or ew is None else Lines(ns, ew)


def result_rows(
    results: Any, pairs_at: dict[int, tuple[int, int]], known: Iterable[int] = ()
) -> list[ResultRow]:
    """Results (a queryset) read as rows, in one query; `pairs_at` gives each table's
    North–South and East–West pair numbers. On the boards `known` (their hands known), the
    honours and chicane are the cards': what the table called before a hand record was
    attached is kept in the row, and not given to the engine."""
    cards = set(known)
    rows = []
    for values in results.values_list(*_RESULT_COLUMNS):
        (pk, table, round_number, at, board, played, maker, trump, doubles, tricks_ns,
         tricks_ew, n, s, e, w, chicane_ns, chicane_ew, revokes_ns, revokes_ew, play,
         recorded_by, accepted_by, version) = values  # fmt: skip
        ns, ew = pairs_at[table]
        recorded: Recorded
        if not played:
            recorded = NotPlayed(board, ns, ew)
        else:
            recorded = Result(
                board,
                ns,
                ew,
                Trump(trump),  # type: ignore[call-arg]  # by value: mypy#10573
                Maker(maker),
                doubles,
                tricks=_lines(tricks_ns, tricks_ew),
                honours=None if n is None or board in cards else Lines((n, s), (e, w)),
                chicane=None if board in cards else _lines(chicane_ns, chicane_ew),
                revokes=_lines(revokes_ns, revokes_ew),
                play=None if play is None else tuple(tuple(trick) for trick in play),
            )
        rows.append(
            ResultRow(pk, table, round_number, at, recorded, recorded_by, accepted_by, version)
        )
    return rows


# -- What a reader may see of the boards --------------------------------------------------------


@dataclass(frozen=True)
class Reader:
    """Who reads an evening: the whole of it (the director; the site's own writes and the
    club's file), a member (`member`, his Member's id; None for someone signed in who is
    not one), or the room (a noticeboard's screen on the wall, read by every pair)."""

    whole: bool = False
    member: int | None = None
    room: bool = False


WHOLE = Reader(whole=True)
ROOM = Reader(room=True)


def boards_seen(evening: DuplicateEvening, reader: Reader) -> frozenset[int] | None:
    """The one rule of what reaches a reader of a board, its hands, its results and all
    that is worked out from them (a table's page, the travellers, the cards, the rankings,
    the hand records, the documents and files, the noticeboard): None, every board, for
    the whole and for everyone once the evening has ended; else the boards his pair has
    played (a result recorded with it, or the director's word that it could not play
    it); the room's, those every pair has played; nobody else's, none."""
    if reader.whole or evening.ended:
        return None
    plays = DuplicatePlay.objects.filter(pair__evening=evening)
    if reader.room:
        pairs = evening.pairs.count()
        every = plays.values("board__number").annotate(pairs=Count("pair")).filter(pairs=pairs)
        return frozenset(every.values_list("board__number", flat=True))
    if reader.member is None:
        return frozenset()
    mine = plays.filter(pair__players__member_id=reader.member)
    return frozenset(mine.values_list("board__number", flat=True))


def may_see(seen: frozenset[int] | None, board: int) -> bool:
    return seen is None or board in seen


# -- The evening ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableAt:
    """A table in a round, as the evening's rows read it: its id, round, number and
    revision."""

    pk: int
    round: int
    number: int
    revision: int

    @property
    def label(self) -> str:
        return f"Round {self.round}, Table {self.number}"


@dataclass(frozen=True)
class TableRow:
    """A table in a round and its two pairs."""

    table: TableAt
    ns: PairRecord
    ew: PairRecord

    def pair(self, line: Line) -> PairRecord:
        return self.ns if line is Line.NS else self.ew

    def line_of(self, pair: int) -> Line | None:
        if pair == self.ns.number:
            return Line.NS
        return Line.EW if pair == self.ew.number else None


@dataclass(frozen=True)
class EveningRecord:
    """An evening's rows: its pairs (by number once started, else as added), its boards,
    each round's tables with their pairs, and the results recorded; and the boards its
    reader may see (`seen`, None: every one), by which it is worked out (`score`)."""

    evening: DuplicateEvening
    pairs: tuple[PairRecord, ...]
    boards: tuple[DuplicateBoard, ...]
    tables: tuple[TableRow, ...]  # by round, then table
    results: tuple[ResultRow, ...]
    seen: frozenset[int] | None  # None: every board

    @cached_property
    def schedule(self) -> Schedule:
        return schedule_of(self.evening)

    def by_number(self, number: int) -> PairRecord:
        return self.pairs[number - 1]

    def pair_of(self, member_pk: int | None) -> PairRecord | None:
        return next((pair for pair in self.pairs if pair.has_member(member_pk)), None)

    def names(self) -> dict[int, str]:
        """Each pair's name as printed, by number: "Mrs. Carr & Mr. Dane"."""
        return {pair.number: pair.names for pair in self.pairs if pair.pair.number}

    @cached_property
    def table_at(self) -> dict[tuple[int, int], TableRow]:
        """Each table by (round, number)."""
        return {(row.table.round, row.table.number): row for row in self.tables}

    @cached_property
    def by_board(self) -> dict[int, DuplicateBoard]:
        return {board.number: board for board in self.boards}

    def as_evening(self) -> Evening:
        """The engine's Evening: its rules and schedule, the pairs' names by number, the
        boards with their hands when known, and the results recorded on the boards its
        reader may see (every result, for the whole)."""
        return Evening(
            rules_of(self.evening),
            tuple(board_of(board.number, board.hands) for board in self.boards),
            tuple(row.recorded for row in self.results if may_see(self.seen, row.board)),
            tuple(pair.partners for pair in self.pairs),
            self.schedule,
        )

    @cached_property
    def score(self) -> DuplicateScore | None:
        """The evening worked out, once it has started, from the results its reader may
        see: a board not seen is to come on every card, and counts in no ranking. None
        before the start."""
        if not self.evening.started:
            return None
        return _worked_out_evening(self)

    def recorded_by(self, pair: int, board: int) -> bool:
        """A result is recorded with the pair on the board (seen or not)."""
        return any(row.board == board and pair in row.recorded.pairs for row in self.results)

    # -- Where each pair is --------------------------------------------------------------

    @cached_property
    def recorded_at(self) -> dict[int, int]:
        """How many results each table has recorded, by the table's id."""
        counts: dict[int, int] = {}
        for row in self.results:
            counts[row.table] = counts.get(row.table, 0) + 1
        return counts

    def finished(self, row: TableRow) -> bool:
        """Every board of the round recorded at this table."""
        return self.recorded_at.get(row.table.pk, 0) >= self.evening.boards_a_round

    def rounds(self) -> int:
        return len(self.schedule.movement.rounds)

    def seat_of(self, pair: int, round_number: int) -> TableRow | None:
        """The pair's table in a round."""
        for number in range(1, self.evening.tables + 1):
            row = self.table_at.get((round_number, number))
            if row is not None and row.line_of(pair) is not None:
                return row
        return None

    def now_at(self, pair: int) -> TableRow | None:
        """The pair's table now: the first round whose boards are not all recorded at its
        table there; None once it has played every round."""
        for round_number in range(1, self.rounds() + 1):
            row = self.seat_of(pair, round_number)
            if row is not None and not self.finished(row):
                return row
        return None

    @cached_property
    def round_reached(self) -> int:
        """The latest round any table has recorded a result in (0 before the first)."""
        return max((row.round for row in self.results), default=0)

    def late(self) -> tuple[Scheduled, ...]:
        """The results still to come of the rounds before the latest one any table has
        reached: a table behind the others, or a board left out."""
        score = self.score
        if score is None:
            return ()
        return tuple(s for s in score.missing if s.round < self.round_reached)

    def provisional(self) -> tuple[ResultRow, ...]:
        """The results East–West have not yet accepted."""
        return tuple(row for row in self.results if not row.accepted)


def evening_record(evening: DuplicateEvening, reader: Reader) -> EveningRecord:
    """The evening's rows in five queries, as `reader` may see them (a sixth): its pairs
    and their players, its boards, its tables with their seats, its results; the many
    (seats, results) read as plain values, every phone of the evening asking for them
    after each result."""
    pairs = pairs_of(evening)
    by_pk = {pair.pair.pk: pair for pair in pairs}
    boards = tuple(evening.boards.order_by("number"))
    tables: dict[int, TableAt] = {}
    seats: dict[int, dict[str, int]] = {}
    seated = DuplicateSeat.objects.filter(evening=evening).order_by("round", "table__number")
    for table, number, revision, pair, line, round_number in seated.values_list(
        "table_id", "table__number", "table__revision", "pair_id", "line", "round"
    ):
        tables.setdefault(table, TableAt(table, round_number, number, revision))
        seats.setdefault(table, {})[line] = pair
    rows = tuple(
        TableRow(table, by_pk[seats[pk]["ns"]], by_pk[seats[pk]["ew"]])
        for pk, table in tables.items()
    )
    pairs_at = {row.table.pk: (row.ns.number, row.ew.number) for row in rows}
    results = DuplicateResult.objects.filter(evening=evening).order_by(
        "table__round", "table__number", "board__number"
    )
    known = [board.number for board in boards if board.known]
    found = result_rows(results, pairs_at, known) if rows else []
    seen = boards_seen(evening, reader)
    return EveningRecord(evening, pairs, boards, rows, tuple(found), seen)


# -- A table -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableRecord:
    """A table in a round as its page shows it: the table, its pairs, the boards it plays
    this round (in order), and the results recorded on them."""

    evening: DuplicateEvening
    table: DuplicateTable
    row: TableRow
    boards: tuple[DuplicateBoard, ...]
    results: tuple[ResultRow, ...]
    # The round worked out with `results`, given by a write that has worked it out.
    worked: DuplicateScore | None = field(default=None, compare=False, repr=False)

    @cached_property
    def score(self) -> DuplicateScore:
        """The table's round so far, worked out by the engine."""
        return self.worked if self.worked is not None else worked_out(self, self.results)

    def result_on(self, board: int) -> ResultRow | None:
        return next((row for row in self.results if row.board == board), None)

    def scored(self, board: int) -> ResultScore | None:
        """The result on a board as the engine scored it, if recorded."""
        for traveller in self.score.travellers:
            if traveller.board.number == board and traveller.results:
                return traveller.results[0]
        return None

    @property
    def next_board(self) -> DuplicateBoard | None:
        """The first board of the round not yet recorded here."""
        done = {row.board for row in self.results}
        return next((board for board in self.boards if board.number not in done), None)

    @property
    def played(self) -> bool:
        return self.next_board is None

    def board(self, number: int) -> DuplicateBoard | None:
        return next((board for board in self.boards if board.number == number), None)


def table_record(pk: int) -> TableRecord:
    """A table in four queries: the table with its evening, its pairs' players with their
    pairs and directions there, its boards, its results (every phone at the table asks for
    it after each write). Raises DuplicateTable.DoesNotExist."""
    table = DuplicateTable.objects.select_related("evening").get(pk=pk)
    evening = table.evening
    found = (
        DuplicatePlayer.objects.filter(pair__seats__table=table)
        .annotate(line=F("pair__seats__line"))
        .select_related("member", "pair")
        .order_by("place")
    )
    pairs: dict[str, DuplicatePair] = {}
    players: dict[str, list[DuplicatePlayer]] = {}
    for player in found:
        line = player.line  # the annotation: the pair's direction at this table
        pairs[line] = player.pair
        players.setdefault(line, []).append(player)
    ns, ew = (PairRecord(pairs[line], tuple(players[line])) for line in ("ns", "ew"))
    numbers = boards_at(schedule_of(evening), table.round, table.number)
    boards = tuple(evening.boards.filter(number__in=numbers).order_by("number"))
    results = table.results.order_by("board__number")
    known = [board.number for board in boards if board.known]
    rows = result_rows(results, {table.pk: (ns.number, ew.number)}, known)
    at = TableAt(table.pk, table.round, table.number, table.revision)
    return TableRecord(evening, table, TableRow(at, ns, ew), boards, tuple(rows))


def boards_at(schedule: Schedule, round_number: int, table: int) -> tuple[int, ...]:
    """The boards a table plays in a round."""
    meeting = next(m for m in schedule.movement.rounds[round_number - 1] if m.table == table)
    return schedule.boards_of(meeting.sets)


def worked_out(record: TableRecord, results: Iterable[ResultRow]) -> DuplicateScore:
    """A table's round with these results, as the engine works it out: an evening of its
    boards and of these results alone, scored as the whole evening scores them (their
    comparison against the other tables' is the whole evening's to say). Raises
    DuplicateError, placed at the board and the pairs, for a result the laws refuse."""
    rules = rules_of(record.evening)
    alone = Evening(
        DuplicateRules(MovementKind.HOWELL, rules.comparison, rules.doubling_limit),
        tuple(board_of(board.number, board.hands) for board in record.boards),
        tuple(row.recorded for row in results),
    )
    return work_out_duplicate(alone, in_progress=True)


# -- Keeping a worked-out evening while nothing in it changes -----------------------------------

_versions = EveningVersions(DuplicateEvening, DuplicateTable)
version = _versions.version
board_state = _versions.board_state


def version_of(record: EveningRecord) -> str:
    """`version`, as the record read stands."""
    return evening_version(record.evening.revision, [t.table.revision for t in record.tables])


# A worked-out evening is kept by its id and the boards seen (a pair's own, the whole's),
# under the moment it opened (which tells apart evenings a database has given the same
# id) and its version.
_worked: Kept[tuple[int, frozenset[int] | None], DuplicateScore] = Kept(64)


def _worked_out_evening(record: EveningRecord) -> DuplicateScore:
    """The evening worked out by the engine, or as this process worked it out before if
    nothing in it has changed since."""
    key = (record.evening.pk, record.seen)
    now = (record.evening.opened_at.isoformat(), version_of(record))
    score = _worked.get(key, now)
    if score is None:
        score = work_out_duplicate(record.as_evening(), in_progress=not record.evening.ended)
        _worked.keep(key, now, score)
    return score


def forget() -> None:
    """Forget every evening worked out in this process (the benchmarks time the working
    out, not the keeping)."""
    _worked.clear()


def told_since(table_pk: int, revision: int) -> list[str]:
    """What each write at a table after `revision` did, in words, in order."""
    writes = Submission.objects.filter(duplicate__table_id=table_pk, revision__gt=revision).exclude(
        said=""
    )
    return list(writes.order_by("revision").values_list("said", flat=True))


# -- A member's table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Seated:
    """Where a member's pair sits now in an evening in play."""

    evening: DuplicateEvening
    table: DuplicateTable
    line: Line
    pair: int


def seated(member_pk: int) -> list[Seated]:
    """The member's table now in each evening in play that he plays in (his home page's
    "Your table: Round 2, Table 3, North–South")."""
    found = []
    pairs = DuplicatePlayer.objects.filter(
        member_id=member_pk, evening__started_at__isnull=False, evening__ended_at__isnull=True
    ).select_related("pair", "evening")
    for player in pairs:
        evening, pair = player.evening, player.pair
        seats = DuplicateSeat.objects.filter(pair=pair).select_related("table").order_by("round")
        counts = dict(
            DuplicateResult.objects.filter(table__seats__pair=pair)
            .values_list("table_id")
            .annotate(count=Count("id"))
        )
        for seat in seats:
            if counts.get(seat.table_id, 0) < evening.boards_a_round:
                assert pair.number is not None
                found.append(Seated(evening, seat.table, Line(seat.line), pair.number))
                break
    return found
