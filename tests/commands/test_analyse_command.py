"""`manage.py analyse FILE.pbn --jsonl`: §12's line a board, its figures those of the
double-dummy tables BridgeComposer printed in the file (the dealer's row as declarer),
reckoned by the engine; a board without four hands, or a game without a number, refused by
name while the others are analysed; a board analysed once is read from the database."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scorer.analysis.models import Analysis
from scorer.engine import Trump, what_the_cards_allowed
from scorer.engine.cards import pbn_bytes
from tests.support.double_dummy import FILES, printed_table

pytestmark = pytest.mark.django_db

FILE = next(path for path in FILES if path.name == "bridgecomposer-5.57-double-dummy.pbn")
NO_HANDS = '\r\n[Board "99"]\r\n[Dealer "S"]\r\n[Deal "N:- - - -"]\r\n'
NO_NUMBER = (
    '\r\n[Dealer "N"]\r\n'
    '[Deal "N:AK43.QJ2.T98.765 QJT9.AK3.AK2.432 8765.T98.Q76.AKQ 2.7654.J543.JT98"]\r\n'
)


def analyse(*args):
    out, err = StringIO(), StringIO()
    try:
        call_command("analyse", *[str(arg) for arg in args], stdout=out, stderr=err)
    except CommandError as error:
        return out.getvalue(), err.getvalue(), str(error)
    return out.getvalue(), err.getvalue(), None


def expected_line(board):
    """§12's line, from the file's own table: the dealer's row, and the engine's nets."""
    row = printed_table(board)[board.dealer]
    allowed = what_the_cards_allowed(board.dealt, row)
    order = (Trump.NO_TRUMP, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES)
    return {
        "board": board.number,
        "dealer": board.dealer.letter,
        "tricks": {trump.value: row[trump] for trump in order},
        "net": {trump.value: allowed[trump].net for trump in order},
        "best": allowed.best.trump.value,
    }


@pytest.fixture
def three_boards(tmp_path):
    """Three boards of a BridgeComposer file, its tables kept, and two games refused."""
    from scorer.engine.cards import read_pbn_file

    boards = read_pbn_file(FILE)[:3]
    path = tmp_path / "night.pbn"
    path.write_bytes(pbn_bytes(boards) + NO_HANDS.encode() + NO_NUMBER.encode())
    return path, boards


def test_it_writes_a_line_a_board_as_the_printed_tables_give_it(three_boards):
    path, boards = three_boards
    out, _err, _failed = analyse(path, "--jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines == [expected_line(board) for board in sorted(boards, key=lambda b: b.number)]
    assert out.splitlines()[0].startswith('{"board": 16, "dealer": "W", "tricks": {"NT": ')


def test_a_board_without_its_hands_is_refused_by_name_and_the_others_analysed(three_boards):
    path, _boards = three_boards
    out, err, failed = analyse(path, "--jsonl")
    assert len(out.splitlines()) == 3
    assert (
        f"{path}: board 99 does not give its four hands (or three, the fourth found from "
        "them): not analysed, its double-dummy table needs every hand"
    ) in err
    assert f"{path}: game 5 has no board number (its Board tag): not analysed" in err
    assert failed == f"{path}: 2 not analysed (above); the others are"


def test_in_words_without_jsonl(three_boards):
    path, _ = three_boards
    out, _, _ = analyse(path)
    assert out.splitlines()[0] == (
        "Board 16, dealer West: NT 7  \u2665 8  \u2666 5  \u2663 6  \u2660 7; "
        "best: Hearts, E\u2013W +48"
    )


def test_a_board_analysed_once_is_read_back_not_solved_again(three_boards):
    """Kept by its hands: a number changed in the database is what comes back."""
    path, _ = three_boards
    analyse(path, "--jsonl")
    assert Analysis.objects.filter(solved_at__isnull=False).count() == 3
    Analysis.objects.update(no_trump=13)
    out, _, _ = analyse(path, "--jsonl")
    assert {json.loads(line)["tricks"]["NT"] for line in out.splitlines()} == {13}


def test_a_file_not_there_is_said_so(tmp_path):
    missing = Path(tmp_path / "none.pbn")
    assert analyse(missing)[2] == f"{missing}: no such file"
