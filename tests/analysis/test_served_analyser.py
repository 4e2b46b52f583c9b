"""The analyser as the club's server runs it: gunicorn, as `make serve` starts it, keeps one
analyser going whatever its workers; the boards asked for are worked out by it; and when the
worker it was started beside is killed, the analyser ends with it and another worker's
takes up the queue, so that no board is lost."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.support.served import until

ASK = """
import random
from scorer.analysis import writes
from scorer.engine.cards import deal_boards
writes.ask_for(board.dealt for board in deal_boards({count}, rng=random.Random({seed})))
"""


def analysers(server) -> dict[int, int]:
    """The server's analysers, by pid: each one's parent, a worker of the server's."""
    workers = {pid for pid, parent in _parents().items() if parent == server.process.pid}
    found = {}
    for pid, parent in _parents().items():
        if parent in workers:
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"analyser" in command and b"--beside" in command:
                found[pid] = parent
    return found


def _parents() -> dict[int, int]:
    parents = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(
                line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line
            )
        except OSError:
            continue
        parents[int(fields["Pid"])] = int(fields["PPid"])
    return parents


def solved(server) -> tuple[int, int]:
    ((done, total),) = server.database.rows(
        "SELECT COUNT(solved_at), COUNT(*) FROM scorer_analysis"
    )
    return done, total


def test_one_analyser_a_server_works_out_the_boards_and_outlives_its_worker(serve):
    server = serve(workers=2)
    until(lambda: len(analysers(server)) == 1, "one analyser beside the server's workers")
    server.python(ASK.format(count=2, seed=1))
    until(lambda: solved(server) == (2, 2), "the first two boards worked out")
    assert len(analysers(server)) == 1  # one for the server, not one a worker

    ((first, worker),) = analysers(server).items()
    server.python(ASK.format(count=4, seed=2))
    os.kill(worker, signal.SIGKILL)  # the worker holding the lock, killed as the kernel would
    until(lambda: not Path(f"/proc/{first}").exists(), "its analyser ended with it")
    until(lambda: solved(server) == (6, 6), "every board worked out all the same")
    (second,) = analysers(server)
    assert second != first
