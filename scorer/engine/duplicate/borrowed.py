"""What the Duplicate engine takes from the engine's rubber modules, imported in this one
place so that a move of those modules is one change here: the sheet's `Entry` (one side's
score for a deal, with its items in words) and the JSON readers' helpers of the
interchange formats."""

from __future__ import annotations

from scorer.engine.interchange import (
    MOST_DOUBLES_READ,
    _check_text,
    _is_int,
    _kind,
    _show,
    parse,
)
from scorer.engine.sheet import Entry

__all__ = ["MOST_DOUBLES_READ", "Entry", "_check_text", "_is_int", "_kind", "_show", "parse"]
