"""Honours and chicane counted from the hands for the trump declared (Laws 5, 6, 9)."""

from __future__ import annotations

from scorer.engine import Pair, Side, Trump
from scorer.engine.cards import Hands, chicane_of, honours_by_hand, honours_of, void_by_hand

# Hearts: the dealer holds the ace, king and queen, his partner the knave, the leader the
# ten. The leader holds no spade, the leader's partner no heart. Aces: the dealer three,
# the leader one.
DEALT = Hands.read(
    {
        "dealer": "AK4.AKQ2.T98.A65",
        "left": ".T76543.AK32.432",
        "partner": "QJT93.J98.Q76.KQ",
        "right": "87652..J54.JT987",
    }
)


def test_honours_are_the_five_highest_trumps_each_to_its_holder_laws_5_and_6():
    assert honours_by_hand(DEALT, Trump.HEARTS) == (3, 1, 1, 0)
    assert honours_of(DEALT, Trump.HEARTS, Side.WE) == Pair((3, 1), (1, 0))
    # Whoever deals, each side's honours are its own hands'.
    assert honours_of(DEALT, Trump.HEARTS, Side.THEY) == Pair((1, 0), (3, 1))


def test_honours_add_up_to_five_with_a_trump_suit():
    for trump in (Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS):
        assert sum(honours_by_hand(DEALT, trump)) == 5


def test_at_no_trump_the_honours_are_the_four_aces_law_5():
    assert honours_by_hand(DEALT, Trump.NO_TRUMP) == (3, 1, 0, 0)


def test_chicane_is_a_hand_without_a_trump_law_9():
    assert void_by_hand(DEALT, Trump.SPADES) == (False, True, False, False)
    assert chicane_of(DEALT, Trump.SPADES, Side.WE) == Pair(0, 1)
    assert chicane_of(DEALT, Trump.HEARTS, Side.WE) == Pair(0, 1)  # the right hand's


def test_both_hands_of_a_side_void_is_double_chicane():
    hands = Hands.read(
        {
            "dealer": "AKQJT98765432...",
            "left": ".AKQJT98765432..",
            "partner": "..AKQJT98765432.",
            "right": "...AKQJT98765432",
        }
    )
    assert chicane_of(hands, Trump.HEARTS, Side.WE) == Pair(2, 1)


def test_there_is_no_chicane_at_no_trump_law_9():
    assert void_by_hand(DEALT, Trump.NO_TRUMP) == (False, False, False, False)
    assert chicane_of(DEALT, Trump.NO_TRUMP, Side.WE) == Pair(0, 0)
