"""Phones at one table following each other, and the stakes in sight, at 360 × 740."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from ledger.models import Posting
from scorer.engine import Side, Trump
from scorer.models import Deal, Member, Rubber
from tests.support.browser import (
    declare,
    in_two_steps,
    name_the_table_and_seat,
    screenshot,
    sign_in,
    tap,
    tap_honours,
)
from tests.support.club import make_member
from tests.support.deal_forms import won

pytestmark = pytest.mark.django_db(transaction=True)


def at_the_rubber(phone, browser_rubber, *usernames):
    """Phones at the rubber, each recording a deal in two steps (its declaration first)."""
    pages = []
    for username in usernames:
        page = phone()
        sign_in(page, username)
        page.goto(f"/rubbers/{browser_rubber.pk}/")
        in_two_steps(page)
        pages.append(page)
    return pages


def test_an_untouched_form_takes_the_new_state_itself(phone, browser_rubber):
    carr, dane = at_the_rubber(phone, browser_rubber, "carr", "dane")

    declare(carr, 1, "H")

    # At the next poll, Mr. Dane's phone shows the result form, and says why in a sentence.
    expect(dane.get_by_role("heading", name="Deal 1: the result")).to_be_visible()
    expect(dane.locator("#notice")).to_contain_text(
        "From Mrs. Carr's phone: Deal 1 declared: Mrs. Carr dealt and made hearts."
    )
    expect(dane.get_by_text("What you had entered here is kept.")).to_be_hidden()
    expect(dane.get_by_role("button", name="Save the declaration")).to_have_count(0)


def test_entries_in_progress_are_kept_and_the_new_state_is_one_tap_away(phone, browser_rubber):
    carr, dane = at_the_rubber(phone, browser_rubber, "carr", "dane")
    tap(dane, "The make", "♣ Clubs")  # Mr. Dane has begun

    declare(carr, 1, "H")

    expect(dane.get_by_text("What you had entered here is kept.")).to_be_visible()
    expect(dane.locator("#notice")).to_contain_text(
        "Deal 1 declared: Mrs. Carr dealt and made hearts."
    )
    expect(dane.get_by_role("heading", name="Deal 1: the declaration")).to_be_visible()
    expect(dane.get_by_role("radio", name="♣ Clubs")).to_be_checked()
    screenshot(dane, "entries-kept")

    dane.get_by_role("button", name="Show the form as it stands now").click()
    expect(dane.get_by_role("heading", name="Deal 1: the result")).to_be_visible()
    expect(dane.get_by_text("What you had entered here is kept.")).to_be_hidden()


def test_a_refused_save_says_what_was_recorded_and_what_was_not(phone, browser_rubber):
    carr, dane = at_the_rubber(phone, browser_rubber, "carr", "dane")
    tap(dane, "The make", "♣ Clubs")
    declare(carr, 1, "H")
    expect(dane.get_by_text("What you had entered here is kept.")).to_be_visible()

    dane.get_by_role("button", name="Save the declaration").click()

    expect(dane.locator("#panel .message")).to_have_text(
        "From Mrs. Carr's phone: Deal 1 declared: Mrs. Carr dealt and made hearts. "
        "Yours — Mrs. Carr dealt and made clubs — was not saved. The form below is for the "
        "result of deal 1 as Mrs. Carr declared it: Mrs. Carr dealt and made hearts."
    )
    expect(dane.get_by_role("heading", name="Deal 1: the result")).to_be_visible()
    assert Deal.objects.get().trump == Trump.HEARTS


def test_a_won_rubber_takes_away_the_buttons_that_no_longer_apply(phone, browser_rubber):
    _, dane = at_the_rubber(phone, browser_rubber, "carr", "dane")
    tap(dane, "The make", "No-trump")  # entries in progress, for a deal never to be played
    staff = Client()
    staff.force_login(browser_rubber.seats.get(position=0).member.user)

    won(staff, browser_rubber)

    expect(dane.get_by_role("heading", name="Agree the rubber")).to_be_visible()
    expect(dane.get_by_role("button", name="Save the declaration")).to_have_count(0)
    expect(dane.get_by_text("Abandon this rubber")).to_have_count(0)


def test_both_sides_agree_within_a_second_with_one_tap_each(phone, browser_rubber):
    client = Client()
    client.force_login(browser_rubber.seats.get(position=0).member.user)
    won(client, browser_rubber)
    carr, fenwick = at_the_rubber(phone, browser_rubber, "carr", "fenwick")

    carr.get_by_role("button", name="We agree").click()
    fenwick.get_by_role("button", name="They agree").click()

    for page in (carr, fenwick):
        expect(page.get_by_role("heading", name="Agreed", exact=True)).to_be_visible()
    expect(fenwick.locator("#panel .message")).to_have_count(0)  # nothing refused
    rubber = Rubber.objects.get(pk=browser_rubber.pk)
    assert rubber.agreed
    assert Posting.objects.filter(rubber=rubber).count() == 4
    screenshot(fenwick, "agreed")


def test_a_lapse_is_said_in_words_on_both_phones(phone, browser_rubber):
    client = Client()
    client.force_login(browser_rubber.seats.get(position=0).member.user)
    won(client, browser_rubber)
    carr, fenwick = at_the_rubber(phone, browser_rubber, "carr", "fenwick")
    carr.get_by_role("button", name="We agree").click()
    expect(fenwick.locator(".agreement")).to_contain_text("agreed by Mrs. Carr")

    fenwick.get_by_text("The deals, one by one").click()
    fenwick.get_by_role("link", name="Correct deal 3").click()
    tap(fenwick, "Tricks won by the dealer", "11")
    fenwick.get_by_label("Why it is corrected").fill("a trick was miscounted")
    fenwick.get_by_role("button", name="Correct deal 3").click()

    lapse = "Mrs. Carr's agreement for We lapsed: deal 3 was corrected."
    expect(fenwick.locator(".message.done")).to_contain_text(lapse)
    expect(carr.locator("#notice")).to_contain_text(lapse)
    expect(carr.get_by_role("button", name="We agree")).to_be_visible()
    screenshot(carr, "lapsed")


def test_a_rubber_started_with_no_stake_says_it_posts_no_money(phone):
    for name, short in [("Mrs. Carr", "Carr"), ("Miss Fenwick", "Fenwick")]:
        make_member(name, short)
    for name, short in [("Mr. Dane", "Dane"), ("Col. Hartley", "Hartley")]:
        make_member(name, short)
    page = phone()
    sign_in(page, "carr")
    page.get_by_role("link", name="Start a rubber").click()

    warning = "No stake is in force: a rubber started now posts its points and no money."
    expect(page.get_by_text(warning)).to_be_visible()
    seats = dict(enumerate(["Mrs. Carr", "Miss Fenwick", "Mr. Dane", "Col. Hartley"]))
    name_the_table_and_seat(page, "Table 3", seats)
    tap(page, "Who deals first", "Seat 1")
    page.get_by_role("button", name="Start the rubber").click()

    expect(page.get_by_role("heading", name="Deal 1: the declaration")).to_be_visible()
    expect(page.get_by_text("No stake was in force when it started")).to_be_visible()
    screenshot(page, "no-stake")


def test_a_member_still_in_play_at_another_table_is_not_offered_a_seat(phone, browser_rubber):
    """A person sits at one table: Mrs. Carr, playing at Table 2, is offered at no seat of
    a new rubber (and were she sent all the same, nothing starts: test_start_rubber.py)."""
    make_member("Mrs. Ingram", "Ingram")
    make_member("Mr. Lacey", "Lacey")
    make_member("Miss Moreton", "Moreton")
    page = phone()
    sign_in(page, "ingram")
    page.get_by_role("link", name="Start a rubber").click()
    carr, moreton = (Member.objects.get(short_name=n) for n in ("Carr", "Moreton"))
    expect(page.locator(f'input[name="seat_3"][value="{moreton.pk}"]')).to_have_count(1)
    expect(page.locator(f'input[name="seat_3"][value="{carr.pk}"]')).to_have_count(0)
    screenshot(page, "seated-elsewhere")
    assert not Rubber.objects.filter(table="Table 4").exists()


def test_the_result_form_is_kept_through_another_phones_result(phone, browser_rubber):
    """Both phones at the result step; one records it, the other had begun to."""
    carr, dane = at_the_rubber(phone, browser_rubber, "carr", "dane")
    declare(carr, 1, "S")
    expect(dane.get_by_role("heading", name="Deal 1: the result")).to_be_visible()
    tap(dane, "Tricks won by", "8")
    tap_honours(dane, Side.THEY, "Four")

    tap(carr, "Tricks won by", "9")
    tap_honours(carr, Side.WE, "Four")
    carr.get_by_role("button", name="Save the result").click()

    expect(dane.get_by_text("What you had entered here is kept.")).to_be_visible()
    dane.get_by_role("button", name="Save the result").click()
    expect(dane.locator("#panel .message")).to_have_text(
        "From Mrs. Carr's phone: Deal 1 recorded: We 9 tricks; honours We: four. "
        "Yours — We 8 tricks; honours They: four — was not saved."
    )
    expect(dane.get_by_role("heading", name="Deal 2: the declaration")).to_be_visible()
    assert Deal.objects.filter(recorded_at__isnull=False).count() == 1


def test_the_deals_opened_on_one_phone_stay_open_when_another_records(phone, browser_rubber):
    """Mr. Dane reads the deals one by one while Mrs. Carr records the next: his list is
    redrawn with it, and stays open."""
    carr, dane = at_the_rubber(phone, browser_rubber, "carr", "dane")
    for number, tricks in ((1, "9"), (2, "8")):
        if number == 2:
            dane.get_by_text("The deals, one by one").click()
            expect(dane.get_by_role("link", name="Correct deal 1")).to_be_visible()
        declare(carr, number, "H")
        tap(carr, "Tricks won by", tricks)
        tap_honours(carr, Side.WE, "Four")
        carr.get_by_role("button", name="Save the result").click()
        expect(dane.locator("details.deals li")).to_have_count(number)
    expect(dane.get_by_role("link", name="Correct deal 2")).to_be_visible()
    expect(dane.get_by_role("link", name="Correct deal 1")).to_be_visible()
