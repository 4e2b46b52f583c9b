"""Correcting a recorded deal, or removing the last one, as Laws 12 and 13 allow, judged on
the sheet as it stands; the sheet is then worked out again from the corrected deals. And
undoing the last entry made in error: the deal in progress's declaration, or the last deal
recorded, each kept as a correction whose reason is filled in ("entered in error")."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace

from django.contrib.auth.models import User
from django.db import transaction

from scorer import engine
from scorer.club.models import person
from scorer.plumbing.keys import Submission
from scorer.rubbers.models import Acceptance, Correction, Deal
from scorer.rubbers.reads import RubberState, rubber_state_of, worked_out
from scorer.rubbers.writes.claims import claim_rubber, clear_confirmations, told
from scorer.rubbers.writes.deals import Declaration, Result

# The reason an undone entry is kept with, filled in for the player.
ENTERED_IN_ERROR = "entered in error"


@dataclass(frozen=True)
class Corrected:
    state: RubberState
    changes: list[str]  # what the correction changed on the sheet, in words
    lapsed: str = ""  # whose agreement (or acceptance) lapsed by it, in a sentence


@transaction.atomic
def correct(
    *,
    state: RubberState,
    user: User,
    key: uuid.UUID,
    revision: int,
    number: int,
    reason: str,
    correction: tuple[Declaration, Result] | None,
) -> Corrected:
    """Correct recorded deal `number` (correction None: remove it, the last deal, recorded
    by mistake), if Law 12 or 13 still allows it, judged on the sheet as it stands; the
    sheet is then worked out again from the corrected deals."""
    claimed = claim_rubber(state, user, key, revision, "correction")
    if claimed is None:
        return Corrected(rubber_state_of(state.rubber.pk), [])
    return _corrected(state, user, number, reason, correction, told_as=claimed)


@transaction.atomic
def undo(
    *, state: RubberState, user: User, key: uuid.UUID, revision: int, number: int
) -> Corrected:
    """Undo the last entry, made in error: deal `number`'s declaration while it is in
    progress, or else deal `number` itself, the last recorded, while Law 12 allows its
    removal. Either is kept as a correction under Law 12, "entered in error"."""
    claimed = claim_rubber(state, user, key, revision, "undo")
    if claimed is None:
        return Corrected(rubber_state_of(state.rubber.pk), [])
    deal = state.in_progress
    if deal is None:
        return _corrected(state, user, number, ENTERED_IN_ERROR, None, told_as=claimed)
    if deal.number != number:
        raise engine.RubberError(
            f"the last entry is deal {deal.number}'s declaration, not deal {number}"
        )
    law = state.game.corrections.law(engine.Kind.TRICKS)
    Correction.objects.create(
        rubber=state.rubber,
        number=number,
        kind=engine.Kind.TRICKS.value,
        law=law,
        reason=ENTERED_IN_ERROR,
        before=deal.snapshot(),
        after=None,
        made_by=user,
    )
    deal.delete()
    declaration = state.game.words.declaration_name
    told(claimed, f"Deal {number}: {declaration} undone ({law}: {ENTERED_IN_ERROR}).")
    return Corrected(replace(state, in_progress=None), [])


def _corrected(
    state: RubberState,
    user: User,
    number: int,
    reason: str,
    correction: tuple[Declaration, Result] | None,
    *,
    told_as: Submission,
) -> Corrected:
    """The correction itself, the write claimed (`told_as`: its claim, told what it did)."""
    if not reason.strip():
        raise engine.RubberError("a correction needs a reason", field="reason")
    if not 1 <= number <= len(state.recorded):
        raise engine.RubberError(f"there is no recorded deal {number} to correct")
    deal = state.recorded[number - 1]
    game = state.game
    corrected: Deal | None = None
    if correction is None:  # removing a deal changes its trick entries, as Law 12 sees it
        _refuse_removal(state, number)
        kind, deals = engine.Kind.TRICKS, list(state.recorded[:-1])
    else:
        corrected = Deal.from_snapshot(state.rubber, number, deal.snapshot())
        declaration, result = correction
        corrected.record(result.onto(declaration.called()), dealer=declaration.dealer)
        if corrected.played:  # corrected to spades not played, it keeps no cards
            corrected.hands, corrected.play = deal.hands, deal.play
        corrected.check_cards()  # a deal's cards stand: what is called agrees with them (§9)
        found = game.corrections.kind_of_change(
            game.laws.deal_of(deal.called()), game.laws.deal_of(corrected.called())
        )
        if found is None:
            raise engine.RubberError(f"deal {number} is already so: there is nothing to correct")
        kind = found
        deals = [corrected if d.number == number else d for d in state.recorded]
    verdict = game.corrections.window(  # after agreement, this refuses everything, quoting the law
        state.sheet,
        number,
        next_trump_declared=state.in_progress is not None,
        agreed=state.rubber.agreed,
    )[kind]
    if not verdict.allowed:
        raise engine.RubberError(verdict.reason, field=kind.value)
    sheet = worked_out(state.rubber, deals)
    Correction.objects.create(
        rubber=state.rubber,
        number=number,
        kind=kind.value,
        law=game.corrections.law(kind),
        reason=reason.strip(),
        before=deal.snapshot(),
        after=None if corrected is None else corrected.snapshot(),
        made_by=user,
    )
    unaccepted = ""
    if corrected is None:
        deal.delete()  # its acceptance with it
    else:
        corrected.pk = deal.pk  # the same deal, as corrected: its recording stays as it was
        corrected.save(update_fields=[*Deal.CALLED_FIELDS, "hands", "play"])
        unaccepted = _unaccepted(deal)
    moved = game.corrections.changes(state.sheet, sheet)
    what = "removed" if corrected is None else "corrected"
    lapsed = clear_confirmations(state.rubber, f"deal {number} was {what}")
    lapsed = " ".join(part for part in (lapsed, unaccepted) if part)
    told(
        told_as,
        f"Deal {number} {what} ({game.corrections.law(kind)}: {reason.strip()}):",
        engine.words.changes(number, moved) + ".",
        lapsed,
    )
    after = replace(state, recorded=tuple(deals), worked=sheet)
    return Corrected(after, moved, lapsed)


def _unaccepted(deal: Deal) -> str:
    """A corrected deal is no longer the deal that was accepted: its acceptance lapses, for
    the other side to accept it as corrected. Says whose, in a sentence."""
    accepted = Acceptance.objects.filter(deal=deal).select_related("accepted_by__member").first()
    if accepted is None:
        return ""
    accepted.delete()
    return (
        f"{person(accepted.accepted_by)}'s acceptance of deal {deal.number} lapsed: "
        "it is to be accepted as corrected."
    )


def _refuse_removal(state: RubberState, number: int) -> None:
    """Only the last deal recorded can be removed, and not under a deal in progress."""
    if number != len(state.recorded):
        raise engine.RubberError(
            f"only the last deal recorded (deal {len(state.recorded)}) can be removed"
        )
    if state.in_progress is not None:
        raise engine.RubberError(
            f"deal {state.in_progress.number} is declared: discard it before removing deal {number}"
        )
