"""The Duplicate evening as its pages say it: the evening in a line, the rankings (by
direction in a Mitchell), each board's traveller, each pair's card, a table's round board
by board, where each pair goes next, the results still to come. Every figure and every
word of the laws is the engine's (`scorer.engine.duplicate`: its scores, and its words for
a result); this module only lays them out by name and number."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from scorer.duplicate.models import DuplicateEvening
from scorer.duplicate.reads import EveningRecord, ResultRow, TableRecord, schedule_of
from scorer.engine import Allowed, Side, compared_words
from scorer.engine.cards import dealer_of
from scorer.engine.cards.records import Layout
from scorer.engine.duplicate import (
    LINES,
    Comparison,
    DuplicateScore,
    Line,
    Mark,
    MovementKind,
    Result,
    ResultScore,
    Schedule,
    Scheduled,
    Sitting,
    Standing,
    Traveller,
    declaration_words,
    figure,
    make_words,
    result_words,
    tricks_words,
)
from scorer.engine.words import MINUS

# -- Figures, as the pages write them ---------------------------------------------------------


def signed(value: Fraction | int) -> str:
    """A score against the average, rounded to two places: "+38.67", "0", "−28.5"."""
    written = figure(Fraction(value))
    if written > 0:
        return f"+{written}"
    return f"{MINUS}{-written}" if written < 0 else "0"


def score_words(value: Fraction, matchpoints: bool) -> str:
    """A pair's score on a board or over the evening: matchpoints as a figure ("7",
    "3.5"), a score against the average signed."""
    return str(figure(value)) if matchpoints else signed(value)


def boards_words(numbers: tuple[int, ...] | list[int]) -> str:
    """ "board 5", "boards 5 to 8", "boards 1, 2, 7 and 8" """
    if len(numbers) == 1:
        return f"board {numbers[0]}"
    if list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"boards {numbers[0]} to {numbers[-1]}"
    *first, last = (str(n) for n in numbers)
    return f"boards {', '.join(first)} and {last}"


def evening_words(evening: DuplicateEvening) -> str:
    """ "The Mitchell, 4 tables: 8 pairs, 3 rounds of 4 boards (16 boards); compared
    against each direction's average; doubling without limit (Law 55)." """
    schedule = schedule_of(evening)
    movement = schedule.movement
    rounds = len(movement.rounds)
    boards = "1 board" if evening.boards_a_round == 1 else f"{evening.boards_a_round} boards"
    compared = (
        "compared by matchpoints"
        if evening.comparison == Comparison.MATCHPOINTS.value
        else "compared against each direction's average"
    )
    limit = (
        "doubling without limit (Law 55)"
        if evening.doubling_limit is None
        else f"no double once a trick is worth more than {evening.doubling_limit} (Law 56)"
    )
    return (
        f"The {movement.name}: {movement.pairs} pairs, {rounds} rounds of {boards} "
        f"({schedule.boards} boards); {compared}; {limit}."
    )


# -- The rankings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RankingRow:
    place: str  # "1", or "1=" when shared
    pair: int
    names: str
    score: str
    percent: str  # "58.33%" under matchpoints, else ""
    boards: int


@dataclass(frozen=True)
class Ranking:
    title: str  # "North–South", "East–West", "All pairs"
    rows: list[RankingRow]


def rankings(record: EveningRecord) -> list[Ranking]:
    """A Mitchell's two rankings, North–South's then East–West's; a Howell's one."""
    score = record.score
    if score is None:
        return []
    matchpoints = record.evening.comparison == Comparison.MATCHPOINTS.value
    names = record.names()
    if record.evening.kind is MovementKind.MITCHELL:
        groups = [(line.label, score.by_place(line)) for line in LINES]
    else:
        groups = [("All pairs", score.by_place())]
    return [Ranking(title, _rows(ranked, names, matchpoints)) for title, ranked in groups]


def _rows(
    ranked: tuple[Standing, ...], names: dict[int, str], matchpoints: bool
) -> list[RankingRow]:
    places = [standing.place for standing in ranked]
    return [
        RankingRow(
            f"{s.place}{'=' if places.count(s.place) > 1 else ''}",
            s.pair,
            names.get(s.pair, ""),
            score_words(s.score, matchpoints),
            "" if s.percent is None else f"{figure(s.percent)}%",
            s.boards,
        )
        for s in ranked
    ]


# -- The travellers ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TravellerRow:
    ns: int
    ew: int
    make: str  # "♥ by North, doubled"; "not played"
    tricks: str  # "North–South 9"
    points: str  # "56–0"
    score_ns: str
    score_ew: str
    provisional: bool
    allowed: str = ""  # beside the result, what the cards allowed at its trump (§12)
    table: int | None = None  # its table's id, for the director's correction there


@dataclass(frozen=True)
class TravellerView:
    board: int
    dealer: str  # "North deals"
    rows: list[TravellerRow]
    to_come: list[str]  # "Pairs 3 and 7 (round 2, table 3)"
    average: str  # "North–South's average net: +17.33", or ""
    # the results to come with their tables' ids, for the director's entry there
    to_enter: list[tuple[str, int]] = field(default_factory=list)


def tables_of(record: EveningRecord) -> dict[tuple[int, int], int]:
    """Each table's id by its two pairs (North–South, East–West): two pairs meet once in
    an evening, so a result's pairs say where it was played, for the director's links."""
    return {(row.ns.number, row.ew.number): row.table.pk for row in record.tables}


def traveller_view(
    traveller: Traveller,
    provisional: set[tuple[int, int]],
    matchpoints: bool,
    allowed: Allowed | None = None,
    tables: dict[tuple[int, int], int] | None = None,
) -> TravellerView:
    """A board's traveller: each result with its points and each direction's score, the
    provisional ones marked, and the results still to come; given what the cards allowed,
    each result beside it; given the tables (`tables_of`), where each was played."""
    board = traveller.board.number
    tables = tables or {}
    rows = [
        replace(
            _traveller_row(row, (board, row.ns) in provisional, matchpoints, allowed),
            table=tables.get((row.ns, row.ew)),
        )
        for row in traveller.results
    ]
    to_come = [
        f"Pairs {s.ns} and {s.ew} (round {s.round}, table {s.table})" for s in traveller.missing
    ]
    average = (
        ""
        if traveller.average is None or matchpoints
        else f"North–South's average net: {signed(traveller.average.ns)}"
    )
    return TravellerView(
        board,
        f"{dealer_of(board).label} deals",
        rows,
        to_come,
        average,
        [
            (words, tables[(s.ns, s.ew)])
            for words, s in zip(to_come, traveller.missing, strict=True)
            if (s.ns, s.ew) in tables
        ],
    )


def _traveller_row(
    row: ResultScore, provisional: bool, matchpoints: bool, allowed: Allowed | None
) -> TravellerRow:
    recorded = row.recorded
    compared = ""
    if not isinstance(recorded, Result) or row.deal is None or row.points is None:
        make, tricks, points = "not played", "", "average"
    else:
        make = make_words(recorded)
        tricks = tricks_words(row.deal)
        points = f"{row.points.ns}\u2013{row.points.ew}"
        if allowed is not None and row.deal.play is not None:
            side = Layout.COMPASS.side_name(Side.WE, dealer_of(row.board))  # "N–S"
            taken = row.deal.play.tricks[row.deal.dealer]
            compared = compared_words(allowed, row.deal.trump, taken, side)
    return TravellerRow(
        row.ns,
        row.ew,
        make,
        tricks,
        points,
        score_words(row.score.ns, matchpoints),
        score_words(row.score.ew, matchpoints),
        provisional,
        compared,
    )


def result_line(row: ResultScore) -> str:
    """ "North dealt and made hearts — North–South 9 tricks; honours North–South: four:
    North–South 56, East–West 0" """
    recorded = row.recorded
    if not isinstance(recorded, Result) or row.points is None:
        return result_words(None).capitalize()
    return (
        f"{declaration_words(recorded)} \u2014 {result_words(row.deal)}: "
        f"North\u2013South {row.points.ns}, East\u2013West {row.points.ew}"
    )


def provisional_of(record: EveningRecord) -> set[tuple[int, int]]:
    """The results not yet accepted, by (board, North–South pair)."""
    return {(row.board, row.recorded.ns) for row in record.provisional()}


# -- A pair's card -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLine:
    round: int | None
    table: int | None
    board: int
    line: str  # "N–S", "E–W"
    opponent: int
    points: str
    net: str
    score: str
    table_pk: int | None = None  # its table's id, for the director's entry or correction
    missing: bool = False  # no result recorded: the director's is an entry


@dataclass(frozen=True)
class CardView:
    pair: int
    names: str
    direction: str  # "North–South" in a Mitchell, else ""
    lines: list[CardLine]
    standing: Standing


SHORT = {Line.NS: "N\u2013S", Line.EW: "E\u2013W"}


def card_view(record: EveningRecord, pair: int) -> CardView | None:
    """A pair's card as its reader may see it: a board he may not see yet, and which the
    pair has played, is said to be recorded, and nothing more."""
    score = record.score
    if score is None or not 1 <= pair <= len(score.standings):
        return None
    matchpoints = record.evening.comparison == Comparison.MATCHPOINTS.value
    lines = []
    tables = {at: seated.table.pk for at, seated in record.table_at.items()}
    for row in score.cards[pair - 1].rows:
        if row.mark is Mark.MISSING and record.recorded_by(pair, row.board):
            points, net, shown = "recorded", "", ""
        elif row.mark is Mark.MISSING:
            points, net, shown = "to come", "", ""
        elif row.mark is Mark.NOT_PLAYED:
            points, net, shown = (
                "not played",
                "",
                score_words(row.score or Fraction(0), matchpoints),
            )
        else:
            points, net = str(row.points), signed(row.net or 0)
            shown = score_words(row.score or Fraction(0), matchpoints)
        lines.append(
            CardLine(
                row.round,
                row.table,
                row.board,
                SHORT[row.line],
                row.opponent,
                points,
                net,
                shown,
                tables.get((row.round or 0, row.table or 0)),
                row.mark is Mark.MISSING,
            )
        )
    standing = score.standings[pair - 1]
    direction = "" if standing.direction is None else standing.direction.label
    return CardView(pair, record.names().get(pair, ""), direction, lines, standing)


# -- A table's round ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardLine:
    """A board of a table's round, as the phones there show it."""

    board: int
    dealer: str  # "East deals"
    known: bool  # its hands known: the honours and chicane are the cards'
    row: ResultRow | None
    words: str  # the result in a line, "" until recorded, or while not to be seen
    hidden: bool = False  # recorded, and not for this viewer before his pair plays it

    @property
    def provisional(self) -> bool:
        return self.row is not None and not self.row.accepted


def board_lines(record: TableRecord, seen: frozenset[int] | None) -> list[BoardLine]:
    """The table's boards, each result in words to a viewer who may see its board
    (`seen`, None: every board)."""
    lines = []
    for board in record.boards:
        shown = seen is None or board.number in seen
        row = record.result_on(board.number)
        scored = record.scored(board.number) if row is not None and shown else None
        lines.append(
            BoardLine(
                board.number,
                f"{dealer_of(board.number).label} deals",
                board.known,
                row if shown else None,
                "" if scored is None else result_line(scored),
                hidden=row is not None and not shown,
            )
        )
    return lines


@dataclass(frozen=True)
class Next:
    """Where a pair goes after this round: its next round's table, direction, opponent
    and boards; None after its last."""

    line: Line
    pair: int
    sitting: Sitting | None

    @property
    def words(self) -> str:
        who = f"{self.line.label} (pair {self.pair})"
        sitting = self.sitting
        if sitting is None:
            return f"{who}: that was the last round."
        return (
            f"{who}: round {sitting.round} at table {sitting.table}, {sitting.line.label}, "
            f"against pair {sitting.opponent}, {boards_words(sitting.boards)}."
        )


def next_sittings(record: TableRecord, schedule: Schedule) -> list[Next]:
    """Where each pair of the table goes next round, from its guide card."""
    cards = schedule.guide_cards()
    found = []
    for line in LINES:
        pair = record.row.pair(line).number
        sitting = next(
            (s for s in cards[pair - 1].rounds if s.round == record.table.round + 1), None
        )
        found.append(Next(line, pair, sitting))
    return found


# -- Where the evening stands --------------------------------------------------------------------


@dataclass(frozen=True)
class TableNow:
    """A table as the evening's page lists it: the round it is playing, its pairs, how
    many of its boards are recorded, and how many wait for East–West's acceptance."""

    number: int
    round: int
    pk: int
    ns: str
    ew: str
    boards: str
    recorded: int
    waiting: int
    done: bool  # every round played


def tables_now(record: EveningRecord) -> list[TableNow]:
    """Each table at the round it is playing (its first not yet recorded in full), or its
    last once every round is."""
    found = []
    waiting: dict[int, int] = {}
    for result in record.provisional():
        waiting[result.table] = waiting.get(result.table, 0) + 1
    rounds = record.rounds()
    for number in range(1, record.evening.tables + 1):
        chosen = None
        for round_number in range(1, rounds + 1):
            seated = record.table_at.get((round_number, number))
            if seated is not None and not record.finished(seated):
                chosen = seated
                break
        done = chosen is None
        if chosen is None:
            chosen = record.table_at[(rounds, number)]
        table = chosen.table
        boards = _boards_at(record.schedule, table.round, number)
        found.append(
            TableNow(
                number,
                table.round,
                table.pk,
                f"{chosen.ns.number}, {chosen.ns.names}",
                f"{chosen.ew.number}, {chosen.ew.names}",
                boards_words(boards),
                record.recorded_at.get(table.pk, 0),
                waiting.get(table.pk, 0),
                done,
            )
        )
    return found


def _boards_at(schedule: Schedule, round_number: int, table: int) -> tuple[int, ...]:
    meeting = next(m for m in schedule.movement.rounds[round_number - 1] if m.table == table)
    return schedule.boards_of(meeting.sets)


@dataclass(frozen=True)
class ToCome:
    """A result still to come, for the director: where, and the table's page."""

    scheduled: Scheduled
    table: int  # the table's id

    @property
    def words(self) -> str:
        s = self.scheduled
        return f"Board {s.board}: round {s.round}, table {s.table}, pairs {s.ns} and {s.ew}"


def to_come(record: EveningRecord, scheduled: tuple[Scheduled, ...]) -> list[ToCome]:
    return [
        ToCome(s, record.table_at[(s.round, s.table)].table.pk)
        for s in scheduled
        if (s.round, s.table) in record.table_at
    ]


@dataclass(frozen=True)
class Mine:
    """A member's own evening: his pair, its direction (a Mitchell's), its table now, and
    where it stands."""

    pair: int
    names: str
    direction: str
    table: int | None  # the table's id now; None once every round is played
    at: str  # "Round 2, Table 3, North–South"
    place: str  # "2nd of the 4 North–South pairs, +23.5"; "" before a board is scored


def mine(record: EveningRecord, member_pk: int | None) -> Mine | None:
    pair = record.pair_of(member_pk)
    if pair is None or pair.pair.number is None:
        return None
    score: DuplicateScore | None = record.score
    number = pair.number
    now = record.now_at(number)
    at = ""
    if now is not None:
        line = now.line_of(number)
        assert line is not None
        at = f"{now.table.label}, {line.label}"
    standing = score.standings[number - 1] if score is not None else None
    direction = "" if standing is None or standing.direction is None else standing.direction.label
    place = ""
    if score is not None and standing is not None and standing.boards:
        matchpoints = record.evening.comparison == Comparison.MATCHPOINTS.value
        ranked = score.by_place(standing.direction)
        shared = sum(s.place == standing.place for s in ranked) > 1
        among = f"the {len(ranked)} {direction} pairs" if direction else f"the {len(ranked)} pairs"
        place = (
            f"{ordinal(standing.place)}{' (shared)' if shared else ''} of {among}, "
            f"{score_words(standing.score, matchpoints)}"
        )
    return Mine(number, pair.names, direction, None if now is None else now.table.pk, at, place)


def ordinal(place: int) -> str:
    """ "1st", "2nd", "3rd", "11th" """
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def figure_or_none(percent: Fraction | None) -> str:
    """A percentage as written ("58.33%"), or "" when there is none."""
    return "" if percent is None else f"{figure(percent)}%"
