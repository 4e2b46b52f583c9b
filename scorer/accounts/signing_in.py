"""Signing in and out: the address a sign-in comes from, by which (with the name) repeated
wrong passwords are locked out, and ending every session of a member's, on all his phones.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.validators import MaxLengthValidator
from django.http import HttpRequest
from django.utils import timezone


def client_address(request: HttpRequest) -> str:
    """The address the phone came from, as django-axes counts failures by it.

    Behind nginx (a peer in PROXY_ADDRESSES) it is the last address of X-Forwarded-For:
    nginx appends the address it was reached from, so the part a phone may have written
    itself comes before it and is never believed. From any other peer the header is
    ignored, and the peer's own address counts."""
    peer = str(request.META.get("REMOTE_ADDR", ""))
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    if peer in settings.PROXY_ADDRESSES and forwarded.strip():
        return forwarded.rsplit(",", 1)[-1].strip()
    return peer


def end_sessions(user: User) -> int:
    """End every session `user` is signed in with, on any phone: each is asked to sign
    in again at its next request. Sessions are kept in the database without their member
    as a column, so each live one is read (a club keeps a few hundred); returns how many
    were ended."""
    mine = str(user.pk)
    live = Session.objects.filter(expire_date__gt=timezone.now())
    keys = [
        session.session_key
        for session in live.iterator(chunk_size=500)
        if session.get_decoded().get(SESSION_KEY) == mine
    ]
    ended, _ = Session.objects.filter(session_key__in=keys).delete()
    return ended


class SignInForm(AuthenticationForm):
    """Django's sign-in form, with a name longer than any member's refused as the field's
    error before it is tried: Django sets only the field's maxlength for the browser, and
    a longer name sent anyway reached django-axes, whose record of the failure (255
    characters at most) PostgreSQL refused, where the member should read why."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        longest = self.username_field.max_length or 254  # as Django's own form reads it
        self.fields["username"].validators.append(MaxLengthValidator(longest))
