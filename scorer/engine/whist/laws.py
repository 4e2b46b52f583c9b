"""A deal of Short Whist as the table calls it: the honours as called, and each revoke's
penalty in words.

Whist's honours are called as Bridge's are, by a side and a count: "We held four", "We held
three", or "two each"; they are written with Bridge's codes (`"we:FOUR"`, `"easy"`), so that
one record (`called.Called`) keeps both.
"""

from __future__ import annotations

from scorer.engine.called import Offer, Penalty, Revoke
from scorer.engine.calls import EASY, Call
from scorer.engine.errors import RubberError
from scorer.engine.model import Pair, Side, Trump
from scorer.engine.values import Honours

_HELD = {Honours.FOUR: 4, Honours.THREE: 3}


# We held four or three, They held four or three, or two each (Law 3).
_OFFERS = (
    *(
        Offer(
            Call(side, honours).code,
            f"{'Four' if held == 4 else 'Three'}",
            side,
            f"{side.label}: {'four' if held == 4 else 'three'}",
        )
        for side in (Side.WE, Side.THEY)
        for honours, held in _HELD.items()
    ),
    Offer(EASY.code, "Two each", None, "two each"),
)


def offers(trump: Trump) -> list[Offer]:
    """We held four or three, They held four or three, or two each (Law 3), whatever the
    trump."""
    return list(_OFFERS)


def honours_held(code: str) -> Pair[int]:
    """The honours each side held, from a call's code."""
    call = Call.parse(code)
    if call.side is None or call.honours is None:
        return Pair(2, 2)
    held = _HELD.get(call.honours)
    if held is None:
        raise RubberError(
            "honours: at Whist a side holds four, three or two of the four honours "
            f"(got {call.words!r})",
            field="honours",
        )
    return Pair(held, 4 - held) if call.side is Side.WE else Pair(4 - held, held)


def call_of(honours: Pair[int]) -> str:
    """The code of the call for the honours each side held."""
    for side in (Side.WE, Side.THEY):
        for call_honours, held in _HELD.items():
            if honours[side] == held:
                return Call(side, call_honours).code
    return EASY.code


def honours_words(honours: Pair[int]) -> str:
    """ "We: four", "They: three", "two each" """
    code = call_of(honours)
    return next(offer.words for offer in _OFFERS if offer.code == code)


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
