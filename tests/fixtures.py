"""The club, four members seated at a table, a stranger and the staff: for every test."""

from __future__ import annotations

import pytest
from django.utils import timezone

from scorer.models import Club
from scorer.rubbers import writes
from tests.support.club import NAMES, make_member, make_staff


@pytest.fixture
def club(db):
    return Club.get()


@pytest.fixture
def players(club):
    """Seated round the table: Carr (We), Fenwick (They), Dane (We), Hartley (They)."""
    return [make_member(name, short) for name, short in NAMES]


@pytest.fixture
def stranger(db):
    return make_member("Mr. Lacey", "Lacey")


@pytest.fixture
def staff(db):
    return make_staff()


@pytest.fixture
def rubber(players):
    return writes.start_rubber(
        table="Table 1", members=players, first_dealer=0, user=players[0].user
    )


@pytest.fixture
def carr(client, players):
    """A phone signed in as Mrs. Carr, who sits at the table."""
    client.force_login(players[0].user)
    return client


@pytest.fixture
def stake(staff):
    """The club's stake, £0.50 a hundred points, set a month ago."""
    from tests.support.ledger import set_stake

    return set_stake("0.50", staff, at=timezone.now() - timezone.timedelta(days=30))
