"""A phone whose session has ended, a form whose security token has expired, and a form
shown to one member sent after another signed in on the same phone."""

from __future__ import annotations

from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from scorer.models import Deal
from tests.support.deal_forms import declare
from tests.support.html import Forms


def test_htmx_from_a_signed_out_phone_is_sent_to_sign_in_whole_page(client, rubber):
    response = declare(client, rubber, htmx=True)
    assert response.status_code == 200
    assert response["HX-Redirect"].startswith(reverse("login"))
    assert not Deal.objects.exists()


def test_an_expired_form_says_nothing_was_recorded(players, rubber):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(players[0].user)
    response = phone.post(reverse("scorer:declaration", args=[rubber.pk]), {"trump": "H"})
    assert response.status_code == 403
    assert "That form has expired" in response.content.decode()
    assert "Nothing was recorded" in response.content.decode()
    assert not Deal.objects.exists()


def test_an_expired_form_under_htmx_reloads_the_page(players, rubber):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(players[0].user)
    response = phone.post(
        reverse("scorer:declaration", args=[rubber.pk]), {}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 403
    assert response["HX-Refresh"] == "true"


def test_a_form_shown_to_one_member_cannot_be_sent_after_another_signs_in_on_the_phone(
    players, rubber
):
    """A shared phone: Mrs. Carr's page is kept, her session lapses, Mr. Dane signs in.
    Her page's form, sent now, would be his; signing in renewed the security token, so it
    is refused and nothing is recorded."""
    phone = Client(enforce_csrf_checks=True)
    phone.get(reverse("login"))
    login = {"csrfmiddlewaretoken": phone.cookies["csrftoken"].value, "password": "pw"}
    assert phone.post(reverse("login"), {**login, "username": "carr"}).status_code == 302
    page = reverse("scorer:rubber", args=[rubber.pk])
    her_form = Forms(phone.get(page).content.decode()).form("/declaration/")
    assert her_form is not None

    Session.objects.all().delete()  # her session lapses
    phone.get(reverse("login"))
    login["csrfmiddlewaretoken"] = phone.cookies["csrftoken"].value
    assert phone.post(reverse("login"), {**login, "username": "dane"}).status_code == 302
    response = phone.post(her_form["action"], {**her_form["values"], "trump": "H"})

    assert response.status_code == 403
    assert not Deal.objects.exists()


def test_a_name_longer_than_any_members_is_refused_in_words(client, players):
    """A name of 300 letters, sent past the field's maxlength, is refused by the form on
    either database: never tried, so no failure recorded (whose record holds 255
    characters, which PostgreSQL enforces), and no 500."""
    from axes.models import AccessAttempt

    response = client.post(reverse("login"), {"username": "x" * 300, "password": "pw"})

    assert response.status_code == 200
    assert "That username and password do not match." in response.text
    assert not AccessAttempt.objects.exists()
