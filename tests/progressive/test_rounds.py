"""Round after round: when every table has agreed, the evening says who moves where and who
sits where next (the winners at table t to t + 1, the last to table 1), and its keepers
seat the next round, each table cutting again, or end the evening. Each player's phone
shows his table, his partner, his net and his place; the page follows the evening."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, transaction
from django.test import Client
from django.urls import reverse

from scorer.progressive.models import ProgressiveTable
from tests.support.evenings import agree, play, poll_of, seen, tables_of
from tests.support.html import Forms


def evening_page(client, evening) -> str:
    return client.get(reverse("scorer:progressive:evening", args=[evening.pk])).content.decode()


def step(client, evening, name, *, fresh=False):
    """Send the evening's step `name` ("next", "end") as its page offers it; `fresh`: a
    form made now, though the page does not offer it."""
    action = reverse(f"scorer:progressive:{name}", args=[evening.pk])
    if fresh:
        values = {"key": __import__("uuid").uuid4(), "seen": seen(evening)}
    else:
        form = Forms(evening_page(client, evening)).form(action)
        assert form is not None, f"the page offers {name}"
        values = form["values"]
    return client.post(action, values, follow=True)


def said(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def seated(table) -> set[int]:
    return set(table.seats.values_list("player__number", flat=True))


def pair(table, side) -> set[int]:
    positions = (0, 2) if side == "we" else (1, 3)
    return set(table.seats.filter(position__in=positions).values_list("player__number", flat=True))


def win_every_table(client, evening):
    """At each table the pair dealing first (We) takes 9 tricks at no-trump: 36 to nothing."""
    for table in tables_of(evening):
        play(client, table, trump="NT", tricks=9)
        agree(client, table, "both")


def test_the_next_round_waits_for_every_table_naming_those_not_yet_agreed(secretary, evening):
    first, _second = tables_of(evening)
    play(secretary, first, trump="NT", tricks=9)
    agree(secretary, first, "both")
    assert "Seat round 2" not in evening_page(secretary, evening)
    refused = step(secretary, evening, "next", fresh=True)
    assert said(refused) == [
        "Round 1 is not yet agreed at table 2: every table agrees the round before the next "
        "round is seated."
    ]
    assert not ProgressiveTable.objects.filter(round=2).exists()


def test_the_winners_move_to_the_next_table_and_the_losers_stay(secretary, evening):
    first, second = tables_of(evening)
    win_every_table(secretary, evening)
    html = evening_page(secretary, evening)
    winners = {t.number: pair(t, "we") for t in (first, second)}
    losers = {t.number: pair(t, "they") for t in (first, second)}
    movers = " and ".join(first.seats.get(position=n).player.name for n in (0, 2))
    assert f"{movers} move to table 2." in html
    assert "Round 2: who sits where" in html
    page = step(secretary, evening, "next")
    assert said(page) == [
        "Round 2 is seated as the moves of round 1 said; each table has cut for partners and deal."
    ]
    one, two = tables_of(evening, 2)
    assert seated(one) == losers[1] | winners[2]
    assert seated(two) == losers[2] | winners[1]
    assert one.cut
    assert two.cut


def test_two_keepers_seating_the_next_round_seat_it_once(secretary, evening):
    win_every_table(secretary, evening)
    action = reverse("scorer:progressive:next", args=[evening.pk])
    forms = [Forms(evening_page(secretary, evening)).form(action) for _ in range(2)]
    secretary.post(action, forms[0]["values"], follow=True)
    late = secretary.post(action, forms[1]["values"], follow=True)
    assert said(late) == [
        "Progressive evening changed since this page was shown: here it is now. Nothing was done."
    ]
    assert ProgressiveTable.objects.filter(round=2).count() == 2


def test_the_evening_ends_after_an_agreed_round_and_takes_no_more(secretary, evening):
    win_every_table(secretary, evening)
    page = step(secretary, evening, "end")
    assert said(page) == ["Progressive evening has ended after 1 round: the results are final."]
    html = evening_page(secretary, evening)
    assert "The evening has ended: the results are final." in html
    assert "Seat round 2" not in html
    with pytest.raises(DatabaseError, match="has ended"), transaction.atomic():
        ProgressiveTable.objects.create(
            evening=evening, round=2, number=1, cut=[], cut_by=evening.opened_by
        )


def test_a_players_phone_shows_his_table_partner_net_and_place(evening, secretary):
    table = tables_of(evening)[0]
    seats = [seat.player for seat in table.seats.order_by("position")]
    phone = Client()
    phone.force_login(seats[0].member.user)
    html = evening_page(phone, evening)
    assert (
        f"You are No. {seats[0].number}.</strong>\n  Round 1, Table 1, with {seats[2].name} as "
        f"your partner, against {seats[1].name} and {seats[3].name}." in html
    )
    assert "Your table: Round 1, Table 1" in html
    play(secretary, table, trump="NT", tricks=9)
    html = evening_page(phone, evening)
    assert "Your net: <strong>+36</strong> (won 36, lost 0); place 1st, shared of 8." in html
    table_page = phone.get(reverse("scorer:progressive:table", args=[table.pk])).content.decode()
    assert "place 1st, shared of 8" in table_page


def test_the_evenings_page_follows_it_within_a_poll(evening, secretary):
    phone = Client()
    phone.force_login(tables_of(evening)[0].seats.get(position=1).player.member.user)
    live = poll_of(evening_page(phone, evening), "evening-live")
    assert phone.get(live).status_code == 204
    play(secretary, tables_of(evening)[1], trump="NT", tricks=9)
    changed = phone.get(live)
    assert changed.status_code == 200
    assert "+36" in changed.content.decode()


def test_the_standings_count_every_deal_played_best_net_first(evening, secretary):
    first, second = tables_of(evening)
    play(secretary, first, trump="NT", tricks=9)  # 36 to We
    play(secretary, second, trump="NT", tricks=4)  # 9 tricks to They: 36 to They
    html = evening_page(secretary, evening)
    rows = html[html.index("<tbody>", html.index("The standings")) :]
    places = [line for line in rows.splitlines() if line.strip().startswith("<tr><td>")]
    assert len(places) == 8
    assert all(">+36</td></tr>" in line for line in places[:4])
    assert all(">−36</td></tr>" in line for line in places[4:])


def test_on_his_tables_page_a_players_net_and_place_follow_every_table(evening, secretary):
    first, second = tables_of(evening)
    phone = Client()
    phone.force_login(first.seats.get(position=1).player.member.user)
    html = phone.get(reverse("scorer:progressive:table", args=[first.pk])).content.decode()
    assert "place 1st, shared of 8" in html
    mine = poll_of(html, "mine-live")
    assert phone.get(mine).status_code == 204
    play(secretary, second, trump="NT", tricks=9)  # another table: 36 to its We
    changed = phone.get(mine).content.decode()
    assert "Your net: <strong>0</strong> (won 0, lost 0); place 3rd, shared of 8." in changed
