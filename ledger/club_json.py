"""The whole club as one JSON document, `elwell-club/1`, out and back in: the scorer's
part (scorer/club_json.py: the club, its accounts and members, every rubber) and the
ledger's (its stakes, table charges, waivers of table money, payments and sittings).

The ledger's postings are not written out: they follow from the agreements, waivers and
payments,
and an imported closed settlement must come out as it was exported, or the import is
refused. Import goes into an empty club, in one transaction: a file that does not validate
changes nothing. `export_club` of an imported club gives back the document it came from.
"""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from pydantic import Field, ValidationError

from ledger.desk import services as desk
from ledger.desk.models import Payment, Stake, TableCharge
from ledger.postings.models import Posting
from ledger.settlement import services as settlements
from ledger.settlement.models import Sitting
from scorer.club.models import Member
from scorer.club_json import (
    Account,
    ClubSettings,
    Loader,
    MemberDoc,
    Moment,
    Money,
    Name,
    RubberDoc,
    Shape,
    TableDoc,
    export_scorer,
    refusal,
)
from scorer.club_json import ImportRefused as ImportRefused  # the whole file's refusal too
from scorer.rubbers.models import Rubber

FORMAT = "elwell-club/1"


def money_text(amount: Decimal) -> str:
    """An amount as the file writes it: a decimal string, without needless zeros."""
    return f"{amount.normalize():f}"


def export_club() -> dict[str, Any]:
    scorer_part = export_scorer()
    return {
        "format": FORMAT,
        "club": scorer_part["club"],
        "accounts": scorer_part["accounts"],
        "members": scorer_part["members"],
        "stakes": [
            {
                "per_hundred": money_text(stake.per_hundred),
                "per_point": money_text(stake.per_point),
                "currency": stake.currency,
                "smallest_unit": money_text(stake.smallest_unit),
                "valid_from": stake.valid_from.isoformat(),
                "set_by": stake.set_by.get_username(),
            }
            for stake in Stake.objects.select_related("set_by").order_by("valid_from", "id")
        ],
        "table_charges": [
            {
                "basis": charge.basis,
                "amount": None if charge.amount is None else money_text(charge.amount),
                "hundreds": None if charge.hundreds is None else money_text(charge.hundreds),
                "valid_from": charge.valid_from.isoformat(),
                "set_by": charge.set_by.get_username(),
            }
            for charge in TableCharge.objects.select_related("set_by").order_by("valid_from", "id")
        ],
        "rubbers": scorer_part["rubbers"],
        "waivers": _waivers(),
        "tables": scorer_part["tables"],
        "payments": _payments(),
        "sittings": _sittings(),
    }


WAIVED = "table money waived: "


def _waivers() -> list[dict[str, Any]]:
    """Each waiver of a member's table money, by the rubber it was charged with (its
    place in `rubbers`) and the member."""
    order = {
        pk: n
        for n, pk in enumerate(
            Rubber.objects.order_by("started_at", "id").values_list("pk", flat=True)
        )
    }
    waivers = Posting.objects.filter(kind=Posting.WAIVER, member__isnull=False).select_related(
        "member__user"
    )
    return [
        {
            "member": waiver.member.user.get_username(),
            "rubber": order[waiver.rubber_id],
            "reason": waiver.reason.removeprefix(WAIVED),
            "waived_at": waiver.posted_at.isoformat(),
        }
        for waiver in waivers.order_by("posted_at", "id")
        if waiver.member is not None and waiver.rubber_id is not None
    ]


def _name(user: User | None) -> str | None:
    return user.get_username() if user is not None else None


def _time(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _payments() -> list[dict[str, Any]]:
    payments = list(
        Payment.objects.select_related("payer__user", "payee__user", "recorded_by").order_by(
            "recorded_at", "id"
        )
    )
    index = {payment.pk: n for n, payment in enumerate(payments)}
    return [
        {
            # null: the house, paid its table money or paying a member back
            "payer": p.payer.user.get_username() if p.payer else None,
            "payee": p.payee.user.get_username() if p.payee else None,
            "amount": money_text(p.amount),
            "method": p.method,
            "note": p.note,
            "reverses": index.get(p.reverses_id) if p.reverses_id else None,
            "recorded_by": _name(p.recorded_by),
            "recorded_at": p.recorded_at.isoformat(),
        }
        for p in payments
    ]


def _sittings() -> list[dict[str, Any]]:
    found = []
    for sitting in Sitting.objects.select_related("created_by", "closed_by").order_by("start"):
        found.append(
            {
                "name": sitting.name,
                "start": sitting.start.isoformat(),
                "end": sitting.end.isoformat(),
                "created_by": _name(sitting.created_by),
                "closed_at": _time(sitting.closed_at),
                "closed_by": _name(sitting.closed_by),
                "due": {
                    line.member.user.get_username(): money_text(line.due)
                    for line in sitting.lines.select_related("member__user")
                    if line.member is not None
                },
                "house_due": next(
                    (money_text(ln.due) for ln in sitting.lines.all() if ln.member is None), None
                ),
            }
        )
    return found


# -- The shape of the whole -------------------------------------------------------------------


class StakeDoc(Shape):
    per_hundred: Money
    per_point: Money = Decimal(0)  # Short Whist's stake; absent in files before Whist
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
    smallest_unit: Money
    valid_from: Moment
    set_by: Name


class TableChargeDoc(Shape):
    basis: Literal["rubber", "sitting"]
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
    method: Literal["cash", "transfer"]
    note: Annotated[str, Field(max_length=200)]
    reverses: Annotated[int, Field(ge=0)] | None
    recorded_by: Name
    recorded_at: Moment


class SittingDoc(Shape):
    name: Annotated[str, Field(min_length=1, max_length=60)]
    start: Moment
    end: Moment
    created_by: Name
    closed_at: Moment | None
    closed_by: Name | None
    due: dict[Name, Money]
    house_due: Money | None = None  # the house's table money due, for a closed sitting


class ClubDoc(Shape):
    format: Literal["elwell-club/1"]
    club: ClubSettings
    accounts: list[Account]
    members: list[MemberDoc]
    stakes: list[StakeDoc]
    table_charges: Annotated[list[TableChargeDoc], Field(default_factory=list)]
    rubbers: list[RubberDoc]
    waivers: Annotated[list[WaiverDoc], Field(default_factory=list)]
    tables: list[TableDoc] = Field(
        default_factory=list
    )  # absent in files before the tables of an evening
    payments: list[PaymentDoc]
    sittings: list[SittingDoc]


def read_document(text: str | bytes) -> ClubDoc:
    """The document's shape, checked; ImportRefused names the first place that is wrong."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ImportRefused(f"the file is not UTF-8 text: {error}") from None
    try:  # pydantic's reader bounds the nesting: a document nested absurdly deep is refused
        return ClubDoc.model_validate_json(text)
    except ValidationError as error:
        raise refusal(error) from None


# -- Import -----------------------------------------------------------------------------------


def import_club(data: Any) -> dict[str, int]:
    """Bring a whole club (parsed JSON) into an empty database; refuse, changing nothing,
    if any part of it does not hold."""
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise ImportRefused(f"the document is not JSON: {error}") from None
    return import_club_text(text)


@transaction.atomic
def import_club_text(text: str | bytes) -> dict[str, int]:
    document = read_document(text)
    if Member.objects.exists() or Rubber.objects.exists() or get_user_model().objects.exists():
        raise ImportRefused(
            "this database already has accounts, members or rubbers: import into a new, empty one"
        )
    return _Loader(document).load()


class _Loader(Loader):
    """The whole file, in the order things happened: the people, the stakes, the rubbers
    (each agreed one posting as it did), then payments and closings."""

    def __init__(self, document: ClubDoc) -> None:
        super().__init__()
        self.document = document

    def load(self) -> dict[str, int]:
        document = self.document
        self.people(document.club, document.accounts, document.members)
        for n, stake in enumerate(document.stakes):
            self._stake(stake, f"stakes[{n}]")
        for n, charge in enumerate(document.table_charges):
            self._charge(charge, f"table_charges[{n}]")
        self.rubbers(document.rubbers, document.tables)
        self._ledger()
        return {"members": len(self.members), "rubbers": len(document.rubbers)}

    def _stake(self, data: StakeDoc, where: str) -> None:
        latest = Stake.latest()
        if latest is not None and data.valid_from < latest.valid_from:
            raise ImportRefused(f"{where}.valid_from: stakes come in the order they were set")
        self.refused_as(
            where,
            lambda: desk.set_stake(
                per_hundred=data.per_hundred,
                per_point=data.per_point,
                currency=data.currency,
                smallest_unit=data.smallest_unit,
                user=self.user(data.set_by, f"{where}.set_by"),
                seen=desk.stake_seen(latest),
                at=data.valid_from,
            ),
        )

    def _charge(self, data: TableChargeDoc, where: str) -> None:
        latest = TableCharge.latest()
        if latest is not None and data.valid_from < latest.valid_from:
            raise ImportRefused(f"{where}.valid_from: charges come in the order they were set")
        self.refused_as(
            where,
            lambda: desk.set_table_charge(
                basis=data.basis,
                amount=data.amount,
                hundreds=data.hundreds,
                user=self.user(data.set_by, f"{where}.set_by"),
                seen=desk.charge_seen(latest),
                at=data.valid_from,
            ),
        )

    def _waiver(self, item: WaiverDoc, where: str) -> None:
        rubbers = list(Rubber.objects.order_by("started_at", "id"))
        if item.rubber >= len(rubbers):
            raise ImportRefused(f"{where}.rubber must name a rubber in the file")
        member = self.member(item.member, f"{where}.member")
        charge = Posting.objects.filter(
            kind=Posting.TABLE, member=member, rubber=rubbers[item.rubber]
        ).first()
        if charge is None:
            raise ImportRefused(f"{where}: no table money was charged to {item.member} there")
        self.refused_as(
            where,
            lambda: desk.waive(
                charge=charge, reason=item.reason, user=self.any_user(), at=item.waived_at
            ),
        )

    def any_user(self) -> User:
        return next(iter(self.users.values()))

    def _ledger(self) -> None:
        """Payments and closings, in the order they happened: a payment before a closing
        counts in it."""
        events: list[tuple[datetime, int, int]] = []
        payments, sittings = self.document.payments, self.document.sittings
        events += [(payment.recorded_at, 0, n) for n, payment in enumerate(payments)]
        events += [(waiver.waived_at, 2, n) for n, waiver in enumerate(self.document.waivers)]
        made: dict[int, Sitting] = {}
        for n, item in enumerate(sittings):
            place = f"sittings[{n}]"

            def opened(item: SittingDoc = item, place: str = place) -> Sitting:
                return settlements.open_sitting(
                    name=item.name,
                    start=item.start,
                    end=item.end,
                    user=self.user(item.created_by, f"{place}.created_by"),
                )

            made[n] = self.refused_as(place, opened)
            if (item.closed_at is None) != (item.closed_by is None):
                raise ImportRefused(f"{place}: closed_at and closed_by go together")
            if item.closed_at is not None:
                events.append((item.closed_at, 1, n))
            elif item.due:
                raise ImportRefused(f"{place}.due: an open sitting has nothing fixed as due")
        recorded: list[Payment] = []
        # At one moment: a payment, then a waiver, then a closing.
        for _, what, n in sorted(events, key=lambda event: (event[0], event[1] % 2, event[1])):
            if what == 0:
                recorded.append(self._payment(payments[n], f"payments[{n}]", recorded))
            elif what == 2:
                self._waiver(self.document.waivers[n], f"waivers[{n}]")
            else:
                self._close(made[n], sittings[n], f"sittings[{n}]")

    def _payment(self, item: PaymentDoc, where: str, recorded: list[Payment]) -> Payment:
        if item.reverses is not None and item.reverses >= len(recorded):
            raise ImportRefused(f"{where}.reverses must name an earlier payment")
        payer = self.member(item.payer, f"{where}.payer") if item.payer is not None else None
        payee = self.member(item.payee, f"{where}.payee") if item.payee is not None else None
        return self.refused_as(
            where,
            lambda: desk.record_payment(
                payer=payer,
                payee=payee,
                amount=item.amount,
                method=item.method,
                note=item.note,
                user=self.user(item.recorded_by, f"{where}.recorded_by"),
                reverses=recorded[item.reverses] if item.reverses is not None else None,
                at=item.recorded_at,
            ),
        )

    def _close(self, sitting: Sitting, item: SittingDoc, where: str) -> None:
        assert item.closed_at is not None
        closed_by = item.closed_by
        assert closed_by is not None  # with closed_at (`_ledger`)
        closed = self.refused_as(
            where,
            lambda: settlements.close(
                sitting, self.user(closed_by, f"{where}.closed_by"), at=item.closed_at
            ),
        )
        found = {
            line.member.user.get_username(): line.due
            for line in closed.lines
            if line.member is not None
        }
        house = next((line.due for line in closed.lines if line.member is None), None)
        if found != dict(item.due) or house != item.house_due:
            raise ImportRefused(f"{where}: its settlement does not come out as exported")
