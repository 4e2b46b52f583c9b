"""The Progressive evening's guards in the database (the machinery is
scorer/plumbing/guards.py): what the rules say happens once, the database refuses a second
time, whoever asks.

- The numbers are drawn once: a player numbered keeps his number and his place in the
  evening, nobody joins an evening once drawn, and the evening's draw is never undone.
- Four at a table: a deal is recorded only at a table of four seats (a fifth seat is
  refused by the seats' own constraints), and a seat belongs to its table's round.
- A round is agreed once: an agreed table never changes, nor do its deals.
- The record is kept: seats and corrections are never changed or deleted, a table is never
  deleted, nor a recorded deal (it is corrected), nor an evening once drawn; an evening
  once ended takes no new table.

One table a player a round, and a number a player, are unique constraints of the models.
"""

from __future__ import annotations

from scorer.plumbing.guards import Guard, kept

_EVENING = "scorer_progressiveevening"
_PLAYER = "scorer_progressiveplayer"
_TABLE = "scorer_progressivetable"
_SEAT = "scorer_progressiveseat"
_DEAL = "scorer_progressivedeal"
_CORRECTION = "scorer_progressivecorrection"
_ALL = (_EVENING, _PLAYER, _TABLE, _SEAT, _DEAL, _CORRECTION)

NUMBERS_DRAWN_ONCE = "the numbers are drawn once: a player keeps his number"
JOINS_BEFORE_THE_DRAW = "the numbers are drawn: nobody joins the evening now"
EVERY_PLAYER_DRAWS = "every player of the evening draws a number"
FOUR_AT_A_TABLE = "a table plays with four: its deal needs the four seated"
SEAT_OF_ITS_ROUND = "a seat belongs to its table's evening and round"
ROUND_AGREED_ONCE = "a round agreed at a table is never changed"
AGREED_DEALS_KEPT = "the deals of a round agreed at a table are never changed"
RECORDED_DEAL_KEPT = "a recorded deal is corrected, never removed"
A_ROUND_OF_DEALS = "a round is the evening's number of deals, no more"
ENDED_EVENING = "the evening has ended: no round follows"


def _changed(column: str) -> str:
    """A column once set, set otherwise or cleared."""
    return f"OLD.{column} IS NOT NULL AND (NEW.{column} IS NULL OR NEW.{column} <> OLD.{column})"


_TABLE_OF = "SELECT 1 FROM scorer_progressivetable t WHERE t.id = {row}.table_id"

PROGRESSIVE = (
    # The numbers, drawn once.
    Guard(
        "scorer_progressiveevening_drawn_once",
        _EVENING,
        "UPDATE",
        NUMBERS_DRAWN_ONCE,
        f"{_changed('drawn_at')} OR {_changed('ended_at')}",
    ),
    Guard(
        "scorer_progressiveevening_every_player_drawn",
        _EVENING,
        "UPDATE",
        EVERY_PLAYER_DRAWS,
        "OLD.drawn_at IS NULL AND NEW.drawn_at IS NOT NULL AND EXISTS (SELECT 1 FROM "
        "scorer_progressiveplayer p WHERE p.evening_id = NEW.id AND p.number IS NULL)",
        needs=_ALL,
    ),
    Guard(
        "scorer_progressiveevening_drawn_kept",
        _EVENING,
        "DELETE",
        NUMBERS_DRAWN_ONCE,
        "OLD.drawn_at IS NOT NULL",
    ),
    Guard(
        "scorer_progressiveplayer_number_kept",
        _PLAYER,
        "UPDATE",
        NUMBERS_DRAWN_ONCE,
        "OLD.number IS NOT NULL",
    ),
    Guard(
        "scorer_progressiveplayer_numbered_kept",
        _PLAYER,
        "DELETE",
        NUMBERS_DRAWN_ONCE,
        "OLD.number IS NOT NULL",
    ),
    Guard(
        "scorer_progressiveplayer_joins_before_the_draw",
        _PLAYER,
        "INSERT",
        JOINS_BEFORE_THE_DRAW,
        "EXISTS (SELECT 1 FROM scorer_progressiveevening e WHERE e.id = NEW.evening_id "
        "AND e.drawn_at IS NOT NULL)",
        needs=_ALL,
    ),
    # The tables: a round agreed once, and none after the evening ended.
    Guard(
        "scorer_progressivetable_agreed_once",
        _TABLE,
        "UPDATE",
        ROUND_AGREED_ONCE,
        "OLD.agreed_at IS NOT NULL OR NEW.evening_id <> OLD.evening_id "
        "OR NEW.round <> OLD.round OR NEW.number <> OLD.number",
    ),
    Guard(
        "scorer_progressivetable_kept_delete",
        _TABLE,
        "DELETE",
        "a table of the evening is kept: it cannot be deleted",
    ),
    Guard(
        "scorer_progressivetable_not_after_the_end",
        _TABLE,
        "INSERT",
        ENDED_EVENING,
        "EXISTS (SELECT 1 FROM scorer_progressiveevening e WHERE e.id = NEW.evening_id "
        "AND (e.ended_at IS NOT NULL OR e.drawn_at IS NULL))",
        needs=_ALL,
    ),
    # The seats: of their table's round, and kept.
    *kept(_SEAT, "the seats at a table are kept as the cut placed the four"),
    Guard(
        "scorer_progressiveseat_of_its_round",
        _SEAT,
        "INSERT",
        SEAT_OF_ITS_ROUND,
        "NOT EXISTS (SELECT 1 FROM scorer_progressivetable t JOIN scorer_progressiveplayer p "
        "ON p.evening_id = t.evening_id WHERE t.id = NEW.table_id AND p.id = NEW.player_id "
        "AND t.evening_id = NEW.evening_id AND t.round = NEW.round)",
        needs=_ALL,
    ),
    # The deals: at a table of four, no more than a round's, never after agreement, and a
    # recorded one never removed.
    Guard(
        "scorer_progressivedeal_four_at_the_table",
        _DEAL,
        "INSERT",
        FOUR_AT_A_TABLE,
        "(SELECT count(*) FROM scorer_progressiveseat s WHERE s.table_id = NEW.table_id) <> 4",
        needs=_ALL,
    ),
    Guard(
        "scorer_progressivedeal_a_round_of_deals",
        _DEAL,
        "INSERT",
        A_ROUND_OF_DEALS,
        "NEW.number > (SELECT e.deals_a_round FROM scorer_progressivetable t "
        "JOIN scorer_progressiveevening e ON e.id = t.evening_id WHERE t.id = NEW.table_id)",
        needs=_ALL,
    ),
    *(
        Guard(
            f"scorer_progressivedeal_agreed_kept_{event.lower()}",
            _DEAL,
            event,
            AGREED_DEALS_KEPT,
            f"EXISTS ({_TABLE_OF.format(row=row)} AND t.agreed_at IS NOT NULL)",
            needs=_ALL,
        )
        for event, row in (("INSERT", "NEW"), ("UPDATE", "OLD"), ("DELETE", "OLD"))
    ),
    Guard(
        "scorer_progressivedeal_recorded_kept",
        _DEAL,
        "DELETE",
        RECORDED_DEAL_KEPT,
        "OLD.recorded_at IS NOT NULL",
    ),
    *kept(_CORRECTION, "corrections are kept as made: they cannot be changed or deleted"),
)
