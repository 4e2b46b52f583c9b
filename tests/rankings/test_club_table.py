"""The club's table: its members over a period, their rubbers, points and best
partnership, and the period it is asked for."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.urls import reverse
from django.utils import timezone

from tests.support.ledger import WON_BY_WE, agreed


def test_the_club_table_shows_rubbers_points_and_the_best_partnership(
    client, players, staff, stake
):
    agreed(players, staff, WON_BY_WE)
    client.force_login(players[1].user)
    page = client.get(reverse("ledger:table")).content.decode()
    assert "Mrs. Carr" in page
    assert "gained most with Mr. Dane (+" in page  # Mrs. Carr's best partner


def test_a_partnership_that_lost_is_not_called_the_best(client, players, staff, stake):
    """Miss Fenwick lost every rubber with Col. Hartley: he did her the least harm, and
    the table says so, not that he was her best partner."""
    agreed(players, staff, WON_BY_WE)
    client.force_login(players[1].user)
    page = client.get(reverse("ledger:table")).content.decode()
    fenwick = page[page.index("<td>Miss Fenwick") :].split("</tr>")[0]
    assert "lost least with Col. Hartley (\u2212" in fenwick
    assert "best" not in fenwick
    assert "gained most" not in fenwick


def test_the_club_table_fills_its_date_inputs_as_a_date_input_reads_them(client, players):
    client.force_login(players[1].user)
    page = client.get(reverse("ledger:table"), {"start": "2026-11-01", "end": "2026-11-23"})
    text = page.content.decode()
    assert 'name="start" value="2026-11-01"' in text
    assert 'name="end" value="2026-11-23"' in text


def test_the_club_table_names_a_date_it_cannot_read(client, players):
    client.force_login(players[1].user)
    page = client.get(reverse("ledger:table"), {"start": "1 Nov 2026", "end": "2026-11-23"})
    assert page.status_code == 400
    text = page.content.decode()
    assert "From: Enter a valid date." in text
    assert 'name="end" value="2026-11-23"' in text, "what was given is kept"


def test_the_club_table_to_the_last_day_of_the_calendar_is_refused(client, players):
    client.force_login(players[0].user)
    response = client.get(reverse("ledger:table"), {"start": "2026-01-01", "end": "9999-12-31"})
    assert response.status_code == 400
    assert "choose between the years 2 and 9998" in response.content.decode()


def test_the_club_table_from_a_day_utc_has_no_time_for_is_refused(client, players):
    client.force_login(players[0].user)
    with timezone.override(ZoneInfo("Asia/Tokyo")):
        period = {"start": "0001-01-01", "end": "2026-11-22"}
        response = client.get(reverse("ledger:table"), period)
    assert response.status_code == 400
    assert "choose between the years 2 and 9998" in response.content.decode()


def test_the_club_table_is_read_by_season_this_one_unless_asked(client, players, staff):
    """A season is a calendar year by the club's clock: the table opens on this one, and
    offers each season in which a rubber was played."""
    from datetime import datetime

    this_year = timezone.localdate().year
    last_june = datetime(this_year - 1, 6, 1, 20, 0, tzinfo=timezone.get_current_timezone())
    agreed(players, staff, WON_BY_WE, started=last_june)
    agreed([players[0], players[3], players[2], players[1]], staff, WON_BY_WE)
    client.force_login(players[1].user)
    now = client.get(reverse("ledger:table")).content.decode()
    assert f"The {this_year} season" in now
    assert f'href="?season={this_year - 1}"' in now
    fenwick = now[now.index("<td>Miss Fenwick") :].split("</tr>")[0]
    assert "<td>1</td><td>0</td><td>\u2212284</td>" in fenwick  # this year: she lost once
    then = client.get(reverse("ledger:table"), {"season": this_year - 1}).content.decode()
    assert f"The {this_year - 1} season" in then
    hartley = then[then.index("<td>Col. Hartley") :].split("</tr>")[0]
    assert "<td>1</td><td>0</td><td>\u2212284</td>" in hartley  # last year he lost once
    assert "<td>Col. Hartley" in then
    period = client.get(
        reverse("ledger:table"), {"start": f"{this_year - 1}-12-01", "end": timezone.localdate()}
    ).content.decode()
    assert f"From 1 Dec {this_year - 1}" in period
