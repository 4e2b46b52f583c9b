"""The Spade Convention: where players agree "not to play spades"."""

from __future__ import annotations

import pytest

from scorer.engine import RubberError, Rules, work_out
from tests.support.rubbers import deal

CONVENTION = Rules(spade_convention=True)


def test_an_undoubled_spade_make_under_twenty_goes_unplayed_for_two():
    entries = work_out([deal("S", None, dealer="they")], CONVENTION).deals[0].entries
    assert (entries.they.tricks, entries.they.honours) == (2, 0)
    assert (entries.we.tricks, entries.we.honours) == (0, 0)
    assert entries.they.explanation == ("Spades not played (Spade Convention): 2",)


def test_the_two_points_count_toward_game():
    sheet = work_out([deal("H", (8, 5)), deal("S", None)], CONVENTION)
    assert sheet.game.points.we == 18


def test_the_maker_may_still_have_the_hand_played():
    # Rule II: the spade maker may take two or require the hand to be played out.
    entries = work_out([deal("S", (9, 4))], CONVENTION).deals[0].entries
    assert entries.we.tricks == 6


def refusal(deals, rules=CONVENTION):
    with pytest.raises(RubberError) as refused:
        work_out(deals, rules)
    return str(refused.value)


def test_it_is_refused_without_the_convention():
    assert refusal([deal("S", None)], Rules()) == (
        "deal 1: played: a deal may go unplayed only under the Spade Convention, not in force"
    )


def test_only_a_spade_make_may_go_unplayed():
    assert refusal([deal("C", None)]) == (
        "deal 1: played: only a spade make may go unplayed (Spade Convention)"
    )


def test_a_doubled_spade_make_must_be_played():
    assert refusal([deal("S", None, doubles=1)]) == (
        "deal 1: played: a doubled spade make must be played (Spade Convention I)"
    )


@pytest.mark.parametrize("scorer", ["we", "they"])
def test_with_either_side_at_twenty_the_hand_must_be_played(scorer):
    first = deal("D", (9, 4) if scorer == "we" else (4, 9))  # 18
    second = deal("S", (7, 6) if scorer == "we" else (6, 7))  # 2 more: 20
    label = "We" if scorer == "we" else "They"
    assert refusal([first, second, deal("S", None)]) == (
        f"deal 3: played: with {label} at 20 in this game, the hand must be played "
        "(Spade Convention I)"
    )


def test_under_twenty_in_a_new_game_it_may_go_unplayed_again():
    sheet = work_out([deal("NT", (12, 1)), deal("S", None)], CONVENTION)
    assert sheet.deals[1].entries.we.tricks == 2
