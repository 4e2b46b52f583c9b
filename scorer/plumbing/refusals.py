"""A refused request in the server's log: one line saying what was asked (method and path),
by whom, and why it was refused, never the traceback of the PermissionDenied that refused
it; a server error keeps its traceback, so that it stands out.

Django logs each 4xx answer once, on `django.request` (a PermissionDenied with its
traceback) or, for a form whose security token failed, on `django.security.csrf`; the
settings put this filter on both loggers. Imported while logging is set up, before the
apps: it reads no model."""

from __future__ import annotations

import logging
from http import HTTPStatus

CSRF = "django.security.csrf"


class OneLine(logging.Filter):
    """Rewrites each record of a 4xx answer into one line, and lets every record pass."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        request = getattr(record, "request", None)
        if not isinstance(status, int) or not 400 <= status < 500 or request is None:
            return True
        # Logging set up twice in one process (dictConfig adds a logger's filters to those
        # it has) puts this filter on a logger twice: a record is rewritten once, or its
        # reason, taken from the exception the first rewrite removed, would be lost.
        if getattr(record, "one_line", False):
            return True
        record.one_line = True
        line = f"{request.method} {request.path} refused ({status} {_phrase(status)})"
        line += f" for {_who(request)}"
        reason = _reason(record)
        record.msg = _printable(f"{line}: {reason}" if reason else line)
        record.args = ()
        record.exc_info = None
        record.exc_text = None
        return True


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Refused"


def _who(request: object) -> str:
    """The member's name, or that nobody was signed in. Reading the user may reach the
    database; a log line is never lost to that."""
    try:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return "a visitor not signed in"
        return str(user.get_username())
    except Exception:
        return "someone (the session could not be read)"


def _reason(record: logging.LogRecord) -> str:
    """What refused it: the exception's words, or the security token's failure."""
    if record.exc_info and record.exc_info[1] is not None:
        return str(record.exc_info[1])
    if record.name == CSRF and isinstance(record.args, tuple) and record.args:
        return str(record.args[0])
    return ""


def _printable(text: str) -> str:
    """One line whatever the request carried: a newline in a path is written as \\n."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)
