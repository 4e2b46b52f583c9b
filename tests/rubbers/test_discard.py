"""Discarding the deal in progress: until its result is saved it is nobody's score."""

from __future__ import annotations

import uuid

from django.urls import reverse

from scorer.models import Deal
from tests.support.deal_forms import declare, play, revision


def discard(client, rubber, *, key=None, at=None):
    data = {"key": key or uuid.uuid4(), "revision": revision(rubber) if at is None else at}
    return client.post(reverse("scorer:discard", args=[rubber.pk]), data)


def test_the_deal_in_progress_is_discarded(carr, rubber):
    play(carr, rubber)
    declare(carr, rubber)
    assert discard(carr, rubber).status_code == 302
    assert list(Deal.objects.values_list("number", flat=True)) == [1]
    text = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "Deal 2: the declaration" in text


def test_a_recorded_deal_is_not_discarded(carr, rubber):
    play(carr, rubber)
    discard(carr, rubber)
    assert Deal.objects.count() == 1


def test_a_stale_discard_is_refused(carr, rubber):
    declare(carr, rubber)
    shown_at = revision(rubber)
    declare(carr, rubber, trump="NT")
    assert discard(carr, rubber, at=shown_at).status_code == 409
    assert Deal.objects.get().trump == "NT"


def test_a_member_who_is_not_playing_cannot_discard(client, carr, rubber, stranger):
    declare(carr, rubber)
    client.force_login(stranger.user)
    assert discard(client, rubber).status_code == 403
    assert Deal.objects.exists()
