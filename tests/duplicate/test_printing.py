"""The Duplicate evening's printed documents, read back from their PDF: the guide cards
say each pair's table, direction, opponents and boards round by round as the schedule
gives them; the table cards each table's meetings and where the boards and pairs go
next; the results every ranking line and every traveller's figures as the engine's
elwell-duplicate-result/1 gives them, each result's words as the sheet says them, a board
not played and a result missing marked, and every pair's card; the hand records each
board's hands and its results. On A4 and on Letter."""

from __future__ import annotations

import io
import random
import re
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorer.duplicate import printing
from scorer.engine.cards import DIRECTIONS, Hands
from scorer.engine.cards import records as said
from scorer.engine.cards.records import Layout
from scorer.engine.duplicate import (
    Board,
    Comparison,
    Evening,
    Line,
    MovementKind,
    NotPlayed,
    Schedule,
    duplicate_result_json,
    figure,
    howell,
    loads_duplicate,
    mitchell,
    work_out_duplicate,
)
from scorer.engine.duplicate.moves import table_moves
from scorer.engine.duplicate.text import board_heading, boards_words, moves_words, result_words
from tests.support.duplicate import random_evening

DAY = date(2026, 11, 28)
A4, LETTER = (595, 842), (612, 792)
MINUS = "\u2212"
EVENING_FILE = Path(__file__).resolve().parents[1] / "data" / "duplicate-evening.json"

pytestmark = pytest.mark.django_db


def seeded(seed: int, **given) -> Evening:
    rng = random.Random(seed)
    return random_evening(lambda lo, hi: rng.randint(lo, hi), scheduled=True, named=True, **given)


def names_of(evening: Evening) -> dict[int, str]:
    return {number: " & ".join(pair) for number, pair in enumerate(evening.pairs, 1)}


def read(pdf: bytes) -> tuple[list[list[str]], set[tuple[int, int]]]:
    """Each page's lines, each line's runs of spaces made one; and the pages' sizes."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = [
        [" ".join(line.split()) for line in page.extract_text().splitlines() if line.strip()]
        for page in reader.pages
    ]
    sizes = {
        (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages
    }
    return pages, sizes


def all_lines(pages: list[list[str]]) -> list[str]:
    return [line for page in pages for line in page]


def shown(figure: float, *, matchpoints: bool = False) -> str:
    """A figure of elwell-duplicate-result/1 as the documents print it: signed, the minus
    the sheet's, against the average; as it is in matchpoints."""
    text = f"{abs(figure):g}" if isinstance(figure, float) else str(abs(figure))
    if matchpoints:
        return str(figure)
    return "0" if figure == 0 else f"+{text}" if figure > 0 else f"{MINUS}{text}"


def segment(lines: list[str], start: str, end: str) -> list[str]:
    """The lines from the one that is `start` up to (not including) the next that begins
    with `end`."""
    at = lines.index(start)
    after = next(i for i in range(at + 1, len(lines)) if lines[i].startswith(end))
    return lines[at + 1 : after]


# -- Guide cards ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("schedule", "paper", "size"),
    [
        (Schedule(mitchell(4), 4), "A4", A4),
        (Schedule(howell(3), 2), "letter", LETTER),
    ],
    ids=["a 4-table Mitchell on A4", "a 3-table Howell on Letter"],
)
def test_a_guide_card_says_each_round_a_pairs_table_direction_opponents_and_boards(
    schedule, paper, size
):
    names = {pair: f"Pair-{pair} Carr & Pair-{pair} Dane" for pair in range(1, 13)}
    pdf = printing.guide_cards_document(
        title="Club night", day=DAY, schedule=schedule, names=names, paper=paper
    )
    pages, sizes = read(pdf)
    assert sizes == {size}
    cards = schedule.guide_cards()
    assert len(pages) == (len(cards) + 1) // 2, "two cards a page"
    lines = all_lines(pages)
    for card in cards:
        at = _card(lines, card.pair)
        assert lines[at].endswith(names[card.pair]), "its number large, then its name"
        assert lines[at + 1] == "Round Table Sits Against Boards"
        assert lines[at + 2 : at + 2 + len(card.rounds)] == [
            f"{s.round} {s.table} {s.line.label} Pair {s.opponent}, {names[s.opponent]} "
            f"{boards_words(s.boards)}"
            for s in card.rounds
        ]


def _card(lines: list[str], pair: int) -> int:
    """Where a pair's guide card begins: its number (the name, if any, read on its line)."""
    return next(at for at, line in enumerate(lines) if re.match(rf"Pair {pair}(?!\d)", line))


def test_the_howells_guide_cards_change_direction_and_play_half_sets():
    schedule = Schedule(howell(3), 2)
    pdf = printing.guide_cards_document(
        title="Club night", day=DAY, schedule=schedule, names={}, paper="A4"
    )
    lines = all_lines(read(pdf)[0])
    at = _card(lines, 3)
    first = next(i for i in range(at, len(lines)) if re.match(r"1 \d+ (North|East)", lines[i]))
    card = lines[first : first + 5]
    assert card[0] == "1 2 East–West Pair 4 5–6, 17–18", "two half-sets a round"
    assert {line.split()[2] for line in card} == {"North–South", "East–West"}


# -- Table cards ----------------------------------------------------------------------------------


def test_a_table_card_says_each_rounds_pairs_and_boards_and_where_they_go_next():
    schedule = Schedule(mitchell(4), 4)
    names = {1: "Mrs. Carr & Mr. Dane", 5: "Miss Eyre & Mr. Fell"}
    pdf = printing.table_cards_document(
        title="Club night", day=DAY, schedule=schedule, names=names, paper="A4"
    )
    pages, sizes = read(pdf)
    assert sizes == {A4}
    assert len(pages) == 4, "a table a page"
    moves = table_moves(schedule)
    for page, card in zip(pages, schedule.table_cards(), strict=True):
        assert f"Table {card.table}" in page
        for played in card.rounds:
            at = page.index(f"Round {played.round}: boards {boards_words(played.boards)}")
            ns = f"Pair {played.ns}" + (f", {names[played.ns]}" if played.ns in names else "")
            ew = f"Pair {played.ew}" + (f", {names[played.ew]}" if played.ew in names else "")
            assert page[at + 1 : at + 3] == [f"North–South: {ns}", f"East–West: {ew}"]
            ruled = page[at + 3 :]
            assert ruled[0].startswith("Board The make")
            boards = [line for line in ruled[1:] if line.isdigit()][: len(played.boards)]
            assert boards == [str(board) for board in played.boards], "a line a board"
            said_after = moves_words(moves[(played.round, card.table)])
            text = " ".join(page)
            assert (" ".join(said_after) in text) if said_after else ("The last round." in text)
    first = pages[0]
    assert "Boards 1–4 to table 4." in first
    assert "Pair 5 to table 2, East–West." in first


# -- The results ----------------------------------------------------------------------------------


def _results(evening: Evening, paper: str = "A4", names: dict[int, str] | None = None):
    score = work_out_duplicate(evening, in_progress=True)
    pdf = printing.results_document(
        title="Club night",
        day=DAY,
        evening=evening,
        score=score,
        names=names_of(evening) if names is None else names,
        paper=paper,
    )
    return score, read(pdf)


@pytest.mark.parametrize(
    ("kind", "comparison", "paper", "size"),
    [
        (MovementKind.MITCHELL, Comparison.AVERAGE, "A4", A4),
        (MovementKind.HOWELL, Comparison.MATCHPOINTS, "letter", LETTER),
    ],
    ids=["a Mitchell against the average, A4", "a Howell in matchpoints, Letter"],
)
def test_the_results_print_every_ranking_line_as_the_engine_gives_it(kind, comparison, paper, size):
    evening = seeded(3, kind=kind, tables=4 if kind is MovementKind.MITCHELL else 3)
    evening = Evening(evening.rules.__class__(kind, comparison), *_rest(evening))
    score, (pages, sizes) = _results(evening, paper)
    assert sizes == {size}
    lines = all_lines(pages)
    written = duplicate_result_json(score)["pairs"]
    names = names_of(evening)
    matchpoints = comparison is Comparison.MATCHPOINTS
    groups = (
        [(Line.NS.label, "ns"), (Line.EW.label, "ew")]
        if kind is MovementKind.MITCHELL
        else [("All pairs", None)]
    )
    for heading, direction in groups:
        ranked = sorted(
            (pair for pair in written if pair["direction"] == direction),
            key=lambda pair: (pair["place"], pair["pair"]),
        )
        at = lines.index(heading)
        head = "Matchpoints (%)" if matchpoints else "Score"
        assert lines[at + 1] == f"Place Pair Names Boards Nets {head}"
        boards = {standing.pair: standing.boards for standing in score.standings}
        expected = []
        for pair in ranked:
            places = [other["place"] for other in ranked]
            place = f"{pair['place']}{'=' if places.count(pair['place']) > 1 else ''}"
            scored = (
                f"{pair['score']} ({pair['percent']}%)" if matchpoints else shown(pair["score"])
            )
            expected.append(
                f"{place} {pair['pair']} {names[pair['pair']]} {boards[pair['pair']]} "
                f"{shown(pair['nets'])} {scored}"
            )
        assert lines[at + 2 : at + 2 + len(ranked)] == expected


def _rest(evening: Evening):
    return (evening.boards, evening.results, evening.pairs, evening.schedule)


@pytest.mark.parametrize("comparison", list(Comparison))
def test_every_traveller_prints_each_results_points_nets_and_scores(comparison):
    evening = seeded(8, kind=MovementKind.MITCHELL, tables=4, comparison=comparison)
    score, (pages, _) = _results(evening)
    lines = all_lines(pages)
    matchpoints = comparison is Comparison.MATCHPOINTS
    for board, traveller in zip(
        duplicate_result_json(score)["boards"], score.travellers, strict=True
    ):
        rows = segment(lines, board_heading(traveller.board), "Average net")
        assert rows[1] == "N–S E–W Make Tricks Honours N–S E–W N–S N–S E–W", "the heads"
        firsts = [line for line in rows[2:] if re.match(r"\d+ \d+ ", line)]
        assert len(firsts) == len(board["results"])
        for line, row in zip(firsts, board["results"], strict=True):
            assert line.startswith(f"{row['ns']} {row['ew']} ")
            scores = " ".join(shown(s, matchpoints=matchpoints) for s in row["score"].values())
            if row["points"] is None:
                assert line == f"{row['ns']} {row['ew']} not played {scores}"
            else:
                points, net = row["points"], row["net"]
                assert line.endswith(f" {points['ns']} {points['ew']} {shown(net['ns'])} {scores}")


def test_a_travellers_words_are_the_sheets_each_side_named_by_its_direction():
    evening = loads_duplicate(EVENING_FILE.read_text())
    score, (pages, _) = _results(evening)
    lines = all_lines(pages)
    assert segment(lines, "Board 2, dealt by East", "Average net")[2:] == [
        "1 3 Clubs by East East–West 5 East–West: simple honours 8 8 0 +6 −6",
        "2 4 Spades by West (passed), doubled East–West 8 East–West: simple honours 0 12 −12 −6 +6",
    ]
    (row, *_) = score.travellers[0].results
    worded = result_words(row)
    assert worded is not None
    assert f"1 3 {worded.make} {worded.tricks} {worded.honours} 66 0 +66 +29 −29" in lines
    assert "Average net: North–South +37, East–West −37." in lines


def test_a_board_not_played_and_a_result_still_missing_are_marked():
    evening = seeded(4, kind=MovementKind.MITCHELL, tables=3)
    called = evening.schedule.results()
    missing = called[-1]
    results = [r for r in evening.results if (r.board, r.ns) != (missing.board, missing.ns)]
    first = called[0]
    results = [
        NotPlayed(r.board, r.ns, r.ew) if (r.board, r.ns) == (first.board, first.ns) else r
        for r in results
    ]
    evening = Evening(
        evening.rules, evening.boards, tuple(results), evening.pairs, evening.schedule
    )
    _, (pages, _) = _results(evening)
    lines = all_lines(pages)
    assert lines[0] == "Club night: the results so far"
    board = segment(lines, f"Board {first.board}, dealt by North", "Average net")
    assert f"{first.ns} {first.ew} not played 0 0" in board
    heading = board_heading(Board(missing.board))
    board = segment(lines, heading, "Average net")
    assert (
        f"{missing.ns} {missing.ew} missing: round {missing.round}, table {missing.table}" in board
    )


@pytest.mark.parametrize("comparison", list(Comparison))
def test_every_pairs_card_prints_its_boards_one_by_one(comparison):
    evening = seeded(6, kind=MovementKind.MITCHELL, tables=3, comparison=comparison)
    score, (pages, _) = _results(evening)
    lines = all_lines(pages)
    cards = lines[lines.index("Each pair's card") :]
    matchpoints = evening.rules.comparison is Comparison.MATCHPOINTS
    for card in score.cards:
        first = next(
            at for at, line in enumerate(cards) if re.search(rf"\bPair {card.pair}\b", line)
        )
        at = first
        seated = None
        for row in card.rows:
            where = "" if (row.round, row.table) == seated else f"{row.round} {row.table} "
            seated = (row.round, row.table)
            sat = "N–S" if row.line is Line.NS else "E–W"
            scored = shown(figure(row.score), matchpoints=matchpoints)
            figures = (
                f"{row.points} {shown(row.net)} {scored}"
                if row.mark is None
                else f"{row.mark.value} {scored}"
            )
            text = f"{where}{row.board} {sat} {row.opponent} {figures}"
            at = next(i for i in range(at + 1, len(cards)) if text in cards[i])


# -- Hand records ---------------------------------------------------------------------------------


def test_the_hand_records_draw_each_boards_hands_with_its_results_beside_them():
    evening = seeded(2, kind=MovementKind.HOWELL, tables=3, dealt=True)
    score = work_out_duplicate(evening)
    names = names_of(evening)
    pdf = printing.hand_records_document(
        title="Club night", day=DAY, evening=evening, score=score, names=names, paper="letter"
    )
    pages, sizes = read(pdf)
    assert sizes == {LETTER}
    assert len(pages) == -(-len(evening.boards) // 3), "three boards a page"
    text = " ".join(all_lines(pages))
    pairs = "; ".join(f"{pair} {name}" for pair, name in sorted(names.items()))
    assert f"The pairs: {pairs}." in " ".join(pages[0]), "who each pair is, on the first page"
    written = {board["board"]: board for board in duplicate_result_json(score)["boards"]}
    for board in evening.boards:
        hands = Hands.at(dict(zip(DIRECTIONS, board.hands, strict=True)), board.dealer)
        drawn = said.diagram(board.number, board.dealer, hands, Layout.ELWELL)
        assert f"{drawn.title} {drawn.dealer}" in text
        for seat in drawn.seats:
            suits = " ".join(f"{line.suit.symbol} {line.cards}" for line in seat.suits)
            assert suits in text
        for row in written[board.number]["results"]:
            if row["points"] is not None:
                assert re.search(
                    rf"\b{row['ns']} {row['ew']} .*? {row['points']['ns']} {row['points']['ew']} "
                    rf"{re.escape(shown(row['score']['ns']))}\b",
                    text,
                )


def test_the_hand_records_without_a_score_are_the_boards_alone_and_say_whose_hands_are_unknown():
    evening = loads_duplicate(EVENING_FILE.read_text())  # no hands recorded
    pdf = printing.hand_records_document(
        title="Club night", day=DAY, evening=evening, score=None, names={}, paper="A4"
    )
    text = " ".join(all_lines(read(pdf)[0]))
    assert text.count("Its hands were not recorded.") == 2
    assert "the results" not in text


def test_each_document_is_named_for_its_kind_and_day():
    assert printing.filename("guide-cards", DAY) == "duplicate-guide-cards-2026-11-28.pdf"
    assert printing.filename("results", DAY) == "duplicate-results-2026-11-28.pdf"


def test_pairs_on_the_same_score_share_their_place():
    """Both tables make the same result on each board: every pair of a direction scores
    nothing against its average, and all share the first place."""
    played = loads_duplicate(EVENING_FILE.read_text())
    by_board = {r.board: r for r in played.results if r.ns == 1}
    same = tuple(replace(by_board[r.board], ns=r.ns, ew=r.ew) for r in played.results)
    evening = Evening(played.rules, played.boards, same, played.pairs)
    _, (pages, _) = _results(evening)
    lines = all_lines(pages)
    at = lines.index("North–South")
    assert lines[at + 2 : at + 4] == [
        "1= 1 Mrs. Carr & Mr. Dane 2 +66 0",
        "1= 2 Miss Eyre & Mr. Fell 2 +66 0",
    ]


def test_typed_columns_keep_within_the_line_breaking_a_word_too_long_for_it():
    columns = (
        printing.Column(("Pair",), right=True),
        printing.Column(("Against",), wraps=True),
        printing.Column(("Boards",), wraps=True),
    )
    long_name = "Mrs. Featherstonehaugh-Cholmondeley-Marjoribanks & Mr. Dane"
    typed = printing.typeset(columns, [("1", long_name, "1–2, 11–12"), ("2", "Pair 5", "3–4")], 30)
    assert all(len(line) <= 30 for line in typed.lines)
    assert typed.head == ("Pair  Against           Boards",)
    assert "".join(line[6:24].strip() for line in typed.body[:-1]).replace(" ", "") == (
        long_name.replace(" ", "")
    ), "every letter of the name, over its lines"
