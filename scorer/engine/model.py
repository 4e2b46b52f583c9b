"""What is recorded at the table: sides, makes, deals and the club's rules in force.

Three-handed Bridge keeps all of Bridge's rules and adds one: whether the unit is the
rubber or the game (`ThreeHandedRules`).

A deal recorded as its cards keeps them (`DealAsCards`, §9 of the specification): its
`play` is then what was worked out from them (`scorer.engine.cards`).

These are plain values. Whether a deal is allowed, and what it scores, is the sheet's
business (`scorer.engine.bridge.sheet`), because both depend on the deals before it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the cards are read into a deal; a deal needs only their type
    from scorer.engine.cards.worked import ByCards


class Side(StrEnum):
    """A partnership, as the score sheet heads its columns."""

    WE = "we"
    THEY = "they"

    @property
    def other(self) -> Side:
        return Side.THEY if self is Side.WE else Side.WE

    @property
    def label(self) -> str:
        return "We" if self is Side.WE else "They"


SIDES = (Side.WE, Side.THEY)


class Maker(StrEnum):
    """Who made the trump: the dealer, or his partner when the make was passed (Law 45)."""

    DEALER = "dealer"
    PARTNER = "partner"


class Trump(StrEnum):
    """The declaration, with the value of each trick above six (Law 4) and its name as a
    player says it: "Hearts", "No-trump"."""

    trick_value: int
    label: str

    def __new__(cls, code: str, trick_value: int, label: str) -> Trump:
        member = str.__new__(cls, code)
        member._value_ = code
        member.trick_value = trick_value
        member.label = label
        return member

    SPADES = ("S", 2, "Spades")
    CLUBS = ("C", 4, "Clubs")
    DIAMONDS = ("D", 6, "Diamonds")
    HEARTS = ("H", 8, "Hearts")
    NO_TRUMP = ("NT", 12, "No-trump")


@dataclass(frozen=True, slots=True)
class Pair[T]:
    """One value for each side: We and They."""

    we: T
    they: T

    def __getitem__(self, side: Side) -> T:
        if side is Side.WE:
            return self.we
        if side is Side.THEY:
            return self.they
        # Anything else is refused, so that it cannot pass for They (Django's templates
        # try pair["we"] before pair.we, and would otherwise be given They's value).
        raise KeyError(side)

    def __iter__(self) -> Iterator[T]:
        """We, then They. (Without this, Python would iterate through __getitem__ with
        0, 1, 2, ... and never stop.)"""
        return iter((self.we, self.they))

    def swapped(self) -> Pair[T]:
        return Pair(self.they, self.we)


# Honours (aces at no-trump) held in each of a side's two hands; the order is free.
Holding = tuple[int, int]

NONE = Pair(0, 0)


class Unit(StrEnum):
    """What is scored as a whole, with its bonus: the rubber (Law 1), or at three-handed
    Bridge, if the three agree, each game on its own (Bridge for Three Players)."""

    RUBBER = "rubber"
    GAME = "game"


@dataclass(frozen=True, slots=True)
class Rules:
    """The club's rules in force for a rubber.

    doubling_limit: no further double once a trick is worth more than this (the footnote
    to Law 56); None lets doubling go on indefinitely (Law 55).
    spade_convention: the players have agreed "not to play spades".
    most_points: not a law but the bound of the record the rubber is kept in: the most
    points a side may have in a rubber (its total), so that every figure, and the money
    at any stake, is kept exactly. None: no bound (the laws set none).
    """

    doubling_limit: int | None = None
    spade_convention: bool = False
    most_points: int | None = field(default=None, kw_only=True)

    @property
    def unit(self) -> Unit:
        """Four players play rubbers (Law 1)."""
        return Unit.RUBBER


@dataclass(frozen=True, slots=True)
class ThreeHandedRules(Rules):
    """Bridge's rules for three players, one of whom has the dummy for the rubber or game:
    the sides are fixed, and the three may agree to score each game as a unit of its own
    (Bridge for Three Players)."""

    unit: Unit = Unit.RUBBER


# The laws as printed: doubling without limit, spades always played.
PRINTED_LAWS = Rules()


@dataclass(frozen=True, slots=True)
class Play:
    """What happened in the play of a deal, as the players call it at the end.

    tricks: tricks won in play by each side (before any revoke penalty).
    honours: honours held in each hand of each side (aces at no-trump).
    chicane: hands of each side void of trumps.
    revokes: established revokes by each side.
    """

    tricks: Pair[int]
    honours: Pair[Holding]
    chicane: Pair[int] = NONE
    revokes: Pair[int] = NONE


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: the declaration, then the play (None when the Spade Convention let a
    spade make go unplayed)."""

    dealer: Side
    trump: Trump
    maker: Maker = Maker.DEALER
    doubles: int = 0
    play: Play | None = None

    @property
    def played(self) -> bool:
        return self.play is not None

    @property
    def declarer(self) -> Side:
        """The side that made the trump: always the dealer's (Law 45)."""
        return self.dealer


@dataclass(frozen=True, slots=True)
class DealAsCards(Deal):
    """A deal recorded as the cards themselves (§9): `cards` is what its hands, and its
    play if known, were read into (`scorer.engine.cards.ByCards`), and its `play` was
    worked out from them. A subclass, not a field of every deal, so that a deal recorded
    by its counts costs nothing more to make."""

    cards: ByCards = field(kw_only=True)
