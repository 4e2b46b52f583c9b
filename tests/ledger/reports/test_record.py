"""A member's record over a season, in pictures: his points and money after each sitting,
his rubbers won and lost, his partnerships; each chart with the table of its figures, and
for himself and the staff alone."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from ledger.models import Sitting
from ledger.reports.record import record
from scorer.rankings.seasons import Season
from tests.support.ledger import WON_BY_WE, agreed, set_stake
from tests.support.rubbers import deal

LOST_BY_WE = [deal("NT", (1, 12)), deal("NT", (1, 12), dealer="they")]


@pytest.fixture
def season(players, staff):
    """Last June: two sittings of a season past, and a rubber outside them.

    Mrs. Carr and Mr. Dane gain 284 on Monday; on Tuesday she loses 284 partnering Miss
    Fenwick, then gains 284 with Mr. Dane again; on Thursday, outside any sitting, she
    gains 284 with him once more. At £0.50 a hundred points, 284 is £1.42."""
    carr, fenwick, dane, hartley = players
    year = timezone.localdate().year - 1
    zone = timezone.get_current_timezone()
    monday = datetime(year, 6, 1, 19, 0, tzinfo=zone)
    set_stake("0.50", staff, at=monday - timedelta(days=1))
    tuesday = monday + timedelta(days=1)
    for name, start in (("Monday", monday), ("Tuesday", tuesday)):
        Sitting.objects.create(
            name=name, start=start, end=start + timedelta(hours=6), created_by=staff
        )
    agreed(players, staff, WON_BY_WE, started=monday + timedelta(hours=1))
    agreed([carr, dane, fenwick, hartley], staff, LOST_BY_WE, started=tuesday + timedelta(hours=1))
    agreed(players, staff, WON_BY_WE, started=tuesday + timedelta(hours=2))
    agreed(players, staff, WON_BY_WE, started=monday + timedelta(days=3, hours=1))
    return Season(year)


def test_a_members_season_is_his_points_and_money_after_each_sitting(players, season):
    carr, fenwick, dane = players[:3]
    found = record(carr, season)
    assert [
        (e.name, e.rubbers, e.won, e.lost, e.points, e.season_points) for e in found.evenings
    ] == [
        ("Monday", 1, 1, 0, 284, 284),
        ("Tuesday", 2, 1, 1, 0, 284),
        (f"4 June {season.year}", 1, 1, 0, 284, 568),  # outside any sitting: its day
    ]
    assert [e.season_money for e in found.evenings] == [
        Decimal("1.42"),
        Decimal("1.42"),
        Decimal("2.84"),
    ]
    assert (found.rubbers, found.won, found.lost, found.level) == (4, 3, 1, 0)
    assert [(p.partner, p.rubbers, p.won, p.points) for p in found.partnerships] == [
        (dane, 3, 3, 852),
        (fenwick, 1, 0, -284),
    ]


def test_another_season_holds_none_of_it(players, season):
    assert record(players[0], Season(season.year + 1)).evenings == []


def test_his_page_draws_each_chart_with_the_table_of_its_figures(client, players, season):
    carr = players[0]
    client.force_login(carr.user)
    page = client.get(reverse("ledger:my_record"), {"season": season.year}).content.decode()
    assert "Mrs. Carr's record" in page
    assert f"The {season.year} season" in page
    assert "4 rubbers: won 3, lost 1. +568 points at Bridge; money +£2.84." in page
    charts = re.findall(r'<svg class="chart" viewBox="[^"]+" role="img" aria-label="([^"]+)"', page)
    assert charts == [
        f"Bridge points after each sitting of the {season.year} season",
        f"Money after each sitting of the {season.year} season",
        f"Rubbers won and lost at each sitting of the {season.year} season",
        "Bridge points with each partner",
    ]
    # A point on the line for each sitting; the tables beside say the same figures.
    points = page[page.index("<figcaption>Points at Bridge") : page.index("</figure>")]
    assert points.count('class="dot"') == 3
    assert "<td>+284</td><td>+284</td>" in points
    assert "<td>0</td><td>+284</td>" in points
    assert "<td>+284</td><td>+568</td>" in points
    money = page[page.index("<figcaption>Money after each sitting") :].split("</figure>")[0]
    assert "<td>+£1.42</td><td>+£2.84</td>" in money
    partners = page[page.index("<h2>Partnerships</h2>") :].split("</figure>")[0]
    assert '<th scope="row">Mr. Dane</th><td>3</td><td>3</td><td>+852</td>' in partners
    assert '<th scope="row">Miss Fenwick</th><td>1</td><td>0</td><td>\u2212284</td>' in partners
    assert 'class="lost"' in partners  # Miss Fenwick's bar, falling to the left


def test_a_member_sees_his_own_record_the_staff_anyones(client, players, staff, season):
    carr, fenwick = players[:2]
    client.force_login(fenwick.user)
    assert client.get(reverse("ledger:record", args=[carr.pk])).status_code == 403
    assert client.get(reverse("ledger:record", args=[fenwick.pk])).status_code == 200
    client.force_login(staff)
    assert client.get(reverse("ledger:record", args=[carr.pk])).status_code == 200
    assert client.get(reverse("ledger:my_record")).status_code == 403  # the staff: no member


def test_a_season_the_page_cannot_read_is_this_one(client, players, season):
    client.force_login(players[0].user)
    for asked in ("next year", "99999", "0001", ""):
        page = client.get(reverse("ledger:my_record"), {"season": asked})
        assert page.status_code == 200
        assert f"The {timezone.localdate().year} season" in page.content.decode()


def test_his_statement_leads_to_his_record(client, players):
    client.force_login(players[0].user)
    page = client.get(reverse("ledger:me")).content.decode()
    assert reverse("ledger:record", args=[players[0].pk]) in page
    assert "Carr's season, in pictures" in page
