"""The boards' analyses in the tests: worked out at once in the test's own process (what the
analyser's process does, a board at a time), or by the analyser's process itself, started
on the test's database."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from scorer.engine import Trump

if TYPE_CHECKING:
    from scorer.engine.cards import Hands

ROOT = Path(__file__).resolve().parents[2]
TRICKS_ORDER = (Trump.NO_TRUMP, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES)


def analyse_now() -> int:
    """Every board waiting, solved now, here: how many."""
    from scorer.analysis import analyser

    return analyser.analyse_waiting()


def waiting() -> int:
    from scorer.analysis.models import Analysis

    return Analysis.objects.filter(solved_at__isnull=True).count()


# The analyser's processes the tests start run at the test's own priority: at its own (19,
# the lowest) one may starve behind the other workers' tests on a busy machine. The
# niceness it takes by itself is tried once (tests/analysis/test_analyser_process.py).
AT_THE_TESTS_PRIORITY = {"DJANGO_ANALYSER_NICENESS": "0"}


def database_env() -> dict[str, str]:
    """What a process of the site needs to use the test's database (the analyser's at the
    test's priority)."""
    from django.db import connection

    database = connection.settings_dict
    if database["ENGINE"].endswith("sqlite3"):
        return {"DATABASE_URL": "", "DJANGO_SQLITE_PATH": str(database["NAME"])} | (
            AT_THE_TESTS_PRIORITY
        )
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    return {"DATABASE_URL": f"{base}/{database['NAME']}"} | AT_THE_TESTS_PRIORITY


@contextmanager
def analyser_process(*args: str, own_priority: bool = False) -> Iterator[subprocess.Popen[str]]:
    """`manage.py analyser` on the test's database, stopped (and only it) afterwards; at the
    test's priority unless at its `own_priority`."""
    env = {**os.environ, **database_env()}
    if own_priority:
        del env["DJANGO_ANALYSER_NICENESS"]
    process = subprocess.Popen(
        [sys.executable, "manage.py", "analyser", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            # SIGTERM, not SIGINT: a suite started in the background by a shell ignores
            # SIGINT, and so do the processes it starts (POSIX), so that each analyser
            # then waited out the minute below.
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@cache
def _solved(line: str) -> tuple[int, ...]:
    """A deal's five numbers, solved once a test process: the tests deal the same boards
    again and again (seeded), and each solve takes a tenth of a second or more."""
    from scorer.analysis.solver import dealers_tricks
    from scorer.engine.cards import Hands, dealt

    tricks = dealers_tricks(Hands.read(dealt.hands_json(line)))
    return tuple(tricks[trump] for trump in TRICKS_ORDER)


def already_analysed(boards: Iterable[Hands]) -> None:
    """The boards' analyses in the database, as though the analyser had worked them out:
    for a test of what shows them, not of the analysis."""
    from django.utils import timezone

    from scorer.analysis.models import TRICKS, Analysis
    from scorer.engine.cards import dealt

    for line in dict.fromkeys(dealt.hands_line(hands) for hands in boards):
        tricks = dict(zip((TRICKS[trump] for trump in TRICKS_ORDER), _solved(line), strict=True))
        Analysis.objects.update_or_create(
            hands=line, defaults={**tricks, "solved_at": timezone.now()}
        )
