"""The laws of a deal and a sheet at Short Whist, as the site asks them: what the table
records of a deal (no declaration, no doubling: the trump is turned up), the honours as
called, each revoke's penalty in words, the deal a table's record makes, the rules in
force, and the sheet worked out.

Whist's honours are called as Bridge's are, by a side and a count: "We held four", "We held
three", or "two each"; they are written with Bridge's codes (`"we:FOUR"`, `"easy"`), so that
one record (`called.Called`) keeps both.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorer.engine.called import Called, Offer, Penalty, Record, Revoke
from scorer.engine.calls import EASY, Call
from scorer.engine.errors import RubberError
from scorer.engine.model import PRINTED_LAWS, Maker, Pair, Rules, Side, Trump, Unit
from scorer.engine.values import Honours
from scorer.engine.whist.sheet import WhistDeal, WhistSheet
from scorer.engine.whist.sheet import work_out as work_out_sheet

# What a table records of a deal, the suits that may be turned up, and the code's rules
# that a table is reminded of.
records = frozenset({Record.DEALER, Record.TRUMP, Record.TRICKS, Record.HONOURS, Record.PENALTIES})
trumps = (Trump.SPADES, Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS)
reminders = (
    "Scores are taken in order: revoke penalties, then tricks, then honours; five points "
    "win the game, and the rest of that deal scores nothing (Laws 2, 5).",
    "A side at four when the deal begins cannot score honours (Law 4).",
    "For each revoke the adversaries take three tricks, or three points off the "
    "revokers' score, or three added to their own; a side that revoked cannot win the "
    "game in that deal (Laws 72, 82).",
)

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


# -- A deal as the table records it ----------------------------------------------------------


def passed_reminder(dealer: int) -> str | None:
    """Whist has no make to pass."""
    return None


def check_declaration(called: Called, rules: Rules) -> None:
    """The trump is the suit of the dealer's last card, turned up: no no-trump, no make
    passed, no doubling."""
    if called.trump is Trump.NO_TRUMP:
        raise RubberError(
            "trump: Whist has no no-trump; the trump is the suit of the card turned up",
            field="trump",
        )
    if called.maker is not Maker.DEALER:
        raise RubberError(
            "maker: Whist has no declaration: the trump is the suit of the card turned up",
            field="maker",
        )
    if called.doubles:
        raise RubberError("doubles: Whist has no doubling", field="doubles")


def may_go_unplayed(called: Called, rules: Rules, standing: Pair[int]) -> bool:
    """Every deal of Whist is played."""
    return False


def deal_of(called: Called) -> WhistDeal:
    check_declaration(called, PRINTED_LAWS)
    if called.played is False:
        raise RubberError("played: every deal of Whist is played", field="played")
    return WhistDeal(
        called.dealer,
        called.trump,
        called.tricks_won(),
        honours_held(called.honours),
        called.penalties,
    )


def called_of(deal: WhistDeal) -> Called:
    return Called(
        deal.dealer,
        deal.trump,
        played=True,
        tricks=deal.tricks[deal.dealer],
        honours=call_of(deal.honours),
        penalties=deal.revokes,
    )


def rules(
    *,
    doubling_limit: int | None = None,
    spade_convention: bool = False,
    unit: Unit = Unit.RUBBER,
    most_points: int | None = None,
) -> Rules:
    """Whist has no declaration and no doubling: the club's doubling limit and the Spade
    Convention do not apply to it, and a rubber is worth eight points at most."""
    if unit is not Unit.RUBBER:
        raise RubberError("rules.unit: Short Whist is scored by the rubber (Law 1)", field="rules")
    return PRINTED_LAWS


def work_out(deals: Iterable[WhistDeal], rules: Rules) -> WhistSheet:
    """The sheet, whatever the rules: Whist has none for the club to choose."""
    return work_out_sheet(deals)
