"""Agreeing the rubber's value, side by side (or the staff for both), and taking a side's
agreement back before the other has given theirs. Agreed, the rubber is announced
(`signals.rubber_agreed`) in the agreement's own transaction, for the ledger to post."""

from __future__ import annotations

import uuid

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from scorer import engine
from scorer.club import places
from scorer.club.models import person
from scorer.rubbers import signals
from scorer.rubbers.models import Rubber
from scorer.rubbers.presenters import value_words
from scorer.rubbers.reads import RubberState, rubber_state_of
from scorer.rubbers.writes.claims import AGREEMENT_FIELDS, claim_rubber, told


@transaction.atomic
def agree(
    *,
    state: RubberState,
    user: User,
    key: uuid.UUID,
    revision: int,
    side: engine.Side | None,
) -> RubberState:
    """A side confirms the rubber's value: its result once won, or its abandonment before.
    side None: the staff records that both sides agreed. When both have, the rubber's
    value is fixed and nothing changes after."""
    claimed = claim_rubber(state, user, key, revision, "agreement")
    if claimed is None:
        return rubber_state_of(state.rubber.pk)
    if state.in_progress is not None:
        raise engine.RubberError(
            f"deal {state.in_progress.number} is declared: record its result or discard it "
            "before the rubber is agreed"
        )
    rubber, now = state.rubber, timezone.now()
    for each in engine.SIDES if side is None else (side,):
        setattr(rubber, f"{each.value}_agreed_by", user)
        setattr(rubber, f"{each.value}_agreed_at", now)
    if rubber.we_agreed_at and rubber.they_agreed_at:
        rubber.agreed_at = now
        rubber.agreed_value = state.value
        rubber.abandoned = not state.sheet.finished
        rubber.save(update_fields=AGREEMENT_FIELDS)
        places.free(rubber=rubber)  # its players are free to play elsewhere
        # In this transaction: whoever listens (the ledger) posts with it, once, or refuses
        # it whole.
        signals.rubber_agreed.send(Rubber, rubber=rubber, seats=state.seats)
        told(claimed, "The rubber's value is agreed:", f"{value_words(state)}.")
        return state
    rubber.save(update_fields=AGREEMENT_FIELDS)
    agreeing = "agree to abandon the rubber" if not state.sheet.finished else "agree the rubber"
    (agreed_side,) = [each for each in engine.SIDES if rubber.agreed_by(each)[0] is not None]
    told(claimed, f"{person(user)} for {agreed_side.label}: {agreeing}.")
    return state


@transaction.atomic
def withdraw(
    *, state: RubberState, user: User, key: uuid.UUID, revision: int, side: engine.Side
) -> RubberState:
    """Take back a side's confirmation, until the other side has confirmed too."""
    claimed = claim_rubber(state, user, key, revision, "withdrawal")
    if claimed is None:
        return rubber_state_of(state.rubber.pk)
    rubber = state.rubber
    setattr(rubber, f"{side.value}_agreed_by", None)
    setattr(rubber, f"{side.value}_agreed_at", None)
    rubber.save(update_fields=AGREEMENT_FIELDS)
    told(claimed, f"{person(user)} took back {side.label}'s agreement.")
    return state
