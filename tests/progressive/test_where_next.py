"""Once a round is agreed at every table, each player's phone says where *he* goes, as
the engine seats the next round; and the home page offers "Your table" while an evening
is in play."""

from __future__ import annotations

import html

from django.urls import reverse

from scorer.progressive import presenters, reads
from tests.support.evenings import round_played, tables_of


def mine_of(evening, player):
    return presenters.mine(reads.evening_record(evening), player)


def test_each_player_is_told_where_he_goes_once_the_round_is_agreed_everywhere(staff, evening):
    first, second = tables_of(evening, 1)
    players = list(evening.players.all())
    round_played(staff, first)
    assert all(mine_of(evening, p).goes == "" for p in players)  # one table still playing

    round_played(staff, second)
    record = reads.evening_record(evening)
    seating = {n: s for s in record.score.next for n in s.players}
    for player in players:
        goes = mine_of(evening, player).goes
        at = seating[player.number]
        moving = player.number in at.arrived
        verb = "Move to" if moving else "Stay at"
        assert goes.startswith(f"{verb} table {at.table} for round 2, with "), goes
        partner = next(
            record.by_number(n).name
            for n in at.players
            if n != player.number and (n in at.arrived) == moving
        )
        assert partner in goes
        assert goes.endswith("The four cut again for partners.")


def test_his_phone_shows_it_on_his_table_and_the_evening(client, staff, evening):
    first, second = tables_of(evening, 1)
    round_played(staff, first)
    round_played(staff, second)
    player = first.seats.get(position=0).player
    client.force_login(player.member.user)
    page = html.unescape(
        client.get(reverse("scorer:progressive:evening", args=[evening.pk])).content.decode()
    )
    assert mine_of(evening, player).goes in page


def test_the_home_page_offers_your_table_while_the_evening_is_in_play(client, evening):
    table = tables_of(evening, 1)[0]
    player = table.seats.get(position=0).player
    client.force_login(player.member.user)
    page = client.get("/").content.decode()
    link = reverse("scorer:progressive:table", args=[table.pk])
    assert f'href="{link}">Your table: Round 1, Table {table.number}</a>' in page
