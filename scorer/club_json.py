"""The scorer's part of the club's file, elwell-club/1: the club's settings, its accounts
and members, and every rubber, out and back in (the whole file: ledger/club_json.py).

Each rubber is an `elwell-rubber/1` object (so the rules engine checks every deal as it
comes in), with what that format does not carry: the table, its seats, who recorded
what and when, its cut, its corrections and its agreement. People are named by username
everywhere, the cut included.

On import, the shape of each part is checked by its schema (pydantic, below), every place
named in a refusal; what it says is then checked by the rules engine and written as the
site would write it; and anything the pages could not show is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Annotated, Any, Literal, overload

from django.conf import global_settings, settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import BasePasswordHasher
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.module_loading import import_string
from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
)

from scorer import engine
from scorer.club.models import Club, Member
from scorer.engine import deal_json
from scorer.engine.cutting import RANKS, SUITS
from scorer.models import Candidacy, Membership, Table, TableCut
from scorer.plumbing.keys import Refused
from scorer.rubbers import reads, signals
from scorer.rubbers.models import MOST_POINTS, Correction, Deal, Rubber, Seat


class ImportRefused(ValueError):
    """Why a file cannot be imported, naming the place in it."""


# -- Export -----------------------------------------------------------------------------------


def export_scorer() -> dict[str, Any]:
    """The club, its accounts, members and rubbers: the scorer's part of elwell-club/1."""
    users = get_user_model()
    club = Club.get()
    members = list(Member.objects.select_related("user"))
    usernames = {member.pk: member.user.get_username() for member in members}
    rubbers = list(Rubber.objects.order_by("started_at", "id"))
    tables = list(Table.objects.order_by("formed_at", "id"))
    return {
        "club": {
            "name": club.name,
            "doubling_limit": club.doubling_limit,
            "spade_convention": club.spade_convention,
            "abandoned_rubbers_count": club.abandoned_rubbers_count,
            "paper": club.paper,
            "game": club.game,
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
            {"username": usernames[m.pk], "name": m.name, "short_name": m.short_name}
            for m in members
        ],
        "rubbers": [_rubber(rubber, usernames, tables) for rubber in rubbers],
        "tables": [_table(table, usernames, rubbers) for table in tables],
    }


def _name(user: User | None) -> str | None:
    return user.get_username() if user is not None else None


def _time(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _declaration_json(called: engine.Called) -> dict[str, Any]:
    """A deal in progress: its dealer's side, its make (or trump turned up) and doubles."""
    return deal_json(engine.Deal(called.dealer, called.trump, called.maker, called.doubles))


def _rubber(rubber: Rubber, usernames: dict[int, str], tables: list[Table]) -> dict[str, Any]:
    seats = list(rubber.seats.select_related("substitute_confirmed_by"))
    at_table = reads.seated(rubber, rubber.seats.all())  # round the table, the dummy's too
    deals = list(rubber.deals.select_related("declared_by", "recorded_by"))
    recorded = [deal for deal in deals if not deal.in_progress]
    in_progress = next((deal for deal in deals if deal.in_progress), None)
    game = rubber.game_rules
    rules = replace(rubber.rules, most_points=None)  # the record's bound is the site's own
    data = game.format.rubber_json(
        engine.Rubber(
            rules,
            tuple(game.laws.deal_of(deal.called()) for deal in recorded),
            engine.Pair((at_table[0].name, at_table[2].name), (at_table[1].name, at_table[3].name)),
        )
    )
    cut = rubber.cut
    data.update(
        {
            "table": rubber.table,
            "started_at": rubber.started_at.isoformat(),
            "started_by": _name(rubber.started_by),
            "seats": [usernames[seat.member_id] for seat in seats],
            "substitutes": [
                {
                    "for": usernames[seat.member_id],
                    "substitute": usernames[seat.substitute_id],
                    "confirmed_by": _name(seat.substitute_confirmed_by),
                }
                for seat in seats
                if seat.substitute_id is not None
            ],
            "at_table": None
            if rubber.at_table_id is None
            else next(n for n, table in enumerate(tables) if table.pk == rubber.at_table_id),
            "first_dealer": rubber.first_dealer,
            "cut": None
            if not cut
            else {
                "for": cut["for"],
                "rounds": [
                    [{"member": usernames[draw["member"]], "card": draw["card"]} for draw in drawn]
                    for drawn in cut["rounds"]
                ],
            },
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
                **_declaration_json(in_progress.called()),
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


def _table(table: Table, usernames: dict[int, str], rubbers: list[Rubber]) -> dict[str, Any]:
    """A table of an evening: who belonged to it and when, the claims to enter it, and
    each cut that began one of its rubbers (a rubber named by its place in `rubbers`)."""
    index = {rubber.pk: n for n, rubber in enumerate(rubbers)}
    return {
        "name": table.name,
        "day": table.day.isoformat(),
        "formed_at": table.formed_at.isoformat(),
        "formed_by": _name(table.formed_by),
        "broken_up_at": _time(table.broken_up_at),
        "follow": table.follow,
        "members": [
            {
                "member": usernames[m.member_id],
                "joined_at": m.joined_at.isoformat(),
                "left_at": _time(m.left_at),
                "why_left": m.why_left,
            }
            for m in table.memberships.order_by("joined_at", "id")
        ],
        "claims": [
            {
                "member": usernames[c.member_id],
                "claimed_at": c.claimed_at.isoformat(),
                "prior": c.prior,
                "settled_at": _time(c.settled_at),
                "settled": c.settled,
            }
            for c in table.claims.order_by("claimed_at", "id")
        ],
        "cuts": [
            {
                "rubber": index[cut.rubber_id],
                "kind": cut.kind,
                "cards": [
                    [{"member": usernames[who], "card": card} for who, card in drawn]
                    for drawn in cut.cards
                ],
                "reasons": [
                    {"member": usernames[who] if who else None, "said": said}
                    for who, said in cut.reasons
                ],
                "departed_by": _name(cut.departed_by),
                "made_at": cut.made_at.isoformat(),
            }
            for cut in table.cuts.select_related("departed_by").order_by("made_at", "id")
        ],
    }


# -- The shape of the scorer's part ----------------------------------------------------------


def _in_the_calendar(moment: datetime) -> datetime:
    """The database keeps moments in UTC, and pages show them by the club's clock: the
    first and last years of the calendar would fall off its ends."""
    try:
        in_utc = moment.astimezone(UTC)
    except OverflowError:
        in_utc = None
    if in_utc is None or not 2 <= in_utc.year <= 9998:
        raise ValueError("must be a time between the years 2 and 9998")
    return moment


def _an_amount(value: Any) -> Decimal:
    """Money is a decimal string, never a JSON number (which passes through a float)."""
    if not isinstance(value, str):
        raise ValueError('must be an amount written as a string, as "0.25"')
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise ValueError(f"is not an amount: {value!r}") from None
    if not amount.is_finite():
        raise ValueError(f"is not an amount: {value!r}")
    return amount


def _a_card(text: str) -> str:
    rank, suit = text[:-1], text[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"is not a card: {text!r}")
    return text


def _a_game(code: str) -> str:
    try:
        return engine.find_game(code).code
    except engine.RubberError as error:
        raise ValueError(str(error).removeprefix("game ")) from None


def _an_honours_call(name: str) -> str:
    if name and name not in engine.Honours.__members__:
        raise ValueError(f"is not a holding of honours: {name!r}")
    return name


Moment = Annotated[AwareDatetime, AfterValidator(_in_the_calendar)]
Money = Annotated[Decimal, BeforeValidator(_an_amount)]
Name = Annotated[str, Field(min_length=1, max_length=150)]
SeatNumber = Annotated[int, Field(ge=0, le=3)]
Count = Annotated[int, Field(ge=0, le=1000)]


class Shape(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class ClubSettings(Shape):
    name: Annotated[str, Field(min_length=1, max_length=80)]
    doubling_limit: Annotated[int, Field(ge=1, le=2**31 - 1)] | None
    spade_convention: bool
    abandoned_rubbers_count: bool
    paper: Literal["A4", "letter"]
    game: Annotated[str, AfterValidator(_a_game)] = engine.BRIDGE.code  # absent before games


class Account(Shape):
    username: Name
    password: Annotated[str, Field(max_length=128)]
    staff: bool
    superuser: bool
    active: bool


class MemberDoc(Shape):
    username: Name
    name: Annotated[str, Field(min_length=1, max_length=60)]
    short_name: Annotated[str, Field(min_length=1, max_length=16)]


class Draw(Shape):
    member: Name
    card: Annotated[str, AfterValidator(_a_card)]


class CutDoc(Shape):
    for_: Literal["deal", "partners", "dummy"] = Field(alias="for")
    rounds: Annotated[
        list[Annotated[list[Draw], Field(min_length=1, max_length=4)]],
        Field(min_length=1, max_length=60),
    ]


class Record(Shape):
    dealer: SeatNumber
    declared_at: Moment
    declared_by: Name
    recorded_at: Moment
    recorded_by: Name


class InProgress(Shape):
    dealer: Literal["we", "they"]
    maker: Literal["dealer", "partner"]
    trump: Literal["S", "C", "D", "H", "NT"]
    doubles: Count
    played: Literal[False]  # declared, not yet played
    dealer_seat: SeatNumber
    declared_at: Moment
    declared_by: Name


class PenaltyDoc(Shape):
    by: Literal["we", "they"]
    penalty: Literal["tricks", "deduct", "add"]


class Snapshot(Shape):
    """A deal as the database keeps it, before or after a correction."""

    dealer: SeatNumber
    maker: Literal["dealer", "partner"]
    trump: Literal["S", "C", "D", "H", "NT"]
    doubles: Count
    played: bool | None
    tricks: Annotated[int, Field(ge=0, le=13)] | None
    honours_side: Literal["", "we", "they"]
    honours: Annotated[str, AfterValidator(_an_honours_call)]
    chicane_we: Annotated[int, Field(ge=0, le=2)]
    chicane_they: Annotated[int, Field(ge=0, le=2)]
    revokes_we: Annotated[int, Field(ge=0, le=13)]
    revokes_they: Annotated[int, Field(ge=0, le=13)]
    # Whist: each revoke and the penalty chosen, in the order claimed.
    penalties: list[PenaltyDoc] = Field(default_factory=list, max_length=13)
    recorded_at: Moment | None

    def kept(self) -> dict[str, Any]:
        """As the site keeps a deal's snapshot (`Deal.snapshot`): its time in UTC."""
        values = self.model_dump(mode="python")
        moment = values["recorded_at"]
        values["recorded_at"] = None if moment is None else moment.astimezone(UTC).isoformat()
        return values


class CorrectionDoc(Shape):
    number: Annotated[int, Field(ge=1, le=1000)]
    kind: Literal["tricks", "honours"]
    law: Annotated[str, Field(max_length=20)]  # the rubber's game's law for the kind
    reason: Annotated[str, Field(min_length=1, max_length=200)]
    before: Snapshot
    after: Snapshot | None
    made_by: Name
    made_at: Moment


class Agreement(Shape):
    we_by: Name | None
    we_at: Moment | None
    they_by: Name | None
    they_at: Moment | None
    agreed_at: Moment | None
    value: Annotated[int, Field(ge=-(2**31), le=2**31 - 1)] | None
    abandoned: bool


class SubstituteDoc(Shape):
    """Law 27: the member of a seat, and who plays it for him until the rubber ends."""

    for_: Name = Field(alias="for")
    substitute: Name
    confirmed_by: Name | None


class RubberDoc(Shape):
    """A rubber in its game's format, elwell-rubber/1 or whist-rubber/1 (read by the rules
    engine), and the club's record of it."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, populate_by_name=True)

    format: Any
    rules: Any = None  # whist-rubber/1 has none
    players: Any = None
    deals: Any
    table: Annotated[str, Field(min_length=1, max_length=40)]
    started_at: Moment
    started_by: Name
    seats: Annotated[list[Name], Field(min_length=3, max_length=4)]
    # Absent in files written before substitutes and tables: none, and no table.
    substitutes: list[SubstituteDoc] = Field(default_factory=list, max_length=4)
    at_table: Annotated[int, Field(ge=0)] | None = None
    first_dealer: SeatNumber
    cut: CutDoc | None
    abandoned_counts: bool
    recorded: list[Record]
    in_progress: InProgress | None
    agreement: Agreement
    corrections: list[CorrectionDoc]

    def engine_part(self) -> dict[str, Any]:
        data = {"format": self.format, "deals": self.deals}
        for key in ("rules", "players"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data


class MembershipDoc(Shape):
    member: Name
    joined_at: Moment
    left_at: Moment | None
    why_left: Annotated[str, Field(max_length=200)]


class ClaimDoc(Shape):
    member: Name
    claimed_at: Moment
    prior: Annotated[str, Field(max_length=200)]
    settled_at: Moment | None
    settled: Annotated[str, Field(max_length=200)]


class ReasonDoc(Shape):
    member: Name | None  # null: said of the table, not of one member
    said: Annotated[str, Field(min_length=1, max_length=1000)]


class TableCutDoc(Shape):
    rubber: Annotated[int, Field(ge=0)]  # its place in `rubbers`
    kind: Literal["formed", "cut out"]
    cards: Annotated[
        list[Annotated[list[Draw], Field(min_length=1, max_length=6)]],
        Field(max_length=60),
    ]
    reasons: Annotated[list[ReasonDoc], Field(max_length=60)]
    departed_by: Name | None
    made_at: Moment


class TableDoc(Shape):
    """A table of an evening (scorer/tables/): its members, claims and cuts."""

    name: Annotated[str, Field(min_length=1, max_length=40)]
    day: date
    formed_at: Moment
    formed_by: Name
    broken_up_at: Moment | None
    follow: Annotated[int, Field(ge=1, le=2**31 - 1)]
    members: list[MembershipDoc]
    claims: list[ClaimDoc]
    cuts: list[TableCutDoc]


def place(location: tuple[int | str, ...]) -> str:
    """("rubbers", 3, "recorded", 2, "dealer") → "rubbers[3].recorded[2].dealer"."""
    place = ""
    for step in location:
        if isinstance(step, int):
            place += f"[{step}]"
        elif step not in _PYDANTIC_BRANCHES and not step.startswith("function-"):
            place += f".{step}" if place else str(step)
    return place or "the document"


# Where pydantic names the branch of a union it tried, or a wrapping validator: not a
# place in the file.
_PYDANTIC_BRANCHES = {
    "nullable",
    "none",
    "list",
    "dict",
    "str",
    "int",
    "bool",
    "literal",
    "decimal",
}

_SAID = {
    "missing": "is missing",
    "extra_forbidden": "is not a field of this format",
    "literal_error": "must be {expected}",
    "int_type": "must be a whole number",
    "bool_type": "must be true or false",
    "string_type": "must be text",
    "list_type": "must be a list",
    "dict_type": "must be an object",
    "model_type": "must be an object",
    "timezone_aware": "needs its time zone, as 2026-11-20T19:30:00+00:00",
    "datetime_parsing": "is not a date and time",
    "datetime_type": "is not a date and time",
}


def refusal(error: ValidationError) -> ImportRefused:
    first = error.errors(include_url=False)[0]
    kind = first["type"]
    if kind == "json_invalid":
        return ImportRefused(f"the file is not JSON: {first['msg']}")
    said = _SAID.get(kind, "").format(**first.get("ctx", {}))
    if not said:
        said = str(first["msg"]).removeprefix("Value error, ")
        said = said[0].lower() + said[1:]
    return ImportRefused(f"{place(tuple(first['loc']))} {said}")


# -- Import -----------------------------------------------------------------------------------


class Loader:
    """Writes a checked document's club, accounts, members and rubbers as the site would,
    refusing what it refuses. The ledger's part of the file is written by the ledger
    (ledger/club_json.py), with the people this one made (`user`, `member`)."""

    def __init__(self) -> None:
        self.users: dict[str, User] = {}
        self.members: dict[str, Member] = {}
        self.tables: list[Table] = []

    def people(self, club: ClubSettings, accounts: list[Account], members: list[MemberDoc]) -> None:
        self._club(club)
        for n, account in enumerate(accounts):
            self._account(account, f"accounts[{n}]")
        for n, member in enumerate(members):
            self._member(member, f"members[{n}]")

    def rubbers(self, rubbers: list[RubberDoc], tables: list[TableDoc]) -> None:
        """The tables of the evenings, then the rubbers (some begun at a table), then who
        belonged to each table, its claims and its cuts."""
        for n, table in enumerate(tables):
            self.tables.append(self._table(table, f"tables[{n}]"))
        made = [self._rubber(rubber, f"rubbers[{n}]") for n, rubber in enumerate(rubbers)]
        TablesLoader(self, made).load(tables, [rubber.at_table for rubber in rubbers])

    @overload
    def user(self, name: str, where: str) -> User: ...
    @overload
    def user(self, name: None, where: str) -> None: ...
    def user(self, name: str | None, where: str) -> User | None:
        if name is None:
            return None
        if name not in self.users:
            raise ImportRefused(f"{where}: no account {name!r} in the file")
        return self.users[name]

    def member(self, name: str, where: str) -> Member:
        if name not in self.members:
            raise ImportRefused(f"{where}: no member {name!r} in the file")
        return self.members[name]

    def _table(self, data: TableDoc, where: str) -> Table:
        if any(t.day == data.day and t.name == data.name for t in self.tables):
            raise ImportRefused(
                f"{where}.name: there is a {data.name} on {data.day.isoformat()} already; "
                "a table's name is its own for the evening"
            )
        if data.broken_up_at is not None and data.broken_up_at < data.formed_at:
            raise ImportRefused(f"{where}.broken_up_at: a table breaks up after it is formed")
        return self.refused_as(
            where,
            lambda: Table.objects.create(
                name=data.name,
                day=data.day,
                formed_at=data.formed_at,
                formed_by=self.user(data.formed_by, f"{where}.formed_by"),
                broken_up_at=data.broken_up_at,
                follow=data.follow,
            ),
        )

    def _club(self, data: ClubSettings) -> None:
        club = Club.get()
        club.name = data.name
        club.doubling_limit = data.doubling_limit
        club.spade_convention = data.spade_convention
        club.abandoned_rubbers_count = data.abandoned_rubbers_count
        club.paper = data.paper
        club.game = data.game
        club.save()

    def _account(self, data: Account, where: str) -> None:
        username = data.username.strip()
        if username != data.username or username in self.users:
            raise ImportRefused(f"{where}.username must be a new name, without spaces around it")
        _check_password_hash(data.password, f"{where}.password")
        user = get_user_model()(
            username=username,
            password=data.password,
            is_staff=data.staff,
            is_superuser=data.superuser,
            is_active=data.active,
        )
        user.save()
        self.users[username] = user

    def _member(self, data: MemberDoc, where: str) -> None:
        user = self.user(data.username, f"{where}.username")
        name, short = data.name.strip(), data.short_name.strip()
        if not name or not short:
            raise ImportRefused(f"{where}: a name and a short name, not only spaces")
        if data.username in self.members or any(m.name == name for m in self.members.values()):
            raise ImportRefused(f"{where}: {name!r} is in the file twice")
        self.members[data.username] = Member.objects.create(user=user, name=name, short_name=short)

    def _rubber(self, data: RubberDoc, where: str) -> Rubber:
        """A rubber of any game: the game its format names answers every question."""
        try:
            game, read = engine.read_any(data.engine_part())
            bounded = replace(read.rules, most_points=MOST_POINTS)  # as the site records it
            sheet = game.laws.work_out(read.deals, bounded)
        except engine.RubberError as error:
            raise ImportRefused(f"{where}: {error}") from None
        if len(data.seats) != len(game.seating.seats) or len(set(data.seats)) != len(data.seats):
            raise ImportRefused(
                f"{where}.seats must name {len(game.seating.seats)} different members: "
                f"{game.name} is played by {len(game.seating.seats)}"
            )
        members = [self.member(name, f"{where}.seats[{n}]") for n, name in enumerate(data.seats)]
        rubber = Rubber.objects.create(
            table=data.table,
            at_table=self._at_table(data.at_table, f"{where}.at_table"),
            game=game.code,
            unit=read.rules.unit.value,
            started_at=data.started_at,
            started_by=self.user(data.started_by, f"{where}.started_by"),
            doubling_limit=read.rules.doubling_limit,
            spade_convention=read.rules.spade_convention,
            abandoned_counts=data.abandoned_counts,
            first_dealer=data.first_dealer,
            cut=self._cut(data.cut, game, members, f"{where}.cut"),
        )
        Seat.objects.bulk_create(
            Seat(rubber=rubber, member=member, position=position)
            for position, member in zip(game.seating.seats, members, strict=True)
        )
        seated = reads.seated(rubber, rubber.seats.select_related("member"))
        self._players(read, seated, where)
        self._substitutes(rubber, data.substitutes, f"{where}.substitutes")
        self._deals(rubber, game, read, data, where)
        self._corrections(rubber, data, where)
        self._agreement(rubber, seated, sheet, data.agreement, f"{where}.agreement")
        return rubber

    @staticmethod
    def _players(
        read: engine.RubberRecord[Any, Any], seated: tuple[Member, ...], where: str
    ) -> None:
        """The players the rubber's format names are the members in its seats."""
        names = engine.Pair((seated[0].name, seated[2].name), (seated[1].name, seated[3].name))
        if read.players is not None and read.players != names:
            raise ImportRefused(f"{where}.players must be the members in its seats, by name")

    def _at_table(self, at: int | None, where: str) -> Table | None:
        if at is None:
            return None
        if at >= len(self.tables):
            raise ImportRefused(f"{where} must be the place of a table in `tables`")
        return self.tables[at]

    def _substitutes(self, rubber: Rubber, substitutes: list[SubstituteDoc], where: str) -> None:
        """Law 27: each substitute plays a seat for its member, and is not already playing."""
        seats = {seat.member.user.get_username(): seat for seat in rubber.seats.all()}
        for n, item in enumerate(substitutes):
            place = f"{where}[{n}]"
            seat = seats.get(item.for_)
            if seat is None:
                raise ImportRefused(f"{place}.for must be a player of the rubber")
            if seat.substitute_id is not None:
                raise ImportRefused(f"{place}.for: {seat.member.name} has a substitute already")
            if item.substitute == item.for_:
                raise ImportRefused(
                    f"{place}.substitute: {seat.member.name} cannot be his own substitute; "
                    "a substitute is another member (Law 27)"
                )
            if item.substitute in seats:
                raise ImportRefused(
                    f"{place}.substitute must be another member, not one playing in the rubber "
                    "(Law 27)"
                )
            seat.substitute = self.member(item.substitute, f"{place}.substitute")
            seat.substitute_confirmed_by = self.user(item.confirmed_by, f"{place}.confirmed_by")
            self.refused_as(place, partial(seat.save, update_fields=SUBSTITUTE_FIELDS))

    def _cut(
        self,
        cut: CutDoc | None,
        game: engine.CardGame[Any, Any],
        seated: list[Member],
        where: str,
    ) -> dict[str, Any] | None:
        """The cut as the site keeps it, by member: each draw by a player at the table."""
        if cut is None:
            return None
        if cut.for_ not in game.seating.cuts:
            allowed = " or ".join(f'"{c}"' for c in game.seating.cuts)
            raise ImportRefused(f"{where}.for: at {game.name} the table cuts for {allowed}")
        by_name = {member.user.get_username(): member for member in seated}
        rounds = []
        for r, drawn in enumerate(cut.rounds):
            names = [draw.member for draw in drawn]
            if len(set(names)) != len(names):
                raise ImportRefused(f"{where}.rounds[{r}]: a player draws once a round")
            for d, draw in enumerate(drawn):
                if draw.member not in by_name:
                    raise ImportRefused(f"{where}.rounds[{r}][{d}].member is not at the table")
            rounds.append([{"member": by_name[d.member].pk, "card": d.card} for d in drawn])
        if len(cut.rounds[0]) != len(seated):
            raise ImportRefused(
                f"{where}.rounds[0]: the first round is cut by all {len(seated)} at the table"
            )
        return {"for": cut.for_, "rounds": rounds}

    def _deals(
        self,
        rubber: Rubber,
        game: engine.CardGame[Any, Any],
        read: engine.RubberRecord[Any, Any],
        data: RubberDoc,
        where: str,
    ) -> None:
        if len(data.recorded) != len(read.deals):
            raise ImportRefused(f"{where}.recorded must give one record for each deal")
        last = data.started_at
        for number, (deal, record) in enumerate(zip(read.deals, data.recorded, strict=True), 1):
            place = f"{where}.recorded[{number - 1}]"
            called = game.laws.called_of(deal)
            row = self._deal_row(rubber, number, called, record.dealer, f"{place}.dealer")
            if not last <= record.declared_at <= record.recorded_at:
                raise ImportRefused(
                    f"{place}: a deal is declared after the one before it was recorded, "
                    "and recorded after it is declared"
                )
            last = record.recorded_at
            row.declared_at = record.declared_at
            row.declared_by = self.user(record.declared_by, f"{place}.declared_by")
            row.recorded_at = record.recorded_at
            row.recorded_by = self.user(record.recorded_by, f"{place}.recorded_by")
            row.save()
        if data.in_progress is not None:
            self._in_progress(rubber, game, len(read.deals) + 1, data.in_progress, last, where)

    def _in_progress(
        self,
        rubber: Rubber,
        game: engine.CardGame[Any, Any],
        number: int,
        data: InProgress,
        last: datetime,
        where: str,
    ) -> None:
        place = f"{where}.in_progress"
        if data.declared_at < last:
            raise ImportRefused(f"{place}.declared_at: after the last deal was recorded")
        called = engine.Called(
            engine.Side(data.dealer),
            engine.Trump(data.trump),  # type: ignore[call-arg]  # by value: mypy#10573
            engine.Maker(data.maker),
            data.doubles,
        )
        try:
            game.laws.check_declaration(called, rubber.rules)
        except engine.RubberError as error:
            raise ImportRefused(f"{place}: {error.problem}") from None
        row = self._deal_row(rubber, number, called, data.dealer_seat, f"{place}.dealer_seat")
        row.declared_at = data.declared_at
        row.declared_by = self.user(data.declared_by, f"{place}.declared_by")
        row.save()

    @staticmethod
    def _deal_row(
        rubber: Rubber, number: int, called: engine.Called, seat: int, where: str
    ) -> Deal:
        """A deal as the site keeps it, dealt from `seat` (not yet saved)."""
        if engine.side_of_seat(seat) is not called.dealer:
            raise ImportRefused(f"{where} must be a seat of the dealer's side")
        row = Deal(rubber=rubber, number=number)
        row.record(called, dealer=seat)
        return row

    def _corrections(self, rubber: Rubber, data: RubberDoc, where: str) -> None:
        """Each correction as made, checked as the rubber's page would show it: undone one
        by one from the deals as they stand, each must give back the deal as it was before,
        and the sheet as it stood then must work out."""
        state = reads.rubber_state(rubber)
        deals = {deal.number: deal.snapshot() for deal in state.recorded}
        made = sorted(enumerate(data.corrections), key=lambda item: item[1].made_at)
        if [n for n, _ in made] != list(range(len(made))):
            raise ImportRefused(f"{where}.corrections must come in the order they were made")
        game = rubber.game_rules
        for n, item in reversed(made):
            place = f"{where}.corrections[{n}]"
            if item.law != game.corrections.law(engine.Kind(item.kind)):
                raise ImportRefused(
                    f"{place}.law: at {game.name} a correction of the {item.kind} is made "
                    f"under {game.corrections.law(engine.Kind(item.kind))}"
                )
            before = item.before.kept()
            after = None if item.after is None else item.after.kept()
            if deals.get(item.number) != after:
                raise ImportRefused(
                    f"{place}: its 'after' is not deal {item.number} as it stands after it"
                )
            deals[item.number] = before
        for n, item in enumerate(data.corrections):
            Correction.objects.create(
                rubber=rubber,
                number=item.number,
                kind=item.kind,
                law=item.law,
                reason=item.reason,
                before=item.before.kept(),
                after=None if item.after is None else item.after.kept(),
                made_by=self.user(item.made_by, f"{where}.corrections[{n}].made_by"),
                made_at=item.made_at,
            )
        moments = [(f"{where}.corrections[{n}]", c.made_at) for n, c in enumerate(data.corrections)]
        moments += [(f"{where}.recorded[{n}]", r.recorded_at) for n, r in enumerate(data.recorded)]
        for place, moment in moments:
            try:
                reads.as_it_stood(state, moment)
            except (engine.RubberError, KeyError, ValueError) as error:
                raise ImportRefused(
                    f"{place}: the sheet as it stood then does not work out: {error}"
                ) from None

    def _agreement(
        self,
        rubber: Rubber,
        members: tuple[Member, ...],
        sheet: engine.ScoreSheet,
        agreement: Agreement,
        place: str,
    ) -> None:
        for side in ("we", "they"):
            by, at = getattr(agreement, f"{side}_by"), getattr(agreement, f"{side}_at")
            if (by is None) != (at is None):
                raise ImportRefused(f"{place}: {side}_by and {side}_at go together")
            setattr(rubber, f"{side}_agreed_by", self.user(by, f"{place}.{side}_by"))
            setattr(rubber, f"{side}_agreed_at", at)
        rubber.agreed_at = agreement.agreed_at
        rubber.agreed_value = agreement.value
        rubber.abandoned = agreement.abandoned
        if rubber.agreed_at is None:
            if agreement.value is not None or agreement.abandoned:
                raise ImportRefused(f"{place}: a value and an abandonment come with agreed_at")
        else:
            if rubber.we_agreed_at is None or rubber.they_agreed_at is None:
                raise ImportRefused(f"{place}: an agreed rubber was agreed by both sides")
            expected = rubber.game_rules.money.value(
                sheet, abandoned_counts=rubber.abandoned_counts
            )
            if rubber.agreed_value != expected or rubber.abandoned == sheet.finished:
                raise ImportRefused(
                    f"{place}: agreed at {rubber.agreed_value}, but its sheet is worth "
                    f"{expected} to We"
                )
            if rubber.deals.filter(recorded_at__isnull=True).exists():
                raise ImportRefused(f"{place}: an agreed rubber has no deal in progress")
        rubber.save()
        if rubber.agreed_at is not None:  # announced as at the table, at its moment
            self.refused_as(
                place,
                lambda: signals.rubber_agreed.send(
                    Rubber, rubber=rubber, seats=members, at=rubber.agreed_at
                ),
            )

    @staticmethod
    def refused_as[T](where: str, write: Callable[[], T]) -> T:
        """A write by the site's own services; their refusal, named by its place."""
        try:
            with transaction.atomic():
                return write()
        except Refused as error:
            raise ImportRefused(f"{where}: {error}") from None
        except IntegrityError as error:  # the database's own rule, refused as such
            raise ImportRefused(f"{where}: {error}") from None


class TablesLoader:
    """Who belonged to each table and when, its claims to enter and its cuts, each said in
    words where the laws or the database would refuse it: a member belongs to one table at
    a time, has one claim open at a time, and a cut begins a rubber of its own table."""

    def __init__(self, loader: Loader, rubbers: list[Rubber]) -> None:
        self.loader = loader
        self.rubbers = rubbers
        self.belongs: dict[str, str] = {}  # username → the place of his open membership
        self.claims: dict[str, str] = {}  # username → the place of his open claim
        self.cut_of: dict[int, str] = {}  # a rubber's place → the place of its cut

    def load(self, tables: list[TableDoc], at_tables: list[int | None]) -> None:
        for n, (table, data) in enumerate(zip(self.loader.tables, tables, strict=True)):
            where = f"tables[{n}]"
            for m, membership in enumerate(data.members):
                self._membership(table, data, membership, f"{where}.members[{m}]")
            for c, claim in enumerate(data.claims):
                self._claim(table, data, claim, f"{where}.claims[{c}]")
            for c, cut in enumerate(data.cuts):
                self._cut(table, n, cut, at_tables, f"{where}.cuts[{c}]")

    def _membership(self, table: Table, data: TableDoc, item: MembershipDoc, place: str) -> None:
        member = self.loader.member(item.member, f"{place}.member")
        if item.left_at is None:
            if item.why_left:
                raise ImportRefused(f"{place}.why_left: said of a member who has left (left_at)")
            if data.broken_up_at is not None:
                raise ImportRefused(
                    f"{place}.left_at: {table.name} broke up, and every member left it then"
                )
            if item.member in self.belongs:
                raise ImportRefused(
                    f"{place}: {member.name} belongs to a table still "
                    f"({self.belongs[item.member]}); a member belongs to one table at a time"
                )
            self.belongs[item.member] = place
        elif item.left_at < item.joined_at:
            raise ImportRefused(f"{place}.left_at: a member leaves a table after joining it")
        self.loader.refused_as(
            place,
            lambda: Membership.objects.create(
                table=table,
                member=member,
                joined_at=item.joined_at,
                left_at=item.left_at,
                why_left=item.why_left,
            ),
        )

    def _claim(self, table: Table, data: TableDoc, item: ClaimDoc, place: str) -> None:
        member = self.loader.member(item.member, f"{place}.member")
        if (item.settled_at is None) != (not item.settled):
            raise ImportRefused(f"{place}: settled_at and settled (how) go together")
        if item.settled_at is None:
            if data.broken_up_at is not None:
                raise ImportRefused(
                    f"{place}.settled_at: {table.name} broke up, and every claim to enter it "
                    "was settled then"
                )
            if item.member in self.claims:
                raise ImportRefused(
                    f"{place}: {member.name} has a claim waiting already "
                    f"({self.claims[item.member]}); a member has one claim open at a time"
                )
            self.claims[item.member] = place
        elif item.settled_at < item.claimed_at:
            raise ImportRefused(f"{place}.settled_at: a claim is settled after it is made")
        self.loader.refused_as(
            place,
            lambda: Candidacy.objects.create(
                table=table,
                member=member,
                claimed_at=item.claimed_at,
                prior=item.prior,
                settled_at=item.settled_at,
                settled=item.settled,
            ),
        )

    def _cut(
        self, table: Table, n: int, item: TableCutDoc, at_tables: list[int | None], place: str
    ) -> None:
        if item.rubber >= len(self.rubbers) or at_tables[item.rubber] != n:
            raise ImportRefused(
                f"{place}.rubber must be the place in `rubbers` of a rubber played at "
                f"{table.name} (its at_table {n})"
            )
        if item.rubber in self.cut_of:
            raise ImportRefused(
                f"{place}.rubber: rubbers[{item.rubber}] was begun by {self.cut_of[item.rubber]}; "
                "a cut begins one rubber"
            )
        self.cut_of[item.rubber] = place
        member = self.loader.member
        cards = [
            [
                [member(d.member, f"{place}.cards[{r}][{k}].member").pk, d.card]
                for k, d in enumerate(drawn)
            ]
            for r, drawn in enumerate(item.cards)
        ]
        reasons = [
            [
                0 if why.member is None else member(why.member, f"{place}.reasons[{k}].member").pk,
                why.said,
            ]
            for k, why in enumerate(item.reasons)
        ]
        departed_by = self.loader.user(item.departed_by, f"{place}.departed_by")
        self.loader.refused_as(
            place,
            lambda: TableCut.objects.create(
                table=table,
                rubber=self.rubbers[item.rubber],
                kind=item.kind,
                cards=cards,
                reasons=reasons,
                departed_by=departed_by,
                made_at=item.made_at,
            ),
        )


SUBSTITUTE_FIELDS = ["substitute", "substitute_confirmed_by"]


# -- Password hashes --------------------------------------------------------------------------

# A hash that costs much more to check than the site's own would make every sign-in slow
# enough to stall a worker: refuse work factors beyond this many times the hasher's own.
MOST_WORK = 4


def _check_password_hash(encoded: str, where: str) -> None:
    if encoded.startswith("!"):
        return  # no usable password: the secretary sets one
    algorithm = encoded.split("$", 1)[0]
    hasher = _hashers().get(algorithm)
    if hasher is None:
        raise ImportRefused(f"{where} is not a password hash this site checks ({algorithm!r})")
    try:
        decoded = hasher.decode(encoded)
    except (ValueError, TypeError, IndexError, AttributeError):
        raise ImportRefused(f"{where} is not a well-formed {algorithm} hash") from None
    for setting in ("iterations", "work_factor", "time_cost", "memory_cost", "parallelism"):
        default = getattr(hasher, setting, None)
        used = decoded.get(setting)
        if isinstance(default, int) and isinstance(used, int) and used > MOST_WORK * default:
            raise ImportRefused(
                f"{where}: {used:,} {setting.replace('_', ' ')} is far beyond this site's "
                f"{default:,}; set that member's password afresh instead"
            )


def _hashers() -> dict[str, BasePasswordHasher]:
    found: dict[str, BasePasswordHasher] = {}
    for path in [*settings.PASSWORD_HASHERS, *global_settings.PASSWORD_HASHERS]:
        hasher = import_string(path)()
        found.setdefault(hasher.algorithm, hasher)
    return found
