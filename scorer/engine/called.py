"""A deal as the table calls it, in any game, and what each game's table is offered.

The site records the same things of every deal: the dealer, the trump, then after the play
the tricks won by the dealer's side and the honours as called; Bridge adds who made the
trump, the doubles, chicane and revokes, Whist the penalty chosen for each revoke (Law 72
of the Whist code: `Revoke`, `Penalty`, kept here because a `Called` records them). A
`Called` holds them all; each game's laws read the ones it records into its own deal
(`laws.deal_of`) and say which it records (`laws.records`), so that a form shows only
those. Whist's honours, called as Bridge's are, are read in `whist.laws`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorer.engine.calls import Call
from scorer.engine.errors import RubberError
from scorer.engine.model import NONE, Maker, Pair, Side, Trump


class Record(StrEnum):
    """What a table records of a deal, by the name its form and its record give it."""

    DEALER = "dealer"
    MAKER = "maker"
    TRUMP = "trump"
    DOUBLES = "doubles"
    PLAYED = "played"  # False: spades not played under the Spade Convention
    TRICKS = "tricks"
    HONOURS = "honours"
    CHICANE = "chicane"
    REVOKES = "revokes"  # Bridge: established revokes by each side, counted
    PENALTIES = "penalties"  # Whist: each revoke, by whom, and the penalty chosen
    HANDS = "hands"  # Bridge: the four hands, if a player enters them (§9)


class Penalty(StrEnum):
    """What the adversaries take for a revoke, at their option and whole (Law 72)."""

    TRICKS = "tricks"  # three tricks from the revoking side, added to their own
    DEDUCT = "deduct"  # three points off the revoking side's score
    ADD = "add"  # three points to their own score


@dataclass(frozen=True, slots=True)
class Revoke:
    """An established revoke: the side that made it, and the penalty its adversaries chose."""

    by: Side
    penalty: Penalty


@dataclass(frozen=True, slots=True)
class Called:
    """A deal as the table records it: its declaration (the trump turned up, at Whist),
    then, once played, its result. `tricks` are the dealer's side's; `honours` a call's
    code; `played` None while the deal is in progress."""

    dealer: Side
    trump: Trump
    maker: Maker = Maker.DEALER
    doubles: int = 0
    played: bool | None = None
    tricks: int | None = None
    honours: str = Call.EASY_CODE
    chicane: Pair[int] = NONE
    revokes: Pair[int] = NONE
    penalties: tuple[Revoke, ...] = ()

    @property
    def call(self) -> Call:
        return Call.parse(self.honours)

    def tricks_won(self) -> Pair[int]:
        """The tricks each side won in play."""
        if self.tricks is None:
            raise RubberError("tricks: the result is not yet recorded", field="tricks")
        if not 0 <= self.tricks <= 13:
            raise RubberError(f"tricks must be from 0 to 13 (got {self.tricks})", field="tricks")
        won = Pair(self.tricks, 13 - self.tricks)
        return won if self.dealer is Side.WE else won.swapped()


@dataclass(frozen=True, slots=True)
class Offer:
    """A call of honours a form offers: its code, its label under its side's heading, the
    side that held them (None: shared), and the call in a line."""

    code: str
    label: str
    side: Side | None
    words: str
