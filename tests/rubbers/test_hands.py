"""A deal's hands entered at the table (§9): the card picker reached from the result, three
hands of thirteen cards picked, the fourth what is left; sent, kept with the deal (keyed,
refused when stale), the result's honours and chicane filled in from them, and a result
or correction that disagrees with them refused. The deal's page, its hands on the sheet."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import engine
from scorer.engine.cards import Hands, dealt
from scorer.engine.cards.records import Layout
from scorer.models import Deal
from scorer.plumbing.keys import Submission
from scorer.rubbers import writes
from tests.support.deal_forms import correct, declare, result, revision
from tests.support.examples import examples
from tests.support.html import Forms, Links

ELWELL = json.loads(
    (Path(__file__).parents[1] / "data" / "elwell-illustrative-hands.json").read_text()
)
# Illustrative Hand No. 6: the dealer makes it hearts with four honours in one hand.
NO_6 = Hands.read(ELWELL["deals"][0]["hands"])
# No. 8 (the third): the dealer's partner holds no hearts.
NO_8 = Hands.read(ELWELL["deals"][2]["hands"])


def hands_page(client, rubber):
    return client.get(reverse("scorer:hands", args=[rubber.pk]))


def pick(client, page, cards):
    """Send a step of the picker as the page has it, with `cards` chosen."""
    form = Forms(page.content.decode()).form(f"/rubbers/{_pk(page)}/hands/")
    assert form is not None, "the page offers a hand to pick"
    values = {**form["values"], "cards": [str(card) for card in cards]}
    return client.post(form["action"], values)


def _pk(page):
    return re.search(r"/rubbers/(\d+)/", page.request["PATH_INFO"])[1]


def enter(client, rubber, hands=NO_6):
    """Pick the dealer's, the leader's and the dealer's partner's hands, and send the four."""
    page = hands_page(client, rubber)
    for hand in list(hands)[:3]:
        page = pick(client, page, hand)
        assert page.status_code == 200, page.content.decode()[:3000]
    form = Forms(page.content.decode()).form("/hands/send/")
    assert form is not None, "the four hands are offered to send"
    return client.post(form["action"], form["values"]), form


def text(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_the_result_step_offers_to_enter_the_hands(carr, rubber):
    declare(carr, rubber, trump="H")
    page = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert Links(page).to("Enter the hands") == [f"/rubbers/{rubber.pk}/hands/"]


def test_the_picker_asks_for_the_dealers_hand_first_from_the_whole_pack(carr, rubber):
    declare(carr, rubber, trump="H")
    page = hands_page(carr, rubber)
    assert page.status_code == 200
    source = page.content.decode()
    assert source.count('type="checkbox" name="cards"') == 52
    said = text(page)
    assert "Z: Mrs. Carr, the dealer" in said
    assert "0 of 13 chosen" in said
    assert "ace of spades" in said


def test_each_step_offers_only_the_cards_left_and_the_fourth_hand_is_what_is_left(carr, rubber):
    declare(carr, rubber, trump="H")
    page = hands_page(carr, rubber)
    dealer, left, partner, right = NO_6
    page = pick(carr, page, dealer)
    assert page.content.decode().count('name="cards"') == 39
    assert "A: Miss Fenwick, the leader" in text(page)
    page = pick(carr, page, left)
    assert page.content.decode().count('name="cards"') == 26
    assert "Y: Mr. Dane, the dealer's partner" in text(page)
    page = pick(carr, page, partner)
    said = text(page)
    assert "Send the hands" in said
    form = Forms(page.content.decode()).form("/hands/send/")
    assert Hands.read(dealt.hands_json(form["values"]["hands"])) == NO_6
    assert "B Col. Hartley" in said  # the fourth hand, drawn as what was left
    assert all(line in said for line in _suits(right)), said


def _suits(hand):
    """Each suit of a hand as the diagram says it: its symbol, its name for a screen
    reader, its cards."""
    return [
        f"{suit.symbol} {suit.label.capitalize()}: {_ranks(hand, suit)}"
        for suit in Layout.ELWELL.suits
    ]


def _ranks(hand, suit):
    return " ".join(dealt.rank_text(rank) for rank in hand.ranks(suit)) or "\u2014"


def test_sent_the_hands_are_kept_and_the_result_is_filled_in_from_them(carr, rubber):
    declare(carr, rubber, trump="H")
    sent, _ = enter(carr, rubber)
    assert sent.status_code == 302
    deal = Deal.objects.get()
    assert deal.known_hands() == NO_6
    page = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    form = Forms(page).form(f"/rubbers/{rubber.pk}/result/")
    assert form["values"]["honours"] == "we:FOUR_IN_ONE_HAND"
    assert "filled in from the hands entered: still yours to send" in page
    assert "Deal 1: the hands are kept." in page
    assert result(carr, rubber, tricks=13, honours="we:FOUR_IN_ONE_HAND").status_code == 302


def test_a_chicane_the_hands_give_comes_filled_in(carr, rubber):
    declare(carr, rubber, trump="H")
    enter(carr, rubber, NO_8)  # the dealer's partner holds no hearts
    page = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    form = Forms(page).form(f"/rubbers/{rubber.pk}/result/")
    assert (form["values"]["chicane_we"], form["values"]["chicane_they"]) == ("1", "0")
    expected = dealt.hands_give(NO_8, engine.Trump.HEARTS, engine.Side.WE)
    assert form["values"]["honours"] == expected.call.code


def test_a_hand_of_twelve_cards_is_refused_keeping_those_chosen(carr, rubber):
    declare(carr, rubber, trump="H")
    chosen = list(NO_6.dealer)[:12]
    page = pick(carr, hands_page(carr, rubber), chosen)
    assert page.status_code == 422
    said = text(page)
    assert "Z's hand (the dealer's): 12 cards chosen; a hand is 13 cards." in said
    assert "12 of 13 chosen" in said
    assert page.content.decode().count(" checked>") == 12


def test_a_card_already_in_a_hand_is_refused_by_its_name(carr, rubber):
    declare(carr, rubber, trump="H")
    page = pick(carr, hands_page(carr, rubber), NO_6.dealer)
    form = Forms(page.content.decode()).form(f"/rubbers/{rubber.pk}/hands/")
    stolen = [str(card) for card in NO_6.dealer][:1] + [str(c) for c in NO_6.left][:12]
    response = carr.post(form["action"], {**form["values"], "cards": stolen})
    assert response.status_code == 422
    assert "A's hand (the leader's): the king of spades is in a hand already." in text(response)


def test_hands_picked_before_that_were_damaged_start_the_picker_again(carr, rubber):
    declare(carr, rubber, trump="H")
    response = carr.post(
        reverse("scorer:hands", args=[rubber.pk]),
        {"picked": "AKQ.x.y.z", "revision": revision(rubber), "cards": []},
    )
    assert response.status_code == 422
    said = text(response)
    assert "The hands picked so far were damaged on the way: pick them again." in said
    assert "Z: Mrs. Carr, the dealer" in said


def test_the_hands_sent_twice_are_kept_once(carr, rubber):
    declare(carr, rubber, trump="H")
    sent, form = enter(carr, rubber)
    again = carr.post(form["action"], form["values"])
    assert (sent.status_code, again.status_code) == (302, 302)
    assert Submission.objects.filter(what="hands").count() == 1
    assert revision(rubber) == 2  # the declaration, the hands


def test_hands_sent_from_a_page_another_phone_has_moved_on_are_refused_and_kept_to_send(
    carr, client, rubber, players
):
    declare(carr, rubber, trump="H")
    page = hands_page(carr, rubber)
    for hand in list(NO_6)[:3]:
        page = pick(carr, page, hand)
    # Meanwhile Mr. Dane changes the declaration on his phone.
    client.force_login(players[2].user)
    assert declare(client, rubber, trump="S").status_code == 302
    form = Forms(page.content.decode()).form("/hands/send/")
    refused = carr.post(form["action"], form["values"])
    assert refused.status_code == 409
    said = text(refused)
    assert "Your hands were not saved: send them again if they still stand." in said
    assert not Deal.objects.get().hands
    again = Forms(refused.content.decode()).form("/hands/send/")
    assert again["values"]["hands"] == form["values"]["hands"]
    assert carr.post(again["action"], again["values"]).status_code == 302
    assert Deal.objects.get().known_hands() == NO_6


def test_hands_cannot_be_entered_with_no_deal_in_progress(carr, rubber):
    response = hands_page(carr, rubber)
    assert response.status_code == 409
    assert "No deal is in progress" in text(response)


def test_hands_sent_after_the_result_was_recorded_are_refused_in_words(
    carr, rubber, client, players
):
    declare(carr, rubber, trump="H")
    page = hands_page(carr, rubber)
    for hand in list(NO_6)[:3]:
        page = pick(carr, page, hand)
    client.force_login(players[2].user)
    assert result(client, rubber, tricks=13, honours="we:FOUR_IN_ONE_HAND").status_code == 302
    form = Forms(page.content.decode()).form("/hands/send/")
    refused = carr.post(form["action"], form["values"])
    assert refused.status_code == 409
    assert "Deal 1 recorded" in text(refused)
    assert not Deal.objects.get().hands


def test_only_the_rubbers_players_enter_the_hands(client, rubber, stranger, carr):
    declare(carr, rubber, trump="H")
    client.force_login(stranger.user)
    assert hands_page(client, rubber).status_code == 403


def test_a_result_that_disagrees_with_the_hands_is_refused_naming_the_honours(carr, rubber):
    declare(carr, rubber, trump="H")
    enter(carr, rubber)
    refused = result(carr, rubber, tricks=13, honours="we:FOUR")
    assert refused.status_code == 422
    assert "Deal 1: honours: the hands give We: four in one hand" in text(refused)
    assert Deal.objects.get().in_progress


def test_a_chicane_the_hands_do_not_give_is_refused(carr, rubber):
    declare(carr, rubber, trump="H")
    enter(carr, rubber)
    refused = result(carr, rubber, tricks=13, honours="we:FOUR_IN_ONE_HAND", chicane=(0, 1))
    assert refused.status_code == 422
    assert "chicane: the hands give They 0 (both hold hearts), not 1" in text(refused)


def test_a_correction_of_the_honours_against_the_hands_is_refused(carr, rubber):
    declare(carr, rubber, trump="H")
    enter(carr, rubber)
    assert result(carr, rubber, tricks=13, honours="we:FOUR_IN_ONE_HAND").status_code == 302
    refused = correct(carr, rubber, 1, honours="we:FOUR")
    assert refused.status_code == 422
    assert "honours: the hands give We: four in one hand" in text(refused)
    assert correct(carr, rubber, 1, tricks=12).status_code == 302  # the tricks are the table's


def test_spades_not_played_keep_no_hands(carr, players, club):
    """Under the Spade Convention a spade make may go unplayed: such a deal has no play,
    and a rubber's file no place for its cards, so the hands entered go with it."""
    club.spade_convention = True
    club.save()
    rubber = writes.start_rubber(table="T", members=players, first_dealer=0, user=players[0].user)
    declare(carr, rubber, trump="S")
    enter(carr, rubber)
    assert Deal.objects.get().hands
    response = result(carr, rubber, tricks="", honours="", not_played="on")
    assert response.status_code == 302
    deal = Deal.objects.get()
    assert (deal.played, deal.hands) == (False, "")


def test_the_database_keeps_no_cards_for_spades_not_played(carr, players, club):
    from django.db import IntegrityError, transaction

    club.spade_convention = True
    club.save()
    rubber = writes.start_rubber(table="T", members=players, first_dealer=0, user=players[0].user)
    declare(carr, rubber, trump="S")
    assert result(carr, rubber, tricks="", honours="", not_played="on").status_code == 302
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.update(hands=dealt.hands_line(NO_6))


def test_whist_records_no_hands(carr, players):
    rubber = writes.start_rubber(
        table="Table 2",
        members=players,
        first_dealer=0,
        user=players[0].user,
        game=engine.WHIST,
    )
    declare(carr, rubber, trump="H")
    page = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert Links(page).to("Enter the hands") == []
    refused = hands_page(carr, rubber)
    assert refused.status_code == 409
    assert "Short Whist does not record a deal's hands." in text(refused)


# -- The sheet and the deal's page ------------------------------------------------------------


@pytest.fixture
def elwells_deal(carr, rubber):
    """Deal 1 recorded as Elwell's Illustrative Hand No. 6, with its hands and its play,
    as the club's file brings them."""
    _, record = engine.read_any(ELWELL)
    deal = record.deals[0]
    writes.replay(rubber=rubber, deals=[deal], user=rubber.started_by)
    row = Deal.objects.get()
    row.keep_cards(deal.cards)
    row.save(update_fields=["hands", "play"])
    return row


def test_the_sheet_shows_a_deals_hands_and_leads_to_its_page(carr, rubber, elwells_deal):
    page = carr.get(reverse("scorer:rubber", args=[rubber.pk]))
    source = page.content.decode()
    assert Links(source).to("Deal 1: the cards") == [f"/rubbers/{rubber.pk}/deals/1/cards/"]
    said = text(page)
    assert "The hands of deal 1" in said
    assert "Hearts Z & Y: 4 honours in one hand 64" in said


def test_a_deals_page_shows_its_hands_what_they_gave_and_its_tricks(carr, rubber, elwells_deal):
    page = carr.get(reverse("scorer:deal_cards", args=[rubber.pk, 1]))
    assert page.status_code == 200
    said = text(page)
    assert "Z Mrs. Carr (dealer)" in said
    assert (
        "Honours: We 4 (the dealer 4, his partner 0); They 1 (the leader 0, his partner 1)" in said
    )
    assert "Tricks: We 13, They 0" in said
    assert "The underlined card wins the trick" in said
    assert "The dealer wins thirteen tricks." in said
    source = page.content.decode()
    assert source.count('class="won"') == 13
    rows = re.findall(r"<tr><th scope=\"row\">(\d+)</th>", source)
    assert rows == [str(n) for n in range(1, 14)]


def test_a_deal_without_its_hands_says_so_and_a_deal_not_there_is_not_found(carr, rubber):
    declare(carr, rubber, trump="H")
    assert result(carr, rubber, tricks=8, honours="we:THREE").status_code == 302
    assert "The hands of deal 1 were not entered." in text(
        carr.get(reverse("scorer:deal_cards", args=[rubber.pk, 1]))
    )
    assert carr.get(reverse("scorer:deal_cards", args=[rubber.pk, 2])).status_code == 404


def test_the_rubbers_pdf_draws_the_hands(carr, rubber, elwells_deal):
    from tests.support.pdf import pages

    said = " ".join(pages(carr.get(reverse("scorer:rubber_print", args=[rubber.pk]))))
    assert "The hands" in said
    assert "Deal 1" in said
    assert "Mrs. Carr" in said
    assert "Z & Y: 4 honours in one hand 64" in said


# -- Whatever a phone sends ---------------------------------------------------------------------

CARD_TEXTS = [str(card) for card in NO_6.dealer] + ["SX", "", "s a", "\x00", "AS" * 40]
LINES = [
    "",
    str(NO_6.dealer),
    f"{NO_6.dealer} {NO_6.left}",
    f"{NO_6.dealer} {NO_6.dealer}",
    f"{NO_6.dealer} {NO_6.left} {NO_6.partner}",
    "x" * 68,
    "AKQ.x",
]


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    picked=st.sampled_from(LINES) | st.text(max_size=80),
    shown_at=st.sampled_from(["1", "0", "", "x", "99999999999999999999"]),
    cards=st.lists(st.sampled_from(CARD_TEXTS) | st.text(max_size=4), max_size=20),
)
def test_any_step_of_the_picker_is_answered_in_words_and_writes_nothing(
    carr, rubber, picked, shown_at, cards
):
    if not Deal.objects.exists():
        declare(carr, rubber, trump="H")
    before = list(Deal.objects.values()), revision(rubber)
    response = carr.post(
        reverse("scorer:hands", args=[rubber.pk]),
        {"picked": picked, "revision": shown_at, "cards": cards},
    )
    assert response.status_code in (200, 422)
    said = text(response)
    if response.status_code == 422:
        assert re.search(r"hand|card|damaged|Choose", said), said[:500]
    assert (list(Deal.objects.values()), revision(rubber)) == before


def test_three_playing_the_dummys_hand_is_entered_as_its_holders(carr, players, staff):
    """Three-handed Bridge records a deal's hands too: the dummy's hand, the dealer's
    partner's when its holder deals, is named for him."""
    carr_, _, fenwick, hartley = players
    rubber = writes.start_rubber(
        table="Table 3",
        members=[carr_, fenwick, hartley],
        first_dealer=0,
        user=staff,
        game=engine.THREE_HANDED,
    )
    declare(carr, rubber, trump="H")
    page = hands_page(carr, rubber)
    assert page.status_code == 200
    page = pick(carr, pick(carr, page, NO_6.dealer), NO_6.left)
    assert "Y: Dummy (Mrs. Carr), the dealer's partner" in text(page)
    page = pick(carr, page, NO_6.partner)
    form = Forms(page.content.decode()).form("/hands/send/")
    assert carr.post(form["action"], form["values"]).status_code == 302
    assert Deal.objects.get().known_hands() == NO_6
