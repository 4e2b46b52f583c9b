"""What the pages show of boards' analyses: for each board, what the cards allowed once it
is worked out (the engine's reckoning of the solver's five numbers), and how far a set of
boards has got ("analysing board 12 of 36"). One query a set of boards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorer.analysis.models import MOST_FAILURES, TRICKS, Analysis
from scorer.engine import Allowed, what_the_cards_allowed
from scorer.engine.cards import Hands, dealt

BEING_ANALYSED = "being analysed"
NOT_ANALYSED = "could not be analysed"


@dataclass(frozen=True, slots=True)
class Progress:
    """How many of a set of boards are worked out (or given up, the solver having failed
    on them), of how many."""

    done: int
    total: int
    failed: int = 0

    @property
    def finished(self) -> bool:
        return self.done + self.failed >= self.total

    def __str__(self) -> str:
        """ "analysing board 12 of 36", or "analysed, 36 boards" once done."""
        if not self.finished:
            return f"analysing board {self.done + self.failed + 1} of {self.total}"
        boards = "1 board" if self.total == 1 else f"{self.total} boards"
        failed = f" ({self.failed} could not be)" if self.failed else ""
        return f"analysed, {boards}{failed}"


@dataclass(frozen=True, slots=True)
class Analysed:
    """One board as a page shows it: what the cards allowed, or why not yet."""

    allowed: Allowed | None
    failed: bool = False

    @property
    def waiting(self) -> str:
        """ "" once worked out; else what to say in its place."""
        if self.allowed is not None:
            return ""
        return NOT_ANALYSED if self.failed else BEING_ANALYSED


def analysed(boards: Sequence[Hands]) -> tuple[tuple[Analysed, ...], Progress]:
    """Each board's analysis as it stands, in the order given, and the set's progress."""
    lines = [dealt.hands_line(hands) for hands in boards]
    fields = ["hands", "solved_at", "failures", *TRICKS.values()]
    rows = {
        row["hands"]: row for row in Analysis.objects.filter(hands__in=set(lines)).values(*fields)
    }
    found = []
    for hands, line in zip(boards, lines, strict=True):
        row = rows.get(line)
        if row is None or row["solved_at"] is None:
            failed = row is not None and row["failures"] >= MOST_FAILURES
            found.append(Analysed(None, failed))
        else:
            tricks = {trump: row[field] for trump, field in TRICKS.items()}
            found.append(Analysed(what_the_cards_allowed(hands, tricks)))
    done = sum(board.allowed is not None for board in found)
    failed = sum(board.failed for board in found)
    return tuple(found), Progress(done, len(found), failed)


def progress_of(ids: Sequence[int]) -> Progress:
    """How far the analyses of these ids have got (a page that asked for them follows
    them by their ids: a board's hands are not in its address)."""
    rows = Analysis.objects.filter(pk__in=set(ids)).values_list("solved_at", "failures")
    done = sum(solved is not None for solved, _ in rows)
    failed = sum(solved is None and failures >= MOST_FAILURES for solved, failures in rows)
    return Progress(done, len(set(ids)), failed)
