"""Duplicate Bridge (Elwell; §11 of the specification): the same boards played at several
tables, each result scored for points, and the pairs compared on the same cards.

Pure and typed, as the rest of the engine: `model` holds the evening as recorded,
`movements` the Mitchell and Howell schedules and their checker (`howells` the published
Howells), `deals` reads a result into the deal it scores, `evening` works the evening out
(each result for points by Bridge's `bridge/points.py`): `checks` checks the record against
the movement, `travellers` compares each board's results, `standings` gives the pairs'
cards and places, `scores` holds what it gives; `interchange` reads elwell-duplicate/1 and
writes elwell-duplicate-result/1; `words` says a result by direction, for the site's pages.
For printing and export: `moves` says where the boards and the pairs go after each round,
`text` the words the documents share, and `pbn` writes the evening as PBN 2.1.
"""

from __future__ import annotations

from scorer.engine.duplicate.deals import check_call, deal_of
from scorer.engine.duplicate.errors import DuplicateError
from scorer.engine.duplicate.evening import (
    CardRow,
    DuplicateScore,
    Mark,
    PairCard,
    ResultScore,
    Standing,
    Traveller,
    work_out_duplicate,
)
from scorer.engine.duplicate.interchange import (
    EVENING_FORMAT,
    RESULT_FORMAT,
    duplicate_json,
    duplicate_result_json,
    figure,
    loads_duplicate,
    read_duplicate,
)
from scorer.engine.duplicate.model import (
    LINES,
    Board,
    Comparison,
    DuplicateRules,
    Evening,
    Line,
    Lines,
    MovementKind,
    NotPlayed,
    Recorded,
    Result,
    dealing_line,
)
from scorer.engine.duplicate.movements import (
    HOWELL_TABLES,
    MITCHELL_TABLES,
    GuideCard,
    Meeting,
    Movement,
    Schedule,
    Scheduled,
    Sitting,
    TableCard,
    TableRound,
    check_movement,
    howell,
    mitchell,
    movement_for,
    offered,
)
from scorer.engine.duplicate.moves import BoardsGo, PairGoes, Place, TableMoves, table_moves
from scorer.engine.duplicate.pbn import evening_pbn
from scorer.engine.duplicate.words import (
    NOT_PLAYED,
    declaration_words,
    honours_words,
    line_of,
    make_words,
    maker_of,
    result_words,
    tricks_words,
)

__all__ = [
    "EVENING_FORMAT",
    "HOWELL_TABLES",
    "LINES",
    "MITCHELL_TABLES",
    "NOT_PLAYED",
    "RESULT_FORMAT",
    "Board",
    "BoardsGo",
    "CardRow",
    "Comparison",
    "DuplicateError",
    "DuplicateRules",
    "DuplicateScore",
    "Evening",
    "GuideCard",
    "Line",
    "Lines",
    "Mark",
    "Meeting",
    "Movement",
    "MovementKind",
    "NotPlayed",
    "PairCard",
    "PairGoes",
    "Place",
    "Recorded",
    "Result",
    "ResultScore",
    "Schedule",
    "Scheduled",
    "Sitting",
    "Standing",
    "TableCard",
    "TableMoves",
    "TableRound",
    "Traveller",
    "check_call",
    "check_movement",
    "deal_of",
    "dealing_line",
    "declaration_words",
    "duplicate_json",
    "duplicate_result_json",
    "evening_pbn",
    "figure",
    "honours_words",
    "howell",
    "line_of",
    "loads_duplicate",
    "make_words",
    "maker_of",
    "mitchell",
    "movement_for",
    "offered",
    "read_duplicate",
    "result_words",
    "table_moves",
    "tricks_words",
    "work_out_duplicate",
]
