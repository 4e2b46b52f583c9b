"""The largest counts and numbers the engine's files may give, said once here.

A file is read before anything is made of its numbers: a pair numbered 10**30 would
otherwise be a standing for every pair below it. Each reader refuses a number past these,
naming the field, and the site's forms and database keep within the same bounds (they
import them from here).
"""

from __future__ import annotations

# A hundred tables is a congress's room, far past a club's evening (the site offers a
# Mitchell of fifteen tables at most).
MOST_TABLES = 100
# A Duplicate evening's pairs, numbered once for the evening, two at each table (§11).
MOST_PAIRS = 2 * MOST_TABLES
# A Progressive evening's players, four at each table (§10).
MOST_PLAYERS = 4 * MOST_TABLES
# A Duplicate evening's boards, numbered from 1: as many as hand records print.
MOST_BOARDS = 100
# A Progressive round's deals at a table: thirteen makes an evening of many hours already.
MOST_DEALS_A_ROUND = 13
# The laws let doubling go on indefinitely (Law 55) and the engine counts exactly, but a
# trick worth 2**1000 times its value is past any table and past what JSON can print.
MOST_DOUBLES_READ = 1000


def digits_within(text: str, most: int) -> bool:
    """Whether text is a number written in ASCII digits and at most `most`, asked before
    Python's `int` reads it (which takes other scripts' digits, and refuses past 4,300
    digits with an error of its own)."""
    return text.isascii() and text.isdigit() and len(text) <= len(str(most)) and int(text) <= most
