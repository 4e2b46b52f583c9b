"""Correcting recorded deals, exactly as long as Laws 12 and 13 allow, with a record."""

from __future__ import annotations

import re
import uuid

import pytest
from django.db import DatabaseError, transaction
from django.urls import reverse

from scorer.models import Correction, Deal
from scorer.rubbers import reads
from tests.support.deal_forms import correct, declare, play, revision, won

# Carr (We) deals deal 1, Fenwick (They) deal 2, Dane (We) deal 3 ...


def page_of(client, rubber, number):
    return client.get(reverse("scorer:correction", args=[rubber.pk, number]))


def test_law_12_tricks_may_be_corrected_while_the_game_is_in_play(carr, rubber, players):
    play(carr, rubber, trump="D", tricks=9, honours="we:FOUR")  # We 18
    response = correct(carr, rubber, 1, tricks=10)
    assert response.status_code == 302
    page = carr.get(response.url).content.decode()
    assert "Deal 1 corrected: We 18 → 24 below the line" in page
    correction = Correction.objects.get()
    assert (correction.number, correction.kind, correction.law) == (1, "tricks", "Law 12")
    assert (correction.before["tricks"], correction.after["tricks"]) == (9, 10)
    assert correction.reason == "miscounted"
    assert correction.made_by == players[0].user
    assert Deal.objects.get().tricks == 10


def test_law_12_a_won_game_may_be_corrected_until_the_next_trump_is_declared(carr, rubber):
    play(carr, rubber, trump="NT", tricks=12)  # We win the first game at deal 1: 6 × 12 = 72
    response = correct(carr, rubber, 1, tricks=11)
    assert response.status_code == 302
    page = carr.get(response.url).content.decode()
    assert "Deal 1 corrected: We 72 → 60 below the line" in page  # 5 × 12, the game still won
    correction = Correction.objects.get()
    assert (correction.number, correction.kind, correction.law) == (1, "tricks", "Law 12")
    assert Deal.objects.get().tricks == 11
    assert reads.rubber_state(rubber).sheet.deals[0].won_game is not None


def test_law_12_refuses_tricks_once_the_next_trump_is_declared(carr, rubber):
    play(carr, rubber, trump="S", tricks=8)  # We 4
    play(carr, rubber, trump="NT", tricks=1)  # Fenwick deals; We take 12: game at deal 2
    declare(carr, rubber, trump="H")  # deal 3's trump: the first game is concluded
    response = correct(carr, rubber, 1, tricks=9)
    assert response.status_code == 422
    assert (
        "Deal 1&#x27;s tricks can no longer be corrected: the first game was concluded when "
        "deal 3&#x27;s trump was declared (Law 12)."
    ) in response.content.decode()
    assert Deal.objects.get(number=1).tricks == 8
    assert not Correction.objects.exists()


def test_the_correction_page_says_which_fields_may_still_change_and_why_not(carr, rubber):
    play(carr, rubber, trump="S", tricks=8)
    play(carr, rubber, trump="NT", tricks=1)
    declare(carr, rubber, trump="H")
    page = page_of(carr, rubber, 1).content.decode()
    assert '<fieldset class="law" disabled>' in page
    assert "the first game was concluded when deal 3&#x27;s trump was declared (Law 12)." in page
    assert "may be corrected until the rubber&#x27;s value is agreed (Law 13)." in page


def test_law_13_honours_may_be_corrected_after_the_game_is_concluded(carr, rubber):
    play(carr, rubber, trump="S", tricks=8, honours="we:THREE")
    play(carr, rubber, trump="NT", tricks=1)
    declare(carr, rubber, trump="H")
    response = correct(carr, rubber, 1, honours="we:FOUR_IN_ONE_HAND")
    assert response.status_code == 302
    correction = Correction.objects.get()
    assert (correction.kind, correction.law) == ("honours", "Law 13")
    sheet = reads.rubber_state(rubber).sheet
    assert sheet.deals[0].entries.we.honours == 16


def finished(client, rubber):
    """We, They and We each win a game at no-trump: the rubber is won at deal 3."""
    for _ in range(3):
        play(client, rubber, trump="NT", tricks=12)


def agree_both(client, rubber, staff):
    client.force_login(staff)
    return client.post(
        reverse("scorer:agree", args=[rubber.pk]),
        {"key": uuid.uuid4(), "revision": revision(rubber), "side_agreeing": "both"},
    )


def test_law_12_the_last_game_stays_open_until_the_rubber_is_agreed(carr, rubber, staff):
    finished(carr, rubber)
    assert correct(carr, rubber, 3, tricks=11).status_code == 302  # still won at deal 3
    agree_both(carr, rubber, staff)
    response = correct(carr, rubber, 3, tricks=10)
    assert response.status_code == 422
    assert (
        "Deal 3&#x27;s tricks can no longer be corrected: the rubber&#x27;s value has been "
        "agreed (Law 12)."
    ) in response.content.decode()


def test_law_13_refuses_honours_after_agreement(carr, rubber, staff):
    finished(carr, rubber)
    agree_both(carr, rubber, staff)
    response = correct(carr, rubber, 1, honours="we:FOUR_ACES")
    assert response.status_code == 422
    assert (
        "Deal 1&#x27;s honours can no longer be corrected: the rubber&#x27;s value has been "
        "agreed (Law 13)."
    ) in response.content.decode()
    assert not Correction.objects.filter(number=1).exists()


def test_a_correction_may_end_a_game_earlier_and_move_the_deals_after_it(carr, rubber):
    play(carr, rubber, trump="H", tricks=8)  # We 16
    play(carr, rubber, trump="S", tricks=6)  # Fenwick deals, They take 6: We 7 tricks, 2 more
    response = correct(carr, rubber, 1, tricks=11)  # We 40: the game was won at deal 1
    assert response.status_code == 302
    page = carr.get(response.url).content.decode()
    assert "the first game now ends at deal 1, won by We" in page
    sheet = reads.rubber_state(rubber).sheet
    assert [d.game for d in sheet.deals] == [1, 2]


def test_a_correction_the_later_deals_cannot_stand_with_is_refused(carr, rubber):
    play(carr, rubber, trump="NT", tricks=12)  # We win the first game
    play(carr, rubber, trump="NT", tricks=7)  # Fenwick deals: They 12 in the second game
    play(carr, rubber, trump="S", tricks=8)  # Dane deals: We 4
    # Corrected, deal 2 would give We the second game and the rubber, and leave deal 3
    # played after the rubber was won (Law 1).
    response = correct(carr, rubber, 2, tricks=1)  # They took 1: We 12 tricks at no-trump
    assert response.status_code == 422
    assert "Deal 3: the rubber was won at deal 2, so no deal may follow (Law 1)." in (
        response.content.decode()
    )


def test_a_correction_needs_a_reason_and_a_change(carr, rubber):
    play(carr, rubber, trump="S", tricks=8)
    refused = correct(carr, rubber, 1, reason="", tricks=9)
    assert "This field is required." in refused.content.decode()
    response = correct(carr, rubber, 1)
    assert response.status_code == 422
    assert "Deal 1 is already so: there is nothing to correct" in response.content.decode()


def test_two_phones_correcting_at_once_one_wins_the_other_sees_the_sheet_as_it_is(carr, rubber):
    play(carr, rubber, trump="S", tricks=8)
    shown_at = revision(rubber)
    assert correct(carr, rubber, 1, tricks=9, at=shown_at).status_code == 302
    response = correct(carr, rubber, 1, tricks=10, at=shown_at)
    assert response.status_code == 409
    text = response.content.decode()
    assert "The sheet changed on another phone; here it is now." in text
    assert "Spades, 3 by-cards" in text or "tricks" in text
    assert Deal.objects.get().tricks == 9
    assert Correction.objects.count() == 1


def test_the_same_correction_sent_twice_is_made_once(carr, rubber):
    play(carr, rubber, trump="S", tricks=8)
    key, at = uuid.uuid4(), revision(rubber)
    correct(carr, rubber, 1, tricks=9, key=key, at=at)
    correct(carr, rubber, 1, tricks=9, key=key, at=at)
    assert Correction.objects.count() == 1


def remove(client, rubber, number, reason="recorded by mistake", at=None):
    data = {
        "key": uuid.uuid4(),
        "revision": revision(rubber) if at is None else at,
        "reason": reason,
    }
    return client.post(reverse("scorer:remove", args=[rubber.pk, number]), data)


def test_the_last_deal_may_be_removed_as_a_correction_on_record(carr, rubber):
    play(carr, rubber, trump="S", tricks=8)
    play(carr, rubber, trump="H", tricks=9)
    response = remove(carr, rubber, 2)
    assert response.status_code == 302
    assert list(Deal.objects.values_list("number", flat=True)) == [1]
    correction = Correction.objects.get()
    assert (correction.number, correction.after, correction.law) == (2, None, "Law 12")
    assert correction.before["trump"] == "H"
    page = carr.get(response.url).content.decode()
    assert "Deal 2 removed: totals: We 24 → 8, They 24 → 0." in page
    assert "deal 2 removed" not in page, "the deal is named once"


def test_only_the_last_deal_may_be_removed(carr, rubber):
    play(carr, rubber)
    play(carr, rubber)
    response = remove(carr, rubber, 1)
    assert response.status_code == 422
    assert "Only the last deal recorded (deal 2) can be removed" in response.content.decode()


def test_a_deal_is_not_removed_under_a_deal_in_progress(carr, rubber):
    play(carr, rubber)
    declare(carr, rubber)
    response = remove(carr, rubber, 1)
    assert response.status_code == 422
    assert "Deal 2 is declared: discard it before removing deal 1" in response.content.decode()


def test_the_record_of_corrections_cannot_be_changed_through_the_orm(carr, rubber):
    play(carr, rubber, trump="S", tricks=8)
    correct(carr, rubber, 1, tricks=9)
    correction = Correction.objects.get()
    correction.reason = "something else"
    with pytest.raises(ValueError, match="cannot be changed"):
        correction.save()
    with pytest.raises(ValueError, match="cannot be deleted"):
        correction.delete()
    with pytest.raises(DatabaseError, match="corrections are kept as made"), transaction.atomic():
        Correction.objects.update(reason="rewritten")
    with pytest.raises(DatabaseError, match="corrections are kept as made"), transaction.atomic():
        Correction.objects.all().delete()
    assert Correction.objects.get().reason == "miscounted"


def test_the_record_of_corrections_cannot_be_changed_in_the_admin(client, carr, rubber, staff):
    play(carr, rubber, trump="S", tricks=8)
    correct(carr, rubber, 1, tricks=9)
    correction = Correction.objects.get()
    staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    change = reverse("admin:scorer_correction_change", args=[correction.pk])
    assert client.get(change).status_code == 200  # it may be read
    response = client.post(change, {"reason": "rewritten"})
    assert response.status_code == 403
    delete = reverse("admin:scorer_correction_delete", args=[correction.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    assert Correction.objects.get().reason == "miscounted"


def test_a_rubber_with_corrections_cannot_be_deleted(carr, rubber):
    from django.db.models import ProtectedError

    play(carr, rubber, trump="S", tricks=8)
    correct(carr, rubber, 1, tricks=9)
    with pytest.raises(ProtectedError):
        rubber.delete()


def test_the_page_lists_corrections_and_marks_the_corrected_figures(carr, rubber):
    play(carr, rubber, trump="D", tricks=9, honours="we:FOUR")
    correct(carr, rubber, 1, tricks=10, reason="counted a trick short")
    page = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert '<h2 id="corrections-' in page
    assert "counted a trick short" in page
    assert "Corrected under Law 12: counted a trick short" in page
    # Only the figure the correction changed is marked: the tricks (18 → 24), not the
    # honours (four honours in diamonds: 24), which stand as first recorded.
    marked = re.findall(r'class="figure corrected"[^>]*aria-label="([^"]*)"', page)
    plain = re.findall(r'class="figure"[^>]*aria-label="([^"]*)"', page)
    assert marked == ["24: Deal 1, We, corrected, explain"]
    assert plain == ["24: Deal 1, We, explain"]


def test_the_sheet_as_it_stood_after_a_deal_or_a_correction(carr, rubber):
    play(carr, rubber, trump="D", tricks=9, honours="we:FOUR")  # We 18
    play(carr, rubber, trump="S", tricks=8)  # Fenwick deals: They 4
    correct(carr, rubber, 1, tricks=10)  # We 24
    url = reverse("scorer:rubber", args=[rubber.pk])
    before = carr.get(url, {"after_deal": 1}).content.decode()
    assert "as it stood after deal 1 was recorded" in before
    assert "First game: We 18, They 0" in before
    after_two = carr.get(url, {"after_deal": 2}).content.decode()
    assert "First game: We 18, They 4" in after_two
    correction = Correction.objects.get()
    after = carr.get(url, {"after_correction": correction.pk}).content.decode()
    assert "First game: We 24, They 4" in after


def test_a_removed_deal_appears_in_the_sheet_as_it_stood_before(carr, rubber):
    play(carr, rubber, trump="S", tricks=8)
    play(carr, rubber, trump="H", tricks=9)  # They 24
    remove(carr, rubber, 2)
    before = carr.get(reverse("scorer:rubber", args=[rubber.pk]), {"after_deal": 1})
    assert "First game: We 4, They 0" in before.content.decode()
    assert (
        reads.as_it_stood(
            reads.rubber_state(rubber), Correction.objects.get().made_at
        ).sheet.game.points.they
        == 0
    )


def test_a_member_who_is_not_playing_cannot_correct(client, carr, rubber, stranger):
    play(carr, rubber)
    client.force_login(stranger.user)
    assert page_of(client, rubber, 1).status_code == 403
    assert correct(client, rubber, 1, tricks=9).status_code == 403


def test_a_stranger_is_sent_to_sign_in(client, carr, rubber):
    play(carr, rubber)
    carr.logout()
    response = page_of(carr, rubber, 1)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_a_correction_without_a_maker_or_doubles_says_so(carr, rubber):
    play(carr, rubber)
    response = correct(carr, rubber, 1, maker="", doubles="9")
    assert response.status_code == 422
    page = response.content.decode()
    assert "This field is required." in page
    assert "Select a valid choice. 9 is not one of the available choices." in page
    assert not Correction.objects.exists()


def test_a_removal_the_law_refuses_says_why_and_what_was_wrong_with_it(carr, rubber, staff):
    finished(carr, rubber)
    agree_both(carr, rubber, staff)
    response = remove(carr, rubber, 3, reason="x" * 201)
    assert response.status_code == 422
    page = response.content.decode()
    assert "the rubber&#x27;s value has been agreed (Law 12)" in page
    assert "Ensure this value has at most 200 characters (it has 201)." in page
    assert Deal.objects.count() == 3


def test_a_past_moment_asked_for_in_other_digits_is_the_sheet_as_it_stands(carr, rubber):
    """str.isdigit() takes "²" for a digit; int() cannot read it."""
    play(carr, rubber)
    url = reverse("scorer:rubber", args=[rubber.pk])
    for moment in ("after_deal", "after_correction"):
        response = carr.get(url, {moment: "²"})
        assert response.status_code == 200
        assert response.templates[0].name == "rubbers/rubber.html"


def test_a_rubber_no_longer_won_after_a_correction_goes_on_and_its_page_marks_the_change(
    carr, rubber
):
    won(carr, rubber)  # We, They, We: the rubber won at deal 3
    assert correct(carr, rubber, 3, tricks=7).status_code == 302  # one by-card: no game
    assert play(carr, rubber, trump="S", tricks=7).status_code == 302  # so deal 4 follows
    response = carr.get(reverse("scorer:rubber", args=[rubber.pk]))
    assert response.status_code == 200
    assert 'aria-label="12: Deal 3, We, corrected, explain"' in response.content.decode()
