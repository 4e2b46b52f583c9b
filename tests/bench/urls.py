"""The site's URLs with two baselines beside them for the benchmarks: Django's minimal view
(an empty answer, no database), and the least a keyed write does (`keyed`)."""

from __future__ import annotations

import uuid

from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import include, path

from scorer.plumbing.keys import claim
from scorer.rubbers.models import Rubber


def minimal(request: HttpRequest) -> HttpResponse:
    return HttpResponse()


# A small template, as a write's answer is one.
_ANSWER = engines["django"].from_string("<p>Revision {{ revision }}: {{ said }}</p>")


def keyed(request: HttpRequest, pk: int) -> HttpResponse:
    """The least a save does: claim its form's key and write one row (the rubber's
    revision moved on, as every write to it does), in one transaction committed, and
    answer with a small template."""
    assert request.user.is_authenticated, "the benchmark's phone is signed in"
    with transaction.atomic():
        claimed = claim(key=uuid.UUID(request.POST["key"]), user=request.user, what="bench")
        assert claimed is not None, "a new key each time"
        Rubber.objects.filter(pk=pk).update(revision=F("revision") + 1)
    return HttpResponse(_ANSWER.render({"revision": pk, "said": "done"}, request))


urlpatterns = [
    path("bench/minimal/", minimal),
    path("bench/keyed/<int:pk>/", keyed),
    path("", include("config.urls")),
]
