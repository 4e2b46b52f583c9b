"""Posting an agreed rubber: the ledger's answer to `rubber_agreed`, in the agreement's own
transaction. Each player of one partnership gains its points, each of the other loses them
(Law 11), at the stake in force when it started, and each pays the house his table money;
the postings add up to nothing across the members and the house. And the ledger's answer
to `rubber_terms`: what a rubber is played for."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.desk.models import Stake, TableCharge
from ledger.postings.models import Posting
from ledger.records import HOUSE, NOTHING, LedgerError
from ledger.settlement.models import Sitting
from scorer import engine
from scorer.club.models import Member
from scorer.rubbers.models import Rubber


def post_agreed(
    sender: object,
    *,
    rubber: Rubber,
    seats: Sequence[Member],
    at: datetime | None = None,
    **kwargs: object,
) -> None:
    """The ledger's answer to `scorer.signals.rubber_agreed`, in the agreement's own
    transaction (`at`: when, if not now: an imported rubber's agreement)."""
    post_rubber(rubber, seats, at=at)


def post_rubber(
    rubber: Rubber, seats: Sequence[Member], *, at: datetime | None = None
) -> list[Posting]:
    """An agreed rubber (or one abandoned and counted): each player of one partnership
    gains its points, each of the other loses them (Law 11), at the stake in force when it
    started. Run inside the agreement's transaction; the database takes it only once."""
    if rubber.agreed_value is None or (rubber.abandoned and not rubber.abandoned_counts):
        return []
    sitting = Sitting.covering(rubber.started_at, lock=True)
    if sitting is not None and sitting.closed:
        raise LedgerError(
            f"{sitting.name} is closed, and this rubber started in it: its settlement is "
            "never changed, so the rubber cannot be agreed now. Tell the secretary."
        )
    stake = Stake.in_force(rubber.started_at)
    game = rubber.game_rules
    rate = stake.rate(game.money.staked) if stake else NOTHING
    currency = stake.currency if stake else ""
    started = timezone.localtime(rubber.started_at)
    postings = []
    for share in game.money.shares(rubber.agreed_value):
        partners = " and ".join(seats[seat].name for seat in share.partners)
        partnering = f", partnering {partners}" if partners else ""
        postings.append(
            Posting(
                member=seats[share.seats[0]],
                kind=Posting.RUBBER,
                rubber=rubber,
                points=share.points,
                amount=game.money.staked.amount(share.points, rate),
                currency=currency,
                counterparty=" and ".join(seats[seat].name for seat in share.adversaries),
                reason=f"{game.name} rubber at {rubber.table}, {started:%d %b %Y %H:%M}"
                f"{partnering}",
                posted_at=at or timezone.now(),
            )
        )
    posted = Posting.objects.bulk_create(postings)
    return posted + post_table_money(rubber, seats, sitting, at=at or timezone.now())


def post_table_money(
    rubber: Rubber, seats: Sequence[Member], sitting: Sitting | None, *, at: datetime
) -> list[Posting]:
    """Table money for an agreed rubber, at the charge and the stake in force when it
    started: each player pays the house, for this rubber, or once a sitting (with the
    first of his rubbers agreed in it). The database takes each charge once; a player
    charged for the sitting already is not charged again."""
    charge = TableCharge.in_force(rubber.started_at)
    stake = Stake.in_force(rubber.started_at)
    if charge is None or stake is None:
        return []
    each = charge.for_stake(stake)
    once_a_sitting = charge.basis == TableCharge.PER_SITTING
    if not each or (once_a_sitting and sitting is None):
        return []  # nothing to charge, or no sitting to charge it once in
    started = timezone.localtime(rubber.started_at)
    reason = f"table money, rubber at {rubber.table}, {started:%d %b %Y %H:%M}"
    if once_a_sitting:
        assert sitting is not None
        reason = f"table money for {sitting.name} (first rubber at {rubber.table})"
    posted = []
    for member in dict.fromkeys(seats):
        fields = {
            "kind": Posting.TABLE,
            "rubber": rubber,
            "sitting": sitting if once_a_sitting else None,
            "charge": charge,
            "currency": stake.currency,
            "reason": reason,
            "posted_at": at,
        }
        try:
            with transaction.atomic():
                charged = Posting.objects.create(
                    member=member, amount=-each, counterparty=HOUSE.lower(), **fields
                )
        except IntegrityError:
            if not once_a_sitting:
                raise
            continue  # charged for this sitting with an earlier rubber
        house = Posting.objects.create(
            member=None, against=charged, amount=each, counterparty=member.name, **fields
        )
        posted += [charged, house]
    return posted


def terms(sender: object, *, rubber: Rubber | None, **kwargs: object) -> str:
    """The ledger's answer to `scorer.signals.rubber_terms`: what a rubber is played for,
    at the stake in force when it started (None: one started now, at Bridge). A game
    whose stake is nothing (Short Whist's, where only Bridge's was set) has none."""
    stake = Stake.in_force(rubber.started_at if rubber is not None else timezone.now())
    game = rubber.game_rules if rubber is not None else engine.BRIDGE
    if stake is None or not stake.for_money(game):
        if rubber is None:
            return "No stake is in force: a rubber started now posts its points and no money."
        return "No stake was in force when it started: it posts its points and no money."
    return f"Played for {stake.words_for(game)}."
