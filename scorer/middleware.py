"""htmx requests from a phone whose session has ended are sent to sign in, whole page."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import resolve_url
from django_htmx.http import HttpResponseClientRedirect


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
