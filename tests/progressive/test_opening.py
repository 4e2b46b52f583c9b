"""Opening a Progressive evening: the staff, or any member if the club allows it; its name,
day and deals a round; the club's doubling limit, kept by the evening."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorer.club.models import Club
from scorer.progressive.models import ProgressiveEvening
from tests.support.html import Forms, submit

EVENINGS = reverse("scorer:progressive:evenings")
OPEN = reverse("scorer:progressive:open")


def opening(client, **fields):
    return submit(client, EVENINGS, OPEN, fields, follow=True)


def said(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_the_home_page_leads_to_the_evenings(secretary):
    home = secretary.get(reverse("scorer:home")).content.decode()
    assert f'href="{EVENINGS}">Progressive evenings</a>' in home


def test_the_staff_open_an_evening_with_the_clubs_doubling_limit(secretary, club):
    Club.objects.filter(pk=club.pk).update(doubling_limit=100)
    page = opening(secretary, name="Tuesday's drive", day="2026-12-01", deals_a_round="6")
    evening = ProgressiveEvening.objects.get()
    assert (evening.name, str(evening.day), evening.deals_a_round) == (
        "Tuesday's drive",
        "2026-12-01",
        6,
    )
    assert evening.doubling_limit == 100
    assert page.redirect_chain[-1][0] == reverse("scorer:progressive:evening", args=[evening.pk])
    assert said(page) == [
        "Tuesday's drive is open: 6 deals a round, the club's doubling limit of 100 (Law 56). "
        "Add the players as they arrive."
    ]


def test_an_evening_keeps_the_limit_it_opened_with(secretary, club):
    opening(secretary, name="Drive", day="2026-12-01", deals_a_round="4")
    Club.objects.filter(pk=club.pk).update(doubling_limit=50)
    assert ProgressiveEvening.objects.get().doubling_limit is None


def test_the_deals_a_round_are_four_unless_changed(secretary):
    form = Forms(secretary.get(EVENINGS).content.decode()).form(OPEN)
    assert form is not None
    assert form["values"]["deals_a_round"] == "4"


def test_a_member_is_not_offered_the_form_unless_the_club_allows_it(client, players, club):
    client.force_login(players[0].user)
    assert Forms(client.get(EVENINGS).content.decode()).form(OPEN) is None
    assert client.post(OPEN, {"name": "x"}).status_code == 403
    Club.objects.filter(pk=club.pk).update(members_open_progressive=True)
    page = opening(client, name="Members' drive", day="2026-12-01", deals_a_round="4")
    assert page.status_code == 200
    assert ProgressiveEvening.objects.get().opened_by == players[0].user


def test_the_setting_is_off_by_default_and_in_the_admins_club_settings(admin_client, club):
    assert Club.get().members_open_progressive is False
    page = admin_client.get(reverse("admin:scorer_club_change", args=[club.pk])).content.decode()
    assert 'name="members_open_progressive"' in page
    assert "Any member may open a Progressive evening" in page


def test_opening_the_same_evening_twice_gives_one_evening_and_says_so(secretary, staff):
    opening(secretary, name="Drive", day="2026-12-01", deals_a_round="4")
    again = opening(secretary, name="Drive", day="2026-12-01", deals_a_round="2")
    assert ProgressiveEvening.objects.count() == 1
    evening = ProgressiveEvening.objects.get()
    assert evening.deals_a_round == 4
    assert said(again)[0].startswith("Drive was opened already, by secretary at ")
    assert said(again)[0].endswith(": here it is. Nothing new was opened.")
    assert again.redirect_chain[-1][0] == reverse("scorer:progressive:evening", args=[evening.pk])


def test_a_form_sent_twice_opens_one_evening_and_answers_as_the_first(secretary):
    form = Forms(secretary.get(EVENINGS).content.decode()).form(OPEN)
    data = {**form["values"], "name": "Drive", "day": "2026-12-01"}
    first = secretary.post(OPEN, data)
    second = secretary.post(OPEN, data)
    assert first["Location"] == second["Location"]
    assert ProgressiveEvening.objects.count() == 1


@pytest.mark.parametrize(
    ("deals", "refusal"),
    [
        ("0", "Deals a round: ensure this value is greater than or equal to 1."),
        ("14", "Deals a round: ensure this value is less than or equal to 13."),
        ("four", "Deals a round: enter a whole number."),
    ],
)
def test_a_bad_number_of_deals_is_refused_naming_it(secretary, deals, refusal):
    page = opening(secretary, name="Drive", day="2026-12-01", deals_a_round=deals)
    assert said(page) == [refusal]
    assert not ProgressiveEvening.objects.exists()


def test_the_evenings_are_listed_with_where_each_stands(secretary, evening):
    page = secretary.get(EVENINGS).content.decode()
    assert "Progressive evening" in page
    assert ": round 1</span>" in page
