"""Hand records and curtain cards: a set of boards printed as PDF, each board's four hands
in a diagram with the honours each trump would give, or each hand on a card of its own
to sort the cards into boards (docs/printing.md).

The boards come dealt here (`deal_boards`) or from a PBN file; nothing is kept but their
analyses (§12), asked for when they were dealt or read, and printed under each board once
worked out ("being analysed" until then). What each board says is the engine's
(`scorer.engine.cards.records`, `scorer.engine.allowed_line`); this module checks that
the boards can be printed and lays them out through the club's printer. The forms of the
Printing page's section that asks for them are in `scorer/printing/forms.py`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import islice
from typing import Any, NamedTuple

from scorer.analysis import reads as analyses
from scorer.engine import Side, allowed_line
from scorer.engine.cards import Board, Direction, Hands, PbnError, read_pbn
from scorer.engine.cards import records as said
from scorer.engine.cards.records import Layout
from scorer.plumbing import printer
from scorer.printing import documents

MOST_BOARDS = 100  # a document of 100 boards takes a few seconds; an evening has 36 or so
# What a request reads of a PBN file of boards (the command line reads up to the engine's
# MOST_BYTES): a club's evening given every board once a table, 36 boards at 15 tables, is
# 540 games and some 300 KB with their play; the largest of the real files the tests read
# holds 108 games in 34 KB. The bytes and the games are bounded before anything is parsed.
MOST_UPLOAD = 1024 * 1024
MOST_GAMES = 1000
MOST_BODY = MOST_UPLOAD + 64 * 1024  # a PBN file, and the few other fields of its form
TOO_LARGE = (
    f"the file is larger than {MOST_UPLOAD // 2**20} MiB, the most a PBN file of boards may "
    "be here: nothing was read"
)
BOARDS_A_PAGE = 6  # hand records: three rows of two, fewer where the honours run long
BOARDS_A_ROW = 2
# The room a page of hand records has under its title and key, and what a row of two boards
# takes of it: its hands, and a line for each line of honours its longer board has, in
# points, as print.css sets them (test_hand_records holds the two together). Six boards of
# ordinary cards fill a page with room to spare; a page of boards with a void in every
# trump, a chicane's lines under each, holds four.
PAGE_ROOM = {"A4": 749.0, "letter": 699.0}
ROW_BASE, HONOURS_LINE = 169.3, 7.2
CARDS_A_PAGE = 8  # curtain cards: two boards a page, each hand a card to cut out
CARDS_A_ROW = 2


class Unprintable(ValueError):
    """Boards that cannot be printed as hand records, in a sentence naming the board."""


class Read(NamedTuple):
    """A file's printable boards, and what was skipped to read them, in sentences."""

    boards: tuple[Board, ...]
    skipped: tuple[str, ...]


# How a game of PBN begins (its Board tag) and what each printed one holds (its Deal tag):
# counted before the file is read, each to MOST_GAMES.
_GAME_TAGS = {
    "Board": (re.compile(rb"\[\s*Board\s"), re.compile(r"\[\s*Board\s")),
    "Deal": (re.compile(rb"\[\s*Deal\s"), re.compile(r"\[\s*Deal\s")),
}


def read_boards(data: bytes | str) -> Read:
    """The printable boards of a PBN file sent to the site (as deals alone), or
    Unprintable in a sentence. A file larger than MOST_UPLOAD, or of more than MOST_GAMES
    games, is refused before it is parsed; one within them is parsed in the printer's
    process (`scorer.plumbing.printer`), never in the worker's own, whose other threads
    answer the tables."""
    if len(data) > MOST_UPLOAD:
        raise Unprintable(TOO_LARGE)
    for tag, patterns in _GAME_TAGS.items():
        pattern = patterns[0] if isinstance(data, bytes) else patterns[1]
        if len(list(islice(pattern.finditer(data), MOST_GAMES + 1))) > MOST_GAMES:  # type: ignore[arg-type]
            raise Unprintable(
                f"the file holds more than {MOST_GAMES:,} games (by their {tag} tags), the "
                f"most a PBN file of boards may hold here: nothing was read"
            )
    read = printer.printer.run(_read_printable, data)
    if isinstance(read, str):
        raise Unprintable(read)
    return read


def _read_printable(data: bytes | str) -> Read | str:
    """In the printer's process: the file's printable boards, or why not (a sentence: an
    error is not sent back whole)."""
    try:
        boards = read_pbn(data, deals_only=True)
        return Read(printable(boards), boards.skipped_said())
    except (PbnError, Unprintable) as error:
        return str(error)


def printable(boards: Iterable[Board]) -> tuple[Board, ...]:
    """The boards a hand record prints, in order of their numbers: each with its number,
    dealer and four hands (the fourth may be found from three). A board given more than
    once with the same hands, as a file of results gives it once a table, is printed
    once; given with other hands, it is refused."""
    found: dict[int, tuple[int, Board]] = {}
    for game, board in enumerate(boards, 1):
        if board.number is None:
            raise Unprintable(
                f"game {game} has no board number (its Board tag): a hand record names "
                "each board by its number"
            )
        hands = board.dealt
        if hands is None:
            raise Unprintable(
                f"board {board.number} does not give its four hands (or three, the fourth "
                "found from them): a hand record prints each board's hands"
            )
        if board.number in found:
            first, earlier = found[board.number]
            if earlier.dealt != hands:
                raise Unprintable(
                    f"board {board.number} is given twice with other hands (games {first} "
                    f"and {game}): a board is one deal"
                )
            continue
        found[board.number] = (game, board)
    if not found:
        raise Unprintable("the file holds no boards")
    return tuple(board for _, (_, board) in sorted(found.items()))


def picked(
    boards: Sequence[Board], first: int, last: int, *, most: int | None = MOST_BOARDS
) -> tuple[Board, ...]:
    """The printable boards numbered `first` to `last`: at most `most`, by default
    MOST_BOARDS, as many as a document of hand records or curtain cards takes."""
    chosen = tuple(board for board in boards if first <= (board.number or 0) <= last)
    if not chosen:
        held = said.boards_named([board.number or 0 for board in boards]).lower()
        raise Unprintable(f"no board is numbered from {first} to {last}; the file holds {held}")
    if most is not None and len(chosen) > most:
        raise Unprintable(
            f"boards {first} to {last} are {len(chosen):,} boards; hand records and curtain "
            f"cards are printed for {most} boards at most: choose fewer"
        )
    return chosen


def first_picked(boards: Sequence[Board]) -> tuple[int, int]:
    """The range picked until a person picks another: every board, or the first
    MOST_BOARDS."""
    numbers = [board.number or 0 for board in boards]
    return numbers[0], numbers[min(len(numbers), MOST_BOARDS) - 1]


def title(boards: Sequence[Board]) -> str:
    """ "Boards 1 to 36", after the event's name when the boards give one."""
    named = said.boards_named([board.number or 0 for board in boards])
    event = boards[0].tag("Event") if boards else None
    return f"{event}: {named}" if event and event != "?" else named


def records_context(boards: Sequence[Board], *, layout: Layout, paper: str) -> dict[str, Any]:
    """What hand records print: each board as the engine draws it, with what the cards
    allowed as far as it is known, a page at a time and on each page a row at a time."""
    dealt = [_dealt(board) for board in boards]
    analysed, _ = analyses.analysed([hands for _, _, hands in dealt])
    drawn = [
        with_double_dummy(said.diagram(number, dealer, hands, layout), dealer, found, layout)
        for (number, dealer, hands), found in zip(dealt, analysed, strict=True)
    ]
    return {
        "paper": paper,
        "title": title(boards),
        "layout": layout,
        "pages": _pages_by_room(_pages(drawn, BOARDS_A_ROW), PAGE_ROOM[paper]),
        "key": said.HONOURS_KEY,
        "heads": (said.HONOURS_HEAD, said.SCORE_HEAD),
    }


def curtain_cards_context(boards: Sequence[Board], *, layout: Layout, paper: str) -> dict[str, Any]:
    """What curtain cards print: each board's four hands, a card each, a page of cards at a
    time (two boards), on each page a row at a time."""
    cards = [card for board in boards for card in _curtain_cards(board, layout)]
    return {
        "paper": paper,
        "title": title(boards),
        "layout": layout,
        "pages": [_pages(page, CARDS_A_ROW) for page in _pages(cards, CARDS_A_PAGE)],
    }


def records_pdf(boards: Sequence[Board], *, layout: Layout, paper: str) -> bytes:
    """Hand records as PDF: several boards a page."""
    context = records_context(boards, layout=layout, paper=paper)
    return documents.render("printing/documents/hand_records.html", context)


def curtain_cards_pdf(boards: Sequence[Board], *, layout: Layout, paper: str) -> bytes:
    """Curtain cards as PDF: eight cards a page, to be cut out along their rules."""
    context = curtain_cards_context(boards, layout=layout, paper=paper)
    return documents.render("printing/documents/curtain_cards.html", context)


def _pages[T](items: Sequence[T], size: int) -> list[Sequence[T]]:
    """Items a page at a time: each page is laid out on its own, so that a page holds
    the same number whatever the cards, and the count of pages is known."""
    return [items[at : at + size] for at in range(0, len(items), size)]


def _pages_by_room(
    rows: Sequence[Sequence[said.Diagram]], room: float
) -> list[Sequence[Sequence[said.Diagram]]]:
    """Rows of boards a page at a time: three rows a page, or fewer where the next would
    not fit (a row is never split between pages, so a page is laid out on its own)."""
    pages: list[list[Sequence[said.Diagram]]] = []
    left = 0.0
    for row in rows:
        height = ROW_BASE + HONOURS_LINE * max(_honours_lines(board) for board in row)
        if not pages or height > left or len(pages[-1]) * BOARDS_A_ROW >= BOARDS_A_PAGE:
            pages.append([])
            left = room
        pages[-1].append(row)
        left -= height
    return list(pages)


def _honours_lines(board: said.Diagram) -> int:
    """The lines of a board's honours: each trump's, and a chicane's under it."""
    return len(board.honours) + sum(len(line.more) for line in board.honours)


def _diagram(board: Board, layout: Layout) -> said.Diagram:
    return said.diagram(*_dealt(board), layout)


def dealt_hands(boards: Sequence[Board]) -> list[Hands]:
    """The hands of printable boards (`printable` has checked them), the dealer's first."""
    return [_dealt(board)[2] for board in boards]


def with_double_dummy(
    diagram: said.Diagram, dealer: Direction, found: analyses.Analysed, layout: Layout
) -> said.Diagram:
    """The board with its line of what the cards allowed, the dealer's side named as the
    layout names it ("Z & Y", "N–S")."""
    side = layout.side_name(Side.WE, dealer)
    return replace(diagram, double_dummy=allowed_line(found.allowed, side, found.waiting))


def _curtain_cards(board: Board, layout: Layout) -> tuple[said.CurtainCard, ...]:
    return said.curtain_cards(*_dealt(board), layout)


def _dealt(board: Board) -> tuple[int, Direction, Hands]:
    """A printable board's number, dealer and hands (`printable` has checked them)."""
    number, dealer, hands = board.number, board.dealer, board.dealt
    if number is None or dealer is None or hands is None:
        raise Unprintable(f"board {number} cannot be printed")  # pragma: no cover
    return number, dealer, hands


def write_new(path: str | os.PathLike[str], data: bytes) -> None:
    """The whole file, or none: never over a file that is there, never half written.
    OSError (FileExistsError for a file that is there) if it cannot be written."""
    with open(path, "xb") as file:
        try:
            file.write(data)
        except OSError:
            file.close()
            os.unlink(path)
            raise
