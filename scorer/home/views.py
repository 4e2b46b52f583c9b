"""The home page: Elwell's specimen for a visitor, the club's rubbers for a member."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorer.home.specimen import specimen_text
from scorer.rubbers import reads
from scorer.rubbers.models import Rubber
from scorer.rubbers.presenters import rubber_rows


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "home/home.html", {"specimen": specimen_text()})
    rows = rubber_rows(reads.states_of(Rubber.objects.all()[:30]))
    return render(
        request,
        "home/rubbers.html",
        {
            # Until both sides agree, a rubber is the table's business: in play, or won
            # and awaiting agreement.
            "in_play": [row for row in rows if not row.rubber.agreed],
            "finished": [row for row in rows if row.rubber.agreed],
        },
    )
