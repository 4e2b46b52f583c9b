"""Asking for a board's analysis: its hands put in the queue, once.

Called by every write that deals boards or makes their hands known (a Duplicate evening's
boards dealt or read, a hand record attached, the Printing page's boards, a rubber's deal
whose hands are entered), in that write's own transaction. A deal already analysed, or
already waiting, is not asked for again: the hands are the key, unique in the database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorer.analysis.models import Analysis
from scorer.engine.cards import DIRECTIONS, Direction, Hand, Hands, dealer_of, dealt


def ask_for(hands: Iterable[Hands]) -> list[int]:
    """Each deal's analysis, queued in the order given unless it is known or queued: the
    analyses' ids, in that order, by which a page may follow their progress."""
    lines = list(dict.fromkeys(dealt.hands_line(deal) for deal in hands))
    if not lines:
        return []
    Analysis.objects.bulk_create([Analysis(hands=line) for line in lines], ignore_conflicts=True)
    ids = dict(Analysis.objects.filter(hands__in=lines).values_list("hands", "id"))
    return [ids[line] for line in lines]


def ask_for_boards(boards: Iterable[tuple[int, Sequence[str]]]) -> list[int]:
    """`ask_for`, for boards by their numbers (which say their dealers) and their hands by
    the compass, North's first, as a Duplicate evening keeps them."""
    return ask_for(by_compass(dealer_of(number), hands) for number, hands in boards)


def by_compass(dealer: Direction, hands: Sequence[str]) -> Hands:
    """Four hands written by the compass, North's first, as the dealer's side sees them."""
    return Hands.at(dict(zip(DIRECTIONS, map(Hand.parse, hands), strict=True)), dealer)
