"""Agreeing the rubber's value, or abandoning it: both sides, then locked for good."""

from __future__ import annotations

import uuid

from django.test import Client
from django.urls import reverse

from scorer.models import Club, Deal, Rubber
from scorer.rubbers import reads, writes
from tests.support.deal_forms import agree, correct, declare, play, result, revision, won


def phone_of(member):
    phone = Client()
    phone.force_login(member.user)
    return phone


def page(client, rubber):
    return client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()


def test_a_won_rubber_asks_both_sides_to_agree_its_value(carr, rubber):
    rubber = won(carr, rubber)
    text = page(carr, rubber)
    assert "Agree the rubber" in text
    net = reads.rubber_state(rubber).sheet.net.we
    assert f"We gain {net} points, They lose them" in text
    assert "We agree" in text
    assert "They agree" not in text  # Mrs. Carr agrees for We only


def test_one_side_agreeing_leaves_it_won_not_yet_agreed_and_correctable(carr, rubber, players):
    rubber = won(carr, rubber)
    assert agree(carr, rubber, "we").status_code == 302
    rubber.refresh_from_db()
    assert rubber.we_agreed_by == players[0].user
    assert not rubber.agreed
    assert "agreed by Mrs. Carr" in page(carr, rubber)
    assert correct(carr, rubber, 3, tricks=13).status_code == 302  # still within Law 12


def test_a_correction_makes_an_earlier_agreement_lapse(carr, rubber):
    rubber = won(carr, rubber)
    agree(carr, rubber, "we")
    assert correct(carr, rubber, 1, honours="we:FOUR_ACES").status_code == 302  # Law 13
    rubber.refresh_from_db()
    assert rubber.we_agreed_at is None


def test_both_sides_agreeing_fixes_the_value_and_locks_the_rubber(carr, rubber, players):
    rubber = won(carr, rubber)
    net = reads.rubber_state(rubber).sheet.net.we
    agree(carr, rubber, "we")
    agree(phone_of(players[1]), rubber, "they")  # Miss Fenwick, for They
    rubber.refresh_from_db()
    assert rubber.agreed
    assert (rubber.agreed_value, rubber.abandoned) == (net, False)
    text = page(carr, rubber)
    assert "Agreed" in text
    assert "agreed by Miss Fenwick" in text
    assert "The sheet is now locked" in text
    assert "Correct deal" not in text
    response = correct(carr, rubber, 1, honours="they:FOUR_ACES")
    assert response.status_code == 422
    assert (
        "Deal 1&#x27;s honours can no longer be corrected: the rubber&#x27;s value has been "
        "agreed (Law 13)."
    ) in response.content.decode()


def test_the_staff_may_record_that_both_sides_agreed(client, carr, rubber, staff):
    rubber = won(carr, rubber)
    client.force_login(staff)
    assert "Record that both sides agreed" in page(client, rubber)
    agree(client, rubber, "both")
    rubber.refresh_from_db()
    assert rubber.agreed
    assert (rubber.we_agreed_by, rubber.they_agreed_by) == (staff, staff)


def test_a_player_agrees_only_for_his_own_side(carr, rubber):
    rubber = won(carr, rubber)
    assert agree(carr, rubber, "they").status_code == 403
    assert agree(carr, rubber, "both").status_code == 403
    rubber.refresh_from_db()
    assert rubber.they_agreed_at is None


def test_a_side_may_take_back_its_agreement_before_the_other_agrees(carr, rubber):
    rubber = won(carr, rubber)
    agree(carr, rubber, "we")
    assert agree(carr, rubber, "we", url="scorer:withdraw").status_code == 302
    rubber.refresh_from_db()
    assert rubber.we_agreed_at is None


def test_agreeing_twice_over_a_flaky_network_counts_once(carr, rubber, players):
    rubber = won(carr, rubber)
    key, at = uuid.uuid4(), revision(rubber)
    agree(carr, rubber, "we", key=key, at=at)
    agree(carr, rubber, "we", key=key, at=at)
    rubber.refresh_from_db()
    assert rubber.we_agreed_at is not None
    assert revision(rubber) == at + 1


def test_nothing_is_recorded_after_agreement(carr, rubber, players):
    rubber = won(carr, rubber)
    agree(carr, rubber, "we")
    agree(phone_of(players[1]), rubber, "they")
    assert declare(carr, rubber).status_code == 422
    assert Deal.objects.count() == 3


def test_an_unfinished_rubber_may_be_abandoned_counting_the_points_as_they_stand(
    carr, rubber, players
):
    play(carr, rubber, trump="H", tricks=9, honours="we:FOUR_IN_ONE_HAND")  # We 24 + 64
    text = page(carr, rubber)
    assert "Abandon this rubber" in text
    assert "We gain 88 points, They lose them" in text
    agree(carr, rubber, "we")
    agree(phone_of(players[1]), rubber, "they")
    rubber.refresh_from_db()
    assert (rubber.agreed, rubber.abandoned, rubber.agreed_value) == (True, True, 88)
    assert "Abandoned and agreed" in page(carr, rubber)


def test_a_club_may_hold_abandoned_rubbers_void(carr, players):
    club = Club.get()
    club.abandoned_rubbers_count = False
    club.save()
    rubber = writes.start_rubber(table="T", members=players, first_dealer=0, user=players[0].user)
    play(carr, rubber, trump="H", tricks=9)
    agree(carr, rubber, "we")
    agree(phone_of(players[1]), rubber, "they")
    rubber.refresh_from_db()
    assert (rubber.abandoned, rubber.agreed_value) == (True, 0)
    assert "Void: nobody gains or loses" in page(carr, rubber)


def test_a_rubber_is_not_abandoned_under_a_deal_in_progress(carr, rubber):
    play(carr, rubber)
    declare(carr, rubber)
    response = agree(carr, rubber, "we")
    assert response.status_code == 422
    assert "Deal 2 is declared: record its result or discard it" in response.content.decode()


def test_playing_on_makes_an_offer_to_abandon_lapse(carr, rubber):
    play(carr, rubber)
    agree(carr, rubber, "we")
    declare(carr, rubber)
    assert Rubber.objects.get(pk=rubber.pk).we_agreed_at is None


def test_a_member_who_is_not_playing_cannot_agree(client, carr, rubber, stranger):
    rubber = won(carr, rubber)
    client.force_login(stranger.user)
    assert agree(client, rubber, "we").status_code == 403


def test_a_deal_worth_more_than_the_record_holds_is_refused_as_it_is_recorded(carr, rubber):
    """Doubling may go on indefinitely (Law 55), but a rubber's figures and money are kept
    in numbers of a size: a deal past them is refused when it is recorded, naming the deal
    and the bound, and never at agreement."""
    response = declare(carr, rubber, trump="NT", more_doubles=60)
    assert response.status_code == 422
    assert (
        "Deal 1: doubles: doubled 60 times, a trick at No-trump would be worth "
        "13,835,058,055,282,163,712 points, more than the 10,000,000 a rubber may hold here."
    ) in response.content.decode()
    # A trick worth 1,572,864: We win the first game with a little slam, 9,437,204 points.
    assert declare(carr, rubber, trump="NT", more_doubles=17).status_code == 302
    assert result(carr, rubber, tricks=12, honours="easy").status_code == 302
    assert declare(carr, rubber, trump="NT", more_doubles=17).status_code == 302
    response = result(carr, rubber, tricks=6, honours="easy")  # They deal; We win a by-card
    assert response.status_code == 422
    assert (
        "Deal 2: We would have 11,010,068 points, more than the 10,000,000 a rubber may hold "
        "here: if the doubles were entered wrongly, correct them."
    ) in response.content.decode()
    assert Deal.objects.filter(rubber=rubber, recorded_at__isnull=False).count() == 1
