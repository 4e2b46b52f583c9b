"""The Progressive evenings' part of the club's file, elwell-club/1: each evening an
`elwell-progressive/1` object (so that the rules engine reads its rounds and checks every
deal as it comes in), with what that format does not carry: its name and day, who opened
it and when, its players as members or guests and when each arrived, when the numbers
were drawn and when it ended, and at each table of each round the cut, the seats' deals
as recorded (who and when, the dealer's seat), the deal in progress, each pair's
agreement, the cut that decided a tie, and the corrections. People are named by username;
players, in the cuts, by their numbers.

Its import is club_load.py.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal, cast

from pydantic import AfterValidator, ConfigDict, Field

from scorer.engine.progressive import evening_json
from scorer.plumbing.club_format import (
    Count,
    Moment,
    Name,
    SeatNumber,
    Shape,
    username,
    username_or_none,
)
from scorer.progressive import reads
from scorer.progressive.models import (
    ProgressiveCorrection,
    ProgressiveDeal,
    ProgressiveEvening,
    ProgressiveTable,
)
from scorer.rubbers.club_file import InProgress, Record, a_card, an_honours_call


class PlayerDoc(Shape):
    """A name of the evening's `players`: a member (by username), or a guest (null)."""

    member: Name | None
    arrived_at: Moment


class ProgressiveDraw(Shape):
    player: Annotated[int, Field(ge=1, le=10_000)]  # his number
    card: Annotated[str, AfterValidator(a_card)]


Cut = Annotated[
    list[Annotated[list[ProgressiveDraw], Field(min_length=1, max_length=4)]],
    Field(min_length=1, max_length=60),
]


class TableAgreement(Shape):
    we_by: Name | None
    we_at: Moment | None
    they_by: Name | None
    they_at: Moment | None
    agreed_at: Moment | None


# The called fields as the file names them (ProgressiveDeal's choices).
Maker = Literal["dealer", "partner"]
Trump = Literal["S", "C", "D", "H", "NT"]
Kind = Literal["tricks", "honours"]


class DealSnapshot(Shape):
    """A deal at a table as the database keeps it, before or after a correction."""

    dealer: SeatNumber
    maker: Maker
    trump: Trump
    doubles: Count
    tricks: Annotated[int, Field(ge=0, le=13)]
    honours_side: Literal["", "we", "they"]
    honours: Annotated[str, AfterValidator(an_honours_call)]
    chicane_we: Annotated[int, Field(ge=0, le=2)]
    chicane_they: Annotated[int, Field(ge=0, le=2)]
    revokes_we: Annotated[int, Field(ge=0, le=13)]
    revokes_they: Annotated[int, Field(ge=0, le=13)]


class TableCorrectionDoc(Shape):
    number: Annotated[int, Field(ge=1, le=13)]
    kind: Kind
    law: Annotated[str, Field(max_length=6)]
    reason: Annotated[str, Field(min_length=1, max_length=200)]
    before: DealSnapshot
    after: DealSnapshot
    made_by: Name
    made_at: Moment


class RoundTableDoc(Shape):
    """A table of a round, as the club recorded it beyond elwell-progressive/1."""

    cut: Cut
    cut_by: Name
    cut_at: Moment
    recorded: list[Record]
    in_progress: InProgress | None
    agreement: TableAgreement
    tie_cut: Cut | None  # the cut between one player of each pair when they tied
    corrections: list[TableCorrectionDoc]


class ProgressiveDoc(Shape):
    """A Progressive evening in elwell-progressive/1 (read by the rules engine), and the
    club's record of it; `tables` gives each table of `rounds`, round by round, in the
    order listed there."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    format: Any
    rules: Any
    players: Any
    rounds: Any
    name: Annotated[str, Field(min_length=1, max_length=80)]
    day: date
    opened_by: Name
    opened_at: Moment
    drawn_at: Moment | None
    ended_at: Moment | None
    board: Annotated[int, Field(ge=1, le=2**31 - 1)]
    people: list[PlayerDoc]
    tables: list[RoundTableDoc]

    def engine_part(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "rules": self.rules,
            "players": self.players,
            "rounds": self.rounds,
        }


# -- Export -----------------------------------------------------------------------------------


def evenings() -> list[ProgressiveEvening]:
    """The evenings, in the order they were opened: the order the file lists them."""
    return list(ProgressiveEvening.objects.order_by("opened_at", "id"))


def progressive(found: list[ProgressiveEvening], usernames: dict[int, str]) -> list[ProgressiveDoc]:
    return [_evening(evening, usernames) for evening in found]


def _evening(evening: ProgressiveEvening, usernames: dict[int, str]) -> ProgressiveDoc:
    record = reads.evening_record(evening)
    numbers = {player.pk: n for n, player in enumerate(record.players, 1)}
    return ProgressiveDoc(
        **evening_json(record.as_evening()),
        name=evening.name,
        day=evening.day,
        opened_by=username(evening.opened_by),
        opened_at=evening.opened_at,
        drawn_at=evening.drawn_at,
        ended_at=evening.ended_at,
        board=evening.board,
        people=[
            PlayerDoc(
                member=None if player.member_id is None else usernames[player.member_id],
                arrived_at=player.arrived_at,
            )
            for player in record.players
        ],
        tables=[_table(table, numbers) for table in record.tables],
    )


def _table(record: reads.TableRecord, numbers: dict[int, int]) -> RoundTableDoc:
    table = ProgressiveTable.objects.select_related("cut_by", "we_agreed_by", "they_agreed_by").get(
        pk=record.table.pk
    )
    rows = {deal.pk: deal for deal in table.deals.select_related("declared_by", "recorded_by")}
    in_progress = rows[record.in_progress.pk] if record.in_progress else None
    return RoundTableDoc(
        cut=_cut(table.cut, numbers),
        cut_by=username(table.cut_by),
        cut_at=table.cut_at,
        recorded=[_record(rows[deal.pk]) for deal in record.recorded],
        in_progress=None
        if in_progress is None
        else InProgress(
            dealer=in_progress.dealer_side.value,
            maker=cast(Maker, in_progress.maker),
            trump=cast(Trump, in_progress.trump),
            doubles=in_progress.doubles,
            played=False,
            dealer_seat=in_progress.dealer,
            declared_at=in_progress.declared_at,
            declared_by=username(in_progress.declared_by),
        ),
        agreement=TableAgreement(
            we_by=username_or_none(table.we_agreed_by),
            we_at=table.we_agreed_at,
            they_by=username_or_none(table.they_agreed_by),
            they_at=table.they_agreed_at,
            agreed_at=table.agreed_at,
        ),
        tie_cut=None if table.tie_cut is None else _cut(table.tie_cut, numbers),
        corrections=[
            _correction(correction)
            for correction in table.corrections.select_related("made_by").order_by("made_at", "id")
        ],
    )


def _record(deal: ProgressiveDeal) -> Record:
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


def _cut(cards: list[list[list[Any]]], numbers: dict[int, int]) -> list[list[ProgressiveDraw]]:
    """A cut as the site keeps it (rounds of [player's id, card]), by the players' numbers."""
    return [
        [ProgressiveDraw(player=numbers[who], card=card) for who, card in drawn] for drawn in cards
    ]


def _correction(correction: ProgressiveCorrection) -> TableCorrectionDoc:
    return TableCorrectionDoc(
        number=correction.number,
        kind=cast(Kind, correction.kind),
        law=correction.law,
        reason=correction.reason,
        before=DealSnapshot(**correction.before),
        after=DealSnapshot(**correction.after),
        made_by=username(correction.made_by),
        made_at=correction.made_at,
    )
