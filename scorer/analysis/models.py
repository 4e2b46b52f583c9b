"""The analysis of a board's hands, kept as a cache keyed by them, and the queue of those
still to be worked out.

What the cards allowed is derived from the hands alone, so by the rule of the house it
would not be stored; but it costs a solve of up to a few seconds a board, so it is kept,
once for each deal of four hands (the key: the hands from the dealer's, as a rubber's deal
keeps them, `scorer.engine.cards.dealt.hands_line`). The same deal dealt again, read from
another file or played at a rubber, is the same row. A row with no tricks is waiting: the
analyser's process claims it (`claimed_by`, `claimed_at`), solves it and writes its five
numbers; a claim whose process is gone is taken up again (scorer/analysis/analyser.py), so
a board is never lost to a worker's restart. The five numbers are the solver's; the nets
and the best make are the engine's, worked out from them each time.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone

from scorer.engine import Trump

# The five numbers, by the trump they are for: the dealer's side's tricks, double dummy.
TRICKS = {
    Trump.NO_TRUMP: "no_trump",
    Trump.HEARTS: "hearts",
    Trump.DIAMONDS: "diamonds",
    Trump.CLUBS: "clubs",
    Trump.SPADES: "spades",
}
# A deal the solver has failed on this often is given up, and said so, rather than tried
# again and again.
MOST_FAILURES = 3


class Analysis(models.Model):
    """One deal's double-dummy table by the laws of 1905: for each trump, the tricks the
    dealer's side takes, the dealer playing and the eldest hand leading (§12); empty until
    it is worked out."""

    hands = models.CharField(
        max_length=67,
        unique=True,
        help_text="The four hands, the dealer's first, as PBN writes them.",
    )
    asked_at = models.DateTimeField(default=timezone.now)
    no_trump = models.PositiveSmallIntegerField(null=True, blank=True)
    hearts = models.PositiveSmallIntegerField(null=True, blank=True)
    diamonds = models.PositiveSmallIntegerField(null=True, blank=True)
    clubs = models.PositiveSmallIntegerField(null=True, blank=True)
    spades = models.PositiveSmallIntegerField(null=True, blank=True)
    solved_at = models.DateTimeField(null=True, blank=True)
    claimed_by = models.CharField(
        max_length=120, blank=True, help_text="The analyser working on it: host and process."
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveSmallIntegerField(
        default=0, help_text="Times the solver failed on it; it is tried three times at most."
    )

    class Meta:
        verbose_name_plural = "analyses"
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(solved_at__isnull=True) & Q(no_trump__isnull=True) & Q(hearts__isnull=True)
                    & Q(diamonds__isnull=True) & Q(clubs__isnull=True) & Q(spades__isnull=True)
                )
                | (
                    # A comparison with NULL is no refusal in SQL: each number is asked for.
                    Q(solved_at__isnull=False)
                    & Q(no_trump__isnull=False, no_trump__lte=13)
                    & Q(hearts__isnull=False, hearts__lte=13)
                    & Q(diamonds__isnull=False, diamonds__lte=13)
                    & Q(clubs__isnull=False, clubs__lte=13)
                    & Q(spades__isnull=False, spades__lte=13)
                ),
                name="five_numbers_or_none",
            ),
        ]  # fmt: skip
        indexes = [
            # The queue: the boards still waiting, oldest first.
            models.Index(
                fields=["id"], condition=Q(solved_at__isnull=True), name="analyses_waiting"
            ),
        ]

    def __str__(self) -> str:
        return f"Analysis of {self.hands}"

    @property
    def tricks(self) -> dict[Trump, int] | None:
        """The five numbers, once worked out."""
        if self.solved_at is None:
            return None
        return {trump: getattr(self, field) for trump, field in TRICKS.items()}
