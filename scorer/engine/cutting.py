"""Cutting for deal and for partners (Laws 14–20).

The ace is the lowest card (Law 14) and every player cuts from the same pack (Law 15).
Cutting for deal, the lowest deals. Cutting for partners, the two lowest play against the
two highest and the lowest deals (Law 18). Players who cut cards of equal value cut again,
but only where the tie decides something: who deals (Law 19) or, for partners, where the
two pairs divide (Law 20, whose three-way ties this rule covers).

Three playing Bridge, they cut for the dummy: the lowest has the deal and the dummy first,
and the others have it in turn in the order of the cut (Bridge for Three Players), so every
tie is cut again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")  # ace low
SUITS = ("\u2660", "\u2665", "\u2666", "\u2663")  # ♠ ♥ ♦ ♣
PACK = tuple((rank, suit) for suit in SUITS for rank in range(1, 14))


@dataclass(frozen=True, slots=True)
class Card:
    rank: int  # 1 for the ace, 13 for the king
    suit: str

    def __str__(self) -> str:
        return f"{RANKS[self.rank - 1]}{self.suit}"


@dataclass(frozen=True, slots=True)
class Cut:
    """The cards each player drew, round by round, and the players from lowest to highest.

    Players are named by their index in the list given to the cut.
    """

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    order: tuple[int, ...]

    @property
    def dealer(self) -> int:
        return self.order[0]

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The dealer and his partner (the two lowest), then the two highest (Law 18)."""
        return (self.order[0], self.order[1]), (self.order[2], self.order[3])


def cut_for_deal(players: int, rng: random.Random) -> Cut:
    """The lowest card deals; a tie for lowest cuts again (Laws 14, 19)."""
    return _cut(players, rng, boundaries=(0,))


def cut_for_partners(rng: random.Random) -> Cut:
    """Four players: the two lowest against the two highest, the lowest dealing (Laws 18–20)."""
    return _cut(4, rng, boundaries=(0, 1))


def cut_for_the_dummy(rng: random.Random) -> Cut:
    """Three players, ordered from the lowest: the order in which they have the dummy, the
    lowest dealing first (Bridge for Three Players)."""
    return _cut(3, rng, boundaries=(0, 1))


def cut_in_order(players: int, rng: random.Random) -> Cut:
    """Players in order from the lowest card, every tie cut again: for places at a table
    and for cutting out (Laws 17, 23), where any two places may differ."""
    return _cut(players, rng, boundaries=range(players - 1))


def _cut(players: int, rng: random.Random, boundaries: Sequence[int]) -> Cut:
    """Order the players by the cards they cut. A boundary k separates the players in
    places k and k + 1 (from 0, lowest first): ties across a boundary are cut again."""
    if players < 2:
        raise ValueError("a cut needs two players or more")
    pack: list[Card] = []
    rounds: list[tuple[tuple[int, Card], ...]] = []
    order = _order(list(range(players)), 0, rng, pack, rounds, boundaries)
    return Cut(tuple(rounds), tuple(order))


def _order(
    players: list[int],
    first_place: int,
    rng: random.Random,
    pack: list[Card],
    rounds: list[tuple[tuple[int, Card], ...]],
    boundaries: Sequence[int],
) -> list[int]:
    if len(pack) < len(players):  # a fresh pack, or the cards gathered and shuffled again
        pack[:] = [Card(rank, suit) for rank, suit in PACK]
        rng.shuffle(pack)
    drawn = tuple((player, pack.pop()) for player in players)
    rounds.append(drawn)
    order: list[int] = []
    for rank in sorted({card.rank for _, card in drawn}):
        tied = [player for player, card in drawn if card.rank == rank]
        place = first_place + len(order)
        last = place + len(tied) - 1
        if len(tied) > 1 and any(place <= k < last for k in boundaries):
            tied = _order(tied, place, rng, pack, rounds, boundaries)
        order += tied
    return order
