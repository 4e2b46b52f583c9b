"""The games the club scores, as a registry: Bridge, Three-handed Bridge, Short Whist.

A game is found by its code, as stored and written (`find_game`), or, for a file of any
game, by its format (`game_of`, `read_any`, `loads_any`). Each game is a `roles.CardGame`:
the site asks its roles, and never tests which game it is:
`find_game(rubber.game).money.value(sheet, abandoned_counts=...)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.engine.bridge import BRIDGE, THREE_HANDED
from scorer.engine.errors import RubberError
from scorer.engine.reading import parse, show
from scorer.engine.roles import CardGame, RubberRecord
from scorer.engine.whist import WHIST

GAMES: Mapping[str, CardGame[Any, Any]] = {
    game.code: game for game in (BRIDGE, THREE_HANDED, WHIST)
}


def find_game(code: str) -> CardGame[Any, Any]:
    """The game stored as `code`: "bridge", "three-handed" or "whist"."""
    try:
        return GAMES[code]
    except (KeyError, TypeError):
        known = ", ".join(repr(name) for name in GAMES)
        raise RubberError(f"game must be one of {known} (got {code!r})", field="game") from None


def game_of(data: object) -> CardGame[Any, Any]:
    """The game a parsed rubber is written for, by its format and, for elwell-rubber/1, its
    rules' "game". Anything else is Bridge's to refuse, as it always was."""
    if not isinstance(data, dict):
        return BRIDGE
    written = data.get("format")
    if written == WHIST.format.rubber_format:
        return WHIST
    if written != BRIDGE.format.rubber_format:
        formats = f"{BRIDGE.format.rubber_format!r} or {WHIST.format.rubber_format!r}"
        shown = show(written)
        raise RubberError(f"format must be {formats} (got {shown})")
    rules = data.get("rules")
    if isinstance(rules, dict) and rules.get("game") == THREE_HANDED.code:
        return THREE_HANDED
    return BRIDGE


def read_any(data: object) -> tuple[CardGame[Any, Any], RubberRecord[Any, Any]]:
    """A rubber of any game from its parsed JSON, with the game it is written for."""
    game = game_of(data)
    return game, game.format.read_rubber(data)


def loads_any(text: str | bytes) -> tuple[CardGame[Any, Any], RubberRecord[Any, Any]]:
    """A rubber of any game from its JSON text, with the game it is written for."""
    data = parse(text)
    return read_any(data)
