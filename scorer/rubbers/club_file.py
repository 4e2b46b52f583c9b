"""The rubbers' part of the club's file, elwell-club/1: each rubber an `elwell-rubber/1`
or `whist-rubber/1` object (so that the rules engine checks every deal as it comes in),
with what that format does not carry: its table, its seats and substitutes, who recorded
what and when, its cut, each deal's acceptance by the other side, its corrections and its
agreement. People are named by username, the cut's draws included.

Its import is club_load.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Annotated, Any, Literal, cast

from pydantic import AfterValidator, ConfigDict, Field

from scorer import engine
from scorer.engine import deal_json
from scorer.engine.cards import dealt
from scorer.engine.cutting import RANKS, SUITS
from scorer.plumbing.club_format import (
    Count,
    Moment,
    Name,
    SeatNumber,
    Shape,
    username,
    username_or_none,
)
from scorer.rubbers import reads
from scorer.rubbers.models import Deal, Rubber


def a_card(text: str) -> str:
    rank, suit = text[:-1], text[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"is not a card: {text!r}")
    return text


def an_honours_call(name: str) -> str:
    if name and name not in engine.Honours.__members__:
        raise ValueError(f"is not a holding of honours: {name!r}")
    return name


class Draw(Shape):
    member: Name
    card: Annotated[str, AfterValidator(a_card)]


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
    # §9: its four hands as elwell-rubber/1 gives them, if a player entered them (the
    # engine reads them on import); absent if not.
    hands: dict[str, str] | None = None


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
    honours: Annotated[str, AfterValidator(an_honours_call)]
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


# engine.Kind, as the file names it.
CorrectionKind = Literal["tricks", "honours"]


class CorrectionDoc(Shape):
    number: Annotated[int, Field(ge=1, le=1000)]
    kind: CorrectionKind
    law: Annotated[str, Field(max_length=20)]  # the rubber's game's law for the kind
    reason: Annotated[str, Field(min_length=1, max_length=200)]
    before: Snapshot
    after: Snapshot | None
    made_by: Name
    made_at: Moment


class AcceptanceDoc(Shape):
    """A recorded deal accepted by a player of the other side (Club.deals_accepted)."""

    number: Annotated[int, Field(ge=1, le=1000)]
    by: Name
    at: Moment


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
    # Absent in files written before deals were accepted: none.
    accepted: list[AcceptanceDoc] = Field(default_factory=list, max_length=1000)

    def engine_part(self) -> dict[str, Any]:
        data = {"format": self.format, "deals": self.deals}
        for key in ("rules", "players"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data


# -- Export -----------------------------------------------------------------------------------


def rubbers(usernames: dict[int, str], tables: Sequence[int]) -> list[RubberDoc]:
    """Every rubber, in the order they started; `tables`: the ids of the evening's tables
    in the order the file lists them (a rubber begun at one names it by its place)."""
    return [
        _rubber(rubber, usernames, tables) for rubber in Rubber.objects.order_by("started_at", "id")
    ]


def _rubber(rubber: Rubber, usernames: dict[int, str], tables: Sequence[int]) -> RubberDoc:
    seats = list(rubber.seats.select_related("substitute_confirmed_by"))
    at_table = reads.seated(rubber, rubber.seats.all())  # round the table, the dummy's too
    deals = list(rubber.deals.select_related("declared_by", "recorded_by"))
    recorded = [deal for deal in deals if not deal.in_progress]
    in_progress = next((deal for deal in deals if deal.in_progress), None)
    game = rubber.game_rules
    rules = replace(rubber.rules, most_points=None)  # the record's bound is the site's own
    engine_part = game.format.rubber_json(
        engine.Rubber(
            rules,
            tuple(deal.as_cards() for deal in recorded),  # a deal with its cards, as them
            engine.Pair((at_table[0].name, at_table[2].name), (at_table[1].name, at_table[3].name)),
        )
    )
    cut = rubber.cut
    return RubberDoc(
        **engine_part,
        table=rubber.table,
        started_at=rubber.started_at,
        started_by=username(rubber.started_by),
        seats=[usernames[seat.member_id] for seat in seats],
        substitutes=[
            SubstituteDoc.model_validate(
                {
                    "for": usernames[seat.member_id],
                    "substitute": usernames[seat.substitute_id],
                    "confirmed_by": username_or_none(seat.substitute_confirmed_by),
                }
            )
            for seat in seats
            if seat.substitute_id is not None
        ],
        at_table=None if rubber.at_table_id is None else tables.index(rubber.at_table_id),
        first_dealer=rubber.first_dealer,
        cut=None
        if not cut
        else CutDoc.model_validate(
            {
                "for": cut["for"],
                "rounds": [
                    [{"member": usernames[draw["member"]], "card": draw["card"]} for draw in drawn]
                    for drawn in cut["rounds"]
                ],
            }
        ),
        abandoned_counts=rubber.abandoned_counts,
        recorded=[_record(deal) for deal in recorded],
        in_progress=None if in_progress is None else _in_progress(in_progress),
        agreement=Agreement(
            we_by=username_or_none(rubber.we_agreed_by),
            we_at=rubber.we_agreed_at,
            they_by=username_or_none(rubber.they_agreed_by),
            they_at=rubber.they_agreed_at,
            agreed_at=rubber.agreed_at,
            value=rubber.agreed_value,
            abandoned=rubber.abandoned,
        ),
        corrections=[
            CorrectionDoc(
                number=c.number,
                kind=cast(CorrectionKind, c.kind),
                law=c.law,
                reason=c.reason,
                before=_snapshot(c.before),
                after=None if c.after is None else _snapshot(c.after),
                made_by=username(c.made_by),
                made_at=c.made_at,
            )
            for c in rubber.corrections.select_related("made_by")
        ],
        accepted=[
            AcceptanceDoc(
                number=accepted.deal.number,
                by=username(accepted.accepted_by),
                at=accepted.accepted_at,
            )
            for accepted in reads.acceptances(rubber).values()
        ],
    )


def _record(deal: Deal) -> Record:
    """Who declared a recorded deal and when, and who recorded its result and when."""
    assert deal.recorded_at is not None  # recorded, with who recorded it
    assert deal.recorded_by is not None
    return Record(
        dealer=deal.dealer,
        declared_at=deal.declared_at,
        declared_by=username(deal.declared_by),
        recorded_at=deal.recorded_at,
        recorded_by=username(deal.recorded_by),
    )


def _in_progress(deal: Deal) -> InProgress:
    """A deal in progress: its dealer's side, its make (or trump turned up) and doubles,
    its dealer's seat, and its hands if they were entered."""
    called = deal.called()
    declared = engine.Deal(called.dealer, called.trump, called.maker, called.doubles)
    # Left out, not null, when none were entered: as files written before hands were kept.
    hands: dict[str, Any] = {"hands": dealt.hands_json(deal.hands)} if deal.hands else {}
    return InProgress(
        **deal_json(declared),
        dealer_seat=deal.dealer,
        declared_at=deal.declared_at,
        declared_by=username(deal.declared_by),
        **hands,
    )


def _snapshot(kept: dict[str, Any]) -> Snapshot:
    """A deal's snapshot as the database keeps it (`Deal.snapshot`: its time as text)."""
    moment = kept.get("recorded_at")
    return Snapshot.model_validate(
        {**kept, "recorded_at": None if moment is None else datetime.fromisoformat(moment)}
    )
