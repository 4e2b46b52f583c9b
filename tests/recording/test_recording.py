"""Recording deals at a table (scorer/recording/), tested once and run for every kind of
table that uses it: the rubber's and the Progressive table's. A fault in the shared part
fails for each kind; what a kind supplies (its hooks) is its own tests'."""

from __future__ import annotations

import html
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorer.models import Deal, Rubber
from scorer.progressive import reads as progressive_reads
from scorer.progressive.models import ProgressiveDeal, ProgressiveTable
from scorer.progressive.recording import PROGRESSIVE
from scorer.rubbers import reads as rubber_reads
from scorer.rubbers import writes as rubber_writes
from scorer.rubbers.recording import RUBBER
from tests.support.evenings import drawn, members, tables_of


@dataclass
class Kind:
    """A kind of table as this test drives it: a phone at it, its addresses, its record."""

    client: Client
    url: Callable[[str], str]  # "deal", "undo", "page" -> its address
    revision: Callable[[], int]
    recorded: Callable[[], int]  # deals recorded
    record: Callable[[], Any]
    hooks: Any

    def post(self, name: str, htmx: bool = True, **data: Any):
        data.setdefault("key", uuid.uuid4())
        data.setdefault("revision", self.revision())
        headers = {"HX-Request": "true"} if htmx else {}
        return self.client.post(self.url(name), data, headers=headers)

    def whole_deal(self, **data: Any):
        record = self.record()
        deal = {
            "dealer": record.next_dealer,
            "maker": "dealer",
            "trump": "H",
            "doubles": 0,
            "tricks": 9,
            "honours": "we:THREE",
            "chicane_we": 0,
            "chicane_they": 0,
            "revokes_we": 0,
            "revokes_they": 0,
        }
        return self.post("deal", **{**deal, **data})


def _rubber(client: Client, players: list[Any]) -> Kind:
    rubber = rubber_writes.start_rubber(
        table="Table 1", members=players, first_dealer=0, user=players[0].user
    )
    client.force_login(players[0].user)
    names = {"deal": "scorer:deal", "undo": "scorer:undo", "page": "scorer:rubber"}
    return Kind(
        client,
        lambda name: reverse(names[name], args=[rubber.pk]),
        lambda: Rubber.objects.values_list("revision", flat=True).get(pk=rubber.pk),
        lambda: Deal.objects.filter(rubber=rubber, recorded_at__isnull=False).count(),
        lambda: rubber_reads.rubber_state(Rubber.objects.get(pk=rubber.pk)),
        RUBBER,
    )


def _progressive(client: Client, staff: Any) -> Kind:
    evening = drawn(staff, members(8), deals_a_round=4)
    table = tables_of(evening, 1)[0]
    client.force_login(table.seats.get(position=0).player.member.user)
    names = {"deal": "deal", "undo": "undo", "page": "table"}
    return Kind(
        client,
        lambda name: reverse(f"scorer:progressive:{names[name]}", args=[table.pk]),
        lambda: ProgressiveTable.objects.values_list("revision", flat=True).get(pk=table.pk),
        lambda: ProgressiveDeal.objects.filter(table=table, recorded_at__isnull=False).count(),
        lambda: progressive_reads.table_record(table.pk),
        PROGRESSIVE,
    )


@pytest.fixture(params=["rubber", "progressive"])
def kind(request, client, db) -> Kind:
    if request.param == "rubber":
        return _rubber(client, request.getfixturevalue("players"))
    return _progressive(client, request.getfixturevalue("staff"))


def text(response) -> str:
    return html.unescape(response.content.decode())


def notice(page: str) -> str:
    """What this phone's own save did: the notice above the sheet."""
    start = page.index('<div id="notice"')
    return page[start : page.index("</div>", start)]


def test_a_whole_deal_in_one_save_says_what_it_did_marks_its_figures_and_offers_undo(kind):
    response = kind.whole_deal()
    assert response.status_code == 200
    page = text(response)
    said = notice(page)
    assert "data-own" in said
    assert "Deal 1 recorded:" in said
    assert "Undo deal 1" in said
    assert 'class="new"' in page  # the deal's figures marked on the sheet
    assert "Deal 2: the declaration and the result" in page  # the next deal's one save
    assert kind.recorded() == 1


def test_a_plain_form_is_sent_back_to_the_page_saying_what_it_did(kind):
    response = kind.whole_deal(htmx=False)
    assert response.status_code == 302
    page = text(kind.client.get(response["Location"]))
    assert "Deal 1 recorded:" in page


def test_a_deal_sent_twice_is_recorded_once_and_answered_alike(kind):
    key = uuid.uuid4()
    at = kind.revision()
    first = notice(text(kind.whole_deal(key=key, revision=at)))
    again = kind.whole_deal(key=key, revision=at)
    assert again.status_code == 200
    assert kind.recorded() == 1
    assert "Deal 1 recorded:" in first
    assert "Deal 1 recorded:" in notice(text(again))


def test_undo_is_keyed_and_refused_when_stale(kind):
    before = kind.revision()
    kind.whole_deal()
    refused = kind.post("undo", number=1, revision=before)
    assert refused.status_code == 409
    assert "was not saved." in text(refused)
    assert kind.recorded() == 1

    undone = kind.post("undo", number=1)
    assert undone.status_code == 200
    assert kind.recorded() == 0
    said = notice(text(undone))
    assert "Deal 1" in said
    assert "entered in error" in said
    assert "Undo deal 1" not in said  # nothing left to undo at once


def test_undo_of_a_deal_not_the_last_is_refused_in_words(kind):
    kind.whole_deal()
    kind.whole_deal()
    refused = kind.post("undo", number=1)
    assert refused.status_code == 422
    assert 'role="alert"' in text(refused)
    assert kind.recorded() == 2


def test_a_whole_deal_from_a_page_out_of_date_is_refused_saying_what_was_recorded(kind):
    at = kind.revision()
    kind.whole_deal(trump="S", tricks=8)
    refused = kind.whole_deal(revision=at)
    assert refused.status_code == 409
    page = text(refused)
    assert "Deal 1 recorded:" in page
    assert "was not saved." in page
    assert kind.recorded() == 1


def test_bad_input_is_refused_by_its_field_and_nothing_is_saved(kind):
    refused = kind.whole_deal(tricks="fourteen")
    assert refused.status_code == 422
    assert 'class="errorlist' in text(refused)
    assert kind.recorded() == 0


def test_the_hooks_give_the_next_deal_its_dealer_and_the_phones_choice_of_steps(kind, rf):
    record = kind.record()
    form = kind.hooks.deal_form(record)
    assert form.initial["dealer"] == record.next_dealer
    assert kind.hooks.addresses(record).deal == kind.url("deal")
    asked = rf.get("/")
    asked.COOKIES["scorer_steps"] = "two"
    assert kind.hooks.next_deal(asked, record)["steps"] == "two"
    assert kind.hooks.next_deal(rf.get("/"), record)["steps"] == "one"
