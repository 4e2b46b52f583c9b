"""Each deal accepted by a player of the other side, where the club asks for it: once a
deal, kept unique by the database; a correction takes it away; it makes no form stale; the
rubber is still agreed as a whole (Law 13)."""

from __future__ import annotations

import html
import uuid

import pytest
from django.db import IntegrityError
from django.test import Client
from django.urls import reverse

from scorer.models import Acceptance, Club, Deal
from tests.support.deal_forms import (
    accept,
    agree,
    correct,
    revision,
    whole_deal,
    won,
)


@pytest.fixture
def asked(club):
    """The club asks the other side to accept each deal."""
    Club.objects.filter(pk=club.pk).update(deals_accepted=True)


@pytest.fixture
def fenwick(players):
    """A phone signed in as Miss Fenwick, of They."""
    phone = Client()
    phone.force_login(players[1].user)
    return phone


def page(client, rubber) -> str:
    return html.unescape(client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode())


def test_by_default_the_club_does_not_ask_and_the_sheet_says_nothing_of_it(carr, fenwick, rubber):
    whole_deal(carr, rubber)
    assert "accepted" not in page(fenwick, rubber)
    response = accept(fenwick, rubber, 1)
    assert response.status_code == 422
    assert (
        "The club does not ask for each deal to be accepted: nothing was recorded."
        in html.unescape(response.content.decode())
    )
    assert not Acceptance.objects.exists()


def test_a_deal_is_not_yet_accepted_until_the_other_side_accepts_it(
    asked, carr, fenwick, rubber, players
):
    whole_deal(carr, rubber)
    assert "Deal 1: not yet accepted by They." in page(carr, rubber)
    assert "Accept deal 1" not in page(carr, rubber)  # hers is We's side
    assert "Accept deal 1" in page(fenwick, rubber)

    assert accept(fenwick, rubber, 1).status_code == 302

    accepted = Acceptance.objects.get()
    assert (accepted.deal.number, accepted.accepted_by) == (1, players[1].user)
    text = page(carr, rubber)
    assert "Deal 1: accepted by Miss Fenwick for They." in text
    assert "(accepted by Miss Fenwick for They)" in text  # on the deal's line
    assert "not yet accepted" not in text


def test_the_phones_following_are_told_whose_phone_accepted(asked, carr, fenwick, rubber):
    whole_deal(carr, rubber)
    shown = revision(rubber)
    accept(fenwick, rubber, 1)
    url = reverse("scorer:live", args=[rubber.pk])
    polled = html.unescape(page_poll(carr, rubber, url, shown))
    assert "From Miss Fenwick's phone: Deal 1 accepted by Miss Fenwick for They." in polled


def page_poll(client, rubber, url, shown) -> str:
    from scorer.rubbers.live import token

    request = client.get(reverse("scorer:rubber", args=[rubber.pk])).wsgi_request
    return client.get(
        url,
        {"revision": shown, "token": token(request, rubber)},
        headers={"HX-Request": "true"},
    ).content.decode()


def test_a_player_of_the_side_that_recorded_it_does_not_accept_it(asked, carr, rubber):
    whole_deal(carr, rubber)
    assert accept(carr, rubber, 1).status_code == 403
    assert not Acceptance.objects.exists()


def test_a_deal_is_accepted_once_the_second_tap_told_who_did(asked, carr, fenwick, rubber, players):
    hartley = Client()
    hartley.force_login(players[3].user)  # They's other player
    whole_deal(carr, rubber)
    shown = revision(rubber)
    assert accept(fenwick, rubber, 1, at=shown).status_code == 302
    response = accept(hartley, rubber, 1, at=shown)  # on his page, shown before hers
    assert response.status_code == 422
    assert "Deal 1 has been accepted already, by Miss Fenwick" in html.unescape(
        response.content.decode()
    )
    assert Acceptance.objects.count() == 1


def test_the_database_keeps_one_acceptance_a_deal(asked, carr, rubber, players):
    whole_deal(carr, rubber)
    deal = Deal.objects.get()
    Acceptance.objects.create(deal=deal, accepted_by=players[1].user)
    with pytest.raises(IntegrityError):
        Acceptance.objects.create(deal=deal, accepted_by=players[3].user)


def test_an_acceptance_sent_twice_is_kept_once(asked, carr, fenwick, rubber):
    whole_deal(carr, rubber)
    key, at = uuid.uuid4(), revision(rubber)
    assert accept(fenwick, rubber, 1, key=key, at=at).status_code == 302
    assert accept(fenwick, rubber, 1, key=key, at=at).status_code == 302
    assert Acceptance.objects.count() == 1


def test_an_acceptance_from_a_page_shown_before_the_deal_changed_is_refused(
    asked, carr, fenwick, rubber
):
    whole_deal(carr, rubber, tricks=9)
    shown = revision(rubber)
    correct(carr, rubber, 1, tricks=8, reason="a trick miscounted")
    response = accept(fenwick, rubber, 1, at=shown)
    assert response.status_code == 409
    assert "Yours — your acceptance of deal 1 — was not saved." in html.unescape(
        response.content.decode()
    )
    assert not Acceptance.objects.exists()


def test_a_correction_takes_the_acceptance_away_for_the_other_side_to_give_again(
    asked, carr, fenwick, rubber
):
    whole_deal(carr, rubber, tricks=9)
    accept(fenwick, rubber, 1)
    # Corrected by They: it is now for We to accept.
    response = correct(fenwick, rubber, 1, tricks=8, reason="a trick miscounted")
    assert response.status_code == 302
    assert not Acceptance.objects.exists()
    lapsed = "Miss Fenwick's acceptance of deal 1 lapsed: it is to be accepted as corrected."
    assert lapsed in page(fenwick, rubber)
    text = page(carr, rubber)
    assert "Deal 1: not yet accepted by We." in text
    assert "Accept deal 1" in text
    assert "Accept deal 1" not in page(fenwick, rubber)
    assert accept(carr, rubber, 1).status_code == 302


def test_a_deal_the_staff_entered_is_the_clubs_own_and_asks_no_side(asked, rubber, staff, fenwick):
    secretary = Client()
    secretary.force_login(staff)
    whole_deal(secretary, rubber)
    assert "not yet accepted" not in page(fenwick, rubber)
    response = accept(fenwick, rubber, 1)
    assert response.status_code == 422
    assert "Deal 1 was entered by the staff: no side need accept it" in html.unescape(
        response.content.decode()
    )


def test_the_staff_may_accept_for_the_side_to_accept(asked, carr, rubber, staff):
    secretary = Client()
    secretary.force_login(staff)
    whole_deal(carr, rubber)
    assert "Accept deal 1" in page(secretary, rubber)
    assert accept(secretary, rubber, 1).status_code == 302
    assert "Deal 1: accepted by secretary for They." in page(carr, rubber)


def test_the_rubber_is_agreed_whatever_is_accepted_and_then_nothing_is_asked(
    asked, carr, fenwick, rubber
):
    won(carr, rubber)
    assert "not yet accepted by They" in page(carr, rubber)
    assert agree(carr, rubber, "we").status_code == 302
    assert agree(fenwick, rubber, "they").status_code == 302  # Law 13: the whole rubber
    assert "not yet accepted" not in page(carr, rubber)
    response = accept(fenwick, rubber, 3)
    assert response.status_code == 422
    assert not Acceptance.objects.exists()
