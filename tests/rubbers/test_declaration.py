"""The first step of a deal: the dealer, the make, the doubles."""

from __future__ import annotations

import re
import uuid

from django.urls import reverse

from scorer.engine import Maker, Trump
from scorer.models import Club, Deal, Rubber
from scorer.plumbing.keys import Submission
from tests.support.deal_forms import declare, play, revision


def test_it_records_the_declaration_with_its_time(carr, rubber, players):
    response = declare(carr, rubber, trump="S", maker="partner", doubles=2)
    assert response.status_code == 302
    deal = Deal.objects.get()
    assert (deal.number, deal.dealer, deal.trump, deal.maker, deal.doubles) == (
        1,
        0,
        "S",
        "partner",
        2,
    )
    assert deal.in_progress
    assert deal.declared_at is not None
    assert deal.declared_by == players[0].user


def test_htmx_gets_the_table_back_at_once(carr, rubber):
    response = declare(carr, rubber, htmx=True)
    text = response.content.decode()
    assert response.status_code == 200
    assert text.lstrip().startswith('<div id="table">')
    assert "Deal 1: the result" in text


def test_the_dealer_may_be_changed_law_43(carr, rubber):
    declare(carr, rubber, dealer=3)
    assert Deal.objects.get().dealer == 3
    assert (
        "Deal 1: Col. Hartley dealt"
        in carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    )


def test_the_deal_passes_to_the_left(carr, rubber):
    for _ in range(3):
        play(carr, rubber, trump="S", tricks=7)
    assert list(Deal.objects.values_list("dealer", flat=True)) == [0, 1, 2]


def test_a_double_beyond_the_clubs_limit_is_refused(carr, players):
    club = Club.get()
    club.doubling_limit = 100
    club.save()
    from scorer.rubbers import writes

    rubber = writes.start_rubber(table="T", members=players, first_dealer=0, user=players[0].user)
    response = declare(carr, rubber, trump="NT", doubles=4, more_doubles=5)
    assert response.status_code == 422
    assert (
        "Deal 1: doubles: with the club&#x27;s doubling limit of 100, No-trump may be doubled "
        "at most 4 times, when a trick is worth 192 (got 5)."
    ) in response.content.decode()
    assert not Deal.objects.exists()
    assert revision(rubber) == 0  # nothing recorded, nothing moved
    # The page sent back is at the rubber's revision: the phone's poll and its next save
    # go on from there, not from a revision the refused write had counted and undone.
    text = response.content.decode()
    assert 'name="revision" value="0"' in text
    assert re.search(r"/live/\?revision=0&", text)


def test_more_than_four_doubles_may_be_counted(carr, rubber):
    declare(carr, rubber, trump="S", more_doubles=7)
    assert Deal.objects.get().doubles == 7


def test_the_deal_in_progress_may_be_changed(carr, rubber):
    declare(carr, rubber, trump="S")
    response = carr.get(reverse("scorer:declaration", args=[rubber.pk]))
    assert "Deal 1: change the declaration" in response.content.decode()
    declare(carr, rubber, trump="NT", doubles=1)
    deal = Deal.objects.get()
    assert (deal.trump, deal.doubles) == ("NT", 1)


def test_a_form_sent_twice_records_once(carr, rubber):
    key = uuid.uuid4()
    at = revision(rubber)
    first = declare(carr, rubber, key=key, at=at)
    again = declare(carr, rubber, key=key, at=at, trump="C")
    assert first.status_code == again.status_code == 302
    assert Deal.objects.get().trump == "H"
    assert Submission.objects.filter(key=key).count() == 1


def test_a_save_from_a_stale_page_is_refused_with_the_sheet_as_it_is(carr, rubber):
    shown_at = revision(rubber)
    declare(carr, rubber, trump="S")  # another phone declares first
    response = declare(carr, rubber, trump="C", at=shown_at)
    assert response.status_code == 409
    text = response.content.decode()
    # What the other phone recorded, and that this one's entry was not saved.
    assert (
        "Deal 1 declared: Mrs. Carr dealt and made spades. Yours \u2014 Miss Fenwick dealt and "
        "made clubs \u2014 was not saved." in text
    )
    assert "Deal 1: the result" in text  # the form for the sheet as it now stands
    assert Deal.objects.get().trump == "S"


def test_a_stranger_is_sent_to_sign_in(client, rubber):
    response = declare(client, rubber)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    assert not Deal.objects.exists()


def test_a_member_who_is_not_playing_cannot_record(client, rubber, stranger):
    client.force_login(stranger.user)
    assert declare(client, rubber).status_code == 403
    assert not Deal.objects.exists()


def test_no_deal_is_declared_after_the_rubber(carr, rubber):
    for _ in range(3):  # the dealer's side takes 12 each time: We, They, We
        play(carr, rubber, trump="NT", tricks=12)
    response = declare(carr, rubber)
    assert response.status_code == 422
    assert "the rubber is won: no deal may follow (Law 1)" in response.content.decode()
    assert Deal.objects.count() == 3


def test_a_missing_make_is_named(carr, rubber):
    response = declare(carr, rubber, trump="")
    assert response.status_code == 422
    assert "This field is required." in response.content.decode()
    assert Rubber.objects.get().revision == 0


def test_the_form_sent_back_with_a_refusal_can_be_saved(carr, rubber):
    """After "the sheet changed on another phone", the form shown is for the sheet as it
    now stands: saving it is not refused again."""
    shown_at = revision(rubber)
    declare(carr, rubber, trump="S")
    refused = declare(carr, rubber, trump="C", at=shown_at)
    assert refused.status_code == 409
    sent_back = int(re.search(r'name="revision" value="(\d+)"', refused.content.decode())[1])
    assert sent_back == revision(rubber)
    assert declare(carr, rubber, trump="C", at=sent_back).status_code == 302
    assert Deal.objects.get().trump == "C"


def test_a_save_overtaken_after_its_read_sends_back_the_current_form(carr, rubber, monkeypatch):
    """Another phone saves between this request's read and its write: the refusal's form
    is for the sheet after that save."""
    from scorer.rubbers import reads, writes

    read = reads.rubber_state_of
    overtaken = []

    def read_then_overtaken(pk):
        state = read(pk)
        if overtaken:
            return state
        overtaken.append(True)
        writes.declare(  # the other phone, a moment later
            state=read(pk),
            user=state.seats[2].user,
            key=uuid.uuid4(),
            revision=state.rubber.revision,
            declaration=writes.Declaration(0, Maker.DEALER, Trump.SPADES, 0),
        )
        return state

    monkeypatch.setattr(reads, "rubber_state_of", read_then_overtaken)
    refused = declare(carr, rubber, trump="C")
    assert refused.status_code == 409
    monkeypatch.undo()
    sent_back = int(re.search(r'name="revision" value="(\d+)"', refused.content.decode())[1])
    assert sent_back == revision(rubber)
    assert "Deal 1: the result" in refused.content.decode()


def test_a_member_who_is_not_playing_cannot_open_the_declaration_form(client, rubber, stranger):
    client.force_login(stranger.user)
    assert client.get(reverse("scorer:declaration", args=[rubber.pk])).status_code == 403


def test_a_missing_rubber_is_not_found(carr, db):
    assert carr.get(reverse("scorer:declaration", args=[999])).status_code == 404
    assert carr.get(reverse("scorer:rubber", args=[999])).status_code == 404


def test_a_member_who_is_not_playing_is_told_why_he_may_not_record(client, rubber, stranger):
    client.force_login(stranger.user)
    response = declare(client, rubber)
    assert response.status_code == 403
    assert (
        "Only the rubber&#x27;s four players and the club&#x27;s staff record deals."
        in response.content.decode()
    )


def test_a_missing_rubber_says_it_is_missing(carr, db):
    response = carr.get(reverse("scorer:rubber", args=[999]))
    assert response.status_code == 404
    assert "There is no rubber 999." in response.content.decode()
    nowhere = carr.get("/no/such/page/")
    assert "There is nothing at this address." in nowhere.content.decode()
