"""The desk's pages: the stake, payments recorded and reversed, and what a game with no
stake is said to be played for."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from ledger.models import Payment, Sitting, Stake
from tests.support.html import Forms, Links, follow, submit

DESK = reverse("ledger:index")


def test_the_secretary_sets_the_stake_from_now_on(secretary, stake):
    response = submit(
        secretary,
        DESK,
        reverse("ledger:stake"),
        {"per_hundred": "1.25", "currency": "GBP", "smallest_unit": "0.01"},
    )
    assert response.status_code == 302
    assert Stake.in_force(timezone.now()).per_hundred == Decimal("1.25")
    assert Stake.objects.count() == 2  # the old stake is kept for the rubbers it settles


def test_the_secretary_records_and_reverses_a_payment(secretary, players, stake):
    carr, fenwick = players[0], players[1]
    submit(
        secretary,
        DESK,
        reverse("ledger:pay"),
        {"payer": fenwick.pk, "payee": carr.pk, "amount": "2.50", "method": "cash", "note": ""},
    )
    payment = Payment.objects.get()
    assert payment.amount == Decimal("2.50")
    reverse_it = reverse("ledger:reverse", args=[payment.pk])
    asked = follow(secretary, DESK, "Reverse")
    assert asked == reverse_it
    first = Forms(secretary.get(asked).content.decode()).form(reverse_it)
    secretary.post(reverse_it, first["values"])
    assert sum(p.amount for p in fenwick.postings.all()) == 0
    assert reverse_it not in secretary.get(DESK).content.decode(), "no second Reverse link"
    again = secretary.post(reverse_it, {"key": uuid.uuid4()}, follow=True)
    assert "reversed already" in again.content.decode()


def test_a_payment_to_oneself_is_refused(secretary, players, stake):
    response = submit(
        secretary,
        DESK,
        reverse("ledger:pay"),
        {"payer": players[0].pk, "payee": players[0].pk, "amount": "1", "method": "cash"},
        follow=True,
    )
    assert '<p class="message" role="alert">A member cannot pay himself.</p>' in (
        response.content.decode()
    )
    assert not Payment.objects.exists()


@pytest.mark.parametrize(
    "back",
    ["https://elsewhere.example/", "//elsewhere.example/", "javascript:alert(1)", "later", "/\r\n"],
)
def test_a_payment_goes_back_only_to_a_page_of_this_site(secretary, players, stake, back):
    data = {"payer": players[1].pk, "payee": players[0].pk, "amount": "1", "method": "cash"}
    response = secretary.post(reverse("ledger:pay"), {**data, "next": back})
    assert response.status_code == 302
    assert response["Location"] == reverse("ledger:index")


def test_a_payment_from_a_sitting_goes_back_to_the_sitting(secretary, players, evening):
    data = {"payer": players[1].pk, "payee": players[0].pk, "amount": "1", "method": "cash"}
    back = reverse("ledger:sitting", args=[evening.pk])
    response = secretary.post(reverse("ledger:pay"), {**data, "next": back})
    assert response["Location"] == back


def test_reversing_a_payment_asks_once_more(secretary, players, staff, stake):
    from ledger.desk import services

    carr, fenwick = players[0], players[1]
    payment = services.record_payment(
        payer=fenwick, payee=carr, amount=Decimal("2.50"), method="cash", note="", user=staff
    )
    assert (
        Forms(secretary.get(DESK).content.decode()).form(
            reverse("ledger:reverse", args=[payment.pk])
        )
        is None
    ), "the desk does not reverse a payment at a tap"
    asked = follow(secretary, DESK, "Reverse")
    page = secretary.get(asked).content.decode()
    assert Payment.objects.count() == 1, "asking reverses nothing"
    assert "<h1>Reverse this payment?</h1>" in page
    assert "Miss Fenwick paid Mrs. Carr £2.50</strong> (cash)" in page
    assert Links(page).to("Keep it") == [DESK]
    response = submit(secretary, asked, asked, follow=True)
    assert "Reversed: Miss Fenwick paid Mrs. Carr £2.50." in response.content.decode()
    assert Payment.objects.filter(reverses=payment).count() == 1
    again = secretary.get(asked).content.decode()
    assert "That payment has been reversed already." in again
    assert Forms(again).form(asked) is None


def test_short_whist_with_no_stake_says_so_in_words_wherever_it_is_shown(secretary, players, staff):
    """Only Bridge's stake set, Whist's left at nothing: a Whist rubber is played for no
    stake, and every page and file says so as it says it of a rubber with none, never
    "£0.00 a point"."""
    from scorer import engine
    from scorer.rubbers import reads, writes
    from tests.support.games import whist
    from tests.support.ledger import set_stake

    now = timezone.now()
    set_stake("0.50", staff, at=now - timedelta(days=1))
    rubber = writes.start_rubber(
        table="Table 2", members=players, first_dealer=0, user=staff, game=engine.WHIST
    )
    deals = [whist((13, 0), (4, 0)), whist((13, 0), (4, 0), dealer="they")]
    writes.replay(rubber=rubber, deals=deals, user=staff)
    rubber.refresh_from_db()
    writes.agree(
        state=reads.rubber_state(rubber),
        user=staff,
        key=uuid.uuid4(),
        revision=rubber.revision,
        side=None,
    )
    sitting = Sitting.objects.create(
        name="Whist night", start=now - timedelta(hours=1), end=timezone.now(), created_by=staff
    )
    zero = "£0.00 a point"
    page = secretary.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "No stake was in force when it started: it posts its points and no money." in page
    assert "Played for" not in page
    here = reverse("ledger:sitting", args=[sitting.pk])
    page = secretary.get(here).content.decode()
    assert '<span class="stake">No stake: points only</span>' in page
    assert zero not in page
    rows = list(csv.reader(io.StringIO(secretary.get(here, {"format": "csv"}).content.decode())))
    assert next(row for row in rows if row[:1] == ["Table 2"])[4] == "no stake: points only"
    pdf = secretary.get(reverse("ledger:sitting_print", args=[sitting.pk]))
    text = " ".join(PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().split())
    assert "Carr & Dane gained 8 No stake: points only" in text
    assert zero not in text
    statement = secretary.get(reverse("ledger:member", args=[players[0].pk])).content.decode()
    assert '<span class="stake">no stake: points only</span>' in statement
    assert zero not in statement
    desk = secretary.get(DESK).content.decode()
    assert "Short Whist, no stake: points only." in desk
