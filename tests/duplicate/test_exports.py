"""The Duplicate evening's exports: its results as CSV, read back by the csv module to the
figures the engine's elwell-duplicate-result/1 gives, each result's words the sheet's, a
spreadsheet's formulas made plain; and the evening as PBN, the engine's, as a file."""

from __future__ import annotations

import csv
import io
import random
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from scorer.duplicate import exports
from scorer.engine.cards import read_pbn
from scorer.engine.duplicate import (
    Comparison,
    Evening,
    MovementKind,
    NotPlayed,
    duplicate_result_json,
    loads_duplicate,
    work_out_duplicate,
)
from scorer.engine.duplicate import evening_pbn as engine_pbn
from scorer.engine.duplicate.text import result_words
from tests.support.duplicate import random_evening

DAY = date(2026, 11, 28)
EVENING_FILE = Path(__file__).resolve().parents[1] / "data" / "duplicate-evening.json"


def seeded(seed: int, **given) -> Evening:
    rng = random.Random(seed)
    return random_evening(lambda lo, hi: rng.randint(lo, hi), scheduled=True, named=True, **given)


def names_of(evening: Evening) -> dict[int, str]:
    return {number: " & ".join(pair) for number, pair in enumerate(evening.pairs, 1)}


def parsed(evening: Evening, names=None, *, in_progress=False):
    score = work_out_duplicate(evening, in_progress=in_progress)
    text = exports.results_csv(
        evening=evening, score=score, names=names_of(evening) if names is None else names
    )
    rows = list(csv.reader(io.StringIO(text)))
    blank = rows.index([])
    return score, rows[:blank], rows[blank + 1 :]


def number(text: str) -> int | float:
    """A CSV figure as the engine writes it in elwell-duplicate-result/1."""
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(value)


@pytest.mark.parametrize(
    ("kind", "comparison"),
    [
        (MovementKind.MITCHELL, Comparison.AVERAGE),
        (MovementKind.HOWELL, Comparison.MATCHPOINTS),
    ],
)
def test_each_results_row_gives_the_figures_the_engine_gives(kind, comparison):
    evening = seeded(12, kind=kind, comparison=comparison)
    score, results, _ = parsed(evening)
    assert results[0] == list(exports.RESULT_HEAD)
    read = [dict(zip(results[0], row, strict=True)) for row in results[1:]]
    written = [
        (board["board"], row)
        for board in duplicate_result_json(score)["boards"]
        for row in board["results"]
    ]
    assert len(read) == len(written), "a row a result"
    where = {(s.board, s.ns): s for s in evening.schedule.results()}
    names = names_of(evening)
    for row, (board, result) in zip(read, written, strict=True):
        assert (int(row["Board"]), int(row["N–S pair"]), int(row["E–W pair"])) == (
            board,
            result["ns"],
            result["ew"],
        )
        assert (row["N–S names"], row["E–W names"]) == (names[result["ns"]], names[result["ew"]])
        scheduled = where[(board, result["ns"])]
        assert (int(row["Round"]), int(row["Table"])) == (scheduled.round, scheduled.table)
        assert {"ns": number(row["Score N–S"]), "ew": number(row["Score E–W"])} == result["score"]
        if result["points"] is None:
            assert row["Note"] == "not played"
            assert row["Points N–S"] == row["Make"] == ""
            continue
        assert {"ns": int(row["Points N–S"]), "ew": int(row["Points E–W"])} == result["points"]
        assert {"ns": int(row["Net N–S"]), "ew": int(row["Net E–W"])} == result["net"]
        assert int(row["Tricks N–S"]) + int(row["Tricks E–W"]) == 13


def test_each_results_words_are_the_sheets():
    evening = loads_duplicate(EVENING_FILE.read_text())
    score, results, _ = parsed(evening, {})
    rows = [dict(zip(results[0], row, strict=True)) for row in results[1:]]
    passed = rows[3]
    assert (passed["Make"], passed["Doubles"], passed["Tricks N–S"], passed["Tricks E–W"]) == (
        "Spades by West (passed), doubled",
        "1",
        "5",
        "8",
    )
    assert passed["Honours"] == "East–West: simple honours"
    for row, result in zip(rows, (r for t in score.travellers for r in t.results), strict=True):
        worded = result_words(result)
        assert worded is not None
        assert (row["Make"], row["Honours"], row["Chicane, revokes"]) == (
            worded.make,
            worded.honours,
            "; ".join(worded.extras),
        )


@pytest.mark.parametrize("comparison", list(Comparison))
def test_the_ranking_follows_each_pairs_place_nets_and_score(comparison):
    evening = seeded(13, kind=MovementKind.MITCHELL, comparison=comparison)
    score, _, ranking = parsed(evening)
    assert ranking[0] == list(exports.RANKING_HEAD)
    read = [dict(zip(ranking[0], row, strict=True)) for row in ranking[1:]]
    written = {pair["pair"]: pair for pair in duplicate_result_json(score)["pairs"]}
    assert [row["Ranking"] for row in read] == (
        ["North–South"] * (len(written) // 2) + ["East–West"] * (len(written) // 2)
    )
    for row in read:
        pair = written[int(row["Pair"])]
        assert int(row["Place"].rstrip("=")) == pair["place"]
        assert int(row["Nets"]) == pair["nets"]
        assert number(row["Score"]) == pair["score"]
        assert (number(row["Percent"]) if row["Percent"] else None) == pair["percent"]
        assert row["Names"] == names_of(evening)[pair["pair"]]
        assert int(row["Boards"]) == score.standings[pair["pair"] - 1].boards
    for group in ("North–South", "East–West"):
        places = [int(row["Place"].rstrip("=")) for row in read if row["Ranking"] == group]
        assert places == sorted(places), "best first"


def test_a_result_still_missing_is_a_row_so_marked():
    evening = seeded(14, kind=MovementKind.HOWELL, tables=3)
    called = evening.schedule.results()
    last = called[-1]
    kept = tuple(r for r in evening.results if (r.board, r.ns) != (last.board, last.ns))
    evening = Evening(evening.rules, evening.boards, kept, evening.pairs, evening.schedule)
    _, results, _ = parsed(evening, in_progress=True)
    rows = [dict(zip(results[0], row, strict=True)) for row in results[1:]]
    (missing,) = [row for row in rows if row["Note"] == "missing"]
    assert (missing["Board"], missing["Round"], missing["Table"]) == (
        str(last.board),
        str(last.round),
        str(last.table),
    )
    assert (missing["N–S pair"], missing["E–W pair"]) == (str(last.ns), str(last.ew))


def test_a_name_a_spreadsheet_would_take_for_a_formula_is_made_plain():
    evening = loads_duplicate(EVENING_FILE.read_text())
    evening = Evening(evening.rules, evening.boards, (*evening.results[:3], NotPlayed(1, 2, 4)))
    _, results, ranking = parsed(evening, {1: '=HYPERLINK("x")', 2: "+Mr. Gale", 3: "@Carr"})
    cells = [cell for row in results + ranking for cell in row]
    assert '\'=HYPERLINK("x")' in cells
    assert "'+Mr. Gale" in cells
    assert "'@Carr" in cells
    assert not any(cell.startswith(("=", "+", "@")) for cell in cells)
    negative = [cell for cell in cells if cell.startswith("-")]
    assert negative, "a negative figure stays a number"
    assert all(Decimal(cell) < 0 for cell in negative)


def test_the_evenings_pbn_is_the_engines_and_its_file_is_iso_8859_1():
    evening = seeded(15, dealt=True)
    score = work_out_duplicate(evening)
    text = exports.evening_pbn(
        title="Club night", day=DAY, evening=evening, score=score, names=names_of(evening)
    )
    assert text == engine_pbn(
        title="Club night", day=DAY, evening=evening, score=score, names=names_of(evening)
    )
    assert read_pbn(exports.pbn_file(text)) == read_pbn(text)
    assert exports.pbn_file("Événement – “1905”") == "Événement ? ?1905?".encode("latin-1")


def test_the_files_are_named_for_the_evenings_day():
    assert exports.csv_filename(DAY) == "duplicate-results-2026-11-28.csv"
    assert exports.pbn_filename(DAY) == "duplicate-2026-11-28.pbn"
