"""Agreeing the round at a table: one tap for each pair once its deals are played (the
keepers may record both); agreed once, and then nothing at the table changes; a tie cut
for, one player of each pair, the cards shown and kept; a lone agreement lapsing when a
deal is corrected."""

from __future__ import annotations

import random
import uuid

import pytest
from django.db import DatabaseError, transaction
from django.test import Client
from django.urls import reverse

from scorer.engine import RubberError, Side
from scorer.engine.cutting import cut_in_order
from scorer.progressive import reads, writes
from scorer.progressive.models import ProgressiveDeal, ProgressiveTable
from tests.support.evenings import (
    agree,
    correct,
    declare,
    drawn,
    members,
    play,
    revision,
    tables_of,
)


@pytest.fixture
def table(evening):
    return tables_of(evening, 1)[0]


def phone_of(table, position) -> Client:
    client = Client()
    client.force_login(table.seats.get(position=position).player.member.user)
    return client


def page(client, table) -> str:
    return client.get(reverse("scorer:progressive:table", args=[table.pk])).content.decode()


def fresh(table) -> ProgressiveTable:
    return ProgressiveTable.objects.get(pk=table.pk)


def test_each_pair_agrees_with_one_tap_once_the_deals_are_played(table):
    we, they = phone_of(table, 0), phone_of(table, 1)
    play(we, table, trump="NT", tricks=9)
    assert 'class="primary">We agree</button>' in page(we, table)
    assert 'class="primary">They agree</button>' in page(they, table)
    assert agree(we, table, "we").status_code == 302
    assert not fresh(table).agreed
    assert agree(they, table, "they").status_code == 302
    agreed = fresh(table)
    assert agreed.agreed
    html = page(we, table)
    assert "The round is agreed" in html
    assert "We 36, They 0." in html
    assert "The evening: who moves where" in html


def test_a_player_agrees_for_his_own_pair_only(table):
    we = phone_of(table, 0)
    play(we, table, trump="NT", tricks=9)
    assert agree(we, table, "they").status_code == 403
    assert agree(we, table, "both").status_code == 403


def test_the_round_is_not_agreed_before_its_deals_are_played(table):
    we = phone_of(table, 0)
    refused = agree(we, table, "we")
    assert refused.status_code == 422
    assert "0 of the round&#x27;s 1 deal played: the round is agreed once they all are" in (
        refused.content.decode()
    )
    assert fresh(table).we_agreed_at is None


def test_the_keepers_record_that_both_pairs_agreed(secretary, table):
    play(secretary, table, trump="NT", tricks=9)
    assert "Record that both pairs agreed" in page(secretary, table)
    agree(secretary, table, "both")
    assert fresh(table).agreed


def test_an_agreement_taken_back_before_the_other_pair_agrees(table):
    we = phone_of(table, 0)
    play(we, table, trump="NT", tricks=9)
    agree(we, table, "we")
    agree(we, table, "we", url="withdraw")
    assert fresh(table).we_agreed_at is None


def test_the_two_pairs_tapping_at_once_both_agree(table):
    """The other pair's agreement does not make a page stale: each tapped on a page
    showing the round before either agreed."""
    we, they = phone_of(table, 0), phone_of(table, 1)
    play(we, table, trump="NT", tricks=9)
    shown = revision(table)
    assert agree(we, table, "we", at=shown).status_code == 302
    assert agree(they, table, "they", at=shown).status_code == 302
    assert fresh(table).agreed


def test_once_agreed_nothing_at_the_table_changes(table):
    we, they = phone_of(table, 0), phone_of(table, 1)
    play(we, table, trump="NT", tricks=9)
    agree(we, table, "we")
    agree(they, table, "they")
    html = page(we, table)
    assert "Correct deal 1" not in html
    refused = we.get(correct(we, table, 1, tricks=10)["Location"])
    assert [str(m) for m in refused.context["messages"]] == [
        "The round is agreed at this table: nothing on it changes now (Laws 12, 13)."
    ]
    late = declare(we, table, trump="H")
    assert late.status_code == 422
    assert "The round is agreed at this table: nothing on it changes now" in late.content.decode()
    deal = ProgressiveDeal.objects.get()
    with pytest.raises(DatabaseError, match="never changed"), transaction.atomic():
        ProgressiveDeal.objects.filter(pk=deal.pk).update(tricks=10)
    with pytest.raises(DatabaseError, match="never changed"), transaction.atomic():
        ProgressiveTable.objects.filter(pk=table.pk).update(we_agreed_at=None)


def test_a_round_is_agreed_once_a_second_agreement_refused(table, staff):
    we, they = phone_of(table, 0), phone_of(table, 1)
    play(we, table, trump="NT", tricks=9)
    agree(we, table, "we")
    agree(they, table, "they")
    record = reads.table_record(table.pk)
    with pytest.raises(RubberError, match="the round is agreed at this table"):
        writes.agree(
            record=record, user=staff, key=uuid.uuid4(), revision=revision(table), side=None
        )
    assert fresh(table).agreed_at == record.table.agreed_at


def tied(client, table):
    """The dealer's pair (We) take 8 tricks at hearts, 16; They hold three honours, 16."""
    play(client, table, trump="H", tricks=8, honours="they:THREE")


def test_a_tie_is_decided_by_a_cut_drawn_at_agreement_shown_as_cards(table, monkeypatch):
    we, they = phone_of(table, 0), phone_of(table, 1)
    tied(we, table)
    assert "The round: We 16, They 16" in page(we, table)
    monkeypatch.setattr(writes.random, "SystemRandom", lambda: random.Random(3))
    agree(we, table, "we")
    agree(they, table, "they")
    cut = cut_in_order(2, random.Random(3))
    agreed = fresh(table)
    first, second = (table.seats.get(position=n).player for n in (0, 1))
    assert agreed.tie_cut == [
        [[(first, second)[who].pk, str(card)] for who, card in r] for r in cut.rounds
    ]
    assert agreed.tie == ("we" if cut.order[-1] == 0 else "they")
    html = page(we, table)
    cards = "; cut again: ".join(
        ", ".join(f"{(first, second)[who].name} {card}" for who, card in r) for r in cut.rounds
    )
    assert f"The pairs tied; one player of each cut, and the higher card moves: {cards}." in html
    movers = reads.table_record(table.pk).partnership(Side(agreed.tie))
    assert f"{movers[0].name} and {movers[1].name} move on." in html


def test_at_a_single_table_a_tie_needs_no_cut(staff):
    evening = drawn(staff, members(4))
    table = tables_of(evening)[0]
    client = Client()
    client.force_login(staff)
    tied(client, table)
    agree(client, table, "both")
    agreed = fresh(table)
    assert agreed.agreed
    assert (agreed.tie, agreed.tie_cut) == ("", None)


def test_a_correction_makes_a_lone_agreement_lapse_saying_whose(table):
    we, they = phone_of(table, 0), phone_of(table, 1)
    play(we, table, trump="NT", tricks=9)
    agree(we, table, "we")
    corrected = correct(they, table, 1, tricks=10, reason="a trick miscounted")
    assert corrected.status_code == 302
    agreed = fresh(table)
    assert agreed.we_agreed_at is None
    follow = they.get(corrected["Location"])
    said = [str(m) for m in follow.context["messages"]]
    name = table.seats.get(position=0).player.name
    assert said == [
        "Deal 1 corrected (Law 12: a trick miscounted): We 48, They 0, was We 36, They 0; "
        f"the round stands at We 48, They 0. {name}'s agreement for We lapsed: deal 1 was "
        "corrected."
    ]
