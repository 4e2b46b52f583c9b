"""The analyser: the process that drains the queue of boards waiting for their analysis, a
board at a time, at the lowest priority, so that the tables never wait on it.

One analyser runs beside a server (scorer/analysis/process.py starts it; `manage.py
analyser` is the process). It claims the oldest board waiting, by a compare-and-swap on
the row, solves it and writes its five numbers. A claim names its process (host and pid):
an analyser starting releases its host's claims (being the host's one analyser, by the
lock it holds, every earlier claim there is a process gone), and a claim from elsewhere is
taken up again once it is older than any solve takes. So a board whose analyser died with
its worker, or whose server restarted, is analysed all the same; a board solved twice
writes the same numbers.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from types import ModuleType

from django.conf import settings
from django.db import DatabaseError, close_old_connections
from django.db.models import F, Q
from django.utils import timezone

from scorer.analysis.models import MOST_FAILURES, TRICKS, Analysis
from scorer.engine import Trump
from scorer.engine.cards import Hands, dealt

logger = logging.getLogger(__name__)

# A claim older than this is its process's no longer: the longest solve takes seconds.
LEASE = timedelta(minutes=10)
IDLE_SECONDS = 1.0  # how often an idle analyser looks for work (one indexed query)


def claimant() -> str:
    """This process, as its claims name it."""
    return f"{socket.gethostname()}:{os.getpid()}"


def release_this_hosts_claims() -> int:
    """Claims made on this host by analysers gone: called by the host's one analyser as it
    starts."""
    host = socket.gethostname()
    return Analysis.objects.filter(
        solved_at__isnull=True, claimed_by__startswith=f"{host}:"
    ).update(claimed_by="", claimed_at=None)


def waiting() -> Q:
    """A board waiting to be solved, and free to claim."""
    free = Q(claimed_by="") | Q(claimed_at__lt=timezone.now() - LEASE)
    return Q(solved_at__isnull=True, failures__lt=MOST_FAILURES) & free


def claim_next(me: str) -> Analysis | None:
    """The oldest board waiting, claimed for `me`; None if there is none. Another analyser
    claiming the same row at the same moment wins or loses the row's update, never both."""
    for row in Analysis.objects.filter(waiting()).order_by("id")[:5]:
        if Analysis.objects.filter(waiting(), pk=row.pk).update(
            claimed_by=me, claimed_at=timezone.now()
        ):
            return row
    return None


def solve(row: Analysis, me: str) -> None:
    """The board's five numbers worked out and written, or its failure counted."""
    hands = Hands.read(dealt.hands_json(row.hands))
    try:
        tricks = _solver().dealers_tricks(hands)
    except Exception:  # DDS's own errors are plain exceptions; the board is given up on
        logger.exception("The solver failed on %s", row.hands)
        Analysis.objects.filter(pk=row.pk, claimed_by=me).update(
            failures=F("failures") + 1, claimed_by="", claimed_at=None
        )
        return
    Analysis.objects.filter(pk=row.pk, solved_at__isnull=True).update(
        **{TRICKS[trump]: tricks[trump] for trump in Trump},
        solved_at=timezone.now(),
        claimed_by="",
        claimed_at=None,
    )


def analyse_waiting(*, stop: Callable[[], bool] = lambda: False) -> int:
    """Every board waiting, one after another, until none is left (or `stop` says so):
    how many were solved."""
    me = claimant()
    solved = 0
    while not stop():
        row = claim_next(me)
        if row is None:
            break
        solve(row, me)
        solved += 1
    return solved


def run(*, beside: int | None = None) -> None:
    """The analyser's life: at the lowest priority, drain the queue, look again every
    second, and end when the process it was started beside is gone (its parent). A
    database in trouble is waited out."""
    os.nice(settings.ANALYSER_NICENESS)  # 19, the lowest, unless the machine says otherwise
    release_this_hosts_claims()

    def orphaned() -> bool:
        return beside is not None and os.getppid() != beside

    while not orphaned():
        close_old_connections()  # a connection the database dropped is opened again
        try:
            solved = analyse_waiting(stop=orphaned)
        except DatabaseError:
            logger.exception("The analyser could not read or write its queue; trying again")
            solved = 0
        if not solved:
            time.sleep(IDLE_SECONDS)


def tricks_now(
    boards: Sequence[Hands], *, told: Callable[[str], object] = lambda said: None
) -> list[dict[Trump, int]]:
    """The five numbers of each board, at once, in this process: those known already read,
    the others solved here and kept (for the command line, which is no request; a page never
    calls this). `told` is given the progress: "analysing board 12 of 36"."""
    lines = [dealt.hands_line(hands) for hands in boards]
    known = {row.hands: row.tricks for row in Analysis.objects.filter(hands__in=set(lines))}
    found = []
    for number, (hands, line) in enumerate(zip(boards, lines, strict=True), 1):
        tricks = known.get(line)
        if tricks is None:
            told(f"analysing board {number} of {len(boards)}")
            tricks = _solver().dealers_tricks(hands)
            _keep(line, tricks)
            known[line] = tricks
        found.append(tricks)
    return found


def _solver() -> ModuleType:
    """The solver, imported with the first board there is to solve: endplay takes a hundred
    megabytes, which an analyser with nothing to do need not hold."""
    from scorer.analysis import solver

    return solver


def _keep(line: str, tricks: dict[Trump, int]) -> None:
    fields: dict[str, object] = {TRICKS[trump]: tricks[trump] for trump in Trump}
    fields |= {"solved_at": timezone.now(), "claimed_by": "", "claimed_at": None}
    Analysis.objects.update_or_create(hands=line, defaults=fields)
