"""At a table: North–South record each board in one save and are given the next board's
form back; East–West accept it with one tap; a result not accepted stays provisional and
visible as such; each write is keyed and refused when stale; bad input is refused in a
sentence naming what is wrong, keeping what was entered."""

from __future__ import annotations

import uuid

from django.test import Client
from django.urls import reverse

from scorer.club.models import Club
from scorer.duplicate.models import DuplicateResult, DuplicateTable
from tests.support.duplicate_evenings import (
    entry,
    post_accept,
    post_board,
    recorded,
    revision,
    started,
    table_of,
)
from tests.support.html import Forms
from tests.support.mid_read import revisions_carried, saved_mid_read


def phone_of(client, member):
    client.force_login(member.user)
    return client


def test_north_south_record_a_board_and_are_given_the_next_ones_form(client, evening, sixteen):
    table = table_of(evening, 1, 1)  # pair 1 (Carr & Dane) North–South, pair 5 East–West
    north = phone_of(client, sixteen[0])
    answer = post_board(north, table, 1, trump="H", tricks=9, htmx=True)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "Board 2: the result" in html
    assert Forms(html).form(reverse("scorer:duplicate:record", args=[table.pk, 2])) is not None
    assert "North dealt and made hearts \u2014 North\u2013South 9 tricks" in html
    assert "Provisional: East–West have not yet accepted it." in html
    result = DuplicateResult.objects.get()
    assert (result.trump, result.tricks_ns, result.tricks_ew) == ("H", 9, 4)
    assert result.honours_n is None, "the board's hands give the honours: none recorded"
    assert not result.accepted


def test_east_west_accept_it_with_one_tap(client, evening, sixteen):
    table = table_of(evening, 1, 1)
    post_board(phone_of(client, sixteen[0]), table, 1, trump="NT", tricks=7)
    east = phone_of(client, sixteen[8])  # Kemp, of pair 5
    page = east.get(reverse("scorer:duplicate:table", args=[table.pk])).content.decode()
    assert "Accept board 1" in page
    assert Forms(page).form(reverse("scorer:duplicate:record", args=[table.pk, 2])) is None
    answer = post_accept(east, table, 1)
    assert answer.status_code == 302
    result = DuplicateResult.objects.get()
    assert result.accepted_by == sixteen[8].user
    page = east.get(reverse("scorer:duplicate:table", args=[table.pk])).content.decode()
    assert "Accepted." in page


def test_only_north_south_record_and_only_east_west_accept(client, evening, sixteen):
    table = table_of(evening, 1, 1)
    east = phone_of(client, sixteen[8])
    assert post_board(east, table, 1).status_code == 403
    north = phone_of(client, sixteen[0])
    post_board(north, table, 1)
    assert post_accept(north, table, 1).status_code == 403
    stranger = phone_of(client, sixteen[2])  # pair 2, at table 2
    assert post_board(stranger, table, 2).status_code == 403
    page = stranger.get(reverse("scorer:duplicate:table", args=[table.pk])).content.decode()
    assert "You are following this table." in page
    assert not DuplicateResult.objects.filter(accepted_at__isnull=False).exists()


def test_north_south_change_a_board_until_it_is_accepted(client, evening, sixteen, staff):
    table = table_of(evening, 1, 1)
    north = phone_of(client, sixteen[0])
    post_board(north, table, 1, trump="S", tricks=8)
    answer = post_board(north, table, 1, trump="S", tricks=9)
    assert answer.status_code == 302
    assert DuplicateResult.objects.get().tricks_ns == 9
    post_accept(phone_of(client, sixteen[8]), table, 1)
    north = phone_of(client, sixteen[0])
    refused = post_board(north, table, 1, trump="S", tricks=10, htmx=True)
    assert refused.status_code == 422
    assert (
        "Board 1: it is accepted: only the director&#x27;s correction changes it now."
        in refused.content.decode()
    )
    assert DuplicateResult.objects.get().tricks_ns == 9


def test_a_board_sent_twice_records_once(client, evening, sixteen):
    table = table_of(evening, 1, 1)
    north = phone_of(client, sixteen[0])
    key, at = uuid.uuid4(), revision(table)
    first = post_board(north, table, 1, key=key, at=at, htmx=True)
    again = post_board(north, table, 1, key=key, at=at, htmx=True)
    assert (first.status_code, again.status_code) == (200, 200)
    assert DuplicateResult.objects.count() == 1
    assert revision(table) == at + 1


def test_a_board_saved_over_another_phones_write_is_refused_and_told(client, evening, sixteen):
    table = table_of(evening, 1, 1)
    north, south = sixteen[0], sixteen[1]
    at = revision(table)
    post_board(phone_of(client, north), table, 1, trump="H", tricks=9, at=at)
    answer = post_board(phone_of(client, south), table, 2, trump="C", tricks=6, at=at, htmx=True)
    assert answer.status_code == 409
    html = answer.content.decode()
    assert "Board 1 recorded: North dealt and made hearts" in html
    assert "Yours was not saved." in html
    assert DuplicateResult.objects.count() == 1


def test_two_phones_sending_the_same_board_record_it_once(client, evening, sixteen):
    table = table_of(evening, 1, 1)
    at = revision(table)
    post_board(phone_of(client, sixteen[0]), table, 1, trump="H", tricks=9, at=at)
    answer = post_board(phone_of(client, sixteen[1]), table, 1, trump="H", tricks=8, at=at)
    assert answer.status_code == 409
    assert DuplicateResult.objects.get().tricks_ns == 9


def test_a_board_left_incomplete_is_refused_naming_what_is_missing(client, evening, sixteen):
    table = table_of(evening, 1, 1)
    north = phone_of(client, sixteen[0])
    answer = north.post(
        reverse("scorer:duplicate:record", args=[table.pk, 1]),
        {"key": uuid.uuid4(), "revision": revision(table), "maker": "dealer", "doubles": 0,
         "trump": "H"},
        headers={"HX-Request": "true"},
    )  # fmt: skip
    assert answer.status_code == 422
    html = answer.content.decode()
    assert "Tap the number of tricks the dealer&#x27;s side won." in html
    assert 'value="H" checked' in html, "what was entered is kept"
    assert not DuplicateResult.objects.exists()


def test_the_laws_refusal_is_said_at_the_board(client, club, staff, sixteen):
    # No-trump doubled is 24 a trick, over the limit: no redouble.
    Club.objects.filter(pk=club.pk).update(doubling_limit=20)
    evening = started(staff, sixteen)
    table = table_of(evening, 1, 1)
    answer = post_board(phone_of(client, sixteen[0]), table, 1, trump="NT", tricks=9,
                        doubles=2, htmx=True)  # fmt: skip
    assert answer.status_code == 422
    assert (
        "Board 1: doubles: with the club&#x27;s doubling limit of 20, No-trump may be doubled "
        "at most 1 times" in answer.content.decode()
    )
    assert not DuplicateResult.objects.exists()


def test_a_board_not_of_the_round_is_not_found(client, evening, sixteen):
    table = table_of(evening, 1, 1)  # boards 1 to 4
    assert post_board(phone_of(client, sixteen[0]), table, 5).status_code == 404


def test_once_played_the_phones_say_where_each_pair_goes_next(client, evening, sixteen, staff):
    table = table_of(evening, 1, 1)
    for board in (1, 2, 3, 4):
        recorded(staff, table, board, entry())
    page = phone_of(client, sixteen[0]).get(reverse("scorer:duplicate:table", args=[table.pk]))
    html = page.content.decode()
    assert "Round 1, Table 1 is played." in html
    assert (
        "North–South (pair 1): round 2 at table 1, North–South, against pair 8, boards 5 to 8."
        in html
    )
    assert (
        "East–West (pair 5): round 2 at table 2, East–West, against pair 2, boards 9 to 12." in html
    )
    nxt = DuplicateTable.objects.get(evening=evening, round=2, number=2)
    assert reverse("scorer:duplicate:table", args=[nxt.pk]) in html


def test_a_members_home_page_leads_to_his_table(client, evening, sixteen, staff):
    home = phone_of(client, sixteen[8]).get(reverse("scorer:home")).content.decode()
    table = table_of(evening, 1, 1)
    assert f'href="{reverse("scorer:duplicate:table", args=[table.pk])}"' in home
    assert "Your table: Round 1, Table 1, East–West" in home
    for board in (1, 2, 3, 4):
        recorded(staff, table, board, entry())
    home = phone_of(client, sixteen[8]).get(reverse("scorer:home")).content.decode()
    assert "Your table: Round 2, Table 2, East–West" in home


def test_a_page_read_while_north_south_save_carries_the_revision_it_shows(client, evening, sixteen):
    """North's board lands while East's page is being read, between its table and its
    results: the page offers to accept it, and its forms carry the revision that has it,
    so that East's tap is not refused as stale."""
    table = table_of(evening, 1, 1)
    north = Client()
    north.force_login(sixteen[0].user)
    east = phone_of(client, sixteen[8])
    with saved_mid_read(DuplicateResult, lambda: post_board(north, table, 1, trump="NT")) as landed:
        page = east.get(reverse("scorer:duplicate:table", args=[table.pk])).content.decode()
    assert landed
    assert DuplicateResult.objects.filter(table=table).exists()
    assert "Accept board 1" in page
    assert revisions_carried(page) == {revision(table)}
