"""The secretary's forms are written once and never over a page he has not seen: a form
sent twice (a double tap, a resend after a lost answer) records once and is answered as the
first was; a form shown before someone else's change is refused, saying what changed."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from ledger.desk import services as desk
from ledger.models import Payment, Posting, Sitting, Stake
from ledger.records import LedgerError
from ledger.settlement import services as settlements
from scorer.plumbing.keys import Stale
from tests.support.html import Forms
from tests.support.ledger import WON_BY_WE, agreed, set_stake

DESK = reverse("ledger:index")


@pytest.fixture
def secretary(client, staff):
    client.force_login(staff)
    return client


def form_on(client, page, action):
    form = Forms(client.get(page).content.decode()).form(action)
    assert form is not None, f"no form sending to {action} on {page}"
    return form["values"]


def messages_of(response):
    return [str(message) for message in response.context["messages"]]


def test_a_payment_sent_twice_is_recorded_once_and_answered_alike(secretary, players, stake):
    carr, fenwick = players[0], players[1]
    form = form_on(secretary, DESK, reverse("ledger:pay"))
    data = {**form, "payer": fenwick.pk, "payee": carr.pk, "amount": "2.50", "method": "cash"}
    first = secretary.post(reverse("ledger:pay"), data, follow=True)
    again = secretary.post(reverse("ledger:pay"), data, follow=True)
    assert Payment.objects.count() == 1
    assert messages_of(again) == messages_of(first)
    assert first.redirect_chain == again.redirect_chain


def test_a_payment_is_reversed_once_even_by_two_forms(secretary, players, stake, staff):
    payment = desk.record_payment(
        payer=players[1], payee=players[0], amount=Decimal("1"), method="cash", note="", user=staff
    )
    action = reverse("ledger:reverse", args=[payment.pk])
    one, other = form_on(secretary, action, action), form_on(secretary, action, action)
    assert one["key"] != other["key"], "each page gives its form a key of its own"
    secretary.post(action, one, follow=True)
    refused = secretary.post(action, other, follow=True)
    assert Payment.objects.filter(reverses=payment).count() == 1
    assert messages_of(refused) == ["That payment has been reversed already."]


def test_the_database_itself_keeps_one_reversal_to_a_payment(players, stake, staff):
    payment = desk.record_payment(
        payer=players[1], payee=players[0], amount=Decimal("1"), method="cash", note="", user=staff
    )
    desk.reverse_payment(payment=payment, user=staff)
    with pytest.raises(LedgerError, match="reversed already"):
        desk.reverse_payment(payment=payment, user=staff)
    assert sum(p.amount for p in players[1].postings.all()) == 0


def test_a_stake_form_shown_before_another_stake_was_set_is_refused(secretary, stake, staff):
    shown = form_on(secretary, DESK, reverse("ledger:stake"))
    set_stake("1.00", staff)  # another member of the staff, a moment before
    data = {**shown, "per_hundred": "0.75", "currency": "GBP", "smallest_unit": "0.01"}
    refused = secretary.post(reverse("ledger:stake"), data, follow=True)
    assert Stake.latest().per_hundred == Decimal("1.00")
    [said] = messages_of(refused)
    assert said.startswith(
        "The stake was changed since this page was shown (it is now £1.00 a hundred points, from "
    )
    assert "nothing was changed" in said


def test_two_stakes_cannot_replace_the_same_one(stake, staff):
    seen = desk.stake_seen(stake)
    desk.set_stake(
        per_hundred=Decimal(1), currency="GBP", smallest_unit=Decimal("0.01"), user=staff, seen=seen
    )
    with pytest.raises(Stale, match="changed since this page was shown"):
        desk.set_stake(
            per_hundred=Decimal(2),
            currency="GBP",
            smallest_unit=Decimal("0.01"),
            user=staff,
            seen=seen,
        )
    assert Stake.objects.count() == 2


def test_a_sitting_opened_twice_by_one_form_is_opened_once(secretary, staff):
    now = timezone.localtime()
    form = form_on(secretary, DESK, reverse("ledger:open"))
    data = {
        **form,
        "name": "Tonight",
        "start": (now - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
        "end": (now + timedelta(hours=3)).strftime("%Y-%m-%dT%H:%M"),
    }
    first = secretary.post(reverse("ledger:open"), data)
    again = secretary.post(reverse("ledger:open"), data)
    sitting = Sitting.objects.get()
    assert first.url == again.url == reverse("ledger:sitting", args=[sitting.pk])


def test_the_database_refuses_overlapping_sittings(staff):
    now = timezone.now()
    settlements.open_sitting(name="Tonight", start=now, end=now + timedelta(hours=4), user=staff)
    with pytest.raises(LedgerError, match="It overlaps Tonight"):
        settlements.open_sitting(
            name="Late", start=now + timedelta(hours=3), end=now + timedelta(hours=6), user=staff
        )
    settlements.open_sitting(
        name="Tomorrow", start=now + timedelta(hours=4), end=now + timedelta(hours=8), user=staff
    )
    assert Sitting.objects.count() == 2


def test_closing_a_settlement_that_changed_since_it_was_shown_is_refused(
    secretary, players, staff, stake
):
    now = timezone.now()
    desk.set_table_charge(
        basis="rubber",
        amount=Decimal("0.25"),
        hundreds=None,
        user=staff,
        seen="none",
        at=now - timedelta(days=2),
    )
    sitting = settlements.open_sitting(
        name="Last night", start=now - timedelta(days=1), end=now, user=staff
    )
    rubber = agreed(players, staff, WON_BY_WE, started=now - timedelta(hours=2))
    asked = reverse("ledger:close", args=[sitting.pk])
    shown = form_on(secretary, asked, asked)
    charge = Posting.objects.get(kind=Posting.TABLE, rubber=rubber, member=players[0])
    desk.waive(charge=charge, reason="the host", user=staff)  # after the page was shown
    refused = secretary.post(asked, shown, follow=True)
    sitting.refresh_from_db()
    assert not sitting.closed
    [said] = messages_of(refused)
    assert "settlement changed since this page was shown" in said
    fresh = form_on(secretary, asked, asked)
    secretary.post(reverse("ledger:close", args=[sitting.pk]), fresh)
    sitting.refresh_from_db()
    assert sitting.closed


def test_the_payment_form_chooses_no_member_to_begin_with(secretary, players):
    page = secretary.get(DESK).content.decode()
    form = page[page.index(f'action="{reverse("ledger:pay")}"') :]
    for name in ("payer", "payee"):
        select = form[form.index(f'name="{name}"') :]
        select = select[: select.index("</select>")]
        first_option = select[select.index("<option") : select.index("</option>")]
        assert 'value=""' in first_option
        assert "Choose a member" in first_option
        chosen = [part for part in select.split("<option")[2:] if "selected" in part]
        assert chosen == [], "no member is chosen before the secretary chooses"


def test_a_refused_form_says_why_in_sentences(secretary, players, stake):
    form = form_on(secretary, DESK, reverse("ledger:pay"))
    data = {**form, "payer": players[0].pk, "payee": players[1].pk, "amount": "ten"}
    refused = secretary.post(reverse("ledger:pay"), {**data, "method": "cash"}, follow=True)
    [said] = messages_of(refused)
    assert said == "Amount: enter a number."
    assert "__all__" not in refused.content.decode()
