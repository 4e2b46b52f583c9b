"""A settlement counts only what came before it: the payments recorded before its sitting
ended and the closed settlements of the sittings before it, never a later one. And what is
settled is never rewritten: no sitting is opened before a closed settlement, and none is
closed while a sitting before it is still open (the database refuses both)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone

from ledger.desk import services as desk
from ledger.models import Sitting
from ledger.records import LedgerError
from ledger.settlement import services as settlements
from tests.support.ledger import WON_BY_WE, agreed


def pay(payer, payee, amount, staff, *, at=None):
    return desk.record_payment(
        payer=payer, payee=payee, amount=Decimal(amount), method="cash", note="", user=staff, at=at
    )


def sitting(name, start, end, staff):
    return settlements.open_sitting(name=name, start=start, end=end, user=staff)


def test_a_sitting_opened_for_yesterday_brings_forward_nothing_paid_today(players, staff, stake):
    """The issue's own case: payments recorded today, then yesterday's sitting opened, with
    no rubber in it. Nothing was owed or paid by then, so nobody pays anybody."""
    carr, fenwick, dane = players[:3]
    pay(None, fenwick, "1.60", staff)
    pay(dane, fenwick, "1.00", staff)
    pay(carr, None, "0.25", staff)
    now = timezone.now()
    yesterday = sitting("Yesterday", now - timedelta(hours=30), now - timedelta(hours=20), staff)
    result = settlements.settlement(yesterday)
    assert result.lines == []
    assert result.transfers == []
    closed = settlements.close(yesterday, staff)
    assert closed.lines == []
    assert closed.transfers == []


def test_a_payment_during_the_sitting_counts_in_it_apart_from_what_is_brought_forward(
    players, staff, stake
):
    """Brought forward is what was owed before the sitting began: a payment made tonight
    is tonight's, shown apart, and counts in what is due."""
    carr, fenwick = players[:2]
    now = timezone.now()
    pay(fenwick, carr, "0.40", staff, at=now - timedelta(hours=3))
    tonight = sitting("Tonight", now - timedelta(hours=2), now + timedelta(hours=4), staff)
    pay(fenwick, carr, "1.00", staff)
    lines = {line.member: line for line in settlements.settlement(tonight).lines}
    assert lines[fenwick].brought_forward == Decimal("0.40")
    assert lines[fenwick].paid == Decimal("1.00")
    assert lines[fenwick].due == Decimal("1.40")
    assert lines[carr].brought_forward == Decimal("-0.40")
    assert lines[carr].paid == Decimal("-1.00")
    assert lines[carr].due == Decimal("-1.40")


def test_a_closed_settlement_still_shows_its_payments_apart(players, staff, stake):
    carr, fenwick = players[:2]
    now = timezone.now()
    pay(fenwick, carr, "0.40", staff, at=now - timedelta(hours=5))
    evening = sitting("Last night", now - timedelta(hours=4), now - timedelta(hours=1), staff)
    pay(fenwick, carr, "1.00", staff, at=now - timedelta(hours=2))
    agreed(players, staff, WON_BY_WE, started=now - timedelta(hours=3))
    shown = settlements.settlement(evening)
    closed = settlements.close(evening, staff)
    assert closed.lines == shown.lines
    lines = {line.member: line for line in closed.lines}
    assert (lines[fenwick].brought_forward, lines[fenwick].paid) == (Decimal("0.40"), Decimal(1))


def test_a_payment_after_the_sitting_ended_is_not_in_it_but_pays_its_transfer(
    players, staff, stake
):
    """Recorded the morning after, it does not change the evening's figures; the transfer
    it pays is marked paid, and the next sitting brings it forward."""
    carr, fenwick = players[:2]
    now = timezone.now()
    agreed(players, staff, WON_BY_WE, started=now - timedelta(hours=3))
    evening = sitting("Last night", now - timedelta(hours=4), now - timedelta(hours=1), staff)
    shown = settlements.settlement(evening)
    owed = next(t for t in shown.transfers if t.payer == fenwick and t.payee == carr)
    pay(fenwick, carr, owed.amount, staff)
    after = settlements.settlement(evening)
    assert after.seen == shown.seen, "the evening's figures are as they were"
    assert [(t.payer, t.payee, t.amount) for t in after.transfers] == [
        (t.payer, t.payee, t.amount) for t in shown.transfers
    ]
    owing = [
        (t.payer, t.payee, owed)
        for t, owed in zip(after.transfers, settlements.still_owed(after), strict=True)
    ]
    assert [owed for payer, payee, owed in owing if (payer, payee) == (fenwick, carr)] == [False]
    assert [owed for *_, owed in owing].count(True) == len(owing) - 1
    settlements.close(evening, staff)
    closed = settlements.settlement(evening)
    assert settlements.still_owed(closed).count(False) == 1
    tonight = sitting("Tonight", now, now + timedelta(hours=5), staff)
    lines = {line.member: line for line in settlements.settlement(tonight).lines}
    # Paid since tonight began: what she owed is brought forward, her payment beside it.
    assert lines[fenwick].brought_forward == -owed.amount
    assert lines[fenwick].paid == owed.amount
    assert lines[fenwick].due == lines[carr].due == 0, "her payment squares her"


def test_a_closed_settlement_before_the_sitting_is_brought_forward(players, staff, stake):
    fenwick = players[1]
    now = timezone.now()
    agreed(players, staff, WON_BY_WE, started=now - timedelta(days=1, hours=3))
    monday = sitting("Monday", now - timedelta(days=1, hours=4), now - timedelta(days=1), staff)
    owed = {line.member: line.due for line in settlements.close(monday, staff).lines}[fenwick]
    tuesday = sitting("Tuesday", now - timedelta(hours=4), now - timedelta(hours=1), staff)
    lines = {line.member: line for line in settlements.settlement(tuesday).lines}
    assert lines[fenwick].brought_forward == owed < 0


def test_a_sitting_is_not_opened_before_a_closed_settlement(players, staff, stake):
    now = timezone.now()
    tonight = sitting("Tonight", now - timedelta(hours=4), now - timedelta(hours=1), staff)
    settlements.close(tonight, staff)
    with pytest.raises(LedgerError) as refused:
        sitting("Last week", now - timedelta(days=7), now - timedelta(days=6), staff)
    ended = timezone.localtime(tonight.end)
    assert str(refused.value) == (
        "Tonight is closed, and this sitting would come before it: a closed settlement has "
        "counted everything before it and is never rewritten. Open a sitting from "
        f"{ended:%-d %b %Y %H:%M} on."
    )
    # The database itself refuses it, whoever asks.
    with pytest.raises(DatabaseError), transaction.atomic():
        Sitting.objects.create(
            name="Behind its back",
            start=now - timedelta(days=7),
            end=now - timedelta(days=6),
            created_by=staff,
        )
    assert list(Sitting.objects.values_list("name", flat=True)) == ["Tonight"]
    sitting("Later", now, now + timedelta(hours=5), staff)  # after it, as ever


def test_a_settlement_is_not_closed_while_a_sitting_before_it_is_open(players, staff, stake):
    now = timezone.now()
    monday = sitting("Monday", now - timedelta(days=1, hours=4), now - timedelta(days=1), staff)
    tuesday = sitting("Tuesday", now - timedelta(hours=4), now - timedelta(hours=1), staff)
    with pytest.raises(LedgerError) as refused:
        settlements.close(tuesday, staff)
    assert str(refused.value) == (
        "Monday comes before Tuesday and is not closed: close Monday's settlement first, "
        "so that Tuesday's brings it forward."
    )
    with pytest.raises(DatabaseError), transaction.atomic():
        Sitting.objects.filter(pk=tuesday.pk).update(closed_at=now, closed_by=staff)
    tuesday.refresh_from_db()
    assert not tuesday.closed
    settlements.close(monday, staff)
    settlements.close(tuesday, staff)
    assert Sitting.objects.filter(closed_at__isnull=False).count() == 2


def test_an_open_sitting_is_not_moved_before_a_closed_one(players, staff, stake):
    now = timezone.now()
    closed = sitting("Closed", now - timedelta(days=2), now - timedelta(days=1), staff)
    settlements.close(closed, staff)
    later = sitting("Later", now - timedelta(hours=4), now - timedelta(hours=1), staff)
    with pytest.raises(DatabaseError), transaction.atomic():
        Sitting.objects.filter(pk=later.pk).update(
            start=now - timedelta(days=4), end=now - timedelta(days=3)
        )
