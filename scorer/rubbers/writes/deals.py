"""Recording deals: the declaration, then the result, or the whole deal in one write once
it is over, each judged by the same checks, and each taking the rubber's state as its
caller read it and returning the state after it; discarding a deal in progress; and a
rubber's deals recorded as a table would record them (`replay`)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from scorer import engine
from scorer.rubbers.models import Deal, Rubber
from scorer.rubbers.presenters import declaration_words
from scorer.rubbers.reads import RubberState, rubber_state, rubber_state_of, worked_out
from scorer.rubbers.writes.claims import claim_rubber, clear_confirmations, refuse_if_agreed, told

# What recording a result writes: the result as called, and who recorded it when.
RESULT_FIELDS = [*Deal.RESULT_FIELDS, "recorded_at", "recorded_by"]
CARD_FIELDS = ["hands", "play"]


@dataclass(frozen=True)
class Declaration:
    dealer: int
    maker: engine.Maker
    trump: engine.Trump
    doubles: int

    def called(self) -> engine.Called:
        """The deal as declared, its result to come."""
        dealer = engine.side_of_seat(self.dealer)
        return engine.Called(dealer, self.trump, self.maker, self.doubles)


@dataclass(frozen=True)
class Result:
    played: bool
    tricks: int | None = None  # won by the dealer's side
    honours_side: engine.Side | None = None
    honours: engine.Honours | None = None  # None with honours_side None: aces easy
    chicane: engine.Pair[int] = engine.NONE
    revokes: engine.Pair[int] = engine.NONE
    penalties: tuple[engine.Revoke, ...] = ()  # Whist: each revoke and the penalty chosen

    def onto(self, declared: engine.Called) -> engine.Called:
        """The deal declared so, with this result."""
        return replace(
            declared,
            played=self.played,
            tricks=self.tricks,
            honours=engine.Call(self.honours_side, self.honours).code,
            chicane=self.chicane,
            revokes=self.revokes,
            penalties=self.penalties,
        )


# Each write takes the rubber's state as its caller read it, and returns the state after
# it. The revision makes one read enough: every write advances it, so if the rubber's
# revision is still the one read before its deals, nothing has changed since.


@transaction.atomic
def declare(
    *,
    state: RubberState,
    user: User,
    key: uuid.UUID,
    revision: int,
    declaration: Declaration,
) -> RubberState:
    """Record the declaration of the next deal, or change the deal in progress."""
    claimed = claim_rubber(state, user, key, revision, "declaration")
    if claimed is None:
        return rubber_state_of(state.rubber.pk)  # handled before: as it stands now
    deal = _declared(state, user, declaration, state.in_progress)
    if deal.pk is None:
        deal.save()
    else:
        deal.save(update_fields=[*Deal.DECLARATION_FIELDS, "declared_at", "declared_by"])
    changed = "'s declaration changed" if state.in_progress else " declared"
    words = declaration_words(state, deal)
    # Play goes on: an offer to abandon lapses.
    told(claimed, f"Deal {deal.number}{changed}: {words}.", clear_confirmations(state.rubber))
    return replace(state, in_progress=deal, worked=state.sheet)  # the recorded deals' sheet


@transaction.atomic
def record_deal(
    *,
    state: RubberState,
    user: User,
    key: uuid.UUID,
    revision: int,
    declaration: Declaration,
    result: Result,
) -> RubberState:
    """Record a whole deal once it is over, its declaration and its result in one write:
    judged by the declaration's checks, then the result's, as the two steps would be."""
    claimed = claim_rubber(state, user, key, revision, "deal")
    if claimed is None:
        return rubber_state_of(state.rubber.pk)  # handled before: as it stands now
    if state.in_progress is not None:
        raise engine.RubberError(
            "its declaration was saved on its own: record its result below",
            deal=state.in_progress.number,
        )
    deal = _declared(state, user, declaration, None)
    sheet = _recorded(state, user, deal, result)
    deal.save()
    called = deal.called()
    words = declaration_words(state, deal, called)
    result_words = state.game.words.result_words(state.game.laws.deal_of(called))
    told(
        claimed,
        f"Deal {deal.number} recorded: {words} \u2014 {result_words}.",
        clear_confirmations(state.rubber),
    )
    recorded = (*state.recorded, deal)
    return replace(state, recorded=recorded, in_progress=None, worked=sheet)


def _declared(state: RubberState, user: User, declaration: Declaration, deal: Deal | None) -> Deal:
    """The next deal, or the deal in progress, as this declaration makes it (not saved),
    once the laws allow it: the declaration's checks, whichever way it is recorded."""
    refuse_if_agreed(state)
    if state.sheet.finished:
        raise engine.RubberError(
            "the rubber is won: no deal may follow (Law 1)", deal=state.next_number
        )
    deal = deal or Deal(rubber=state.rubber, number=state.next_number)
    deal.record(declaration.called(), dealer=declaration.dealer)
    try:
        state.game.laws.check_declaration(deal.called(), state.rubber.rules)
    except engine.RubberError as error:
        raise error.at(deal.number) from None
    deal.declared_at = timezone.now()  # the moment that concludes the previous game
    deal.declared_by = user
    return deal


def _recorded(state: RubberState, user: User, deal: Deal, result: Result) -> Any:
    """The declared deal with this result written in (not saved), once the laws allow it:
    the result's checks, whichever way it is recorded. Returns the sheet with it."""
    deal.record(result.onto(deal.called()))
    if not deal.played:  # spades not played: no play, and no cards a rubber's file keeps
        deal.hands = deal.play = ""
    deal.check_cards()  # with its hands entered, the honours and chicane are theirs (§9)
    # The whole rubber is worked out again with this deal: the laws may refuse it only in
    # the light of the deals before it (the Spade Convention, a finished rubber).
    sheet = worked_out(state.rubber, (*state.recorded, deal))
    deal.recorded_at = timezone.now()
    deal.recorded_by = user
    return sheet


@transaction.atomic
def discard(*, state: RubberState, user: User, key: uuid.UUID, revision: int) -> RubberState:
    """Throw away the deal in progress: until its result is recorded it is nobody's score."""
    claimed = claim_rubber(state, user, key, revision, "discard")
    if claimed is None:
        return rubber_state_of(state.rubber.pk)  # handled before: as it stands now
    state.rubber.deals.filter(recorded_at__isnull=True).delete()
    if state.in_progress is not None:
        told(claimed, f"Deal {state.in_progress.number} was discarded before it was played.")
    return replace(state, in_progress=None)


@transaction.atomic
def record_result(
    *, state: RubberState, user: User, key: uuid.UUID, revision: int, result: Result
) -> RubberState:
    """Record the result of the deal in progress, once the rules engine accepts it."""
    claimed = claim_rubber(state, user, key, revision, "result")
    if claimed is None:
        return rubber_state_of(state.rubber.pk)  # handled before: as it stands now
    deal = state.in_progress
    if deal is None:
        raise engine.RubberError("no deal is in progress: declare one first")
    sheet = _recorded(state, user, deal, result)
    deal.save(update_fields=[*RESULT_FIELDS, *CARD_FIELDS])
    result_words = state.game.words.result_words(state.game.laws.deal_of(deal.called()))
    told(
        claimed, f"Deal {deal.number} recorded: {result_words}.", clear_confirmations(state.rubber)
    )
    return replace(state, recorded=(*state.recorded, deal), in_progress=None, worked=sheet)


def as_declared(rubber: Rubber, number: int, declaration: Declaration) -> Deal:
    """A deal as this declaration would make it (not saved): to say what it was."""
    deal = Deal(rubber=rubber, number=number)
    deal.record(declaration.called(), dealer=declaration.dealer)
    return deal


def as_recorded(deal: Deal, result: Result) -> Deal:
    """The deal in progress as this result would record it (not saved)."""
    recorded = Deal.from_snapshot(deal.rubber, deal.number, deal.snapshot())
    recorded.record(result.onto(recorded.called()))
    return recorded


def replay(*, rubber: Rubber, deals: Sequence[Any], user: User) -> None:
    """Record deals given as the rubber's game knows them (from elwell-rubber/1 or
    whist-rubber/1, say) through the same steps as a table: each declared, then its result
    recorded."""
    state = rubber_state(rubber)
    game = rubber.game_rules
    for deal in deals:
        called = game.laws.called_of(deal)
        seat = state.next_dealer
        if engine.side_of_seat(seat) is not called.dealer:
            seat = engine.next_dealer(seat)  # dealt out of turn, it stood (Law 43)
        declaration = Declaration(seat, called.maker, called.trump, called.doubles)
        state = declare(
            state=state,
            user=user,
            key=uuid.uuid4(),
            revision=rubber.revision,
            declaration=declaration,
        )
        if called.played is False:
            result = Result(played=False)
        else:
            call = called.call
            result = Result(
                played=True,
                tricks=called.tricks,
                honours_side=call.side,
                honours=call.honours,
                chicane=called.chicane,
                revokes=called.revokes,
                penalties=called.penalties,
            )
        state = record_result(
            state=state, user=user, key=uuid.uuid4(), revision=rubber.revision, result=result
        )
