"""Honours as the players call them at the end of a deal: which side held them, and how.

A call ("four in one hand", "simple honours", "aces easy") says all that scoring needs. It
stands for the hand counts the sheet is worked out from: the caller's honours as the call
says, and the rest in one hand of the other side, so that every chicane a call allows is
allowed (a void hand holds no honours).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.engine.errors import RubberError
from scorer.engine.model import SIDES, Holding, Pair, Side, Trump
from scorer.engine.values import Honours

# In the players' words, as they call them across the table.
CALLED = {
    Honours.THREE: "simple honours",
    Honours.FOUR: "four",
    Honours.FOUR_IN_ONE_HAND: "four in one hand",
    Honours.FIVE: "five",
    Honours.FIVE_FOUR_IN_ONE_HAND: "five, four in one hand",
    Honours.FIVE_IN_ONE_HAND: "five in one hand",
    Honours.THREE_ACES: "three aces",
    Honours.FOUR_ACES: "four aces",
    Honours.FOUR_ACES_IN_ONE_HAND: "four in one hand",
}
ACES_EASY = "aces easy"

SUIT_CALLS = (
    Honours.THREE,
    Honours.FOUR,
    Honours.FOUR_IN_ONE_HAND,
    Honours.FIVE,
    Honours.FIVE_FOUR_IN_ONE_HAND,
    Honours.FIVE_IN_ONE_HAND,
)
NO_TRUMP_CALLS = (Honours.THREE_ACES, Honours.FOUR_ACES, Honours.FOUR_ACES_IN_ONE_HAND)

_HELD = {
    Honours.THREE: (3, 0),
    Honours.FOUR: (3, 1),
    Honours.FOUR_IN_ONE_HAND: (4, 0),
    Honours.FIVE: (3, 2),
    Honours.FIVE_FOUR_IN_ONE_HAND: (4, 1),
    Honours.FIVE_IN_ONE_HAND: (5, 0),
    Honours.THREE_ACES: (3, 0),
    Honours.FOUR_ACES: (2, 2),
    Honours.FOUR_ACES_IN_ONE_HAND: (4, 0),
}


def calls_for(trump: Trump) -> tuple[Honours, ...]:
    return NO_TRUMP_CALLS if trump is Trump.NO_TRUMP else SUIT_CALLS


def holdings(trump: Trump, holder: Side | None, honours: Honours | None) -> Pair[Holding]:
    """The hand counts a call stands for. holder and honours are None for aces easy."""
    if honours is None or holder is None:
        if trump is not Trump.NO_TRUMP:
            raise RubberError(
                "honours: with a trump suit one side always holds three or more",
                field="honours",
            )
        return Pair((1, 1), (1, 1))
    if honours not in calls_for(trump):
        raise RubberError(
            f"honours: {CALLED[honours]!r} cannot be called at {trump.label}", field="honours"
        )
    held = _HELD[honours]
    rest = ((4 if trump is Trump.NO_TRUMP else 5) - sum(held), 0)
    return Pair(held, rest) if holder is Side.WE else Pair(rest, held)


def call_of(trump: Trump, held: Pair[Holding]) -> tuple[Side | None, Honours | None]:
    """The call that hand counts make: the side scoring honours and how, or (None, None)
    for aces easy."""
    for side in (Side.WE, Side.THEY):
        honours = Honours.of(trump, held[side])
        if honours is not None:
            return side, honours
    return None, None


@dataclass(frozen=True, slots=True)
class Call:
    """Honours as the players call them at the end of a deal: the side that held them and
    how, or aces easy (no side, no honours; at no-trump only). Written as a short code
    ("we:FOUR_IN_ONE_HAND", "easy") where a form or a record needs one value."""

    side: Side | None
    honours: Honours | None

    EASY_CODE = "easy"

    @property
    def code(self) -> str:
        if self.side is None or self.honours is None:
            return self.EASY_CODE
        return f"{self.side.value}:{self.honours.name}"

    @classmethod
    def parse(cls, code: str) -> Call:
        """The call a code stands for; RubberError if it stands for none."""
        if code == cls.EASY_CODE:
            return EASY
        side, _, name = code.partition(":")
        try:
            return cls(Side(side), Honours[name])
        except (ValueError, KeyError):
            raise RubberError(
                f"honours: {code!r} is not a call of honours", field="honours"
            ) from None

    @property
    def label(self) -> str:
        """As a choice of the call, under the side's heading: "Four in one hand"."""
        if self.honours is None:
            return ACES_EASY.capitalize()
        return CALLED[self.honours].capitalize()

    @property
    def words(self) -> str:
        """The call in a line: "We: four in one hand", "aces easy"."""
        if self.side is None or self.honours is None:
            return ACES_EASY
        return f"{self.side.label}: {CALLED[self.honours]}"

    def holdings(self, trump: Trump) -> Pair[Holding]:
        return holdings(trump, self.side, self.honours)


EASY = Call(None, None)


def calls_on_offer(trump: Trump) -> list[Call]:
    """Every call that can be made at this make: each side's, then aces easy at no-trump."""
    offered = [Call(side, honours) for side in (Side.WE, Side.THEY) for honours in calls_for(trump)]
    return [*offered, EASY] if trump is Trump.NO_TRUMP else offered


NO_CHICANE_AT_NO_TRUMP = "There is no chicane at no-trump, where there are no trumps."


def chicane_refused(trump: Trump, call: Call, chicane: Pair[int]) -> list[tuple[Side | None, str]]:
    """What the laws refuse in a call of honours with each side's hands void of trumps, in
    the players' words, by the side whose chicane cannot be (None: the whole result): there
    is no chicane at no-trump, where there are no trumps (Law 9), and a void hand holds no
    honours, so a side cannot have more hands void than the call leaves without honours.
    RubberError, naming the honours, if the call cannot be made at this trump."""
    if trump is Trump.NO_TRUMP and (chicane.we or chicane.they):
        return [(None, NO_CHICANE_AT_NO_TRUMP)]
    if call.side is None or call.honours is None:
        return []
    held = call.holdings(trump)
    refused: list[tuple[Side | None, str]] = []
    for side in SIDES:
        if chicane[side] > held[side].count(0):
            hands = "a hand" if chicane[side] == 1 else "both hands"
            what = CALLED[call.honours] if side is call.side else "the other honours"
            refused.append(
                (
                    side,
                    f"{side.label} cannot have {hands} void of trumps and hold {what}: "
                    "a void hand holds no honours.",
                )
            )
    return refused
