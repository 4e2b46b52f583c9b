"""The secretary's desk: the stake and table money, each replacing the one in force (and
refused if another was set since the form was shown); what a Progressive evening is
played for, likewise; payments, each posting to its payer
and its payee, reversed by one back the other way; a member's table money waived. And what
its records say: the stake in force at many moments at once (`Stakes`), the club's
currency, and the table money charged for a sitting's rubbers, with its waivers."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from ledger.desk.models import EveningTerms, Payment, Stake, TableCharge
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
from scorer.progressive.models import ProgressiveEvening


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


def in_sitting(sitting: Sitting, moment: str) -> Q:
    """Postings whose `moment` (the path to when what they are for began) falls in a
    sitting."""
    return Q(**{f"{moment}__gte": sitting.start, f"{moment}__lt": sitting.end})


def of_sitting(sitting: Sitting) -> Q:
    """Postings a sitting settles: its rubbers' (by when each started) and its Progressive
    evenings' (by when their numbers were drawn, as `charged_at` says)."""
    return in_sitting(sitting, "rubber__started_at") | in_sitting(sitting, "evening__drawn_at")


def charges(sitting: Sitting) -> list[Charged]:
    """The table money charged to members for a sitting's rubbers and evenings, in the
    order posted."""
    postings = (
        Posting.objects.filter(kind__in=[Posting.TABLE, Posting.WAIVER], member__isnull=False)
        .filter(of_sitting(sitting))
        .select_related("member", "rubber", "evening")
    )
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
    started = charged_at(charge)
    if charge.kind != Posting.TABLE or charge.member is None or started is None:
        raise LedgerError("Only a member's table money can be waived.")
    reason = " ".join(reason.split())
    if not reason:
        raise LedgerError("Say why the table money is waived: the host, the director, a guest.")
    member = charge.member
    sitting = Sitting.covering(started, lock=True)
    if sitting is not None and sitting.closed:
        raise LedgerError(
            f"{sitting.name} is closed: its settlement is never changed, so "
            f"{member.name}'s table money in it cannot be waived now."
        )
    fields = {
        "kind": Posting.WAIVER,
        "against": charge,
        "rubber": charge.rubber,
        "evening": charge.evening,
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


def charged_at(charge: Posting) -> datetime | None:
    """When what a charge of table money was for began: its rubber's start, or the draw
    of its evening's numbers; the sitting covering it settles it."""
    if charge.rubber is not None:
        return charge.rubber.started_at
    if charge.evening is not None:
        return charge.evening.drawn_at
    return None


# -- What a Progressive evening is played for ------------------------------------------------


def terms_seen(terms: EveningTerms | None) -> str:
    """What a page says of an evening's terms in force, for a form to carry back."""
    return str(terms.pk) if terms else "none"


@transaction.atomic
def set_evening_terms(
    *,
    evening: ProgressiveEvening,
    stake: Decimal,
    per: str,
    table_money: Decimal,
    user: User,
    seen: str,
    at: datetime | None = None,
) -> EveningTerms:
    """What an evening is played for, from now until it ends (when it posts), replacing
    the terms the form was shown: if others have been set since, these are refused (the
    database keeps one successor to each). The staff set them, and only they. The club's
    currency is the stake's; a stake is refused while guests play, who have no account."""
    if not user.is_staff:
        raise LedgerError(
            f"What {evening.name} is played for is set by the club's staff. Nothing was changed."
        )
    evening = ProgressiveEvening.objects.select_for_update().get(pk=evening.pk)
    current = EveningTerms.of(evening)
    if terms_seen(current) != seen:
        raise _terms_changed(evening, current)
    if evening.ended:
        raise LedgerError(
            f"{evening.name} has ended: what it was played for is kept as it posted. Nothing "
            "was changed."
        )
    if per not in dict(EveningTerms.PER):
        raise LedgerError("A stake is so much a point or so much a hundred points.")
    for what, amount, most in (
        ("stake", stake, MOST_STAKE),
        ("table money", table_money, MOST_CHARGE),
    ):
        if not amount.is_finite() or not 0 <= amount <= most:
            raise LedgerError(f"The evening's {what} is between nothing and {most:,}.")
        if amount != amount.quantize(Decimal(1).scaleb(-STAKE_PLACES)):
            raise LedgerError(f"The evening's {what} has at most {STAKE_PLACES} places.")
    currency = club_currency(at or timezone.now())
    if (stake or table_money) and not currency:
        raise LedgerError(
            "The club has no currency yet: set its stake on the ledger's page first (a stake "
            "of nothing will do), and the evening is played in its currency."
        )
    guests = list(evening.players.filter(member__isnull=True).values_list("guest", flat=True))
    if stake and guests:
        candidate = EveningTerms(evening=evening, stake=stake, per=per, currency=currency)
        raise LedgerError(guests_refused(evening, candidate, guests))
    if evening.drawn_at is not None:
        sitting = Sitting.covering(evening.drawn_at)
        if sitting is not None and sitting.closed:
            raise LedgerError(
                f"{sitting.name} is closed, and {evening.name} was drawn in it: its "
                "settlement is never changed. Nothing was changed."
            )
    try:
        with transaction.atomic():
            return EveningTerms.objects.create(
                evening=evening,
                stake=stake,
                per=per,
                table_money=table_money,
                currency=currency,
                set_by=user,
                set_at=at or timezone.now(),
                replaces=current,
            )
    except IntegrityError:  # other terms replaced the same ones a moment before
        raise _terms_changed(evening, EveningTerms.of(evening)) from None


def _terms_changed(evening: ProgressiveEvening, now: EveningTerms | None) -> Stale:
    said = f"it is now played for {now.words}" if now else "none are set now"
    return Stale(
        f"What {evening.name} is played for was changed since this page was shown ({said}): "
        "nothing was changed. Set it again if you still mean to."
    )


def guests_refused(evening: ProgressiveEvening, terms: EveningTerms, guests: Sequence[str]) -> str:
    """Why an evening with guests is not played for a stake: a guest has no account."""
    *others, last = guests
    named = f"{', '.join(others)} and {last}" if others else last
    one = len(guests) == 1
    return (
        f"{named} {'plays' if one else 'play'} {evening.name} as {'a guest' if one else 'guests'}, "
        "with no account in the ledger: an evening with guests is played for points, and "
        f"table money from the members alone, not for a stake ({terms.words}). Set the "
        "evening's stake at nothing."
    )
