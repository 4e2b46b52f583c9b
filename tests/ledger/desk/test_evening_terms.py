"""What a Progressive evening is played for: points alone unless the staff set a stake (so
much a point, or so much a hundred points) or table money, on the evening's money page,
reached from the evening's page. Each form once; a form shown before other terms were
set is refused; a stake is refused while guests play, and everything once the evening has
ended; the terms are kept as set, and one set replaces another once."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from django.db import DatabaseError, IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from ledger.desk.models import EveningTerms
from scorer.progressive import writes
from tests.support.evenings import agree, drawn, members, opened, play, seen, tables_of
from tests.support.html import Forms, Links
from tests.support.ledger import set_stake


@pytest.fixture
def club_stake(staff):
    return set_stake("0.50", staff, at=timezone.now() - timezone.timedelta(days=30))


@pytest.fixture
def secretary(client, staff):
    client.force_login(staff)
    return client


@pytest.fixture
def evening(staff, club_stake):
    return drawn(staff, members(8))


def money_page(client, evening) -> str:
    """The evening's money page, reached by its link on the evening's page."""
    page = client.get(reverse("scorer:progressive:evening", args=[evening.pk])).content.decode()
    link = dict(Links(page).links)["The evening's money"]
    return client.get(link).content.decode()


def set_terms(client, page: str, evening, **fields):
    form = Forms(page).form(reverse("ledger:evening_terms", args=[evening.pk]))
    assert form is not None, "the page offers the evening's terms"
    return client.post(form["action"], {**form["values"], **fields}, follow=True)


def said(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_an_evening_is_played_for_points_alone_until_its_terms_are_set(secretary, evening):
    page = money_page(secretary, evening)
    assert "Played for points alone: nothing is posted unless a stake or table money is set" in page
    assert EveningTerms.of(evening) is None


def test_the_staff_set_a_stake_a_point_and_table_money(secretary, evening):
    response = set_terms(
        secretary, money_page(secretary, evening), evening, stake="0.01", per="point",
        table_money="1.25",
    )  # fmt: skip
    assert said(response) == [
        "Progressive evening is played for £0.01 a point, and £1.25 table money from each member."
    ]
    terms = EveningTerms.of(evening)
    assert (terms.stake, terms.per, terms.table_money, terms.currency) == (
        Decimal("0.01"), "point", Decimal("1.25"), "GBP",
    )  # fmt: skip
    assert (
        "Played for £0.01 a point, and £1.25 table money from each member: posted when it ends."
        in (response.content.decode())
    )


def test_a_stake_a_hundred_points_replaces_the_terms_in_force(secretary, evening):
    set_terms(secretary, money_page(secretary, evening), evening, stake="0.01", per="point")
    first = EveningTerms.of(evening)
    set_terms(secretary, money_page(secretary, evening), evening, stake="0.5", per="hundred")
    now = EveningTerms.of(evening)
    assert now.replaces == first
    assert now.words == "£0.50 a hundred points"


def test_the_terms_form_sent_twice_sets_them_once(secretary, evening):
    page = money_page(secretary, evening)
    form = Forms(page).form(reverse("ledger:evening_terms", args=[evening.pk]))
    values = {**form["values"], "stake": "0.02", "per": "point"}
    first = secretary.post(form["action"], values, follow=True)
    again = secretary.post(form["action"], values, follow=True)
    assert said(again) == said(first)
    assert EveningTerms.objects.filter(evening=evening).count() == 1


def test_a_form_shown_before_other_terms_were_set_is_refused(secretary, evening):
    stale = money_page(secretary, evening)
    set_terms(secretary, money_page(secretary, evening), evening, stake="0.01", per="point")
    response = set_terms(secretary, stale, evening, stake="0.05", per="point")
    assert said(response) == [
        "What Progressive evening is played for was changed since this page was shown (it is "
        "now played for £0.01 a point): nothing was changed. Set it again if you still mean to."
    ]
    assert EveningTerms.of(evening).stake == Decimal("0.01")


def test_a_stake_is_refused_while_guests_play_but_table_money_is_not(secretary, staff, club_stake):
    evening = opened(staff)
    writes.add_guest(evening=evening, name="Mrs. Hale", seen=seen(evening), user=staff)
    refused = set_terms(secretary, money_page(secretary, evening), evening, stake="0.01")
    assert said(refused) == [
        "Mrs. Hale plays Progressive evening as a guest, with no account in the ledger: an "
        "evening with guests is played for points, and table money from the members alone, "
        "not for a stake (£0.01 a hundred points). Set the evening's stake at nothing."
    ]
    assert EveningTerms.of(evening) is None
    set_terms(secretary, money_page(secretary, evening), evening, table_money="1")
    assert EveningTerms.of(evening).words == "£1.00 table money from each member"


def test_an_ended_evenings_terms_are_kept_as_it_posted(secretary, staff, evening):
    for table in tables_of(evening):
        play(secretary, table, trump="NT", tricks=9)
        agree(secretary, table, "both")
    writes.end(evening=evening, seen=seen(evening), user=staff)
    page = money_page(secretary, evening)
    assert Forms(page).form(reverse("ledger:evening_terms", args=[evening.pk])) is None
    response = secretary.post(
        reverse("ledger:evening_terms", args=[evening.pk]),
        {"key": uuid.uuid4(), "seen": "none", "stake": "1", "per": "point", "table_money": "0"},
        follow=True,
    )
    assert said(response) == [
        "Progressive evening has ended: what it was played for is kept as it posted. Nothing "
        "was changed."
    ]
    assert EveningTerms.of(evening) is None


def test_without_the_clubs_currency_money_is_refused(secretary, staff):
    evening = drawn(staff, members(4))
    response = set_terms(secretary, money_page(secretary, evening), evening, stake="0.01")
    assert said(response) == [
        "The club has no currency yet: set its stake on the ledger's page first (a stake of "
        "nothing will do), and the evening is played in its currency."
    ]


STAKE = "Stake: each member's net at: "
CHOICE = "select a valid choice. rubber is not one of the available choices."


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"stake": "0.00001"}, STAKE + "ensure that there are no more than 4 decimal places."),
        ({"stake": "-1"}, STAKE + "ensure this value is greater than or equal to 0."),
        ({"table_money": "abc"}, "Table money from each member: enter a number."),
        ({"per": "rubber"}, f"Money: {CHOICE}"),
    ],
)
def test_bad_terms_are_refused_in_words_changing_nothing(secretary, evening, fields, words):
    response = set_terms(secretary, money_page(secretary, evening), evening, **fields)
    assert said(response) == [words]
    assert EveningTerms.of(evening) is None


def test_only_the_staff_set_what_an_evening_is_played_for(client, evening):
    member = evening.players.first().member
    client.force_login(member.user)
    page = client.get(reverse("scorer:progressive:evening", args=[evening.pk])).content.decode()
    assert "The evening's money" not in dict(Links(page).links)
    assert client.get(reverse("ledger:evening_terms", args=[evening.pk])).status_code == 403


def test_the_terms_are_kept_as_set_and_replaced_once(secretary, staff, evening):
    set_terms(secretary, money_page(secretary, evening), evening, stake="0.01", per="point")
    first = EveningTerms.of(evening)
    with pytest.raises(DatabaseError, match="kept as set"), transaction.atomic():
        EveningTerms.objects.filter(pk=first.pk).update(stake=Decimal(1))
    EveningTerms.objects.create(evening=evening, currency="GBP", set_by=staff, replaces=first)
    with pytest.raises(IntegrityError), transaction.atomic():
        EveningTerms.objects.create(evening=evening, currency="GBP", set_by=staff, replaces=first)
