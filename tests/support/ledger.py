"""The ledger as the tests set it up: stakes through the service the secretary's form uses."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from ledger.desk import services as desk
from ledger.models import Stake
from scorer.rubbers import reads, writes
from tests.support.rubbers import deal


def set_stake(
    per_hundred: Decimal | str,
    by,
    *,
    at: datetime | None = None,
    currency: str = "GBP",
    unit: Decimal | str = "0.01",
) -> Stake:
    """A stake from `at` (now if not given), replacing the last one set."""
    return desk.set_stake(
        per_hundred=Decimal(per_hundred),
        currency=currency,
        smallest_unit=Decimal(unit),
        user=by,
        seen=desk.stake_seen(Stake.latest()),
        at=at,
    )


def agreed(members, by, deals, *, started=None, table="Table 1"):
    """A rubber of these deals (tricks as (We, They)), agreed by `by` (staff) for both."""
    played = writes.start_rubber(table=table, members=members, first_dealer=0, user=by)
    if started is not None:
        from scorer.models import Rubber

        Rubber.objects.filter(pk=played.pk).update(started_at=started)
        played.refresh_from_db()
    writes.replay(rubber=played, deals=deals, user=by)
    state = reads.rubber_state(played)
    writes.agree(state=state, user=by, key=uuid.uuid4(), revision=played.revision, side=None)
    played.refresh_from_db()
    return played


WON_BY_WE = [deal("NT", (12, 1)), deal("NT", (12, 1), dealer="they")]  # We win two games
