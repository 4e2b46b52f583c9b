"""The scoring site's pages."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorer.engine import Rubber, loads, sheet_text

SPECIMEN = Path(__file__).parent / "data" / "elwell-specimen.json"


@cache
def _specimen() -> Rubber:
    return loads(SPECIMEN.read_text())


def home(request: HttpRequest) -> HttpResponse:
    specimen = _specimen()
    return render(
        request,
        "scorer/home.html",
        {"specimen": sheet_text(specimen.sheet(), specimen.players)},
    )
