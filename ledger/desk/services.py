"""The secretary's desk: the stake and table money, each replacing the one in force (and
refused if another was set since the form was shown); payments, each posting to its payer
and its payee, reversed by one back the other way; a member's table money waived. And what
its records say: the stake in force at many moments at once (`Stakes`), the club's
currency, and the table money charged for a sitting's rubbers, with its waivers."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.desk.models import Payment, Stake, TableCharge
from ledger.money import (
    MOST_CHARGE,
    MOST_HUNDREDS,
    MOST_PAYMENT,
    MOST_STAKE,
    STAKE_PLACES,
    Inexact,
    millionths,
)
from ledger.postings.models import Posting
from ledger.records import DEFAULT_UNIT, HOUSE, NO_STAKE, NOTHING, LedgerError
from ledger.settlement.models import Sitting
from scorer import engine
from scorer.club.models import Member
from scorer.plumbing.keys import Stale


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


def club_currency(at: datetime) -> str:
    """The currency of the stake in force at a moment; before the club's first stake, the
    first one's (the club's money was in it all along); "" if none was ever set."""
    stake = Stake.in_force(at) or Stake.objects.order_by("valid_from", "id").first()
    return stake.currency if stake else ""


def currency() -> tuple[str, Decimal]:
    """The club's currency and smallest unit now, to show balances in."""
    stake = Stake.latest()
    return (stake.currency, stake.smallest_unit) if stake else ("", DEFAULT_UNIT)


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


def reversal_refused(payment: Payment, reversed_: bool) -> str | None:
    """Why a payment is not offered for reversal, if it is not."""
    if reversed_:
        return "That payment has been reversed already."
    if payment.reverses_id is not None:
        return "This payment reverses an earlier one: record a new payment instead."
    return None


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
    sitting = Sitting.covering(charge.rubber.started_at, lock=True)
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
