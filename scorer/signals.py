"""What the scorer announces, for whoever listens (the ledger): it does not know who does.

Signals are sent inside the transaction of the write they announce, so a receiver's writes
are kept with it, once, and a receiver that refuses (raises) undoes it whole.
"""

from __future__ import annotations

from django.dispatch import Signal

# Both sides have agreed a rubber's value (rubber.agreed_value, points to We): sent with
# `rubber`, `seats` (its members, round the table from seat 0), and for a rubber brought
# in from the club's file, `at` (when it was agreed).
rubber_agreed = Signal()
