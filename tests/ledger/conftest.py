"""The scorer's club and table, and helpers to play and agree rubbers for the ledger."""

from __future__ import annotations

import uuid

import pytest
from django.utils import timezone

from scorer import reads, writes
from tests.rubbers import deal
from tests.support.ledger import set_stake


@pytest.fixture
def stake(staff):
    return set_stake("0.50", staff, at=timezone.now() - timezone.timedelta(days=30))


def agreed(members, by, deals, *, started=None, table="Table 1"):
    """A rubber of these deals (tricks as (We, They)), agreed by `by` (staff) for both."""
    played = writes.start_rubber(table=table, members=members, first_dealer=0, user=by)
    if started is not None:
        from scorer.models import Rubber

        Rubber.objects.filter(pk=played.pk).update(started_at=started)
        played.refresh_from_db()
    writes.replay(rubber=played, deals=deals, user=by)
    state = reads.table_state(played)
    writes.agree(state=state, user=by, key=uuid.uuid4(), revision=played.revision, side=None)
    played.refresh_from_db()
    return played


WON_BY_WE = [deal("NT", (12, 1)), deal("NT", (12, 1), dealer="they")]  # We win two games
