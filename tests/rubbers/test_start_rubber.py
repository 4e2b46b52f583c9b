"""Starting a rubber: four members round a table, the club's rules, who deals first."""

from __future__ import annotations

import html
import random
import uuid

import pytest
from django.urls import reverse

from scorer.engine.cutting import RANKS
from scorer.models import Club, Rubber
from scorer.rubbers import writes

URL = reverse("scorer:start")


def form(players, **fields):
    data = {"table": "Table 4", "first_dealer": "1", "key": uuid.uuid4()}
    data.update({f"seat_{i}": member.pk for i, member in enumerate(players)})
    data.update(fields)
    return data


def test_a_stranger_is_sent_to_sign_in(client, db):
    response = client.get(URL)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_it_seats_four_members_round_the_table(carr, players):
    response = carr.post(URL, form(players))
    rubber = Rubber.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("scorer:rubber", args=[rubber.pk])
    assert [seat.member for seat in rubber.seats.all()] == players
    assert rubber.table == "Table 4"
    assert rubber.first_dealer == 1


def test_the_clubs_rules_in_force_are_copied_onto_the_rubber(carr, players):
    club = Club.get()
    club.doubling_limit, club.spade_convention = 100, True
    club.save()
    carr.post(URL, form(players))
    club.doubling_limit = 200
    club.save()
    rubber = Rubber.objects.get()
    assert (rubber.doubling_limit, rubber.spade_convention) == (100, True)


def test_the_same_member_cannot_sit_twice(carr, players):
    response = carr.post(URL, form(players, seat_3=players[0].pk))
    assert response.status_code == 422
    assert "Choose four different members" in response.content.decode()
    assert not Rubber.objects.exists()


def test_a_member_starts_only_a_rubber_they_play_in(client, players, stranger):
    client.force_login(stranger.user)
    response = client.post(URL, form(players))
    assert response.status_code == 422
    assert "You may start only a rubber you are playing in" in response.content.decode()


def test_the_staff_may_start_any_rubber(client, players, staff):
    client.force_login(staff)
    assert client.post(URL, form(players)).status_code == 302


def test_an_account_that_is_no_member_may_not_start_one(client, players, db):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_user("visitor", password="pw"))
    assert client.get(URL).status_code == 403


def test_a_cut_for_deal_is_drawn_and_kept(carr, players):
    carr.post(URL, form(players, first_dealer="cut"))
    rubber = Rubber.objects.get()
    assert rubber.cut["for"] == "deal"
    drawn = rubber.cut["rounds"][-1]
    ranks = {draw["member"]: RANKS.index(draw["card"][:-1]) for draw in drawn}
    assert ranks[players[rubber.first_dealer].pk] == min(ranks.values())
    page = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert f"The cut for deal: {players[rubber.first_dealer].name} deals" in page


def test_a_cut_for_partners_seats_the_two_lowest_against_the_two_highest(players):
    rubber = writes.start_rubber(
        table="T",
        members=players,
        first_dealer=writes.CUT_FOR_PARTNERS,
        user=players[0].user,
        rng=random.Random(3),
    )
    seats = [seat.member.pk for seat in rubber.seats.all()]
    cards = {draw["member"]: draw["card"] for draw in rubber.cut["rounds"][0]}
    assert rubber.first_dealer == 0
    assert rubber.cut["for"] == "partners"
    assert sorted(seats) == sorted(member.pk for member in players)
    if len(rubber.cut["rounds"]) == 1:  # no tie: We are the two lowest cards
        ranks = {pk: RANKS.index(card[:-1]) for pk, card in cards.items()}
        assert max(ranks[seats[0]], ranks[seats[2]]) < min(ranks[seats[1]], ranks[seats[3]])


def test_new_rubber_same_table_fills_in_the_table_and_seats(carr, rubber, players):
    response = carr.get(URL, {"same": rubber.pk})
    bound = response.context["form"]
    assert bound["table"].value() == "Table 1"
    assert [bound[f"seat_{i}"].value() for i in range(4)] == [m.pk for m in players]


@pytest.mark.parametrize("value", ["", "7", "nope"])
def test_a_bad_first_dealer_is_refused(carr, players, value):
    response = carr.post(URL, form(players, first_dealer=value))
    assert response.status_code == 422
    assert not Rubber.objects.exists()


def test_no_one_chosen_to_deal_first_is_named(carr, players):
    data = form(players)
    del data["first_dealer"]
    response = carr.post(URL, data)
    assert response.status_code == 422
    assert "This field is required." in response.content.decode()


def test_a_refusal_under_htmx_is_shown_with_the_whole_form(carr, players):
    response = carr.post(URL, form(players, table=""), headers={"HX-Request": "true"})
    assert response.status_code == 422
    page = response.content.decode()
    assert 'id="start"' in page
    assert "This field is required." in page


@pytest.mark.parametrize("seat", [" ", "²", "nobody", str(2**70)])
def test_a_seat_sent_as_no_member_is_refused_in_words(carr, players, seat):
    refused = carr.post(URL, form(players[:3], seat_3=seat))
    assert refused.status_code == 422
    assert "Select a valid choice." in refused.content.decode()
    assert not Rubber.objects.exists()


def test_new_rubber_same_table_asked_for_in_other_digits_is_a_new_form(carr, rubber):
    response = carr.get(URL, {"same": "²"})
    assert response.status_code == 200
    assert response.context["form"]["seat_0"].value() is None


def test_a_member_still_in_play_at_another_table_is_flagged_and_nothing_starts(
    carr, rubber, players
):
    from tests.support.deal_forms import play

    play(carr, rubber, trump="H", tricks=8)  # Table 1 is in play: nobody has won it
    response = carr.post(URL, form(players, table="Table 4"))
    text = response.content.decode()
    assert response.status_code == 409
    assert Rubber.objects.count() == 1
    assert "Already seated in a rubber still in play:" in text
    table_1 = reverse("scorer:rubber", args=[rubber.pk])
    assert f'Col. Hartley, at <a href="{table_1}">Table 1</a>' in text
    assert "finish or abandon its rubber there first" in text
    # A person sits at one table: no way on but to end that rubber ("Start it anyway" was
    # one, sent with "anyway"; it starts nothing now).
    assert "Start it anyway" not in text
    assert carr.post(URL, {**form(players, table="Table 4"), "anyway": "on"}).status_code == 409
    assert not Rubber.objects.filter(table="Table 4").exists()


def test_a_member_of_a_rubber_won_but_not_yet_agreed_is_refused_until_it_is(carr, rubber, players):
    from tests.support.deal_forms import won

    won(carr, rubber)
    response = carr.post(URL, form(players))
    assert response.status_code == 422
    assert (
        f"{players[0].name} is playing the rubber in play at {rubber.table}: a member plays at "
        "one table at a time." in html.unescape(response.content.decode())
    )
    assert Rubber.objects.count() == 1


def test_starting_with_no_stake_in_force_says_it_posts_no_money(carr, players):
    text = carr.get(URL).content.decode()
    assert "No stake is in force: a rubber started now posts its points and no money." in text
