"""What a Duplicate evening exports: its results as CSV, for a spreadsheet; the whole
evening as PBN 2.1, for other bridge programs (docs/pbn.md); and its results as USEBIO
1.2, for a national body's results and masterpoint software (docs/duplicate.md).

Over the engine's values alone, as the printed documents are (`printing.py`): every figure
and word is the engine's. A CSV cell that a spreadsheet would take for a formula is made
plain as the ledger's CSV does it (`scorer/plumbing/spreadsheet.py`); figures stay numbers
(a score rounded to two places as the engine writes it, a Decimal, never a float).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from fractions import Fraction

from scorer.engine.duplicate import (
    LINES,
    DuplicateScore,
    Evening,
    Line,
    Lines,
    Mark,
    MovementKind,
    ResultScore,
    figure,
    usebio,
)
from scorer.engine.duplicate import evening_pbn as engine_pbn
from scorer.engine.duplicate.text import place_words, result_words
from scorer.plumbing.spreadsheet import cell

RESULT_HEAD = (
    "Board",
    "Round",
    "Table",
    "N–S pair",
    "N–S names",
    "E–W pair",
    "E–W names",
    "Make",
    "Doubles",
    "Tricks N–S",
    "Tricks E–W",
    "Honours",
    "Chicane, revokes",
    "Points N–S",
    "Points E–W",
    "Net N–S",
    "Net E–W",
    "Score N–S",
    "Score E–W",
    "Note",  # "not played", or "missing" while the evening goes on
)
RANKING_HEAD = (
    "Ranking",
    "Place",
    "Pair",
    "Names",
    "Boards",
    "Nets",
    "Score",
    "Percent",
)


def csv_filename(day: date) -> str:
    """ "duplicate-results-2026-11-28.csv" """
    return f"duplicate-results-{day.isoformat()}.csv"


def pbn_filename(day: date) -> str:
    """ "duplicate-2026-11-28.pbn" """
    return f"duplicate-{day.isoformat()}.pbn"


def usebio_filename(day: date) -> str:
    """ "duplicate-results-2026-11-28.xml" """
    return f"duplicate-results-{day.isoformat()}.xml"


def _number(value: Fraction) -> Decimal | int:
    """An exact figure as the engine writes it, rounded to two places: a whole number as
    one, else a Decimal (so that a spreadsheet reads it as a number)."""
    written = figure(value)
    return written if isinstance(written, int) else Decimal(str(written))


def results_csv(*, evening: Evening, score: DuplicateScore, names: Mapping[int, str]) -> str:
    """One row a result, board by board (its round and table when the schedule is known;
    the pairs by number and name; the make, doubles, tricks, honours, chicane and revokes
    in the sheet's words; each direction's points, net and score; a board not played, or a
    result still missing, so marked); then a blank row and the ranking (a Mitchell's
    North–South then East–West, a Howell's all pairs): each pair's place, number, names,
    boards played, nets, score and percentage."""
    where = (
        {}
        if evening.schedule is None
        else {(s.board, s.ns): (s.round, s.table) for s in evening.schedule.results()}
    )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")

    def write(row: tuple[object, ...]) -> None:
        writer.writerow([cell(value) for value in row])

    write(RESULT_HEAD)
    for traveller in score.travellers:
        for row in traveller.results:
            round_, table = where.get((row.board, row.ns), ("", ""))
            write((row.board, round_, table, *_pairs(row.ns, row.ew, names), *_result(row)))
        for waiting in traveller.missing:
            write(
                (
                    waiting.board,
                    waiting.round,
                    waiting.table,
                    *_pairs(waiting.ns, waiting.ew, names),
                    *("",) * 12,
                    Mark.MISSING.value,
                )
            )
    write(())
    write(RANKING_HEAD)
    for heading, line in _rankings(score):
        ranked = score.by_place(line)
        for standing in ranked:
            percent = standing.percent
            write(
                (
                    heading,
                    place_words(standing, ranked),
                    standing.pair,
                    names.get(standing.pair, ""),
                    standing.boards,
                    standing.nets,
                    _number(standing.score),
                    "" if percent is None else _number(percent),
                )
            )
    return out.getvalue()


def _pairs(ns: int, ew: int, names: Mapping[int, str]) -> tuple[object, ...]:
    return (ns, names.get(ns, ""), ew, names.get(ew, ""))


def _result(row: ResultScore) -> tuple[object, ...]:
    scores = (_number(row.score.ns), _number(row.score.ew))
    worded = result_words(row)
    deal, points, net = row.deal, row.points, row.net
    if worded is None or deal is None or deal.play is None or points is None or net is None:
        return (*("",) * 10, *scores, Mark.NOT_PLAYED.value)
    tricks = Lines.of(deal.play.tricks)
    return (
        worded.make,
        deal.doubles,
        tricks.ns,
        tricks.ew,
        worded.honours,
        "; ".join(worded.extras),
        points.ns,
        points.ew,
        net.ns,
        net.ew,
        *scores,
        "",
    )


def _rankings(score: DuplicateScore) -> list[tuple[str, Line | None]]:
    if score.evening.rules.movement is MovementKind.MITCHELL:
        return [(line.label, line) for line in LINES]
    return [("All pairs", None)]


def evening_pbn(
    *,
    title: str,
    day: date,
    evening: Evening,
    score: DuplicateScore | None,
    names: Mapping[int, str],
) -> str:
    """The evening as PBN 2.1 (the engine's `evening_pbn`): a game a result, each with its
    board's hands when known, its pairs, their names where a pair is two names, and 1905's
    figures; without the score, a game a board. Written to a file as `pbn_file` gives it."""
    return engine_pbn(title=title, day=day, evening=evening, score=score, names=names)


def pbn_file(text: str) -> bytes:
    """The PBN text as a file holds it: ISO 8859-1, PBN's character set, a character it
    cannot hold written '?' (PBN 2.2), as the cards' `pbn_bytes` writes boards."""
    return text.encode("latin-1", errors="replace")


def results_usebio(
    *,
    club: str,
    title: str,
    day: date,
    evening: Evening,
    score: DuplicateScore,
    players: Mapping[int, tuple[usebio.Player, usebio.Player]],
) -> bytes:
    """The evening's results as a USEBIO 1.2 file (the engine's `evening_usebio`): the
    club, the event and its scoring, each pair with its players and their national
    numbers, every board's lines, the rankings, and the hands when known."""
    return usebio.evening_usebio(
        club=club, title=title, day=day, evening=evening, score=score, players=players
    )
