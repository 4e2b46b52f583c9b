"""Every model of the app `ledger`, imported from the job it belongs to so that Django
finds them all: the desk's (stake, table money, payments), the settlements' (sittings,
their lines and transfers) and the postings. Their tables in the database keep the app's
name (ledger_posting, ...). The money fields are here too, where the migrations name
them (`ledger.models.MoneyField`)."""

from __future__ import annotations

from ledger.desk.models import Payment, Stake, TableCharge
from ledger.postings.models import Posting
from ledger.records import HOUSE, NO_STAKE, MaybeMoneyField, MoneyField
from ledger.settlement.models import SettlementLine, Sitting, Transfer

__all__ = [
    "HOUSE",
    "NO_STAKE",
    "MaybeMoneyField",
    "MoneyField",
    "Payment",
    "Posting",
    "SettlementLine",
    "Sitting",
    "Stake",
    "TableCharge",
    "Transfer",
]
