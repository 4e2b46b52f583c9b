"""What the scorer announces, for whoever listens (the ledger): it does not know who does.

Signals are sent inside the transaction of the write they announce, so a receiver's writes
are kept with it, once, and a receiver that refuses (raises) undoes it whole.
"""

from __future__ import annotations

from django.dispatch import Signal

from scorer.rubbers.models import Rubber

# Both sides have agreed a rubber's value (rubber.agreed_value, points to We): sent with
# `rubber`, `seats` (its members, round the table from seat 0), and for a rubber brought
# in from the club's file, `at` (when it was agreed).
rubber_agreed = Signal()

# What a rubber is played for, in words, asked of whoever keeps the money: sent with
# `rubber` (or None: one started now); each receiver answers with a sentence, or "".
rubber_terms = Signal()


def terms_of(rubber: object | None) -> list[str]:
    """The sentences the receivers of `rubber_terms` give for a rubber (None: one started
    now)."""
    return [said for _, said in rubber_terms.send(Rubber, rubber=rubber) if said]
