"""The scoring site's pages."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorer.engine import loads, sheet_text

SPECIMEN = Path(__file__).parent / "data" / "elwell-specimen.json"


@cache
def _specimen_text() -> str:
    """Elwell's specimen never changes: it is worked out once per process."""
    specimen = loads(SPECIMEN.read_text())
    return sheet_text(specimen.sheet(), specimen.players)


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "scorer/home.html", {"specimen": _specimen_text()})
