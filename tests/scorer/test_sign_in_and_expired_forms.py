"""A phone whose session has ended, and a form whose security token has expired."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from scorer.models import Deal
from tests.support.table import declare


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
