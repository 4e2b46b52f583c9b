"""The ledger's index and statements: the secretary's desk with its balances, a
member's own statement and no other's."""

from __future__ import annotations

from decimal import Decimal

from django.test import Client
from django.urls import reverse

from tests.support.ledger import WON_BY_WE, agreed


def test_the_secretary_sees_the_stake_sittings_and_balances(secretary, evening, players):
    page = secretary.get(reverse("ledger:index")).content.decode()
    assert "£0.50 a hundred points, since" in page
    assert "paid in whole £0.01" in page
    assert "Last night" in page
    assert "Mrs. Carr" in page


def test_a_member_sees_his_own_statement_with_its_running_balance(client, players, staff, stake):
    rubber = agreed(players, staff, WON_BY_WE)
    carr = players[0]
    client.force_login(carr.user)
    response = client.get(reverse("ledger:index"))
    assert response.url == reverse("ledger:me")
    page = client.get(response.url).content.decode()
    expected = Decimal(rubber.agreed_value) * Decimal("0.50") / 100
    assert "Mrs. Carr's account" in page
    assert f"Balance: +£{expected:.2f}" in page
    assert "at £0.50 a hundred points" in page  # the rubber's stake, beside its points
    assert "against Miss Fenwick and Col. Hartley" in page
    assert "partnering Mr. Dane" in page


def test_a_member_cannot_see_another_members_statement(client, players, staff, stake):
    client.force_login(players[0].user)
    assert client.get(reverse("ledger:member", args=[players[1].pk])).status_code == 403
    assert client.get(reverse("ledger:member", args=[players[0].pk])).status_code == 200


def test_an_account_that_is_no_member_has_no_statement(db):
    from django.contrib.auth import get_user_model

    visitor = Client()
    visitor.force_login(get_user_model().objects.create_user("visitor", password="pw"))
    assert visitor.get(reverse("ledger:me")).status_code == 403


def test_a_statement_gives_each_row_its_date_once(client, players, staff, stake):
    from django.utils import timezone

    rubber = agreed(players, staff, WON_BY_WE)
    client.force_login(players[0].user)
    page = client.get(reverse("ledger:me")).content.decode()
    started = timezone.localtime(rubber.started_at)
    row = page[page.index('<ol class="entries">') :].split("</li>")[0]
    assert f"{started:%-d %b %Y}</time>" in row
    assert f"Bridge rubber at Table 1, {started:%H:%M}, partnering Mr. Dane" in row
    assert row.count(f"{started:%Y}") == 2, "the date once (and in its machine-read form)"


def test_an_abandoned_rubber_is_marked_abandoned_in_the_statement_and_the_settlement(
    secretary, players, staff, stake
):
    from datetime import timedelta

    from django.utils import timezone

    from ledger.models import Sitting
    from tests.support.rubbers import deal

    now = timezone.now()
    sitting = Sitting.objects.create(
        name="Tonight",
        start=now - timedelta(hours=1),
        end=now + timedelta(hours=5),
        created_by=staff,
    )
    rubber = agreed(players, staff, [deal("H", (9, 4))])  # one deal, then abandoned
    assert rubber.abandoned
    assert rubber.agreed_value
    statement = secretary.get(reverse("ledger:member", args=[players[0].pk])).content.decode()
    assert '<span class="abandoned">abandoned, counted as it stood</span>' in statement
    settled = secretary.get(reverse("ledger:sitting", args=[sitting.pk])).content.decode()
    assert "Abandoned, counted as it stood: Carr &amp; Dane gained" in settled
    finished = agreed(players, staff, WON_BY_WE)
    assert not finished.abandoned
    statement = secretary.get(reverse("ledger:member", args=[players[0].pk])).content.decode()
    assert statement.count("abandoned, counted as it stood") == 1
