"""The migrated database every test database and every served site's database is a copy
of: migrating takes some fifteen seconds of the machine's time (Django working out each
migration's state), a copy a few milliseconds.

It is made once, by `manage.py migrate` as a club's is, and kept between runs under a name
drawn from everything that decides what migrating makes (every installed app's migrations,
the guards they install, Django's version): a change to any of them makes a new one. On
SQLite it is a file under var/test-databases/, on PostgreSQL a database of the cluster the
tests use. Workers take it in turn under a lock, so the first migrates and the others copy.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "var" / "test-databases"
# What migrating runs beside the migrations themselves.
ALSO = ("scorer/plumbing/guards.py", "scorer/apps.py")


def key() -> str:
    """Twelve hex digits naming what migrating makes."""
    import django
    from django.apps import apps

    digest = hashlib.sha256(django.get_version().encode())
    for config in apps.get_app_configs():
        spec = importlib.util.find_spec(f"{config.name}.migrations")
        if spec is None or not spec.submodule_search_locations:
            continue
        for folder in spec.submodule_search_locations:
            for path in sorted(Path(folder).glob("*.py")):
                digest.update(f"{config.name}/{path.name}".encode())
                digest.update(path.read_bytes())
    for name in ALSO:
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()[:12]


def postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres:", "postgresql:")) else ""


@contextmanager
def _turn() -> Iterator[None]:
    """One process at a time makes the template or copies it."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    with (FOLDER / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def admin(sql: str, *params: object) -> list[tuple[object, ...]]:
    """A statement on the tests' PostgreSQL database, outside any transaction (to make or
    drop databases); its rows, if it gives any."""
    import psycopg

    with psycopg.connect(postgres_url(), autocommit=True) as connection:
        cursor = connection.execute(sql, params or None)  # type: ignore[arg-type]
        return cursor.fetchall() if cursor.description else []


def template_name() -> str:
    """The template: a file on SQLite, a database's name on PostgreSQL."""
    if postgres_url():
        return f"scorer_template_{key()}"
    return str(FOLDER / f"template-{key()}.sqlite3")


def _exists(name: str) -> bool:
    if postgres_url():
        return bool(admin("SELECT 1 FROM pg_database WHERE datname = %s", name))
    return Path(name).exists()


def _make(name: str) -> None:
    """`manage.py migrate` into a new template, and the templates of earlier migrations
    removed (on PostgreSQL, those nothing is copying at the moment)."""
    env = dict(os.environ)
    if postgres_url():
        for (old,) in admin(
            "SELECT datname FROM pg_database WHERE datname LIKE 'scorer\\_template\\_%'"
        ):
            with suppress(Exception):  # in use by another checkout's run: left to it
                admin(f'DROP DATABASE "{old}"')
        admin(f'CREATE DATABASE "{name}"')
        env["DATABASE_URL"] = postgres_url().rsplit("/", 1)[0] + "/" + name
    else:
        for old in FOLDER.glob("template-*.sqlite3*"):
            old.unlink()
        making = Path(f"{name}.making")
        making.unlink(missing_ok=True)
        env.update(DATABASE_URL="", DJANGO_SQLITE_PATH=str(making))
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        if postgres_url():
            admin(f'DROP DATABASE IF EXISTS "{name}"')
        raise RuntimeError(f"manage.py migrate failed:\n{done.stderr}")
    if not postgres_url():
        making.rename(name)  # whole or not at all: a run stopped midway leaves no template


def copy_to(name: str) -> None:
    """A database `name` (a file's path on SQLite) made again as a copy of the template,
    the template made first if there is none yet."""
    template = template_name()
    with _turn():
        if not _exists(template):
            _make(template)
        if postgres_url():
            admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        else:
            for leftover in (Path(f"{name}-wal"), Path(f"{name}-shm")):
                leftover.unlink(missing_ok=True)
            shutil.copyfile(template, name)
