"""Properties every Whist sheet has, checked over random valid rubbers."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from scorer.engine import (
    SIDES,
    Pair,
    Penalty,
    Revoke,
    WhistRubber,
    read_whist_rubber,
    whist_rubber_json,
    work_out_whist,
)
from scorer.engine.whist.sheet import Scoring, score_deal
from tests.support.games import random_whist_deal, random_whist_rubber


@st.composite
def rubbers(draw: st.DrawFn) -> list:
    def choose(lo: int, hi: int) -> int:
        return draw(st.integers(lo, hi))

    return random_whist_rubber(choose)


@given(rubbers())
def test_a_game_score_never_exceeds_five_nor_falls_below_nothing(deals):
    sheet = work_out_whist(deals)
    standing = dict.fromkeys(SIDES, 0)
    for scored in sheet.deals:
        for side in SIDES:
            standing[side] += scored.entries[side].points
            assert 0 <= standing[side] <= 5
        if scored.won_game:
            standing = dict.fromkeys(SIDES, 0)
    for game in sheet.games:
        assert max(game.points.we, game.points.they) <= 5


@given(rubbers())
def test_nothing_carries_between_games(deals):
    sheet = work_out_whist(deals)
    for game in sheet.games:
        in_it = [d for d in sheet.deals if d.game == game.number]
        for side in SIDES:
            assert game.points[side] == sum(d.entries[side].points for d in in_it)
        if game.winner is not None:
            assert game.points[game.winner] == 5
            assert game.points[game.winner.other] < 5
            assert in_it[-1].won_game is game.winner
            assert in_it[-1].number == game.last_deal
        assert all(d.won_game is None for d in in_it[:-1])


@given(rubbers())
def test_the_net_is_the_difference_of_the_totals(deals):
    sheet = work_out_whist(deals)
    assert sheet.net.we == sheet.totals.we.total - sheet.totals.they.total == -sheet.net.they
    for side in SIDES:
        values = sum(g.value for g in sheet.games if g.winner is side and g.value)
        assert sheet.totals[side].games == values
        assert sheet.totals[side].rubber == (2 if sheet.winner is side else 0)


# Law 8, by the losers' score when the game ends: a treble if they have not scored, a
# double if they have scored one or two, a single if three or four.
GAME_VALUE_BY_THE_LOSERS_SCORE = {0: 3, 1: 2, 2: 2, 3: 1, 4: 1}


@given(rubbers())
def test_each_game_is_valued_by_the_losers_score(deals):
    sheet = work_out_whist(deals)
    for game in sheet.games:
        if game.winner is None:
            assert game.value is None
            continue
        in_it = [d for d in sheet.deals if d.game == game.number]
        losers = sum(d.entries[game.winner.other].points for d in in_it)
        assert game.value == GAME_VALUE_BY_THE_LOSERS_SCORE[losers]


@given(rubbers())
def test_a_finished_rubber_is_won_by_two_games_and_is_worth_at_most_eight(deals):
    sheet = work_out_whist(deals)
    if sheet.finished:
        assert sheet.games_won[sheet.winner] == 2
        assert len(sheet.games) in (2, 3)
        assert 0 < sheet.net[sheet.winner] <= 8
    else:
        assert sheet.game.winner is None


@given(rubbers())
def test_the_revoking_side_never_wins_the_game_in_the_deal_it_revoked(deals):
    for scored in work_out_whist(deals).deals:
        for revoke in scored.deal.revokes:
            assert scored.won_game is not revoke.by


@given(st.data())
def test_the_revoking_side_is_held_to_four_from_any_standing(data):
    def choose(lo: int, hi: int) -> int:
        return data.draw(st.integers(lo, hi))

    standing = Pair(choose(0, 4), choose(0, 4))
    deal = random_whist_deal(choose, SIDES[choose(0, 1)])
    revoke = Revoke(SIDES[choose(0, 1)], tuple(Penalty)[choose(0, 2)])
    deal = replace(deal, revokes=(*deal.revokes, revoke))
    entries, won = score_deal(deal, standing)
    for revoke in deal.revokes:
        assert won is not revoke.by
        assert standing[revoke.by] + entries[revoke.by].points <= 4


@given(rubbers())
def test_each_entry_is_the_sum_of_its_items(deals):
    for scored in work_out_whist(deals).deals:
        for side in SIDES:
            entry = scored.entries[side]
            for scoring in Scoring:
                figure = getattr(entry, scoring.value)
                assert figure == sum(i.points for i in entry.items if i.scoring is scoring)
            assert entry.tricks >= 0
            assert entry.honours >= 0


@given(rubbers())
def test_a_rubber_reads_back_as_it_was_written(deals):
    rubber = WhistRubber(tuple(deals))
    assert read_whist_rubber(whist_rubber_json(rubber)) == rubber
