"""The writes at the evening's tables: forming them, claims to enter, cutting out for each
rubber, substitutes, leaving and breaking up. The laws are the engine's
(`scorer/engine/tables.py`); these read the table from the database, ask the engine, and
write what it decided. This package's API is what it names here.

Each write runs inside `keys.carry_out` (its form's key taken once, in one transaction)
and moves the table's revision on from the one its form was shown at, or is refused as
stale. Each first waits for the tables' turn (`guards.take_turn`), so that what it reads of
every table is what it writes over.

The database holds the evening together, whoever writes: a member belongs to one table at
a time and has one claim open at a time (`Membership`, `Candidacy`), and plays one rubber
in play at a time at the evening's tables, nor leaves the table of the rubber he plays
(the guards of `guards.SEATED`). The checks here come first only to say so in words.
"""

from __future__ import annotations

from scorer.tables.writes.at_table import (
    appoint_substitute,
    break_up,
    claim_entry,
    leave,
    next_rubber,
    withdraw_claim,
)
from scorer.tables.writes.forming import Formed, form, form_table
from scorer.tables.writes.turns import BROKEN_UP, LEFT

__all__ = [
    "BROKEN_UP",
    "LEFT",
    "Formed",
    "appoint_substitute",
    "break_up",
    "claim_entry",
    "form",
    "form_table",
    "leave",
    "next_rubber",
    "withdraw_claim",
]
