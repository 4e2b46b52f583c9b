"""The site's URLs with Django's minimal view beside them, for the benchmark's baseline."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def minimal(request: HttpRequest) -> HttpResponse:
    return HttpResponse()


urlpatterns = [
    path("bench/minimal/", minimal),
    path("", include("config.urls")),
]
