"""A substitute at the rubber she plays (Law 27): she records its deals, corrects them and
agrees its value for her side, as the player she replaces could; the page names her when
she deals. The rubber still posts to the member she replaces."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorer import engine
from scorer.models import Correction, Deal, Rubber
from scorer.tables import writes as table_writes
from tests.support.club import make_member
from tests.support.deal_forms import agree, correct, play, won
from tests.support.tables import form, six_members


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("secretary", password="pw", is_staff=True)


@pytest.fixture
def substituted(db, staff):
    """Table 1's rubber in play, the first dealer's seat played by Mrs. Outram for its
    member; and Mrs. Outram's phone."""
    six = six_members()
    table = form(six[:4], staff)
    rubber = table.rubbers.get()
    quitting = rubber.seats.get(position=rubber.first_dealer).member
    substitute = make_member("Mrs. Outram", "Outram")
    table_writes.appoint_substitute(
        table=table, quitting=quitting, substitute=substitute, seen=str(table.revision), user=staff
    )
    return Rubber.objects.get(pk=rubber.pk), quitting, substitute


def test_the_page_names_the_substitute_when_she_deals(substituted, client):
    rubber, quitting, substitute = substituted
    client.force_login(substitute.user)
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert f'<p class="next">Deal 1: Mrs. Outram deals, for {quitting.name} (Law 27).</p>' in page


def test_a_substitute_declares_and_records_at_the_rubber_she_plays(substituted, client):
    rubber, _, substitute = substituted
    client.force_login(substitute.user)
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "You are following this rubber" not in page
    assert "Save the declaration" in page
    play(client, rubber, trump="H", tricks=9)
    deal = Deal.objects.get(rubber=rubber, number=1)
    assert (deal.declared_by, deal.recorded_by) == (substitute.user, substitute.user)


def test_a_substitute_corrects_a_deal_of_the_rubber_she_plays(substituted, client):
    rubber, _, substitute = substituted
    client.force_login(substitute.user)
    play(client, rubber, trump="H", tricks=9)
    answer = correct(client, Rubber.objects.get(pk=rubber.pk), 1, tricks=8)
    assert answer.status_code == 302, answer.content.decode()[:500]
    assert Correction.objects.get(rubber=rubber).made_by == substitute.user


def test_a_substitute_agrees_for_her_side_only(substituted, client):
    rubber, _, substitute = substituted
    client.force_login(substitute.user)
    won(client, rubber)
    side = engine.side_of_seat(rubber.first_dealer).value
    other = engine.Side(side).other.value
    assert agree(client, Rubber.objects.get(pk=rubber.pk), other).status_code == 403
    assert agree(client, Rubber.objects.get(pk=rubber.pk), side).status_code == 302
    assert Rubber.objects.get(pk=rubber.pk).agreed_by(engine.Side(side))[0] == substitute.user
