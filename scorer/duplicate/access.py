"""Who may do what at a Duplicate evening: the director (the club's staff) opens and keeps
it, and may do everything; at a table, a member of its North–South pair records the
boards and a member of its East–West pair accepts them. Everyone signed in sees the
evening's page, its rankings, the pairs' cards, the tables' pages and the guide and table
cards; but nothing of a board (its hands, its results, and whatever is worked out from
them) reaches him until his pair has played it (the director always, everyone once the
evening has ended): every read is made as its reader (`reader`), by the one rule
`reads.boards_seen`."""

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


def reader(request: HttpRequest) -> reads.Reader:
    """Who asks: the director reads the whole evening, a member as his pair may."""
    if directs(request):
        return reads.WHOLE
    member = getattr(request.user, "member", None)
    return reads.Reader(member=None if member is None else member.pk)


def read_for(request: HttpRequest, pk: int) -> reads.EveningRecord:
    """The evening as this viewer may read it."""
    return reads.evening_record(evening_or_404(pk), reader(request))


def evening_record_or_404(request: HttpRequest, pk: int) -> reads.EveningRecord:
    """The evening as it stood at one moment, as this viewer may read it, for a page whose
    forms carry its revision (the director's steps) and whose polling carries its
    version."""
    who = reader(request)
    return page_read_or_404(
        lambda: reads.evening_record(DuplicateEvening.objects.get(pk=pk), who),
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


def boards_seen(request: HttpRequest, evening: DuplicateEvening) -> frozenset[int] | None:
    """The boards of the evening this viewer may see (None: every one)."""
    return reads.boards_seen(evening, reader(request))
