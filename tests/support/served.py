"""The site as a club's server runs it: gunicorn with the production settings, on its own
database, and phones that talk to it over HTTP as nginx would pass them on.

Used by the served tests (tests/plumbing/test_served.py, tests/plumbing/test_faults.py) and
by the load test (tests/load/evening.py). Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import http.client
import itertools
import os
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tests.support import databases
from tests.support.html import Forms as Forms  # the served tests read pages with it

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
# How long a server may take to answer once started (its migrations first, for some): a
# bound for a machine many times busier than its cores, not a timing.
STARTING = 180
_numbers = itertools.count()


def until(condition: Callable[[], bool], what: str, seconds: float = 300) -> None:
    """Wait for a condition, looked at every 50 ms. Not met within `seconds`, an error: a
    bound far beyond anything awaited this way, even on a machine many times busier than
    its cores, so that a test fails rather than hangs; not a timing any test relies on."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"never seen in {seconds:g} s: {what}")
        time.sleep(0.05)


def wait_for_file(path: Path, seconds: float = 300) -> None:
    """In a process a test started: hold until the test makes `path`, its go-ahead."""
    until(path.exists, f"{path} made", seconds)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class Database:
    """A fresh database for one server: a SQLite file, or, when the tests themselves run
    on PostgreSQL (DATABASE_URL), a new database beside theirs, dropped afterwards."""

    def __init__(self, directory: Path) -> None:
        self.postgres = databases.postgres_url()
        if self.postgres:
            self.name = f"scorer_served_{os.getpid()}_{next(_numbers)}"
            databases.admin(f'CREATE DATABASE "{self.name}"')
            self.url = self.postgres.rsplit("/", 1)[0] + "/" + self.name
            self.path = None
        else:
            self.name = "sqlite"
            self.url = ""
            self.path = directory / f"club-{next(_numbers)}.sqlite3"

    @property
    def kind(self) -> str:
        return "PostgreSQL" if self.postgres else "SQLite"

    @property
    def env(self) -> dict[str, str]:
        if self.postgres:
            return {"DATABASE_URL": self.url}
        assert self.path is not None
        return {"DATABASE_URL": "", "DJANGO_SQLITE_PATH": str(self.path)}

    def drop(self) -> None:
        if self.postgres:
            databases.admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def connect(self) -> Any:
        """A connection of the database's own kind, outside the site (to lock or inspect it)."""
        if self.postgres:
            import psycopg

            return psycopg.connect(self.url, autocommit=True)
        import sqlite3

        return sqlite3.connect(self.path, timeout=30, isolation_level=None)

    def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """A query with ? placeholders, on either kind of database."""
        connection = self.connect()
        try:
            if self.postgres:
                sql = sql.replace("?", "%s")
            return [tuple(row) for row in connection.execute(sql, params).fetchall()]
        finally:
            connection.close()

    @contextmanager
    def write_lock(self) -> Iterator[None]:
        """Hold the lock every save needs, as a long save elsewhere would: SQLite's write
        lock, or on PostgreSQL the table every save claims its form's key in. Reads go on."""
        connection = self.connect()
        try:
            connection.execute("BEGIN IMMEDIATE" if not self.postgres else "BEGIN")
            if self.postgres:
                connection.execute("LOCK TABLE scorer_submission IN EXCLUSIVE MODE")
            yield
        finally:
            connection.execute("ROLLBACK")
            connection.close()

    def migrated(self) -> None:
        """This database made again as a copy of the migrated one (tests/support/databases.py)."""
        databases.copy_to(self.name if self.postgres else str(self.path))


@dataclass
class Server:
    """gunicorn serving the site from this checkout, with DJANGO_PRODUCTION=1."""

    directory: Path
    static_root: Path
    workers: int | None = 2  # None: as config/gunicorn.py chooses
    threads: int = 4
    extra_env: dict[str, str] = field(default_factory=dict)
    port: int = 0
    database: Database = field(init=False)
    process: subprocess.Popen[bytes] | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.database = Database(self.directory)
        self.port = self.port or free_port()
        self.log = self.directory / f"gunicorn-{self.port}.log"
        self.secret_key = secrets.token_urlsafe(50)

    @property
    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(self.database.env)
        env.update(
            {
                "DJANGO_PRODUCTION": "1",
                "DJANGO_SECRET_KEY": self.secret_key,
                "DJANGO_ALLOWED_HOSTS": HOST,
                "DJANGO_STATIC_ROOT": str(self.static_root),
                "GUNICORN_BIND": f"{HOST}:{self.port}",
                "GUNICORN_THREADS": str(self.threads),
            }
        )
        if self.workers:
            env["WEB_CONCURRENCY"] = str(self.workers)
        env.update(self.extra_env)
        return env

    def manage(self, *args: str, stdin: str | None = None) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr}")
        return done.stdout

    def python(self, code: str) -> str:
        """Run Python with Django set up against this server's database."""
        done = subprocess.run(
            [sys.executable, "-c", "import django; django.setup()\n" + code],
            cwd=ROOT,
            env={**self.env, "DJANGO_SETTINGS_MODULE": "config.settings"},
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(f"Django code failed:\n{done.stderr}")
        return done.stdout

    def background(self, code: str) -> subprocess.Popen[str]:
        """Run Python with Django set up against this server's database, without waiting."""
        return subprocess.Popen(
            [sys.executable, "-c", "import django; django.setup()\n" + code],
            cwd=ROOT,
            env={**self.env, "DJANGO_SETTINGS_MODULE": "config.settings"},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    @staticmethod
    def wait_for(path: Path, process: subprocess.Popen[str], seconds: float = 300) -> None:
        """Until `process` makes `path`; it failing first is an error."""

        def made() -> bool:
            if process.poll() is not None and not path.exists():
                raise RuntimeError(
                    f"it stopped first:\n{process.stderr.read() if process.stderr else ''}"
                )
            return path.exists()

        until(made, f"{path} made", seconds)

    def python_command(self, *args: str) -> str:
        """This Python with `args`, as one shell word list."""
        return shlex.join([sys.executable, *args])

    def prepare(self, *, migrate: bool = True) -> None:
        """What `make prepare` does, collecting static files only once per directory, and
        migrating once: each server's database is a copy of one migrated database."""
        if not (self.static_root / "staticfiles.json").exists():
            self.manage("collectstatic", "--no-input", "--verbosity", "0")
        if migrate:
            self.database.migrated()

    def start(self, *, before: str = "") -> None:
        """Serve, after the shell commands `before` if any: they and the server then run in
        a mount namespace of their own (to give the server a small disk of its own)."""
        assert self.process is None, "already serving"
        command = [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py"]
        command.append("config.wsgi")
        if before:
            script = f"set -e; {before}; exec {shlex.join(command)}"
            command = ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script]
        # Its own process group: killing the server kills its workers with it.
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=self.log.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + STARTING
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn stopped:\n{self.log.read_text()[-3000:]}")
            try:
                status = Phone(self).get("/accounts/login/").status
            except OSError:
                time.sleep(0.1)
                continue
            if status == 200:
                return
        raise RuntimeError(
            f"gunicorn did not answer in {STARTING} s:\n{self.log.read_text()[-3000:]}"
        )

    def kill(self) -> None:
        """As the machine would: SIGKILL to the arbiter and every worker, no goodbyes."""
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
            self.process = None

    def close(self) -> None:
        self.stop()
        self.database.drop()


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes
    seconds: float

    @property
    def text(self) -> str:
        return self.body.decode()

    def header(self, name: str) -> str:
        return self.headers.get(name, "")


class Phone:
    """One phone's browser, kept to what the tests need: a kept-alive connection, its
    cookies (the site's are Secure, which a plain cookie jar would keep back over
    http://127.0.0.1), and the headers nginx adds for a request that came over HTTPS."""

    def __init__(self, server: Server, *, timeout: float = 30, https: bool = True) -> None:
        self.server = server
        self.timeout = timeout
        self.https = https
        self.cookies: dict[str, str] = {}
        self.connection: http.client.HTTPConnection | None = None

    def get(
        self, path: str, *, htmx: bool = False, headers: dict[str, str] | None = None
    ) -> Answer:
        return self.request("GET", path, htmx=htmx, headers=headers)

    def post(
        self,
        path: str,
        data: dict[str, Any],
        *,
        htmx: bool = False,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        fields = {"csrfmiddlewaretoken": self.cookies.get("csrftoken", ""), **data}
        return self.request(
            "POST", path, body=urlencode(fields, doseq=True), htmx=htmx, headers=headers
        )

    def request(
        self,
        method: str,
        path: str,
        *,
        body: str | None = None,
        htmx: bool,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        origin = f"https://{HOST}:{self.server.port}"
        headers = {"Host": f"{HOST}:{self.server.port}", **(headers or {})}
        if self.https:
            headers["X-Forwarded-Proto"] = "https"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if htmx:
            headers["HX-Request"] = "true"
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = origin
            headers["Referer"] = origin + path
        # A kept-alive connection the server has since closed fails at once; a new one is
        # tried then, once. (A form resent this way is still recorded once: its key.)
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(
                    HOST, self.server.port, timeout=self.timeout
                )
            self.connection.timeout = self.timeout
            if self.connection.sock is not None:
                self.connection.sock.settimeout(self.timeout)
            start = time.perf_counter()
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                content = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                if attempt == 2:
                    raise
                continue
            except BaseException:
                self.close()
                raise
            seconds = time.perf_counter() - start
            self._keep_cookies(response.headers)
            if response.will_close:
                self.close()
            return Answer(response.status, response.headers, content, seconds)
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def _keep_cookies(self, headers: http.client.HTTPMessage) -> None:
        for line in headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(line).items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value

    def sign_in(self, username: str, password: str) -> Answer:
        self.get("/accounts/login/")
        answer = self.post("/accounts/login/", {"username": username, "password": password})
        assert answer.status == 302, f"{username} could not sign in: {answer.status}"
        return answer


def new_key() -> str:
    return str(uuid.uuid4())


@dataclass
class Table:
    """A rubber under way and the session of each of its four players."""

    rubber: int
    sessions: list[str]


def seed_tables(server: Server, count: int) -> list[Table]:
    """`count` tables of four new members each, every one signed in (a session made
    directly: signing a hundred members in through the form would time the hasher)."""
    import json

    done = subprocess.run(
        [sys.executable, "-m", "tests.support.served", "seed", str(count)],
        cwd=ROOT,
        env=server.env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"seeding failed:\n{done.stderr}")
    return [Table(**table) for table in json.loads(done.stdout)]


def _seed(count: int) -> None:
    import json

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from scorer.models import Member
    from scorer.rubbers import writes

    users = get_user_model()
    tables = []
    start = Member.objects.count()
    for t in range(count):
        members, sessions = [], []
        for seat in range(4):
            n = start + 4 * t + seat
            user = users(username=f"player{n}")
            user.set_unusable_password()
            user.save()
            members.append(Member.objects.create(user=user, name=f"Player {n}", short_name=f"P{n}"))
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            sessions.append(session.session_key)
        rubber = writes.start_rubber(
            table=f"Table {t + 1}", members=members, first_dealer=0, user=members[0].user
        )
        tables.append({"rubber": rubber.pk, "sessions": sessions})
    print(json.dumps(tables))


if __name__ == "__main__":
    if sys.argv[1:2] == ["seed"]:
        _seed(int(sys.argv[2]))
