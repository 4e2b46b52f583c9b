"""Who keeps the ledger: the staff alone write in it, and a visitor is sent to sign in."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from ledger.models import Posting, Sitting, Stake


@pytest.mark.parametrize(
    ("name", "method", "args"),
    [
        ("ledger:stake", "post", []),
        ("ledger:open", "post", []),
        ("ledger:pay", "post", []),
        ("ledger:sitting", "get", ["sitting"]),
        ("ledger:sitting_print", "get", ["sitting"]),
        ("ledger:close", "get", ["sitting"]),
        ("ledger:close", "post", ["sitting"]),
        ("ledger:reverse", "get", ["payment"]),
        ("ledger:reverse", "post", ["payment"]),
    ],
)
def test_only_the_staff_keep_the_ledger(client, players, staff, stake, evening, name, method, args):
    from ledger.desk import services

    payment = services.record_payment(
        payer=players[1], payee=players[0], amount=Decimal(1), method="cash", note="", user=staff
    )
    objects = {"sitting": evening.pk, "payment": payment.pk}
    client.force_login(players[0].user)
    url = reverse(name, args=[objects[a] for a in args])
    response = getattr(client, method)(
        url, {"per_hundred": "9", "currency": "GBP", "smallest_unit": "0.01"}
    )
    assert response.status_code == 403
    assert Stake.objects.count() == 1
    assert not Sitting.objects.filter(closed_at__isnull=False).exists()
    assert Posting.objects.filter(kind=Posting.PAYMENT).count() == 2


def test_a_stranger_is_sent_to_sign_in(client, db):
    for name in ("ledger:index", "ledger:me", "ledger:table"):
        response = client.get(reverse(name))
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
