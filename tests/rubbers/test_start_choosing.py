"""Choosing the players of a new rubber: the members in the order each seat offers them
(tonight's players, then the last four the member played with, then everyone by surname),
the table's name, and what the start page marks as one game's alone."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from scorer.models import Place, Rubber
from scorer.rubbers import choosing, writes
from scorer.tables import writes as table_writes
from tests.support.club import make_member

URL = reverse("scorer:start")


@pytest.fixture
def more(db):
    """Four members more, by surname: Abbot, Ingram, Pryce, Young."""
    return [
        make_member("Mr. Abbot", "Abbot"),
        make_member("Mrs. Ingram", "Ingram"),
        make_member("Dr. Pryce", "Pryce"),
        make_member("Mrs. Young", "Young"),
    ]


def started(members, user, *, days_ago: float = 0, table: str = "Table 9") -> Rubber:
    rubber = writes.start_rubber(table=table, members=members, first_dealer=0, user=user)
    at = timezone.now() - timedelta(days=days_ago)
    if days_ago:  # played and agreed long since: its players play elsewhere now
        Rubber.objects.filter(pk=rubber.pk).update(started_at=at, agreed_at=at, agreed_value=0)
        Place.objects.filter(rubber=rubber).delete()
    return rubber


def offered(response) -> list[tuple[str, list[str]]]:
    return [(g.heading, [m.name for m in g.members]) for g in response.context["form"].offered]


def test_tonights_players_come_first_then_those_played_with_lately_then_everyone(
    carr, players, more, staff
):
    _, fenwick, dane, hartley = players
    abbot, ingram, pryce, young = more
    started([players[0], abbot, ingram, dane], staff, days_ago=14)
    started([players[0], fenwick, pryce, hartley], staff, days_ago=7)
    tonight = started([ingram, young, pryce, dane], staff)  # tonight, without her
    # Agreed: its four are free to play again (one in play is offered nowhere).
    Rubber.objects.filter(pk=tonight.pk).update(agreed_at=timezone.now(), agreed_value=0)
    Place.objects.filter(rubber=tonight).delete()

    assert offered(carr.get(URL)) == [
        # Herself among them: she chooses whom to play with tonight.
        ("Tonight", ["Mrs. Carr", "Mr. Dane", "Mrs. Ingram", "Dr. Pryce", "Mrs. Young"]),
        # The last four she played with (Fenwick, Hartley, Pryce; Abbot), less tonight's.
        ("You played with lately", ["Miss Fenwick", "Col. Hartley", "Mr. Abbot"]),
    ]


def test_everyone_not_put_first_follows_by_surname(carr, players, more):
    assert offered(carr.get(URL)) == [
        ("Tonight", ["Mrs. Carr"]),
        (
            "Everyone else",
            [
                *("Mr. Abbot", "Mr. Dane", "Miss Fenwick", "Col. Hartley"),
                *("Mrs. Ingram", "Dr. Pryce", "Mrs. Young"),
            ],
        ),
    ]


def test_the_staff_are_offered_the_members_by_surname_under_no_heading(client, staff, players):
    client.force_login(staff)
    assert offered(client.get(URL)) == [
        ("", ["Mrs. Carr", "Mr. Dane", "Miss Fenwick", "Col. Hartley"])
    ]


def test_the_last_four_played_with_are_the_latest_four(players, more, staff):
    carr, fenwick, dane, hartley = players
    abbot, ingram, pryce, young = more
    started([carr, abbot, ingram, pryce], staff, days_ago=30)
    started([carr, young, dane, hartley], staff, days_ago=20)
    started([carr, fenwick, dane, abbot], staff, days_ago=10)
    # The latest rubber's three, then the first by surname of the rubber before (Mr. Dane,
    # in both, counts once).
    assert choosing.played_with(carr) == [abbot.pk, dane.pk, fenwick.pk, hartley.pk]
    assert choosing.played_with(None) == []


def test_tonight_is_asked_of_the_evenings_tables(players, more, staff):
    table_writes.form_table(
        name="Table 1",
        day=timezone.localdate(),
        candidates=more,
        user=staff,
        rng=random.Random(1),
    )
    assert choosing.tonight() == {member.pk for member in more}


def test_the_table_is_blank_unless_the_rubber_just_played_names_it(carr, players, staff):
    assert carr.get(URL).context["form"]["table"].value() in (None, "")
    apart = started(players, staff, table="Side table")
    assert carr.get(URL, {"same": apart.pk}).context["form"]["table"].value() == "Side table"


def test_a_rubber_at_a_table_of_the_evening_does_not_name_the_next_one(
    client, players, more, staff
):
    table = table_writes.form_table(
        name="Table 1", day=timezone.localdate(), candidates=players, user=staff
    )
    at_table = table.rubbers.get()
    client.force_login(players[0].user)
    form = client.get(URL, {"same": at_table.pk}).context["form"]
    assert form["table"].value() in (None, "")
    assert {form[f"seat_{n}"].value() for n in range(4)} == {m.pk for m in players}


def test_what_belongs_to_some_games_alone_is_marked_with_them(carr, players):
    page = carr.get(URL).content.decode()
    three = 'data-games="three-handed"'
    # The unit, its heading and Three-handed's words; the dummy's seat; its cut.
    assert re.search(rf'<div class="by-game" {three}>\s*<p class="game-heading">Three', page)
    assert '<fieldset class="tap-list" data-empty-for="three-handed"><legend>3. We' in page
    assert f'<p class="hint" {three}>Three-handed Bridge: seat 3 is the dummy' in page
    assert re.search(rf'<div class="by-game" {three}>.*Cut for the dummy', page)
    assert re.search(r'data-games="bridge whist">.*At Bridge and Short Whist.*Cut for deal', page)
