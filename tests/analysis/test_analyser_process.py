"""The analyser's process, `manage.py analyser`, on the test's database: it works out the
boards waiting, ends when the process it was started beside ends, and a second one run by
hand waits for the server's lock rather than run beside the first."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from scorer.analysis import reads, writes
from scorer.analysis.solver import dealers_tricks
from scorer.engine.cards import deal_boards
from tests.support.analysis import ROOT, analyser_process, database_env
from tests.support.served import until

pytestmark = pytest.mark.django_db(transaction=True)

DEALS = [board.dealt for board in deal_boards(3, rng=random.Random(3))]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_it_works_out_the_boards_waiting():
    writes.ask_for(DEALS)
    with analyser_process() as analyser:
        until(lambda: reads.analysed(DEALS)[1].finished, "the three boards analysed")
        assert analyser.poll() is None  # still there, for the next boards
    boards, _ = reads.analysed(DEALS)
    assert [board.allowed.tricks for board in boards] == [dealers_tricks(d) for d in DEALS]


def test_it_runs_at_the_lowest_priority_there_is():
    """19 by itself, so that the tables' processes always come first; the tests' analysers
    run at their own priority (tests/support/analysis.py)."""
    with analyser_process(own_priority=True) as analyser:
        until(
            lambda: os.getpriority(os.PRIO_PROCESS, analyser.pid) == 19,
            "the analyser at niceness 19",
        )
        analyser.kill()  # at that priority, on a busy machine, it may take long to stop
        analyser.wait()


def test_it_ends_when_the_process_it_was_started_beside_ends(tmp_path):
    """As a worker's analyser does when its worker is replaced or killed."""
    go = tmp_path / "go"
    parent = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import os, subprocess, sys, time\n"
            "child = subprocess.Popen([sys.executable, 'manage.py', 'analyser', '--beside', "
            "str(os.getpid())])\n"
            "print(child.pid, flush=True)\n"
            f"while not os.path.exists({str(go)!r}): time.sleep(0.05)\n",
        ],
        cwd=ROOT,
        env={**os.environ, **database_env()},
        stdout=subprocess.PIPE,
        text=True,
    )
    analyser = int(parent.stdout.readline())
    try:
        writes.ask_for(DEALS[:1])
        until(lambda: reads.analysed(DEALS[:1])[1].finished, "the board analysed")
        go.touch()
        parent.wait()
        until(lambda: not alive(analyser), "the analyser ended with its parent")
    finally:
        if alive(analyser):
            os.kill(analyser, 9)
        parent.wait()


def test_a_second_analyser_waits_for_the_servers_lock():
    with analyser_process() as first:
        until(lambda: _holds_lock(), "the first analyser holding the lock")
        with analyser_process() as second:
            said = second.stderr.readline()
            assert said.startswith("Another analyser holds ")
            assert said.rstrip().endswith(": waiting for it to end.")
            assert second.poll() is None
        assert first.poll() is None


def _holds_lock() -> bool:
    from scorer.analysis import process

    held = process.try_lock(process.lock_path())
    if held is None:
        return True
    held.close()
    return False
