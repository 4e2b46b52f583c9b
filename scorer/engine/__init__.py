"""The rules of Bridge by the Laws of 1905 (J. B. Elwell), as a pure-Python engine.

Given the rules in force and the deals in order, `work_out` replays them and returns the
whole sheet. Nothing here imports Django: the site and the command line are built on it.

Each game the club scores is a package of its own (`bridge`, `whist`) over the modules
they share, and a `CardGame` in a registry (`registry`): its answers to the site's
questions, by role (`roles`: its laws, file format, words, corrections, money, seating).
The site asks a rubber's game, `find_game(code)`, and never tests which game it is.
This module is the engine's public API: the site imports from it, or from the shared
modules, and never from inside a game's package.
"""

from __future__ import annotations

from scorer.engine import words as words  # the table's words, as engine.words
from scorer.engine.bridge import BRIDGE, THREE_HANDED
from scorer.engine.bridge.allowed import (
    Allowed,
    Make,
    allowed_json,
    allowed_line,
    best_words,
    compared_words,
    make_words,
    tricks_words,
    what_the_cards_allowed,
)
from scorer.engine.bridge.corrections import kind_of_change, law, ruling, window
from scorer.engine.bridge.interchange import (
    Rubber,
    deal_json,
    loads,
    read_rubber,
    rubber_json,
    sheet_json,
)
from scorer.engine.bridge.points import points_of, score_for_points
from scorer.engine.bridge.sheet import (
    Entry,
    Game,
    ScoredDeal,
    Sheet,
    Totals,
    check_declaration,
    may_go_unplayed,
    score_deal,
    tricks_after_revokes,
    work_out,
)
from scorer.engine.bridge.text import outcome, sheet_text, standing
from scorer.engine.bridge.three_handed import (
    DummyDeclaration,
    Seat,
    check_double,
    dummy_declaration,
    may_double,
)
from scorer.engine.called import Called, Offer, Penalty, Record, Revoke
from scorer.engine.calls import ACES_EASY, CALLED, EASY, Call, calls_on_offer, chicane_refused
from scorer.engine.cutting import cut_for_the_dummy
from scorer.engine.errors import RubberError
from scorer.engine.formats import (
    FORMATS,
    FileFormat,
    WorkedOut,
    loads_and_work_out,
    read_and_work_out,
)
from scorer.engine.layout import Column, Item
from scorer.engine.model import (
    NONE,
    PRINTED_LAWS,
    SIDES,
    Deal,
    DealAsCards,
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
from scorer.engine.registry import GAMES, find_game, game_of, loads_any, read_any
from scorer.engine.roles import CardGame, RubberRecord
from scorer.engine.rulings import Kind, Ruling, Verdict, Window
from scorer.engine.seats import (
    SEATS,
    adversaries_of,
    next_dealer,
    partner_of,
    seats_of,
    side_of_seat,
)
from scorer.engine.stakes import Share, Staked, rubber_value
from scorer.engine.tally import ScoreSheet
from scorer.engine.values import Honours, most_doubles, trick_value
from scorer.engine.whist import WHIST
from scorer.engine.whist.interchange import WhistRubber
from scorer.engine.whist.interchange import loads as loads_whist
from scorer.engine.whist.interchange import read_rubber as read_whist_rubber
from scorer.engine.whist.interchange import rubber_json as whist_rubber_json
from scorer.engine.whist.interchange import sheet_json as whist_sheet_json
from scorer.engine.whist.laws import PENALTY_CHOICES
from scorer.engine.whist.sheet import (
    GameValue,
    WhistDeal,
    WhistEntry,
    WhistGame,
    WhistScoredDeal,
    WhistSheet,
    WhistTotals,
)
from scorer.engine.whist.sheet import work_out as work_out_whist
from scorer.engine.whist.text import sheet_text as whist_sheet_text
from scorer.engine.words import doubled, doubles_choice, game_heading, game_ordinal, game_title

__all__ = [
    "ACES_EASY",
    "BRIDGE",
    "CALLED",
    "EASY",
    "FORMATS",
    "GAMES",
    "NONE",
    "PENALTY_CHOICES",
    "PRINTED_LAWS",
    "SEATS",
    "SIDES",
    "THREE_HANDED",
    "WHIST",
    "Allowed",
    "Call",
    "Called",
    "CardGame",
    "Column",
    "Deal",
    "DealAsCards",
    "DummyDeclaration",
    "Entry",
    "FileFormat",
    "Game",
    "GameValue",
    "Holding",
    "Honours",
    "Item",
    "Kind",
    "Make",
    "Maker",
    "Offer",
    "Pair",
    "Penalty",
    "Play",
    "Record",
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
    "WorkedOut",
    "adversaries_of",
    "allowed_json",
    "allowed_line",
    "best_words",
    "calls_on_offer",
    "check_declaration",
    "check_double",
    "chicane_refused",
    "compared_words",
    "cut_for_the_dummy",
    "deal_json",
    "doubled",
    "doubles_choice",
    "dummy_declaration",
    "find_game",
    "game_heading",
    "game_of",
    "game_ordinal",
    "game_title",
    "kind_of_change",
    "law",
    "loads",
    "loads_and_work_out",
    "loads_any",
    "loads_whist",
    "make_words",
    "may_double",
    "may_go_unplayed",
    "most_doubles",
    "next_dealer",
    "outcome",
    "partner_of",
    "points_of",
    "read_and_work_out",
    "read_any",
    "read_rubber",
    "read_whist_rubber",
    "rubber_json",
    "rubber_value",
    "ruling",
    "score_deal",
    "score_for_points",
    "seats_of",
    "sheet_json",
    "sheet_text",
    "side_of_seat",
    "standing",
    "trick_value",
    "tricks_after_revokes",
    "tricks_words",
    "what_the_cards_allowed",
    "whist_rubber_json",
    "whist_sheet_json",
    "whist_sheet_text",
    "window",
    "work_out",
    "work_out_whist",
]
