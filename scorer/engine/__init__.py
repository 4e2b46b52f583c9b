"""The rules of Bridge by the Laws of 1905 (J. B. Elwell), as a pure-Python engine.

Given the rules in force and the deals in order, `work_out` replays them and returns the
whole sheet. Nothing here imports Django: the site and the command line are built on it.
"""

from __future__ import annotations

from scorer.engine.corrections import Kind, Verdict, Window, kind_of_change, window
from scorer.engine.errors import RubberError
from scorer.engine.interchange import Rubber, loads, read_rubber, rubber_json, sheet_json
from scorer.engine.model import (
    NONE,
    PRINTED_LAWS,
    SIDES,
    Deal,
    Holding,
    Maker,
    Pair,
    Play,
    Rules,
    Side,
    Trump,
)
from scorer.engine.sheet import (
    Column,
    Entry,
    Game,
    Item,
    ScoredDeal,
    Sheet,
    Totals,
    check_declaration,
    score_deal,
    tricks_after_revokes,
    work_out,
)
from scorer.engine.text import sheet_text
from scorer.engine.values import Honours, most_doubles, trick_value

__all__ = [
    "NONE",
    "PRINTED_LAWS",
    "SIDES",
    "Column",
    "Deal",
    "Entry",
    "Game",
    "Holding",
    "Honours",
    "Item",
    "Kind",
    "Maker",
    "Pair",
    "Play",
    "Rubber",
    "RubberError",
    "Rules",
    "ScoredDeal",
    "Sheet",
    "Side",
    "Totals",
    "Trump",
    "Verdict",
    "Window",
    "check_declaration",
    "kind_of_change",
    "loads",
    "most_doubles",
    "read_rubber",
    "rubber_json",
    "score_deal",
    "sheet_json",
    "sheet_text",
    "trick_value",
    "tricks_after_revokes",
    "window",
    "work_out",
]
