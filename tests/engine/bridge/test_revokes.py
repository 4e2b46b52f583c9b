"""Revokes (Laws 85–96)."""

from __future__ import annotations

import pytest

from scorer.engine import Pair, Side, tricks_after_revokes, work_out
from tests.support.rubbers import deal


def after(tricks, revokes):
    play = deal("H", tricks, revokes=revokes).play
    result = tricks_after_revokes(play)
    return (result.we, result.they)


def test_law_87_each_revoke_moves_three_tricks_to_the_adversaries():
    assert after((9, 4), (1, 0)) == (6, 7)
    assert after((9, 4), (0, 2)) == (13, 0)


def test_law_87_the_penalty_tricks_score_for_the_adversaries():
    # We won 8 in play at hearts but revoked once: They have 8 and score 2 by-cards.
    entries = work_out([deal("H", (8, 5), revokes=(1, 0))]).deals[0].entries
    assert (entries.we.tricks, entries.they.tricks) == (0, 16)
    assert "revoke: 3 tricks to the adversaries (Law 87)" in entries.we.explanation
    assert "their revoke: 3 tricks to this side (Law 87)" in entries.they.explanation


def test_law_96_the_penalty_never_exceeds_thirteen_tricks():
    assert after((13, 0), (5, 0)) == (0, 13)
    entries = work_out([deal("S", (13, 0), revokes=(5, 0))]).deals[0].entries
    assert "5 revokes: 13 tricks to the adversaries (Laws 87, 96)" in entries.we.explanation


def test_a_side_cannot_lose_more_tricks_than_it_won():
    assert after((2, 11), (1, 0)) == (0, 13)


def test_revokes_on_both_sides_net_out():
    assert after((9, 4), (1, 1)) == (9, 4)
    assert after((9, 4), (2, 1)) == (6, 7)


def test_law_89_the_revoking_side_is_held_to_28_toward_game():
    # We stand at 24; 13 tricks less 3 for the revoke is 4 by-cards at hearts (32), which
    # would be game, but We revoked: 4 count, 28 are lost.
    sheet = work_out([deal("D", (10, 3)), deal("H", (13, 0), revokes=(1, 0))])
    second = sheet.deals[1].entries.we
    assert second.tricks == 28 - 24
    assert "revoke: held to 28 toward game (Law 89) — 28 points lost" in second.explanation
    assert sheet.game.winner is None
    assert sheet.game.points.we == 28


def test_law_89_whatever_the_previous_score_the_revoking_side_may_reach_28():
    entries = work_out([deal("NT", (13, 0), revokes=(1, 0))]).deals[0].entries
    assert entries.we.tricks == 28


def test_law_89_a_score_that_stays_under_28_is_not_cut():
    entries = work_out([deal("S", (13, 0), revokes=(1, 0))]).deals[0].entries
    assert entries.we.tricks == 8
    assert not any("held to 28" in text for text in entries.we.explanation)


def test_law_95_when_both_sides_revoke_neither_wins_the_game():
    sheet = work_out([deal("NT", (12, 1), revokes=(1, 1))])
    assert sheet.deals[0].entries.we.tricks == 28
    assert sheet.game.winner is None


def test_the_side_that_did_not_revoke_can_win_the_game():
    sheet = work_out([deal("NT", (12, 1), revokes=(0, 1))])
    assert sheet.deals[0].won_game is Side.WE


def test_law_88_the_penalty_applies_only_in_its_own_game():
    # The revoke holds We at 28 in the first game; the next game starts afresh.
    sheet = work_out([deal("NT", (12, 1), revokes=(1, 0)), deal("NT", (1, 12)), deal("NT", (9, 4))])
    assert [g.points for g in sheet.games] == [Pair(28, 72), Pair(36, 0), Pair(0, 0)]
    assert sheet.games[1].winner is Side.WE


@pytest.mark.parametrize("revokes", [(1, 0), (0, 1), (2, 1), (3, 3)])
def test_revokes_leave_honours_alone(revokes):
    entries = work_out([deal("H", (7, 6), ((4, 0), (1, 0)), revokes=revokes)]).deals[0].entries
    assert entries.we.honours == 64
