"""Drawing the numbers: whole tables of four or the engine's refusal, a shuffle no one can
foresee, drawn once (the database refuses a second), 1–4 at table 1 and so on, and each
table's cut for partners and deal shown as cards, as a rubber's is."""

from __future__ import annotations

import random

import pytest
from django.db import DatabaseError, IntegrityError, transaction
from django.urls import reverse

from scorer.engine.cutting import cut_for_partners
from scorer.progressive import writes
from scorer.progressive.models import (
    ProgressiveEvening,
    ProgressivePlayer,
    ProgressiveSeat,
    ProgressiveTable,
)
from tests.support.evenings import drawn, members, opened, seen, tables_of
from tests.support.html import Forms

DRAW = "scorer:progressive:draw"


def with_players(staff, count):
    evening = opened(staff)
    for member in members(count):
        writes.add_member(evening=evening, member=member, seen=seen(evening), user=staff)
    return evening


def draw_by_the_page(client, evening):
    page = reverse("scorer:progressive:evening", args=[evening.pk])
    form = Forms(client.get(page).content.decode()).form(reverse(DRAW, args=[evening.pk]))
    assert form is not None, "the page offers the draw"
    return client.post(form["action"], form["values"], follow=True), form


def said(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.mark.parametrize(
    ("count", "refusal"),
    [
        (
            7,
            "7 players do not make whole tables of four; 1 more player would make 2 tables, "
            "or 3 fewer players 1 table.",
        ),
        (
            10,
            "10 players do not make whole tables of four; 2 more players would make 3 tables, "
            "or 2 fewer players 2 tables.",
        ),
        (3, "3 players cannot make a table of four; 1 more player would make one."),
    ],
)
def test_players_that_do_not_make_whole_tables_are_refused_in_the_engines_words(
    secretary, staff, count, refusal
):
    evening = with_players(staff, count)
    page, _ = draw_by_the_page(secretary, evening)
    assert said(page) == [refusal]
    evening.refresh_from_db()
    assert not evening.drawn
    assert not ProgressivePlayer.objects.filter(number__isnull=False).exists()


def test_eight_draw_the_numbers_one_to_eight_and_sit_one_to_four_at_table_one(secretary, staff):
    evening = with_players(staff, 8)
    page, _ = draw_by_the_page(secretary, evening)
    assert said(page) == [
        "The numbers are drawn: 8 players at 2 tables. Each table has cut for partners and "
        "deal: round 1 is seated."
    ]
    numbers = sorted(evening.players.values_list("number", flat=True))
    assert numbers == list(range(1, 9))
    for table, expected in zip(tables_of(evening, 1), ({1, 2, 3, 4}, {5, 6, 7, 8}), strict=True):
        seated = set(table.seats.values_list("player__number", flat=True))
        assert seated == expected


def test_the_numbers_are_drawn_by_the_systems_own_randomness(secretary, staff, monkeypatch):
    shuffled = []

    class Watched(random.SystemRandom):
        def shuffle(self, x):  # type: ignore[override]
            shuffled.append(len(x))
            super().shuffle(x)

    monkeypatch.setattr(writes.random, "SystemRandom", Watched)
    evening = with_players(staff, 8)
    draw_by_the_page(secretary, evening)
    assert 8 in shuffled, "the players were shuffled by the system's randomness"


def test_each_table_cuts_for_partners_and_the_lowest_deals(staff):
    evening = with_players(staff, 8)
    players = list(evening.players.order_by("arrived_at", "pk"))
    writes.draw(evening=evening, seen=seen(evening), user=staff, rng=random.Random(7))
    replay = random.Random(7)  # the same draw again: the shuffle, then each table's cut
    replay.shuffle(players)
    for table in tables_of(evening, 1):
        four = players[4 * table.number - 4 : 4 * table.number]
        cut = cut_for_partners(replay)
        (dealer, partner), (left, right) = cut.partnerships
        seats = [seat.player for seat in table.seats.order_by("position")]
        assert seats == [four[dealer], four[left], four[partner], four[right]]
        assert table.cut == [[[four[who].pk, str(card)] for who, card in r] for r in cut.rounds]


def test_the_tables_page_shows_the_cards_cut_as_a_rubbers_does(secretary, evening):
    table = tables_of(evening, 1)[0]
    page = secretary.get(reverse("scorer:progressive:table", args=[table.pk])).content.decode()
    dealer = table.seats.get(position=0).player
    assert f"The cut for partners and deal: {dealer.name} deals" in page
    for who, card in table.cut[0]:
        name = ProgressivePlayer.objects.get(pk=who).name
        assert f'{name} <span class="card">{card}</span>' in page


def test_the_draw_is_made_once_a_form_sent_again_answering_as_the_first(secretary, staff):
    evening = with_players(staff, 8)
    first, form = draw_by_the_page(secretary, evening)
    again = secretary.post(form["action"], form["values"], follow=True)
    assert said(again) == said(first)
    assert ProgressiveTable.objects.count() == 2


def test_a_draw_from_a_page_shown_before_is_refused_and_changes_nothing(secretary, staff):
    evening = with_players(staff, 8)
    page = reverse("scorer:progressive:evening", args=[evening.pk])
    form = Forms(secretary.get(page).content.decode()).form(reverse(DRAW, args=[evening.pk]))
    draw_by_the_page(secretary, evening)
    numbers = dict(evening.players.values_list("pk", "number"))
    form["values"]["key"] = "0f5c7bd9-2c47-4a58-9c4b-0e3a8a1f8d11"  # another tap, elsewhere
    late = secretary.post(form["action"], form["values"], follow=True)
    assert said(late) == [
        "Progressive evening changed since this page was shown: here it is now. Nothing was done."
    ]
    assert dict(evening.players.values_list("pk", "number")) == numbers


def test_once_drawn_nobody_joins_and_nobody_leaves(staff, evening, stranger):
    with pytest.raises(writes.Refused, match="are drawn: the players are as drawn"):
        writes.add_member(evening=evening, member=stranger, seen=seen(evening), user=staff)
    player = evening.players.first()
    with pytest.raises(writes.Refused, match="are drawn: the players are as drawn"):
        writes.remove_player(evening=evening, player=player, seen=seen(evening), user=staff)


def test_the_database_refuses_to_draw_a_number_again(evening):
    player = evening.players.get(number=1)
    with pytest.raises(DatabaseError, match="drawn once"), transaction.atomic():
        ProgressivePlayer.objects.filter(pk=player.pk).update(number=9)
    with pytest.raises(DatabaseError, match="drawn once"), transaction.atomic():
        ProgressivePlayer.objects.filter(pk=player.pk)._raw_delete(using="default")
    with pytest.raises(DatabaseError, match="drawn once"), transaction.atomic():
        ProgressiveEvening.objects.filter(pk=evening.pk).update(drawn_at=None)


def test_the_database_refuses_a_player_joining_a_drawn_evening(evening, stranger):
    with pytest.raises(DatabaseError, match="nobody joins"), transaction.atomic():
        ProgressivePlayer.objects.create(evening=evening, member=stranger)


def test_the_database_refuses_an_evening_drawn_with_a_player_unnumbered(staff):
    evening = with_players(staff, 4)
    with pytest.raises(DatabaseError, match="every player"), transaction.atomic():
        ProgressiveEvening.objects.filter(pk=evening.pk).update(drawn_at="2026-01-01T20:00Z")


def test_the_database_keeps_one_table_a_player_a_round(evening, staff):
    table = tables_of(evening, 1)[0]
    seated = table.seats.get(position=0).player
    extra = ProgressiveTable.objects.create(
        evening=evening, round=1, number=3, cut=[], cut_by=staff
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        ProgressiveSeat.objects.create(
            table=extra, evening=evening, round=1, player=seated, position=0
        )
    # Seated in round 2, the same player is no one's double.
    later = ProgressiveTable.objects.create(
        evening=evening, round=2, number=1, cut=[], cut_by=staff
    )
    ProgressiveSeat.objects.create(table=later, evening=evening, round=2, player=seated, position=0)


def test_the_database_keeps_four_at_a_table(evening, staff):
    later = ProgressiveTable.objects.create(
        evening=evening, round=2, number=1, cut=[], cut_by=staff
    )
    players = list(evening.players.order_by("number"))
    for position in range(4):
        ProgressiveSeat.objects.create(
            table=later, evening=evening, round=2, player=players[position], position=position
        )
    for position in (0, 4):
        with pytest.raises(IntegrityError), transaction.atomic():
            ProgressiveSeat.objects.create(
                table=later, evening=evening, round=2, player=players[5], position=position
            )


def test_the_database_keeps_a_seat_to_its_tables_round(evening, staff):
    later = ProgressiveTable.objects.create(
        evening=evening, round=2, number=1, cut=[], cut_by=staff
    )
    player = evening.players.get(number=1)
    with pytest.raises(DatabaseError, match="its table's evening and round"), transaction.atomic():
        ProgressiveSeat.objects.create(
            table=later, evening=evening, round=3, player=player, position=0
        )


def test_a_drawn_evening_of_eight(staff):
    evening = drawn(staff, members(8))
    assert evening.drawn
