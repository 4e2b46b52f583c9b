"""Settings shared by the whole suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.examples import examples

pytest_plugins = ["tests.fixtures", "tests.support.phones"]

# The engine is fast but a rubber replays several deals: no per-example deadline, and a
# fixed number of examples so the suite's time is predictable.
settings.register_profile("default", deadline=None, max_examples=examples(150))
settings.load_profile("default")


# What a test needs beyond Python and its database, as markers given by the fixtures it
# uses, wherever it stands: `make check` leaves both out, `make test` runs everything.
BROWSER_FIXTURES = {"browser", "phone", "live_server"}
SERVED_FIXTURES = {"serve", "serve_module", "static_root"}


# The fixtures by which a test reaches a database, directly or through another fixture.
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_setup"}
ENGINE = Path(__file__).parent / "engine"


def pytest_collection_modifyitems(config, items):
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if names & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if names & SERVED_FIXTURES:
            item.add_marker(pytest.mark.served)
    if on_postgres():
        _leave_the_engine_to_sqlite(config, items)
    # The longest first (served sites, then browsers, then tests whose transactions
    # commit), so that two workers end together rather than one waiting on the last.
    items.sort(key=_weight)


def _weight(item) -> int:
    marker = item.get_closest_marker("django_db")
    if item.get_closest_marker("served"):
        return 0
    if item.get_closest_marker("browser"):
        return 1
    if marker is not None and marker.kwargs.get("transaction"):
        return 2
    return 3


def on_postgres() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres:", "postgresql:"))


def touches_a_database(item) -> bool:
    names = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(
        names & (DATABASE_FIXTURES | BROWSER_FIXTURES | SERVED_FIXTURES)
    )


def _leave_the_engine_to_sqlite(config, items):
    """The PostgreSQL run is there to find what differs between the databases: the
    engine's tests that reach no database (the engine imports nothing of Django) ran in
    `make test` already, and are left out of it, said as deselected."""
    pure = [
        item for item in items if item.path.is_relative_to(ENGINE) and not touches_a_database(item)
    ]
    if pure:
        config.hook.pytest_deselected(items=pure)
        left = set(map(id, pure))
        items[:] = [item for item in items if id(item) not in left]


@pytest.fixture(autouse=True)
def _record_guards_lifted_to_empty_the_database(request):
    """A test on a database emptied after it (a live server's, or one whose transactions
    commit) must lift the record's guards for that moment: they refuse the deletions, as
    they refuse them to anyone. Emptying the database puts them back (scorer/apps.py)."""
    marker = request.node.get_closest_marker("django_db")
    emptied = {"transactional_db", "live_server"} & set(request.fixturenames) or (
        marker is not None and marker.kwargs.get("transaction")
    )
    if not emptied:
        yield
        return
    request.getfixturevalue("transactional_db")
    from django.db import connection

    from scorer.plumbing import guards

    yield
    guards.remove(connection, guards.present(connection))


# The site's printer refuses a document that waits its turn longer than 10 s or takes
# longer than 30 s: on a machine many times busier than its cores a test's document may,
# which is the machine's speed, not what the test asks. The tests' printers, in this
# process and in a served site's, wait this long instead. The printer's bounds are tried
# with printers of their own (tests/printing/test_printing.py), by events.
PATIENT_PRINTER_SECONDS = 300.0


@pytest.fixture(autouse=True)
def _a_patient_printer(monkeypatch):
    from scorer.plumbing.printer import printer

    monkeypatch.setattr(printer, "wait", PATIENT_PRINTER_SECONDS)
    monkeypatch.setattr(printer, "patience", PATIENT_PRINTER_SECONDS)


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing():
    """Real password hashing is slow by design; the tests need only that it works. For the
    whole session, so that a module's shared fixtures (tests/support/shared.py) hash fast
    too."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session")
def static_root(tmp_path_factory):
    """The collected static files, shared by every served site in the run (collecting them,
    compressed, takes several seconds)."""
    return tmp_path_factory.mktemp("static")


def _serving(directory, static_root):
    from tests.support.served import Server

    servers = []

    def start(**options):
        patient = dict.fromkeys(
            ("DJANGO_PRINTER_WAIT_SECONDS", "DJANGO_PRINTER_PATIENCE_SECONDS"),
            str(PATIENT_PRINTER_SECONDS),
        )
        from tests.support.analysis import AT_THE_TESTS_PRIORITY

        extra = patient | AT_THE_TESTS_PRIORITY | options.get("extra_env", {})
        options["extra_env"] = extra
        server = Server(directory / f"server-{len(servers)}", static_root, **options)
        servers.append(server)
        server.prepare()
        server.start()
        return server

    return start, servers


@pytest.fixture
def serve(tmp_path, static_root):
    """Start gunicorn on the site with production settings and a database of its own:
    `serve(workers=1, extra_env={...})`. Each is stopped and its database dropped after."""
    start, servers = _serving(tmp_path, static_root)
    yield start
    for server in servers:
        server.close()


@pytest.fixture(scope="module")
def serve_module(tmp_path_factory, static_root):
    """`serve`, for servers shared by a module's tests."""
    start, servers = _serving(tmp_path_factory.mktemp("served"), static_root)
    yield start
    for server in servers:
        server.close()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, each worker's test database is a file, as the club's is, not Django's
    in-memory one: a live server's threads then each have a connection of their own and
    wait for one another's writes as the club's server does, where the in-memory database
    would share one connection among them (two phones saving at once tangled their
    transactions: "database table is locked")."""
    from django.conf import settings as django_settings

    database = django_settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        name = tmp_path_factory.mktemp("database") / "test.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(name)


@pytest.fixture(scope="session")
def django_db_setup(
    request, django_test_environment, django_db_blocker, django_db_modify_db_settings
):
    """pytest-django's, but each worker's test database a copy of one migrated database
    (tests/support/databases.py) rather than migrated again: Django then finds it
    up to date (keepdb) and migrates nothing. Dropped at the end, as pytest-django's is."""
    from django.db import connection
    from django.test.utils import setup_databases, teardown_databases

    from tests.support import databases

    with django_db_blocker.unblock():
        databases.copy_to(connection.creation._get_test_db_name())
        made = setup_databases(verbosity=0, interactive=False, keepdb=True, aliases={"default"})
    yield
    with django_db_blocker.unblock():
        teardown_databases(made, verbosity=0)
