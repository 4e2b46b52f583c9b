"""The club's table: its members over a season (a calendar year) or any period, ranked by
the points of their agreed rubbers, and by their Progressive evenings."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorer.rankings import reads as rankings
from scorer.rankings.forms import PeriodForm
from scorer.rankings.seasons import season_named, seasons_played, this_season


@login_required
@require_GET
def club_table(request: HttpRequest) -> HttpResponse:
    """The club's members over a season (?season=2026; this one unless a period is asked
    for, ?start=…&end=…): rubbers, gains, net points, the partnership that did most good."""
    season = season_named(request.GET.get("season"))
    if season is None and "start" not in request.GET and "end" not in request.GET:
        season = this_season()
    if season is not None:
        form = PeriodForm({"start": season.first_day, "end": season.last_day})
    else:
        form = PeriodForm(request.GET)
    context = {"form": form, "season": season, "seasons": seasons_played()}
    if not form.is_valid():
        return render(request, "rankings/club_table.html", context, status=400)
    table = rankings.club_table(*form.bounds())
    evenings = rankings.evenings_table(*form.bounds())
    return render(
        request, "rankings/club_table.html", {**context, "table": table, "evenings": evenings}
    )
