"""Following a rubber: each phone polls its sheet every two seconds with a signed token
standing for the player and the session the page was shown to, and an unchanged sheet
costs one indexed read and an empty answer."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.db import connection
from django.http import HttpRequest

from scorer.plumbing.following import LIVE_MAX_AGE, session_tag
from scorer.rubbers.models import Rubber

LIVE_SALT = "scorer.live"


def token(request: HttpRequest, rubber: Rubber) -> str:
    """The page's token for following `rubber`: the player, and the session he is in."""
    return signing.dumps(
        {
            "rubber": rubber.pk,
            "user": request.user.pk,
            "session": session_tag(request.session.session_key),
        },
        salt=LIVE_SALT,
    )


def follows(request: HttpRequest, pk: int) -> bool:
    """Whether the request's token is a good one for rubber `pk`, in this session: a
    token too old, of the wrong shape, for another rubber, or from a session since ended
    (signed out) stops the phone's polling."""
    try:
        payload: Any = signing.loads(
            request.GET.get("token", ""), salt=LIVE_SALT, max_age=LIVE_MAX_AGE
        )
    except signing.BadSignature:
        return False
    if not isinstance(payload, dict) or payload.get("rubber") != pk:
        return False
    return payload.get("session") == session_tag(request.COOKIES.get(settings.SESSION_COOKIE_NAME))


def revision_of(pk: int) -> int | None:
    """The rubber's revision, read with plain SQL: every following phone asks for it every
    two seconds, and building the ORM's query costs ten times the read itself."""
    table = connection.ops.quote_name(Rubber._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT revision FROM {table} WHERE id = %s", [pk])
        row = cursor.fetchone()
    return None if row is None else int(row[0])
