"""What a Duplicate evening prints, through the club's printer (scorer/printing/documents.py,
scorer/plumbing/printer.py): the guide cards (a card a pair, its table, direction,
opponents and boards round by round), the table cards (a card a table, its meetings and
where the boards and the pairs go next, ruled for writing each result by hand), the
results (the rankings, every traveller, every pair's card) and the hand records with each
board's results beside them.

Over the engine's values alone (`scorer.engine.duplicate`): the schedule, the evening as
recorded and its score; every figure and every word of the laws is the engine's, and this
module only lays them out. The names are the site's: `names` maps a pair's number to what
is printed for it ("Mrs. Carr & Mr. Dane").

The long tables (the guide cards' rounds, the travellers, the pairs' cards) are set here
in columns of a typewriter's letters, each a block of lines (`typeset`), as a club's
results were typed: WeasyPrint's time goes by the line and the box, and a table's every
cell is a box of its own (800 rows of eight cells: 9.7 s of CPU in a table, 1.1 s typed).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import zip_longest

from django.utils import dateformat

from scorer.analysis import reads as analyses
from scorer.engine.cards import DIRECTIONS, Hands
from scorer.engine.cards import records as said
from scorer.engine.cards.records import Layout
from scorer.engine.duplicate import (
    LINES,
    Board,
    Comparison,
    DuplicateScore,
    Evening,
    Line,
    Mark,
    MovementKind,
    PairCard,
    ResultScore,
    Schedule,
    Standing,
    Traveller,
)
from scorer.engine.duplicate.moves import table_moves
from scorer.engine.duplicate.text import (
    board_heading,
    board_score,
    boards_words,
    evening_heading,
    line_short,
    moves_words,
    place_words,
    result_words,
    score_words,
    signed,
)
from scorer.printing.documents import render
from scorer.printing.hand_records import with_double_dummy

# Letters a typed line holds (print.css sets the type): the width of A4 within its margins,
# Letter being a little wider. The results at 7 pt, the guide cards at 10 pt, and a
# board's results beside its hands on the hand records, at 6.5 pt, in half the width.
RESULTS_WIDTH = 120
RANKING_WIDTH = 92  # at 9 pt
GUIDE_WIDTH = 84
RECORDS_WIDTH = 60
GAP = 2  # spaces between two columns
LONGEST_WORD = 16  # letters: a column of words is narrowed to this, a longer word broken
CARDS_GAP = 4  # between two pairs' cards side by side
GUIDE_CARDS_A_PAGE = 2
RECORDS_A_PAGE = 3


def filename(kind: str, day: date) -> str:
    """ "duplicate-guide-cards-2026-11-28.pdf": `kind` is "guide-cards", "table-cards",
    "results" or "hand-records"."""
    return f"duplicate-{kind}-{day.isoformat()}.pdf"


def _pages[T](items: Sequence[T], size: int) -> list[Sequence[T]]:
    return [items[at : at + size] for at in range(0, len(items), size)]


def _pair(pair: int, names: Mapping[int, str]) -> str:
    """ "Pair 5, Mrs. Carr & Mr. Dane", or "Pair 5" when it has no name."""
    name = names.get(pair, "")
    return f"Pair {pair}, {name}" if name else f"Pair {pair}"


def _day(day: date) -> str:
    """ "Saturday 28 November 2026", as the other documents write a day."""
    return dateformat.format(day, "l j F Y")


# -- Columns of type -------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A column of typed lines: its head (a line or two), its figures to the right, or its
    words wrapped when the line is too short for them all."""

    head: tuple[str, ...]
    right: bool = False
    wraps: bool = False


@dataclass(frozen=True)
class Typed:
    """A table set in type: its head's lines and its body's."""

    head: tuple[str, ...]
    body: tuple[str, ...]

    @property
    def lines(self) -> tuple[str, ...]:
        return self.head + self.body

    @property
    def head_text(self) -> str:
        """The head's lines as a paragraph set in type prints them."""
        return "\n".join(self.head)

    @property
    def body_text(self) -> str:
        return "\n".join(self.body)

    @property
    def width(self) -> int:
        return max((len(line) for line in self.lines), default=0)


# A row's cell: its text, or None where the cell before it runs on over this column too.
Cell = str | None
# A cell as laid out: the columns it covers, from and to (not included), and its text.
Span = tuple[int, int, str]


def typeset(
    columns: Sequence[Column], rows: Sequence[Sequence[Cell]], width: int, gap: int = GAP
) -> Typed:
    """Rows in columns as wide as their widest cell, a gap between; when they are wider
    than `width` letters, the columns of words narrowed, the one with most to give first
    (none below its longest word, or LONGEST_WORD letters, a longer word being broken),
    and their words wrapped onto the row's next lines. A cell followed by None runs on
    over the next column (a mark where figures would be)."""
    spans = [_spans(row) for row in rows]
    widths = [max(len(line) for line in column.head) for column in columns]
    for row in spans:
        for start, end, text in row:
            if end == start + 1:
                widths[start] = max(widths[start], len(text))
    for row in spans:
        for start, end, text in row:
            short = len(text) - _across(widths, start, end, gap)
            if short > 0:
                widths[end - 1] += short
    least = {
        at: min(
            LONGEST_WORD,
            max(
                [len(word) for line in column.head for word in line.split()]
                + [
                    len(word)
                    for row in spans
                    for start, end, text in row
                    if (start, end) == (at, at + 1)
                    for word in text.split()
                ]
            ),
        )
        for at, column in enumerate(columns)
        if column.wraps
    }
    over = sum(widths) + gap * (len(columns) - 1) - width
    while over > 0 and least:
        widest = max(least, key=lambda at: widths[at] - least[at])
        if widths[widest] <= least[widest]:
            break  # a line too long: the words cannot give more
        widths[widest] -= 1
        over -= 1
    depth = max(len(column.head) for column in columns)
    head = [
        _line(
            [
                (at, at + 1, ("",) * (depth - len(column.head)) + column.head)
                for at, column in enumerate(columns)
            ],
            columns,
            widths,
            line,
            gap,
        )
        for line in range(depth)
    ]
    body = []
    for row in spans:
        cells = [
            (
                start,
                end,
                _wrapped(text, widths[start])
                if columns[start].wraps and end == start + 1
                else (text,),
            )
            for start, end, text in row
        ]
        for line in range(max(len(lines) for _, _, lines in cells)):
            body.append(_line(cells, columns, widths, line, gap))
    return Typed(tuple(head), tuple(body))


def _spans(row: Sequence[Cell]) -> list[Span]:
    spans: list[Span] = []
    for at, cell in enumerate(row):
        if cell is None:
            start, _, text = spans[-1]
            spans[-1] = (start, at + 1, text)
        else:
            spans.append((at, at + 1, cell))
    return spans


def _across(widths: Sequence[int], start: int, end: int, gap: int) -> int:
    """The letters from column `start` to column `end`, the gaps between included."""
    return sum(widths[start:end]) + gap * (end - start - 1)


def _wrapped(cell: str, width: int) -> tuple[str, ...]:
    return tuple(textwrap.wrap(cell, width, break_on_hyphens=False)) or ("",)


def _line(
    cells: Sequence[tuple[int, int, Sequence[str]]],
    columns: Sequence[Column],
    widths: Sequence[int],
    line: int,
    gap: int,
) -> str:
    said = []
    for start, end, lines in cells:
        text = lines[line] if line < len(lines) else ""
        width = _across(widths, start, end, gap)
        right = columns[start].right and end == start + 1
        said.append(text.rjust(width) if right else text.ljust(width))
    return (" " * gap).join(said).rstrip()


def side_by_side(blocks: Sequence[Sequence[str]], width: int) -> tuple[str, ...]:
    """Blocks of lines set side by side, each `width` letters wide."""
    return tuple(
        (" " * CARDS_GAP).join(line.ljust(width) for line in lines).rstrip()
        for lines in zip_longest(*blocks, fillvalue="")
    )


# -- Guide cards ------------------------------------------------------------------------------


@dataclass(frozen=True)
class GuideCardView:
    pair: int
    name: str
    rounds: Typed


GUIDE_COLUMNS = (
    Column(("Round",), right=True),
    Column(("Table",), right=True),
    Column(("Sits",)),
    Column(("Against",), wraps=True),
    Column(("Boards",), wraps=True),
)


def guide_cards_document(
    *, title: str, day: date, schedule: Schedule, names: Mapping[int, str], paper: str
) -> bytes:
    """A card a pair: its number and name, and for each round its table, direction,
    opponents (number and name) and boards; two to a page, ruled to be cut apart."""
    cards = [
        GuideCardView(
            card.pair,
            names.get(card.pair, ""),
            typeset(
                GUIDE_COLUMNS,
                [
                    (
                        str(sitting.round),
                        str(sitting.table),
                        sitting.line.label,
                        _pair(sitting.opponent, names),
                        boards_words(sitting.boards),
                    )
                    for sitting in card.rounds
                ],
                GUIDE_WIDTH,
            ),
        )
        for card in schedule.guide_cards()
    ]
    return render(
        "duplicate/print/guide_cards.html",
        {
            "paper": paper,
            "title": title,
            "day": _day(day),
            "movement": schedule.movement.name,
            "pages": _pages(cards, GUIDE_CARDS_A_PAGE),
        },
    )


# -- Table cards ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableRoundView:
    round: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    boards_words: str
    moves: tuple[str, ...]


@dataclass(frozen=True)
class TableCardView:
    table: int
    rounds: tuple[TableRoundView, ...]


def table_cards_document(
    *, title: str, day: date, schedule: Schedule, names: Mapping[int, str], paper: str
) -> bytes:
    """A card a table, each on a page of its own: for each round the North–South pair, the
    East–West pair and the boards played there, a ruled line for each board's result to be
    written by hand, and where the boards and the pairs go next."""
    moves = table_moves(schedule)
    cards = [
        TableCardView(
            card.table,
            tuple(
                TableRoundView(
                    played.round,
                    _pair(played.ns, names),
                    _pair(played.ew, names),
                    played.boards,
                    boards_words(played.boards),
                    moves_words(moves[(played.round, card.table)]),
                )
                for played in card.rounds
            ),
        )
        for card in schedule.table_cards()
    ]
    return render(
        "duplicate/print/table_cards.html",
        {
            "paper": paper,
            "title": title,
            "day": _day(day),
            "movement": schedule.movement.name,
            "cards": cards,
        },
    )


# -- The results ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ranking:
    heading: str
    lines: Typed


@dataclass(frozen=True)
class TravellerView:
    heading: str
    rows: Typed
    average: str  # "Average net: North–South +17.33, East–West −17.33."


TRAVELLER_COLUMNS = (
    Column(("N\u2013S",), right=True),
    Column(("E\u2013W",), right=True),
    Column(("Make",), wraps=True),
    Column(("Tricks",), wraps=True),
    Column(("Honours",), wraps=True),
    Column(("Points", "N\u2013S"), right=True),
    Column(("Points", "E\u2013W"), right=True),
    Column(("Net", "N\u2013S"), right=True),
    Column(("Score", "N\u2013S"), right=True),
    Column(("Score", "E\u2013W"), right=True),
)
# On the hand records, beside the board: its honours are the hands'.
COMPACT_COLUMNS = (
    Column(("N\u2013S",), right=True),
    Column(("E\u2013W",), right=True),
    Column(("Make",), wraps=True),
    Column(("Tricks",), wraps=True),
    Column(("Points", "N\u2013S"), right=True),
    Column(("Points", "E\u2013W"), right=True),
    Column(("Score", "N\u2013S"), right=True),
)


def results_document(
    *,
    title: str,
    day: date,
    evening: Evening,
    score: DuplicateScore,
    names: Mapping[int, str],
    paper: str,
) -> bytes:
    """The rankings (North–South and East–West apart in a Mitchell, every pair together in
    a Howell), each pair's place, nets and score, places shared; every traveller (each
    result's pairs, make, tricks and honours in the sheet's words, points, net and scores;
    the directions' average; a board not played, or a result still missing, marked); and
    every pair's card, board by board."""
    matchpoints = evening.rules.comparison is Comparison.MATCHPOINTS
    return render(
        "duplicate/print/results.html",
        {
            "paper": paper,
            "title": title,
            "day": _day(day),
            "heading": evening_heading(score),
            "in_progress": bool(score.missing),
            "rankings": rankings(score, names, matchpoints=matchpoints),
            "matchpoints": matchpoints,
            "travellers": [
                traveller_view(traveller, TRAVELLER_COLUMNS, RESULTS_WIDTH, matchpoints)
                for traveller in score.travellers
            ],
            "cards": pair_cards(score, names, scheduled=evening.schedule is not None),
        },
    )


def rankings(
    score: DuplicateScore, names: Mapping[int, str], *, matchpoints: bool
) -> tuple[Ranking, ...]:
    """A Mitchell's two rankings, North–South's first; a Howell's one: each pair's place
    (shared: "1="), number, name, boards played, nets and score."""
    groups: Sequence[tuple[str, Line | None]] = (
        [(line.label, line) for line in LINES]
        if score.evening.rules.movement is MovementKind.MITCHELL
        else [("All pairs", None)]
    )
    columns = (
        Column(("Place",)),
        Column(("Pair",), right=True),
        Column(("Names",), wraps=True),
        Column(("Boards",), right=True),
        Column(("Nets",), right=True),
        Column(("Matchpoints (%)" if matchpoints else "Score",), right=True),
    )
    return tuple(
        Ranking(
            heading, typeset(columns, _ranking_rows(score.by_place(line), names), RANKING_WIDTH)
        )
        for heading, line in groups
    )


def _ranking_rows(ranked: tuple[Standing, ...], names: Mapping[int, str]) -> list[tuple[str, ...]]:
    return [
        (
            place_words(standing, ranked),
            str(standing.pair),
            names.get(standing.pair, ""),
            str(standing.boards),
            signed(standing.nets),
            score_words(standing),
        )
        for standing in ranked
    ]


def traveller_view(
    traveller: Traveller,
    columns: Sequence[Column],
    width: int,
    matchpoints: bool,
    gap: int = GAP,
) -> TravellerView:
    """A board's traveller: every result as a row of `columns` (the full traveller's, or
    the hand records' compact one), each result still missing marked, and the average."""
    full = len(columns) == len(TRAVELLER_COLUMNS)
    rows = [_traveller_row(row, full, matchpoints) for row in traveller.results]
    rows += [
        _marked(
            waiting.ns,
            waiting.ew,
            f"{Mark.MISSING.value}: round {waiting.round}, table {waiting.table}",
            "",
            "",
            full,
        )
        for waiting in traveller.missing
    ]
    average = traveller.average
    said = (
        "Not yet played."
        if average is None
        else f"Average net: {Line.NS.label} {signed(average.ns)}, "
        f"{Line.EW.label} {signed(average.ew)}."
    )
    if matchpoints:
        said += f" Top: {traveller.top}."
    return TravellerView(board_heading(traveller.board), typeset(columns, rows, width, gap), said)


def _traveller_row(row: ResultScore, full: bool, matchpoints: bool) -> tuple[Cell, ...]:
    score_ns, score_ew = (board_score(score, matchpoints) for score in row.score)
    worded = result_words(row)
    if worded is None or row.points is None or row.net is None:
        return _marked(row.ns, row.ew, Mark.NOT_PLAYED.value, score_ns, score_ew, full)
    pairs = (str(row.ns), str(row.ew), worded.make, worded.tricks)
    points = (str(row.points.ns), str(row.points.ew))
    if not full:
        return (*pairs, *points, score_ns)
    honours = "; ".join((worded.honours, *worded.extras))
    return (*pairs, honours, *points, signed(row.net.ns), score_ns, score_ew)


def _marked(
    ns: int, ew: int, mark: str, score_ns: str, score_ew: str, full: bool
) -> tuple[Cell, ...]:
    """A row without a result of its own: why, across the columns of the result; then the
    scores, if any."""
    if not full:
        return (str(ns), str(ew), mark, None, None, None, score_ns)
    return (str(ns), str(ew), mark, None, None, None, None, None, score_ns, score_ew)


def pair_cards(
    score: DuplicateScore, names: Mapping[int, str], *, scheduled: bool
) -> tuple[str, ...]:
    """Each pair's card, board by board (its round and table when the schedule is known),
    as many side by side as the line holds: the lines of each row of cards."""
    columns = (
        *((Column(("Rd",), right=True), Column(("Tbl",), right=True)) if scheduled else ()),
        Column(("Bd",), right=True),
        Column(("Sat",)),
        Column(("v",), right=True),
        Column(("Points",), right=True),
        Column(("Net",), right=True),
        Column(("Score",), right=True),
    )
    cards = [
        _pair_card(card, standing, score, names, columns, scheduled)
        for card, standing in zip(score.cards, score.standings, strict=True)
    ]
    widest = max((card.width for card in cards), default=1)
    across = max(1, (RESULTS_WIDTH + CARDS_GAP) // (widest + CARDS_GAP))
    width = min((RESULTS_WIDTH - CARDS_GAP * (across - 1)) // across, RESULTS_WIDTH)
    blocks = [_titled(card, width) for card in cards]
    return tuple("\n".join(side_by_side(row, width)) for row in _pages(blocks, across))


@dataclass(frozen=True)
class _Card:
    title: str
    standing: str
    rows: Typed

    @property
    def width(self) -> int:
        return self.rows.width


def _pair_card(
    card: PairCard,
    standing: Standing,
    score: DuplicateScore,
    names: Mapping[int, str],
    columns: Sequence[Column],
    scheduled: bool,
) -> _Card:
    ranked = score.by_place(standing.direction)
    direction = "" if standing.direction is None else f"{standing.direction.label}: "
    rows: list[tuple[Cell, ...]] = []
    seated = None
    for row in card.rows:
        where: tuple[Cell, ...] = ()
        if scheduled:  # a round's table is said on its first board's line only
            first = (row.round, row.table) != seated
            where = (str(row.round), str(row.table)) if first else ("", "")
            seated = (row.round, row.table)
        figures: tuple[Cell, ...] = (
            (str(row.points), signed(row.net))
            if row.points is not None and row.net is not None
            else ("" if row.mark is None else row.mark.value, None)
        )
        scored = "" if row.score is None else board_score(row.score, standing.matchpoints)
        rows.append(
            (*where, str(row.board), line_short(row.line), str(row.opponent), *figures, scored)
        )
    return _Card(
        _pair(card.pair, names),
        f"{direction}place {place_words(standing, ranked)}, nets {signed(standing.nets)}, "
        f"score {score_words(standing)}",
        typeset(columns, rows, RESULTS_WIDTH, gap=1),
    )


def _titled(card: _Card, width: int) -> tuple[str, ...]:
    """A pair's card as its block of lines: its title and standing, wrapped to `width`,
    then its rows, a blank line between."""
    return (
        *textwrap.wrap(card.title, width),
        *textwrap.wrap(card.standing, width),
        "",
        *card.rows.head,
        *card.rows.body,
    )


# -- Hand records -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordView:
    """A board of the hand records: its diagram when its hands are known, and its
    traveller when the evening's score is given."""

    heading: str
    diagram: said.Diagram | None
    traveller: TravellerView | None


def hand_records_document(
    *,
    title: str,
    day: date,
    evening: Evening,
    score: DuplicateScore | None,
    names: Mapping[int, str],
    paper: str,
) -> bytes:
    """Each board's four hands in Elwell's diagram, as the hand records draw a board (the
    honours each trump would give below them, and what the cards allowed as far as it is
    worked out: the one thing here read from the database, the boards' analyses); beside
    it, when the score is given, its traveller, compact (each result's make, tricks, points
    and North–South's score), and on the first page the pairs by number and name."""
    travellers = {} if score is None else {t.board.number: t for t in score.travellers}
    matchpoints = evening.rules.comparison is Comparison.MATCHPOINTS
    boards = sorted(evening.boards, key=lambda board: board.number)
    known = [board for board in boards if board.hands is not None]
    found, _ = analyses.analysed([_hands(board) for board in known])
    allowed = dict(zip((board.number for board in known), found, strict=True))
    records = []
    for board in boards:
        diagram = _diagram(board)
        if diagram is not None:
            diagram = with_double_dummy(diagram, board.dealer, allowed[board.number], Layout.ELWELL)
        traveller = None
        if board.number in travellers:
            # Beside a board's hands, compact; a board without them has the page's width.
            columns, width, gap = (
                (COMPACT_COLUMNS, RECORDS_WIDTH, 1)
                if diagram is not None
                else (TRAVELLER_COLUMNS, RESULTS_WIDTH, GAP)
            )
            traveller = traveller_view(
                travellers[board.number], columns, width, matchpoints, gap=gap
            )
        records.append(RecordView(board_heading(board), diagram, traveller))
    return render(
        "duplicate/print/hand_records.html",
        {
            "paper": paper,
            "title": title,
            "day": _day(day),
            "layout": Layout.ELWELL,
            "key": said.HONOURS_KEY,
            "heads": (said.HONOURS_HEAD, said.SCORE_HEAD),
            "pages": _pages(records, RECORDS_A_PAGE),
            "with_results": score is not None,
            # Beside the results, which name the pairs by number: who each pair is.
            "pairs": "; ".join(f"{pair} {name}" for pair, name in sorted(names.items()))
            if score is not None
            else "",
        },
    )


def _diagram(board: Board) -> said.Diagram | None:
    if board.hands is None:
        return None
    return said.diagram(board.number, board.dealer, _hands(board), Layout.ELWELL)


def _hands(board: Board) -> Hands:
    assert board.hands is not None
    return Hands.at(dict(zip(DIRECTIONS, board.hands, strict=True)), board.dealer)
