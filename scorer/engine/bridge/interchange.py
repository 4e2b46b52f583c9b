"""The JSON interchange formats: rubbers in as elwell-rubber/1, sheets out as elwell-sheet/1.

Bridge for three players is written in the same formats: its rules say "game":
"three-handed" and the unit, and its players are the dummy's holder and the two others.
Reading checks the shape of every field and names the deal and the field when one is wrong;
whether the deals are allowed by the laws is checked when the sheet is worked out.

A deal may be given as its cards (§9): its `hands`, and its `play` if known. It is read
here, the one place, by `scorer.engine.cards.read_cards`, which works out the honours,
chicane (and with a play the tricks and revokes) and checks whatever counts the deal gives
as well; the deal keeps its cards (a `DealAsCards`), the sheet writes what was worked out
on that deal (`worked_out`), and a rubber written back keeps its hands and play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scorer.engine.bounds import MOST_DOUBLES_READ
from scorer.engine.bridge.laws import BridgeLaws
from scorer.engine.bridge.sheet import ScoredDeal, Sheet, work_out
from scorer.engine.cards import CARD_FIELDS, ByCards, read_cards
from scorer.engine.errors import RubberError
from scorer.engine.model import (
    NONE,
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
from scorer.engine.reading import (
    check_text,
    choice,
    counts,
    is_int,
    kind_of,
    parse,
    read_deals,
    read_players,
    required,
    show,
    sides,
)
from scorer.engine.roles import RubberRecord
from scorer.engine.tally import game_json, outcome_json, totals_json

RUBBER_FORMAT = "elwell-rubber/1"
SHEET_FORMAT = "elwell-sheet/1"


_DECLARATION_FIELDS = ("dealer", "maker", "trump", "doubles", "played")
_PLAY_FIELDS = ("tricks", "honours", "chicane", "revokes")


@dataclass(frozen=True, slots=True)
class Rubber:
    """A rubber as recorded: the rules in force, the players if named, the deals."""

    rules: Rules
    deals: tuple[Deal, ...]
    players: Pair[tuple[str, str]] | None = None

    def sheet(self) -> Sheet:
        return work_out(self.deals, self.rules)


def loads(text: str | bytes) -> Rubber:
    """Read a rubber from elwell-rubber/1 JSON text."""
    return read_rubber(parse(text))


def read_rubber(data: object) -> Rubber:
    """Read a rubber from parsed elwell-rubber/1 JSON."""
    if not isinstance(data, dict):
        raise RubberError(f"a rubber must be a JSON object (got {kind_of(data)})")
    if data.get("format") != RUBBER_FORMAT:
        raise RubberError(f"format must be {RUBBER_FORMAT!r} (got {show(data.get('format'))})")
    rules = _read_rules(required(data, "rules"))
    players = None
    if "players" in data:
        three = isinstance(rules, ThreeHandedRules)
        players = (_read_three_players if three else read_players)(data["players"])
    return Rubber(rules, read_deals(data, read_deal), players)


BRIDGE = "bridge"
THREE_HANDED = "three-handed"
_RULES = frozenset({"doubling_limit", "spade_convention", "game"})
_UNITS = {unit.value: unit for unit in Unit}


def _read_rules(rules: object) -> Rules:
    if not isinstance(rules, dict):
        raise RubberError(f"rules must be an object (got {kind_of(rules)})", field="rules")
    game = rules.get("game", BRIDGE)
    if game not in (BRIDGE, THREE_HANDED):
        whist = " (Short Whist is written as whist-rubber/1)" if game == "whist" else ""
        raise RubberError(
            f"rules.game must be {BRIDGE!r} or {THREE_HANDED!r} (got {show(game)}){whist}",
            field="rules",
        )
    three = game == THREE_HANDED
    unknown = sorted(set(rules) - (_RULES | {"unit"} if three else _RULES))
    if unknown == ["unit"]:
        raise RubberError(
            "rules.unit: only Three-handed Bridge chooses its unit "
            '(rules.game "three-handed"); four players play rubbers (Law 1)',
            field="rules",
        )
    if unknown:
        raise RubberError(f"rules: unknown field {unknown[0]!r}", field="rules")
    limit = required(rules, "doubling_limit", "rules.doubling_limit")
    if limit is not None and not (is_int(limit) and limit > 0):
        raise RubberError(
            f"rules.doubling_limit must be null or a whole number above 0 (got {show(limit)})",
            field="rules",
        )
    spades = required(rules, "spade_convention", "rules.spade_convention")
    if not isinstance(spades, bool):
        raise RubberError(
            f"rules.spade_convention must be true or false (got {show(spades)})", field="rules"
        )
    if not three:
        return Rules(doubling_limit=limit, spade_convention=spades)
    unit = required(rules, "unit", "rules.unit")
    if unit not in _UNITS:
        allowed = ", ".join(repr(name) for name in _UNITS)
        raise RubberError(f"rules.unit must be one of {allowed} (got {show(unit)})", field="rules")
    return ThreeHandedRules(doubling_limit=limit, spade_convention=spades, unit=_UNITS[unit])


def _read_three_players(players: object) -> Pair[tuple[str, str]]:
    """The dummy's holder, who sits in both of We's seats, and They."""
    if not isinstance(players, dict) or set(players) != {"dummy", "they"}:
        raise RubberError(
            "players must be an object with 'dummy' (the player who has the dummy) and 'they'",
            field="players",
        )
    holder = players["dummy"]
    if not (isinstance(holder, str) and holder.strip()):
        raise RubberError(
            f"players.dummy must be the name of the player who has the dummy (got {show(holder)})",
            field="players",
        )
    check_text(holder, "players.dummy")
    they = read_players({"we": [holder, holder], "they": players["they"]}).they
    return Pair((holder, holder), they)


def read_deal(data: object) -> Deal:
    """Read one deal; the error does not yet know the deal's number."""
    if type(data) is not dict:
        raise RubberError(f"a deal must be an object (got {kind_of(data)})")
    played = data.get("played", True)
    if played is not True and played is not False:
        raise RubberError(f"played must be true or false (got {show(played)})", field="played")
    as_cards = False  # given by its counts, unless it has fields beyond them
    if not (_COUNTED if played else _NOT_PLAYED).issuperset(data):
        _refuse_unknown_field(data, played=played)
        as_cards = True  # `hands` or `play`, the only other fields a played deal may have
    dealer = choice(data, "dealer", _DEALERS)
    maker = choice(data, "maker", _MAKERS)
    trump = choice(data, "trump", _TRUMPS)
    doubles = required(data, "doubles")
    if type(doubles) is not int:
        raise RubberError(f"doubles must be a whole number (got {show(doubles)})", field="doubles")
    if doubles > MOST_DOUBLES_READ:
        raise RubberError(
            f"doubles: {doubles} is more than this scorer reads (at most {MOST_DOUBLES_READ})",
            field="doubles",
        )
    if not played:
        return Deal(dealer, trump, maker, doubles)
    if as_cards:
        return _deal_as_cards(data, dealer, trump, maker, doubles)
    play = Play(
        counts(data, "tricks"),
        _holdings(data),
        counts(data, "chicane", optional=True),
        counts(data, "revokes", optional=True),
    )
    return Deal(dealer, trump, maker, doubles, play)


_COUNTED = frozenset(_DECLARATION_FIELDS + _PLAY_FIELDS)
_PLAYED = _COUNTED | frozenset(CARD_FIELDS)
_NOT_PLAYED = frozenset(_DECLARATION_FIELDS)
_DEALERS = {side.value: side for side in Side}
_MAKERS = {maker.value: maker for maker in Maker}
_TRUMPS = {trump.value: trump for trump in Trump}


def _refuse_unknown_field(data: dict[str, object], *, played: bool) -> None:
    for field in data:
        if field not in _PLAYED:
            raise RubberError(f"unknown field {field!r}", field=field)
        if not played and field not in _NOT_PLAYED:
            raise RubberError(f"{field}: a deal that was not played has no {field}", field=field)


def _deal_as_cards(
    data: dict[str, object], dealer: Side, trump: Trump, maker: Maker, doubles: int
) -> DealAsCards:
    """A deal given by its hands (and play), read by the one reader of the cards."""
    if "hands" not in data:
        raise RubberError(
            "play: a deal given by its play gives the hands it was played from (hands)",
            field="play",
        )
    by_cards = read_cards(data, dealer=dealer, trump=trump)
    return DealAsCards(dealer, trump, maker, doubles, by_cards.play, cards=by_cards)


def _holdings(data: dict[str, object]) -> Pair[Holding]:
    """The honours in each hand of each side."""
    we, they = sides(data, "honours")
    return _pair_of_holdings(_holding(we, "we"), _holding(they, "they"))


@lru_cache(maxsize=1024)
def _pair_of_holdings(we: Holding, they: Holding) -> Pair[Holding]:
    return Pair(we, they)


def _holding(value: object, side: str) -> Holding:
    if type(value) is list and len(value) == 2:
        first, second = value
        if type(first) is int and type(second) is int:
            return (first, second)
    raise RubberError(
        f"honours.{side} must be a list of two whole numbers, one for each hand "
        f"(got {show(value)})",
        field="honours",
    )


# -- Writing ------------------------------------------------------------------------------


def rubber_json(rubber: Rubber) -> dict[str, Any]:
    """A rubber as elwell-rubber/1, the inverse of read_rubber."""
    rules = rubber.rules
    written: dict[str, Any] = {}
    if isinstance(rules, ThreeHandedRules):
        written = {"game": THREE_HANDED, "unit": rules.unit.value}
    written |= {"doubling_limit": rules.doubling_limit, "spade_convention": rules.spade_convention}
    data: dict[str, Any] = {"format": RUBBER_FORMAT, "rules": written}
    if rubber.players is not None:
        data["players"] = players_json(rules, rubber.players)
    data["deals"] = [deal_json(deal) for deal in rubber.deals]
    return data


def players_json(rules: Rules, players: Pair[tuple[str, str]]) -> dict[str, Any]:
    """{"we": [...], "they": [...]}; three playing, {"dummy": holder, "they": [...]}."""
    if isinstance(rules, ThreeHandedRules):
        return {"dummy": players.we[0], "they": list(players.they)}
    return {side: list(players[side]) for side in SIDES}


def deal_json(deal: Deal) -> dict[str, Any]:
    data: dict[str, Any] = {
        "dealer": deal.dealer.value,
        "maker": deal.maker.value,
        "trump": deal.trump.value,
        "doubles": deal.doubles,
    }
    if deal.play is None:
        data["played"] = False
        return data
    if isinstance(deal, DealAsCards):
        return data | cards_json(deal.cards)
    play = deal.play
    data["tricks"] = {"we": play.tricks.we, "they": play.tricks.they}
    data["honours"] = {"we": list(play.honours.we), "they": list(play.honours.they)}
    if play.chicane != NONE:
        data["chicane"] = {"we": play.chicane.we, "they": play.chicane.they}
    if play.revokes != NONE:
        data["revokes"] = {"we": play.revokes.we, "they": play.revokes.they}
    return data


def cards_json(by_cards: ByCards) -> dict[str, Any]:
    """A deal's cards as elwell-rubber/1 gives them, with only the counts the cards cannot
    give: the hands; the play, or without it the tricks; the revokes where they are not
    the play's (fewer claimed), or without a play where there were any."""
    data: dict[str, Any] = {"hands": by_cards.hands.json()}
    play = by_cards.play
    card_play = by_cards.card_play
    if card_play is None:
        data["tricks"] = {"we": play.tricks.we, "they": play.tricks.they}
        shown = NONE
    else:
        data["play"] = [[str(card) for card in trick.cards] for trick in card_play.tricks]
        shown = card_play.revokes_by(by_cards.dealer)
    if play.revokes != shown:
        data["revokes"] = {"we": play.revokes.we, "they": play.revokes.they}
    return data


def _scored_deal_json(scored: ScoredDeal) -> dict[str, Any]:
    we, they = scored.entries.we, scored.entries.they
    data: dict[str, Any] = {
        "number": scored.number,
        "game": scored.game,
        "we": {"tricks": we.tricks, "honours": we.honours},
        "they": {"tricks": they.tricks, "honours": they.honours},
        "explanation": {
            "we": [item.text for item in we.items],
            "they": [item.text for item in they.items],
        },
    }
    if isinstance(scored.deal, DealAsCards):  # what its cards gave (§9)
        data["worked_out"] = scored.deal.cards.worked_out
    return data


def sheet_json(sheet: Sheet, players: Pair[tuple[str, str]] | None = None) -> dict[str, Any]:
    """The worked sheet as elwell-sheet/1, each deal with its explanation in words."""
    data: dict[str, Any] = {"format": SHEET_FORMAT}
    if players is not None:
        data["players"] = players_json(sheet.rules, players)
    data["deals"] = [_scored_deal_json(scored) for scored in sheet.deals]
    data["games"] = [game_json(game) for game in sheet.games]
    data["rubber"] = outcome_json(sheet)["rubber"]
    data["totals"] = totals_json(sheet.totals, ("tricks", "honours", "rubber"))
    data["net"] = outcome_json(sheet)["net"]
    return data


# -- The format as a game reads and writes it ----------------------------------------------


@dataclass(frozen=True, slots=True)
class ElwellFormat:
    """elwell-rubber/1 and elwell-sheet/1 as one of the Bridges reads and writes them: both
    are written in these formats, told apart by their rules, and each reads and writes only
    its own rubbers (its laws' `check_rules`)."""

    laws: BridgeLaws
    rubber_format = RUBBER_FORMAT
    sheet_format = SHEET_FORMAT
    sheet_json = staticmethod(sheet_json)

    def read_rubber(self, data: object) -> Rubber:
        rubber = read_rubber(data)
        self.laws.check_rules(rubber.rules)
        return rubber

    def loads(self, text: str | bytes) -> Rubber:
        rubber = loads(text)
        self.laws.check_rules(rubber.rules)
        return rubber

    def rubber_json(self, rubber: RubberRecord[Deal, Sheet]) -> dict[str, Any]:
        self.laws.check_rules(rubber.rules)
        return rubber_json(Rubber(rubber.rules, rubber.deals, rubber.players))
