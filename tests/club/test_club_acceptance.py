"""Each deal's acceptance, and the club's setting that asks for it, in the club's file: out
and back in exactly; absent in older files; an acceptance of no recorded deal, or two of one
deal, refused naming where. And entries undone in error (a deal, a declaration) recorded
again after, out and back in."""

from __future__ import annotations

import copy
import json

import pytest
from django.test import Client

from ledger.club.document import ImportRefused, export_club, import_club
from scorer.models import Acceptance, Club, Correction, Deal
from tests.support.club import empty_the_club
from tests.support.deal_forms import accept, declare, undo, whole_deal


def out_and_back() -> dict:
    exported = json.loads(json.dumps(export_club()))
    empty_the_club()
    import_club(exported)
    assert json.loads(json.dumps(export_club())) == exported
    return exported


@pytest.fixture
def accepted(carr, rubber, players):
    """Two deals recorded by Mrs. Carr, the first accepted by Miss Fenwick."""
    Club.objects.update(deals_accepted=True)
    fenwick = Client()
    fenwick.force_login(players[1].user)
    whole_deal(carr, rubber, trump="H", tricks=9)
    whole_deal(carr, rubber, trump="S", tricks=8)
    assert accept(fenwick, rubber, 1).status_code == 302
    return rubber


def test_the_setting_and_each_acceptance_go_out_and_come_back(accepted):
    exported = out_and_back()
    assert exported["club"]["deals_accepted"] is True
    (rubber,) = exported["rubbers"]
    assert [(a["number"], a["by"]) for a in rubber["accepted"]] == [(1, "fenwick")]
    kept = Acceptance.objects.get()
    assert (kept.deal.number, kept.accepted_by.username) == (1, "fenwick")
    assert Club.get().deals_accepted


def test_a_file_written_before_acceptance_has_none_and_the_club_does_not_ask(accepted):
    exported = json.loads(json.dumps(export_club()))
    older = copy.deepcopy(exported)
    del older["club"]["deals_accepted"]
    for rubber in older["rubbers"]:
        del rubber["accepted"]
    empty_the_club()
    import_club(older)
    assert not Club.get().deals_accepted
    assert not Acceptance.objects.exists()


@pytest.mark.parametrize(
    ("accepted_entries", "refusal"),
    [
        ([3], "rubbers[0].accepted[0].number: deal 3 is not a recorded deal of the rubber"),
        ([1, 1], "rubbers[0].accepted[1].number: deal 1 is accepted once"),
    ],
)
def test_an_acceptance_of_no_deal_or_a_second_of_one_is_refused(
    accepted, accepted_entries, refusal
):
    exported = json.loads(json.dumps(export_club()))
    (rubber,) = exported["rubbers"]
    given = rubber["accepted"][0]
    rubber["accepted"] = [{**given, "number": number} for number in accepted_entries]
    empty_the_club()
    with pytest.raises(ImportRefused, match=refusal.replace("[", r"\[").replace("]", r"\]")):
        import_club(exported)
    assert not Deal.objects.exists()


def test_entries_undone_in_error_and_recorded_again_go_out_and_come_back(carr, rubber):
    whole_deal(carr, rubber, trump="H", tricks=9)
    assert undo(carr, rubber, 1).status_code == 302  # the deal, entered in error
    declare(carr, rubber, trump="S")
    assert undo(carr, rubber, 1).status_code == 302  # its declaration, entered in error
    whole_deal(carr, rubber, trump="C", tricks=10)  # deal 1 as it was played

    exported = out_and_back()
    assert [c.reason for c in Correction.objects.all()] == ["entered in error"] * 2
    assert list(Deal.objects.values_list("number", "trump")) == [(1, "C")]
    assert len(exported["rubbers"][0]["corrections"]) == 2
