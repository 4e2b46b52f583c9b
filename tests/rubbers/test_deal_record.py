"""A deal goes from the engine to its row and back by one mapping (`Deal.record`, then
`Deal.called`), for every game: the table's writes, a replay and an import all keep a deal
as the engine calls it, declared only or with its result."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer import engine
from scorer.rubbers.models import Deal
from tests.support.games import (
    random_three_handed_rubber,
    random_three_handed_rules,
    random_whist_rubber,
)
from tests.support.rubbers import random_rubber, random_rules

RUBBERS = {
    engine.BRIDGE.code: lambda choose: random_rubber(choose, random_rules(choose)),
    engine.THREE_HANDED.code: lambda choose: random_three_handed_rubber(
        choose, random_three_handed_rules(choose)
    ),
    engine.WHIST.code: random_whist_rubber,
}


def row_of(called: engine.Called, seat: int) -> Deal:
    row = Deal(number=1)
    row.record(called, dealer=seat)
    return row


@pytest.mark.parametrize("code", sorted(RUBBERS))
@given(data=st.data())
def test_a_deal_recorded_in_its_row_is_called_back_as_the_engine_called_it(code, data):
    game = engine.find_game(code)
    deals = RUBBERS[code](lambda lo, hi: data.draw(st.integers(lo, hi)))
    for deal in deals:
        called = game.laws.called_of(deal)
        seat = data.draw(st.sampled_from(engine.seats_of(called.dealer)))
        row = row_of(called, seat)
        assert (row.called(), row.dealer) == (called, seat)


@pytest.mark.parametrize("code", sorted(RUBBERS))
@given(data=st.data())
def test_a_deal_declared_only_keeps_no_result_in_its_row(code, data):
    game = engine.find_game(code)
    deals = RUBBERS[code](lambda lo, hi: data.draw(st.integers(lo, hi)))
    for deal in deals:
        called = game.laws.called_of(deal)
        declared = engine.Called(called.dealer, called.trump, called.maker, called.doubles)
        row = row_of(called, engine.seats_of(called.dealer)[0])
        row.record(declared)  # the result taken back: the deal in progress again
        assert row.called() == declared
        assert (row.played, row.tricks, row.honours, row.penalties) == (None, None, "", [])
        assert row.snapshot() == row_of(declared, row.dealer).snapshot()


def test_a_deal_not_played_keeps_nothing_of_a_result_but_that():
    """The Spade Convention: the deal passed unplayed records no tricks, honours, chicane
    nor revokes, whatever the row held before."""
    played = engine.Called(
        engine.Side.WE,
        engine.Trump.SPADES,
        played=True,
        tricks=9,
        honours="we:FOUR_IN_ONE_HAND",
        chicane=engine.Pair(1, 0),
        revokes=engine.Pair(0, 1),
    )
    row = row_of(played, 0)
    row.record(replace(played, played=False))
    assert row.called() == engine.Called(engine.Side.WE, engine.Trump.SPADES, played=False)
