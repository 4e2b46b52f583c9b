"""Writing a Duplicate evening: opening it, its pairs as they come, starting it (the pairs
numbered, the boards dealt, read from a PBN file or left to the first table, each round's
tables seated as the movement says), a hand record attached later, ending it; and at each
table each board's result as North–South record it, East–West's acceptance, and the
director's entries and corrections. This package's API is what it names here; its
modules are the evening's steps (`evening`) and the table's (`table`).

Every write happens once and never over a page its sender has not seen
(scorer/plumbing/keys.py): the evening's writes run inside `keys.carry_out` and move the
evening's revision on from the one their form was shown at; a table's writes claim their
form's key and move the table's revision on, each by one, and say what they did for the
phones that follow the table. What the laws decide (the movement, each result's points,
the honours the cards give) is the engine's; what must happen once, the database also
refuses a second time (scorer/duplicate/guards.py), and its refusal is said in words.
"""

from __future__ import annotations

from scorer.duplicate.writes.evening import (
    Opened,
    add_pair,
    all_in,
    attach_hands,
    end,
    open_evening,
    opening_refused,
    remove_pair,
    revoke_board,
    seat_tables,
    start,
)
from scorer.duplicate.writes.table import Entry, accept, correct, record, write_row

__all__ = [
    "Entry",
    "Opened",
    "accept",
    "add_pair",
    "all_in",
    "attach_hands",
    "correct",
    "end",
    "open_evening",
    "opening_refused",
    "record",
    "remove_pair",
    "revoke_board",
    "seat_tables",
    "start",
    "write_row",
]
