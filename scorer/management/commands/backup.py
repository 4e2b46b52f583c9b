"""`manage.py backup [FILE]`: a consistent copy of the database, taken while the site runs.

SQLite: the online backup API, page by page, consistent even while phones save.
PostgreSQL: pg_dump in its custom format. docs/deployment.md says how to restore either.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.utils import timezone


class Command(BaseCommand):
    help = "Write a consistent copy of the database (default: var/backups/)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", help="where to write it")

    def handle(self, *args: Any, file: str | None, **options: Any) -> None:
        vendor = connection.vendor
        if vendor not in ("sqlite", "postgresql"):
            raise CommandError(f"No backup for a {vendor} database.")
        suffix = ".sqlite3" if vendor == "sqlite" else ".dump"
        stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
        path = (
            Path(file) if file else settings.BASE_DIR / "var" / "backups" / f"club-{stamp}{suffix}"
        )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if vendor == "sqlite":
                _sqlite(path)
            else:
                _postgresql(path)
        except OSError as error:
            # mkdir names the folder it could not make, which may not be the file's own
            where = "" if error.filename in (None, str(path)) else f" ({error.filename})"
            raise CommandError(f"cannot write {path}: {error.strerror}{where}") from None
        except sqlite3.Error as error:  # SQLite says it of the file it cannot open
            raise CommandError(f"cannot write {path}: {error}") from None
        self.stdout.write(f"Backed up to {path} ({path.stat().st_size:,} bytes).")


def _sqlite(path: Path) -> None:
    connection.ensure_connection()
    source = connection.connection
    target = sqlite3.connect(path)
    try:
        with target:
            source.backup(target)
    finally:
        target.close()


def _postgresql(path: Path) -> None:
    database = connection.settings_dict
    environment = {**os.environ, "PGPASSWORD": str(database.get("PASSWORD") or "")}
    command = [
        "pg_dump",
        "--format=custom",
        f"--file={path}",
        f"--host={database.get('HOST') or 'localhost'}",
        f"--port={database.get('PORT') or 5432}",
        f"--username={database.get('USER')}",
        database["NAME"],
    ]
    result = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    if result.returncode:
        raise CommandError(f"pg_dump failed: {result.stderr.strip()}")
