"""The scorer's club and table, and helpers to play and agree rubbers for the ledger."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.support.ledger import set_stake


@pytest.fixture
def stake(staff):
    return set_stake("0.50", staff, at=timezone.now() - timezone.timedelta(days=30))
