"""`manage.py backup`: a copy that restores with every rubber in it."""

from __future__ import annotations

import sqlite3
import subprocess
import uuid
from io import StringIO

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection

from scorer.models import Rubber
from scorer.rubbers import writes
from tests.support.club import set_aside
from tests.support.rubbers import deal


@pytest.mark.django_db(transaction=True)  # committed, as a running site's data is
def test_a_backup_restores_with_every_rubber(players, staff, tmp_path):
    for table in ("Table 1", "Table 2", "Table 3"):
        rubber = writes.start_rubber(table=table, members=players, first_dealer=0, user=staff)
        set_aside(rubber)  # the same four's three rubbers, side by side
        writes.replay(rubber=rubber, deals=[deal("H", (9, 4))], user=staff)
    tables = sorted(Rubber.objects.values_list("table", flat=True))
    out = StringIO()
    path = tmp_path / ("club.sqlite3" if connection.vendor == "sqlite" else "club.dump")
    call_command("backup", str(path), stdout=out)
    assert f"Backed up to {path}" in out.getvalue()
    restored = _restore(path)
    assert restored == tables


def _restore(path):
    """Restore as docs/deployment.md says, into a database of its own, and read its rubbers."""
    if connection.vendor == "sqlite":
        copy = sqlite3.connect(path)
        try:
            return sorted(row[0] for row in copy.execute('SELECT "table" FROM scorer_rubber'))
        finally:
            copy.close()
    settings = connection.settings_dict
    name = f"restore_{uuid.uuid4().hex[:8]}"
    dsn = (
        f"host={settings['HOST'] or 'localhost'} port={settings['PORT'] or 5432} "
        f"user={settings['USER']} password={settings['PASSWORD']}"
    )
    with psycopg.connect(f"{dsn} dbname=postgres", autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        subprocess.run(
            [
                "pg_restore",
                "--no-owner",
                f"--dbname={name}",
                f"--host={settings['HOST']}",
                f"--port={settings['PORT']}",
                f"--username={settings['USER']}",
                str(path),
            ],
            env={"PGPASSWORD": settings["PASSWORD"], "PATH": "/usr/bin:/bin"},
            check=True,
        )
        with psycopg.connect(f"{dsn} dbname={name}") as restored:
            return sorted(row[0] for row in restored.execute('SELECT "table" FROM scorer_rubber'))
    finally:
        with psycopg.connect(f"{dsn} dbname=postgres", autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name}")
