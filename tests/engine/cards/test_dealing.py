"""Boards dealt from a cryptographically secure shuffle, each by its dealer (§9)."""

from __future__ import annotations

import itertools
import math
import random

from scorer.engine.cards import Direction, deal_boards, deal_hands, dealer_of, shuffled
from scorer.engine.cards.dealing import ORDERS


def test_each_number_below_n_factorial_is_one_order_of_the_pack_each_order_once():
    """So a number drawn evenly gives every order of the pack evenly."""
    for cards in (3, 4, 5):
        orders = {tuple(shuffled(number, cards)) for number in range(math.factorial(cards))}
        assert orders == set(itertools.permutations(range(cards)))


def test_the_pack_has_52_factorial_orders_and_the_last_is_a_pack():
    assert math.factorial(52) == ORDERS
    assert sorted(shuffled(ORDERS - 1)) == list(range(52))


def test_each_hand_is_thirteen_of_the_fifty_two_cards():
    for board in deal_boards(20):
        masks = [hand.mask for hand in board.hands]
        assert [len(hand) for hand in board.hands] == [13, 13, 13, 13]
        assert masks[0] | masks[1] | masks[2] | masks[3] == (1 << 52) - 1


class Drawn(random.Random):
    """A source that draws the number it is told to."""

    def __init__(self, number):
        super().__init__()
        self.number = number

    def randrange(self, stop, *args, **kwargs):
        assert stop == ORDERS
        return self.number


def test_the_dealer_deals_from_his_left_a_card_at_a_time():
    number = 1905**8
    pack = shuffled(number)
    north, east, south, west = deal_hands(Direction.SOUTH, Drawn(number))
    assert west.mask >> pack[0] & 1  # the first card to the dealer's left
    assert north.mask >> pack[1] & 1
    assert east.mask >> pack[2] & 1
    assert south.mask >> pack[3] & 1  # the dealer's own last in each round
    assert west.mask >> pack[4] & 1


def test_board_b_is_dealt_by_north_east_south_west_for_b_1_2_3_4():
    assert [dealer_of(b) for b in range(1, 10)] == [
        Direction.NORTH,
        Direction.EAST,
        Direction.SOUTH,
        Direction.WEST,
    ] * 2 + [Direction.NORTH]
    boards = deal_boards(6, first=3)
    assert [(b.number, b.dealer) for b in boards] == [(n, dealer_of(n)) for n in range(3, 9)]


def test_the_shuffle_is_drawn_from_the_systems_random_source(monkeypatch):
    """secrets.SystemRandom: the operating system's source, which no seed repeats."""
    drawn = []
    bits = random.Random(7).getrandbits

    def system(self, k):
        drawn.append(k)
        return bits(k)

    monkeypatch.setattr(random.SystemRandom, "getrandbits", system)
    deal_boards(3)
    assert len(drawn) >= 3
    assert all(k == ORDERS.bit_length() for k in drawn)


def test_the_same_seed_deals_the_same_boards_and_fresh_shuffles_differ():
    assert deal_boards(4, rng=random.Random(1)) == deal_boards(4, rng=random.Random(1))
    assert deal_boards(1)[0].hands != deal_boards(1)[0].hands
