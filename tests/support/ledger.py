"""The ledger as the tests set it up: stakes through the service the secretary's form uses."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from ledger import services as ledger
from ledger.models import Stake


def set_stake(
    per_hundred: Decimal | str,
    by,
    *,
    at: datetime | None = None,
    currency: str = "GBP",
    unit: Decimal | str = "0.01",
) -> Stake:
    """A stake from `at` (now if not given), replacing the last one set."""
    return ledger.set_stake(
        per_hundred=Decimal(per_hundred),
        currency=currency,
        smallest_unit=Decimal(unit),
        user=by,
        seen=ledger.stake_seen(Stake.latest()),
        at=at,
    )
