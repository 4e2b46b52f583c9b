"""Writing to the ledger, and the settlement of a sitting.

An agreed rubber posts once to each of its players, with its table money to each and to
the house; a payment posts to its payer and its payee; closing a sitting rounds each
member's amount (posting the rounding) and fixes who pays whom. Every one of these adds up
to nothing across the members and the house.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from ledger.models import (
    HOUSE,
    NO_STAKE,
    Payment,
    Posting,
    SettlementLine,
    Sitting,
    Stake,
    TableCharge,
    Transfer,
)
from ledger.money import (
    MOST_CHARGE,
    MOST_HUNDREDS,
    MOST_PAYMENT,
    MOST_STAKE,
    ROUNDING_RULE,
    STAKE_PLACES,
    Inexact,
    fewest_transfers,
    millionths,
    round_to_nothing,
)
from scorer import engine
from scorer.club.models import Member
from scorer.plumbing.keys import Refused, Stale
from scorer.rubbers.models import Rubber, Seat

NOTHING = Decimal(0)
DEFAULT_UNIT = Decimal("0.01")


class LedgerError(Refused):
    """What the ledger refuses, in words the secretary can act on."""


def covering(moment: datetime, *, lock: bool = False) -> Sitting | None:
    """The sitting a rubber started at `moment` settles in; locked for this transaction
    if asked, so that closing it and posting to it take turns."""
    sittings = Sitting.objects.filter(start__lte=moment, end__gt=moment)
    if lock:
        sittings = sittings.select_for_update()
    return sittings.first()


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
    sitting = covering(rubber.started_at, lock=True)
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


class Stakes:
    """Every stake the club has set, to find the one in force at many moments with one
    query (a club sets a handful)."""

    def __init__(self) -> None:
        self.stakes = list(Stake.objects.order_by("valid_from", "id"))
        self.starts = [stake.valid_from for stake in self.stakes]
        self.said: dict[tuple[int, str], str] = {}

    def at(self, moment: datetime) -> Stake | None:
        found = bisect_right(self.starts, moment)
        return self.stakes[found - 1] if found else None

    def words(self, moment: datetime, game: engine.CardGame[Any, Any] = engine.BRIDGE) -> str:
        """ "£0.50 a hundred points", "£0.10 a point", or "no stake: points only" """
        stake = self.at(moment)
        if stake is None:
            return NO_STAKE
        key = (stake.pk, game.code)
        if key not in self.said:  # said once a stake: Babel's formatting is not cheap
            self.said[key] = stake.words_for(game)
        return self.said[key]


def check_amount(amount: Decimal, unit: Decimal) -> None:
    """A payment's amount, as the ledger takes it."""
    if not amount.is_finite() or amount <= 0:
        raise LedgerError("A payment is of more than nothing.")
    if amount > MOST_PAYMENT:
        raise LedgerError(f"A payment is of {MOST_PAYMENT:,} at most.")
    if amount % unit:
        raise LedgerError(f"A payment is in whole units of {unit.normalize()}.")


@transaction.atomic
def record_payment(
    *,
    payer: Member | None,
    payee: Member | None,
    amount: Decimal,
    method: str,
    note: str,
    user: User,
    reverses: Payment | None = None,
    at: datetime | None = None,
) -> Payment:
    """Money handed from payer to payee: the payer owes that much less, the payee is owed
    that much less. None for either is the house: a member paying his table money, or
    the house paying a member back."""
    at = at or timezone.now()
    stake = Stake.in_force(at)
    check_amount(amount, stake.smallest_unit if stake else DEFAULT_UNIT)
    if payer == payee:
        raise LedgerError(
            "A member cannot pay himself." if payer else "The house cannot pay itself."
        )
    currency = stake.currency if stake else ""
    try:
        with transaction.atomic():
            payment = Payment.objects.create(
                payer=payer,
                payee=payee,
                amount=amount,
                currency=currency,
                method=method,
                note=note,
                reverses=reverses,
                recorded_by=user,
                recorded_at=at,
            )
    except IntegrityError:  # the database keeps one reversal a payment
        raise LedgerError("That payment has been reversed already.") from None
    how = dict(Payment.METHODS)[method].lower()
    Posting.objects.bulk_create(
        [
            Posting(
                member=payer,
                kind=Posting.PAYMENT,
                payment=payment,
                amount=amount,
                currency=currency,
                counterparty=payment.payee_name,  # a member's name, or "the house"
                reason=f"paid by {how}" + (f": {note}" if note else ""),
                posted_at=payment.recorded_at,
            ),
            Posting(
                member=payee,
                kind=Posting.PAYMENT,
                payment=payment,
                amount=-amount,
                currency=currency,
                counterparty=payer.name if payer else HOUSE.lower(),
                reason=f"received by {how}" + (f": {note}" if note else ""),
                posted_at=payment.recorded_at,
            ),
        ]
    )
    return payment


def reverse_payment(*, payment: Payment, user: User) -> Payment:
    """A payment recorded by mistake is put right by one back the other way, once."""
    return record_payment(
        payer=payment.payee,
        payee=payment.payer,
        amount=payment.amount,
        method=payment.method,
        note=f"reverses the payment of {timezone.localtime(payment.recorded_at):%d %b}",
        user=user,
        reverses=payment,
    )


# -- The stake ---------------------------------------------------------------------------------


def stake_seen(stake: Stake | None) -> str:
    """What a page says of the stake in force, for a form to carry back."""
    return str(stake.pk) if stake else "none"


@transaction.atomic
def set_stake(
    *,
    per_hundred: Decimal,
    currency: str,
    smallest_unit: Decimal,
    user: User,
    seen: str,
    per_point: Decimal = NOTHING,
    at: datetime | None = None,
) -> Stake:
    """A new stake from now on, replacing the one the form was shown: if another has been
    set since, this one is refused (the database keeps one successor to each stake)."""
    at = at or timezone.now()
    current = Stake.latest()
    if stake_seen(current) != seen:
        raise _stake_changed(current)
    if not 0 <= per_hundred <= MOST_STAKE:
        raise LedgerError(f"A stake is between nothing and {MOST_STAKE:,} a hundred points.")
    if per_hundred != per_hundred.quantize(Decimal(1).scaleb(-STAKE_PLACES)):
        raise LedgerError(f"A stake has at most {STAKE_PLACES} places.")
    if not 0 <= per_point <= MOST_STAKE:
        raise LedgerError(f"Whist's stake is between nothing and {MOST_STAKE:,} a point.")
    if per_point != per_point.quantize(Decimal(1).scaleb(-STAKE_PLACES)):
        raise LedgerError(f"Whist's stake has at most {STAKE_PLACES} places.")
    if not Decimal("0.0001") <= smallest_unit <= 100:
        raise LedgerError("The smallest unit is between 0.0001 and 100.")
    try:
        millionths(per_hundred)
        millionths(per_point)
        millionths(smallest_unit)
        with transaction.atomic():
            return Stake.objects.create(
                per_hundred=per_hundred,
                per_point=per_point,
                currency=currency.upper(),
                smallest_unit=smallest_unit,
                valid_from=at,
                set_by=user,
                replaces=current,
            )
    except Inexact as error:
        raise LedgerError(str(error)) from None
    except IntegrityError:  # another stake replaced the same one a moment before
        raise _stake_changed(Stake.latest()) from None


def _stake_changed(now: Stake | None) -> Stale:
    said = f"it is now {now}" if now else "there is none now"
    return Stale(
        f"The stake was changed since this page was shown ({said}): nothing was changed. "
        "Set it again if you still mean to."
    )


# -- Table money -------------------------------------------------------------------------------


def charge_seen(charge: TableCharge | None) -> str:
    """What a page says of the table charge in force, for a form to carry back."""
    return str(charge.pk) if charge else "none"


@transaction.atomic
def set_table_charge(
    *,
    basis: str,
    amount: Decimal | None,
    hundreds: Decimal | None,
    user: User,
    seen: str,
    at: datetime | None = None,
) -> TableCharge:
    """Table money from now on: a fixed amount, or so many hundred points at the stake,
    for each player each rubber or once a sitting. It replaces the charge the form was
    shown; if another has been set since, this one is refused."""
    at = at or timezone.now()
    current = TableCharge.latest()
    if charge_seen(current) != seen:
        raise _charge_changed(current)
    if basis not in dict(TableCharge.BASES):
        raise LedgerError("Table money is charged each rubber or once a sitting.")
    if (amount is None) == (hundreds is None):
        raise LedgerError(
            "Table money is either a fixed amount or so many hundred points at the stake: "
            "give one of the two."
        )
    most, given = (MOST_CHARGE, amount) if amount is not None else (MOST_HUNDREDS, hundreds)
    assert given is not None
    if not given.is_finite() or not 0 <= given <= most:
        what = "amount" if amount is not None else "number of hundred points"
        raise LedgerError(f"Table money's {what} is between nothing and {most:,}.")
    if given != given.quantize(Decimal(1).scaleb(-STAKE_PLACES)):
        raise LedgerError(f"Table money has at most {STAKE_PLACES} places.")
    try:
        with transaction.atomic():
            return TableCharge.objects.create(
                basis=basis,
                amount=amount,
                hundreds=hundreds,
                valid_from=at,
                set_by=user,
                replaces=current,
            )
    except IntegrityError:  # another charge replaced the same one a moment before
        raise _charge_changed(TableCharge.latest()) from None


def _charge_changed(now: TableCharge | None) -> Stale:
    said = f"it is now {now}" if now else "there is none now"
    return Stale(
        f"The table money was changed since this page was shown ({said}): nothing was "
        "changed. Set it again if you still mean to."
    )


@transaction.atomic
def waive(*, charge: Posting, reason: str, user: User, at: datetime | None = None) -> Posting:
    """A member's table money waived (the host, the director, a guest night): a posting
    back the other way, to him and from the house, with the reason; the charge is kept.
    The database takes one waiver of a charge."""
    if charge.kind != Posting.TABLE or charge.member is None or charge.rubber is None:
        raise LedgerError("Only a member's table money can be waived.")
    reason = " ".join(reason.split())
    if not reason:
        raise LedgerError("Say why the table money is waived: the host, the director, a guest.")
    member = charge.member
    sitting = covering(charge.rubber.started_at, lock=True)
    if sitting is not None and sitting.closed:
        raise LedgerError(
            f"{sitting.name} is closed: its settlement is never changed, so "
            f"{member.name}'s table money in it cannot be waived now."
        )
    fields = {
        "kind": Posting.WAIVER,
        "against": charge,
        "rubber": charge.rubber,
        "sitting": charge.sitting,
        "charge": charge.charge,
        "currency": charge.currency,
        "reason": f"table money waived: {reason}"[:200],
        "posted_at": at or timezone.now(),
    }
    try:
        with transaction.atomic():
            waiver = Posting.objects.create(
                member=member, amount=-charge.amount, counterparty=HOUSE.lower(), **fields
            )
    except IntegrityError:  # the database keeps one waiver a charge
        raise Stale(
            f"{member.name}'s table money ({charge.reason}) has been waived already: "
            "nothing more was changed."
        ) from None
    Posting.objects.create(member=None, amount=charge.amount, counterparty=member.name, **fields)
    return waiver


@dataclass(frozen=True)
class Charged:
    """A member's table money in a settlement, and its waiver if it was waived."""

    charge: Posting
    waiver: Posting | None

    @property
    def member(self) -> Member:
        member = self.charge.member
        assert member is not None  # a member's charge, never the house's half
        return member


def charges(sitting: Sitting) -> list[Charged]:
    """The table money charged to members for a sitting's rubbers, in the order posted."""
    postings = Posting.objects.filter(
        kind__in=[Posting.TABLE, Posting.WAIVER],
        member__isnull=False,
        rubber__started_at__gte=sitting.start,
        rubber__started_at__lt=sitting.end,
    ).select_related("member", "rubber")
    waivers = {p.against_id: p for p in postings if p.kind == Posting.WAIVER}
    return [
        Charged(p, waivers.get(p.pk))
        for p in sorted(postings, key=lambda p: (p.posted_at, p.pk))
        if p.kind == Posting.TABLE
    ]


# -- Settlements ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    member: Member | None  # None: the house, which takes the table money
    rubbers: int
    points_won: int
    points_lost: int  # as a negative number
    exact: Decimal  # the rubbers' money at their stakes, between the players
    rounded: Decimal  # this sitting's money, stakes and table money, rounded
    brought_forward: Decimal  # owed or due from before, payments included
    due: Decimal  # positive: to be received; negative: to be paid
    table_money: Decimal = NOTHING  # charged less waived: − for a member, + for the house

    @property
    def net_points(self) -> int:
        return self.points_won + self.points_lost

    @property
    def name(self) -> str:
        return self.member.name if self.member is not None else HOUSE

    @property
    def house(self) -> bool:
        return self.member is None

    @property
    def money(self) -> Decimal:
        """This sitting's money exactly: the stakes' and the table money."""
        return self.exact + self.table_money


@dataclass(frozen=True)
class StakedRubber:
    """A rubber of a sitting, with the stake it settles at (Law: the stake in force when
    it started), so that a settlement says which rubbers posted no money, and why."""

    rubber: Rubber
    game: str  # "Bridge", "Three-handed Bridge", "Short Whist"
    sides: str  # "Carr & Dane v Fenwick & Hartley"
    value: str  # "Carr & Dane gained 152", "level", "not yet agreed"
    stake: str  # "£0.50 a hundred points", or "no stake: points only"


@dataclass(frozen=True)
class Settlement:
    sitting: Sitting
    currency: str
    unit: Decimal
    lines: list[Line]
    transfers: list[Transfer]
    unagreed: list[Rubber]  # rubbers in the sitting not yet agreed: no closing till they are
    rubbers: list[StakedRubber]
    charges: list[Charged]
    rule: str = ROUNDING_RULE

    @property
    def table_money(self) -> Decimal:
        """The house's table money this sitting (what the members' lines owe it)."""
        return sum((line.table_money for line in self.lines if line.house), NOTHING)

    @property
    def total(self) -> Decimal:
        return sum((line.due for line in self.lines), NOTHING)

    @property
    def seen(self) -> str:
        """The settlement's figures in a few letters, for a closing form to carry back: if
        they have changed when it is sent (a rubber agreed, a payment recorded), it is
        refused."""
        lines = [
            (line.member and line.member.pk, line.rubbers, line.exact, line.table_money)
            for line in self.lines
        ]
        before = [line.brought_forward for line in self.lines]
        unagreed = [rubber.pk for rubber in self.unagreed]
        figures = repr((lines, before, unagreed, str(self.unit)))
        return hashlib.sha256(figures.encode()).hexdigest()[:16]


def settlement(sitting: Sitting) -> Settlement:
    """The settlement of a sitting: as closed, or as it would close now. It counts only
    what came before its sitting ended: its own rubbers, the closed settlements of the
    sittings before it, and the payments recorded before its end (`_settled_before`)."""
    stake = Stake.in_force(sitting.end)
    currency = club_currency(sitting.end)
    unit = stake.smallest_unit if stake else DEFAULT_UNIT
    if sitting.closed:
        lines = sorted(
            (
                Line(
                    kept.member,
                    kept.rubbers,
                    kept.points_won,
                    kept.points_lost,
                    kept.exact,
                    kept.rounded,
                    kept.brought_forward,
                    kept.due,
                    kept.table_money,
                )
                for kept in sitting.lines.select_related("member")
            ),
            key=lambda line: (line.house, line.name),
        )
        transfers = list(sitting.transfers.select_related("payer", "payee").order_by("id"))
        return Settlement(
            sitting, currency, unit, lines, transfers, [], staked_rubbers(sitting), charges(sitting)
        )
    played = (
        Posting.objects.filter(
            kind=Posting.RUBBER,
            rubber__started_at__gte=sitting.start,
            rubber__started_at__lt=sitting.end,
        )
        .values("member")
        .annotate(
            rubbers=Count("id"),
            won=Sum("points", filter=Q(points__gt=0), default=0),
            lost=Sum("points", filter=Q(points__lt=0), default=0),
            exact=Sum("amount", default=NOTHING),
        )
    )
    # Table money, charged less waived, by member; the house's (member None) too.
    tabled = (
        Posting.objects.filter(
            kind__in=[Posting.TABLE, Posting.WAIVER],
            rubber__started_at__gte=sitting.start,
            rubber__started_at__lt=sitting.end,
        )
        .values("member")
        .annotate(total=Sum("amount", default=NOTHING))
    )
    table: dict[int | None, Decimal] = {row["member"]: row["total"] for row in tabled}
    before = _settled_before(sitting)
    ids: set[int | None] = set(table) | {k for k, v in before.items() if v}
    ids |= {row["member"] for row in played}
    members: dict[int | None, Member | None] = {
        m.pk: m for m in Member.objects.filter(pk__in=[pk for pk in ids if pk is not None])
    }
    if None in ids:
        members[None] = None
    names = {pk: member.name if member else HOUSE for pk, member in members.items()}
    exact: dict[int | None, Decimal] = dict.fromkeys(members, NOTHING)
    counts: dict[int | None, tuple[int, int, int]] = dict.fromkeys(members, (0, 0, 0))
    for row in played:
        exact[row["member"]] = row["exact"]
        counts[row["member"]] = (row["rubbers"], row["won"], row["lost"])
    # What each member (and the house) is due, brought forward included, rounded to whole
    # units: a part of a unit brought forward (from a smaller unit before) is rounded here
    # with the rest.
    carried = {pk: before.get(pk, NOTHING) + exact[pk] + table.get(pk, NOTHING) for pk in members}
    rounded_due = round_to_nothing(carried, unit, names) if carried else {}
    lines = [
        Line(
            members[pk],
            *counts[pk],
            exact[pk],
            rounded_due[pk] - before.get(pk, NOTHING),
            before.get(pk, NOTHING),
            rounded_due[pk],
            table.get(pk, NOTHING),
        )
        for pk in sorted(members, key=lambda pk: (pk is None, names[pk]))
    ]
    due = {pk: int(rounded_due[pk] / unit) for pk in members}
    transfers = [
        Transfer(
            sitting=sitting, payer=members[t.payer], payee=members[t.payee], amount=t.amount * unit
        )
        for t in fewest_transfers(due, names)
    ]
    rubbers = staked_rubbers(sitting)
    unagreed = [staked.rubber for staked in rubbers if not staked.rubber.agreed]
    return Settlement(
        sitting, currency, unit, lines, transfers, unagreed, rubbers, charges(sitting)
    )


# What a settlement's list of rubbers reads of each: a year's sitting holds thousands.
STAKED_FIELDS = (
    "table",
    "started_at",
    "game",
    "agreed_at",
    "agreed_value",
    "abandoned",
    "abandoned_counts",
)


def staked_rubbers(sitting: Sitting) -> list[StakedRubber]:
    """The sitting's rubbers in the order they started, each with its stake. A year's
    sitting holds thousands: the players' names come in one query as plain rows, and each
    stake is put in words once."""
    stakes = Stakes()
    rubbers = list(sitting.rubbers().only(*STAKED_FIELDS).order_by("started_at", "id"))
    names: dict[int, dict[int, str]] = {}
    seats = Seat.objects.filter(rubber__in=sitting.rubbers().values("pk"))
    for rubber_id, position, short_name in seats.values_list(
        "rubber_id", "position", "member__short_name"
    ):
        names.setdefault(rubber_id, {})[position] = short_name
    found = []
    for rubber in rubbers:
        game = rubber.game_rules
        by_seat = names[rubber.pk]
        seat = [by_seat[game.seating.player_at(place)] for place in engine.SEATS]
        we = f"{seat[0]} & {seat[2]}" if seat[0] != seat[2] else f"{seat[0]} with the dummy"
        they = f"{seat[1]} & {seat[3]}"
        points = rubber.agreed_value
        if points is None:
            value = "not yet agreed"
        elif rubber.abandoned and not rubber.abandoned_counts:
            value = "abandoned, void"
        elif points == 0:
            value = "level"
        else:
            value = f"{we if points > 0 else they} gained {abs(points):,}"
        stake = stakes.words(rubber.started_at, game)
        found.append(StakedRubber(rubber, game.name, f"{we} v {they}", value, stake))
    return found


def still_owed(result: Settlement) -> list[bool]:
    """For each transfer of a settlement, whether it is still to be paid. While its sitting
    runs, payments count in the settlement itself, which is worked out afresh after each,
    so every transfer is. Once the sitting has ended they no longer count in it (nothing
    after it does): a transfer is paid by a payment of its amount from its payer to its
    payee recorded since the end, and not reversed; each payment pays one transfer."""
    sitting = result.sitting
    if sitting.end > timezone.now():
        return [True] * len(result.transfers)
    reversed_ = Payment.objects.filter(reverses__isnull=False).values("reverses_id")
    made: Counter[tuple[int | None, int | None, Decimal]] = Counter(
        Payment.objects.filter(recorded_at__gte=sitting.end, reverses__isnull=True)
        .exclude(pk__in=reversed_)
        .values_list("payer_id", "payee_id", "amount")
    )
    owed = []
    for transfer in result.transfers:
        paid = (transfer.payer_id, transfer.payee_id, transfer.amount)
        owed.append(made[paid] == 0)
        made[paid] -= 1 if made[paid] else 0
    return owed


def _settled_before(sitting: Sitting) -> dict[int | None, Decimal]:
    """Each member's balance (and the house's, None) from what was settled before the
    sitting ended: the rounded amounts of the closed settlements of the sittings before it,
    and the payments recorded before its end. Nothing later counts, whenever the
    settlement is read: a later sitting's closing, or a payment made since, belongs to
    the settlements after it."""
    balances: dict[int | None, Decimal] = {}
    closed = SettlementLine.objects.filter(sitting__start__lt=sitting.start).values("member")
    for row in closed.annotate(total=Sum("rounded")):
        balances[row["member"]] = row["total"]
    paid = Posting.objects.filter(kind=Posting.PAYMENT, posted_at__lt=sitting.end)
    for row in paid.values("member").annotate(total=Sum("amount")):
        balances[row["member"]] = balances.get(row["member"], NOTHING) + row["total"]
    return balances


def club_currency(at: datetime) -> str:
    """The currency of the stake in force at a moment; before the club's first stake, the
    first one's (the club's money was in it all along); "" if none was ever set."""
    stake = Stake.in_force(at) or Stake.objects.order_by("valid_from", "id").first()
    return stake.currency if stake else ""


def unsettled_before(sitting: Sitting) -> Sitting | None:
    """The first sitting before this one still open, if any: a settlement is closed only
    after every one before it, so that it brings them all forward."""
    earlier = Sitting.objects.filter(start__lt=sitting.start, closed_at__isnull=True)
    return earlier.order_by("start").first()


def closing_refused(sitting: Sitting, result: Settlement, at: datetime) -> str | None:
    """Why a sitting cannot be closed now, in words; None if it can."""
    return _not_yet_closed(sitting, at) or _unagreed(result)


def _not_yet_closed(sitting: Sitting, at: datetime) -> str | None:
    if sitting.closed:
        return f"{sitting.name} is closed already."
    if sitting.end > at:
        return (
            f"{sitting.name} runs until {timezone.localtime(sitting.end):%d %b %Y %H:%M}: "
            "close it after that."
        )
    earlier = unsettled_before(sitting)
    return _close_earlier_first(earlier, sitting) if earlier is not None else None


def _unagreed(result: Settlement) -> str | None:
    if not result.unagreed:
        return None
    tables = ", ".join(sorted({rubber.table for rubber in result.unagreed}))
    return (
        f"{len(result.unagreed)} rubber(s) of {result.sitting.name} are not yet agreed "
        f"({tables}): agree or abandon them first."
    )


def _close_earlier_first(earlier: Sitting, sitting: Sitting) -> str:
    return (
        f"{earlier.name} comes before {sitting.name} and is not closed: close {earlier.name}'s "
        f"settlement first, so that {sitting.name}'s brings it forward."
    )


@transaction.atomic
def close(
    sitting: Sitting, user: User, *, seen: str | None = None, at: datetime | None = None
) -> Settlement:
    """Fix a sitting's settlement for good: its lines and transfers are kept, and each
    member's rounding is posted, so that his balance is in whole units.

    The sitting is locked first, and an agreement posting into it waits for that lock
    (`post_rubber`), so the settlement read here is the one closed. Settlements close in
    the order of their sittings (the database keeps them so), so that each brings forward
    every one before it. `seen`: the figures the secretary was shown; if they have
    changed since, nothing is closed."""
    sitting = Sitting.objects.select_for_update().get(pk=sitting.pk)
    at = at or timezone.now()
    refused = _not_yet_closed(sitting, at)
    if refused is not None:
        raise LedgerError(refused)
    result = settlement(sitting)
    if seen is not None and seen != result.seen:
        raise Stale(
            f"{sitting.name}'s settlement changed since this page was shown (a rubber agreed "
            "or table money waived): nothing was closed. Here it is now; look it over and "
            "close it again."
        )
    refused = _unagreed(result)
    if refused is not None:
        raise LedgerError(refused)
    closing = Sitting.objects.filter(pk=sitting.pk, closed_at__isnull=True)
    try:
        with transaction.atomic():
            changed = closing.update(closed_at=at, closed_by=user)
    except IntegrityError:
        # The database keeps settlements in order: a sitting before this one was opened
        # meanwhile (PostgreSQL's exclusion constraint waited for it to commit).
        earlier = unsettled_before(sitting)
        raise LedgerError(
            _close_earlier_first(earlier, sitting) if earlier else _IN_ORDER
        ) from None
    if not changed:
        raise LedgerError(f"{sitting.name} is closed already.")
    sitting.closed_at, sitting.closed_by = at, user
    SettlementLine.objects.bulk_create(
        SettlementLine(
            sitting=sitting,
            member=line.member,
            rubbers=line.rubbers,
            points_won=line.points_won,
            points_lost=line.points_lost,
            exact=line.exact,
            table_money=line.table_money,
            rounded=line.rounded,
            brought_forward=line.brought_forward,
            due=line.due,
        )
        for line in result.lines
    )
    Transfer.objects.bulk_create(result.transfers)
    Posting.objects.bulk_create(
        Posting(
            member=line.member,
            kind=Posting.ROUNDING,
            sitting=sitting,
            amount=line.rounded - line.money,
            currency=result.currency,
            counterparty="the other members of the settlement",
            reason=f"rounding at the settlement of {sitting.name}",
            posted_at=at,
        )
        for line in result.lines
        if line.rounded != line.money
    )
    return settlement(sitting)


_IN_ORDER = (
    "Settlements are closed in the order of their sittings, and no sitting is opened before "
    "a closed one: nothing was changed."
)


def open_sitting(*, name: str, start: datetime, end: datetime, user: User) -> Sitting:
    """A new sitting. The database refuses one that overlaps another, and one that would
    come before a closed settlement, which has counted everything before it."""
    if end <= start:
        raise LedgerError("A sitting ends after it starts.")
    try:
        with transaction.atomic():
            return Sitting.objects.create(name=name, start=start, end=end, created_by=user)
    except IntegrityError:
        overlap = Sitting.objects.filter(start__lt=end, end__gt=start).first()
        if overlap is not None:
            raise LedgerError(
                f"It overlaps {overlap.name}: a rubber settles in one sitting only."
            ) from None
        closed = Sitting.objects.filter(start__gte=end, closed_at__isnull=False)
        after = closed.order_by("start").first()
        if after is None:
            raise LedgerError(_IN_ORDER) from None
        last = closed.order_by("-start").first() or after
        raise LedgerError(
            f"{after.name} is closed, and this sitting would come before it: a closed "
            "settlement has counted everything before it and is never rewritten. Open a "
            f"sitting from {timezone.localtime(last.end):%-d %b %Y %H:%M} on."
        ) from None


# -- Reports -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatementRow:
    posting: Posting
    balance: Decimal  # after this posting
    stake: str  # a rubber's: "£0.50 a hundred points", "no stake: points only"; else ""
    game: str  # a rubber's game: "Bridge", "Short Whist"; else ""

    @property
    def at_stake(self) -> str:
        """ "at £0.50 a hundred points", or "no stake: points only" """
        return self.stake if self.stake in (NO_STAKE, "") else f"at {self.stake}"


def statement(member: Member | None) -> list[StatementRow]:
    """Every posting to a member's account (None: the house's), oldest first, with the
    balance after each."""
    rows, balance, stakes = [], NOTHING, Stakes()
    postings = Posting.objects.filter(member=member).select_related("rubber")
    for posting in postings.order_by("posted_at", "id"):
        balance += posting.amount
        rubber = posting.rubber
        game = rubber.game_rules if rubber is not None else None
        stake = stakes.words(rubber.started_at, game) if rubber and game else ""
        rows.append(StatementRow(posting, balance, stake, game.name if game else ""))
    return rows


def currency() -> tuple[str, Decimal]:
    """The club's currency and smallest unit now, to show balances in."""
    stake = Stake.latest()
    return (stake.currency, stake.smallest_unit) if stake else ("", DEFAULT_UNIT)


def balances() -> dict[int | None, Decimal]:
    """Every member's balance, and the house's (None), in one query."""
    totals = Posting.objects.values("member").annotate(total=Sum("amount"))
    return {row["member"]: row["total"] for row in totals}


@dataclass(frozen=True)
class Standing:
    """A member in the club's table for a period."""

    member: Member
    rubbers: int
    won: int  # rubbers his side gained from
    net_points: int
    best_partner: Member | None
    best_points: int  # net points with that partner


def club_table(start: datetime, end: datetime) -> list[Standing]:
    """Each member who played in the period: rubbers, those gained from, net points, and
    the partnership that gained him most. Two queries, whatever the number of members."""
    from scorer.rubbers.models import Seat

    postings = list(
        Posting.objects.filter(
            kind=Posting.RUBBER, rubber__started_at__gte=start, rubber__started_at__lt=end
        ).select_related("member")
    )
    seats = Seat.objects.filter(rubber__in={p.rubber_id for p in postings}).select_related("member")
    at_table: dict[tuple[int | None, int], Member] = {}
    position_of: dict[tuple[int | None, int], int] = {}
    for seat in seats:
        at_table[(seat.rubber_id, seat.position)] = seat.member
        position_of[(seat.rubber_id, seat.member_id)] = seat.position
    members: dict[int, Member] = {}
    played: dict[int, list[int]] = {}
    with_partner: dict[int, dict[int, int]] = {}
    for posting in postings:
        member = posting.member
        assert member is not None  # a rubber posts to its players, never to the house
        members[member.pk] = member
        played.setdefault(member.pk, []).append(posting.points)
        gains = with_partner.setdefault(member.pk, {})
        # Three playing, the dummy's holder has no partner but the dummy.
        partner = at_table.get(
            (posting.rubber_id, engine.partner_of(position_of[(posting.rubber_id, member.pk)]))
        )
        if partner is None:
            continue
        members[partner.pk] = partner
        gains[partner.pk] = gains.get(partner.pk, 0) + posting.points
    table = []
    for pk, points in played.items():
        best = max(with_partner[pk].items(), key=lambda item: (item[1], -item[0]), default=None)
        table.append(
            Standing(
                member=members[pk],
                rubbers=len(points),
                won=sum(1 for p in points if p > 0),
                net_points=sum(points),
                best_partner=members[best[0]] if best else None,
                best_points=best[1] if best else 0,
            )
        )
    return sorted(table, key=lambda s: (-s.net_points, s.member.name))
