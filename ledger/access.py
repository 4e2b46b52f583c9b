"""Who keeps the ledger: the club's staff (a member sees his own statement and the club's
table)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest


def staff_only(request: HttpRequest) -> None:
    if not request.user.is_staff:
        raise PermissionDenied("Only the club's staff keep the ledger.")
