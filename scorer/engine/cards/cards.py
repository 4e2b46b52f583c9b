"""The fifty-two cards: suits, ranks and a card, written as PBN writes them (§9).

A card is suit then rank, `SA` or `HT`; suits come in PBN's order, spades, hearts,
diamonds, clubs, and ranks from the ace down to the two, the ten written `T`.

Inside, each card is also a number from 0 to 51, suit by suit in PBN's order and rank by
rank upwards within its suit (`card.index`), and a set of cards is the sum of `1 << index`
over its cards (a bitmask): so the higher of two cards of a suit is the one with the higher
number, and a hand's cards of a suit are its bits under `SUIT_MASKS[suit]`. The dataclasses
are the edges; the work on a deal is done on these numbers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import IntEnum

from scorer.engine.cards.errors import CardError
from scorer.engine.model import Trump


class Suit(IntEnum):
    """A suit, numbered in PBN's order (spades, hearts, diamonds, clubs)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "\u2660\u2665\u2666\u2663"[self]  # ♠ ♥ ♦ ♣

    @property
    def red(self) -> bool:
        """Hearts and diamonds, printed red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def label(self) -> str:
        """As the laws write it in a sentence: "hearts"."""
        return ("spades", "hearts", "diamonds", "clubs")[self]

    @property
    def trump(self) -> Trump:
        """This suit declared trumps."""
        return (Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS)[self]

    @staticmethod
    def of(trump: Trump) -> Suit | None:
        """The suit of a declaration; None at no-trump."""
        return _SUIT_OF_TRUMP.get(trump)


_SUIT_OF_TRUMP = {suit.trump: suit for suit in Suit}


class Rank(IntEnum):
    """A rank, by its pips: the knave 11, the queen 12, the king 13, the ace 14 (Bridge
    plays the ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return RANK_LETTERS[self - 2]


RANK_LETTERS = "23456789TJQKA"  # by pips, upwards; PBN writes them the other way
SUIT_LETTERS = "SHDC"


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the fifty-two: `Card(Suit.SPADES, Rank.ACE)`, written `SA`."""

    suit: Suit
    rank: Rank

    @property
    def index(self) -> int:
        """The card's number from 0 to 51: suit by suit, and upwards within the suit."""
        return self.suit * 13 + self.rank - 2

    def __str__(self) -> str:
        return self.suit.letter + self.rank.letter

    @staticmethod
    def parse(text: str) -> Card:
        """`SA`, `HT`, `C2`: the suit's letter then the rank's, as PBN writes a card."""
        index = CARD_INDEX.get(text)
        if index is None:
            raise CardError(f"{_shown(text)} is not a card ({CARD_FORM})")
        return CARDS[index]


CARD_FORM = 'a suit S, H, D or C then a rank A K Q J T 9 8 7 6 5 4 3 2, as "SA" or "HT"'

CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
# "SA" -> 12, and so on: every card's name, to its number.
CARD_INDEX: dict[str, int] = {str(card): card.index for card in CARDS}
SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * suit) for suit in Suit)
ALL_CARDS = (1 << 52) - 1
# The honours of each trump suit (A K Q J T), and the four aces at no-trump (Law 5).
HONOUR_MASKS: dict[Trump, int] = {
    suit.trump: 0b11111 << (13 * suit + Rank.TEN - 2) for suit in Suit
} | {Trump.NO_TRUMP: sum(1 << (13 * suit + Rank.ACE - 2) for suit in Suit)}


# Each card's number, in PBN's order: spades first, each suit from its highest card.
PBN_ORDER: tuple[int, ...] = tuple(13 * suit + pips for suit in Suit for pips in range(12, -1, -1))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a set, in PBN's order."""
    return tuple(CARDS[index] for index in PBN_ORDER if mask >> index & 1)


def shown(value: object) -> str:
    """A value from a file, as JSON writes it, cut short for a message."""
    return _shown(value)


def _shown(value: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
