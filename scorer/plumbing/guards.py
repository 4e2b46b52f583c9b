"""The database's own guards on the club's record: what, once written, it refuses to change,
and who may be seated where at the evening's tables.

The services are the only writers of the record, and they never change these rows; the
guards make sure nothing else does either (the admin, a script, a person at a database
prompt). Each guard is a trigger, written for SQLite and for PostgreSQL from one
description, and both apps' migrations install them from here.

A guard that reads other rows than its own (nobody seated in two rubbers in play) holds
only if two writers cannot each pass it unseen by the other. SQLite's writes take turns
already (every transaction is IMMEDIATE); on PostgreSQL such a guard first waits its turn
on one lock, the tables' (`TABLES_TURN`), which the services take too, before they read.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.backends.base.base import BaseDatabaseWrapper

ALWAYS = "1 = 1"

# PostgreSQL's transaction-scoped advisory lock that writes seating members at the
# evening's tables take in turn (1905, Law 21: the tables).
TABLES_TURN = "pg_advisory_xact_lock(1905, 21)"


@dataclass(frozen=True)
class Guard:
    """Refuse `event` on `table` when `condition` holds of the row (OLD for an update or a
    delete, NEW for an insert), saying `message`."""

    name: str
    table: str
    event: str  # INSERT, UPDATE or DELETE
    message: str
    condition: str = ALWAYS
    vendors: tuple[str, ...] = ("sqlite", "postgresql")
    # Other tables the condition reads: the guard is installed once they exist.
    needs: tuple[str, ...] = ()
    # On PostgreSQL, wait for the tables' turn before testing the condition (see above).
    turn: bool = False

    def install(self, vendor: str) -> list[str]:
        message = self.message.replace("'", "''")
        if vendor == "sqlite":
            return [
                f"""CREATE TRIGGER IF NOT EXISTS {self.name} BEFORE {self.event} ON {self.table}
                    FOR EACH ROW WHEN {self.condition}
                    BEGIN SELECT RAISE(ABORT, '{message}'); END"""
            ]
        # PostgreSQL's trigger WHEN cannot hold a subquery: the function tests the condition.
        row = "OLD" if self.event == "DELETE" else "NEW"
        wait = f"PERFORM {TABLES_TURN};" if self.turn else ""
        return [
            f"""CREATE OR REPLACE FUNCTION {self.name}() RETURNS trigger AS $$
                BEGIN
                    {wait}
                    IF {self.condition} THEN RAISE EXCEPTION '%', '{message}'; END IF;
                    RETURN {row};
                END $$ LANGUAGE plpgsql""",
            f"""CREATE OR REPLACE TRIGGER {self.name} BEFORE {self.event} ON {self.table}
                FOR EACH ROW EXECUTE FUNCTION {self.name}()""",
        ]

    def remove(self, vendor: str) -> list[str]:
        if vendor == "sqlite":
            return [f"DROP TRIGGER IF EXISTS {self.name}"]
        return [
            f"DROP TRIGGER IF EXISTS {self.name} ON {self.table}",
            f"DROP FUNCTION IF EXISTS {self.name}()",
        ]


def kept(table: str, message: str) -> tuple[Guard, Guard]:
    """A table only ever added to: no row is changed or deleted."""
    return (
        Guard(f"{table}_kept_update", table, "UPDATE", message),
        Guard(f"{table}_kept_delete", table, "DELETE", message),
    )


_RECORDED_DEAL_REMOVED_BY_CORRECTION = """NOT EXISTS (
    SELECT 1 FROM scorer_correction c
    WHERE c.rubber_id = OLD.rubber_id AND c.number = OLD.number AND c.after IS NULL
      AND c.made_at >= OLD.recorded_at)"""
_OF_AN_AGREED_RUBBER = """EXISTS (
    SELECT 1 FROM scorer_rubber r WHERE r.id = OLD.rubber_id AND r.agreed_at IS NOT NULL)"""
_IN_PLAY = """EXISTS (
    SELECT 1 FROM scorer_deal d WHERE d.rubber_id = OLD.rubber_id AND d.recorded_at IS NOT NULL)"""

# Law 27: the one change a seat of a rubber in play takes, a substitute appointed once.
_A_SUBSTITUTE_APPOINTED = """OLD.substitute_id IS NULL AND NEW.substitute_id IS NOT NULL
    AND NEW.member_id = OLD.member_id AND NEW.position = OLD.position
    AND NEW.rubber_id = OLD.rubber_id"""

RECORD = (
    *kept("scorer_correction", "corrections are kept as made: they cannot be changed or deleted"),
    Guard(
        "scorer_rubber_agreed_kept",
        "scorer_rubber",
        "UPDATE",
        "an agreed rubber is never changed (Laws 12, 13)",
        "OLD.agreed_at IS NOT NULL",
    ),
    Guard(
        "scorer_rubber_played_kept",
        "scorer_rubber",
        "DELETE",
        "a rubber with recorded deals is kept: it cannot be deleted",
        "OLD.agreed_at IS NOT NULL OR EXISTS (SELECT 1 FROM scorer_deal d "
        "WHERE d.rubber_id = OLD.id AND d.recorded_at IS NOT NULL)",
    ),
    Guard(
        "scorer_deal_agreed_kept",
        "scorer_deal",
        "UPDATE",
        "the deals of an agreed rubber are never changed (Laws 12, 13)",
        _OF_AN_AGREED_RUBBER,
    ),
    Guard(
        "scorer_deal_recorded_kept",
        "scorer_deal",
        "DELETE",
        "a recorded deal is removed only by a correction (Law 12)",
        f"OLD.recorded_at IS NOT NULL AND ({_OF_AN_AGREED_RUBBER} OR "
        f"{_RECORDED_DEAL_REMOVED_BY_CORRECTION})",
    ),
    Guard(
        "scorer_seat_kept_update",
        "scorer_seat",
        "UPDATE",
        "the players of a rubber in play keep their seats",
        f"{_IN_PLAY} AND NOT ({_A_SUBSTITUTE_APPOINTED})",
    ),
    Guard(
        "scorer_seat_kept_delete",
        "scorer_seat",
        "DELETE",
        "the players of a rubber in play keep their seats",
        _IN_PLAY,
    ),
)

SEAT_UPDATE = "scorer_seat_kept_update"

# -- The evening's tables: nobody seated in two rubbers in play (migration 0008) ----------------

# Who plays a seat: its member, or the substitute he appointed (Law 27).
_PLAYS = "coalesce(s.substitute_id, s.member_id)"
# Seats in rubbers in play at a table of the same evening as rubber `rubber`'s table.
_IN_PLAY_THAT_EVENING = f"""SELECT 1 FROM scorer_rubber r
    JOIN scorer_table t ON t.id = r.at_table_id
    JOIN scorer_table t2 ON t2.day = t.day
    JOIN scorer_rubber r2 ON r2.at_table_id = t2.id AND r2.agreed_at IS NULL
    JOIN scorer_seat s ON s.rubber_id = r2.id
    WHERE r.id = {{rubber}} AND r.agreed_at IS NULL AND {_PLAYS} = {{player}}"""
ONE_RUBBER_IN_PLAY = "a member plays one rubber at a time at the evening's tables"
KEEPS_HIS_PLACE = "a player of the rubber in play keeps his place at its table"
TABLE_KEPT = "a rubber's table is never changed"
_TABLES = ("scorer_table", "scorer_seat", "scorer_rubber")

SEATED = (
    Guard(
        "scorer_seat_one_rubber_in_play",
        "scorer_seat",
        "INSERT",
        ONE_RUBBER_IN_PLAY,
        "EXISTS ("
        + _IN_PLAY_THAT_EVENING.format(
            rubber="NEW.rubber_id", player="coalesce(NEW.substitute_id, NEW.member_id)"
        )
        + ")",
        needs=_TABLES,
        turn=True,
    ),
    Guard(
        "scorer_seat_one_rubber_in_play_update",
        "scorer_seat",
        "UPDATE",
        ONE_RUBBER_IN_PLAY,
        "EXISTS ("
        + _IN_PLAY_THAT_EVENING.format(
            rubber="NEW.rubber_id", player="coalesce(NEW.substitute_id, NEW.member_id)"
        )
        + " AND s.id <> OLD.id)",
        needs=_TABLES,
        turn=True,
    ),
    Guard(
        "scorer_membership_player_stays",
        "scorer_membership",
        "UPDATE",
        KEEPS_HIS_PLACE,
        f"""OLD.left_at IS NULL AND NEW.left_at IS NOT NULL AND EXISTS (
            SELECT 1 FROM scorer_seat s JOIN scorer_rubber r ON r.id = s.rubber_id
            WHERE r.at_table_id = OLD.table_id AND r.agreed_at IS NULL
              AND {_PLAYS} = OLD.member_id)""",
        needs=_TABLES,
        turn=True,
    ),
    # A rubber begins at its table or outside the tables, and stays there: one started
    # outside ("Start it anyway") is never moved to a table afterwards.
    Guard(
        "scorer_rubber_table_kept",
        "scorer_rubber",
        "UPDATE",
        TABLE_KEPT,
        "(OLD.at_table_id IS NULL) <> (NEW.at_table_id IS NULL) "
        "OR OLD.at_table_id <> NEW.at_table_id",
        needs=_TABLES,
    ),
)


def before_substitutes(guards: tuple[Guard, ...] = RECORD) -> tuple[Guard, ...]:
    """Guards as the releases before substitutes (Law 27) installed them: their seats had
    no substitute column for a guard to name (migrations 0004 to 0007)."""
    return tuple(
        Guard(g.name, g.table, g.event, g.message, _IN_PLAY) if g.name == SEAT_UPDATE else g
        for g in guards
    )


# Every app's guards, registered as the app is made ready: the scorer's (RECORD, above)
# and the ledger's (ledger/guards.py).
_REGISTERED: list[Guard] = []


def register(*guards: Guard) -> None:
    _REGISTERED.extend(guard for guard in guards if guard not in _REGISTERED)


def _every() -> tuple[Guard, ...]:
    return tuple(dict.fromkeys((*RECORD, *SEATED, *_REGISTERED)))


def append_only(*tables: str) -> tuple[Guard, ...]:
    """The guards that keep these tables only ever added to."""
    return tuple(guard for guard in _every() if guard.table in tables and "_kept_" in guard.name)


def retire_legacy(connection: BaseDatabaseWrapper, *tables: str) -> None:
    """Earlier releases named PostgreSQL's triggers by table alone; these are replaced by
    the guards above."""
    if connection.vendor == "postgresql":
        _run(
            connection,
            [
                sql
                for table in tables
                for sql in (
                    f"DROP TRIGGER IF EXISTS {table}_kept ON {table}",
                    f"DROP FUNCTION IF EXISTS {table}_kept()",
                )
            ],
        )


def guards_for(vendor: str) -> tuple[Guard, ...]:
    """Every guard this kind of database takes."""
    return tuple(guard for guard in _every() if vendor in guard.vendors)


def install(connection: BaseDatabaseWrapper, guards: tuple[Guard, ...]) -> None:
    _run(connection, [sql for guard in guards for sql in guard.install(connection.vendor)])


def remove(connection: BaseDatabaseWrapper, guards: tuple[Guard, ...]) -> None:
    _run(connection, [sql for guard in guards for sql in guard.remove(connection.vendor)])


def present(connection: BaseDatabaseWrapper) -> tuple[Guard, ...]:
    """The guards whose tables exist in this database (a test empties its tables only
    with them lifted, and puts them back after)."""
    tables = set(connection.introspection.table_names())
    return tuple(
        guard
        for guard in guards_for(connection.vendor)
        if guard.table in tables and tables.issuperset(guard.needs)
    )


def take_turn(connection: BaseDatabaseWrapper) -> None:
    """Wait for the tables' turn, until this transaction ends: on PostgreSQL, the lock the
    seating guards take; SQLite's write transactions take turns already."""
    if connection.vendor == "postgresql":
        _run(connection, [f"SELECT {TABLES_TURN}"])


def _run(connection: BaseDatabaseWrapper, statements: list[str]) -> None:
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
