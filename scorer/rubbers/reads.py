"""A rubber's read model: the rubber as its page shows it, and as it stood at a past moment.

A rubber's state is read in two queries (its seats with the rubber, then its deals) and
its sheet worked out by the rules engine from the deals, when first asked for; nothing of
the score is stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cached_property
from typing import Any

from django.db.models import QuerySet

from scorer import engine
from scorer.club.models import Member
from scorer.plumbing.keys import Submission
from scorer.rubbers.models import Acceptance, Correction, Deal, Rubber, Seat


@dataclass(frozen=True)
class RubberState:
    """A rubber as its page shows it, read in two queries: the seats, then the deals. Its
    sheet is worked out when first asked for: recording a result works out the sheet with
    the new deal, and needs none without it."""

    rubber: Rubber
    seats: tuple[Member, ...]  # round the table, from seat 0
    recorded: tuple[Deal, ...]
    in_progress: Deal | None
    # The sheet of `recorded`, given by a write that has worked it out already.
    worked: Any = field(default=None, compare=False, repr=False)
    # Law 27: who plays each seat for its member now, seat by seat (None: the member).
    substitutes: tuple[Member | None, ...] = ()

    @cached_property
    def sheet(self) -> Any:
        """The rubber's game's sheet (engine.ScoreSheet) of the recorded deals."""
        return worked_out(self.rubber, self.recorded) if self.worked is None else self.worked

    @property
    def next_number(self) -> int:
        return len(self.recorded) + 1

    @property
    def next_dealer(self) -> int:
        """The deal passes to the left of whoever dealt last (Law 32)."""
        last = self.in_progress or (self.recorded[-1] if self.recorded else None)
        if last is None:
            return self.rubber.first_dealer
        return engine.next_dealer(last.dealer)

    @property
    def game(self) -> engine.CardGame[Any, Any]:
        return self.rubber.game_rules

    def player_at(self, seat: int) -> Member:
        """Who plays the seat now: its member, or the substitute he appointed (Law 27)."""
        stand_in = self.substitutes[seat] if self.substitutes else None
        return stand_in if stand_in is not None else self.seats[seat]

    @property
    def players(self) -> tuple[Member, ...]:
        """Everyone who may record at the rubber: its members and their substitutes."""
        return (*self.seats, *(member for member in self.substitutes if member is not None))

    def partnership(self, side: engine.Side) -> tuple[Member, Member]:
        first, second = engine.seats_of(side)
        return self.seats[first], self.seats[second]

    @property
    def value(self) -> int:
        """What the rubber is worth to We if agreed now (negative when They gain): the
        engine's answer, with the club's rule for an abandoned rubber as it was when the
        rubber started."""
        return self.game.money.value(self.sheet, abandoned_counts=self.rubber.abandoned_counts)


def seated(rubber: Rubber, seats: Iterable[Seat]) -> tuple[Member, ...]:
    """The players round the table, seat by seat from 0; three playing, the dummy's seat
    is its holder's (the rubber's game says who plays each seat)."""
    by_seat = {seat.position: seat.member for seat in seats}
    game = rubber.game_rules
    return tuple(by_seat[game.seating.player_at(seat)] for seat in engine.SEATS)


def substituted(rubber: Rubber, seats: Iterable[Seat]) -> tuple[Member | None, ...]:
    """Who plays for whom (Law 27), seat by seat from 0, as `seated` gives the members:
    the substitute, or None."""
    by_seat = {seat.position: seat.substitute if seat.substitute_id else None for seat in seats}
    game = rubber.game_rules
    return tuple(by_seat[game.seating.player_at(seat)] for seat in engine.SEATS)


def rubber_state(rubber: Rubber) -> RubberState:
    return _state(rubber, list(rubber.seats.select_related("member", "substitute")))


def rubber_state_of(pk: int) -> RubberState:
    """The state of rubber `pk` in two queries: the rubber with its seats, then the deals.
    Raises Rubber.DoesNotExist."""
    # In any order: seated() puts each in his place, and unsorted the query costs a fifth less.
    seats = list(
        Seat.objects.filter(rubber_id=pk)
        .select_related("rubber", "member", "substitute")
        .order_by()
    )
    if not seats:
        raise Rubber.DoesNotExist(f"no rubber {pk}")
    return _state(seats[0].rubber, seats)


def states_of(rubbers: QuerySet[Rubber]) -> list[RubberState]:
    """Many rubbers' states, for a list, in three queries: the rubbers, their seats with
    their members (and any substitute), their deals."""
    return [
        _state(rubber, list(rubber.seats.all()))
        for rubber in rubbers.prefetch_related("seats__member", "seats__substitute", "deals")
    ]


def _state(rubber: Rubber, seats: list[Seat]) -> RubberState:
    deals = list(rubber.deals.all())
    in_progress = deals.pop() if deals and deals[-1].in_progress else None
    return RubberState(
        rubber,
        seated(rubber, seats),
        tuple(deals),
        in_progress,
        substitutes=substituted(rubber, seats),
    )


def worked_out(rubber: Rubber, deals: Iterable[Deal]) -> Any:
    """The rubber's sheet from these recorded deals, as its game works it out."""
    game = rubber.game_rules
    return game.laws.work_out((game.laws.deal_of(deal.called()) for deal in deals), rubber.rules)


def as_it_stood(state: RubberState, at: datetime) -> RubberState:
    """The rubber as it stood at a past moment: the deals recorded by then, each as it
    was before any correction made since."""
    rubber = state.rubber
    deals = {deal.number: deal for deal in state.recorded}
    for correction in reversed(list(rubber.corrections.filter(made_at__gt=at))):
        deals[correction.number] = Deal.from_snapshot(rubber, correction.number, correction.before)
    stood = tuple(
        deal
        for _, deal in sorted(deals.items())
        if deal.recorded_at is not None and deal.recorded_at <= at
    )
    sheet = worked_out(rubber, stood)
    return replace(state, recorded=stood, in_progress=None, worked=sheet)


def seated_elsewhere(members: Iterable[Member]) -> list[tuple[Member, RubberState]]:
    """Those of `members` seated in a rubber still in play (not won, not agreed): a
    member chosen for a new table may have left that one without its being finished."""
    chosen = {member.pk: member for member in members}
    open_rubbers = Rubber.objects.filter(agreed_at__isnull=True, seats__member__in=chosen)
    found = []
    for state in states_of(open_rubbers.distinct().order_by("started_at")):
        if state.sheet.finished:
            continue
        found += [(m, state) for m in state.seats if m.pk in chosen]
    return sorted(found, key=lambda pair: pair[0].name)


def told_since(pk: int, revision: int) -> list[str]:
    """What each write to rubber `pk` after `revision` did, in words, in order: what a
    phone whose page is at that revision has not yet been told."""
    writes = Submission.objects.filter(rubber_id=pk, revision__gt=revision).exclude(said="")
    return list(writes.order_by("revision").values_list("said", flat=True))


def told_by_since(pk: int, revision: int) -> list[tuple[Any, str]]:
    """As `told_since`, each with who made the write (a user): "From Mrs. Carr's phone"."""
    writes = Submission.objects.filter(rubber_id=pk, revision__gt=revision).exclude(said="")
    return [
        (write.user, write.said)
        for write in writes.select_related("user__member").order_by("revision")
    ]


# -- Each deal accepted by the other side (Club.deals_accepted) ----------------------------


def acceptances(rubber: Rubber) -> dict[int, Acceptance]:
    """The rubber's recorded deals accepted, by number, with who accepted each."""
    found = (
        Acceptance.objects.filter(deal__rubber=rubber)
        .select_related("deal", "accepted_by__member")
        .order_by("deal__number")
    )
    return {acceptance.deal.number: acceptance for acceptance in found}


def last_written_by(deal: Deal, corrections: Iterable[Correction]) -> Any:
    """Whoever wrote a recorded deal as it now stands: who corrected it last since it was
    recorded, or who recorded it."""
    since = [
        c
        for c in corrections
        if c.number == deal.number
        and c.after is not None
        and deal.recorded_at is not None
        and c.made_at >= deal.recorded_at
    ]
    if since:
        return max(since, key=lambda c: (c.made_at, c.pk or 0)).made_by
    return deal.recorded_by


def accepting_side(
    state: RubberState, deal: Deal, corrections: Iterable[Correction]
) -> engine.Side | None:
    """The side that accepts a recorded deal: the other side from whoever wrote it last (a
    player, or a substitute for one). None when that was nobody playing in the rubber (the
    staff): the club's own entry, which no side need accept."""
    writer = last_written_by(deal, corrections)
    pk = getattr(writer, "pk", None)
    for seat, member in enumerate(state.seats):
        if pk is not None and pk in (member.user_id, state.player_at(seat).user_id):
            return engine.side_of_seat(seat).other
    return None


def substitutes(rubber: Rubber) -> list[str]:
    """Who plays for whom in a rubber (Law 27), in words, for its sheet."""
    seats = Seat.objects.filter(rubber=rubber, substitute__isnull=False).select_related(
        "member", "substitute"
    )
    return [
        f"{seat.substitute.name} plays for {seat.member.name} (Law 27); the rubber posts to "
        f"{seat.member.name}."
        for seat in seats
        if seat.substitute is not None
    ]
