"""A rubber's deal known by its cards, as the site keeps and shows it (§9): kept in a line
and read back to the same cards, the honours and chicane the hands give and the result as
called checked against them, the hands picked one at a time, Elwell's diagram, what was
worked out, and the tricks as his table prints them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from scorer.engine import Call, Called, Honours, Maker, Pair, Side, Trump
from scorer.engine.cards import (
    CardError,
    Direction,
    Hand,
    Hands,
    Position,
    deal_hands,
    dealt,
    read_cards,
)

ELWELL = json.loads(
    (Path(__file__).parents[2] / "data" / "elwell-illustrative-hands.json").read_text()
)
# Illustrative Hand No. 6: Z deals and makes it hearts with four honours in one hand.
NO_6 = ELWELL["deals"][0]


def hands_of(data) -> Hands:
    return Hands.read(data["hands"])


def called(trump=Trump.HEARTS, dealer=Side.WE, **result) -> Called:
    return Called(dealer, trump, Maker.DEALER, 0, **result)


def test_hands_and_play_kept_in_a_line_read_back_to_the_same_cards():
    hands = hands_of(NO_6)
    line = dealt.hands_line(hands)
    assert line == "KJ.AKQJ8.KQ53.52 QT5.764.J972.876 A643.95.A4.AJ943 9872.T32.T86.KQT"
    assert Hands.read(dealt.hands_json(line)) == hands
    card_play = read_cards(NO_6, dealer=Side.WE, trump=Trump.HEARTS).card_play
    assert card_play is not None
    play = dealt.play_line(card_play)
    assert len(play) == 155
    assert play.startswith("D2 DA D6 D3 D4 D8 DK D7")
    assert dealt.play_json(play) == NO_6["play"]


def test_any_deal_kept_in_a_line_reads_back_the_same():
    rng = random.Random(9)
    for _ in range(200):
        hands = Hands.from_masks(hand.mask for hand in deal_hands(Direction.NORTH, rng=rng))
        line = dealt.hands_line(hands)
        assert len(line) == 67
        assert Hands.read(dealt.hands_json(line)) == hands


def test_the_hands_give_the_call_by_hand_and_the_chicane():
    gives = dealt.hands_give(hands_of(NO_6), Trump.HEARTS, Side.WE)
    assert gives.call == Call(Side.WE, Honours.FOUR_IN_ONE_HAND)
    assert gives.held == Pair((4, 0), (0, 1))
    assert gives.chicane == Pair(0, 0)
    # The same hands with the dealer's side They: the call follows the dealer.
    assert dealt.hands_give(hands_of(NO_6), Trump.HEARTS, Side.THEY).call == Call(
        Side.THEY, Honours.FOUR_IN_ONE_HAND
    )


def test_a_result_called_as_the_hands_give_it_agrees():
    hands = hands_of(NO_6)
    dealt.check_called(called(played=True, tricks=10, honours="we:FOUR_IN_ONE_HAND"), hands, "")


def test_honours_called_otherwise_than_the_hands_give_are_refused_naming_them():
    with pytest.raises(CardError) as refused:
        dealt.check_called(called(played=True, tricks=10, honours="we:FOUR"), hands_of(NO_6))
    assert refused.value.field == "honours"
    assert refused.value.problem == (
        "honours: the hands give We: four in one hand (We 4: the dealer 4, his partner 0; "
        "They 1: the leader 0, his partner 1), not We: four"
    )


def test_a_chicane_the_hands_do_not_give_is_refused_naming_the_hand():
    hands = Hands.read(ELWELL["deals"][2]["hands"])  # diamonds; the dealer's partner has none
    right = dealt.hands_give(hands, Trump.DIAMONDS, Side.WE)
    assert right.chicane == Pair(0, 0)
    with pytest.raises(CardError) as refused:
        dealt.check_called(
            called(
                Trump.DIAMONDS, played=True, tricks=7, honours=right.call.code, chicane=Pair(1, 0)
            ),
            hands,
        )
    assert refused.value.field == "chicane"
    assert refused.value.problem == "chicane: the hands give We 0 (both hold diamonds), not 1"


def test_with_a_play_the_tricks_called_must_be_the_plays():
    hands, play = hands_of(NO_6), NO_6["play"]
    line = " ".join(card for trick in play for card in trick)
    right = called(played=True, tricks=13, honours="we:FOUR_IN_ONE_HAND")
    dealt.check_called(right, hands, line)  # Z and Y win all thirteen: a grand slam
    with pytest.raises(CardError) as refused:
        dealt.check_called(
            called(played=True, tricks=10, honours="we:FOUR_IN_ONE_HAND"), hands, line
        )
    assert refused.value.field == "tricks"


def test_a_deal_not_yet_played_or_not_played_has_nothing_to_agree():
    dealt.check_called(called(), hands_of(NO_6))
    dealt.check_called(called(Trump.SPADES, played=False), hands_of(NO_6))


def test_hands_are_picked_thirteen_cards_at_a_time_and_the_last_is_what_is_left():
    hands = list(hands_of(NO_6))
    picked: list[Hand] = []
    for hand in hands[:3]:
        picked.append(dealt.picked_hand([str(card) for card in hand], picked, "a hand"))
    assert picked == hands[:3]
    assert dealt.last_hand(picked) == hands[3]
    left = dealt.left_to_pick(picked[:1])
    assert sum(len(ranks) for _, ranks in left) == 39


@pytest.mark.parametrize(
    ("chosen", "said"),
    [
        (["SA", "SK"], "Z's hand (the dealer's): 2 cards chosen; a hand is 13 cards"),
        ([], "Z's hand (the dealer's): 0 cards chosen; a hand is 13 cards"),
        (["SX"], "Z's hand (the dealer's): 'SX' is not a card"),
    ],
)
def test_a_hand_not_of_thirteen_cards_is_refused_in_a_sentence(chosen, said):
    with pytest.raises(CardError) as refused:
        dealt.picked_hand(chosen, [], dealt.position_words(Position.DEALER))
    assert refused.value.problem == said


def test_a_card_already_in_a_hand_is_refused_by_its_name():
    first = hands_of(NO_6).dealer  # holds the king of spades
    chosen = ["SK", *(str(card) for card in hands_of(NO_6).left)][:13]
    with pytest.raises(CardError) as refused:
        dealt.picked_hand(chosen, [first], "A's hand")
    assert refused.value.problem == "A's hand: the king of spades is in a hand already"


def test_the_diagram_puts_y_at_the_top_a_left_b_right_and_the_dealer_z_at_the_foot():
    hands = hands_of(NO_6)
    drawn = dealt.deal_diagram(hands, Trump.HEARTS)
    assert [seat.letter for seat in drawn.seats] == ["Y", "A", "B", "Z"]
    assert [seat.position for seat in drawn.seats] == [
        Position.PARTNER,
        Position.LEFT,
        Position.RIGHT,
        Position.DEALER,
    ]
    # Elwell's order of suits, spades, clubs, diamonds, hearts; the ten written 10.
    assert [f"{line.suit.symbol} {line.cards}" for line in drawn.foot.suits] == [
        "\u2660 K J",
        "\u2663 5 2",
        "\u2666 K Q 5 3",
        "\u2665 A K Q J 8",
    ]
    assert drawn.trump == "Hearts"
    assert drawn.honours == ("Z & Y: 4 honours in one hand 64",)


def test_what_was_worked_out_is_said_a_line_each():
    by_cards = read_cards(NO_6, dealer=Side.WE, trump=Trump.HEARTS)
    assert dealt.worked_words(by_cards) == (
        "Honours: We 4 (the dealer 4, his partner 0); They 1 (the leader 0, his partner 1)",
        "Chicane: none",
        "Tricks: We 13, They 0",
        "Revokes: none",
    )
    no_trump = ELWELL["deals"][1]  # given by its hands and its tricks: no play
    said = dealt.worked_words(read_cards(no_trump, dealer=Side.THEY, trump=Trump.NO_TRUMP))
    assert len(said) == 1
    assert said[0].startswith("Aces: ")


def test_the_tricks_are_rows_under_a_y_b_z_each_winner_marked():
    card_play = read_cards(NO_6, dealer=Side.WE, trump=Trump.HEARTS).card_play
    assert card_play is not None
    rows = dealt.trick_rows(card_play)
    assert len(rows) == 13
    first = rows[0]  # A led the two of diamonds, Y the ace won it
    assert [(card.suit.letter + card.rank, card.won) for card in first.cards] == [
        ("D2", False),
        ("DA", True),
        ("D6", False),
        ("D3", False),
    ]
    for row, trick in zip(rows, card_play.tricks, strict=True):
        assert [card.won for card in row.cards].count(True) == 1
        won = dealt.TRICK_COLUMNS[[card.won for card in row.cards].index(True)]
        assert won is trick.winner
    assert dealt.tricks_words(card_play) == "The dealer wins thirteen tricks."
