"""Following the evening's tables without signing in: a table's follow link to its live
sheet, and the noticeboard's link to every table at once, each signed, lapsing with the
evening, and revoked by the staff (a new generation of links)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.contrib.auth.models import User
from django.core import signing
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from scorer.plumbing.converters import number
from scorer.plumbing.keys import Stale
from scorer.rubbers.models import Rubber
from scorer.tables.models import Noticeboard, Table
from scorer.tables.reads import EVENING, evening_start, rubbers_apart, tables_of
from scorer.tables.writes.turns import moved_on

FOLLOW_SALT = "scorer.table.follow"


def follow_token(table: Table) -> str:
    """A signed link to the table's live sheet, read-only: it names the table and the
    generation of its links (a new generation revokes the old), and lapses with the
    evening (`follows`)."""
    return signing.dumps({"t": table.pk, "g": table.follow}, salt=FOLLOW_SALT, compress=True)


def follows(token: str, *, now: datetime | None = None) -> Table | None:
    """The table a follow link opens, or None: forged, revoked, the table broken up, or
    its evening over (at six the next morning, by the club's clock)."""
    try:
        data = signing.loads(token, salt=FOLLOW_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict):
        return None
    pk, generation = data.get("t"), data.get("g")
    if not isinstance(pk, int) or not isinstance(generation, int):
        return None
    table = Table.objects.filter(pk=pk, follow=generation, broken_up_at__isnull=True).first()
    if table is None or _evening_over(table.day, now):
        return None
    return table


def _evening_over(day: date, now: datetime | None) -> bool:
    return (now or timezone.now()) >= evening_start(day) + EVENING


def revoke_follow(*, table: Table, seen: str, user: User) -> str:
    moved_on(table, seen)
    Table.objects.filter(pk=table.pk).update(follow=F("follow") + 1)
    return f"Every follow link of {table.name} given so far is revoked; the page shows a new one."


def follow_url(table: Table) -> str:
    return reverse("scorer:follow", args=[follow_token(table)])


# -- The noticeboard: every table of an evening at once ----------------------------------------

NOTICEBOARD_SALT = "scorer.noticeboard"


def noticeboard_generation(day: date) -> int:
    """The generation of the evening's noticeboard links (a new one revokes the old)."""
    found = Noticeboard.objects.filter(day=day).values_list("generation", flat=True).first()
    return found if found is not None else 1


def noticeboard_token(day: date) -> str:
    """A signed link to the evening's tables: it names the evening, the generation of its
    noticeboard links, and each table's follow link as it stands, so that revoking a
    table's follow link takes the table off every noticeboard link given before."""
    shown = dict(tables_of(day).values_list("pk", "follow"))
    data = {
        "d": day.isoformat(),
        "g": noticeboard_generation(day),
        "f": {str(pk): follow for pk, follow in shown.items()},
    }
    return signing.dumps(data, salt=NOTICEBOARD_SALT, compress=True)


@dataclass(frozen=True)
class Board:
    day: date
    tables: list[Table]
    rubbers: list[Rubber]  # in play outside the tables, started with "Start a rubber"


def noticeboard(token: str, *, now: datetime | None = None) -> Board | None:
    """What a noticeboard link shows, or None: forged, revoked, or its evening over. Each
    table of the evening not broken up, but one whose follow link was revoked since the
    link was given (a table formed since shows until its own follow link is revoked); and
    every rubber of the evening in play outside its tables."""
    try:
        data = signing.loads(token, salt=NOTICEBOARD_SALT)
        day = date.fromisoformat(data["d"])
        generation, follows_then = data["g"], data["f"]
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    if not isinstance(generation, int) or not isinstance(follows_then, dict):
        return None
    if generation != noticeboard_generation(day) or _evening_over(day, now):
        return None
    shown = [
        table for table in tables_of(day) if table.follow == follows_then.get(str(table.pk), 1)
    ]
    return Board(day, shown, list(rubbers_apart(day)))


def revoke_noticeboard(*, day: date, seen: str, user: User) -> str:
    """Revoke every noticeboard link of the evening given so far, against the generation
    the staff's page was shown."""
    shown = number(seen)
    board, _ = Noticeboard.objects.get_or_create(day=day)
    moved = Noticeboard.objects.filter(
        pk=board.pk, generation=shown if shown is not None else -1
    ).update(generation=F("generation") + 1)
    if not moved:
        raise Stale(
            "The noticeboard's links were revoked since this page was shown: here is its "
            "link now. Nothing was done."
        )
    return "Every noticeboard link of tonight given so far is revoked; the page shows a new one."
