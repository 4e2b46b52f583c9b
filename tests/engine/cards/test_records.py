"""What a hand record and a curtain card say of a board: the four hands in Elwell's diagram
or by the compass, each seat named, and the honours and chicane each trump would give
(Laws 5, 6, 9), valued as the sheet values them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import Column, Deal, Pair, Play, Rules, Side, Trump, score_deal
from scorer.engine.cards import Direction, Hand, Hands, Position, Suit, honours_of
from scorer.engine.cards.records import (
    TRUMPS,
    Layout,
    boards_named,
    curtain_cards,
    diagram,
    honours_table,
    ranks_text,
)
from tests.support.cards import POSITIONS, hand_text, random_hands
from tests.support.examples import examples

# Elwell's Illustrative Hand No. 6 ("The dealer, Z, makes it hearts, having four honours in
# one hand"), as his diagram prints it: Y at the top, A left, B right, Z below, each hand's
# suits spades, clubs, diamonds, hearts, the ten written 10.
HAND_6 = Hands.of(
    Hand.parse("KJ.AKQJ8.KQ53.52"),  # Z
    Hand.parse("QT5.764.J972.876"),  # A
    Hand.parse("A643.95.A4.AJ943"),  # Y
    Hand.parse("9872.T32.T86.KQT"),  # B
)
BOOK_6 = {
    "top": ["A 6 4 3", "A J 9 4 3", "A 4", "9 5"],
    "left": ["Q 10 5", "8 7 6", "J 9 7 2", "7 6 4"],
    "right": ["9 8 7 2", "K Q 10", "10 8 6", "10 3 2"],
    "foot": ["K J", "5 2", "K Q 5 3", "A K Q J 8"],
}


def shown(seat):
    return [line.cards for line in seat.suits]


def test_elwells_diagram_draws_his_illustrative_hand_6_as_his_book_does():
    drawn = diagram(6, Direction.SOUTH, HAND_6, Layout.ELWELL)
    assert [(seat.place, seat.letter) for seat in drawn.seats] == [
        ("top", "Y"),
        ("left", "A"),
        ("right", "B"),
        ("foot", "Z"),
    ]
    assert {seat.place: shown(seat) for seat in drawn.seats} == BOOK_6
    assert [line.suit for line in drawn.foot.suits] == [
        Suit.SPADES,
        Suit.CLUBS,
        Suit.DIAMONDS,
        Suit.HEARTS,
    ]
    assert drawn.foot.name == "Z (dealer)"
    assert (drawn.title, drawn.dealer) == ("Board 6", "Dealer: South")


@pytest.mark.parametrize("dealer", list(Direction))
def test_elwells_diagram_puts_the_dealer_z_at_the_foot_whoever_deals(dealer):
    drawn = diagram(1, dealer, HAND_6, Layout.ELWELL)
    assert [seat.position for seat in drawn.seats] == [
        Position.PARTNER,
        Position.LEFT,
        Position.RIGHT,
        Position.DEALER,
    ]
    # The dealer's hand is the dealer's, whichever seat deals; its seat by the compass is
    # named beside Elwell's letter, for the board's pocket.
    assert shown(drawn.foot) == BOOK_6["foot"]
    assert drawn.foot.compass == dealer.label
    assert drawn.left.direction == dealer.left  # A sits on the dealer's left


@pytest.mark.parametrize("dealer", list(Direction))
def test_by_the_compass_north_is_at_the_top_west_left_east_right(dealer):
    drawn = diagram(5, dealer, HAND_6, Layout.COMPASS)
    assert [seat.direction for seat in drawn.seats] == [
        Direction.NORTH,
        Direction.WEST,
        Direction.EAST,
        Direction.SOUTH,
    ]
    names = {seat.direction: seat.name for seat in drawn.seats}
    assert names[dealer] == f"{dealer.label} (dealer)"
    assert sum("(dealer)" in name for name in names.values()) == 1
    # Suits as duplicate hand records print them, PBN's order.
    assert [line.suit for line in drawn.top.suits] == list(Suit)
    assert drawn.top.compass == ""


def test_the_ten_is_written_10_as_elwell_prints_it_and_a_void_as_a_dash():
    assert ranks_text(Hand.parse("AKT4...").ranks(Suit.SPADES)) == "A K 10 4"
    assert ranks_text(Hand.parse("AKT4...").ranks(Suit.HEARTS)) == "\u2014"


def test_hand_6s_honours_at_hearts_are_four_in_one_hand_for_z_and_y_law_6():
    hearts = diagram(6, Direction.SOUTH, HAND_6, Layout.ELWELL).honours[3]
    assert (hearts.sign, hearts.red) == ("\u2665", True)
    assert diagram(6, Direction.SOUTH, HAND_6, Layout.ELWELL).columns == ("Z", "Y", "A", "B")
    assert hearts.cells == ("4", "0", "0", "1")  # Z, Y, A, B
    assert hearts.words == "Z & Y: 4 honours in one hand 64"
    assert hearts.more == ()


def test_the_honours_come_in_the_order_of_the_table_of_law_6():
    drawn = diagram(6, Direction.SOUTH, HAND_6, Layout.COMPASS)
    assert [line.sign for line in drawn.honours] == ["\u2660", "\u2663", "\u2666", "\u2665", "NT"]
    assert drawn.columns == ("N", "S", "E", "W")
    # By the compass the sides are North–South and East–West: South deals, Z.
    assert drawn.honours[3].words == "N\u2013S: 4 honours in one hand 64"
    assert drawn.honours[3].cells == ("0", "4", "1", "0")


# Hearts: the dealer holds A K Q J, his partner no heart, the leader the ten. Diamonds: the
# dealer A K Q J, the leader the ten, the leader's partner no diamond. Spades: the dealer
# A K, his partner Q J, the leader the ten. Aces: the dealer three, the leader one.
VOIDS = Hands.read(
    {
        "dealer": "AK2.AKQJ.AKQJ.32",
        "left": "T3.T98765.T98.AK",
        "partner": "QJ4..765432.QJT9",
        "right": "98765.432..87654",
    }
)


def words(hands, trump, layout=Layout.ELWELL, dealer=Direction.SOUTH):
    line = diagram(1, dealer, hands, layout).honours[TRUMPS.index(trump)]
    return (line.words, *line.more)


def test_a_chicane_adds_three_honours_to_its_sides_honours_law_9():
    # Z & Y hold four in one hand at hearts, 64, and Y has no heart: 16 more.
    assert words(VOIDS, Trump.HEARTS) == ("Z & Y: 4 honours in one hand 64", "+ chicane 16 = 80")
    assert diagram(1, Direction.SOUTH, VOIDS, Layout.ELWELL).honours[3].cells == (
        "4",
        "void",
        "1",
        "0",
    )


def test_the_adversaries_chicane_comes_off_the_honours_law_9():
    # Diamonds: Z holds A K Q J (48), B has no diamond: 12 off.
    assert words(VOIDS, Trump.DIAMONDS) == (
        "Z & Y: 4 honours in one hand 48",
        "\u2212 B\u2019s chicane 12 = 36",
    )
    # By the compass the void hand is named by its seat: B is East when South deals.
    assert words(VOIDS, Trump.DIAMONDS, Layout.COMPASS)[1] == "\u2212 E\u2019s chicane 12 = 36"


def test_without_a_chicane_the_honours_are_their_line_alone():
    assert words(VOIDS, Trump.SPADES) == ("Z & Y: 4 honours 8",)


# Each hand a whole suit: the dealer spades, the leader hearts, and so on round.
ONE_SUIT_EACH = Hands.read(
    {
        "dealer": "AKQJT98765432...",
        "left": ".AKQJT98765432..",
        "partner": "..AKQJT98765432.",
        "right": "...AKQJT98765432",
    }
)


def test_both_sides_chicanes_are_applied_the_double_named_by_its_side_law_9():
    # Hearts: A holds all five in one hand; Z and Y have none: Z & Y's double chicane,
    # four honours' worth, comes off. B has none either: A & B's own chicane adds three.
    assert words(ONE_SUIT_EACH, Trump.HEARTS) == (
        "A & B: 5 honours in one hand 80",
        "+ chicane 16",
        "\u2212 Z & Y\u2019s double chicane 32 = 64",
    )


def test_aces_easy_score_nothing_at_no_trump_and_there_is_no_chicane_there():
    assert words(ONE_SUIT_EACH, Trump.NO_TRUMP) == ("aces easy",)
    line = diagram(1, Direction.SOUTH, ONE_SUIT_EACH, Layout.ELWELL).honours[4]
    assert line.cells == ("1", "1", "1", "1")
    assert words(VOIDS, Trump.NO_TRUMP) == ("Z & Y: 3 aces 30",)


@settings(max_examples=examples(300))
@given(st.randoms(use_true_random=False), st.sampled_from(list(Direction)))
def test_each_trumps_score_is_the_honour_column_of_the_sheet_for_that_deal(rng, dealer):
    """The same deal played at each trump, no slam, scored by the sheet: its honour
    column (honours, chicane added or taken off) is what the hand record says."""
    dealt = random_hands(lambda lo, hi: rng.randint(lo, hi))
    hands = Hands.read({position: hand_text(dealt[position]) for position in POSITIONS})
    for trump, row in zip(TRUMPS, honours_table(hands), strict=True):
        play = Play(
            tricks=Pair(7, 6),
            honours=honours_of(hands, trump, Side.WE),
            chicane=Pair(*row.chicane),
        )
        entries = score_deal(Deal(Side.WE, trump, play=play), Rules(), Pair(0, 0))
        honour_points = {
            side: sum(i.points for i in entries[side].items if i.column is Column.HONOURS)
            for side in (Side.WE, Side.THEY)
        }
        expected = dict.fromkeys((Side.WE, Side.THEY), 0)
        if row.scorer is not None:
            expected[row.scorer] = row.total
        assert honour_points == expected
    for line in diagram(1, dealer, hands, Layout.ELWELL).honours:
        held = sum(int(cell) for cell in line.cells if cell != "void")
        assert held == (4 if line.trump is Trump.NO_TRUMP else 5)


def test_curtain_cards_are_a_boards_four_hands_north_first():
    cards = curtain_cards(7, Direction.SOUTH, HAND_6, Layout.ELWELL)
    assert [card.seat.direction for card in cards] == list(Direction)
    assert {card.title for card in cards} == {"Board 7"}
    assert {card.dealer for card in cards} == {"Dealer: South"}
    assert [card.seat.role for card in cards] == [
        "Y, the dealer's partner",
        "B, the leader's partner",
        "Z, the dealer",
        "A, the leader",
    ]
    south = cards[Direction.SOUTH]
    assert shown(south.seat) == BOOK_6["foot"]
    by_the_compass = curtain_cards(7, Direction.SOUTH, HAND_6, Layout.COMPASS)
    assert [card.seat.role for card in by_the_compass] == [""] * 4


def test_a_set_of_boards_is_named_by_its_numbers():
    assert boards_named([7]) == "Board 7"
    assert boards_named([1, 2, 3]) == "Boards 1 to 3"
    assert boards_named([1, 3, 9]) == "3 boards"
