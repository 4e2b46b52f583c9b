"""How long a wrong score may be put right (Laws 12 and 13).

A mistake affecting tricks may be corrected only before the game it lies in is concluded;
a game is concluded when the following deal has been dealt and its trump declared, except
the last game of the rubber, which stays open until both sides agree the rubber's value
(Law 12). A mistake affecting only honours, chicane or slam may be corrected until that
agreement (Law 13). After agreement nothing changes.

Whether a correction is allowed is judged on the sheet as it stands before it.
"""

from __future__ import annotations

from scorer.engine import diff
from scorer.engine.bridge.sheet import Sheet
from scorer.engine.model import Deal, Unit
from scorer.engine.rulings import Kind, Ruling, Verdict, Window
from scorer.engine.words import game_ordinal

# The law that governs each kind of correction, as the sheet and the record name it.
LAWS = {Kind.TRICKS: "Law 12", Kind.HONOURS: "Law 13"}


def law(kind: Kind) -> str:
    """ "Law 12" for a correction of the tricks, "Law 13" for one of honours only."""
    return LAWS[kind]


def kind_words(kind: Kind) -> str:
    """A kind of correction as the sheet names it: "tricks", "honours"."""
    return kind.value


def ruling(
    sheet: Sheet, number: int, new: Deal | None, *, next_trump_declared: bool, agreed: bool
) -> Ruling | None:
    """Whether deal `number` may be replaced by `new` (None: removed, which changes its
    trick entries); None if the correction changes nothing."""
    if not 1 <= number <= len(sheet.deals):
        raise ValueError(f"there is no deal {number} on this sheet")
    kind = Kind.TRICKS if new is None else kind_of_change(sheet.deals[number - 1].deal, new)
    if kind is None:
        return None
    verdict = window(sheet, number, next_trump_declared=next_trump_declared, agreed=agreed)[kind]
    return Ruling(kind, LAWS[kind], verdict.allowed, verdict.reason)


def kind_of_change(old: Deal, new: Deal) -> Kind | None:
    """Which law governs replacing `old` with `new`: Law 12 if the declaration, the tricks
    or the revokes change (they alter the trick entries, and so honours too), Law 13 if
    only honours or chicane change; None if nothing does."""
    if old == new:
        return None
    if old.play is None or new.play is None:
        return Kind.TRICKS
    if (old.dealer, old.maker, old.trump, old.doubles) != (
        new.dealer,
        new.maker,
        new.trump,
        new.doubles,
    ):
        return Kind.TRICKS
    if (old.play.tricks, old.play.revokes) != (new.play.tricks, new.play.revokes):
        return Kind.TRICKS
    return Kind.HONOURS


def window(sheet: Sheet, number: int, *, next_trump_declared: bool, agreed: bool) -> Window:
    """What may still be corrected in deal `number` of the sheet.

    next_trump_declared: a deal after the last one on the sheet has been dealt and its
    trump declared (its result not yet recorded). agreed: both sides have agreed the
    rubber's value.
    """
    if not 1 <= number <= len(sheet.deals):
        raise ValueError(f"there is no deal {number} on this sheet")
    name = f"Deal {number}"
    if agreed:
        why = "the rubber's value has been agreed"
        return Window(
            tricks=Verdict(False, f"{name}'s tricks can no longer be corrected: {why} (Law 12)."),
            honours=Verdict(False, f"{name}'s honours can no longer be corrected: {why} (Law 13)."),
        )
    honours = Verdict(
        True,
        f"{name}'s honours, chicane and slam may be corrected until the rubber's "
        "value is agreed (Law 13).",
    )
    return Window(_tricks_verdict(sheet, number, next_trump_declared), honours)


def _tricks_verdict(sheet: Sheet, number: int, next_trump_declared: bool) -> Verdict:
    scored = sheet.deals[number - 1]
    game = sheet.games[scored.game - 1]
    ordinal = game_ordinal(game.number)
    name = f"Deal {number}"
    if game.last_deal is None:
        return Verdict(
            True, f"{name}'s tricks may be corrected: the {ordinal} game is in play (Law 12)."
        )
    if sheet.finished and game is sheet.games[-1] and sheet.rules.unit is Unit.GAME:
        return Verdict(
            True,
            f"{name}'s tricks may be corrected: the game is scored as a unit of its own, "
            "open until its value is agreed (Law 12).",
        )
    if sheet.finished and game is sheet.games[-1]:
        return Verdict(
            True,
            f"{name}'s tricks may be corrected: the {ordinal} game is the last of the rubber, "
            "open until the rubber's value is agreed (Law 12).",
        )
    following = game.last_deal + 1
    if following <= len(sheet.deals) or next_trump_declared:
        return Verdict(
            False,
            f"{name}'s tricks can no longer be corrected: the {ordinal} game was concluded "
            f"when deal {following}'s trump was declared (Law 12).",
        )
    return Verdict(
        True,
        f"{name}'s tricks may be corrected: the {ordinal} game is not concluded until "
        f"deal {following}'s trump is declared (Law 12).",
    )


def changes(before: Sheet, after: Sheet) -> list[str]:
    """What a correction changed on the sheet, in words: each entry that moved, below or
    above the line ("deal 2: We 18 → 24 below the line"), the ends of games, the rubber,
    and the totals."""
    return diff.changes(before, after, ("tricks", "honours"), _line)


def _line(column: str) -> str:
    return f"{'below' if column == 'tricks' else 'above'} the line"
