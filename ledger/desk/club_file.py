"""The desk's part of the club's file, elwell-club/1: the stakes and table charges in the
order they were set, what each Progressive evening was played for, each waiver of a
member's table money (by the rubber or the evening it was charged with, and the member),
and the payments. Each is loaded through the desk's own services,
as the secretary's forms write it; the postings they make are not in the file, and follow."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Literal, cast

from pydantic import Field, model_validator

from ledger.desk import services as desk
from ledger.desk.models import EveningTerms, Payment, Stake, TableCharge
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
from scorer.progressive.models import ProgressiveEvening
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
    # What the table money was charged with: a rubber (its place in `rubbers`), or a
    # Progressive evening (its place in `progressive`); one of the two.
    rubber: Annotated[int, Field(ge=0)] | None = None
    evening: Annotated[int, Field(ge=0)] | None = None
    reason: Annotated[str, Field(min_length=1, max_length=150)]
    waived_at: Moment

    @model_validator(mode="after")
    def _rubber_or_evening(self) -> WaiverDoc:
        if (self.rubber is None) == (self.evening is None):
            raise ValueError("a waiver names the rubber or the evening its table money was for")
        return self


# EveningTerms.PER, as the file names it.
Per = Literal["hundred", "point"]


class EveningTermsDoc(Shape):
    """What a Progressive evening (its place in `progressive`) was played for, from when it
    was set, replacing what was set before for it."""

    evening: Annotated[int, Field(ge=0)]
    stake: Money
    per: Per
    table_money: Money
    set_by: Name
    set_at: Moment


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


def waivers(rubbers: Sequence[int], evenings: Sequence[int] = ()) -> list[WaiverDoc]:
    """Each waiver of a member's table money, by the rubber or the evening it was charged
    with (its place in `rubbers` or `evenings`, their ids in the file's order) and the
    member."""
    order = {pk: n for n, pk in enumerate(rubbers)}
    evening_order = {pk: n for n, pk in enumerate(evenings)}
    found = Posting.objects.filter(kind=Posting.WAIVER, member__isnull=False).select_related(
        "member__user"
    )
    docs = []
    for waiver in found.order_by("posted_at", "id"):
        if waiver.member is None:
            continue
        assert (waiver.rubber_id is None) != (waiver.evening_id is None)  # charged with one
        # Only what it was charged with is given: a rubber's waiver is written as before.
        charged_with = (
            {"rubber": order[waiver.rubber_id]}
            if waiver.rubber_id is not None
            else {"evening": evening_order[cast(int, waiver.evening_id)]}
        )
        docs.append(
            WaiverDoc(
                member=waiver.member.user.get_username(),
                **charged_with,
                reason=waiver.reason.removeprefix(WAIVED),
                waived_at=waiver.posted_at,
            )
        )
    return docs


def evening_terms(evenings: Sequence[int]) -> list[EveningTermsDoc]:
    """What each Progressive evening was played for, in the order set; `evenings`: the
    evenings' ids in the file's order."""
    order = {pk: n for n, pk in enumerate(evenings)}
    return [
        EveningTermsDoc(
            evening=order[terms.evening_id],
            stake=terms.stake,
            per=cast(Per, terms.per),
            table_money=terms.table_money,
            set_by=terms.set_by.get_username(),
            set_at=terms.set_at,
        )
        for terms in EveningTerms.objects.select_related("set_by").order_by("set_at", "id")
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
        # Each evening's terms still to be set, by its place in the file, in the order set.
        self.terms: dict[int, list[tuple[str, EveningTermsDoc]]] = {}

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

    def evening_terms(self, items: Sequence[EveningTermsDoc], evenings: int) -> None:
        """What each evening was played for, to be set in turn (`terms_until`): the site
        sets terms by who plays at that moment, so they are set again between the arrivals
        they came between, and before the evening ends."""
        for n, item in enumerate(items):
            where = f"evening_terms[{n}]"
            if item.evening >= evenings:
                raise ImportRefused(f"{where}.evening must name an evening in the file")
            queue = self.terms.setdefault(item.evening, [])
            if queue and item.set_at < queue[-1][1].set_at:
                raise ImportRefused(
                    f"{where}.set_at: an evening's terms come in the order they were set"
                )
            queue.append((where, item))

    def terms_until(self, index: int, evening: ProgressiveEvening, at: datetime) -> None:
        """The evening's terms set up to `at` (those set at that very moment too: terms
        the site set beside an arrival were set before it, since it refuses a stake once
        a guest plays)."""
        queue = self.terms.get(index, [])
        while queue and queue[0][1].set_at <= at:
            where, item = queue.pop(0)
            self._terms(item, evening, where)

    def terms_left(self, evenings: Sequence[ProgressiveEvening]) -> None:
        """The terms set after every arrival: refused for an evening that has ended."""
        for index, evening in enumerate(evenings):
            for where, item in self.terms.pop(index, []):
                self._terms(item, evening, where)

    def _terms(self, item: EveningTermsDoc, evening: ProgressiveEvening, where: str) -> None:
        refused_as(
            where,
            lambda: desk.set_evening_terms(
                evening=evening,
                stake=item.stake,
                per=item.per,
                table_money=item.table_money,
                user=self.people.user(item.set_by, f"{where}.set_by"),
                seen=desk.terms_seen(EveningTerms.of(evening)),
                at=item.set_at,
            ),
        )

    def waiver(
        self, item: WaiverDoc, where: str, evenings: Sequence[ProgressiveEvening] = ()
    ) -> None:
        member = self.people.member(item.member, f"{where}.member")
        if item.rubber is not None:
            rubbers = list(Rubber.objects.order_by("started_at", "id"))
            if item.rubber >= len(rubbers):
                raise ImportRefused(f"{where}.rubber must name a rubber in the file")
            charged = Posting.objects.filter(rubber=rubbers[item.rubber])
        else:
            assert item.evening is not None  # the one or the other (WaiverDoc)
            if item.evening >= len(evenings):
                raise ImportRefused(f"{where}.evening must name an evening in the file")
            charged = Posting.objects.filter(evening=evenings[item.evening])
        charge = charged.filter(kind=Posting.TABLE, member=member).first()
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
