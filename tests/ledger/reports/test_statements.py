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
