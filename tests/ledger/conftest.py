"""The ledger's tests: the secretary signed in, and an evening just ended with one rubber
in it (the club, its members and its stake are every test's, tests/fixtures.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from ledger.models import Sitting
from tests.support.ledger import WON_BY_WE, agreed


@pytest.fixture
def secretary(client, staff):
    client.force_login(staff)
    return client


@pytest.fixture
def evening(players, staff, stake):
    """A sitting just ended, with one rubber We won in it."""
    agreed(players, staff, WON_BY_WE)
    now = timezone.now()
    return Sitting.objects.create(
        name="Last night", start=now - timedelta(days=1), end=now, created_by=staff
    )
