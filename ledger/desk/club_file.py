"""The desk's part of the club's file, elwell-club/1: the stakes and table charges in the
order they were set, each waiver of a member's table money (by the rubber it was charged
with and the member), and the payments. Each is loaded through the desk's own services,
as the secretary's forms write it; the postings they make are not in the file, and follow."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Annotated, Literal, cast

from pydantic import Field

from ledger.desk import services as desk
from ledger.desk.models import Payment, Stake, TableCharge
from ledger.postings.models import Posting
from scorer.club.club_file import People
from scorer.plumbing.club_format import (
    ImportRefused,
    Moment,
    Money,
    Name,
    Shape,
    refused_as,
    username,
)
from scorer.rubbers.models import Rubber

# How a waiver's posting gives its reason: the file keeps the reason alone.
WAIVED = "table money waived: "


# TableCharge.BASES and Payment.METHODS, as the file names them.
Basis = Literal["rubber", "sitting"]
Method = Literal["cash", "transfer"]


class StakeDoc(Shape):
    per_hundred: Money
    per_point: Money = Decimal(0)  # Short Whist's stake; absent in files before Whist
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
    smallest_unit: Money
    valid_from: Moment
    set_by: Name


class TableChargeDoc(Shape):
    basis: Basis
    amount: Money | None
    hundreds: Money | None
    valid_from: Moment
    set_by: Name


class WaiverDoc(Shape):
    member: Name
    rubber: Annotated[int, Field(ge=0)]
    reason: Annotated[str, Field(min_length=1, max_length=150)]
    waived_at: Moment


class PaymentDoc(Shape):
    payer: Name | None  # None: the house
    payee: Name | None
    amount: Money
    method: Method
    note: Annotated[str, Field(max_length=200)]
    reverses: Annotated[int, Field(ge=0)] | None
    recorded_by: Name
    recorded_at: Moment


# -- Export -----------------------------------------------------------------------------------


def stakes() -> list[StakeDoc]:
    return [
        StakeDoc(
            per_hundred=stake.per_hundred,
            per_point=stake.per_point,
            currency=stake.currency,
            smallest_unit=stake.smallest_unit,
            valid_from=stake.valid_from,
            set_by=stake.set_by.get_username(),
        )
        for stake in Stake.objects.select_related("set_by").order_by("valid_from", "id")
    ]


def table_charges() -> list[TableChargeDoc]:
    return [
        TableChargeDoc(
            basis=cast(Basis, charge.basis),
            amount=charge.amount,
            hundreds=charge.hundreds,
            valid_from=charge.valid_from,
            set_by=charge.set_by.get_username(),
        )
        for charge in TableCharge.objects.select_related("set_by").order_by("valid_from", "id")
    ]


def waivers(rubbers: Sequence[int]) -> list[WaiverDoc]:
    """Each waiver of a member's table money, by the rubber it was charged with (its
    place in `rubbers`, the rubbers' ids in the file's order) and the member."""
    order = {pk: n for n, pk in enumerate(rubbers)}
    found = Posting.objects.filter(kind=Posting.WAIVER, member__isnull=False).select_related(
        "member__user"
    )
    return [
        WaiverDoc(
            member=waiver.member.user.get_username(),
            rubber=order[waiver.rubber_id],
            reason=waiver.reason.removeprefix(WAIVED),
            waived_at=waiver.posted_at,
        )
        for waiver in found.order_by("posted_at", "id")
        if waiver.member is not None and waiver.rubber_id is not None
    ]


def payments() -> list[PaymentDoc]:
    made = list(
        Payment.objects.select_related("payer__user", "payee__user", "recorded_by").order_by(
            "recorded_at", "id"
        )
    )
    index = {payment.pk: n for n, payment in enumerate(made)}
    return [
        PaymentDoc(
            # None: the house, paid its table money or paying a member back
            payer=p.payer.user.get_username() if p.payer else None,
            payee=p.payee.user.get_username() if p.payee else None,
            amount=p.amount,
            method=cast(Method, p.method),
            note=p.note,
            reverses=index.get(p.reverses_id) if p.reverses_id else None,
            recorded_by=username(p.recorded_by),
            recorded_at=p.recorded_at,
        )
        for p in made
    ]


# -- Import -----------------------------------------------------------------------------------


class DeskLoader:
    """The desk's records written through its services, refusing what they refuse."""

    def __init__(self, people: People) -> None:
        self.people = people
        self.recorded: list[Payment] = []  # the payments so far, for a reversal to name

    def stake(self, data: StakeDoc, where: str) -> None:
        latest = Stake.latest()
        if latest is not None and data.valid_from < latest.valid_from:
            raise ImportRefused(f"{where}.valid_from: stakes come in the order they were set")
        refused_as(
            where,
            lambda: desk.set_stake(
                per_hundred=data.per_hundred,
                per_point=data.per_point,
                currency=data.currency,
                smallest_unit=data.smallest_unit,
                user=self.people.user(data.set_by, f"{where}.set_by"),
                seen=desk.stake_seen(latest),
                at=data.valid_from,
            ),
        )

    def charge(self, data: TableChargeDoc, where: str) -> None:
        latest = TableCharge.latest()
        if latest is not None and data.valid_from < latest.valid_from:
            raise ImportRefused(f"{where}.valid_from: charges come in the order they were set")
        refused_as(
            where,
            lambda: desk.set_table_charge(
                basis=data.basis,
                amount=data.amount,
                hundreds=data.hundreds,
                user=self.people.user(data.set_by, f"{where}.set_by"),
                seen=desk.charge_seen(latest),
                at=data.valid_from,
            ),
        )

    def waiver(self, item: WaiverDoc, where: str) -> None:
        rubbers = list(Rubber.objects.order_by("started_at", "id"))
        if item.rubber >= len(rubbers):
            raise ImportRefused(f"{where}.rubber must name a rubber in the file")
        member = self.people.member(item.member, f"{where}.member")
        charge = Posting.objects.filter(
            kind=Posting.TABLE, member=member, rubber=rubbers[item.rubber]
        ).first()
        if charge is None:
            raise ImportRefused(f"{where}: no table money was charged to {item.member} there")
        refused_as(
            where,
            lambda: desk.waive(
                charge=charge, reason=item.reason, user=self.people.any_user(), at=item.waived_at
            ),
        )

    def payment(self, item: PaymentDoc, where: str) -> Payment:
        recorded = self.recorded
        if item.reverses is not None and item.reverses >= len(recorded):
            raise ImportRefused(f"{where}.reverses must name an earlier payment")
        member = self.people.member
        payer = member(item.payer, f"{where}.payer") if item.payer is not None else None
        payee = member(item.payee, f"{where}.payee") if item.payee is not None else None
        payment = refused_as(
            where,
            lambda: desk.record_payment(
                payer=payer,
                payee=payee,
                amount=item.amount,
                method=item.method,
                note=item.note,
                user=self.people.user(item.recorded_by, f"{where}.recorded_by"),
                reverses=recorded[item.reverses] if item.reverses is not None else None,
                at=item.recorded_at,
            ),
        )
        recorded.append(payment)
        return payment
