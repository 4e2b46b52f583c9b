"""The club's table: its members over a period, ranked by the points of their agreed
rubbers."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from scorer.rankings import reads as rankings
from scorer.rankings.forms import PeriodForm


@login_required
@require_GET
def club_table(request: HttpRequest) -> HttpResponse:
    """The club's members over a period: rubbers, gains, net points, best partnership."""
    today = timezone.localdate()
    form = PeriodForm(request.GET or {"start": today.replace(day=1), "end": today})
    if not form.is_valid():
        return render(request, "rankings/club_table.html", {"form": form}, status=400)
    table = rankings.club_table(*form.bounds())
    return render(request, "rankings/club_table.html", {"form": form, "table": table})
