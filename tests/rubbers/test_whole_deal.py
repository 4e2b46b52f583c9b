"""A whole deal in one save, once it is over: its declaration and its result in one form,
judged by the declaration's checks and the result's, in their words, as the two steps are."""

from __future__ import annotations

import html
import uuid
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from scorer import engine
from scorer.models import Club, Deal, Place
from scorer.rubbers import reads, writes
from tests.support.deal_forms import (
    accept,
    declare,
    result,
    revision,
    whole_deal,
    won,
)


class Refusals(HTMLParser):
    """The sentences a page refuses with: its messages and each field's errors."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.found: list[str] = []
        self._depth = 0
        self._words: list[str] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self._depth:
            self._depth += 1
        elif tag == "p" and "message" in classes and "done" not in classes:
            self._depth = 1  # a refusal, not what an earlier save did
        elif tag == "li" and self._in_errors:
            self._depth = 1
        if tag == "ul" and "errorlist" in classes:
            self._in_errors = True

    _in_errors = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul":
            self._in_errors = False
        if not self._depth:
            return
        self._depth -= 1
        if not self._depth:
            self.found.append(" ".join("".join(self._words).split()))
            self._words = []

    def handle_data(self, data: str) -> None:
        if self._depth:
            self._words.append(data)


def refusals(response) -> set[str]:
    return {said for said in Refusals(response.content.decode()).found if said}


def page(client, rubber) -> str:
    return html.unescape(client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode())


def test_a_whole_deal_is_recorded_in_one_save(carr, rubber, players):
    response = whole_deal(carr, rubber, trump="D", doubles=1, tricks=9, honours="we:FOUR")
    assert response.status_code == 302
    deal = Deal.objects.get()
    assert (deal.number, deal.dealer, deal.trump, deal.doubles) == (1, 0, "D", 1)
    assert (deal.tricks, deal.honours_side, deal.honours) == (9, "we", "FOUR")
    assert deal.declared_by == deal.recorded_by == players[0].user
    assert deal.declared_at <= deal.recorded_at
    assert revision(rubber) == 1  # one write
    assert reads.rubber_state(rubber).sheet.deals[0].entries.we.tricks == 36


def test_htmx_is_answered_with_the_table_saying_what_was_recorded(carr, rubber):
    text = html.unescape(whole_deal(carr, rubber, trump="C", tricks=9, htmx=True).content.decode())
    assert text.lstrip().startswith('<div id="table">')
    assert (
        "Deal 1 recorded: Mrs. Carr dealt and made clubs — We 9 tricks; honours We: simple "
        "honours." in text
    )
    assert "Undo deal 1" in text
    assert 'class="new"' in text  # its figures on the sheet
    assert "Deal 2: the declaration and the result" in text


def test_a_plain_form_is_answered_with_the_page_saying_what_was_recorded(carr, rubber):
    response = whole_deal(carr, rubber, trump="C", tricks=9, htmx=False)
    assert response.status_code == 302
    text = page(carr, rubber)
    assert "Deal 1 recorded: Mrs. Carr dealt and made clubs" in text


def test_a_deal_sent_twice_is_recorded_once(carr, rubber):
    key = uuid.uuid4()
    first = whole_deal(carr, rubber, key=key, at=0, htmx=True)
    again = whole_deal(carr, rubber, key=key, at=0, htmx=True)
    assert (first.status_code, again.status_code) == (200, 200)
    assert Deal.objects.count() == 1
    assert "Deal 1 recorded:" in html.unescape(again.content.decode())  # answered as the first


def test_a_deal_from_a_stale_page_is_refused_naming_whose_phone_recorded_instead(
    carr, rubber, players
):
    fenwick = Client()
    fenwick.force_login(players[1].user)
    shown = revision(rubber)
    whole_deal(carr, rubber, trump="H", tricks=8)
    response = whole_deal(fenwick, rubber, trump="S", tricks=9, dealer=0, at=shown, htmx=True)
    assert response.status_code == 409
    assert refusals(response) == {
        "From Mrs. Carr's phone: Deal 1 recorded: Mrs. Carr dealt and made hearts — We 8 "
        "tricks; honours We: simple honours. Yours — Mrs. Carr dealt and made spades — We 9 "
        "tricks; honours We: simple honours — was not saved."
    }
    assert Deal.objects.get().trump == "H"


def test_over_a_declaration_saved_on_its_own_the_whole_deal_is_refused(carr, rubber):
    declare(carr, rubber, trump="NT")
    response = whole_deal(carr, rubber, trump="H")
    assert response.status_code == 422
    assert "Deal 1: its declaration was saved on its own: record its result below." in (
        refusals(response)
    )
    assert Deal.objects.get().in_progress


def test_honours_called_for_another_make_are_refused_naming_the_make(carr, rubber):
    response = whole_deal(carr, rubber, trump="NT", honours="we:FOUR")
    assert response.status_code == 422
    assert "Choose the honours as called at No-trump." in refusals(response)
    assert not Deal.objects.exists()


def test_at_whist_the_trump_turned_up_is_recorded_before_the_play(players, staff, client):
    rubber = writes.start_rubber(
        table="T", members=players, first_dealer=0, user=staff, game=engine.WHIST
    )
    client.force_login(staff)
    assert "Deal 1: the declaration and the result" not in page(client, rubber)
    response = whole_deal(client, rubber, trump="H", honours="easy")
    assert response.status_code == 422
    assert (
        "At Short Whist the trump turned up is recorded before the play: nothing was saved."
        in refusals(response)
    )
    assert not Deal.objects.exists()


def test_an_acceptance_since_the_page_was_shown_does_not_make_it_stale(carr, rubber, players):
    Club.objects.update(deals_accepted=True)
    fenwick = Client()
    fenwick.force_login(players[1].user)
    whole_deal(carr, rubber, trump="H")
    shown = revision(rubber)
    assert accept(fenwick, rubber, 1).status_code == 302  # while Mrs. Carr fills in deal 2
    assert whole_deal(carr, rubber, trump="S", at=shown).status_code == 302
    assert Deal.objects.count() == 2


# -- Refused in the two steps' words ---------------------------------------------------------


def _limited(players):
    Club.objects.update(doubling_limit=100)
    return _rubber(players)


def _convention(players):
    Club.objects.update(spade_convention=True)
    return _rubber(players)


def _three_handed(players):
    carr, _, fenwick, hartley = players
    return writes.start_rubber(
        table="T3",
        members=[carr, fenwick, hartley],
        first_dealer=0,
        user=carr.user,
        game=engine.THREE_HANDED,
    )


def _rubber(players):
    return writes.start_rubber(table="T", members=players, first_dealer=0, user=players[0].user)


def _won(players):
    rubber = _rubber(players)
    phone = Client()
    phone.force_login(players[0].user)
    won(phone, rubber)
    return rubber


NO_RESULT = {"tricks": "", "honours": "", "not_played": "on"}

# Each: the rubber it is sent to, the declaration, the result; and a sentence each way must
# refuse it with.
REFUSED = {
    "a double beyond the club's limit": (
        _limited,
        {"trump": "NT", "doubles": 4, "more_doubles": 5},
        {"tricks": 7, "honours": "easy"},
        "No-trump may be doubled at most 4 times",
    ),
    "the dummy's holder redoubling": (
        _three_handed,
        {"trump": "H", "dealer": 0, "doubles": 2},
        {"tricks": 7, "honours": "they:THREE"},
        "may not redouble (Bridge for Three Players)",
    ),
    "four honours with a hand void": (
        _rubber,
        {"trump": "H"},
        {"tricks": 7, "honours": "we:FOUR", "chicane_we": 1, "chicane_they": 0},
        "We cannot have a hand void of trumps and hold four",
    ),
    "both hands void beside four in one hand": (
        _rubber,
        {"trump": "H"},
        {"tricks": 7, "honours": "we:FOUR_IN_ONE_HAND", "chicane_we": 0, "chicane_they": 2},
        "They cannot have both hands void of trumps and hold the other honours",
    ),
    "a chicane at no-trump": (
        _rubber,
        {"trump": "NT"},
        {"tricks": 7, "honours": "we:THREE_ACES", "chicane_we": 1, "chicane_they": 0},
        "There is no chicane at no-trump",
    ),
    "spades not played without the convention": (
        _rubber,
        {"trump": "S"},
        NO_RESULT,
        "only under the Spade Convention",
    ),
    "doubled spades not played": (
        _convention,
        {"trump": "S", "doubles": 1},
        NO_RESULT,
        "a doubled spade make must be played (Spade Convention I)",
    ),
    "a deal after the rubber is won": (
        _won,
        {"trump": "H"},
        {"tricks": 7, "honours": "we:THREE"},
        "the rubber is won: no deal may follow (Law 1)",
    ),
    "no tricks, no honours": (
        _rubber,
        {"trump": "H"},
        {"tricks": "", "honours": ""},
        "Tap the number of tricks the dealer's side won.",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_whole_deal_is_refused_where_and_as_the_two_steps_would_be(case, players, carr):
    made, declared, played, words = REFUSED[case]
    in_two_steps = made(players)
    refused = declare(carr, in_two_steps, **declared)
    if refused.status_code != 422:
        refused = result(carr, in_two_steps, **played)
    # The same four start again, to try it in one save: the first rubber is set aside, as
    # a member plays one rubber in play at a time.
    Place.objects.filter(rubber=in_two_steps).delete()
    in_one_save = made(players)
    before = revision(in_one_save), Deal.objects.filter(rubber=in_one_save).count()
    response = whole_deal(carr, in_one_save, **declared, **played)

    assert (refused.status_code, response.status_code) == (422, 422)
    two_steps, one_save = refusals(refused), refusals(response)
    assert any(words in said for said in two_steps), two_steps
    assert two_steps <= one_save, (two_steps, one_save)
    # Nothing recorded, nothing moved.
    assert (revision(in_one_save), Deal.objects.filter(rubber=in_one_save).count()) == before


def test_spades_go_unplayed_in_one_save_under_the_convention(carr, players):
    rubber = _convention(players)
    assert "Spades not played: the maker takes 2" in page(carr, rubber)
    response = whole_deal(carr, rubber, trump="S", tricks="", honours="", not_played="on")
    assert response.status_code == 302
    assert Deal.objects.get().played is False
    assert reads.rubber_state(rubber).sheet.deals[0].entries.we.tricks == 2


def test_the_page_offers_the_one_save_first_and_the_two_steps_as_the_phone_chooses(carr, rubber):
    text = page(carr, rubber)
    assert text.index("Deal 1: the declaration and the result") < text.index("Record the deal")
    assert 'data-steps="two" hidden' in text
    response = carr.post(reverse("scorer:steps", args=[rubber.pk]), {"steps": "two"})
    assert response.status_code == 302
    assert response.cookies["scorer_steps"].value == "two"
    assert 'data-steps="one" hidden' in page(carr, rubber)
    carr.post(reverse("scorer:steps", args=[rubber.pk]), {"steps": "one"})
    assert 'data-steps="two" hidden' in page(carr, rubber)


def test_the_result_form_says_from_whose_phone_its_declaration_came(carr, rubber, players):
    fenwick = Client()
    fenwick.force_login(players[1].user)
    declare(carr, rubber, trump="H")
    assert "Declared from your phone: Mrs. Carr dealt and made hearts." in page(carr, rubber)
    assert "Declared from Mrs. Carr's phone: Mrs. Carr dealt and made hearts." in page(
        fenwick, rubber
    )
