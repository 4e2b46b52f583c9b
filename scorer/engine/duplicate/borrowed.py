"""What the Duplicate engine takes from Bridge's package and the engine's shared reading
helpers, imported in this one place so that a move of those modules is one change here:
scoring a deal for points (`bridge.points`), the sheet's `Entry` and `Item` (one side's
score for a deal, with its items in words), the bound on doubles a file may give, and the JSON
readers' helpers (`reading`)."""

from __future__ import annotations

from scorer.engine.bounds import MOST_DOUBLES_READ
from scorer.engine.bridge.points import points_of, score_for_points
from scorer.engine.bridge.sheet import Entry
from scorer.engine.layout import Item
from scorer.engine.reading import check_text, is_int, kind_of, parse, show

__all__ = [
    "MOST_DOUBLES_READ",
    "Entry",
    "Item",
    "check_text",
    "is_int",
    "kind_of",
    "parse",
    "points_of",
    "score_for_points",
    "show",
]
