"""Boards whose double-dummy tables other programs printed: BridgeComposer's files of the
corpus (tests/data/pbn/, their sources in its SOURCES), each board's table read from its
`DoubleDummyTricks` tag as those programs write it, apart from the site's own code.

BridgeComposer writes twenty hexadecimal digits: for each declarer, North, South, East and
West, his tricks at no-trump, spades, hearts, diamonds and clubs, the lead from his left."""

from __future__ import annotations

from pathlib import Path

from scorer.engine import Trump
from scorer.engine.cards import Board, Direction, read_pbn_file

CORPUS = Path(__file__).resolve().parents[1] / "data" / "pbn"
FILES = [
    CORPUS / f"bridgecomposer-{name}.pbn"
    for name in ("5.57-double-dummy", "5.107.1-club-hand-record", "5.103-gib-match")
]
DECLARERS = (Direction.NORTH, Direction.SOUTH, Direction.EAST, Direction.WEST)
DENOMINATIONS = (Trump.NO_TRUMP, Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS)


def printed_table(board: Board) -> dict[Direction, dict[Trump, int]]:
    """The board's table as its file prints it: each declarer's tricks in each trump."""
    digits = board.tag("DoubleDummyTricks")
    assert digits is not None, f"board {board.number} has no DoubleDummyTricks"
    assert len(digits) == 20, f"board {board.number}: {digits!r}"
    return {
        declarer: {
            trump: int(digits[5 * row + column], 16) for column, trump in enumerate(DENOMINATIONS)
        }
        for row, declarer in enumerate(DECLARERS)
    }


def printed_boards() -> list[tuple[str, Board]]:
    """Every board of the files, with its file's name."""
    return [(path.name, board) for path in FILES for board in read_pbn_file(path)]
