"""What a request to this site carries, for the type checker: django-htmx's middleware
gives every request `htmx`, and a view behind `@login_required` has a signed-in user.

Views name these in their annotations only; the requests themselves are Django's own.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxRequest(HttpRequest):
    htmx: HtmxDetails


class SignedInRequest(HtmxRequest):
    """A request to a view behind `@login_required`."""

    user: User
