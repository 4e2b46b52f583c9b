"""A sitting's settlement: each member's part, rounded without losing a penny, and the
fewest transfers that settle it; fixed for good once closed."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from ledger.desk import services as desk
from ledger.models import Posting, SettlementLine, Transfer
from ledger.records import LedgerError
from ledger.settlement import services as settlements
from tests.support.ledger import WON_BY_WE, agreed, set_stake
from tests.support.rubbers import deal


@pytest.fixture
def evening(staff):
    """A sitting that began a day ago and has just ended."""
    now = timezone.now()
    return settlements.open_sitting(
        name="Last night", start=now - timedelta(days=1), end=now + timedelta(seconds=2), user=staff
    )


def ended(sitting):
    type(sitting).objects.filter(pk=sitting.pk).update(end=timezone.now())
    sitting.refresh_from_db()
    return sitting


def test_each_member_has_his_rubbers_points_and_money(players, staff, stake, evening):
    rubber = agreed(players, staff, WON_BY_WE)
    result = settlements.settlement(evening)
    lines = {line.member: line for line in result.lines}
    carr, fenwick = players[0], players[1]
    value = rubber.agreed_value
    assert (lines[carr].rubbers, lines[carr].points_won, lines[carr].net_points) == (
        1,
        value,
        value,
    )
    assert lines[fenwick].points_lost == -value
    assert lines[carr].exact == Decimal(value) * Decimal("0.50") / 100
    assert lines[carr].due == lines[carr].rounded
    assert sum(line.due for line in result.lines) == 0


def test_the_transfers_settle_what_is_due(players, staff, stake, evening):
    agreed(players, staff, WON_BY_WE)
    result = settlements.settlement(evening)
    due = {line.member: line.due for line in result.lines}
    for transfer in result.transfers:
        due[transfer.payer] += transfer.amount
        due[transfer.payee] -= transfer.amount
    assert set(due.values()) == {0}
    assert len(result.transfers) == 2  # each loser pays a winner


def test_closing_keeps_the_settlement_and_posts_the_rounding(players, staff, club, evening):
    set_stake("0.333", staff, at=timezone.now() - timedelta(days=2))
    agreed(players, staff, WON_BY_WE)
    ended(evening)
    closed = settlements.close(evening, staff)
    assert evening.__class__.objects.get(pk=evening.pk).closed
    assert SettlementLine.objects.filter(sitting=evening).count() == 4
    assert Transfer.objects.filter(sitting=evening).count() == len(closed.transfers)
    for member in players:
        balance = sum(p.amount for p in member.postings.all())
        line = SettlementLine.objects.get(sitting=evening, member=member)
        assert balance == line.rounded  # the rounding posted makes the balance whole
        assert balance % Decimal("0.01") == 0
    assert sum(p.amount for p in Posting.objects.filter(kind=Posting.ROUNDING)) == 0


def test_a_sitting_is_closed_only_after_it_ends(players, staff, stake, evening):
    type(evening).objects.filter(pk=evening.pk).update(end=timezone.now() + timedelta(hours=3))
    evening.refresh_from_db()
    with pytest.raises(LedgerError, match="close it after that"):
        settlements.close(evening, staff)


def test_a_sitting_with_a_rubber_not_yet_agreed_is_not_closed(players, staff, stake, evening):
    from scorer.rubbers import writes

    writes.start_rubber(table="Table 4", members=players, first_dealer=0, user=staff)
    ended(evening)
    with pytest.raises(LedgerError, match=r"not yet agreed \(Table 4\)"):
        settlements.close(evening, staff)
    assert not SettlementLine.objects.exists()


def test_a_closed_settlement_is_never_changed(players, staff, stake, evening):
    agreed(players, staff, WON_BY_WE)
    ended(evening)
    settlements.close(evening, staff)
    with pytest.raises(LedgerError, match="closed already"):
        settlements.close(evening, staff)
    evening.name = "Renamed"
    with pytest.raises(DatabaseError, match="never changed"), transaction.atomic():
        evening.save()
    with (
        pytest.raises(DatabaseError, match="never changed"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("DELETE FROM ledger_sitting WHERE id = %s", [evening.pk])
    line = SettlementLine.objects.first()
    with pytest.raises(DatabaseError, match="never changed"), transaction.atomic():
        SettlementLine.objects.filter(pk=line.pk).update(due=0)
    with pytest.raises(DatabaseError, match="never changed"), transaction.atomic():
        Transfer.objects.all().delete()


def test_a_balance_carries_forward_until_paid(players, staff, stake, evening):
    agreed(players, staff, WON_BY_WE)
    ended(evening)
    first = settlements.close(evening, staff)
    carr, fenwick = players[0], players[1]
    owed = next(line.due for line in first.lines if line.member == fenwick)
    assert owed < 0
    tonight = settlements.open_sitting(
        name="Tonight", start=timezone.now(), end=timezone.now() + timedelta(hours=5), user=staff
    )
    unpaid = {line.member: line for line in settlements.settlement(tonight).lines}
    assert unpaid[fenwick].brought_forward == owed
    desk.record_payment(payer=fenwick, payee=carr, amount=-owed, method="cash", note="", user=staff)
    paid = {line.member: line for line in settlements.settlement(tonight).lines}
    # Her payment, made tonight, squares her and Mrs. Carr (whose winnings were what she
    # owed): what they owed before tonight is still brought forward, with the payment
    # beside it. Mr. Dane and Col. Hartley still carry theirs forward.
    dane, hartley = players[2], players[3]
    assert (paid[fenwick].brought_forward, paid[fenwick].paid) == (owed, -owed)
    assert (paid[carr].brought_forward, paid[carr].paid) == (-owed, owed)
    assert paid[fenwick].due == paid[carr].due == 0
    assert paid[dane].brought_forward == unpaid[dane].brought_forward == -owed
    assert paid[hartley].brought_forward == owed
    assert paid[dane].due == -owed


def test_sittings_may_not_overlap(staff, evening):
    with pytest.raises(LedgerError, match="overlaps Last night"):
        settlements.open_sitting(
            name="Again",
            start=evening.start + timedelta(hours=1),
            end=evening.end + timedelta(hours=1),
            user=staff,
        )


def test_rubbers_outside_the_sitting_are_not_in_its_settlement(players, staff, stake, evening):
    agreed(players, staff, [deal("H", (9, 4))], started=evening.start - timedelta(hours=2))
    assert settlements.settlement(evening).lines == []


def test_the_rule_for_rounding_is_given_with_the_settlement(players, staff, stake, evening):
    assert "adds up to exactly nothing" in settlements.settlement(evening).rule
