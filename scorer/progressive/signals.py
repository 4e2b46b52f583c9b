"""What a Progressive evening announces, for whoever keeps the club's money (the ledger):
as a rubber's signals (scorer/rubbers/signals.py), the evening does not know who listens.

`evening_ended` is sent inside the transaction that ends the evening, so a receiver's
writes are kept with the end, once, and a receiver that refuses (raises a `Refused`)
undoes it whole: the evening is then not ended, and the refusal is said in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.dispatch import Signal

from scorer.progressive.models import ProgressiveEvening, ProgressivePlayer

# The evening has ended, its results final: sent with `evening`, `results` (a `Result`
# a player, by number) and `at` (when it ended).
evening_ended = Signal()

# What an evening is played for, in words, asked of whoever keeps the money: sent with
# `evening`; each receiver answers with a sentence, or "".
evening_terms = Signal()


@dataclass(frozen=True)
class Result:
    """A player's evening as the engine worked it out: his points won and lost over
    every deal he played, his net (won less lost) and his place."""

    player: ProgressivePlayer
    won: int
    lost: int
    net: int
    place: int


def terms_of(evening: ProgressiveEvening) -> list[str]:
    """The sentences the receivers of `evening_terms` give for an evening."""
    return [said for _, said in evening_terms.send(ProgressiveEvening, evening=evening) if said]
