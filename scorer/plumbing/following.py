"""Phones following a page: each polls every two seconds with a signed token standing for
the member and the session the page was shown to, and an unchanged page costs one indexed
read and an empty answer. A rubber's following (`scorer/rubbers/live.py`) is built on the
session's tag here; an evening's tables and its noticeboard (`scorer/progressive/live.py`,
`scorer/duplicate/live.py`) on `EveningFollowing`, and what they poll for (an evening's
version) on `EveningVersions`."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings
from django.core import signing
from django.db import connection, models
from django.http import HttpRequest

LIVE_MAX_AGE = 12 * 60 * 60  # an evening's play


def session_tag(session_key: str | None) -> str:
    """A session, named in a poll's token without giving its key away: the token then
    stops working when that session ends (signing out clears the phone's cookie)."""
    if not session_key:
        return ""
    return hashlib.sha256(session_key.encode()).hexdigest()[:16]


class Evening(Protocol):
    """What a noticeboard's link names: the evening, and the generation of its links."""

    pk: Any
    board: int


class EveningFollowing:
    """Following an evening of one kind and its tables: the pages' tokens (`kind` is
    "evening" or "table"), a table's revision, and the noticeboard's signed link. `name`
    keeps each kind's tokens its own ("progressive", "duplicate")."""

    def __init__(self, name: str, table: type[models.Model]) -> None:
        self.live_salt = f"scorer.{name}.live"
        self.board_salt = f"scorer.{name}.board"
        self.table = table

    def token(self, request: HttpRequest, kind: str, pk: int) -> str:
        """The page's token for following the evening or the table `pk`."""
        return signing.dumps(
            {
                kind: pk,
                "user": request.user.pk,
                "session": session_tag(request.session.session_key),
            },
            salt=self.live_salt,
        )

    def follows(self, request: HttpRequest, kind: str, pk: int) -> bool:
        """Whether the request's token is a good one for this evening or table, in this
        session: one too old, of the wrong shape, for another, or from a session since ended
        stops the phone's polling."""
        try:
            payload: Any = signing.loads(
                request.GET.get("token", ""), salt=self.live_salt, max_age=LIVE_MAX_AGE
            )
        except signing.BadSignature:
            return False
        if not isinstance(payload, dict) or payload.get(kind) != pk:
            return False
        cookie = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        return payload.get("session") == session_tag(cookie)

    def revision_of(self, pk: int) -> int | None:
        """The table's revision, read with plain SQL, as a rubber's is."""
        table = connection.ops.quote_name(self.table._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT revision FROM {table} WHERE id = %s", [pk])
            row = cursor.fetchone()
        return None if row is None else int(row[0])

    def board_token(self, evening: Evening) -> str:
        """The noticeboard's link: the evening and the generation of its links (a new one
        revokes every link given before)."""
        return signing.dumps(
            {"e": evening.pk, "g": evening.board}, salt=self.board_salt, compress=True
        )

    def board_link(self, token: str) -> tuple[int, int] | None:
        """The evening a noticeboard link names, and the generation of its links; None for
        a forged one. (Whether it is revoked is the evening's to say: its generation now.)"""
        try:
            data = signing.loads(token, salt=self.board_salt)
        except signing.BadSignature:
            return None
        if not isinstance(data, dict):
            return None
        pk, generation = data.get("e"), data.get("g")
        if not isinstance(pk, int) or not isinstance(generation, int):
            return None
        return pk, generation


# Every write to an evening moves its revision on, and every write at one of its tables
# moves that table's, each by one: together they change whenever anything in the evening
# changes, and never come back to what they were.
_VERSION = """SELECT e.revision, COALESCE(SUM(t.revision), 0), COUNT(t.id)
    FROM {evening} e LEFT JOIN {table} t ON t.evening_id = e.id
    WHERE e.id = %s GROUP BY e.id, e.revision"""
_BOARD = """SELECT e.board, e.name, e.opened_at, e.revision, COALESCE(SUM(t.revision), 0),
    COUNT(t.id) FROM {evening} e LEFT JOIN {table} t ON t.evening_id = e.id
    WHERE e.id = %s GROUP BY e.id, e.board, e.name, e.opened_at, e.revision"""


def version_of(evening_revision: int, table_revisions: Sequence[int]) -> str:
    """An evening's version ("12.40.6") from its revision and its tables' revisions."""
    return f"{evening_revision}.{sum(table_revisions)}.{len(table_revisions)}"


@dataclass(frozen=True)
class BoardState:
    """What a noticeboard's request needs of its evening, in one read: the generation of
    its links, its name, when it opened, and its version."""

    generation: int
    name: str
    opened_at: str
    version: str


class EveningVersions:
    """What an evening of one kind stands at, in one indexed read with plain SQL: every
    phone following the evening, and every noticeboard, asks for it every two seconds."""

    def __init__(self, evening: type[models.Model], table: type[models.Model]) -> None:
        self.evening = evening
        self.table = table

    def version(self, pk: int) -> str | None:
        """The evening's version ("12.40.6"; None: no such evening)."""
        row = self._one(_VERSION, pk)
        return None if row is None else f"{row[0]}.{row[1]}.{row[2]}"

    def board_state(self, pk: int) -> BoardState | None:
        row = self._one(_BOARD, pk)
        if row is None:
            return None
        return BoardState(int(row[0]), str(row[1]), str(row[2]), f"{row[3]}.{row[4]}.{row[5]}")

    def _one(self, sql: str, pk: int) -> Sequence[Any] | None:
        query = sql.format(
            evening=connection.ops.quote_name(self.evening._meta.db_table),
            table=connection.ops.quote_name(self.table._meta.db_table),
        )
        with connection.cursor() as cursor:
            cursor.execute(query, [pk])
            found: Sequence[Any] | None = cursor.fetchone()
        return found
