"""The database's refusals of a Duplicate evening's writes, in words: the writes check
first and say it by name; these answer a write that raced past its checks and met the
database's rules (scorer/duplicate/guards.py, and the models' constraints)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.db import DatabaseError, transaction

from scorer.club.guests import ALREADY
from scorer.duplicate import guards
from scorer.plumbing.keys import Refused

NOTHING = "Nothing was changed."

SAID = {
    guards.STARTED_ONCE: f"The evening has started (or ended) already. {NOTHING}",
    guards.EVERY_PAIR_THERE: f"The evening starts with every pair its movement seats. {NOTHING}",
    guards.PAIRS_BEFORE_THE_START: f"The evening has started: its pairs are kept. {NOTHING}",
    guards.SETTINGS_KEPT: f"The evening has started: its settings are kept. {NOTHING}",
    guards.BOARD_KEPT: f"A board's hands, once known, are kept. {NOTHING}",
    guards.TABLES_KEPT: f"The evening's tables are seated once. {NOTHING}",
    guards.NOT_IN_PLAY: f"The evening is not in play: its results are as they stand. {NOTHING}",
    guards.ACCEPTED_ONCE: f"That result is accepted already. {NOTHING}",
    guards.CORRECTED_ONLY: (
        f"That result is accepted: only the director's correction changes it. {NOTHING}"
    ),
    guards.DIRECTORS_OWN: f"Only the director, one of the staff, enters or corrects a result. "
    f"{NOTHING}",
    "a_member_in_one_pair_an_evening": f"plays in another pair this evening. {NOTHING}",
    "one_duplicate_guest_of_a_name": f"{ALREADY} {NOTHING}",
    "one_result_a_board_a_table": (
        f"That board was recorded at this table meanwhile, on another phone. {NOTHING}"
    ),
    "a_board_played_once_by_a_pair": f"A pair plays each board once. {NOTHING}",
    "a_pair_at_one_table_a_round": f"A pair sits at one table a round. {NOTHING}",
    "one_duplicate_table_a_round": f"The evening's tables are seated once. {NOTHING}",
}


def said_of(error: DatabaseError) -> str | None:
    """The database's refusal in words, if it is one of the evening's rules."""
    text = str(error)
    return next((words for why, words in SAID.items() if why in text), None)


def in_words[**P, R](write: Callable[P, R]) -> Callable[P, R]:
    """A write whole or not at all, the database's refusal of it said in words (as a
    `Refused`)."""

    @functools.wraps(write)
    def whole(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            with transaction.atomic():
                return write(*args, **kwargs)
        except DatabaseError as error:
            said = said_of(error)
            if said is None:
                raise
            raise Refused(said) from None

    return whole
