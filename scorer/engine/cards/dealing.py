"""Dealing boards from a cryptographically secure shuffle (§9).

A shuffle is one draw from the operating system's random source (`secrets.SystemRandom`)
of a number below 52!, the number of orders of the pack: every order is then equally
likely. The number is read as the choices of a Fisher–Yates shuffle (at each step a card
from those left, `divmod` by how many are left), which gives each number its own order.
The dealer deals the pack one card at a time to each player in turn, from his left.

Board *b* is dealt by North, East, South, West for *b* = 1, 2, 3, 4, and so on round
(`dealer_of`); 1905 has no vulnerability.
"""

from __future__ import annotations

import math
import random
import secrets

from scorer.engine.cards.hands import Direction, Hand
from scorer.engine.cards.pbn import Board, dealer_of

ORDERS = math.factorial(52)  # the orders of a pack of fifty-two
# Only a source the operating system keeps: a deal no one can foresee or repeat.
SECURE = secrets.SystemRandom()


def shuffled(number: int, cards: int = 52) -> list[int]:
    """The order of the pack (card numbers, top first) that `number`, from 0 to
    cards! − 1, stands for: each number its own order."""
    pack = list(range(cards))
    for left in range(cards, 1, -1):
        number, chosen = divmod(number, left)
        pack[left - 1], pack[chosen] = pack[chosen], pack[left - 1]
    return pack


def deal_hands(dealer: Direction, rng: random.Random = SECURE) -> tuple[Hand, Hand, Hand, Hand]:
    """Four hands by the compass (N, E, S, W), from a fresh shuffle of the pack dealt from
    the dealer's left."""
    pack = shuffled(rng.randrange(ORDERS))
    masks = [0, 0, 0, 0]
    seat = (dealer + 1) % 4
    for card in pack:
        masks[seat] |= 1 << card
        seat = (seat + 1) & 3
    north, east, south, west = (Hand(mask) for mask in masks)
    return (north, east, south, west)


def deal_boards(count: int, *, first: int = 1, rng: random.Random = SECURE) -> tuple[Board, ...]:
    """`count` boards numbered from `first`, each freshly shuffled and dealt by its dealer."""
    if count < 0 or first < 1:
        raise ValueError("boards are counted from 1, and a count is 0 or more")
    boards = []
    for number in range(first, first + count):
        dealer = dealer_of(number)
        boards.append(Board(number=number, dealer=dealer, hands=deal_hands(dealer, rng)))
    return tuple(boards)
