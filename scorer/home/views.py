"""The home page: Elwell's specimen for a visitor, the club's rubbers for a member, and his
table at each Duplicate or Progressive evening in play."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorer.duplicate import reads as duplicate
from scorer.home.specimen import specimen_text
from scorer.progressive import reads as progressive
from scorer.rubbers import reads
from scorer.rubbers.models import Rubber
from scorer.rubbers.presenters import rubber_rows


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "home/home.html", {"specimen": specimen_text()})
    rows = rubber_rows(reads.states_of(Rubber.objects.all()[:30]))
    member = getattr(request.user, "member", None)
    return render(
        request,
        "home/rubbers.html",
        {
            # Until both sides agree, a rubber is the table's business: in play, or won
            # and awaiting agreement.
            "in_play": [row for row in rows if not row.rubber.agreed],
            "finished": [row for row in rows if row.rubber.agreed],
            # "Your table: Round 2, Table 3, North–South", at each evening in play; at a
            # Progressive evening, "Your table: Round 2, Table 3".
            "duplicate": [] if member is None else duplicate.seated(member.pk),
            "progressive": [] if member is None else progressive.seated(member.pk),
        },
    )
