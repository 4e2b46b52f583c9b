"""What the site does around every request: htmx requests from a phone whose session has
ended are sent to sign in, whole page; a database that cannot take a save says why, and
so does a printer too busy to take a document."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import resolve_url
from django.template.loader import render_to_string
from django_htmx.http import HttpResponseClientRedirect

from scorer.plumbing import printer


class HtmxSignIn:
    """Without this, htmx would follow the redirect to the sign-in page and swap that page
    into the sheet; HX-Redirect makes the browser go there instead."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, "htmx", False) and response.status_code == 302:
            login = resolve_url(settings.LOGIN_URL)
            if response["Location"].startswith(login):
                return HttpResponseClientRedirect(response["Location"])
        return response


logger = logging.getLogger(__name__)

BUSY = (
    "The club's database is busy with another save, so this was not recorded. "
    "Nothing already recorded is lost: tap it again in a moment."
)
FULL = (
    "The club's server has no room left on its disk, so this was not recorded. "
    "Everything recorded before is safe. Keep the score on paper and tell the secretary."
)
UNREADABLE = "The club's server cannot read its database just now: try again in a moment."
UNREACHABLE = (
    "The club's server cannot reach its database just now, so this was not recorded. "
    "Nothing already recorded is lost: tap it again in a moment."
)


def trouble(error: OperationalError) -> str:
    """What a player can do about a database error, in words: SQLite and PostgreSQL name
    a lock or a full disk in their messages."""
    text = str(error).lower()
    if "full" in text or "no space" in text:
        return FULL
    if "locked" in text or "busy" in text or "lock timeout" in text:
        return BUSY
    return UNREACHABLE


class DatabaseTrouble:
    """A locked or full database, or one that has gone away, answers 503 with what
    happened and what to do, instead of the bare server error page. Each save runs in
    one transaction, so a refused save leaves the sheet as it was, and the phone keeps
    what was typed: htmx does not swap an error, and a form posted whole can go back."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError):
            return None
        logger.error("database trouble at %s", request.path, exc_info=exception)
        return unavailable(request, trouble(exception) if request.method == "POST" else UNREADABLE)


class PrinterBusy:
    """A document refused because this process's printer stayed busy (printer.Busy)
    answers 503 with the printer's sentence, at once, rather than holding the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, printer.Busy):
            return None
        logger.warning("printer busy at %s", request.path)
        return unavailable(
            request,
            str(exception),
            heading="Not printed",
            advice="Go back, and ask for it again in a moment.",
        )


def unavailable(request: HttpRequest, message: str, **words: str) -> HttpResponse:
    """503 with what happened and what to do: plain text for htmx, which shows it where
    it is, or the page of its own for a browser."""
    if getattr(request, "htmx", False):
        return HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    page = render_to_string("trouble.html", {"message": message, **words})
    return HttpResponse(page, status=503)
