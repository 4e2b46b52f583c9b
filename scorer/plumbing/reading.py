"""Reading a record of several rows as it stood at one moment.

A page's reads run outside any transaction, each query at its own moment: a save that
commits between the read of a rubber's row (its revision) and the read of its deals gives
a page showing the new deal under the old revision. Its forms would then be refused as
stale for a write the page already shows (until the next poll, two seconds on, brought it
up to date). Every write moves the record's revision on in the transaction that writes its
rows, so a record whose revision is still the revision now was read at one moment."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404

# Writes landing faster than a page is read: the last read is shown, and the next poll
# mends it.
ATTEMPTS = 3


def read_at_one_moment[T, R](
    read: Callable[[], T], revision_in: Callable[[T], R], revision_now: Callable[[], R | None]
) -> T:
    """What `read` reads, read again while a write landed in the middle of it: while the
    revision it read (`revision_in`) is not the record's revision now (`revision_now`,
    one indexed read). An evening's revision is its version: its own and its tables'."""
    found = read()
    for _ in range(ATTEMPTS - 1):
        if revision_in(found) == revision_now():
            break
        found = read()
    return found


def page_read_or_404[T, R](
    read: Callable[[], T],
    revision_in: Callable[[T], R],
    revision_now: Callable[[], R | None],
    *,
    at_one_moment: bool,
    missing: type[Exception],
    absent: str,
) -> T:
    """A record for a page, read at one moment (`read_at_one_moment`); for a write,
    `at_one_moment` is False: it reads the record as it stands and checks the revision
    its page carried under its own lock. A record that is not there (`missing`) is a 404
    saying `absent`."""
    try:
        if not at_one_moment:
            return read()
        return read_at_one_moment(read, revision_in, revision_now)
    except missing:
        raise Http404(absent) from None
