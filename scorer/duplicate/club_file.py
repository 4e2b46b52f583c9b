"""The Duplicate evenings' part of the club's file, elwell-club/1: each evening an
`elwell-duplicate/1` object (so that the rules engine reads its boards and results and
works them out as they come in), with what that format does not carry: its name and day,
who opened it and when, its tables and boards a round (which, with the movement, give the
schedule each result is placed by), how its boards came, when it started and ended, its
pairs as members or guests and when each pair came, when each board's hands became known,
and of each result who recorded and accepted it and when, the honours and chicane the table
called on a board whose hands were known only later, and the director's entries and
corrections. People are named by username.

Its import is club_load.py.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from scorer.duplicate import reads
from scorer.duplicate.models import (
    MOST_BOARDS_A_ROUND,
    DuplicateBoard,
    DuplicateCorrection,
    DuplicateEvening,
    DuplicateResult,
)
from scorer.engine.duplicate import duplicate_json
from scorer.plumbing.club_format import Moment, Name, Shape, username, username_or_none

Count = Annotated[int, Field(ge=0, le=13)]
Honour = Annotated[int, Field(ge=0, le=5)]
Void = Annotated[int, Field(ge=0, le=2)]


class PlayerDoc(Shape):
    """One of a pair's two: a member (by username), or a guest (null: by the name in
    `pairs`)."""

    member: Name | None


class PairDoc(Shape):
    """A pair of `pairs`, in its order: its two players, and when it came."""

    players: Annotated[list[PlayerDoc], Field(min_length=2, max_length=2)]
    added_at: Moment


class BoardDoc(Shape):
    """A board of `boards`, in its order: where its hands came from and when they were
    known (both null while unknown)."""

    source: Literal["dealt", "file", "record"] | None
    known_at: Moment | None


class Snapshot(Shape):
    """A result as the database keeps it, before or after the director's word on it."""

    played: bool
    maker: Literal["", "dealer", "partner"]
    trump: Literal["", "S", "C", "D", "H", "NT"]
    doubles: Annotated[int, Field(ge=0, le=1000)] | None
    tricks_ns: Count | None
    tricks_ew: Count | None
    honours_n: Honour | None
    honours_s: Honour | None
    honours_e: Honour | None
    honours_w: Honour | None
    chicane_ns: Void | None
    chicane_ew: Void | None
    revokes_ns: Count | None
    revokes_ew: Count | None
    play: Annotated[list[list[str]], Field(max_length=13)] | None


class CorrectionDoc(Shape):
    """The director's entry of the result (`before` null) or his correction of it."""

    reason: Annotated[str, Field(min_length=1, max_length=200)]
    before: Snapshot | None
    after: Snapshot
    made_by: Name
    made_at: Moment


class Called(Shape):
    """What the table called on a board whose hands were known only later (a hand record
    attached): the honours in each hand and each direction's chicane, as `results` would
    give them; the cards give them since."""

    honours: dict[Literal["ns", "ew"], Annotated[list[Honour], Field(min_length=2, max_length=2)]]
    chicane: dict[Literal["ns", "ew"], Void] | None


class ResultDoc(Shape):
    """A result of `results`, in its order: who recorded it and when, who accepted it and
    when (null: provisional), what the table called before the board's hands were known,
    and the director's entries and corrections, in the order made."""

    recorded_by: Name
    recorded_at: Moment
    accepted_by: Name | None
    accepted_at: Moment | None
    called: Called | None
    corrections: list[CorrectionDoc]


class DuplicateDoc(Shape):
    """A Duplicate evening in elwell-duplicate/1 (read by the rules engine), and the club's
    record of it."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    format: Any
    rules: Any
    pairs: Any = None
    boards: Any
    results: Any
    name: Annotated[str, Field(min_length=1, max_length=80)]
    day: date
    opened_by: Name
    opened_at: Moment
    tables: Annotated[int, Field(ge=2, le=15)]
    boards_a_round: Annotated[int, Field(ge=1, le=MOST_BOARDS_A_ROUND)]
    boards_from: Literal["dealt", "file", "table"] | None
    started_at: Moment | None
    ended_at: Moment | None
    board: Annotated[int, Field(ge=1, le=2**31 - 1)]
    people: list[PairDoc]
    board_records: list[BoardDoc]
    result_records: list[ResultDoc]

    def engine_part(self) -> dict[str, Any]:
        data = {
            "format": self.format,
            "rules": self.rules,
            "boards": self.boards,
            "results": self.results,
        }
        if "pairs" in self.model_fields_set:
            data["pairs"] = self.pairs
        return data


# -- Export -----------------------------------------------------------------------------------


def evenings() -> list[DuplicateEvening]:
    """The evenings, in the order they were opened: the order the file lists them."""
    return list(DuplicateEvening.objects.order_by("opened_at", "id"))


def duplicate(found: list[DuplicateEvening], usernames: dict[int, str]) -> list[DuplicateDoc]:
    return [_evening(evening, usernames) for evening in found]


def _evening(evening: DuplicateEvening, usernames: dict[int, str]) -> DuplicateDoc:
    record = reads.evening_record(evening, reads.WHOLE)
    engine_part = duplicate_json(record.as_evening())
    rows = {
        row.pk: row
        for row in DuplicateResult.objects.filter(evening=evening).select_related(
            "recorded_by", "accepted_by", "board"
        )
    }
    corrections: dict[int, list[DuplicateCorrection]] = {}
    for correction in DuplicateCorrection.objects.filter(result__evening=evening).select_related(
        "made_by"
    ):
        corrections.setdefault(correction.result_id, []).append(correction)
    return DuplicateDoc(
        **engine_part,
        name=evening.name,
        day=evening.day,
        opened_by=username(evening.opened_by),
        opened_at=evening.opened_at,
        tables=evening.tables,
        boards_a_round=evening.boards_a_round,
        boards_from=evening.boards_from or None,  # type: ignore[arg-type]  # one of its choices
        started_at=evening.started_at,
        ended_at=evening.ended_at,
        board=evening.board,
        people=[
            PairDoc(
                players=[
                    PlayerDoc(member=None if p.member_id is None else usernames[p.member_id])
                    for p in pair.players
                ],
                added_at=pair.pair.added_at,
            )
            for pair in record.pairs
        ],
        board_records=[_board(board) for board in record.boards],
        result_records=[
            _result(rows[row.pk], corrections.get(row.pk, [])) for row in record.results
        ],
    )


def _board(board: DuplicateBoard) -> BoardDoc:
    return BoardDoc(
        source=board.source or None,  # type: ignore[arg-type]  # one of the choices
        known_at=board.known_at,
    )


def _result(row: DuplicateResult, corrections: list[DuplicateCorrection]) -> ResultDoc:
    called = None
    if row.board.known and row.honours_n is not None:
        chicane = (
            None if row.chicane_ns is None else {"ns": row.chicane_ns, "ew": row.chicane_ew or 0}
        )
        called = Called(
            honours={
                "ns": [row.honours_n, row.honours_s or 0],
                "ew": [row.honours_e or 0, row.honours_w or 0],
            },
            chicane=chicane,  # type: ignore[arg-type]  # the keys are the literals
        )
    return ResultDoc(
        recorded_by=username(row.recorded_by),
        recorded_at=row.recorded_at,
        accepted_by=username_or_none(row.accepted_by),
        accepted_at=row.accepted_at,
        called=called,
        corrections=[
            CorrectionDoc(
                reason=correction.reason,
                before=None if correction.before is None else Snapshot(**correction.before),
                after=Snapshot(**correction.after),
                made_by=username(correction.made_by),
                made_at=correction.made_at,
            )
            for correction in corrections
        ],
    )
