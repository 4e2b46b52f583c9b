"""Who sits where and who deals next (Laws 18, 32), and chicane as a table calls it
(Law 9): questions the site asks of the engine, never counting round the table itself."""

from __future__ import annotations

import pytest

from scorer.engine import (
    SEATS,
    Call,
    Honours,
    Pair,
    RubberError,
    Side,
    Trump,
    chicane_refused,
    next_dealer,
    partner_of,
    side_of_seat,
)


def test_law_32_the_deal_passes_to_the_left():
    assert [next_dealer(seat) for seat in SEATS] == [1, 2, 3, 0]


def test_law_32_the_deal_passes_from_side_to_side_and_comes_round_in_four():
    for seat in SEATS:
        assert side_of_seat(next_dealer(seat)) is side_of_seat(seat).other
        assert next_dealer(next_dealer(next_dealer(next_dealer(seat)))) == seat


def test_law_18_partners_sit_opposite():
    assert [partner_of(seat) for seat in SEATS] == [2, 3, 0, 1]
    assert all(side_of_seat(partner_of(seat)) is side_of_seat(seat) for seat in SEATS)


def test_law_9_there_is_no_chicane_at_no_trump():
    called = Call(Side.WE, Honours.THREE_ACES)
    assert chicane_refused(Trump.NO_TRUMP, called, Pair(0, 1)) == [
        (None, "There is no chicane at no-trump, where there are no trumps.")
    ]
    assert chicane_refused(Trump.NO_TRUMP, called, Pair(0, 0)) == []


def test_a_void_hand_holds_no_honours_said_against_the_side_whose_chicane_cannot_be():
    four = Call(Side.WE, Honours.FOUR)  # four divided: neither of We's hands is void
    assert chicane_refused(Trump.HEARTS, four, Pair(1, 2)) == [
        (
            Side.WE,
            "We cannot have a hand void of trumps and hold four: a void hand holds no honours.",
        ),
        (
            Side.THEY,
            "They cannot have both hands void of trumps and hold the other honours: "
            "a void hand holds no honours.",
        ),
    ]


def test_a_chicane_the_call_leaves_room_for_is_allowed():
    in_one_hand = Call(Side.WE, Honours.FOUR_IN_ONE_HAND)
    assert chicane_refused(Trump.HEARTS, in_one_hand, Pair(1, 1)) == []
    assert chicane_refused(Trump.HEARTS, Call(Side.THEY, Honours.THREE), Pair(0, 1)) == []


def test_a_call_that_cannot_be_made_at_the_trump_is_refused_naming_the_honours():
    with pytest.raises(RubberError, match="cannot be called at Hearts") as refused:
        chicane_refused(Trump.HEARTS, Call(Side.WE, Honours.THREE_ACES), Pair(0, 0))
    assert refused.value.field == "honours"
