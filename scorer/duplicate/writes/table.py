"""At a table: a board's result as North–South record it (or change it, until it is
accepted), East–West's acceptance with one tap, and the director's entry of a missing
result or correction of one, with his reason, kept.

Each write takes the table as its caller read it and returns the table after it; the
table's revision makes one read enough (each write moves it on by one). Its refusals are
`DuplicateError`s placed at the board (the engine's own, for what the laws refuse), or
`Stale` when the table changed since the form was shown.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from django.contrib.auth.models import User
from django.db import DatabaseError, transaction
from django.db.models import F
from django.utils import timezone

from scorer.club.models import person
from scorer.duplicate.models import (
    DuplicateCorrection,
    DuplicatePlay,
    DuplicateResult,
    DuplicateTable,
    DuplicateWrite,
)
from scorer.duplicate.reads import (
    ResultRow,
    TableRecord,
    table_record,
    worked_out,
)
from scorer.duplicate.writes.refusals import said_of
from scorer.engine import Call, Maker, RubberError, Trump
from scorer.engine.duplicate import (
    DuplicateError,
    DuplicateScore,
    Line,
    Lines,
    NotPlayed,
    Recorded,
    Result,
    ResultScore,
    dealing_line,
    declaration_words,
    result_words,
)
from scorer.plumbing.keys import Stale, Submission, claim

STALE = "The table's results changed on another phone; here they are now."
NONE = Lines(0, 0)


@dataclass(frozen=True)
class Entry:
    """A board's result as the table (or the director) gives it: the make, who made it, the
    doubles and the tricks the dealer's direction won; the honours as called and each
    direction's hands void of trumps, asked only on a board whose hands are unknown (the
    cards give them otherwise); revokes. Or that the pairs could not play it (`played`
    false: the director's to record)."""

    played: bool = True
    maker: Maker = Maker.DEALER
    trump: Trump = Trump.NO_TRUMP
    doubles: int = 0
    tricks: int = 0  # won by the dealer's direction
    honours: Call | None = None  # as called, the We column North–South's
    chicane: Lines[int] = NONE
    revokes: Lines[int] = NONE

    def recorded(self, board: int, ns: int, ew: int, *, known: bool) -> Recorded:
        """The engine's record of it, on board `board` between these pairs; the honours and
        chicane left to the cards when the board's hands are `known`."""
        if not self.played:
            return NotPlayed(board, ns, ew)
        dealing = self.tricks, 13 - self.tricks
        won = Lines(*dealing) if dealing_line(board) is Line.NS else Lines(*reversed(dealing))
        honours = chicane = None
        if not known:
            if self.honours is not None:
                try:
                    honours = Lines.of(self.honours.holdings(self.trump))
                except RubberError as error:  # the call refused at this make
                    raise DuplicateError(error.problem, board=board, field="honours") from None
            chicane = self.chicane if any(self.chicane) else None
        return Result(
            board,
            ns,
            ew,
            self.trump,
            self.maker,
            self.doubles,
            tricks=won,
            honours=honours,
            chicane=chicane,
            revokes=self.revokes if any(self.revokes) else None,
        )


def write_row(row: DuplicateResult, recorded: Recorded) -> None:
    """The engine's record of a result written into its row (not saved): the one mapping
    from the engine's result to the row (`reads.result_rows` reads it back)."""
    if isinstance(recorded, NotPlayed):
        for name in DuplicateResult.FIELDS:
            setattr(row, name, None)
        row.played, row.maker, row.trump = False, "", ""
        return
    row.played = True
    row.maker, row.trump, row.doubles = recorded.maker.value, recorded.trump.value, recorded.doubles
    row.tricks_ns, row.tricks_ew = recorded.tricks or (None, None)
    honours = recorded.honours
    (row.honours_n, row.honours_s), (row.honours_e, row.honours_w) = honours or (
        (None, None),
        (None, None),
    )
    row.chicane_ns, row.chicane_ew = recorded.chicane or (None, None)
    row.revokes_ns, row.revokes_ew = recorded.revokes or (None, None)
    row.play = None if recorded.play is None else [list(trick) for trick in recorded.play]


def _in_words[**P, R](write: Callable[P, R]) -> Callable[P, R]:
    """A table's write whole or not at all, the database's refusal said as the board's."""

    @functools.wraps(write)
    def whole(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            with transaction.atomic():
                return write(*args, **kwargs)
        except DatabaseError as error:
            said = said_of(error)
            if said is None:
                raise
            raise DuplicateError(said.removesuffix(".")) from None

    return whole


# -- North–South record a board, East–West accept it ---------------------------------------------


@_in_words
def record(
    *, record: TableRecord, user: User, key: uuid.UUID, revision: int, board: int, entry: Entry
) -> TableRecord:
    """Record a board's result, or change it while East–West have not accepted it."""
    claimed = _claim(record, user, key, revision, "duplicate result")
    if claimed is None:
        return table_record(record.table.pk)
    if not entry.played:
        raise DuplicateError(
            "that the pairs could not play a board is the director's to record",
            board=board,
            field="played",
        )
    before = record.result_on(board)
    if before is not None and before.accepted:
        raise DuplicateError(
            "it is accepted: only the director's correction changes it now", board=board
        )
    row, recorded, score = _written(record, user, board, entry, before)
    scored = _scored(score, board)
    changed = "changed" if before is not None else "recorded"
    _told(claimed, f"Board {board} {changed}: {_words(scored)}. East–West to accept it.")
    return _after(record, row, recorded, score)


@_in_words
def accept(
    *, record: TableRecord, user: User, key: uuid.UUID, revision: int, board: int
) -> TableRecord:
    """East–West (or the director) accept a board's result as recorded: it is no longer
    provisional, and only the director's correction changes it."""
    claimed = _claim(record, user, key, revision, "duplicate accept")
    if claimed is None:
        return table_record(record.table.pk)
    row = record.result_on(board)
    if row is None:
        raise DuplicateError("no result is recorded on it yet", board=board)
    if row.accepted:
        raise DuplicateError("it is accepted already", board=board)
    DuplicateResult.objects.filter(pk=row.pk, accepted_at__isnull=True).update(
        accepted_at=timezone.now(), accepted_by=user
    )
    _told(claimed, f"Board {board} accepted by {person(user)} for East–West.")
    accepted = replace(row, accepted_by=user.pk)
    results = tuple(accepted if r.pk == row.pk else r for r in record.results)
    return replace(record, results=results, worked=record.score)


# -- The director -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Corrected:
    record: TableRecord
    said: str


@_in_words
def correct(
    *,
    record: TableRecord,
    user: User,
    key: uuid.UUID,
    revision: int,
    board: int,
    entry: Entry,
    reason: str,
) -> Corrected:
    """The director enters a board's result that is missing (or that the pairs could not
    play it), or corrects one, accepted or not, with his reason: kept, with the result
    before and after. A result he enters or corrects stands accepted."""
    claimed = _claim(record, user, key, revision, "duplicate correct")
    if claimed is None:
        return Corrected(table_record(record.table.pk), "")
    reason = " ".join(reason.split())
    if not reason:
        raise DuplicateError("the director gives a reason", board=board, field="reason")
    before = record.result_on(board)
    row, recorded, score = _written(record, user, board, entry, before, reason=reason)
    scored = _scored(score, board)
    done = "entered" if before is None else "corrected"
    said = f"Board {board} {done} by the director ({reason}): {_words(scored)}."
    if before is not None:
        was = _scored(record.score, board)
        said = f"{said[:-1]}; it was {_points(was)}."
    _told(claimed, said)
    return Corrected(_after(record, row, recorded, score), said)


# -- Each write's own steps ---------------------------------------------------------------------


def _written(
    record: TableRecord,
    user: User,
    board: int,
    entry: Entry,
    before: ResultRow | None,
    *,
    reason: str = "",
) -> tuple[DuplicateResult, Recorded, DuplicateScore]:
    """The result on `board` worked out with the table's others, then written: a new row
    with each pair's play of the board, or the row changed; the director's (a `reason`)
    with his correction kept, and accepted."""
    found = record.board(board)
    if found is None:
        playing = ", ".join(str(b.number) for b in record.boards)
        raise DuplicateError(
            f"it is not played at {record.table.label} (its boards: {playing})",
            board=board,
            field="board",
        )
    ns, ew = record.row.ns.number, record.row.ew.number
    recorded = entry.recorded(board, ns, ew, known=found.known)
    if before is not None and before.recorded == recorded:
        raise DuplicateError("it is recorded so already: there is nothing to change", board=board)
    results = [r for r in record.results if r.board != board]
    mine = ResultRow(0, record.table.pk, record.table.round, record.table.number, recorded,
                     user.pk, None, 0)  # fmt: skip
    score = worked_out(record, [*results, mine])
    now = timezone.now()
    if before is None:
        row = DuplicateResult(
            evening=record.evening, table=record.table, board=found, recorded_by=user
        )
        write_row(row, recorded)
        if reason:  # the director's entry: accepted as he makes it, and kept
            row.version, row.accepted_at, row.accepted_by = 1, now, user
        row.save()
        DuplicatePlay.objects.bulk_create(
            DuplicatePlay(result=row, board=found, pair=pair.pair)
            for pair in (record.row.ns, record.row.ew)
        )
        if reason:
            _kept(row, None, reason, user, now)
        return row, recorded, score
    row = DuplicateResult.objects.get(pk=before.pk)
    was = row.snapshot()
    write_row(row, recorded)
    if reason:  # the correction kept first: the database changes an accepted result so only
        row.version += 1
        _kept(row, was, reason, user, now)
        if row.accepted_at is None:
            row.accepted_at, row.accepted_by = now, user
    row.save(update_fields=[*DuplicateResult.FIELDS, "accepted_at", "accepted_by", "version"])
    return row, recorded, score


def _kept(
    row: DuplicateResult, before: dict[str, object] | None, reason: str, user: User, at: datetime
) -> None:
    DuplicateCorrection.objects.create(
        result=row,
        version=row.version,
        reason=reason,
        before=before,
        after=row.snapshot(),
        made_by=user,
        made_at=at,
    )


def _after(
    record: TableRecord, row: DuplicateResult, recorded: Recorded, score: DuplicateScore
) -> TableRecord:
    """The table as the write left it: the result as the pages read it (`result_rows`)."""
    table = record.table
    written = ResultRow(
        row.pk, table.pk, table.round, table.number, recorded, row.recorded_by_id,
        row.accepted_by_id, row.version,
    )  # fmt: skip
    results = sorted(
        (*(r for r in record.results if r.board != written.board), written),
        key=lambda r: r.board,
    )
    return replace(record, results=tuple(results), worked=score)


def _scored(score: DuplicateScore, board: int) -> ResultScore:
    traveller = next(t for t in score.travellers if t.board.number == board)
    return traveller.results[0]


def _points(scored: ResultScore) -> str:
    """ "North–South 56, East–West 0", or that it was not played."""
    if scored.points is None:
        return "not played"
    return f"North–South {scored.points.ns}, East–West {scored.points.ew}"


def _words(scored: ResultScore) -> str:
    """ "North dealt and made hearts — North–South 9 tricks; …: North–South 56, East–West 0" """
    recorded = scored.recorded
    if not isinstance(recorded, Result):
        return result_words(None)
    return f"{declaration_words(recorded)} \u2014 {result_words(scored.deal)}: {_points(scored)}"


def _claim(
    record: TableRecord, user: User, key: uuid.UUID, revision: int, what: str
) -> Submission | None:
    """Take the write for this form: None if the form was carried out before; Stale if the
    table has changed since the form was shown."""
    table = record.table
    claimed = claim(key=key, user=user, what=what)
    if claimed is None:
        return None
    if record.evening.ended:
        raise DuplicateError("the evening has ended: its results are final")
    moved_on = revision == table.revision and DuplicateTable.objects.filter(
        pk=table.pk, revision=revision
    ).update(revision=F("revision") + 1)
    if not moved_on:
        raise Stale(STALE)
    table.revision = revision + 1
    claimed.revision = table.revision  # saved with what the write did (`_told`)
    DuplicateWrite.objects.create(table=table, submission=claimed)
    return claimed


def _told(claimed: Submission, said: str) -> None:
    """What the write did, in words, and the table's revision it made, for the phones
    that follow the table."""
    claimed.said = said[:500]
    claimed.save(update_fields=["said", "revision"])
