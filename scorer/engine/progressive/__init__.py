"""Progressive Bridge (Elwell; §10 of the specification): an evening of numbered players at
tables of four, each round a stated number of deals played for points, the winners moving
on to the next table, and an individual score for every player.

Pure and typed, as the rest of the engine: `model` holds the evening as recorded,
`evening` works it out (each deal for points by `scorer.engine.bridge.points`), `interchange`
reads elwell-progressive/1 and writes elwell-progressive-result/1, `text` lays the result
out for a terminal.
"""

from __future__ import annotations

from scorer.engine.progressive.errors import EveningError
from scorer.engine.progressive.evening import (
    DealPoints,
    EveningScore,
    RoundScore,
    Seating,
    Standing,
    TableScore,
    work_out_evening,
)
from scorer.engine.progressive.interchange import (
    EVENING_FORMAT,
    RESULT_FORMAT,
    evening_json,
    loads_progressive,
    progressive_result_json,
    read_evening_deal,
    read_progressive,
)
from scorer.engine.progressive.model import (
    DEALS_A_ROUND,
    Evening,
    Partners,
    ProgressiveRules,
    Round,
    Table,
)
from scorer.engine.progressive.text import evening_text

__all__ = [
    "DEALS_A_ROUND",
    "EVENING_FORMAT",
    "RESULT_FORMAT",
    "DealPoints",
    "Evening",
    "EveningError",
    "EveningScore",
    "Partners",
    "ProgressiveRules",
    "Round",
    "RoundScore",
    "Seating",
    "Standing",
    "Table",
    "TableScore",
    "evening_json",
    "evening_text",
    "loads_progressive",
    "progressive_result_json",
    "read_evening_deal",
    "read_progressive",
    "work_out_evening",
]
