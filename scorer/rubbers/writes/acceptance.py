"""Accepting a recorded deal for the other side, where the club asks for it
(`Club.deals_accepted`): once a deal, which the database keeps unique. It changes no figure,
so it makes no other phone's form stale (`claims.SCORELESS`); the rubber is still agreed
as a whole (Law 13)."""

from __future__ import annotations

import uuid

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from scorer import engine
from scorer.club.models import person
from scorer.rubbers.models import Acceptance
from scorer.rubbers.reads import RubberState, accepting_side, rubber_state_of
from scorer.rubbers.writes.claims import claim_rubber, told


@transaction.atomic
def accept(
    *,
    state: RubberState,
    user: User,
    key: uuid.UUID,
    revision: int,
    number: int,
    side: engine.Side | None,
) -> RubberState:
    """Accept recorded deal `number` for `side`, which must be the side that is to accept
    it: the other side from whoever wrote it last (None: the page knew of no such side)."""
    claimed = claim_rubber(state, user, key, revision, "acceptance")
    if claimed is None:
        return rubber_state_of(state.rubber.pk)  # handled before: as it stands now
    deal = next((d for d in state.recorded if d.number == number), None)
    if deal is None:
        raise engine.RubberError(f"there is no recorded deal {number} to accept")
    to_accept = accepting_side(state, deal, state.rubber.corrections.all())
    if to_accept is None:
        raise engine.RubberError(f"deal {number} was entered by the staff: no side need accept it")
    if to_accept is not side:
        raise engine.RubberError(f"deal {number} is for {to_accept.label} to accept")
    earlier = Acceptance.objects.filter(deal=deal).select_related("accepted_by__member").first()
    if earlier is not None:
        raise engine.RubberError(_accepted_already(number, earlier))
    try:
        with transaction.atomic():  # a savepoint: the database's own refusal, on its own
            Acceptance.objects.create(deal=deal, accepted_by=user)
    except IntegrityError:  # accepted at the same moment on another phone
        raise engine.RubberError(f"deal {number} has been accepted already") from None
    told(claimed, f"Deal {number} accepted by {person(user)} for {to_accept.label}.")
    return state


def _accepted_already(number: int, earlier: Acceptance) -> str:
    return f"deal {number} has been accepted already, by {person(earlier.accepted_by)}"
