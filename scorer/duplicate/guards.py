"""The Duplicate evening's guards in the database (the machinery is
scorer/plumbing/guards.py): what the rules say happens once, the database refuses a second
time, whoever asks.

- The evening starts once, with its pairs all there (as many as its movement seats, each
  numbered) and its settings fixed; its pairs, players, boards, tables and seats are kept
  from then on, a board's hands once known never change, and it ends once.
- A result belongs to its table's evening and to a board of it; it is recorded while the
  evening is in play, never deleted, and never moved to another table or board. Once
  East–West (or the director) accepted it, it stays accepted, and it changes only by the
  director's correction: each change of an accepted result comes with a correction kept
  for it, made by one of the staff.
- A pair's play of a board is of a pair seated at the result's table, on the result's
  board.

One result a board a table, a board played once by a pair, and a pair at one table a
round are unique constraints of the models.
"""

from __future__ import annotations

from scorer.plumbing.guards import Guard, kept

_EVENING = "scorer_duplicateevening"
_PAIR = "scorer_duplicatepair"
_PLAYER = "scorer_duplicateplayer"
_BOARD = "scorer_duplicateboard"
_TABLE = "scorer_duplicatetable"
_SEAT = "scorer_duplicateseat"
_RESULT = "scorer_duplicateresult"
_PLAY = "scorer_duplicateplay"
_CORRECTION = "scorer_duplicatecorrection"
_ALL = (_EVENING, _PAIR, _PLAYER, _BOARD, _TABLE, _SEAT, _RESULT, _PLAY, _CORRECTION)

STARTED_ONCE = "the evening starts once, and ends once"
EVERY_PAIR_THERE = "the evening starts with as many pairs as its movement seats, each numbered"
SETTINGS_KEPT = "the evening has started: its movement, boards and comparison are kept"
PAIRS_BEFORE_THE_START = "the evening has started: its pairs are as they started"
BOARD_KEPT = "a board's hands, once known, are kept"
TABLES_KEPT = "the evening's tables are seated once, as its movement says"
SEAT_OF_ITS_TABLE = "a seat belongs to its table's evening and round, and to a pair of it"
RESULT_OF_THE_EVENING = "a result is of its table's evening and of a board of it"
NOT_IN_PLAY = "the evening is not in play: no result is recorded or changed"
RESULT_KEPT = "a result is kept: it is corrected, never removed or moved"
ACCEPTED_ONCE = "an accepted result stays accepted"
CORRECTED_ONLY = "an accepted result changes only by the director's correction"
DIRECTORS_OWN = "a result is entered or corrected by the director, one of the staff"
PLAY_OF_THE_TABLE = "a pair plays a board at its own table, on that table's result"


def _changed(column: str) -> str:
    """A column once set, set otherwise or cleared."""
    return f"OLD.{column} IS NOT NULL AND (NEW.{column} IS NULL OR NEW.{column} <> OLD.{column})"


def _evening(row: str, condition: str) -> str:
    """Whether the row's evening is so."""
    return f"EXISTS (SELECT 1 FROM {_EVENING} e WHERE e.id = {row}.evening_id AND ({condition}))"


_RESULT_FIELDS = (
    "played", "maker", "trump", "doubles", "tricks_ns", "tricks_ew", "honours_n", "honours_s",
    "honours_e", "honours_w", "chicane_ns", "chicane_ew", "revokes_ns", "revokes_ew",
)  # fmt: skip
# Whether any of the result's recorded fields changed (a null compared as -1).
_RESULT_CHANGED = " OR ".join(
    f"COALESCE(NEW.{field}, -1) <> COALESCE(OLD.{field}, -1)"
    if field not in ("played", "maker", "trump")
    else f"NEW.{field} <> OLD.{field}"
    for field in _RESULT_FIELDS
)

DUPLICATE = (
    # The evening: started once with its pairs, its settings kept, ended once.
    Guard(
        "scorer_duplicateevening_started_once",
        _EVENING,
        "UPDATE",
        STARTED_ONCE,
        f"{_changed('started_at')} OR {_changed('ended_at')} OR OLD.boards_from <> '' "
        "AND NEW.boards_from <> OLD.boards_from",
    ),
    Guard(
        "scorer_duplicateevening_settings_kept",
        _EVENING,
        "UPDATE",
        SETTINGS_KEPT,
        "OLD.started_at IS NOT NULL AND (NEW.movement <> OLD.movement OR NEW.tables <> "
        "OLD.tables OR NEW.boards_a_round <> OLD.boards_a_round OR NEW.comparison <> "
        "OLD.comparison OR COALESCE(NEW.doubling_limit, -1) <> COALESCE(OLD.doubling_limit, -1))",
    ),
    Guard(
        "scorer_duplicateevening_every_pair_there",
        _EVENING,
        "UPDATE",
        EVERY_PAIR_THERE,
        "OLD.started_at IS NULL AND NEW.started_at IS NOT NULL AND ((SELECT count(*) FROM "
        f"{_PAIR} p WHERE p.evening_id = NEW.id AND p.number IS NOT NULL) <> 2 * NEW.tables "
        f"OR EXISTS (SELECT 1 FROM {_PAIR} p WHERE p.evening_id = NEW.id AND p.number IS NULL))",
        needs=_ALL,
    ),
    Guard(
        "scorer_duplicateevening_started_kept",
        _EVENING,
        "DELETE",
        STARTED_ONCE,
        "OLD.started_at IS NOT NULL",
    ),
    # The pairs and their players: as they started.
    Guard(
        "scorer_duplicatepair_numbered_kept",
        _PAIR,
        "UPDATE",
        PAIRS_BEFORE_THE_START,
        "OLD.number IS NOT NULL OR NEW.evening_id <> OLD.evening_id",
    ),
    Guard(
        "scorer_duplicatepair_numbered_kept_delete",
        _PAIR,
        "DELETE",
        PAIRS_BEFORE_THE_START,
        "OLD.number IS NOT NULL",
    ),
    Guard(
        "scorer_duplicatepair_before_the_start",
        _PAIR,
        "INSERT",
        PAIRS_BEFORE_THE_START,
        _evening("NEW", "e.started_at IS NOT NULL"),
        needs=_ALL,
    ),
    Guard(
        "scorer_duplicateplayer_of_its_pair",
        _PLAYER,
        "INSERT",
        PAIRS_BEFORE_THE_START,
        f"NOT EXISTS (SELECT 1 FROM {_PAIR} p WHERE p.id = NEW.pair_id AND p.evening_id = "
        "NEW.evening_id AND p.number IS NULL) OR " + _evening("NEW", "e.started_at IS NOT NULL"),
        needs=_ALL,
    ),
    *(
        Guard(
            f"scorer_duplicateplayer_kept_{event.lower()}",
            _PLAYER,
            event,
            PAIRS_BEFORE_THE_START,
            _evening("OLD", "e.started_at IS NOT NULL"),
            needs=_ALL,
        )
        for event in ("UPDATE", "DELETE")
    ),
    # The boards: made once it starts, their hands once known kept.
    Guard(
        "scorer_duplicateboard_hands_kept",
        _BOARD,
        "UPDATE",
        BOARD_KEPT,
        "OLD.north <> '' AND (NEW.north <> OLD.north OR NEW.east <> OLD.east OR NEW.south <> "
        "OLD.south OR NEW.west <> OLD.west OR NEW.source <> OLD.source OR NEW.known_at <> "
        "OLD.known_at) OR NEW.evening_id <> OLD.evening_id OR NEW.number <> OLD.number",
    ),
    Guard(
        "scorer_duplicateboard_kept_delete",
        _BOARD,
        "DELETE",
        "the evening's boards are kept: they cannot be deleted",
    ),
    # The tables and their seats: seated once, while the evening is in play.
    Guard(
        "scorer_duplicatetable_kept",
        _TABLE,
        "UPDATE",
        TABLES_KEPT,
        "NEW.evening_id <> OLD.evening_id OR NEW.round <> OLD.round OR NEW.number <> OLD.number",
    ),
    Guard(
        "scorer_duplicatetable_kept_delete",
        _TABLE,
        "DELETE",
        TABLES_KEPT,
    ),
    Guard(
        "scorer_duplicatetable_in_play",
        _TABLE,
        "INSERT",
        TABLES_KEPT,
        _evening("NEW", "e.ended_at IS NOT NULL"),
        needs=_ALL,
    ),
    *kept(_SEAT, TABLES_KEPT),
    Guard(
        "scorer_duplicateseat_of_its_table",
        _SEAT,
        "INSERT",
        SEAT_OF_ITS_TABLE,
        f"NOT EXISTS (SELECT 1 FROM {_TABLE} t JOIN {_PAIR} p ON p.evening_id = t.evening_id "
        "WHERE t.id = NEW.table_id AND p.id = NEW.pair_id AND t.evening_id = NEW.evening_id "
        "AND t.round = NEW.round AND p.number IS NOT NULL)",
        needs=_ALL,
    ),
    # The results: of the evening, while it is in play, kept, accepted once, and an
    # accepted one changed only by the director's correction.
    Guard(
        "scorer_duplicateresult_of_the_evening",
        _RESULT,
        "INSERT",
        RESULT_OF_THE_EVENING,
        f"NOT EXISTS (SELECT 1 FROM {_TABLE} t JOIN {_BOARD} b ON b.evening_id = t.evening_id "
        "WHERE t.id = NEW.table_id AND b.id = NEW.board_id AND t.evening_id = NEW.evening_id)",
        needs=_ALL,
    ),
    *(
        Guard(
            f"scorer_duplicateresult_in_play_{event.lower()}",
            _RESULT,
            event,
            NOT_IN_PLAY,
            _evening(row, "e.started_at IS NULL OR e.ended_at IS NOT NULL"),
            needs=_ALL,
        )
        for event, row in (("INSERT", "NEW"), ("UPDATE", "OLD"))
    ),
    Guard(
        "scorer_duplicateresult_kept",
        _RESULT,
        "UPDATE",
        RESULT_KEPT,
        "NEW.evening_id <> OLD.evening_id OR NEW.table_id <> OLD.table_id OR NEW.board_id <> "
        "OLD.board_id OR NEW.recorded_at <> OLD.recorded_at OR NEW.version < OLD.version",
    ),
    Guard(
        "scorer_duplicateresult_kept_delete",
        _RESULT,
        "DELETE",
        RESULT_KEPT,
    ),
    Guard(
        "scorer_duplicateresult_accepted_once",
        _RESULT,
        "UPDATE",
        ACCEPTED_ONCE,
        f"{_changed('accepted_at')} OR {_changed('accepted_by_id')}",
    ),
    Guard(
        "scorer_duplicateresult_corrected_only",
        _RESULT,
        "UPDATE",
        CORRECTED_ONLY,
        f"OLD.accepted_at IS NOT NULL AND ({_RESULT_CHANGED} OR NEW.version <> OLD.version) "
        f"AND NOT (NEW.version = OLD.version + 1 AND EXISTS (SELECT 1 FROM {_CORRECTION} c "
        "WHERE c.result_id = OLD.id AND c.version = NEW.version))",
        needs=_ALL,
    ),
    # A pair's play of a board: of its own table's result.
    *kept(_PLAY, PLAY_OF_THE_TABLE),
    Guard(
        "scorer_duplicateplay_of_the_table",
        _PLAY,
        "INSERT",
        PLAY_OF_THE_TABLE,
        f"NOT EXISTS (SELECT 1 FROM {_RESULT} r JOIN {_SEAT} s ON s.table_id = r.table_id "
        "WHERE r.id = NEW.result_id AND r.board_id = NEW.board_id AND s.pair_id = NEW.pair_id)",
        needs=_ALL,
    ),
    # The director's entries and corrections: his own, kept.
    *kept(_CORRECTION, "corrections are kept as made: they cannot be changed or deleted"),
    Guard(
        "scorer_duplicatecorrection_directors_own",
        _CORRECTION,
        "INSERT",
        DIRECTORS_OWN,
        "NOT EXISTS (SELECT 1 FROM auth_user u WHERE u.id = NEW.made_by_id AND u.is_staff)",
        needs=_ALL,
    ),
)
