"""The database's own guard on the record of corrections: it refuses to change or delete
one, whatever code (or person at a database prompt) asks."""

from __future__ import annotations

from typing import Any

MESSAGE = "corrections are kept as made: they cannot be changed or deleted"

_GUARD = {
    "sqlite": [
        f"""CREATE TRIGGER IF NOT EXISTS scorer_correction_kept_{what}
            BEFORE {what.upper()} ON scorer_correction
            BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"""
        for what in ("update", "delete")
    ],
    "postgresql": [
        f"""CREATE OR REPLACE FUNCTION scorer_correction_kept() RETURNS trigger AS $$
            BEGIN RAISE EXCEPTION '{MESSAGE}'; END $$ LANGUAGE plpgsql""",
        """CREATE OR REPLACE TRIGGER scorer_correction_kept
            BEFORE UPDATE OR DELETE ON scorer_correction
            FOR EACH ROW EXECUTE FUNCTION scorer_correction_kept()""",
    ],
}
_LIFT = {
    "sqlite": [f"DROP TRIGGER IF EXISTS scorer_correction_kept_{w}" for w in ("update", "delete")],
    "postgresql": [
        "DROP TRIGGER IF EXISTS scorer_correction_kept ON scorer_correction",
        "DROP FUNCTION IF EXISTS scorer_correction_kept()",
    ],
}


def guard(connection: Any) -> None:
    _run(connection, _GUARD)


def lift(connection: Any) -> None:
    """Only for emptying a test database, and for undoing the migration."""
    _run(connection, _LIFT)


def _run(connection: Any, statements: dict[str, list[str]]) -> None:
    with connection.cursor() as cursor:
        for statement in statements[connection.vendor]:
            cursor.execute(statement)
