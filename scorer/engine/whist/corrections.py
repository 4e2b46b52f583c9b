"""How long a wrong Whist score may be put right (the club code's Laws 11, 12 and 6).

A wrong score may be corrected before the game in which it occurred is concluded, and a game
is not concluded until the trump card of the following deal has been turned up (Law 11). An
error affecting the amount of the rubber may be rectified at any time during the rubber
(Law 12). Honours not claimed before the trump card of the following deal is turned up
cannot be scored (Law 6). After the rubber's value is agreed nothing changes.

Interpretations, where the code is silent:
- the last game of a finished rubber has no following deal: it stays open until the
  rubber's value is agreed, as Bridge's Law 12 says outright;
- a correction that gives a side honours it did not score is a claim of honours (Law 6);
  one that changes the trump, the tricks or the revokes, or only strikes out honours
  wrongly scored, is a wrong score (Law 11), Kind.TRICKS;
- once its game is concluded, a wrong score may still be corrected if putting it right
  changes the amount of the rubber: the winner or value of a game, and so the totals
  (Law 12); "during the rubber" lasts until its value is agreed.

Whether a correction is allowed is judged on the sheet as it stands before it, as Bridge's.
"""

from __future__ import annotations

from enum import Enum, auto

from scorer.engine import diff
from scorer.engine.model import SIDES, Side
from scorer.engine.rulings import Kind, Ruling, Verdict, Window
from scorer.engine.whist.sheet import Scoring, WhistDeal, WhistSheet, work_out
from scorer.engine.words import game_ordinal

LAWS = {Kind.TRICKS: "Law 11", Kind.HONOURS: "Law 6"}
# Law 11 puts right any wrong score; Law 6, honours not claimed in time.
KINDS = {Kind.TRICKS: "a wrong score", Kind.HONOURS: "a claim of honours"}
AMOUNT = "Law 12"  # an error affecting the amount of the rubber


def law(kind: Kind) -> str:
    """ "Law 11" for a wrong score, "Law 6" for a claim of honours."""
    return LAWS[kind]


def kind_words(kind: Kind) -> str:
    """A kind of correction as the sheet names it: "a wrong score", "a claim of honours"."""
    return KINDS[kind]


def _honours_scored(held: int) -> int:
    return 4 if held == 4 else 2 if held == 3 else 0


def kind_of_change(old: WhistDeal, new: WhistDeal) -> Kind | None:
    """A claim of honours (Law 6) if only the honours change and a side now holds honours
    that score more than it did; any other change is a wrong score (Law 11)."""
    if old == new:
        return None
    if (old.dealer, old.trump, old.tricks, old.revokes) != (
        new.dealer,
        new.trump,
        new.tricks,
        new.revokes,
    ):
        return Kind.TRICKS
    claimed = any(
        _honours_scored(new.honours[side]) > _honours_scored(old.honours[side]) for side in SIDES
    )
    return Kind.HONOURS if claimed else Kind.TRICKS


class _Game(Enum):
    """Where the game of a deal stands for Law 11."""

    IN_PLAY = auto()
    LAST = auto()  # the last game of a finished rubber, open until agreement
    NOT_CONCLUDED = auto()  # won, the next deal's trump card not yet turned up
    CONCLUDED = auto()


def _game_of(sheet: WhistSheet, number: int, next_trump_turned: bool) -> tuple[_Game, int, int]:
    """Where deal `number`'s game stands, its number, and the deal that follows it."""
    game = sheet.games[sheet.deals[number - 1].game - 1]
    if game.last_deal is None:
        return _Game.IN_PLAY, game.number, 0
    if sheet.finished and game is sheet.games[-1]:
        return _Game.LAST, game.number, 0
    following = game.last_deal + 1
    if following <= len(sheet.deals) or next_trump_turned:
        return _Game.CONCLUDED, game.number, following
    return _Game.NOT_CONCLUDED, game.number, following


def window(sheet: WhistSheet, number: int, *, next_trump_declared: bool, agreed: bool) -> Window:
    """What may still be corrected in deal `number` of the sheet.

    next_trump_declared: the trump card of a deal after the last one on the sheet has been
    turned up. agreed: both sides have agreed the rubber's value.
    """
    if not 1 <= number <= len(sheet.deals):
        raise ValueError(f"there is no deal {number} on this sheet")
    name = f"Deal {number}"
    if agreed:
        why = "the rubber's value has been agreed"
        return Window(
            tricks=Verdict(False, f"{name}'s score can no longer be corrected: {why} (Law 12)."),
            honours=Verdict(False, f"{name}'s honours can no longer be claimed: {why} (Law 6)."),
        )
    return Window(
        _score_verdict(sheet, number, next_trump_declared),
        _honours_verdict(sheet, number, next_trump_declared),
    )


def _score_verdict(sheet: WhistSheet, number: int, next_trump_turned: bool) -> Verdict:
    state, game, following = _game_of(sheet, number, next_trump_turned)
    name, ordinal = f"Deal {number}", game_ordinal(game)
    if state is _Game.IN_PLAY:
        return Verdict(
            True, f"{name}'s score may be corrected: the {ordinal} game is in play (Law 11)."
        )
    if state is _Game.LAST:
        return Verdict(
            True,
            f"{name}'s score may be corrected: the {ordinal} game is the last of the rubber, "
            "open until the rubber's value is agreed (Law 11).",
        )
    if state is _Game.NOT_CONCLUDED:
        return Verdict(
            True,
            f"{name}'s score may be corrected: the {ordinal} game is not concluded until "
            f"deal {following}'s trump card is turned up (Law 11).",
        )
    return Verdict(
        True,
        f"{name}'s score may be corrected only where the error affects the amount of the "
        f"rubber (Law 12): the {ordinal} game was concluded when deal {following}'s trump "
        "card was turned up (Law 11).",
    )


def _claims_open(sheet: WhistSheet, number: int, next_trump_turned: bool) -> bool:
    return number == len(sheet.deals) and not next_trump_turned


def _claim_verdict(sheet: WhistSheet, number: int, next_trump_turned: bool) -> Verdict:
    name = f"Deal {number}"
    if _claims_open(sheet, number, next_trump_turned):
        until = (
            "the rubber's value is agreed"
            if sheet.finished
            else f"deal {number + 1}'s trump card is turned up"
        )
        return Verdict(True, f"{name}'s honours may be claimed until {until} (Law 6).")
    return Verdict(
        False,
        f"{name}'s honours can no longer be claimed: deal {number + 1}'s trump card has been "
        "turned up (Law 6).",
    )


def _honours_verdict(sheet: WhistSheet, number: int, next_trump_turned: bool) -> Verdict:
    """Claims until the next trump card is turned up (Law 6); after that, honours wrongly
    scored may still be struck out as a wrong score (Laws 11, 12)."""
    claim = _claim_verdict(sheet, number, next_trump_turned)
    held = sheet.deals[number - 1].deal.honours
    if claim.allowed or max(held.we, held.they) < 3:
        return claim
    state, game, _ = _game_of(sheet, number, next_trump_turned)
    ordinal = game_ordinal(game)
    if state is _Game.CONCLUDED:
        still = "only where that affects the amount of the rubber (Law 12)"
    elif state is _Game.LAST:
        still = "until the rubber's value is agreed (Law 11)"
    else:
        still = f"until the {ordinal} game is concluded (Law 11)"
    return Verdict(
        True, f"{claim.reason[:-1]}; honours wrongly scored may still be struck out {still}."
    )


def ruling(
    sheet: WhistSheet,
    number: int,
    new: WhistDeal | None,
    *,
    next_trump_declared: bool,
    agreed: bool,
) -> Ruling | None:
    """Whether deal `number` may be replaced by `new` (None: removed, a wrong score), under
    which law; None if the correction changes nothing."""
    if not 1 <= number <= len(sheet.deals):
        raise ValueError(f"there is no deal {number} on this sheet")
    old = sheet.deals[number - 1].deal
    kind = Kind.TRICKS if new is None else kind_of_change(old, new)
    if kind is None:
        return None
    if agreed:
        verdict = window(sheet, number, next_trump_declared=True, agreed=True)[kind]
        return Ruling(kind, AMOUNT if kind is Kind.TRICKS else LAWS[kind], False, verdict.reason)
    if kind is Kind.HONOURS:
        claim = _claim_verdict(sheet, number, next_trump_declared)
        return Ruling(kind, LAWS[kind], claim.allowed, claim.reason)
    state, game, following = _game_of(sheet, number, next_trump_declared)
    if state is not _Game.CONCLUDED:
        verdict = _score_verdict(sheet, number, next_trump_declared)
        return Ruling(kind, LAWS[kind], True, verdict.reason)
    deals = [scored.deal for scored in sheet.deals]
    if new is None:
        del deals[number - 1]
    else:
        deals[number - 1] = new
    name = f"Deal {number}"
    if _amount(work_out(deals)) != _amount(sheet):
        return Ruling(
            kind,
            AMOUNT,
            True,
            f"{name}'s score may be corrected: the error affects the amount of the rubber, "
            "which may be put right at any time during the rubber (Law 12).",
        )
    return Ruling(
        kind,
        LAWS[kind],
        False,
        f"{name}'s score can no longer be corrected: the {game_ordinal(game)} game was "
        f"concluded when deal {following}'s trump card was turned up (Law 11), and the "
        "correction does not change the amount of the rubber (Law 12).",
    )


def _amount(sheet: WhistSheet) -> tuple[object, ...]:
    """What the rubber is worth so far: each game won, by whom and at what value."""
    won: list[tuple[int, Side, int]] = [
        (game.number, game.winner, game.value)
        for game in sheet.games
        if game.winner is not None and game.value is not None
    ]
    return (sheet.winner, *won)


def changes(before: WhistSheet, after: WhistSheet) -> list[str]:
    """What a correction changed on the sheet, in words: each entry that moved, by the
    order of scoring ("deal 2: We 1 → 2 in tricks"), the ends of games, the rubber, and the
    totals."""
    return diff.changes(before, after, tuple(Scoring), lambda scoring: f"in {scoring}")
