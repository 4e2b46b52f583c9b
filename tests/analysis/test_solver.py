"""The solver asked §12's question: for each trump, the dealer's side's tricks with every
hand seen, the dealer playing both his hands and the eldest hand, on his left, leading.

Tried on boards whose double-dummy tables BridgeComposer printed (tests/support/double_dummy.py):
the five numbers are the printed table's row for the dealer as declarer (whose left-hand
opponent leads), trump by trump; on the boards where the dealer's partner as declarer takes
other tricks, they are not his. Every board that tells the dealer from his partner is
tried, and every third of the others (each solve takes a tenth of a second or more)."""

from __future__ import annotations

import pytest

from scorer.analysis.solver import dealers_tricks
from tests.support.double_dummy import printed_boards, printed_table

BOARDS = printed_boards()


def tells_them_apart(board):
    table = printed_table(board)
    return table[board.dealer] != table[board.dealer.left.left]


TRIED = [
    (name, board)
    for at, (name, board) in enumerate(BOARDS)
    if tells_them_apart(board) or at % 3 == 0
]


def test_the_files_hold_boards_that_tell_the_dealer_from_his_partner():
    """A table whose dealer's and partner's rows agree everywhere could not tell which the
    solver was asked for."""
    assert len(BOARDS) >= 50
    assert len([board for _, board in BOARDS if tells_them_apart(board)]) >= 10


@pytest.mark.parametrize(
    ("name", "board"), TRIED, ids=[f"{name}-board-{board.number}" for name, board in TRIED]
)
def test_the_dealers_side_takes_the_dealers_tricks_as_declarer(name, board):
    table = printed_table(board)
    tricks = dealers_tricks(board.dealt)
    assert tricks == table[board.dealer]
    partner = table[board.dealer.left.left]
    if partner != table[board.dealer]:
        assert tricks != partner
