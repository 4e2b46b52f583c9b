"""Benchmarks run by `make bench`: each prints its medians beside a baseline timed in the
same run, so that figures from different machines can be compared by their ratio."""

from __future__ import annotations

import atexit
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used, once Django is set up
    from django.contrib.auth.models import User

    from scorer.club.models import Member


def medians(runs: int, **loops: Callable[[], object]) -> dict[str, float]:
    """Seconds per run of each loop, median of `runs`; the loops take turns so that a
    slow moment of the machine falls on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(runs):
        for name, loop in loops.items():
            start = time.perf_counter()
            loop()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(seconds) for name, seconds in times.items()}


@cache
def django_ready() -> None:
    """Django set up once for the benchmarks, on a fresh SQLite database of their own."""
    import django
    from django.conf import settings

    folder = tempfile.mkdtemp(prefix="bench-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    settings.DATABASES["default"]["NAME"] = str(Path(folder) / "bench.sqlite3")
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.DEBUG = False
    settings.ROOT_URLCONF = "tests.bench.urls"  # the site, and the minimal view beside it
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def fresh_database() -> None:
    """A new, empty database for the next benchmark: each makes the club it measures (its
    members, its year of sittings), which another's would stand in the way of (a member's
    name is unique; sittings never overlap)."""
    django_ready()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    connection.close()
    folder = tempfile.mkdtemp(prefix="bench-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    name = str(Path(folder) / "bench.sqlite3")
    settings.DATABASES["default"]["NAME"] = connection.settings_dict["NAME"] = name
    call_command("migrate", verbosity=0)


def a_club(members: int) -> tuple[User, list[Member]]:
    """A club for a benchmark on the site, in its own database (`fresh_database`): one of
    the staff, and `members` members who sign in with a password."""
    from django.contrib.auth import get_user_model

    from scorer.club.models import Member

    users = get_user_model()
    staff = users.objects.create_user("bench-staff", password="pw", is_staff=True)
    made = [
        Member.objects.create(
            user=users.objects.create_user(f"player{n}", password="pw"),
            name=f"Player {n}",
            short_name=f"P{n}",
        )
        for n in range(members)
    ]
    return staff, made
