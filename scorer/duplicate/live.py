"""Following a Duplicate evening and its tables, as phones follow a rubber
(scorer/rubbers/live.py): each page polls every two seconds with a signed token standing for the
player and the session it was shown to, and an unchanged page costs one indexed read and
an empty answer. The noticeboard's link is signed, read-only and revocable."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.db import connection
from django.http import HttpRequest

from scorer.duplicate.models import DuplicateEvening, DuplicateTable
from scorer.rubbers.live import LIVE_MAX_AGE, session_tag

LIVE_SALT = "scorer.duplicate.live"
BOARD_SALT = "scorer.duplicate.board"


def token(request: HttpRequest, kind: str, pk: int) -> str:
    """The page's token for following the evening or the table `pk` ("evening", "table")."""
    return signing.dumps(
        {kind: pk, "user": request.user.pk, "session": session_tag(request.session.session_key)},
        salt=LIVE_SALT,
    )


def follows(request: HttpRequest, kind: str, pk: int) -> bool:
    """Whether the request's token is a good one for this evening or table, in this
    session: one too old, of the wrong shape, for another, or from a session since ended
    stops the phone's polling."""
    try:
        payload: Any = signing.loads(
            request.GET.get("token", ""), salt=LIVE_SALT, max_age=LIVE_MAX_AGE
        )
    except signing.BadSignature:
        return False
    if not isinstance(payload, dict) or payload.get(kind) != pk:
        return False
    return payload.get("session") == session_tag(request.COOKIES.get(settings.SESSION_COOKIE_NAME))


def revision_of(pk: int) -> int | None:
    """The table's revision, read with plain SQL, as a rubber's is."""
    table = connection.ops.quote_name(DuplicateTable._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT revision FROM {table} WHERE id = %s", [pk])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def board_token(evening: DuplicateEvening) -> str:
    """The noticeboard's link: the evening and the generation of its links (a new one
    revokes every link given before)."""
    return signing.dumps({"e": evening.pk, "g": evening.board}, salt=BOARD_SALT, compress=True)


def board_link(token: str) -> tuple[int, int] | None:
    """The evening a noticeboard link names, and the generation of its links; None for a
    forged one. (Whether it is revoked is the evening's to say: its generation now.)"""
    try:
        data = signing.loads(token, salt=BOARD_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict):
        return None
    pk, generation = data.get("e"), data.get("g")
    if not isinstance(pk, int) or not isinstance(generation, int):
        return None
    return pk, generation
