"""Properties every three-handed sheet has, checked over random valid rubbers and games."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorer.engine import (
    SIDES,
    THREE_HANDED,
    Rubber,
    RubberError,
    Rules,
    Side,
    ThreeHandedRules,
    Unit,
    read_rubber,
    rubber_json,
    work_out,
)
from tests.support.games import random_three_handed_rubber, random_three_handed_rules


@st.composite
def rubbers(draw: st.DrawFn) -> tuple[ThreeHandedRules, list]:
    def choose(lo: int, hi: int) -> int:
        return draw(st.integers(lo, hi))

    rules = random_three_handed_rules(choose)
    return rules, random_three_handed_rubber(choose, rules)


@given(rubbers(), st.booleans())
def test_the_shares_of_a_three_handed_rubber_add_up_to_nothing(rubber, abandoned_counts):
    rules, deals = rubber
    sheet = work_out(deals, rules)
    value = THREE_HANDED.money.value(sheet, abandoned_counts=abandoned_counts)
    shares = THREE_HANDED.money.shares(value)
    assert sum(share.points for share in shares) == 0
    assert shares[0].points == 2 * value  # the dummy's holder, in both of We's seats
    assert sorted(seat for share in shares for seat in share.seats) == [0, 1, 2, 3]


@given(rubbers())
def test_three_players_score_every_deal_as_four_do(rubber):
    rules, deals = rubber
    three = work_out(deals, rules)
    four = work_out(deals[: len(three.deals)], Rules(rules.doubling_limit, rules.spade_convention))
    assert [d.entries for d in three.deals] == [d.entries for d in four.deals]


@given(rubbers())
def test_a_game_scored_as_a_unit_ends_the_sheet_and_its_winners_add_50(rubber):
    rules, deals = rubber
    sheet = work_out(deals, rules)
    bonus = 50 if rules.unit is Unit.GAME else 100
    for side in SIDES:
        assert sheet.totals[side].rubber == (bonus if sheet.winner is side else 0)
    if rules.unit is Unit.GAME:
        assert len(sheet.games) == 1
        assert sheet.finished == (sheet.games[0].winner is not None)
        assert sheet.net.we == sheet.totals.we.total - sheet.totals.they.total


@given(rubbers(), st.integers(2, 5))
def test_the_dummys_holder_dealing_never_redoubles(rubber, doubles):
    rules, deals = rubber
    ours = [i for i, deal in enumerate(deals) if deal.dealer is Side.WE and deal.play]
    assume(ours)  # a rubber in which the dummy's holder dealt and the deal was played
    at = ours[0]
    redoubled = [*deals[:at], replace(deals[at], doubles=doubles)]
    with pytest.raises(RubberError, match="may not redouble") as refused:
        work_out(redoubled, rules)
    assert (refused.value.deal, refused.value.field) == (at + 1, "doubles")


@given(rubbers())
def test_a_three_handed_rubber_reads_back_as_it_was_written(rubber):
    rules, deals = rubber
    original = Rubber(rules, tuple(deals), None)
    assert read_rubber(rubber_json(original)) == original
