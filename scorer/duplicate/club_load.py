"""The Duplicate evenings' part of the club's file loaded (its schema and export:
club_file.py): each evening read and worked out by the rules engine, by its movement's
schedule, before anything is written; then written row by row in the order the site writes
them (its pairs as they came, the start: the pairs numbered, the boards, each round's
tables seated as the movement says; each result at the table the schedule places it, with
each pair's play of its board, its acceptance and the director's word on it; the end),
each refusal naming its place in the file."""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Any

from scorer.analysis import writes as analysis
from scorer.club.club_file import People
from scorer.club.models import Member
from scorer.duplicate import access, reads, writes
from scorer.duplicate.club_file import BoardDoc, Called, DuplicateDoc, ResultDoc
from scorer.duplicate.models import (
    DuplicateBoard,
    DuplicateCorrection,
    DuplicateEvening,
    DuplicatePair,
    DuplicatePlay,
    DuplicatePlayer,
    DuplicateResult,
)
from scorer.engine import RubberError
from scorer.engine.duplicate import (
    Evening,
    Lines,
    Result,
    Schedule,
    check_call,
    read_duplicate,
    work_out_duplicate,
)
from scorer.plumbing.club_format import ImportRefused, refused_as
from scorer.plumbing.keys import Refused


class DuplicateLoader:
    """Each evening written as the site would write it, refusing what it refuses."""

    def __init__(self, people: People) -> None:
        self.people = people

    def load(self, docs: list[DuplicateDoc]) -> list[DuplicateEvening]:
        return [self._evening(doc, f"duplicate[{n}]") for n, doc in enumerate(docs)]

    def _evening(self, data: DuplicateDoc, where: str) -> DuplicateEvening:
        read, schedule = self._read(data, where)
        started = data.started_at is not None
        if len(data.people) != len(read.pairs):
            raise ImportRefused(f"{where}.people must give one pair for each of `pairs`")
        if started != (data.boards_from is not None):
            raise ImportRefused(f"{where}.boards_from is given once it has started, and only then")
        if not started and (read.boards or read.results or data.ended_at is not None):
            raise ImportRefused(
                f"{where}.started_at: an evening has boards and results, and ends, once started"
            )
        if len(data.board_records) != len(read.boards):
            raise ImportRefused(f"{where}.board_records must give one for each of `boards`")
        if len(data.result_records) != len(read.results):
            raise ImportRefused(f"{where}.result_records must give one for each of `results`")
        evening = refused_as(
            where,
            lambda: DuplicateEvening.objects.create(
                name=data.name,
                day=data.day,
                opened_by=self.people.user(data.opened_by, f"{where}.opened_by"),
                opened_at=data.opened_at,
                movement=read.rules.movement.value,
                tables=data.tables,
                boards_a_round=data.boards_a_round,
                comparison=read.rules.comparison.value,
                doubling_limit=read.rules.doubling_limit,
                board=data.board,
            ),
        )
        pairs = self._pairs(evening, read, data, where)
        if not started:
            return evening
        assert data.started_at is not None
        assert data.boards_from is not None
        if schedule is not None and len(read.boards) != schedule.boards:
            raise ImportRefused(f"{where}.boards: the movement plays boards 1 to {schedule.boards}")
        for number, pair in enumerate(pairs, 1):
            DuplicatePair.objects.filter(pk=pair.pk).update(number=number)
        self._boards(evening, read, data, where)
        started_at, boards_from = data.started_at, data.boards_from
        refused_as(
            f"{where}.started_at",
            lambda: DuplicateEvening.objects.filter(pk=evening.pk).update(
                started_at=started_at, boards_from=boards_from
            ),
        )
        evening.refresh_from_db()
        writes.seat_tables(evening)
        self._results(evening, read, data, where)
        if data.ended_at is not None:
            ended_at = data.ended_at
            self._ended(evening, data, ended_at, where)
            refused_as(
                f"{where}.ended_at",
                lambda: DuplicateEvening.objects.filter(pk=evening.pk).update(ended_at=ended_at),
            )
        return evening

    def _ended(
        self, evening: DuplicateEvening, data: DuplicateDoc, ended_at: datetime, where: str
    ) -> None:
        """As the site ends an evening: every result in and accepted (its own check), each
        before the end."""
        try:
            writes.all_in(reads.evening_record(evening, reads.WHOLE))
        except Refused as error:
            raise ImportRefused(f"{where}.ended_at: {evening.name} ended, but {error}") from None
        for n, doc in enumerate(data.result_records):
            if max(filter(None, (doc.recorded_at, doc.accepted_at))) > ended_at:
                raise ImportRefused(
                    f"{where}.result_records[{n}]: recorded or accepted after {evening.name} "
                    "ended; its results are final once it ends"
                )

    def _read(self, data: DuplicateDoc, where: str) -> tuple[Evening, Schedule | None]:
        """The evening as the engine reads it and works it out by its schedule: every
        result one the movement calls for, each by the laws; an ended evening with every
        result in."""
        try:
            read = read_duplicate(data.engine_part())
            movement = reads.movement_of(read.rules.movement, data.tables)
            schedule = Schedule(movement, reads.boards_a_set(movement, data.boards_a_round))
            if data.started_at is not None:
                with_schedule = Evening(read.rules, read.boards, read.results, read.pairs, schedule)
                work_out_duplicate(with_schedule, in_progress=data.ended_at is None)
        except RubberError as error:
            raise ImportRefused(f"{where}: {error}") from None
        return read, schedule

    def _pairs(
        self, evening: DuplicateEvening, read: Evening, data: DuplicateDoc, where: str
    ) -> list[DuplicatePair]:
        """Each pair as it came: its two players, members of those names or guests."""
        made = []
        for n, (doc, names) in enumerate(zip(data.people, read.pairs, strict=True)):
            place = f"{where}.people[{n}]"
            pair = refused_as(
                place, partial(DuplicatePair.objects.create, evening=evening, added_at=doc.added_at)
            )
            for p, (player, name) in enumerate(zip(doc.players, names, strict=True)):
                member: Member | None = None
                if player.member is not None:
                    member = self.people.member(player.member, f"{place}.players[{p}].member")
                    if member.name != name:
                        raise ImportRefused(
                            f"{place}.players[{p}].member: {player.member} is {member.name}, "
                            f"not {name} (pairs.{n + 1})"
                        )
                elif len(name) > 60:
                    raise ImportRefused(
                        f"{where}.pairs.{n + 1}: a guest's name is 60 letters at most"
                    )
                refused_as(
                    f"{place}.players[{p}]",
                    partial(
                        DuplicatePlayer.objects.create,
                        evening=evening,
                        pair=pair,
                        place=p + 1,
                        member=member,
                        guest="" if member is not None else name,
                    ),
                )
            made.append(pair)
        return made

    def _boards(
        self, evening: DuplicateEvening, read: Evening, data: DuplicateDoc, where: str
    ) -> None:
        for n, (board, doc) in enumerate(zip(read.boards, data.board_records, strict=True)):
            place = f"{where}.board_records[{n}]"
            if board.number != n + 1:
                raise ImportRefused(f"{where}.boards[{n}]: the boards are listed 1, 2, 3, …")
            if (board.hands is None) != (doc.source is None) or (doc.source is None) != (
                doc.known_at is None
            ):
                raise ImportRefused(
                    f"{place}: a board whose hands are given has its source and known_at, "
                    "and only then"
                )
            self._known_in_turn(data, doc, board.number, place)
            hands = (
                {}
                if board.hands is None
                else dict(
                    zip(("north", "east", "south", "west"), map(str, board.hands), strict=True)
                )
            )
            refused_as(
                place,
                partial(
                    DuplicateBoard.objects.create,
                    evening=evening,
                    number=board.number,
                    source=doc.source or "",
                    known_at=doc.known_at,
                    **hands,
                ),
            )
            if board.hands is not None:
                analysis.ask_for_boards([(board.number, [str(hand) for hand in board.hands])])

    @staticmethod
    def _known_in_turn(data: DuplicateDoc, doc: BoardDoc, number: int, place: str) -> None:
        """A board's hands are known when the site knows them: dealt or read from a file as
        the evening starts; from a hand record attached while it is in play."""
        if doc.known_at is None:
            return
        named = f"Board {number} of {data.name}"
        if doc.source in ("dealt", "file") and doc.known_at != data.started_at:
            raise ImportRefused(
                f"{place}.known_at: {named}: hands dealt by the site or read from a file are "
                "known as the evening starts (its started_at)"
            )
        started, ended = data.started_at, data.ended_at
        if doc.source == "record" and (
            (started is not None and doc.known_at <= started)
            or (ended is not None and doc.known_at > ended)
        ):
            raise ImportRefused(
                f"{place}.known_at: {named}: a hand record is attached while the evening is "
                "in play, after it starts and before it ends"
            )

    def _results(
        self, evening: DuplicateEvening, read: Evening, data: DuplicateDoc, where: str
    ) -> None:
        record = reads.evening_record(evening, reads.WHOLE)
        placed = {(s.board, s.ns, s.ew): (s.round, s.table) for s in record.schedule.results()}
        for n, (result, doc) in enumerate(zip(read.results, data.result_records, strict=True)):
            place = f"{where}.result_records[{n}]"
            round_number, number = placed[(result.board, result.ns, result.ew)]
            row_of = record.table_at[(round_number, number)]
            board = record.by_board[result.board]
            named = (
                f"Board {result.board} at table {number}, round {round_number}, of {evening.name}"
            )
            recorded_by = self.people.user(doc.recorded_by, f"{place}.recorded_by")
            if not access.records(recorded_by, row_of):
                raise ImportRefused(
                    f"{place}.recorded_by: {named} is recorded by North–South (pair "
                    f"{row_of.ns.number}) or the director, not {doc.recorded_by}"
                )
            row = DuplicateResult(
                evening=evening,
                table_id=row_of.table.pk,
                board=board,
                recorded_by=recorded_by,
                recorded_at=doc.recorded_at,
            )
            writes.write_row(row, result)
            if doc.called is not None:
                self._called(row, result, doc.called, board, place)
            elif (
                isinstance(result, Result)
                and board.known_at is not None
                and doc.recorded_at < board.known_at
            ):
                raise ImportRefused(
                    f"{place}: {named} was recorded before the board's hands were known: it "
                    "keeps the honours and chicane called at the table (`called`), which the "
                    "hands attached after it never change"
                )
            self._accepted(row, doc, place)
            if row.accepted_by is not None and not access.accepts(row.accepted_by, row_of):
                raise ImportRefused(
                    f"{place}.accepted_by: {named} is accepted by East–West (pair "
                    f"{row_of.ew.number}) or the director, not {doc.accepted_by}"
                )
            row.version = len(doc.corrections)
            refused_as(place, row.save)
            plays = [
                DuplicatePlay(result=row, board=board, pair=pair.pair)
                for pair in (row_of.ns, row_of.ew)
            ]
            refused_as(place, partial(DuplicatePlay.objects.bulk_create, plays))
            self._corrections(row, doc, place)

    def _called(
        self, row: DuplicateResult, result: Any, called: Called, board: DuplicateBoard, where: str
    ) -> None:
        """The honours and chicane called at the table before the board's hands were known:
        kept, and they must agree with the cards."""
        if not board.known or not isinstance(result, Result) or result.honours is not None:
            raise ImportRefused(
                f"{where}.called: given for a result on a board whose hands are known, whose "
                "`results` give no honours"
            )
        (row.honours_n, row.honours_s), (row.honours_e, row.honours_w) = (
            tuple(called.honours["ns"]),
            tuple(called.honours["ew"]),
        )
        chicane = called.chicane
        voids = None if chicane is None else Lines(chicane.get("ns", 0), chicane.get("ew", 0))
        row.chicane_ns, row.chicane_ew = (None, None) if voids is None else (voids.ns, voids.ew)
        ns, ew = called.honours["ns"], called.honours["ew"]
        as_called = Result(
            result.board, result.ns, result.ew, result.trump, result.maker, result.doubles,
            tricks=result.tricks, honours=Lines((ns[0], ns[1]), (ew[0], ew[1])), chicane=voids,
        )  # fmt: skip
        try:
            check_call(reads.board_of(board.number, board.hands), as_called)
        except RubberError as error:
            raise ImportRefused(f"{where}.called: {error.problem}") from None

    def _accepted(self, row: DuplicateResult, doc: ResultDoc, where: str) -> None:
        if (doc.accepted_by is None) != (doc.accepted_at is None):
            raise ImportRefused(f"{where}: accepted_by and accepted_at go together")
        row.accepted_by = self.people.user(doc.accepted_by, f"{where}.accepted_by")
        row.accepted_at = doc.accepted_at

    def _corrections(self, row: DuplicateResult, doc: ResultDoc, where: str) -> None:
        """The director's entries and corrections, each kept as made: the last gives the
        result as it stands; an entry is the first, and only the first."""
        last: datetime | None = None
        for n, item in enumerate(doc.corrections):
            place = f"{where}.corrections[{n}]"
            if item.before is None and n > 0:
                raise ImportRefused(
                    f"{place}.before: only the first, the director's entry, has none"
                )
            if last is not None and item.made_at < last:
                raise ImportRefused(f"{place}.made_at: corrections come in the order made")
            last = item.made_at
            refused_as(
                place,
                partial(
                    DuplicateCorrection.objects.create,
                    result=row,
                    version=n + 1,
                    reason=item.reason,
                    before=None if item.before is None else item.before.model_dump(mode="python"),
                    after=item.after.model_dump(mode="python"),
                    made_by=self.people.user(item.made_by, f"{place}.made_by"),
                    made_at=item.made_at,
                ),
            )
        if (
            doc.corrections
            and doc.corrections[-1].after.model_dump(mode="python") != row.snapshot()
        ):
            raise ImportRefused(
                f"{where}.corrections: the last one's `after` is not the result as it stands"
            )
