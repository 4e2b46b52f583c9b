"""Cards, hands and the deal of fifty-two, as §9 writes them."""

from __future__ import annotations

import pytest

from scorer.engine import RubberError, Side
from scorer.engine.cards import (
    CARDS,
    ELWELL_DEALER,
    Card,
    CardError,
    Direction,
    Hand,
    Hands,
    Position,
    Rank,
    Suit,
)

DEALT = {
    "dealer": "AK43.QJ2.T98.765",
    "left": "QJT9.AK3.AK2.432",
    "partner": "8765.T98.Q76.AKQ",
    "right": "2.7654.J543.JT98",
}


def test_a_card_is_suit_then_rank():
    assert Card.parse("SA") == Card(Suit.SPADES, Rank.ACE)
    assert Card.parse("HT") == Card(Suit.HEARTS, Rank.TEN)
    assert str(Card(Suit.CLUBS, Rank.TWO)) == "C2"


@pytest.mark.parametrize("text", ["AS", "S10", "sa", "SX", "", "SAK"])
def test_a_card_not_written_as_pbn_writes_it_is_refused(text):
    with pytest.raises(CardError, match="is not a card"):
        Card.parse(text)


def test_the_pack_is_fifty_two_different_cards_in_pbn_order():
    assert len(set(CARDS)) == 52
    assert [card.index for card in CARDS] == list(range(52))
    assert str(CARDS[0]) == "S2"
    assert str(CARDS[51]) == "CA"


def test_a_hand_reads_and_writes_as_pbn_does():
    hand = Hand.parse("AK43.QJ2.T98.765")
    assert len(hand) == 13
    assert str(hand) == "AK43.QJ2.T98.765"
    assert [str(card) for card in hand][:5] == ["SA", "SK", "S4", "S3", "HQ"]
    assert hand.ranks(Suit.DIAMONDS) == (Rank.TEN, Rank.NINE, Rank.EIGHT)
    assert Card.parse("HJ") in hand
    assert Card.parse("HA") not in hand


def test_a_void_is_left_empty():
    hand = Hand.parse(".AKQJT98765.32.2")
    assert not hand.holds(Suit.SPADES)
    assert hand.holds(Suit.HEARTS)
    assert str(hand) == ".AKQJT98765.32.2"


def test_ranks_in_another_order_are_read_and_written_high_to_low():
    assert str(Hand.parse("34KA.2JQ.89T.576")) == "AK43.QJ2.T98.765"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("AK43.QJ2.T98", "is not a hand"),
        ("AK43.QJ2.T98.765.2", "is not a hand"),
        ("AK43.QJ2.T98.76X", '"X" is not a rank'),
        ("AK10.QJ2.T98.765", '"1" is not a rank'),
        ("AKA3.QJ2.T98.765", "gives the SA twice"),
    ],
)
def test_a_hand_written_wrongly_is_refused_saying_why(text, says):
    with pytest.raises(CardError, match=says):
        Hand.parse(text)


def test_a_deal_is_four_hands_of_thirteen_fifty_two_different_cards():
    hands = Hands.read(DEALT)
    assert hands.json() == DEALT
    assert hands.holder(Card.parse("CA")) is Position.PARTNER


def test_a_hand_of_fourteen_cards_is_refused_naming_the_hand():
    with pytest.raises(CardError) as refused:
        Hands.read(DEALT | {"left": "QJT9.AK3.AK2.5432"})
    assert str(refused.value) == (
        "hands: the leader's hand holds 14 cards, not 13 (QJT9.AK3.AK2.5432)"
    )
    assert refused.value.field == "hands"


def test_a_hand_of_twelve_cards_is_refused_naming_the_hand():
    with pytest.raises(CardError, match="the dealer's partner's hand holds 12 cards, not 13"):
        Hands.read(DEALT | {"partner": "8765.T98.Q76.AK"})


def test_a_card_twice_is_refused_with_the_card_missing():
    # The right-hand hand gives the SA (the dealer's) in place of its S2.
    with pytest.raises(CardError) as refused:
        Hands.read(DEALT | {"right": "A.7654.J543.JT98"})
    assert str(refused.value) == (
        "hands: the SA is in both the dealer's hand and the leader's partner's, and the S2 in none"
    )


def test_hands_must_be_the_four_positions():
    with pytest.raises(CardError, match="'dealer', 'left', 'partner' and 'right'"):
        Hands.read({"N": "AK43.QJ2.T98.765"})
    with pytest.raises(CardError, match=r"hands\.left must be a hand written as PBN"):
        Hands.read(DEALT | {"left": 13})
    with pytest.raises(CardError, match=r"hands\.right: \"2\.7654\.J543\" is not a hand"):
        Hands.read(DEALT | {"right": "2.7654.J543"})


def test_a_card_error_is_a_rubber_error_placed_at_its_deal():
    with pytest.raises(CardError) as refused:
        Hands.read(DEALT | {"partner": "8765.T98.Q76.AK"})
    placed = refused.value.at(3)
    assert isinstance(placed, RubberError)
    assert isinstance(placed, CardError)
    assert str(placed).startswith("deal 3: hands: the dealer's partner's hand holds 12")
    assert (placed.deal, placed.field) == (3, "hands")


def test_positions_run_to_the_left_from_the_dealer():
    assert [p.letter for p in Position] == ["Z", "A", "Y", "B"]  # Elwell's letters
    assert Position.LEFT.label == "the leader"
    assert Position.PARTNER.partner is Position.DEALER
    assert Position.DEALER.side(Side.THEY) is Side.THEY
    assert Position.LEFT.side(Side.THEY) is Side.WE


def test_elwell_draws_the_dealer_south_the_leader_west():
    """§9: Z (the dealer) South, A (the leader) West, Y North, B East."""
    seats = {p.letter: p.direction(ELWELL_DEALER) for p in Position}
    assert seats == {
        "Z": Direction.SOUTH,
        "A": Direction.WEST,
        "Y": Direction.NORTH,
        "B": Direction.EAST,
    }
    hands = Hands.read(DEALT)
    by_compass = hands.by_direction(ELWELL_DEALER)
    assert str(by_compass[Direction.WEST]) == DEALT["left"]
    assert Hands.at(by_compass, ELWELL_DEALER) == hands
