"""Writing to a rubber: starting it, declaring a deal, recording its result, correcting a
deal, agreeing the rubber.

Every write is guarded twice (scorer/plumbing/keys.py). The form's own key is recorded with the
write, so that a double tap or a form sent again changes nothing. The form also carries
the rubber's revision it was shown at; if the rubber has moved on since (another phone
recorded in between), the write is refused, never applied over a sheet its sender has not
seen. An agreement is announced (`signals.rubber_agreed`) in its own transaction, for the
ledger to post; the scorer does not know who listens.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from scorer import engine, signals
from scorer.club.models import Club, Member, person
from scorer.engine.cutting import Cut, cut_for_deal, cut_for_partners, cut_for_the_dummy
from scorer.models import Correction, Deal, Rubber, Seat, Table
from scorer.plumbing.keys import Stale, Submission, claim, first_answer
from scorer.presenters import declaration_words, value_words
from scorer.reads import TableState, table_state, table_state_of, worked_out

CUT_FOR_DEAL = "cut"
CUT_FOR_PARTNERS = "partners"
CUT_FOR_THE_DUMMY = "dummy"


# -- Starting a rubber --------------------------------------------------------------------


@transaction.atomic
def start_rubber(
    *,
    table: str,
    members: Sequence[Member],
    first_dealer: int | str,
    user: User,
    rng: random.Random | None = None,
    key: uuid.UUID | None = None,
    game: engine.CardGame[Any, Any] = engine.BRIDGE,
    unit: engine.Unit = engine.Unit.RUBBER,
    at_table: Table | None = None,
) -> Rubber:
    """Seat the members round the table with the club's rules in force: four (We, They,
    We, They), or three playing Three-handed Bridge (the dummy's holder, then his left and
    right-hand adversaries: the game says which seats they take). first_dealer is a seat,
    or a cut for deal, for partners and deal, or for the dummy. A form sent again (the same
    key) answers with the rubber the first one started. `at_table`: the table of the
    evening it is begun at (scorer/tables.py), whose guards then seat each player in one
    rubber in play at a time; None, a rubber outside the evening's tables."""
    claimed = claim(key=key, user=user, what="start") if key is not None else None
    if key is not None and claimed is None:
        first = first_answer(key)
        if first is not None and first.rubber_id is not None:
            return Rubber.objects.get(pk=first.rubber_id)
    if len(members) != len(game.seating.seats):
        raise engine.RubberError(
            f"{game.name} is played by {len(game.seating.seats)}: "
            f"choose {len(game.seating.seats)} members (got {len(members)})"
        )
    game.laws.rules(unit=unit)  # refuses a unit the game does not allow
    club = Club.get()
    seated, cut = list(members), None
    if first_dealer in (CUT_FOR_DEAL, CUT_FOR_PARTNERS, CUT_FOR_THE_DUMMY):
        rng = rng or random.SystemRandom()
        if first_dealer == CUT_FOR_THE_DUMMY:
            drawn = cut_for_the_dummy(rng)
        elif first_dealer == CUT_FOR_DEAL:
            drawn = cut_for_deal(len(seated), rng)
        else:
            drawn = cut_for_partners(rng)
        cut = _cut_record(drawn, seated, kind=str(first_dealer))
        if first_dealer == CUT_FOR_PARTNERS:
            (dealer, partner), (left, right) = drawn.partnerships
            seated = [seated[dealer], seated[left], seated[partner], seated[right]]
            first_dealer = 0
        elif first_dealer == CUT_FOR_THE_DUMMY:
            # The lowest has the dummy and the deal; the others sit in the order of the cut.
            seated = [seated[player] for player in drawn.order]
            first_dealer = 0
        else:
            first_dealer = game.seating.seats[drawn.dealer]
    assert isinstance(first_dealer, int)
    rubber = Rubber.objects.create(
        table=table,
        at_table=at_table,
        game=game.code,
        unit=unit.value,
        started_by=user,
        doubling_limit=club.doubling_limit,
        spade_convention=club.spade_convention,
        abandoned_counts=club.abandoned_rubbers_count,
        first_dealer=first_dealer,
        cut=cut,
    )
    Seat.objects.bulk_create(
        Seat(rubber=rubber, member=member, position=position)
        for position, member in zip(game.seating.seats, seated, strict=True)
    )
    if claimed is not None:
        claimed.rubber = rubber
        claimed.save(update_fields=["rubber"])
    return rubber


def _cut_record(cut: Cut, members: list[Member], *, kind: str) -> dict[str, object]:
    """The cards as drawn, by member, for the rubber's page: "for" the deal ("cut"), for
    partners and deal ("partners"), or for the dummy ("dummy")."""
    return {
        "for": {CUT_FOR_DEAL: "deal"}.get(kind, kind),
        "rounds": [
            [{"member": members[player].pk, "card": str(card)} for player, card in drawn]
            for drawn in cut.rounds
        ],
    }


# -- Recording deals ------------------------------------------------------------------------


# What recording a result writes: the result as called, and who recorded it when.
RESULT_FIELDS = [*Deal.RESULT_FIELDS, "recorded_at", "recorded_by"]


@dataclass(frozen=True)
class Declaration:
    dealer: int
    maker: engine.Maker
    trump: engine.Trump
    doubles: int


@dataclass(frozen=True)
class Result:
    played: bool
    tricks: int | None = None  # won by the dealer's side
    honours_side: engine.Side | None = None
    honours: engine.Honours | None = None  # None with honours_side None: aces easy
    chicane: engine.Pair[int] = engine.NONE
    revokes: engine.Pair[int] = engine.NONE
    penalties: tuple[engine.Revoke, ...] = ()  # Whist: each revoke and the penalty chosen


# Each write takes the table's state as its caller read it, and returns the state after
# it. The revision makes one read enough: every write advances it, so if the rubber's
# revision is still the one read before its deals, nothing has changed since.


@transaction.atomic
def declare(
    *,
    state: TableState,
    user: User,
    key: uuid.UUID,
    revision: int,
    declaration: Declaration,
) -> TableState:
    """Record the declaration of the next deal, or change the deal in progress."""
    claimed = _claim(state, user, key, revision, "declaration")
    if claimed is None:
        return table_state_of(state.rubber.pk)  # handled before: as it stands now
    _refuse_if_agreed(state)
    if state.sheet.finished:
        raise engine.RubberError(
            "the rubber is won: no deal may follow (Law 1)", deal=state.next_number
        )
    deal = state.in_progress or Deal(rubber=state.rubber, number=state.next_number)
    _write_declaration(deal, declaration)
    try:
        state.game.laws.check_declaration(deal.called(), state.rubber.rules)
    except engine.RubberError as error:
        raise error.at(deal.number) from None
    deal.declared_at = timezone.now()  # the moment that concludes the previous game
    deal.declared_by = user
    if deal.pk is None:
        deal.save()
    else:
        deal.save(update_fields=[*Deal.DECLARATION_FIELDS, "declared_at", "declared_by"])
    changed = "'s declaration changed" if state.in_progress else " declared"
    words = declaration_words(state, deal)
    # Play goes on: an offer to abandon lapses.
    _told(claimed, f"Deal {deal.number}{changed}: {words}.", _clear_confirmations(state.rubber))
    return replace(state, in_progress=deal, worked=state.sheet)  # the recorded deals' sheet


@transaction.atomic
def discard(*, state: TableState, user: User, key: uuid.UUID, revision: int) -> TableState:
    """Throw away the deal in progress: until its result is recorded it is nobody's score."""
    claimed = _claim(state, user, key, revision, "discard")
    if claimed is None:
        return table_state_of(state.rubber.pk)  # handled before: as it stands now
    state.rubber.deals.filter(recorded_at__isnull=True).delete()
    if state.in_progress is not None:
        _told(claimed, f"Deal {state.in_progress.number} was discarded before it was played.")
    return replace(state, in_progress=None)


@transaction.atomic
def record_result(
    *, state: TableState, user: User, key: uuid.UUID, revision: int, result: Result
) -> TableState:
    """Record the result of the deal in progress, once the rules engine accepts it."""
    claimed = _claim(state, user, key, revision, "result")
    if claimed is None:
        return table_state_of(state.rubber.pk)  # handled before: as it stands now
    deal = state.in_progress
    if deal is None:
        raise engine.RubberError("no deal is in progress: declare one first")
    _write_result(deal, result)
    # The whole rubber is worked out again with this deal: the laws may refuse it only in
    # the light of the deals before it (the Spade Convention, a finished rubber).
    recorded = (*state.recorded, deal)
    sheet = worked_out(state.rubber, recorded)
    deal.recorded_at = timezone.now()
    deal.recorded_by = user
    deal.save(update_fields=RESULT_FIELDS)
    result_words = state.game.words.result_words(state.game.laws.deal_of(deal.called()))
    _told(
        claimed, f"Deal {deal.number} recorded: {result_words}.", _clear_confirmations(state.rubber)
    )
    return replace(state, recorded=recorded, in_progress=None, worked=sheet)


def as_declared(rubber: Rubber, number: int, declaration: Declaration) -> Deal:
    """A deal as this declaration would make it (not saved): to say what it was."""
    deal = Deal(rubber=rubber, number=number)
    _write_declaration(deal, declaration)
    return deal


def as_recorded(deal: Deal, result: Result) -> Deal:
    """The deal in progress as this result would record it (not saved)."""
    recorded = Deal.from_snapshot(deal.rubber, deal.number, deal.snapshot())
    _write_result(recorded, result)
    return recorded


def _write_declaration(deal: Deal, declaration: Declaration) -> None:
    deal.dealer = declaration.dealer
    deal.maker = declaration.maker.value
    deal.trump = declaration.trump.value
    deal.doubles = declaration.doubles


def _write_result(deal: Deal, result: Result) -> None:
    deal.played = result.played
    deal.tricks = result.tricks if result.played else None
    deal.honours_side = result.honours_side.value if result.honours_side else ""
    deal.honours = result.honours.name if result.honours else ""
    deal.chicane_we, deal.chicane_they = result.chicane
    deal.revokes_we, deal.revokes_they = result.revokes
    deal.penalties = [
        {"by": revoke.by.value, "penalty": revoke.penalty.value} for revoke in result.penalties
    ]


# -- Corrections (Laws 12, 13) -------------------------------------------------------------


@dataclass(frozen=True)
class Corrected:
    state: TableState
    changes: list[str]  # what the correction changed on the sheet, in words
    lapsed: str = ""  # whose agreement lapsed by it, in a sentence


@transaction.atomic
def correct(
    *,
    state: TableState,
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
    claimed = _claim(state, user, key, revision, "correction")
    if claimed is None:
        return Corrected(table_state_of(state.rubber.pk), [])
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
        _write_declaration(corrected, correction[0])
        _write_result(corrected, correction[1])
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
    if corrected is None:
        deal.delete()
    else:
        corrected.pk = deal.pk  # the same deal, as corrected: its recording stays as it was
        corrected.save(update_fields=list(Deal.CALLED_FIELDS))
    moved = game.corrections.changes(state.sheet, sheet)
    what = "removed" if corrected is None else "corrected"
    lapsed = _clear_confirmations(state.rubber, f"deal {number} was {what}")
    _told(
        claimed,
        f"Deal {number} {what} ({game.corrections.law(kind)}: {reason.strip()}):",
        engine.words.changes(number, moved) + ".",
        lapsed,
    )
    after = replace(state, recorded=tuple(deals), worked=sheet)
    return Corrected(after, moved, lapsed)


def _refuse_removal(state: TableState, number: int) -> None:
    """Only the last deal recorded can be removed, and not under a deal in progress."""
    if number != len(state.recorded):
        raise engine.RubberError(
            f"only the last deal recorded (deal {len(state.recorded)}) can be removed"
        )
    if state.in_progress is not None:
        raise engine.RubberError(
            f"deal {state.in_progress.number} is declared: discard it before removing deal {number}"
        )


# -- Agreeing the rubber --------------------------------------------------------------------

AGREEMENT_FIELDS = [
    "we_agreed_by",
    "we_agreed_at",
    "they_agreed_by",
    "they_agreed_at",
    "agreed_at",
    "agreed_value",
    "abandoned",
]


@transaction.atomic
def agree(
    *,
    state: TableState,
    user: User,
    key: uuid.UUID,
    revision: int,
    side: engine.Side | None,
) -> TableState:
    """A side confirms the rubber's value: its result once won, or its abandonment before.
    side None: the staff records that both sides agreed. When both have, the rubber's
    value is fixed and nothing changes after."""
    claimed = _claim(state, user, key, revision, "agreement")
    if claimed is None:
        return table_state_of(state.rubber.pk)
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
        # In this transaction: whoever listens (the ledger) posts with it, once, or refuses
        # it whole.
        signals.rubber_agreed.send(Rubber, rubber=rubber, seats=state.seats)
        _told(claimed, "The rubber's value is agreed:", f"{value_words(state)}.")
        return state
    rubber.save(update_fields=AGREEMENT_FIELDS)
    agreeing = "agree to abandon the rubber" if not state.sheet.finished else "agree the rubber"
    (agreed_side,) = [each for each in engine.SIDES if rubber.agreed_by(each)[0] is not None]
    _told(claimed, f"{person(user)} for {agreed_side.label}: {agreeing}.")
    return state


@transaction.atomic
def withdraw(
    *, state: TableState, user: User, key: uuid.UUID, revision: int, side: engine.Side
) -> TableState:
    """Take back a side's confirmation, until the other side has confirmed too."""
    claimed = _claim(state, user, key, revision, "withdrawal")
    if claimed is None:
        return table_state_of(state.rubber.pk)
    rubber = state.rubber
    setattr(rubber, f"{side.value}_agreed_by", None)
    setattr(rubber, f"{side.value}_agreed_at", None)
    rubber.save(update_fields=AGREEMENT_FIELDS)
    _told(claimed, f"{person(user)} took back {side.label}'s agreement.")
    return state


def _refuse_if_agreed(state: TableState) -> None:
    if state.rubber.agreed:
        raise engine.RubberError(
            "the rubber's value has been agreed: nothing on its sheet changes now (Laws 12, 13)"
        )


def _clear_confirmations(rubber: Rubber, because: str = "the score changed") -> str:
    """The score changed: a side's confirmation was for the score before, and lapses. Says
    whose, and why: "Mrs. Carr's agreement for We lapsed: deal 2 was corrected." """
    lapsed = [
        f"{person(by)}'s agreement for {side.label} lapsed"
        for side in engine.SIDES
        if (by := rubber.agreed_by(side)[0]) is not None
    ]
    if not lapsed:
        return ""
    rubber.we_agreed_by = rubber.we_agreed_at = None
    rubber.they_agreed_by = rubber.they_agreed_at = None
    rubber.save(update_fields=AGREEMENT_FIELDS)
    return f"{'; '.join(lapsed)}: {because}."


# The writes that change no figure on the sheet: the other side's agreement, given or taken
# back, does not make a side's own agreement stale.
_AGREEING = {"agreement", "withdrawal"}


def _claim(
    state: TableState, user: User, key: uuid.UUID, revision: int, what: str
) -> Submission | None:
    """Take the write for this form: None if the form was carried out before; Stale if the
    rubber has changed since the form was shown, or since its state was read. An agreement
    is judged against the score alone: one made on a page that has since seen only the
    other side's agreement goes ahead. The caller's transaction undoes the claim if the
    write is then refused."""
    rubber = state.rubber
    claimed = claim(key=key, user=user, what=what, rubber=rubber)
    if claimed is None:
        return None
    if what in _AGREEING:  # as it is now, not as the page read it: the other side's may be in
        # Locked first, so that on PostgreSQL an agreement a moment before on the other
        # side's phone is read once committed rather than raced (SQLite writes one at a time).
        rubber.refresh_from_db(
            fields=[*AGREEMENT_FIELDS, "revision"],
            from_queryset=Rubber.objects.select_for_update(),
        )
        between = Submission.objects.filter(rubber=rubber, revision__gt=revision)
        if set(between.values_list("what", flat=True)) <= _AGREEING:
            revision = rubber.revision
    _refuse_if_agreed(state)
    # An agreed rubber is never changed (the database refuses): its revision stays.
    moved_on = revision == rubber.revision and Rubber.objects.filter(
        pk=rubber.pk, revision=revision, agreed_at__isnull=True
    ).update(revision=F("revision") + 1)
    if not moved_on:
        raise Stale("The sheet changed on another phone; here it is now.")
    rubber.revision = revision + 1
    claimed.revision = rubber.revision
    return claimed


def _told(claimed: Submission, *said: str) -> None:
    """What the write did, in words, for the phones that follow the rubber."""
    claimed.said = " ".join(part for part in said if part)[:500]
    claimed.save(update_fields=["said", "revision"])


def replay(*, rubber: Rubber, deals: Sequence[Any], user: User) -> None:
    """Record deals given as the rubber's game knows them (from elwell-rubber/1 or
    whist-rubber/1, say) through the same steps as a table: each declared, then its result
    recorded."""
    state = table_state(rubber)
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
