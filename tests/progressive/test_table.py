"""At a table of a Progressive evening: the round's deals recorded as at a rubber (the
declaration, then the result), each deal's points for each pair in the engine's words and
the round's totals; the other phones following; a save from a page out of date refused,
saying what was recorded; a form sent twice recorded once."""

from __future__ import annotations

import uuid

import pytest
from django.db import DatabaseError, transaction
from django.test import Client
from django.urls import reverse

from scorer.progressive.models import ProgressiveDeal, ProgressiveTable
from tests.support.evenings import (
    declare,
    drawn,
    members,
    play,
    poll_of,
    result,
    revision,
    tables_of,
)
from tests.support.html import Forms
from tests.support.mid_read import revisions_carried, saved_mid_read


@pytest.fixture
def table(evening):
    return tables_of(evening, 1)[0]


@pytest.fixture
def player(client, table):
    """A phone signed in as the player in seat 0, who deals first."""
    client.force_login(table.seats.get(position=0).player.member.user)
    return client


def page(client, table) -> str:
    return client.get(reverse("scorer:progressive:table", args=[table.pk])).content.decode()


def names(table) -> list[str]:
    return [seat.player.name for seat in table.seats.order_by("position")]


def test_the_page_names_the_pairs_with_their_numbers_and_who_deals(player, table):
    html = page(player, table)
    seats = list(table.seats.order_by("position").select_related("player__member"))
    we = f"We: {seats[0].player.name} (No. {seats[0].player.number}) &amp; {seats[2].player.name}"
    assert we in html
    assert f"Deal 1: {seats[0].player.name} deals." in html
    assert "Deal 1: the declaration" in html


def test_a_deal_is_declared_then_its_result_recorded_and_scored_for_points(player, table):
    dealer = names(table)[0]
    assert declare(player, table, trump="H").status_code == 302
    assert f"Deal 1: {dealer} dealt and made hearts. The result is to come." in page(player, table)
    assert result(player, table, tricks=9, honours="we:FOUR").status_code == 302
    deal = ProgressiveDeal.objects.get()
    assert deal.recorded_at is not None
    html = page(player, table)
    # 3 by-cards at hearts, 24; four honours, 32: 56 to We, nothing to They.
    assert 'aria-label="56: Deal 1, We, explain">56</button>' in html
    assert "<li>Hearts, 3 by-cards: 3 × 8 = 24</li><li>4 honours (hearts): 32</li>" in html
    assert 'aria-label="0: Deal 1, They, explain">0</button>' in html
    assert '<td class="total">56</td><td class="total">0</td>' in html
    assert "The round: We 56, They 0" in html
    assert f"1. {dealer} dealt and made hearts — We 9 tricks; honours We: four" in html


def test_a_save_answers_htmx_with_the_tables_sheet_in_place(player, table):
    declare(player, table, trump="NT")
    answer = result(player, table, tricks=8, honours="easy", htmx=True)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith('<div id="table">')
    assert '<td class="total">24</td><td class="total">0</td>' in html


def test_a_round_is_the_evenings_number_of_deals_and_no_more(player, table):
    play(player, table, trump="NT", tricks=7)
    html = page(player, table)
    assert "Deal 2: the declaration" not in html
    assert "The round&#x27;s deals are played: each pair agrees the round." in html
    refused = declare(player, table, trump="H")
    assert refused.status_code == 422
    assert (
        "Deal 2: the round&#x27;s 1 deal are played: no deal follows; the pairs agree the round."
        in refused.content.decode()
    )
    assert ProgressiveDeal.objects.count() == 1


def test_the_database_refuses_a_deal_past_the_rounds_number(player, table, staff):
    play(player, table, trump="NT", tricks=7)
    with pytest.raises(DatabaseError, match="no more"), transaction.atomic():
        ProgressiveDeal.objects.create(
            table=table, number=2, dealer=1, maker="dealer", trump="H", declared_by=staff
        )


def test_the_database_refuses_a_deal_at_a_table_without_its_four(evening, staff):
    empty = ProgressiveTable.objects.create(
        evening=evening, round=2, number=1, cut=[], cut_by=staff
    )
    with pytest.raises(DatabaseError, match="plays with four"), transaction.atomic():
        ProgressiveDeal.objects.create(
            table=empty, number=1, dealer=0, maker="dealer", trump="H", declared_by=staff
        )


def test_a_deal_the_laws_refuse_is_refused_naming_why(staff, client):
    evening = drawn(staff, members(4), deals_a_round=2)
    evening.doubling_limit = 100
    evening.save(update_fields=["doubling_limit"])
    table = tables_of(evening)[0]
    client.force_login(staff)
    # 12, 24, 48, 96: a fourth double is allowed, a fifth is not (the footnote to Law 56).
    refused = declare(client, table, trump="NT", doubles=0, more_doubles=5)
    assert refused.status_code == 422
    assert "with the club&#x27;s doubling limit of 100" in refused.content.decode()
    assert not ProgressiveDeal.objects.exists()


def test_a_result_the_laws_refuse_is_refused_against_its_field(player, table):
    declare(player, table, trump="NT")
    refused = result(player, table, tricks=9, honours="easy", chicane=(1, 0))
    assert refused.status_code == 422
    assert "There is no chicane at no-trump" in refused.content.decode()
    assert ProgressiveDeal.objects.get().recorded_at is None


def test_every_deal_is_played_no_spade_convention(player, table):
    declare(player, table, trump="S")
    html = page(player, table)
    assert 'name="not_played"' not in html
    assert "Spades not played" not in html
    # Sent all the same, it is no result: the deal still wants its tricks.
    refused = result(player, table, tricks="", honours="we:THREE", not_played="on")
    assert refused.status_code == 422
    assert "Tap the number of tricks the dealer&#x27;s side won." in refused.content.decode()
    assert ProgressiveDeal.objects.get().recorded_at is None


def test_a_form_sent_twice_records_once_and_answers_as_the_first(player, table):
    key = uuid.uuid4()
    at = revision(table)
    first = declare(player, table, trump="C", key=key, at=at)
    second = declare(player, table, trump="C", key=key, at=at)
    assert first.status_code == second.status_code == 302
    assert ProgressiveDeal.objects.count() == 1
    assert revision(table) == at + 1


def test_a_save_from_a_page_out_of_date_is_refused_saying_what_was_recorded(player, table):
    shown = revision(table)
    declare(player, table, trump="H")
    refused = declare(player, table, trump="C", at=shown, htmx=True)
    assert refused.status_code == 409
    dealer = names(table)[0]
    assert (
        f"Deal 1 declared: {dealer} dealt and made hearts. Yours was not saved."
        in refused.content.decode()
    )
    assert ProgressiveDeal.objects.get().trump == "H"


def test_only_the_four_and_the_keepers_record(client, evening, table):
    elsewhere = tables_of(evening, 1)[1].seats.get(position=0).player.member.user
    client.force_login(elsewhere)
    html = page(client, table)
    assert "You are following this table." in html
    assert "Save the declaration" not in html
    assert declare(client, table).status_code == 403


def test_the_deal_in_progress_is_discarded_until_its_result_is_recorded(player, table):
    declare(player, table, trump="D")
    form = Forms(page(player, table)).form(reverse("scorer:progressive:discard", args=[table.pk]))
    assert form is not None
    player.post(form["action"], form["values"])
    assert not ProgressiveDeal.objects.exists()


def test_a_phone_follows_within_one_poll_and_is_told_what_changed(player, table, client):
    watcher = table.seats.get(position=1).player.member.user
    from django.test import Client

    other = Client()
    other.force_login(watcher)
    html = page(other, table)
    live = poll_of(html)
    assert f"/tables/{table.pk}/live/" in live
    unchanged = other.get(live, headers={"HX-Request": "true"})
    assert unchanged.status_code == 204
    declare(player, table, trump="H")
    changed = other.get(live, headers={"HX-Request": "true"})
    assert changed.status_code == 200
    dealer = names(table)[0]
    assert (
        f"From another phone: Deal 1 declared: {dealer} dealt and made hearts."
        in changed.content.decode()
    )
    assert "Deal 1: the result" in changed.content.decode()  # the fresh form, to take


def test_a_poll_with_a_token_for_another_table_stops(player, evening, table):
    other = tables_of(evening, 1)[1]
    live = poll_of(page(player, table))
    url = live.replace(f"/tables/{table.pk}/", f"/tables/{other.pk}/")
    assert player.get(url).status_code == 286


def test_the_offline_forms_are_the_rubbers_for_this_table(player, table):
    html = player.get(reverse("scorer:progressive:offline_forms", args=[table.pk])).content.decode()
    assert 'data-step="declaration"' in html
    assert html.count('data-step="result"') == 10  # five makes, either pair dealing
    assert f'action="{reverse("scorer:progressive:result", args=[table.pk])}"' in html


def test_a_page_read_while_another_player_saves_carries_the_revision_it_shows(player, table):
    """A declaration from the next seat lands while the dealer's page is being read,
    between its table and its deals: the page shows it, and its forms carry the revision
    that has it, so that the dealer's next save is not refused as stale."""
    other = Client()
    other.force_login(table.seats.get(position=1).player.member.user)
    with saved_mid_read(ProgressiveDeal, lambda: declare(other, table, trump="H")) as landed:
        html = page(player, table)
    assert landed
    assert ProgressiveDeal.objects.filter(table=table, number=1).exists()
    assert "made hearts. The result is to come." in html
    assert revisions_carried(html) == {revision(table)}
