"""Signing in: the address a sign-in comes from, by which (with the name) repeated wrong
passwords are locked out."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


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
