"""The second step of a deal: tricks, honours as called, chicane, revokes."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from scorer.models import Club, Deal
from scorer.rubbers import reads, writes
from tests.support.deal_forms import declare, play, result, revision


def sheet(rubber):
    return reads.rubber_state(rubber).sheet


def test_it_records_the_result_and_the_sheet_follows(carr, rubber, players):
    declare(carr, rubber, trump="H")
    response = result(carr, rubber, tricks=10, honours="they:FOUR_IN_ONE_HAND")
    assert response.status_code == 302
    deal = Deal.objects.get()
    assert (deal.tricks, deal.honours_side, deal.honours) == (10, "they", "FOUR_IN_ONE_HAND")
    assert deal.recorded_by == players[0].user
    entries = sheet(rubber).deals[0].entries
    assert (entries.we.tricks, entries.they.honours) == (32, 64)


def test_htmx_gets_the_sheet_and_the_state_of_the_score_in_words(carr, rubber):
    declare(carr, rubber, trump="C")
    text = result(carr, rubber, tricks=9, honours="we:THREE", htmx=True).content.decode()
    assert "First game: We 12, They 0" in text
    assert "Deal 2: Miss Fenwick deals." in text


def test_tricks_are_those_of_the_dealers_side(carr, rubber):
    play(carr, rubber, trump="S", tricks=7)  # Carr deals: We 7
    play(carr, rubber, trump="S", tricks=9)  # Fenwick deals: They 9
    deals = sheet(rubber).deals
    assert (deals[0].entries.we.tricks, deals[1].entries.they.tricks) == (2, 6)


def test_four_honours_divided_cannot_go_with_a_chicane_on_the_same_side(carr, rubber):
    declare(carr, rubber, trump="H")
    response = result(carr, rubber, honours="we:FOUR", chicane=(1, 0))
    assert response.status_code == 422
    assert (
        "We cannot have a hand void of trumps and hold four: a void hand holds no honours."
        in response.content.decode()
    )
    assert Deal.objects.get().in_progress


def test_a_double_chicane_leaves_the_other_side_all_five_honours(carr, rubber):
    declare(carr, rubber, trump="H")
    response = result(carr, rubber, honours="we:FOUR_IN_ONE_HAND", chicane=(0, 2))
    assert response.status_code == 422
    assert "They cannot have both hands void of trumps and hold the other honours" in (
        response.content.decode()
    )


def test_a_chicane_at_no_trump_is_refused(carr, rubber):
    declare(carr, rubber, trump="NT")
    response = result(carr, rubber, honours="we:THREE_ACES", chicane=(1, 0))
    assert response.status_code == 422
    assert "There is no chicane at no-trump" in response.content.decode()


def test_a_chicane_the_call_allows_is_scored(carr, rubber):
    declare(carr, rubber, trump="H")
    result(carr, rubber, tricks=7, honours="we:FOUR_IN_ONE_HAND", chicane=(1, 0))
    assert sheet(rubber).deals[0].entries.we.honours == 64 + 16


def test_aces_easy_score_nothing(carr, rubber):
    declare(carr, rubber, trump="NT")
    assert result(carr, rubber, tricks=8, honours="easy").status_code == 302
    assert sheet(rubber).deals[0].entries.we.honours == 0


def test_an_honours_call_of_the_wrong_kind_is_refused(carr, rubber):
    declare(carr, rubber, trump="H")
    response = result(carr, rubber, honours="we:THREE_ACES")
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()


def test_tricks_and_honours_are_required(carr, rubber):
    declare(carr, rubber, trump="H")
    text = result(carr, rubber, tricks="", honours="").content.decode()
    assert "Tap the number of tricks the dealer&#x27;s side won." in text
    assert "Choose who held the honours, and how." in text


def test_revokes_move_tricks_and_hold_the_side_to_28(carr, rubber):
    declare(carr, rubber, trump="NT")
    result(carr, rubber, tricks=13, honours="easy", revokes=(1, 0))
    entries = sheet(rubber).deals[0].entries
    assert entries.we.tricks == 28
    assert entries.we.honours == 40  # the grand slam, won in play


@pytest.fixture
def convention(players):
    club = Club.get()
    club.spade_convention = True
    club.save()
    return writes.start_rubber(table="T", members=players, first_dealer=0, user=players[0].user)


def test_under_the_spade_convention_spades_may_go_unplayed(carr, convention):
    declare(carr, convention, trump="S")
    page = carr.get(reverse("scorer:rubber", args=[convention.pk])).content.decode()
    assert "Spades not played: the maker takes 2" in page
    response = result(carr, convention, tricks="", honours="", not_played="on")
    assert response.status_code == 302
    assert sheet(convention).deals[0].entries.we.tricks == 2
    assert Deal.objects.get().played is False


def test_doubled_spades_must_be_played(carr, convention):
    declare(carr, convention, trump="S", doubles=1)
    page = carr.get(reverse("scorer:rubber", args=[convention.pk])).content.decode()
    assert "Spades not played" not in page
    response = result(carr, convention, tricks="", honours="", not_played="on")
    assert response.status_code == 422
    assert "a doubled spade make must be played (Spade Convention I)" in response.content.decode()


def test_not_played_is_refused_without_the_convention(carr, rubber):
    declare(carr, rubber, trump="S")
    response = result(carr, rubber, tricks="", honours="", not_played="on")
    assert response.status_code == 422
    assert "only under the Spade Convention" in response.content.decode()


def test_a_result_sent_twice_records_one_deal(carr, rubber):
    declare(carr, rubber, trump="H")
    key, at = uuid.uuid4(), revision(rubber)
    assert result(carr, rubber, key=key, at=at, tricks=9).status_code == 302
    assert result(carr, rubber, key=key, at=at, tricks=9).status_code == 302
    assert Deal.objects.count() == 1
    assert len(sheet(rubber).deals) == 1


def test_a_result_from_a_stale_page_is_refused(carr, rubber):
    declare(carr, rubber, trump="H")
    shown_at = revision(rubber)
    declare(carr, rubber, trump="D")  # another phone changed the declaration
    response = result(carr, rubber, at=shown_at, tricks=9)
    assert response.status_code == 409
    assert (
        "Deal 1&#x27;s declaration changed: Miss Fenwick dealt and made diamonds. Yours \u2014 "
        "They 9 tricks; honours We: simple honours \u2014 was not saved."
        in response.content.decode()
    )
    assert Deal.objects.get().in_progress


def test_a_result_with_no_deal_in_progress_is_answered_with_the_sheet(carr, rubber):
    response = result(carr, rubber)
    assert response.status_code == 409
    assert "Deal 1: the declaration" in response.content.decode()


def test_a_member_who_is_not_playing_cannot_record_a_result(client, carr, rubber, stranger):
    declare(carr, rubber)
    client.force_login(stranger.user)
    assert result(client, rubber).status_code == 403
    assert Deal.objects.get().in_progress


def test_a_no_trump_result_needs_no_chicane_fields(carr, rubber):
    """At no-trump the page offers no chicane, so the phone sends none."""
    declare(carr, rubber, trump="NT")
    data = {"key": uuid.uuid4(), "revision": revision(rubber), "tricks": 8, "honours": "easy"}
    response = carr.post(reverse("scorer:result", args=[rubber.pk]), data)
    assert response.status_code == 302
    assert not Deal.objects.get().in_progress


def test_a_chicane_sent_at_no_trump_that_is_no_choice_says_so(carr, rubber):
    """No chicane is offered at no-trump, so its error is shown on its own."""
    declare(carr, rubber, trump="NT")
    response = result(carr, rubber, honours="easy", chicane=(" ", 0))
    assert response.status_code == 422
    assert "Select a valid choice." in response.content.decode()
    assert not Deal.objects.filter(recorded_at__isnull=False).exists()


def test_saving_a_result_with_the_sheet_for_answer_costs_fifteen_queries_however_long_the_rubber(
    carr, rubber, django_assert_max_num_queries
):
    """The session and its user; the rubber with its seats, then its deals (none a row of
    either); the write in one transaction: its key (with a savepoint), the revision, the
    deal, what it did; then what it did read back, for the phone to show, the club's
    setting on accepting deals, and the corrections, for the sheet it answers with."""
    for trump in ("S", "C", "H"):
        play(carr, rubber, trump=trump, tricks=7)
    declare(carr, rubber, trump="D")
    at = revision(rubber)
    with django_assert_max_num_queries(15):
        response = result(carr, rubber, tricks=8, at=at, htmx=True)
    assert response.status_code == 200
    assert "Deal 5: Mrs. Carr deals." in response.content.decode()
