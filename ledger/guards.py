"""The ledger's guards in the database (the machinery is scorer/plumbing/guards.py): postings,
payments, stakes, table charges and closed settlements are never changed or deleted,
nothing posts into a closed settlement, sittings never overlap, and no sitting is open
before a closed one."""

from __future__ import annotations

from scorer.plumbing.guards import Guard, kept

LEDGER = (
    *kept("ledger_posting", "the ledger is only added to: a posting cannot be changed or deleted"),
    *kept("ledger_payment", "a payment is kept as recorded: record another to reverse it"),
    *kept("ledger_settlementline", "a closed settlement is never changed"),
    *kept("ledger_transfer", "a closed settlement is never changed"),
    *kept("ledger_stake", "a stake is kept as set: set a new one from now on"),
    *kept("ledger_tablecharge", "table money is kept as set: set a new charge from now on"),
    Guard(
        "ledger_sitting_closed_update",
        "ledger_sitting",
        "UPDATE",
        "a closed settlement is never changed",
        "OLD.closed_at IS NOT NULL",
    ),
    Guard(
        "ledger_sitting_closed_delete",
        "ledger_sitting",
        "DELETE",
        "a closed settlement is never changed",
        "OLD.closed_at IS NOT NULL",
    ),
    # Closing a sitting and agreeing one of its rubbers are serialised by a lock on the
    # sitting; this keeps any other writer from posting into a settlement already closed.
    Guard(
        "ledger_posting_not_after_closing",
        "ledger_posting",
        "INSERT",
        "that rubber's sitting is closed: its settlement is never changed",
        "NEW.rubber_id IS NOT NULL AND EXISTS (SELECT 1 FROM ledger_sitting s "
        "JOIN scorer_rubber r ON r.id = NEW.rubber_id "
        'WHERE s.closed_at IS NOT NULL AND s.start <= r.started_at AND s."end" > r.started_at)',
    ),
)

# PostgreSQL refuses overlapping sittings by an exclusion constraint (the ledger's
# migration); SQLite, whose writes are serialised, by this trigger, before and after.
SITTINGS_APART = tuple(
    Guard(
        f"ledger_sitting_apart_{event.lower()}",
        "ledger_sitting",
        event,
        "sittings never overlap: a rubber settles in one sitting only",
        "EXISTS (SELECT 1 FROM ledger_sitting s WHERE s.id IS NOT NEW.id "
        'AND s.start < NEW."end" AND s."end" > NEW.start)',
        vendors=("sqlite",),
    )
    for event in ("INSERT", "UPDATE")
)

# Settlements are kept in order: no sitting is open before a closed one. A closed
# settlement has brought forward everything before it, so a sitting opened before it, or
# one before it left open while it closed, would be settled behind its back. PostgreSQL
# refuses this by an exclusion constraint (the ledger's migration 0006); SQLite, whose
# writes are serialised, by these triggers.
_OPEN_BEFORE_A_CLOSED_ONE = (
    "(NEW.closed_at IS NULL AND EXISTS (SELECT 1 FROM ledger_sitting s "
    "WHERE s.id IS NOT NEW.id AND s.closed_at IS NOT NULL AND s.start >= NEW.start)) "
    "OR (NEW.closed_at IS NOT NULL AND EXISTS (SELECT 1 FROM ledger_sitting s "
    "WHERE s.id IS NOT NEW.id AND s.closed_at IS NULL AND s.start <= NEW.start))"
)
SETTLED_IN_ORDER = tuple(
    Guard(
        f"ledger_sitting_in_order_{event.lower()}",
        "ledger_sitting",
        event,
        "settlements are closed in order: no sitting is open before a closed one",
        _OPEN_BEFORE_A_CLOSED_ONE,
        vendors=("sqlite",),
    )
    for event in ("INSERT", "UPDATE")
)
