"""The whole club as one JSON document, `elwell-club/1`, out and back in.

Each rubber is an `elwell-rubber/1` object (so the rules engine checks every deal as it
comes in), with what that format does not carry: the table, its seats, who recorded
what and when, its corrections and its agreement. Members, stakes, payments and sittings
go beside the rubbers. The ledger's postings are not written out: they follow from the
agreements and payments, and an imported closed settlement must come out as it was
exported, or the import is refused.

Import goes into an empty club, in one transaction: a file that does not validate changes
nothing.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from ledger import services as ledger
from ledger.models import Payment, Sitting, Stake
from scorer import engine
from scorer.engine.calls import call_of
from scorer.engine.interchange import deal_json, read_deal, rubber_json
from scorer.models import Club, Correction, Deal, Member, Rubber, Seat

FORMAT = "elwell-club/1"


class ImportRefused(ValueError):
    """Why a file cannot be imported, naming the place in it."""


# -- Export -----------------------------------------------------------------------------------


def export_club() -> dict[str, Any]:
    users = get_user_model()
    club = Club.get()
    members = list(Member.objects.select_related("user"))
    member_users = {member.user_id for member in members}
    return {
        "format": FORMAT,
        "club": {
            "name": club.name,
            "doubling_limit": club.doubling_limit,
            "spade_convention": club.spade_convention,
            "abandoned_rubbers_count": club.abandoned_rubbers_count,
            "paper": club.paper,
        },
        "accounts": [
            {
                "username": user.get_username(),
                "password": user.password,  # a hash: keep the file private
                "staff": user.is_staff,
                "superuser": user.is_superuser,
                "active": user.is_active,
            }
            for user in users.objects.order_by("id")
        ],
        "members": [
            {"username": m.user.get_username(), "name": m.name, "short_name": m.short_name}
            for m in members
            if m.user_id in member_users
        ],
        "stakes": [
            {
                "per_hundred": str(stake.per_hundred),
                "currency": stake.currency,
                "smallest_unit": str(stake.smallest_unit),
                "valid_from": stake.valid_from.isoformat(),
                "set_by": stake.set_by.get_username(),
            }
            for stake in Stake.objects.select_related("set_by").order_by("valid_from", "id")
        ],
        "rubbers": [_rubber(rubber) for rubber in Rubber.objects.order_by("started_at", "id")],
        "payments": _payments(),
        "sittings": _sittings(),
    }


def _name(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def _time(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _rubber(rubber: Rubber) -> dict[str, Any]:
    seats = [seat.member for seat in rubber.seats.select_related("member__user")]
    deals = list(rubber.deals.select_related("declared_by", "recorded_by"))
    recorded = [deal for deal in deals if not deal.in_progress]
    in_progress = next((deal for deal in deals if deal.in_progress), None)
    data = rubber_json(
        engine.Rubber(
            rubber.rules,
            tuple(deal.to_engine() for deal in recorded),
            engine.Pair((seats[0].name, seats[2].name), (seats[1].name, seats[3].name)),
        )
    )
    data.update(
        {
            "table": rubber.table,
            "started_at": rubber.started_at.isoformat(),
            "started_by": _name(rubber.started_by),
            "seats": [member.user.get_username() for member in seats],
            "first_dealer": rubber.first_dealer,
            "cut": rubber.cut,
            "abandoned_counts": rubber.abandoned_counts,
            "recorded": [
                {
                    "dealer": deal.dealer,
                    "declared_at": _time(deal.declared_at),
                    "declared_by": _name(deal.declared_by),
                    "recorded_at": _time(deal.recorded_at),
                    "recorded_by": _name(deal.recorded_by),
                }
                for deal in recorded
            ],
            "in_progress": None
            if in_progress is None
            else {
                **deal_json(in_progress.declaration()),
                "dealer_seat": in_progress.dealer,
                "declared_at": _time(in_progress.declared_at),
                "declared_by": _name(in_progress.declared_by),
            },
            "agreement": {
                "we_by": _name(rubber.we_agreed_by),
                "we_at": _time(rubber.we_agreed_at),
                "they_by": _name(rubber.they_agreed_by),
                "they_at": _time(rubber.they_agreed_at),
                "agreed_at": _time(rubber.agreed_at),
                "value": rubber.agreed_value,
                "abandoned": rubber.abandoned,
            },
            "corrections": [
                {
                    "number": c.number,
                    "kind": c.kind,
                    "law": c.law,
                    "reason": c.reason,
                    "before": c.before,
                    "after": c.after,
                    "made_by": _name(c.made_by),
                    "made_at": c.made_at.isoformat(),
                }
                for c in rubber.corrections.select_related("made_by")
            ],
        }
    )
    return data


def _payments() -> list[dict[str, Any]]:
    payments = list(
        Payment.objects.select_related("payer__user", "payee__user", "recorded_by").order_by(
            "recorded_at", "id"
        )
    )
    index = {payment.pk: n for n, payment in enumerate(payments)}
    return [
        {
            "payer": p.payer.user.get_username(),
            "payee": p.payee.user.get_username(),
            "amount": str(p.amount),
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
                    line.member.user.get_username(): str(line.due)
                    for line in sitting.lines.select_related("member__user")
                },
            }
        )
    return found


# -- Import -----------------------------------------------------------------------------------


@transaction.atomic
def import_club(data: Any) -> dict[str, int]:
    """Bring a whole club into an empty database; refuse, changing nothing, if any part of
    the file does not hold."""
    reader = _Reader(data)
    if Member.objects.exists() or Rubber.objects.exists() or get_user_model().objects.exists():
        raise ImportRefused(
            "this database already has accounts, members or rubbers: import into a new, empty one"
        )
    counts = reader.load()
    return counts


class _Reader:
    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ImportRefused(f"format must be {FORMAT!r}")
        self.data = data
        self.users: dict[str, Any] = {}
        self.members: dict[str, Member] = {}

    def load(self) -> dict[str, int]:
        self._club(self._get(self.data, "club", dict, "club"))
        for n, account in enumerate(self._get(self.data, "accounts", list, "accounts")):
            self._account(account, f"accounts[{n}]")
        for n, member in enumerate(self._get(self.data, "members", list, "members")):
            self._member(member, f"members[{n}]")
        for n, stake in enumerate(self._get(self.data, "stakes", list, "stakes")):
            self._stake(stake, f"stakes[{n}]")
        rubbers = self._get(self.data, "rubbers", list, "rubbers")
        for n, rubber in enumerate(rubbers):
            self._rubber(rubber, f"rubbers[{n}]")
        self._ledger()
        return {"members": len(self.members), "rubbers": len(rubbers)}

    # Reading values, each refusal naming its place.

    def _get(self, data: Any, key: str, kind: type, where: str, *, optional: bool = False) -> Any:
        if not isinstance(data, dict):
            raise ImportRefused(f"{where.rsplit('.', 1)[0]} must be an object")
        if key not in data:
            if optional:
                return None
            raise ImportRefused(f"{where} is missing")
        value = data[key]
        if value is None and optional:
            return None
        if kind is int and isinstance(value, bool):
            raise ImportRefused(f"{where} must be a whole number")
        if not isinstance(value, kind):
            raise ImportRefused(f"{where} must be {_kinds[kind]}")
        return value

    def _when(self, data: Any, key: str, where: str, *, optional: bool = False) -> datetime | None:
        text = self._get(data, key, str, where, optional=optional)
        if text is None:
            return None
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise ImportRefused(f"{where} is not a date and time: {text!r}") from None
        if moment.tzinfo is None:
            raise ImportRefused(f"{where} needs its time zone: {text!r}")
        return moment

    def _money(self, data: Any, key: str, where: str) -> Decimal:
        text = self._get(data, key, str, where)
        try:
            value = Decimal(text)
        except InvalidOperation:
            raise ImportRefused(f"{where} is not an amount: {text!r}") from None
        if not value.is_finite():
            raise ImportRefused(f"{where} is not an amount: {text!r}")
        return value

    def _user(self, name: Any, where: str, *, optional: bool = False) -> Any:
        if name is None and optional:
            return None
        if not isinstance(name, str) or name not in self.users:
            raise ImportRefused(f"{where}: no account {name!r} in the file")
        return self.users[name]

    def _member(self, data: Any, where: str) -> None:
        username = self._get(data, "username", str, f"{where}.username")
        user = self._user(username, f"{where}.username")
        name = self._get(data, "name", str, f"{where}.name").strip()
        short = self._get(data, "short_name", str, f"{where}.short_name").strip()
        if not name or not short or len(name) > 60 or len(short) > 16:
            raise ImportRefused(f"{where}: a name (60 letters at most) and a short name (16)")
        if username in self.members or any(m.name == name for m in self.members.values()):
            raise ImportRefused(f"{where}: {name!r} is in the file twice")
        self.members[username] = Member.objects.create(user=user, name=name, short_name=short)

    def _seated(self, name: Any, where: str) -> Member:
        if not isinstance(name, str) or name not in self.members:
            raise ImportRefused(f"{where}: no member {name!r} in the file")
        return self.members[name]

    # The parts of the club.

    def _club(self, data: dict[str, Any]) -> None:
        club = Club.get()
        club.name = self._get(data, "name", str, "club.name")[:80]
        club.doubling_limit = self._get(
            data, "doubling_limit", int, "club.doubling_limit", optional=True
        )
        club.spade_convention = self._get(data, "spade_convention", bool, "club.spade_convention")
        club.abandoned_rubbers_count = self._get(
            data, "abandoned_rubbers_count", bool, "club.abandoned_rubbers_count"
        )
        club.paper = self._get(data, "paper", str, "club.paper")
        if club.paper not in dict(Club.PAPERS):
            raise ImportRefused("club.paper must be 'A4' or 'letter'")
        if club.doubling_limit is not None and club.doubling_limit < 1:
            raise ImportRefused("club.doubling_limit must be above 0, or null")
        club.save()

    def _account(self, data: Any, where: str) -> None:
        username = self._get(data, "username", str, f"{where}.username").strip()
        if not username or len(username) > 150 or username in self.users:
            raise ImportRefused(f"{where}.username must be a new name of 150 letters at most")
        user = get_user_model()(
            username=username,
            password=self._get(data, "password", str, f"{where}.password"),
            is_staff=self._get(data, "staff", bool, f"{where}.staff"),
            is_superuser=self._get(data, "superuser", bool, f"{where}.superuser"),
            is_active=self._get(data, "active", bool, f"{where}.active"),
        )
        user.save()
        self.users[username] = user

    def _stake(self, data: Any, where: str) -> None:
        per_hundred = self._money(data, "per_hundred", f"{where}.per_hundred")
        unit = self._money(data, "smallest_unit", f"{where}.smallest_unit")
        currency = self._get(data, "currency", str, f"{where}.currency")
        if per_hundred < 0 or unit <= 0 or len(currency) != 3:
            raise ImportRefused(
                f"{where}: a stake of nothing or more, a unit above nothing, "
                "and a currency of three letters"
            )
        Stake.objects.create(
            per_hundred=per_hundred,
            currency=currency,
            smallest_unit=unit,
            valid_from=self._when(data, "valid_from", f"{where}.valid_from"),
            set_by=self._user(data.get("set_by"), f"{where}.set_by"),
        )

    def _rubber(self, data: Any, where: str) -> None:
        try:
            read = engine.read_rubber(data)
            sheet = read.sheet()
        except engine.RubberError as error:
            raise ImportRefused(f"{where}: {error}") from None
        seats = self._get(data, "seats", list, f"{where}.seats")
        if len(seats) != 4 or len({repr(name) for name in seats}) != 4:
            raise ImportRefused(f"{where}.seats must name four different members")
        members = [self._seated(name, f"{where}.seats") for name in seats]
        first_dealer = self._get(data, "first_dealer", int, f"{where}.first_dealer")
        if not 0 <= first_dealer <= 3:
            raise ImportRefused(f"{where}.first_dealer must be a seat, 0 to 3")
        rubber = Rubber.objects.create(
            table=self._get(data, "table", str, f"{where}.table")[:40],
            started_at=self._when(data, "started_at", f"{where}.started_at"),
            started_by=self._user(data.get("started_by"), f"{where}.started_by"),
            doubling_limit=read.rules.doubling_limit,
            spade_convention=read.rules.spade_convention,
            abandoned_counts=self._get(data, "abandoned_counts", bool, f"{where}.abandoned_counts"),
            first_dealer=first_dealer,
            cut=self._get(data, "cut", dict, f"{where}.cut", optional=True),
        )
        Seat.objects.bulk_create(
            Seat(rubber=rubber, member=member, position=n) for n, member in enumerate(members)
        )
        self._deals(rubber, read, data, where)
        self._corrections(rubber, data, where)
        self._agreement(rubber, members, sheet, data, where)

    def _deals(self, rubber: Rubber, read: engine.Rubber, data: Any, where: str) -> None:
        records = self._get(data, "recorded", list, f"{where}.recorded")
        if len(records) != len(read.deals):
            raise ImportRefused(f"{where}.recorded must give one record for each deal")
        for number, (deal, record) in enumerate(zip(read.deals, records, strict=True), 1):
            place = f"{where}.recorded[{number - 1}]"
            seat = self._get(record, "dealer", int, f"{place}.dealer")
            if not 0 <= seat <= 3 or (seat % 2 == 0) != (deal.dealer is engine.Side.WE):
                raise ImportRefused(f"{place}.dealer must be a seat of the dealer's side")
            row = Deal(
                rubber=rubber,
                number=number,
                dealer=seat,
                maker=deal.maker.value,
                trump=deal.trump.value,
                doubles=deal.doubles,
                declared_at=self._when(record, "declared_at", f"{place}.declared_at"),
                declared_by=self._user(record.get("declared_by"), f"{place}.declared_by"),
                recorded_at=self._when(record, "recorded_at", f"{place}.recorded_at"),
                recorded_by=self._user(record.get("recorded_by"), f"{place}.recorded_by"),
                played=deal.play is not None,
            )
            if deal.play is not None:
                side, honours = call_of(deal.trump, deal.play.honours)
                row.tricks = deal.play.tricks[deal.dealer]
                row.honours_side = side.value if side else ""
                row.honours = honours.name if honours else ""
                row.chicane_we, row.chicane_they = deal.play.chicane
                row.revokes_we, row.revokes_they = deal.play.revokes
            row.save()
        progress = self._get(data, "in_progress", dict, f"{where}.in_progress", optional=True)
        if progress is not None:
            self._in_progress(rubber, len(read.deals) + 1, progress, f"{where}.in_progress")

    def _in_progress(self, rubber: Rubber, number: int, data: dict[str, Any], where: str) -> None:
        seat = self._get(data, "dealer_seat", int, f"{where}.dealer_seat")
        declared = {k: v for k, v in data.items() if k in ("dealer", "maker", "trump", "doubles")}
        try:
            deal = read_deal({**declared, "played": False})
            engine.check_declaration(deal, rubber.rules)
        except engine.RubberError as error:
            raise ImportRefused(f"{where}: {error.problem}") from None
        Deal.objects.create(
            rubber=rubber,
            number=number,
            dealer=seat,
            maker=deal.maker.value,
            trump=deal.trump.value,
            doubles=deal.doubles,
            declared_at=self._when(data, "declared_at", f"{where}.declared_at"),
            declared_by=self._user(data.get("declared_by"), f"{where}.declared_by"),
        )

    def _corrections(self, rubber: Rubber, data: Any, where: str) -> None:
        for n, item in enumerate(self._get(data, "corrections", list, f"{where}.corrections")):
            place = f"{where}.corrections[{n}]"
            kind = self._get(item, "kind", str, f"{place}.kind")
            law = self._get(item, "law", str, f"{place}.law")
            if (kind, law) not in (("tricks", "Law 12"), ("honours", "Law 13")):
                raise ImportRefused(
                    f"{place}: a correction is of tricks (Law 12) or honours (Law 13)"
                )
            before = self._get(item, "before", dict, f"{place}.before")
            after = self._get(item, "after", dict, f"{place}.after", optional=True)
            for snapshot in (before, after or {}):
                missing = set(Deal.CALLED_FIELDS) - set(snapshot) if snapshot else set()
                if missing:
                    raise ImportRefused(f"{place}: the deal's {sorted(missing)[0]} is missing")
            Correction.objects.create(
                rubber=rubber,
                number=self._get(item, "number", int, f"{place}.number"),
                kind=kind,
                law=law,
                reason=self._get(item, "reason", str, f"{place}.reason")[:200],
                before=before,
                after=after,
                made_by=self._user(item.get("made_by"), f"{place}.made_by"),
                made_at=self._when(item, "made_at", f"{place}.made_at"),
            )

    def _agreement(
        self, rubber: Rubber, members: list[Member], sheet: engine.Sheet, data: Any, where: str
    ) -> None:
        agreement = self._get(data, "agreement", dict, f"{where}.agreement")
        place = f"{where}.agreement"
        for side in ("we", "they"):
            setattr(
                rubber,
                f"{side}_agreed_by",
                self._user(agreement.get(f"{side}_by"), f"{place}.{side}_by", optional=True),
            )
            setattr(
                rubber,
                f"{side}_agreed_at",
                self._when(agreement, f"{side}_at", f"{place}.{side}_at", optional=True),
            )
        rubber.agreed_at = self._when(agreement, "agreed_at", f"{place}.agreed_at", optional=True)
        rubber.agreed_value = self._get(agreement, "value", int, f"{place}.value", optional=True)
        rubber.abandoned = self._get(agreement, "abandoned", bool, f"{place}.abandoned")
        if rubber.agreed_at is not None:
            expected = sheet.net.we if (sheet.finished or rubber.abandoned_counts) else 0
            if rubber.agreed_value != expected or rubber.abandoned == sheet.finished:
                raise ImportRefused(
                    f"{place}: agreed at {rubber.agreed_value}, but its sheet is worth "
                    f"{expected} to We"
                )
        rubber.save()
        if rubber.agreed_at is not None:
            ledger.post_rubber(rubber, members, at=rubber.agreed_at)

    def _ledger(self) -> None:
        """Payments and closings, in the order they happened: a payment before a closing
        counts in it."""
        events: list[tuple[datetime, int, Any]] = []
        payments = self._get(self.data, "payments", list, "payments")
        for n, item in enumerate(payments):
            events.append((self._when(item, "recorded_at", f"payments[{n}].recorded_at"), 0, n))
        sittings = self._get(self.data, "sittings", list, "sittings")
        made: dict[int, Sitting] = {}
        for n, item in enumerate(sittings):
            place = f"sittings[{n}]"
            try:
                made[n] = ledger.open_sitting(
                    name=self._get(item, "name", str, f"{place}.name")[:60],
                    start=self._when(item, "start", f"{place}.start"),
                    end=self._when(item, "end", f"{place}.end"),
                    user=self._user(item.get("created_by"), f"{place}.created_by"),
                )
            except ledger.LedgerError as error:
                raise ImportRefused(f"{place}: {error}") from None
            closed = self._when(item, "closed_at", f"{place}.closed_at", optional=True)
            if closed is not None:
                events.append((closed, 1, n))
        recorded: list[Payment] = []
        for _, what, n in sorted(events, key=lambda event: (event[0], event[1])):
            if what == 0:
                recorded.append(self._payment(payments[n], f"payments[{n}]", recorded))
            else:
                self._close(made[n], sittings[n], f"sittings[{n}]")

    def _payment(self, item: Any, where: str, recorded: list[Payment]) -> Payment:
        reverses = self._get(item, "reverses", int, f"{where}.reverses", optional=True)
        if reverses is not None and not 0 <= reverses < len(recorded):
            raise ImportRefused(f"{where}.reverses must name an earlier payment")
        method = self._get(item, "method", str, f"{where}.method")
        if method not in dict(Payment.METHODS):
            raise ImportRefused(f"{where}.method must be 'cash' or 'transfer'")
        try:
            return ledger.record_payment(
                payer=self._seated(item.get("payer"), f"{where}.payer"),
                payee=self._seated(item.get("payee"), f"{where}.payee"),
                amount=self._money(item, "amount", f"{where}.amount"),
                method=method,
                note=self._get(item, "note", str, f"{where}.note")[:200],
                user=self._user(item.get("recorded_by"), f"{where}.recorded_by"),
                reverses=recorded[reverses] if reverses is not None else None,
                at=self._when(item, "recorded_at", f"{where}.recorded_at"),
            )
        except ledger.LedgerError as error:
            raise ImportRefused(f"{where}: {error}") from None

    def _close(self, sitting: Sitting, item: Any, where: str) -> None:
        try:
            closed = ledger.close(
                sitting,
                self._user(item.get("closed_by"), f"{where}.closed_by"),
                at=self._when(item, "closed_at", f"{where}.closed_at"),
            )
        except ledger.LedgerError as error:
            raise ImportRefused(f"{where}: {error}") from None
        due = self._get(item, "due", dict, f"{where}.due")
        exported = {name: self._money(due, name, f"{where}.due.{name}") for name in due}
        found = {line.member.user.get_username(): line.due for line in closed.lines}
        if found != exported:
            raise ImportRefused(f"{where}: its settlement does not come out as exported")


_kinds = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
}
