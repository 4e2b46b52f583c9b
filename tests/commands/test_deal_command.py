"""`manage.py deal`: boards dealt from a secure shuffle, written as PBN 2.1, or nothing
written and a sentence saying why."""

from __future__ import annotations

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from endplay.parsers import pbn as endplay_pbn

from scorer.engine.cards import Direction, read_pbn, read_pbn_file

ROOT = Path(__file__).parents[2]


def deal(*args):
    out = StringIO()
    call_command("deal", *args, stdout=out)
    return out.getvalue()


def test_it_deals_36_boards_to_a_pbn_file(tmp_path):
    path = tmp_path / "boards.pbn"
    said = deal("--boards", "36", "--out", str(path))
    assert said.strip() == f"Dealt boards 1 to 36 to {path}."
    boards = read_pbn_file(path)
    assert [board.number for board in boards] == list(range(1, 37))
    assert [board.dealer for board in boards[:5]] == [
        Direction.NORTH,
        Direction.EAST,
        Direction.SOUTH,
        Direction.WEST,
        Direction.NORTH,
    ]
    assert all(board.dealt is not None for board in boards)
    assert len({board.hands for board in boards}) == 36
    theirs = endplay_pbn.loads(path.read_text(encoding="latin-1"))
    assert [board.board_num for board in theirs] == list(range(1, 37))


def test_it_numbers_from_the_first_board_and_names_the_event(tmp_path):
    path = tmp_path / "more.pbn"
    deal("--boards", "2", "--first", "37", "--event", "Club night", "--out", str(path))
    boards = read_pbn_file(path)
    assert [(b.number, b.dealer) for b in boards] == [(37, Direction.NORTH), (38, Direction.EAST)]
    assert {b.tag("Event") for b in boards} == {"Club night"}


def test_it_writes_to_standard_output_with_a_dash():
    boards = read_pbn(deal("--boards", "1", "--out", "-"))
    assert len(boards) == 1


@pytest.mark.parametrize("count", ["0", "-3", "x", "2.5", "10001", ""])
def test_a_bad_number_of_boards_is_refused_and_nothing_is_written(tmp_path, count):
    path = tmp_path / "boards.pbn"
    with pytest.raises(CommandError) as refused:
        deal("--boards", count, "--out", str(path))
    assert str(refused.value) == (
        f"--boards must be a whole number from 1 to 10,000 (got {count!r})"
    )
    assert not path.exists()


def test_an_event_too_long_for_a_line_of_pbn_is_refused_and_nothing_is_written(tmp_path):
    path = tmp_path / "boards.pbn"
    with pytest.raises(CommandError) as refused:
        deal("--boards", "2", "--event", "x" * 300, "--out", str(path))
    assert str(refused.value) == (
        "--event: the value is too long for a line of PBN (312 characters; at most 255)"
    )
    assert not path.exists()


def test_a_bad_first_board_is_refused(tmp_path):
    with pytest.raises(CommandError, match="--first must be a whole number from 1"):
        deal("--boards", "3", "--first", "0", "--out", str(tmp_path / "b.pbn"))


def test_a_file_that_exists_is_not_written_over(tmp_path):
    path = tmp_path / "boards.pbn"
    path.write_text("the club's hand records")
    with pytest.raises(CommandError) as refused:
        deal("--boards", "4", "--out", str(path))
    assert str(refused.value) == f"{path} exists already: choose another name, or remove it first"
    assert path.read_text() == "the club's hand records"


def test_a_folder_that_is_not_there_is_said_so(tmp_path):
    path = tmp_path / "nowhere" / "boards.pbn"
    with pytest.raises(CommandError, match=r"cannot write .*: No such file or directory"):
        deal("--boards", "4", "--out", str(path))


def test_the_shell_sees_the_refusal_and_a_failing_status(tmp_path):
    done = subprocess.run(
        [sys.executable, "manage.py", "deal", "--boards", "none", "--out", str(tmp_path / "b.pbn")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert "--boards must be a whole number from 1 to 10,000 (got 'none')" in done.stderr
    assert not (tmp_path / "b.pbn").exists()
