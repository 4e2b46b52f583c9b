"""The database's own guard on records that are only ever added to: the record of
corrections and the club's ledger. It refuses to change or delete a row, whatever code (or
person at a database prompt) asks."""

from __future__ import annotations

from typing import Any

KEPT = {
    "scorer_correction": "corrections are kept as made: they cannot be changed or deleted",
    "ledger_posting": "the ledger is only added to: a posting cannot be changed or deleted",
    "ledger_payment": "a payment is kept as recorded: record another to reverse it",
    "ledger_settlementline": "a closed settlement is never changed",
    "ledger_transfer": "a closed settlement is never changed",
}


def guard(connection: Any, *tables: str) -> None:
    """Refuse updates and deletes on these tables (by default, the corrections)."""
    for table in tables or ("scorer_correction",):
        _run(connection, _guard_sql(connection.vendor, table))


def lift(connection: Any, *tables: str) -> None:
    """Only for emptying a test database, and for undoing a migration."""
    for table in tables or ("scorer_correction",):
        _run(connection, _lift_sql(connection.vendor, table))


def guarded(connection: Any) -> list[str]:
    """The guarded tables that exist in this database."""
    existing = set(connection.introspection.table_names())
    return [table for table in KEPT if table in existing]


def _guard_sql(vendor: str, table: str) -> list[str]:
    message = KEPT[table]
    if vendor == "sqlite":
        return [
            f"""CREATE TRIGGER IF NOT EXISTS {table}_kept_{what}
                BEFORE {what.upper()} ON {table}
                BEGIN SELECT RAISE(ABORT, '{message}'); END"""
            for what in ("update", "delete")
        ]
    return [
        f"""CREATE OR REPLACE FUNCTION {table}_kept() RETURNS trigger AS $$
            BEGIN RAISE EXCEPTION '{message}'; END $$ LANGUAGE plpgsql""",
        f"""CREATE OR REPLACE TRIGGER {table}_kept BEFORE UPDATE OR DELETE ON {table}
            FOR EACH ROW EXECUTE FUNCTION {table}_kept()""",
    ]


def _lift_sql(vendor: str, table: str) -> list[str]:
    if vendor == "sqlite":
        return [f"DROP TRIGGER IF EXISTS {table}_kept_{what}" for what in ("update", "delete")]
    return [
        f"DROP TRIGGER IF EXISTS {table}_kept ON {table}",
        f"DROP FUNCTION IF EXISTS {table}_kept()",
    ]


def _run(connection: Any, statements: list[str]) -> None:
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
