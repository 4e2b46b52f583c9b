"""The site's own pages: the home page (Elwell's specimen for a visitor, the club's rubbers
for a member), and what is said when a form's security token has expired or a name is
locked out of signing in."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorer.plumbing.http import HtmxRequest
from scorer.rubbers import reads
from scorer.rubbers.models import Rubber
from scorer.rubbers.presenters import rubber_rows
from scorer.specimen import specimen_text


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "scorer/home.html", {"specimen": specimen_text()})
    rows = rubber_rows(reads.states_of(Rubber.objects.all()[:30]))
    return render(
        request,
        "scorer/rubbers.html",
        {
            # Until both sides agree, a rubber is the table's business: in play, or won
            # and awaiting agreement.
            "in_play": [row for row in rows if not row.rubber.agreed],
            "finished": [row for row in rows if row.rubber.agreed],
        },
    )


def csrf_failure(request: HtmxRequest, reason: str = "") -> HttpResponse:
    """A form whose security token has expired (a page left open for hours, cookies
    cleared): say what to do, and reload the page under htmx so that it gets a fresh one."""
    response = render(request, "csrf_failure.html", status=403)
    if request.htmx:
        response["HX-Refresh"] = "true"
    return response


def sign_in_locked(
    request: HttpRequest, response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """django-axes calls this when a username has had too many wrong passwords."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    return render(
        request,
        "registration/locked.html",
        {"username": username, "minutes": minutes, "limit": settings.AXES_FAILURE_LIMIT},
        status=429,
    )
