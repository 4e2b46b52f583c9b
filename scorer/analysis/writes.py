"""Asking for a board's analysis: its hands put in the queue, once.

Called by every write that deals boards or makes their hands known (a Duplicate evening's
boards dealt or read, a hand record attached, the Printing page's boards, a rubber's deal
whose hands are entered), in that write's own transaction. A deal already analysed, or
already waiting, is not asked for again: the hands are the key, unique in the database.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorer.analysis.models import Analysis
from scorer.engine.cards import Hands, dealt


def ask_for(hands: Iterable[Hands]) -> None:
    """Each deal's analysis, queued in the order given unless it is known or queued."""
    lines = list(dict.fromkeys(dealt.hands_line(deal) for deal in hands))
    if lines:
        Analysis.objects.bulk_create(
            [Analysis(hands=line) for line in lines], ignore_conflicts=True
        )
