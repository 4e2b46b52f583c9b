"""A deal as the table calls it, in any game, and what each game's table is offered.

The site records the same things of every deal: the dealer, the trump, then after the play
the tricks won by the dealer's side and the honours as called; Bridge adds who made the
trump, the doubles, chicane and revokes, Whist the penalty chosen for each revoke. A
`Called` holds them all; each game reads the ones it records into its own deal
(`CardGame.deal_of`) and says which it records (`CardGame.records`), so that a form shows
only those.

Whist's honours are called as Bridge's are, by a side and a count: "We held four", "We held
three", or "two each"; they are written with Bridge's codes (`"we:FOUR"`, `"easy"`), so that
one record keeps both.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorer.engine.calls import EASY, Call
from scorer.engine.errors import RubberError
from scorer.engine.model import NONE, Maker, Pair, Side, Trump
from scorer.engine.values import Honours
from scorer.engine.whist import Penalty, Revoke


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


# -- Short Whist's honours, as called -----------------------------------------------------

_WHIST_HELD = {Honours.FOUR: 4, Honours.THREE: 3}


def whist_offers() -> list[Offer]:
    """We held four or three, They held four or three, or two each (Law 3)."""
    offers = [
        Offer(
            Call(side, honours).code,
            f"{'Four' if held == 4 else 'Three'}",
            side,
            f"{side.label}: {'four' if held == 4 else 'three'}",
        )
        for side in (Side.WE, Side.THEY)
        for honours, held in _WHIST_HELD.items()
    ]
    return [*offers, Offer(EASY.code, "Two each", None, "two each")]


def whist_honours(code: str) -> Pair[int]:
    """The honours each side held, from a call's code."""
    call = Call.parse(code)
    if call.side is None or call.honours is None:
        return Pair(2, 2)
    held = _WHIST_HELD.get(call.honours)
    if held is None:
        raise RubberError(
            "honours: at Whist a side holds four, three or two of the four honours "
            f"(got {call.words!r})",
            field="honours",
        )
    return Pair(held, 4 - held) if call.side is Side.WE else Pair(4 - held, held)


def whist_call(honours: Pair[int]) -> str:
    """The code of the call for the honours each side held."""
    for side in (Side.WE, Side.THEY):
        for call_honours, held in _WHIST_HELD.items():
            if honours[side] == held:
                return Call(side, call_honours).code
    return EASY.code


def whist_honours_words(honours: Pair[int]) -> str:
    """ "We: four", "They: three", "two each" """
    code = whist_call(honours)
    return next(offer.words for offer in whist_offers() if offer.code == code)


PENALTY_WORDS = {
    Penalty.TRICKS: "three tricks taken",
    Penalty.DEDUCT: "three points deducted",
    Penalty.ADD: "three points added",
}
PENALTY_CHOICES = {
    Penalty.TRICKS: "Take three tricks",
    Penalty.DEDUCT: "Deduct three from their score",
    Penalty.ADD: "Add three to ours",
}


def revoke_words(revoke: Revoke) -> str:
    """ "They revoked: three tricks taken" """
    return f"{revoke.by.label} revoked: {PENALTY_WORDS[revoke.penalty]}"
