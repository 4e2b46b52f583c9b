"""Who may do what at a Duplicate evening: the director (the club's staff) opens and keeps
it, and may do everything; at a table, a member of its North–South pair records the
boards and a member of its East–West pair accepts them. Everyone signed in sees the
evening's page, its rankings, the pairs' cards and the guide and table cards; a board's
hands and traveller are shown once the viewer's pair has played it (the director always,
everyone once the evening has ended), so that nobody reads a board before playing it."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from scorer.duplicate import live, reads
from scorer.duplicate.models import DuplicateEvening, DuplicateTable
from scorer.engine.duplicate import Line
from scorer.plumbing.reading import page_read_or_404


def directs(request: HttpRequest) -> bool:
    return bool(request.user.is_staff)


def director(request: HttpRequest) -> None:
    if not directs(request):
        raise PermissionDenied("Only the director, one of the club's staff, does that.")


def evening_or_404(pk: int) -> DuplicateEvening:
    return get_object_or_404(DuplicateEvening, pk=pk)


def evening_record_or_404(pk: int) -> reads.EveningRecord:
    """The evening as it stood at one moment, for a page whose forms carry its revision
    (the director's steps) and whose polling carries its version."""
    return page_read_or_404(
        lambda: reads.evening_record(DuplicateEvening.objects.get(pk=pk)),
        reads.version_of,
        lambda: reads.version(pk),
        at_one_moment=True,
        missing=DuplicateEvening.DoesNotExist,
        absent=f"There is no Duplicate evening {pk}.",
    )


def table_or_404(pk: int, *, at_one_moment: bool = True) -> reads.TableRecord:
    """The table as it stood at one moment, for a page: its results and the revision its
    forms carry (`read_at_one_moment`). A write reads it as it stands, and checks the
    revision its page carried under its own lock."""
    return page_read_or_404(
        lambda: reads.table_record(pk),
        lambda record: record.table.revision,
        lambda: live.revision_of(pk),
        at_one_moment=at_one_moment,
        missing=DuplicateTable.DoesNotExist,
        absent=f"There is no table {pk} of a Duplicate evening.",
    )


def records(user: User | AnonymousUser, row: reads.TableRow) -> bool:
    """Who records the boards at a table: North–South's members, and the director (the
    pages ask it, and the club's file of whoever it says recorded a result)."""
    return bool(user.is_staff) or row.ns.has_user(user.pk)


def accepts(user: User | AnonymousUser, row: reads.TableRow) -> bool:
    """Who accepts them: East–West's members, and the director."""
    return bool(user.is_staff) or row.ew.has_user(user.pk)


def may_record(request: HttpRequest, record: reads.TableRecord) -> bool:
    return records(request.user, record.row)


def may_accept(request: HttpRequest, record: reads.TableRecord) -> bool:
    return accepts(request.user, record.row)


def line_at(request: HttpRequest, record: reads.TableRecord) -> Line | None:
    """The viewer's direction at this table, if his pair sits there."""
    for line in (Line.NS, Line.EW):
        if record.row.pair(line).has_user(request.user.pk):
            return line
    return None


def to_record(request: HttpRequest, pk: int) -> reads.TableRecord:
    record = table_or_404(pk, at_one_moment=False)
    if not may_record(request, record):
        raise PermissionDenied(
            "North–South record the boards at their table (and the director, anywhere)."
        )
    return record


def to_accept(request: HttpRequest, pk: int) -> reads.TableRecord:
    record = table_or_404(pk, at_one_moment=False)
    if not may_accept(request, record):
        raise PermissionDenied(
            "East–West accept the boards at their table (and the director, anywhere)."
        )
    return record


def boards_seen(request: HttpRequest, record: reads.EveningRecord) -> set[int] | None:
    """The boards whose hands and traveller this viewer may see; None: every board (the
    director, or anyone once the evening has ended)."""
    if directs(request) or record.evening.ended:
        return None
    member = getattr(request.user, "member", None)
    pair = record.pair_of(None if member is None else member.pk)
    if pair is None or pair.pair.number is None:
        return set()
    number = pair.number
    return {row.board for row in record.results if number in row.recorded.pairs}


def may_see(seen: set[int] | None, board: int) -> bool:
    return seen is None or board in seen
