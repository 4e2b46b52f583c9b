"""Printing on the club's server cannot starve the tables: each worker prints one document
at a time, in a process of its own at a lower priority, with two more waiting at most; one
beyond those is refused at once in words, and the phones following a rubber are answered
all the while.

The printing process is held still (SIGSTOP) while the pads are asked for, so that the
first is certainly still printing when the fourth arrives, and let go (SIGCONT) once the
refusal and the follower's answers are in. How quickly each is answered is `make bench`'s
(tests/bench/printing.py)."""

from __future__ import annotations

import os
import queue
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.utils.html import escape

from scorer.plumbing.printer import BUSY
from tests.support.html import Forms
from tests.support.served import Answer, Phone, Server, seed_tables

LARGEST_PAD = "/print/pad/?per_page=4&pages=50&paper=letter"
POLLS = 5
# A bound that fails the test rather than hang it: three pads, each as patient as the
# tests' printer (tests/conftest.py).
UNHURRIED_SECONDS = 3 * 300


def test_four_pads_at_once_print_three_refuse_one_and_the_table_is_answered(serve):
    # Its four threads: one prints, two wait, one is refused. The three print however long
    # a busy machine takes over them: `serve` gives the printer a patient wait, as the
    # tests' printers have (tests/conftest.py); its bounds are tried elsewhere.
    server = serve(workers=1)
    table = seed_tables(server, 1)[0]
    follower = Phone(server)
    follower.cookies["sessionid"] = table.sessions[0]
    poll = Forms(follower.get(f"/rubbers/{table.rubber}/").text).attribute("hx-get")
    printers = [Phone(server, timeout=UNHURRIED_SECONDS) for _ in range(4)]
    for phone in printers:
        phone.cookies["sessionid"] = table.sessions[1]
    assert printers[0].get(LARGEST_PAD).status == 200  # the printer's process started

    answers: queue.Queue[Answer] = queue.Queue()
    threads = [
        threading.Thread(target=lambda phone=phone: answers.put(phone.get(LARGEST_PAD)))
        for phone in printers
    ]
    with held_still(printing_process(server)):
        for thread in threads:
            thread.start()
        refused = answers.get(timeout=60)
        assert refused.status == 503, "the first answer, while the printer is held, a refusal"
        assert answers.empty(), "refused at once: the other three still held by the printer"
        polls = [follower.get(poll, htmx=True) for _ in range(POLLS)]
        assert answers.empty(), "the follower polled while the pads waited to print"
    for thread in threads:
        thread.join()
    printed = [answers.get_nowait() for _ in range(3)]

    assert [(pad.status, pad.body[:5]) for pad in printed] == [(200, b"%PDF-")] * 3
    assert escape(BUSY) in refused.text
    assert len(polls) == POLLS
    assert {answer.status for answer in polls} == {204}


def printing_process(server: Server) -> int:
    """The one worker's printing process: of the worker's descendants (its printing
    processes are forked from a forkserver of its own) the one that gives way to the
    site's, at a niceness of 10 above the worker's."""
    assert server.process is not None
    [worker] = _children(server.process.pid)
    giving_way = min(19, os.getpriority(os.PRIO_PROCESS, worker) + 10)
    found = [
        pid for pid in _descendants(worker) if os.getpriority(os.PRIO_PROCESS, pid) == giving_way
    ]
    assert len(found) == 1, "the worker's printing process, at a lower priority"
    return found[0]


@contextmanager
def held_still(pid: int) -> Iterator[None]:
    """The process stopped where it is (a document in it does not finish) until the block
    ends."""
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def _descendants(parent: int) -> list[int]:
    children = _children(parent)
    return [*children, *(pid for child in children for pid in _descendants(child))]


def _children(parent: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after "pid (command)"
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[1]) == parent:
            found.append(int(stat.parent.name))
    return found
