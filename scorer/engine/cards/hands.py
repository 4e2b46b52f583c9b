"""Hands and the deal of four: who holds what, and where each player sits (§9).

A hand is written as PBN writes it, spades.hearts.diamonds.clubs, each suit's ranks high to
low and a void left empty: `AK43.QJ2.T98.765`, `.AKQJT98765.32.2`.

The players are named by their place from the dealer (`Position`): the dealer, on his left
the leader (the eldest hand, who leads to the first trick), the dealer's partner (whose
hand is the dummy) and the leader's partner. Elwell's diagrams letter them Z, A, Y and B.
PBN names the seats by the compass (`Direction`); Elwell's diagrams draw the dealer at the
foot, so a rubber's deal goes into PBN with Z South, A West, Y North and B East.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import IntEnum

from scorer.engine.cards.cards import (
    ALL_CARDS,
    CARDS,
    RANK_LETTERS,
    SUIT_MASKS,
    Card,
    Rank,
    Suit,
    cards_of,
    shown,
)
from scorer.engine.cards.errors import CardError
from scorer.engine.model import Side

HAND_FORM = "four suits, spades.hearts.diamonds.clubs, each suit's ranks high to low"


class Position(IntEnum):
    """A player's place at the table, counted to the left from the dealer."""

    DEALER = 0
    LEFT = 1  # the leader, the eldest hand
    PARTNER = 2  # the dealer's partner: his hand is the dummy
    RIGHT = 3  # the leader's partner

    @property
    def key(self) -> str:
        """The position in elwell-rubber/1's `hands`: "dealer", "left", "partner", "right"."""
        return ("dealer", "left", "partner", "right")[self]

    @property
    def label(self) -> str:
        """In a sentence: "the dealer", "the leader", "the dealer's partner"."""
        return ("the dealer", "the leader", "the dealer's partner", "the leader's partner")[self]

    @property
    def letter(self) -> str:
        """Elwell's letter for the position in his diagrams: Z, A, Y, B."""
        return "ZAYB"[self]

    @property
    def partner(self) -> Position:
        return Position((self + 2) % 4)

    @property
    def deals(self) -> bool:
        """The dealer's side: the dealer and his partner."""
        return self % 2 == 0

    def side(self, dealer: Side) -> Side:
        """The position's side on the sheet, given the dealer's side."""
        return dealer if self % 2 == 0 else dealer.other

    def direction(self, dealer: Direction) -> Direction:
        """Where the position sits when the dealer sits at `dealer`."""
        return Direction((dealer + self) % 4)


POSITIONS = tuple(Position)
_POSITION_OF_KEY = {position.key: position for position in Position}


class Direction(IntEnum):
    """A seat by the compass, as PBN names it; numbered clockwise, the way the deal goes."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def label(self) -> str:
        return ("North", "East", "South", "West")[self]

    @property
    def left(self) -> Direction:
        """The seat on this one's left: the next clockwise."""
        return Direction((self + 1) % 4)

    def position(self, dealer: Direction) -> Position:
        """Who sits here when the dealer sits at `dealer`."""
        return Position((self - dealer) % 4)

    @staticmethod
    def parse(letter: str) -> Direction:
        """N, E, S or W (PBN also allows lower case)."""
        found = _DIRECTION_OF_LETTER.get(letter.upper()) if len(letter) == 1 else None
        if found is None:
            raise CardError(f"{shown(letter)} is not a seat (N, E, S or W)")
        return found


DIRECTIONS = tuple(Direction)
_DIRECTION_OF_LETTER = {direction.letter: direction for direction in Direction}
# Elwell draws the dealer, Z, at the foot of his diagrams: South, so A is West, Y North, B
# East (§9).
ELWELL_DEALER = Direction.SOUTH


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's cards, kept as a set of card numbers (`cards.py`); any number of cards,
    so that the same value serves a hand being picked and a hand dealt."""

    mask: int = 0

    @staticmethod
    def parse(text: str) -> Hand:
        """A hand as PBN writes it: `AK43.QJ2.T98.765`. Ranks in any order are read."""
        return Hand(hand_mask(text))

    @staticmethod
    def of(cards: Iterable[Card]) -> Hand:
        mask = 0
        for card in cards:
            bit = 1 << card.index
            if mask & bit:
                raise CardError(f"the {card} is given twice")
            mask |= bit
        return Hand(mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        """The cards in PBN's order: spades first, each suit from its highest card."""
        return iter(cards_of(self.mask))

    def __str__(self) -> str:
        return hand_text(self.mask)

    def ranks(self, suit: Suit) -> tuple[Rank, ...]:
        """The hand's cards of a suit, high to low."""
        bits = self.mask >> (13 * suit) & 0x1FFF
        return tuple(Rank(pips + 2) for pips in range(12, -1, -1) if bits >> pips & 1)

    def holds(self, suit: Suit) -> bool:
        return bool(self.mask & SUIT_MASKS[suit])


def hand_text(mask: int) -> str:
    """A set of cards as PBN writes a hand."""
    return ".".join(_SUIT_TEXT[mask >> (13 * suit) & 0x1FFF] for suit in range(4))


# Every holding of one suit, as PBN writes it ("AK43"), and back: reading a deal is then a
# look-up a suit, and writing one the same.
_SUIT_TEXT: tuple[str, ...] = tuple(
    "".join(RANK_LETTERS[pips] for pips in range(12, -1, -1) if bits >> pips & 1)
    for bits in range(1 << 13)
)
_SUIT_BITS: dict[str, int] = {text: bits for bits, text in enumerate(_SUIT_TEXT)}
_PIPS = {letter: pips for pips, letter in enumerate(RANK_LETTERS)}


def hand_mask(text: str) -> int:
    """The cards of a hand written as PBN writes it, or CardError saying what is wrong."""
    try:
        spades, hearts, diamonds, clubs = text.split(".")
        bits = _SUIT_BITS
        return bits[spades] | bits[hearts] << 13 | bits[diamonds] << 26 | bits[clubs] << 39
    except (KeyError, ValueError, AttributeError):
        return _hand_mask_otherwise(text)


def _hand_mask_otherwise(text: object) -> int:
    """A hand whose suits are not each written high to low, or that is written wrongly."""
    suits = text.split(".") if isinstance(text, str) else None
    if suits is None or len(suits) != 4:
        raise CardError(f"{shown(text)} is not a hand ({HAND_FORM}, a void left empty)")
    mask = 0
    for suit, ranks in enumerate(suits):
        mask |= _suit_bits(Suit(suit), ranks, str(text)) << (13 * suit)
    return mask


def _suit_bits(suit: Suit, ranks: str, text: str) -> int:
    """A suit written in another order than high to low, or wrongly."""
    bits = 0
    for letter in ranks:
        pips = _PIPS.get(letter)
        if pips is None:
            raise CardError(
                f"{shown(text)} is not a hand: {shown(letter)} is not a rank "
                "(A K Q J T 9 8 7 6 5 4 3 2, the ten written T)"
            )
        if bits >> pips & 1:
            raise CardError(f"{shown(text)} gives the {CARDS[13 * suit + pips]} twice")
        bits |= 1 << pips
    return bits


@dataclass(frozen=True, slots=True)
class Hands:
    """The four hands as dealt, by position from the dealer: fifty-two different cards,
    thirteen to each hand (§9). Made otherwise, it refuses with a CardError naming the hands.

    `masks` are the hands' cards (`Hand.mask`), the dealer's first, then round the table to
    the left; `hands.dealer`, `hands.left`, `hands.partner`, `hands.right` or
    `hands[position]` each hand.
    """

    masks: tuple[int, int, int, int]

    def __post_init__(self) -> None:
        check_deal(self.masks, POSITION_NAMES)

    @staticmethod
    def of(dealer: Hand, left: Hand, partner: Hand, right: Hand) -> Hands:
        return Hands((dealer.mask, left.mask, partner.mask, right.mask))

    @property
    def dealer(self) -> Hand:
        return Hand(self.masks[Position.DEALER])

    @property
    def left(self) -> Hand:
        return Hand(self.masks[Position.LEFT])

    @property
    def partner(self) -> Hand:
        return Hand(self.masks[Position.PARTNER])

    @property
    def right(self) -> Hand:
        return Hand(self.masks[Position.RIGHT])

    def __getitem__(self, position: Position) -> Hand:
        return Hand(self.masks[position])

    def __iter__(self) -> Iterator[Hand]:
        """The dealer's hand, then round the table to the left."""
        return iter([Hand(mask) for mask in self.masks])

    def holder(self, card: Card) -> Position:
        """Who was dealt the card."""
        for position, mask in zip(POSITIONS, self.masks, strict=True):
            if mask >> card.index & 1:
                return position
        raise AssertionError("a deal of fifty-two cards holds every card")  # pragma: no cover

    def json(self) -> dict[str, str]:
        """As elwell-rubber/1 writes `hands`."""
        return {position.key: hand_text(self.masks[position]) for position in Position}

    @staticmethod
    def read(data: object) -> Hands:
        """`hands` of elwell-rubber/1: {"dealer": "AK43.QJ2.T98.765", "left": …, "partner": …,
        "right": …}. Refused, in words naming the field, unless it is four hands of thirteen,
        fifty-two different cards."""
        if type(data) is not dict or len(data) != 4:
            raise _not_four_hands(data)
        try:
            dealer, left, partner, right = (
                data["dealer"],
                data["left"],
                data["partner"],
                data["right"],
            )
        except KeyError:
            raise _not_four_hands(data) from None
        try:
            bits = _SUIT_BITS
            s, h, d, c = dealer.split(".")
            first = bits[s] | bits[h] << 13 | bits[d] << 26 | bits[c] << 39
            s, h, d, c = left.split(".")
            second = bits[s] | bits[h] << 13 | bits[d] << 26 | bits[c] << 39
            s, h, d, c = partner.split(".")
            third = bits[s] | bits[h] << 13 | bits[d] << 26 | bits[c] << 39
            s, h, d, c = right.split(".")
            fourth = bits[s] | bits[h] << 13 | bits[d] << 26 | bits[c] << 39
        except (KeyError, ValueError, AttributeError):  # not as PBN writes a hand
            first, second, third, fourth = _masks_refused(data)
        return Hands((first, second, third, fourth))

    @staticmethod
    def from_masks(masks: Iterable[int]) -> Hands:
        dealer, left, partner, right = masks
        return Hands((dealer, left, partner, right))

    @staticmethod
    def at(hands: Mapping[Direction, Hand], dealer: Direction) -> Hands:
        """The hands of four seats by the compass, given where the dealer sits."""
        return Hands.from_masks(hands[position.direction(dealer)].mask for position in POSITIONS)

    def by_direction(self, dealer: Direction) -> dict[Direction, Hand]:
        """The hands by the compass, given where the dealer sits."""
        return {direction: self[direction.position(dealer)] for direction in DIRECTIONS}


def _not_four_hands(data: object) -> CardError:
    return CardError(
        "hands must be an object with the four hands, 'dealer', 'left', 'partner' and "
        f"'right' (got {shown(data)})",
        field="hands",
    )


def _masks_refused(data: dict[str, object]) -> tuple[int, int, int, int]:
    """The hands written otherwise than as PBN writes them (ranks out of order), or the
    hand that cannot be read, named, in a CardError."""
    masks = []
    for position in POSITIONS:
        text = data[position.key]
        if type(text) is not str:
            raise CardError(
                f"hands.{position.key} must be a hand written as PBN writes it, "
                f"{HAND_FORM} (got {shown(text)})",
                field="hands",
            )
        try:
            masks.append(hand_mask(text))
        except CardError as error:
            raise CardError(f"hands.{position.key}: {error.problem}", field="hands") from None
    first, second, third, fourth = masks
    return (first, second, third, fourth)


POSITION_NAMES = (
    "the dealer's hand",
    "the leader's",
    "the dealer's partner's",
    "the leader's partner's",
)
DIRECTION_NAMES = ("North's hand", "East's", "South's", "West's")


def check_deal(masks: tuple[int, ...] | list[int], names: tuple[str, str, str, str]) -> None:
    """Four hands of thirteen cards, fifty-two different ones in all, or a CardError naming
    the hands: "hands: the SA is in both the dealer's hand and the leader's, and the C2 in
    none". `names` say each hand in a sentence, the first in full ("North's hand") and the
    others short ("East's")."""
    first, second, third, fourth = masks
    if (first | second | third | fourth) == ALL_CARDS and (
        first.bit_count() == second.bit_count() == third.bit_count() == fourth.bit_count() == 13
    ):
        return  # fifty-two cards among them, thirteen in each: so no card twice
    seen = 0
    for number, mask in enumerate(masks):
        held = mask.bit_count()
        if held != 13:
            name = _whole(names, number)
            raise CardError(
                f"hands: {name} holds {held} cards, not 13 ({hand_text(mask)})", field="hands"
            )
        twice = seen & mask
        if twice:
            card = CARDS[(twice & -twice).bit_length() - 1]
            first = next(n for n, earlier in enumerate(masks) if earlier >> card.index & 1)
            none = ALL_CARDS & ~_union(masks)
            missing = CARDS[(none & -none).bit_length() - 1]
            raise CardError(
                f"hands: the {card} is in both {_whole(names, first)} and {names[number]}, "
                f"and the {missing} in none",
                field="hands",
            )
        seen |= mask


def _union(masks: tuple[int, ...] | list[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _whole(names: tuple[str, str, str, str], number: int) -> str:
    """A hand's name said on its own: "the leader's hand"."""
    name = names[number]
    return name if name.endswith("hand") else f"{name} hand"
