"""Money is exact on every database: each amount reads back as it was written, every page
that shows it renders, and a settlement stays computable when the smallest unit changes."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.desk import services as desk
from ledger.models import Posting
from ledger.records import LedgerError
from ledger.reports import reads as reports
from ledger.settlement import services as settlements
from scorer.engine import PRINTED_LAWS
from tests.support.examples import examples
from tests.support.ledger import WON_BY_WE, agreed, set_stake
from tests.support.rubbers import random_rubber

# A stake of nothing to the most the ledger takes, to four places; a unit a coin might be.
stakes = st.integers(0, 100_000_000).map(lambda n: Decimal(n).scaleb(-4))
units = st.sampled_from(["0.0001", "0.001", "0.01", "0.05", "0.1", "0.25", "1", "5", "100"])


def ledger_pages(client: Client, members) -> list[str]:
    pages = [reverse("ledger:index"), reverse("ledger:table")]
    pages += [reverse("ledger:member", args=[member.pk]) for member in members]
    return pages


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(per_hundred=stakes, unit=units, data=st.data())
def test_any_agreed_rubber_posts_exactly_at_any_stake_and_every_page_shows_it(
    client, players, staff, per_hundred, unit, data
):
    choose = lambda lo, hi: data.draw(st.integers(lo, hi))  # noqa: E731
    set_stake(per_hundred, staff, at=timezone.now() - timedelta(minutes=5), unit=unit)
    deals = random_rubber(choose, PRINTED_LAWS)
    rubber = agreed(players, staff, deals, table=f"T{Posting.objects.count()}")
    postings = list(Posting.objects.filter(rubber=rubber))
    for posting in postings:
        assert posting.amount == Decimal(posting.points) * per_hundred / 100
    assert sum(posting.amount for posting in postings) == 0
    client.force_login(staff)
    for page in ledger_pages(client, players):
        assert client.get(page).status_code == 200, page


def test_a_change_of_the_smallest_unit_leaves_every_settlement_computable(client, players, staff):
    set_stake("0.50", staff, at=timezone.now() - timedelta(days=3))
    carr, fenwick = players[0], players[1]
    for cents in ("0.03", "0.04"):
        desk.record_payment(
            payer=fenwick, payee=carr, amount=Decimal(cents), method="cash", note="", user=staff
        )
    set_stake("0.50", staff, unit="0.05")
    agreed(players, staff, WON_BY_WE)
    now = timezone.now()
    sitting = settlements.open_sitting(
        name="Tonight", start=now - timedelta(days=1), end=now, user=staff
    )
    client.force_login(staff)
    here = reverse("ledger:sitting", args=[sitting.pk])
    page = client.get(here)
    assert page.status_code == 200
    assert "not a whole number of units" in page.content.decode()
    result = settlements.settlement(sitting)
    assert sum(line.due for line in result.lines) == 0
    assert all(line.due % Decimal("0.05") == 0 for line in result.lines)
    rows = list(csv.reader(io.StringIO(client.get(here, {"format": "csv"}).content.decode())))
    assert rows[1][0] == "Member"
    assert client.get(reverse("ledger:sitting_print", args=[sitting.pk])).status_code == 200
    closed = settlements.close(sitting, staff)
    balances = reports.balances()
    for line in closed.lines:
        assert balances[line.member.pk] == line.due, "each balance is what the settlement said"


@pytest.mark.parametrize("amount", ["0.000001", "123456789.123456", "999999999.9999"])
def test_an_amount_reads_back_as_written(players, staff, amount):
    set_stake("0.50", staff, unit="0.0001" if len(amount.split(".")[1]) <= 4 else "0.01")
    value = Decimal(amount)
    if value % Decimal("0.0001"):
        with pytest.raises(LedgerError, match="whole units"):
            desk.record_payment(
                payer=players[1], payee=players[0], amount=value, method="cash", note="", user=staff
            )
        return
    payment = desk.record_payment(
        payer=players[1], payee=players[0], amount=value, method="cash", note="", user=staff
    )
    payment.refresh_from_db()
    assert payment.amount == value
    assert reports.balances()[players[1].pk] == value
