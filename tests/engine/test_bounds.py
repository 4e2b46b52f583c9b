"""The engine's bounds (`scorer.engine.bounds`): a file giving a count or a number past
what its format allows is refused, in a sentence naming the field, before anything of that
size is made; one at the bound is read."""

from __future__ import annotations

import copy
import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.engine import RubberError, read_and_work_out
from scorer.engine.bounds import (
    MOST_BOARDS,
    MOST_DEALS_A_ROUND,
    MOST_PAIRS,
    MOST_PLAYERS,
    digits_within,
)

ROOT = Path(__file__).parents[2]
DUPLICATE = json.loads((ROOT / "tests" / "data" / "duplicate-evening.json").read_text())
PROGRESSIVE = json.loads((ROOT / "tests" / "data" / "progressive-evening.json").read_text())
HUGE = 10**30


def unnamed(evening, movement="mitchell"):
    """The evening without its pairs' names, so that the results alone number the pairs."""
    evening = copy.deepcopy(evening)
    del evening["pairs"]
    evening["rules"]["movement"] = movement
    return evening


def refusal(data) -> RubberError:
    with pytest.raises(RubberError) as error:
        read_and_work_out(data)
    return error.value


def east_west_numbered(evening, first):
    """The Mitchell's East–West pairs numbered from `first` up (North–South 1 and 2)."""
    for row in evening["results"]:
        row["ew"] = first + row["ew"] - 3
    return evening


@pytest.mark.parametrize("movement", ["mitchell", "howell"])
@pytest.mark.parametrize("key", ["ns", "ew"])
def test_a_pair_numbered_past_the_bound_is_refused_naming_the_field(movement, key):
    evening = unnamed(DUPLICATE, movement)
    evening["results"][0][key] = MOST_PAIRS + 1  # HUGE only in a process of bounded size
    error = refusal(evening)
    assert error.field == key
    assert str(error) == (
        f"results: the result at place 1 of the list: {key} is {MOST_PAIRS + 1}: an evening's "
        f"pairs are numbered 1 to {MOST_PAIRS} at most (two at each of {MOST_PAIRS // 2} tables)"
    )


def test_a_mitchell_numbered_up_to_the_bound_is_scored():
    evening = east_west_numbered(unnamed(DUPLICATE), MOST_PAIRS - 1)
    pairs = read_and_work_out(evening).json()["pairs"]
    assert len(pairs) == MOST_PAIRS
    past = east_west_numbered(unnamed(DUPLICATE), MOST_PAIRS)
    assert refusal(past).field == "ew"


def test_a_pair_named_past_the_bound_is_refused_naming_the_field():
    evening = copy.deepcopy(DUPLICATE)
    evening["pairs"][str(MOST_PAIRS + 1)] = ["Mrs. Carr", "Mr. Dane"]
    error = refusal(evening)
    assert error.field == "pairs"
    assert str(error).startswith(f"pairs: pair {MOST_PAIRS + 1}: an evening's pairs are")


@pytest.mark.parametrize("key", ["1" * 5000, "٣", "01"])
def test_a_pairs_number_that_is_no_number_is_refused_not_a_crash(key):
    evening = copy.deepcopy(DUPLICATE)
    evening["pairs"][key] = ["Mrs. Carr", "Mr. Dane"]
    assert refusal(evening).field == "pairs"


def test_more_pairs_named_than_the_bound_are_refused_before_they_are_read():
    evening = copy.deepcopy(DUPLICATE)
    evening["pairs"] = {str(n): ["A", "B"] for n in range(1, MOST_PAIRS + 2)}
    error = refusal(evening)
    assert str(error).startswith(f"pairs: {MOST_PAIRS + 1} pairs named; ")


def test_a_board_numbered_past_the_bound_is_refused_in_the_boards_and_the_results():
    evening = copy.deepcopy(DUPLICATE)
    evening["boards"][0] = {"board": HUGE}
    error = refusal(evening)
    assert error.field == "board"
    assert str(error) == (
        f"boards: the board at place 1 of the list: board is {HUGE}: an evening's boards "
        f"are numbered 1 to {MOST_BOARDS} at most"
    )
    evening = copy.deepcopy(DUPLICATE)
    evening["results"][1]["board"] = MOST_BOARDS + 1
    error = refusal(evening)
    assert error.field == "board"
    assert "result at place 2 of the list: board is 101" in str(error)


def test_a_progressive_round_of_more_deals_than_the_bound_is_refused():
    evening = copy.deepcopy(PROGRESSIVE)
    evening["rules"]["deals_a_round"] = HUGE
    error = refusal(evening)
    assert str(error) == (
        f"rules.deals_a_round: a round is {MOST_DEALS_A_ROUND} deals at most (got {HUGE})"
    )


def test_a_progressive_evening_of_more_players_than_the_bound_is_refused():
    evening = copy.deepcopy(PROGRESSIVE)
    evening["players"] = [f"Player {n}" for n in range(1, MOST_PLAYERS + 2)]
    error = refusal(evening)
    assert error.field == "players"
    assert str(error).startswith(f"players: {MOST_PLAYERS + 1} players named; ")


def test_digits_are_within_a_bound_only_when_ascii_digits_no_larger():
    assert digits_within("200", 200)
    assert not digits_within("201", 200)
    assert not digits_within("9" * 5000, 200)
    assert not digits_within("٢", 200)
    assert not digits_within("-1", 200)


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize("movement", ["mitchell", "howell"])
def test_the_score_command_refuses_a_pair_numbered_ten_to_the_thirty_in_a_sentence(
    tmp_path, movement
):
    """As the shell runs it, in a gigabyte: a file that would make a standing for every
    number below the pair's is refused at once, naming the file and the field."""
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(east_west_numbered(unnamed(DUPLICATE, movement), HUGE - 1)))
    done = subprocess.run(
        [sys.executable, "manage.py", "score", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        preexec_fn=_limited,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        f"CommandError: {path}: results: the result at place 1 of the list: ew is {HUGE - 1}: "
        f"an evening's pairs are numbered 1 to {MOST_PAIRS} at most (two at each of "
        f"{MOST_PAIRS // 2} tables)\n"
    )
