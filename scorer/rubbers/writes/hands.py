"""Entering the hands of the deal in progress (§9): after the play, a player may enter the
four hands; the result's honours and chicane are then filled in from them, and the result
recorded must agree with them (`Deal.check_cards`); and their analysis (§12) is asked for.
Keyed, and refused when stale, as every write to a rubber."""

from __future__ import annotations

import uuid
from dataclasses import replace

from django.contrib.auth.models import User
from django.db import transaction

from scorer import engine
from scorer.analysis import writes as analysis
from scorer.engine.cards import Hands, dealt
from scorer.rubbers.reads import RubberState, rubber_state_of
from scorer.rubbers.writes.claims import claim_rubber, told

NO_DEAL = "no deal is in progress: a deal's hands are entered after its play, before its result"


@transaction.atomic
def enter_hands(
    *, state: RubberState, user: User, key: uuid.UUID, revision: int, hands: Hands
) -> RubberState:
    """Keep the four hands of the deal in progress, in place of any entered before."""
    claimed = claim_rubber(state, user, key, revision, "hands")
    if claimed is None:
        return rubber_state_of(state.rubber.pk)  # handled before: as it stands now
    deal = state.in_progress
    if deal is None:
        raise engine.RubberError(NO_DEAL)
    if engine.Record.HANDS not in state.game.laws.records:
        raise engine.RubberError(f"{state.game.name} does not record a deal's hands")
    entered_before = bool(deal.hands)
    deal.hands = dealt.hands_line(hands)
    deal.save(update_fields=["hands"])
    analysis.ask_for([hands])
    again = " again" if entered_before else ""
    told(claimed, f"Deal {deal.number}: its hands were entered{again}.")
    return replace(state, in_progress=deal)
