"""The registry of games: every game answers every question the site asks of a rubber's
game, role by role, in the same words and types, so that the site never tests which game
it is."""

from __future__ import annotations

import dataclasses
import inspect
import json
import subprocess
import sys
import typing
from decimal import Decimal
from pathlib import Path

import pytest

from scorer.engine import (
    BRIDGE,
    GAMES,
    PRINTED_LAWS,
    THREE_HANDED,
    WHIST,
    CardGame,
    Kind,
    Rubber,
    RubberError,
    Rules,
    Staked,
    ThreeHandedRules,
    Unit,
    WhistRubber,
    find_game,
    game_of,
    law,
    loads_any,
    read_any,
    rubber_json,
)
from scorer.engine.roles import Corrections, Format, Laws, Money, Seating, Words
from tests.support.games import the_rubber_of_the_format, whist
from tests.support.rubbers import deal

ROOT = Path(__file__).parent.parent.parent
ROLES = {
    "laws": Laws,
    "format": Format,
    "words": Words,
    "corrections": Corrections,
    "money": Money,
    "seating": Seating,
}
GAME = deal("NT", (12, 1))
PART = deal("S", (8, 5))

# A rubber of each game, finished, as its JSON: the same questions are asked of each.
RUBBERS = {
    "bridge": rubber_json(Rubber(Rules(), (PART, GAME, GAME))),
    "three-handed": rubber_json(Rubber(ThreeHandedRules(unit=Unit.GAME), (PART, GAME))),
    "whist": WHIST.format.rubber_json(WhistRubber(tuple(the_rubber_of_the_format()))),
}
# Deal 1 of each, as corrected: its tricks changed.
CORRECTED = {
    "bridge": deal("S", (9, 4)),
    "three-handed": deal("S", (9, 4)),
    "whist": whist((8, 5), (3, 1)),
}


def role_members(role: type) -> list[str]:
    return [
        name
        for name, member in vars(role).items()
        if not name.startswith("_") and (callable(member) or isinstance(member, property))
    ]


def protocol_members() -> list[str]:
    """Every question of every role, and the game's own code and name."""
    asked = [name for role in ROLES.values() for name in role_members(role)]
    own = [field.name for field in dataclasses.fields(CardGame) if field.name not in ROLES]
    return sorted([*asked, *own])


def test_the_registry_holds_the_clubs_three_games_by_code():
    assert [(code, game.name) for code, game in GAMES.items()] == [
        ("bridge", "Bridge"),
        ("three-handed", "Three-handed Bridge"),
        ("whist", "Short Whist"),
    ]
    assert list(GAMES.values()) == [BRIDGE, THREE_HANDED, WHIST]
    assert all(find_game(code).code == code for code in GAMES)


def test_a_game_not_in_the_registry_is_refused_by_name():
    with pytest.raises(RubberError) as refused:
        find_game("piquet")
    assert str(refused.value) == (
        "game must be one of 'bridge', 'three-handed', 'whist' (got 'piquet')"
    )
    assert refused.value.field == "game"


@pytest.mark.parametrize("code", GAMES)
def test_every_game_answers_every_question_of_the_protocol(code):
    game = GAMES[code]
    assert isinstance(game, CardGame)
    for role, protocol in ROLES.items():
        for name in role_members(protocol):
            answers = getattr(game, role)
            assert hasattr(answers, name), f"{game.name} does not answer {role}.{name}"


def test_the_protocol_asks_the_questions_the_site_needs():
    assert protocol_members() == [
        "above_the_line",
        "called_of",
        "changes",
        "check_declaration",
        "code",
        "cuts",
        "deal_heads",
        "deal_of",
        "declaration_name",
        "declaration_words",
        "entry_figures",
        "kind_of_change",
        "kind_words",
        "law",
        "layout",
        "loads",
        "may_go_unplayed",
        "name",
        "next_seating",
        "number_of_players",
        "offers",
        "outcome",
        "passed_reminder",
        "player_at",
        "read_rubber",
        "records",
        "reminders",
        "result_words",
        "row_words",
        "rubber_format",
        "rubber_json",
        "rules",
        "ruling",
        "seat_label",
        "seats",
        "shares",
        "sheet_format",
        "sheet_json",
        "sheet_text",
        "staked",
        "standing",
        "table_of_values",
        "trumps",
        "units",
        "value",
        "window",
        "work_out",
    ]


def test_every_question_of_the_protocol_is_typed():
    type_parameters = {p.__name__: p for p in CardGame.__type_params__}  # D and S
    fields = typing.get_type_hints(CardGame, localns=type_parameters)
    assert set(fields) == {"code", "name", *ROLES}
    for protocol in ROLES.values():
        for name in role_members(protocol):
            member = vars(protocol)[name]
            function = member.fget if isinstance(member, property) else member
            type_parameters = {p.__name__: p for p in protocol.__type_params__}  # D and S
            hints = typing.get_type_hints(function, localns=type_parameters)
            assert "return" in hints, f"{name} has no return type"
            parameters = [p for p in inspect.signature(function).parameters if p != "self"]
            assert set(parameters) <= set(hints), f"{name} has untyped parameters"


def test_the_sites_use_of_the_registry_type_checks_and_a_misuse_does_not(tmp_path):
    use = tmp_path / "use.py"
    use.write_text(
        "from __future__ import annotations\n"
        "from scorer.engine import WHIST, Kind, find_game, work_out_whist\n"
        "def agreed(code: str, text: str, counts: bool) -> tuple[int, str, bool]:\n"
        "    game = find_game(code)\n"
        "    rubber = game.format.loads(text)\n"
        "    sheet = game.laws.work_out(rubber.deals, rubber.rules)\n"
        "    value = game.money.value(sheet, abandoned_counts=counts)\n"
        "    points = sum(share.points for share in game.money.shares(value))\n"
        "    open = game.corrections.window(sheet, 1, next_trump_declared=False, agreed=False)\n"
        "    return points, game.corrections.law(Kind.TRICKS) + game.money.staked.label,"
        " open.tricks.allowed\n"
        "def misuse() -> int:\n"
        "    return WHIST.money.value(work_out_whist([]), abandoned_counts='no')\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), str(use)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, result.stdout
    assert ':12: error: Argument "abandoned_counts"' in errors[0]  # misuse() only


# -- The same questions, asked of each game's rubber ---------------------------------------


@pytest.mark.parametrize("code", GAMES)
def test_a_rubber_is_read_worked_out_and_written_by_its_game(code):
    game, rubber = read_any(RUBBERS[code])
    assert game is GAMES[code]
    assert game_of(RUBBERS[code]) is game
    assert game.format.rubber_json(rubber) == RUBBERS[code]
    assert loads_any(json.dumps(RUBBERS[code]))[1] == rubber
    sheet = game.laws.work_out(rubber.deals, rubber.rules)
    assert sheet == rubber.sheet()
    assert sheet.finished
    data = game.format.sheet_json(sheet)
    assert data["format"] == game.format.sheet_format
    assert list(data) == ["format", "deals", "games", "rubber", "totals", "net"]
    assert all(deal["explanation"]["we"] or deal["explanation"]["they"] for deal in data["deals"])
    assert data["net"]["we"] == game.money.value(sheet, abandoned_counts=False)
    text = game.words.sheet_text(sheet)
    assert text.endswith(game.words.outcome(sheet) + "\n")
    assert game.words.standing(sheet).startswith("We won the")


@pytest.mark.parametrize("code", GAMES)
def test_each_game_reads_only_its_own_format(code):
    game = GAMES[code]
    others = [RUBBERS[other] for other in GAMES if other != code]
    for other in others:
        with pytest.raises(RubberError):
            game.format.read_rubber(other)


def test_a_rubber_of_no_known_format_is_refused():
    with pytest.raises(RubberError) as refused:
        read_any({"format": "piquet/1"})
    assert str(refused.value) == (
        "format must be 'elwell-rubber/1' or 'whist-rubber/1' (got \"piquet/1\")"
    )


@pytest.mark.parametrize("code", GAMES)
def test_the_value_when_agreed_now_won_or_abandoned(code):
    game = GAMES[code]
    _, rubber = read_any(RUBBERS[code])
    finished = rubber.sheet()
    unfinished = game.laws.work_out(rubber.deals[:1], rubber.rules)
    assert game.money.value(finished, abandoned_counts=False) == finished.net.we
    assert game.money.value(unfinished, abandoned_counts=True) == unfinished.net.we
    assert game.money.value(unfinished, abandoned_counts=False) == 0


@pytest.mark.parametrize("code", GAMES)
def test_each_players_share_adds_up_to_nothing(code):
    shares = GAMES[code].money.shares(152)
    assert sum(share.points for share in shares) == 0
    assert sorted(seat for share in shares for seat in share.seats) == [0, 1, 2, 3]
    assert len(shares) == GAMES[code].seating.number_of_players


def test_four_players_each_gain_or_lose_the_value_once():
    shares = BRIDGE.money.shares(152)
    assert [(s.seats, s.points, s.partners) for s in shares] == [
        ((0,), 152, (2,)),
        ((1,), -152, (3,)),
        ((2,), 152, (0,)),
        ((3,), -152, (1,)),
    ]
    assert WHIST.money.shares(6) == tuple(s for s in BRIDGE.money.shares(6))


def test_bridge_is_staked_by_the_hundred_whist_by_the_point():
    assert (BRIDGE.money.staked, THREE_HANDED.money.staked, WHIST.money.staked) == (
        Staked.PER_HUNDRED,
        Staked.PER_HUNDRED,
        Staked.PER_POINT,
    )
    assert BRIDGE.money.staked.amount(152, Decimal("1.00")) == Decimal("1.52")
    assert WHIST.money.staked.amount(6, Decimal("0.25")) == Decimal("1.50")
    assert (Staked.PER_HUNDRED.label, Staked.PER_POINT.label) == ("a hundred points", "a point")


@pytest.mark.parametrize("code", GAMES)
def test_each_game_names_the_law_of_a_correction_and_rules_on_it(code):
    game = GAMES[code]
    _, rubber = read_any(RUBBERS[code])
    sheet = rubber.sheet()
    old = rubber.deals[0]
    kind = game.corrections.kind_of_change(old, CORRECTED[code])
    assert kind is Kind.TRICKS
    assert game.corrections.kind_of_change(old, old) is None
    found = game.corrections.ruling(
        sheet, 1, CORRECTED[code], next_trump_declared=False, agreed=True
    )
    assert found.kind is kind
    assert not found.allowed
    assert found.law in found.reason
    window = game.corrections.window(sheet, 1, next_trump_declared=False, agreed=True)
    assert not window.tricks.allowed
    assert not window.honours.allowed


@pytest.mark.parametrize("code", GAMES)
def test_each_game_tells_what_a_correction_changed(code):
    game = GAMES[code]
    _, rubber = read_any(RUBBERS[code])
    before = rubber.sheet()
    after = game.laws.work_out([CORRECTED[code], *rubber.deals[1:]], rubber.rules)
    assert game.corrections.changes(before, after)[0].startswith("deal 1: We ")
    assert game.corrections.changes(before, before) == []


def test_whist_tells_a_change_by_the_order_of_scoring():
    before = WHIST.laws.work_out([whist((7, 6)), whist((11, 2))], PRINTED_LAWS)
    after = WHIST.laws.work_out([whist((6, 7), (1, 3)), whist((11, 2))], PRINTED_LAWS)
    assert WHIST.corrections.changes(before, after) == [
        "deal 1: We 1 → 0 in tricks; They 0 → 1 in tricks; They 0 → 2 in honours",
        "deal 2: We 4 → 5 in tricks",
        "totals: We 3 → 1",  # They at 3: a single, not a treble
    ]


def test_the_laws_of_correction_are_named_by_the_engine():
    assert [
        (g.corrections.law(Kind.TRICKS), g.corrections.law(Kind.HONOURS)) for g in GAMES.values()
    ] == [
        ("Law 12", "Law 13"),
        ("Law 12", "Law 13"),
        ("Law 11", "Law 6"),
    ]
    assert (law(Kind.TRICKS), law(Kind.HONOURS)) == ("Law 12", "Law 13")


def test_bridges_ruling_is_its_window_for_the_kind_of_change():
    _, rubber = read_any(RUBBERS["bridge"])
    found = BRIDGE.corrections.ruling(
        rubber.sheet(),
        1,
        deal("S", (8, 5), ((3, 1), (1, 0))),
        next_trump_declared=False,
        agreed=False,
    )
    assert (found.kind, found.law, found.allowed) == (Kind.HONOURS, "Law 13", True)
    found = BRIDGE.corrections.ruling(
        rubber.sheet(), 1, CORRECTED["bridge"], next_trump_declared=False, agreed=False
    )
    assert (found.kind, found.law, found.allowed) == (Kind.TRICKS, "Law 12", False)
    assert found.reason == (
        "Deal 1's tricks can no longer be corrected: the first game was concluded when "
        "deal 3's trump was declared (Law 12)."
    )


def test_each_game_makes_its_rules_from_the_clubs_settings():
    assert BRIDGE.laws.rules(doubling_limit=100) == Rules(100, False)
    assert THREE_HANDED.laws.rules(doubling_limit=100, unit=Unit.GAME) == ThreeHandedRules(
        100, False, Unit.GAME
    )
    assert WHIST.laws.rules(doubling_limit=100, spade_convention=True) == PRINTED_LAWS
    with pytest.raises(RubberError, match=r"^rules.unit: Short Whist is scored by the rubber"):
        WHIST.laws.rules(unit=Unit.GAME)


def test_the_formats_are_named():
    assert [(g.format.rubber_format, g.format.sheet_format) for g in GAMES.values()] == [
        ("elwell-rubber/1", "elwell-sheet/1"),
        ("elwell-rubber/1", "elwell-sheet/1"),
        ("whist-rubber/1", "whist-sheet/1"),
    ]
    assert [g.seating.number_of_players for g in GAMES.values()] == [4, 3, 4]
