"""Undoing the last entry, made in error: the deal in progress's declaration, or the last
deal recorded while Law 12 still allows its removal, each kept as a correction whose reason
is filled in ("entered in error")."""

from __future__ import annotations

import html
import uuid

from django.test import Client
from django.urls import reverse

from scorer.models import Correction, Deal
from scorer.rubbers import reads
from tests.support.deal_forms import agree, declare, revision, undo, whole_deal, won


def page(client, rubber, query: str = "") -> str:
    url = reverse("scorer:rubber", args=[rubber.pk]) + query
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_the_last_deal_is_undone_as_a_correction_entered_in_error_law_12(carr, rubber, players):
    whole_deal(carr, rubber, trump="H", tricks=9)
    whole_deal(carr, rubber, trump="S", tricks=8)
    assert "Undo deal 2" in page(carr, rubber)

    assert undo(carr, rubber, 2).status_code == 302

    assert list(Deal.objects.values_list("number", flat=True)) == [1]
    correction = Correction.objects.get()
    assert (correction.number, correction.kind, correction.law) == (2, "tricks", "Law 12")
    assert (correction.reason, correction.after) == ("entered in error", None)
    assert correction.made_by == players[0].user
    text = page(carr, rubber)
    assert "Deal 2 removed (Law 12: entered in error):" in text
    assert "“entered in error”" in text  # in the record of corrections


def test_a_declaration_just_saved_is_undone_as_a_correction(carr, rubber):
    declare(carr, rubber, trump="NT")
    assert undo(carr, rubber, 1).status_code == 302
    assert not Deal.objects.exists()
    correction = Correction.objects.get()
    assert (correction.reason, correction.before["trump"], correction.after) == (
        "entered in error",
        "NT",
        None,
    )
    text = page(carr, rubber)
    assert "Deal 1: the declaration undone (Law 12: entered in error)." in text
    # The record of corrections says what was undone: a deal declared and not played.
    assert "Was: 1. Mrs. Carr dealt and made no-trump — declared, not yet played" in text
    assert "Deal 1: the declaration and the result" in text


def test_after_an_undo_the_deal_is_recorded_again_and_every_moment_of_the_sheet_shows(carr, rubber):
    whole_deal(carr, rubber, trump="H", tricks=9)
    undo(carr, rubber, 1)
    declare(carr, rubber, trump="S")
    undo(carr, rubber, 1)
    whole_deal(carr, rubber, trump="C", tricks=10)
    assert Deal.objects.get().trump == "C"
    assert reads.rubber_state(rubber).sheet.deals[0].entries.we.tricks == 16
    for correction in Correction.objects.all():
        assert "The sheet as it stood" in page(carr, rubber, f"?after_correction={correction.pk}")
    assert "as it stood after deal 1" in page(carr, rubber, "?after_deal=1")


def test_only_the_last_entry_is_undone(carr, rubber):
    whole_deal(carr, rubber, trump="H", tricks=9)
    whole_deal(carr, rubber, trump="S", tricks=8)
    response = undo(carr, rubber, 1)
    assert response.status_code == 422
    assert "Only the last deal recorded (deal 2) can be removed" in response.content.decode()
    declare(carr, rubber, trump="D")
    response = undo(carr, rubber, 2)
    assert response.status_code == 422
    assert "The last entry is deal 3&#x27;s declaration, not deal 2" in response.content.decode()
    assert Deal.objects.count() == 3
    assert not Correction.objects.exists()


def test_once_the_rubber_is_agreed_nothing_is_undone(carr, rubber, players):
    won(carr, rubber)
    fenwick = Client()
    fenwick.force_login(players[1].user)
    assert "Undo deal 3" in page(carr, rubber)  # won, not yet agreed: Law 12 still allows it
    agree(carr, rubber, "we")
    agree(fenwick, rubber, "they")
    assert "Undo deal 3" not in page(carr, rubber)
    response = undo(carr, rubber, 3)
    assert response.status_code == 422
    assert "nothing on its sheet changes now" in response.content.decode()
    assert Deal.objects.count() == 3


def test_an_undo_sent_twice_undoes_once(carr, rubber):
    whole_deal(carr, rubber, trump="H", tricks=9)
    whole_deal(carr, rubber, trump="S", tricks=8)
    key, at = uuid.uuid4(), revision(rubber)
    assert undo(carr, rubber, 2, key=key, at=at).status_code == 302
    assert undo(carr, rubber, 2, key=key, at=at).status_code == 302
    assert Deal.objects.count() == 1
    assert Correction.objects.count() == 1


def test_an_undo_from_a_stale_page_is_refused(carr, rubber):
    whole_deal(carr, rubber, trump="H", tricks=9)
    shown = revision(rubber)
    whole_deal(carr, rubber, trump="S", tricks=8)
    response = undo(carr, rubber, 1, at=shown)
    assert response.status_code == 409
    assert "Yours — your undoing — was not saved." in html.unescape(response.content.decode())
    assert Deal.objects.count() == 2


def test_a_member_who_is_not_playing_cannot_undo(client, carr, rubber, stranger):
    whole_deal(carr, rubber, trump="H", tricks=9)
    client.force_login(stranger.user)
    assert "Undo deal 1" not in page(client, rubber)
    assert undo(client, rubber, 1).status_code == 403
    assert Deal.objects.exists()
