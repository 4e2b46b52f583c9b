"""Saves seen, and held, where a test wants them, so that a fault lands there by an event,
not by luck: the served site (tests/support/served.py) run with `Held.env` adds one hook to
the production settings (tests/support/held_settings.py), on the database's statements.

It notes each save reaching a point in a directory the test reads, and holds there the one
save the test has armed it for, until the server is killed or the test lets it go. The
points: "lock", a save asking for the lock every save needs (SQLite's write lock, taken as
its transaction begins; on PostgreSQL, the claim of its form's key, in the table that
`Database.write_lock` locks); "written", its deal written and not yet committed;
"committed", its deal committed and its answer not yet sent.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.served import until, wait_for_file

POINTS = ("lock", "written", "committed")
ENVIRONMENT = "SCORER_HELD"


@dataclass(frozen=True)
class Held:
    """The test's side: where the served site notes and holds its saves."""

    directory: Path

    @property
    def env(self) -> dict[str, str]:
        """The served site's environment: the production settings and the hook."""
        self.directory.mkdir(parents=True, exist_ok=True)
        return {
            "DJANGO_SETTINGS_MODULE": "tests.support.held_settings",
            ENVIRONMENT: str(self.directory),
        }

    def seen(self, point: str) -> int:
        """How many saves have reached `point` so far."""
        notes = self.directory / f"reached-{point}"
        return len(notes.read_text().splitlines()) if notes.exists() else 0

    def arm(self, point: str) -> None:
        """Hold the next save that reaches `point` there."""
        assert point in POINTS
        (self.directory / f"hold-{point}").touch()

    def wait_until_held(self, point: str, seconds: float = 300) -> None:
        until((self.directory / f"held-{point}").exists, f"a save held at {point!r}", seconds)

    def let_go(self) -> None:
        """Every held save goes on; nothing is armed any more."""
        for path in self.directory.glob("hold-*"):
            path.unlink()
        (self.directory / "go").touch()

    def clear(self) -> None:
        """After the server holding a save is killed: nothing armed, held or let go."""
        for pattern in ("hold-*", "held-*", "go"):
            for path in self.directory.glob(pattern):
                path.unlink()


# -- The served site's side ------------------------------------------------------------------


def install() -> None:
    """Watch every connection the site opens (its settings call this)."""
    from django.db.backends.signals import connection_created

    connection_created.connect(_watch, weak=False)


def _watch(sender: Any, connection: Any, **kwargs: Any) -> None:
    if _statement not in connection.execute_wrappers:
        connection.execute_wrappers.append(_statement)


def _statement(
    execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
) -> Any:
    connection = context["connection"]
    point = _point(connection.vendor, sql)
    if point == "lock":
        _reached("lock")
    result = execute(sql, params, many, context)
    if point == "written":
        _reached("written")
        if _take("committed"):
            from django.db import transaction

            transaction.on_commit(lambda: _hold("committed"), using=connection.alias)
    return result


def _point(vendor: str, sql: str) -> str | None:
    if sql.startswith(('INSERT INTO "scorer_deal"', 'UPDATE "scorer_deal"')):
        return "written"
    lock = "BEGIN" if vendor == "sqlite" else 'INSERT INTO "scorer_submission"'
    return "lock" if sql.startswith(lock) else None


def _directory() -> Path:
    return Path(os.environ[ENVIRONMENT])


def _reached(point: str) -> None:
    with (_directory() / f"reached-{point}").open("a") as notes:
        notes.write(f"{os.getpid()} {threading.get_ident()}\n")
    if _take(point):
        _hold(point)


def _take(point: str) -> bool:
    """The arming for `point`, taken by one save alone."""
    try:
        (_directory() / f"hold-{point}").rename(
            _directory() / f"taken-{point}-{os.getpid()}-{threading.get_ident()}"
        )
    except FileNotFoundError:
        return False
    return True


def _hold(point: str) -> None:
    (_directory() / f"held-{point}").touch()
    wait_for_file(_directory() / "go", seconds=300)
