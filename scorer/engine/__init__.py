"""The rules of Bridge by the Laws of 1905 (J. B. Elwell), as a pure-Python engine.

Given the rules in force and the deals in order, `work_out` replays them and returns the
whole sheet. Nothing here imports Django: the site and the command line are built on it.

The club's other games are rule sets of the same engine, kept in a registry (`games`):
Three-handed Bridge and Short Whist answer every question Bridge does, so the site asks a
rubber's game, `find_game(code)`, and never tests which game it is.
"""

from __future__ import annotations

from scorer.engine.corrections import (
    Kind,
    Ruling,
    Verdict,
    Window,
    kind_of_change,
    law,
    ruling,
    window,
)
from scorer.engine.cutting import cut_for_the_dummy
from scorer.engine.errors import RubberError
from scorer.engine.games import (
    BRIDGE,
    GAMES,
    THREE_HANDED,
    WHIST,
    CardGame,
    RubberRecord,
    ScoreSheet,
    Share,
    Staked,
    find_game,
    game_of,
    loads_any,
    read_any,
    rubber_value,
)
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
    ThreeHandedRules,
    Trump,
    Unit,
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
from scorer.engine.three_handed import (
    DummyDeclaration,
    Seat,
    check_double,
    dummy_declaration,
    may_double,
)
from scorer.engine.values import Honours, most_doubles, trick_value
from scorer.engine.whist import (
    GameValue,
    Penalty,
    Revoke,
    WhistDeal,
    WhistEntry,
    WhistGame,
    WhistScoredDeal,
    WhistSheet,
    WhistTotals,
    work_out_whist,
)
from scorer.engine.whist_interchange import (
    WhistRubber,
    loads_whist,
    read_whist_rubber,
    whist_rubber_json,
    whist_sheet_json,
)
from scorer.engine.whist_text import whist_sheet_text

__all__ = [
    "BRIDGE",
    "GAMES",
    "NONE",
    "PRINTED_LAWS",
    "SIDES",
    "THREE_HANDED",
    "WHIST",
    "CardGame",
    "Column",
    "Deal",
    "DummyDeclaration",
    "Entry",
    "Game",
    "GameValue",
    "Holding",
    "Honours",
    "Item",
    "Kind",
    "Maker",
    "Pair",
    "Penalty",
    "Play",
    "Revoke",
    "Rubber",
    "RubberError",
    "RubberRecord",
    "Rules",
    "Ruling",
    "ScoreSheet",
    "ScoredDeal",
    "Seat",
    "Share",
    "Sheet",
    "Side",
    "Staked",
    "ThreeHandedRules",
    "Totals",
    "Trump",
    "Unit",
    "Verdict",
    "WhistDeal",
    "WhistEntry",
    "WhistGame",
    "WhistRubber",
    "WhistScoredDeal",
    "WhistSheet",
    "WhistTotals",
    "Window",
    "check_declaration",
    "check_double",
    "cut_for_the_dummy",
    "dummy_declaration",
    "find_game",
    "game_of",
    "kind_of_change",
    "law",
    "loads",
    "loads_any",
    "loads_whist",
    "may_double",
    "most_doubles",
    "read_any",
    "read_rubber",
    "read_whist_rubber",
    "rubber_json",
    "rubber_value",
    "ruling",
    "score_deal",
    "sheet_json",
    "sheet_text",
    "trick_value",
    "tricks_after_revokes",
    "whist_rubber_json",
    "whist_sheet_json",
    "whist_sheet_text",
    "window",
    "work_out",
    "work_out_whist",
]
