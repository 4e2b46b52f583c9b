"""Short Whist's JSON formats: rubbers in as whist-rubber/1, sheets out as whist-sheet/1.

As with Bridge's formats, reading checks the shape of every field and names the deal and the
field when one is wrong; whether the deals are allowed is checked when the sheet is worked
out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.engine.called import Penalty, Revoke
from scorer.engine.errors import RubberError
from scorer.engine.model import PRINTED_LAWS, SIDES, Pair, Rules, Side, Trump
from scorer.engine.reading import choice, counts, kind_of, parse, read_deals, read_players, show
from scorer.engine.roles import RubberRecord
from scorer.engine.tally import game_json, outcome_json, totals_json
from scorer.engine.whist.sheet import WhistDeal, WhistScoredDeal, WhistSheet, work_out

# As each file names its format.
rubber_format = "whist-rubber/1"
sheet_format = "whist-sheet/1"

_DEAL_FIELDS = frozenset({"dealer", "trump", "tricks", "honours", "revokes"})
# Bridge's fields, refused with the reason: the trump is turned up, not declared.
_NOT_WHIST = {
    "maker": "Whist has no declaration: the trump is the suit of the card turned up",
    "doubles": "Whist has no doubling",
    "played": "every deal of Whist is played",
    "chicane": "Whist does not score chicane",
}
_DEALERS = {side.value: side for side in Side}
_TRUMPS: dict[str, Trump] = {trump.value: trump for trump in Trump if trump is not Trump.NO_TRUMP}
_REVOKERS = {side.value: side for side in Side}
_PENALTIES = {penalty.value: penalty for penalty in Penalty}


@dataclass(frozen=True, slots=True)
class WhistRubber:
    """A Whist rubber as recorded: the players if named, the deals."""

    deals: tuple[WhistDeal, ...]
    players: Pair[tuple[str, str]] | None = None

    @property
    def rules(self) -> Rules:
        """Whist has no options: no declaration and no doubling for the club to rule on."""
        return PRINTED_LAWS

    def sheet(self) -> WhistSheet:
        return work_out(self.deals)


def loads(text: str | bytes) -> WhistRubber:
    """Read a rubber from whist-rubber/1 JSON text."""
    return read_rubber(parse(text))


def read_rubber(data: object) -> WhistRubber:
    """Read a rubber from parsed whist-rubber/1 JSON."""
    if not isinstance(data, dict):
        raise RubberError(f"a rubber must be a JSON object (got {kind_of(data)})")
    if data.get("format") != rubber_format:
        raise RubberError(f"format must be {rubber_format!r} (got {show(data.get('format'))})")
    players = read_players(data["players"]) if "players" in data else None
    return WhistRubber(read_deals(data, read_deal), players)


def read_deal(data: object) -> WhistDeal:
    """Read one deal; the error does not yet know the deal's number."""
    if type(data) is not dict:
        raise RubberError(f"a deal must be an object (got {kind_of(data)})")
    if not _DEAL_FIELDS.issuperset(data):
        for field in data:
            if field in _NOT_WHIST:
                raise RubberError(f"{field}: {_NOT_WHIST[field]}", field=field)
            if field not in _DEAL_FIELDS:
                raise RubberError(f"unknown field {field!r}", field=field)
    return WhistDeal(
        dealer=choice(data, "dealer", _DEALERS),
        trump=choice(data, "trump", _TRUMPS),
        tricks=counts(data, "tricks"),
        honours=counts(data, "honours"),
        revokes=_read_revokes(data.get("revokes", [])),
    )


def _read_revokes(revokes: object) -> tuple[Revoke, ...]:
    if not isinstance(revokes, list):
        raise RubberError(f"revokes must be a list (got {kind_of(revokes)})", field="revokes")
    read = []
    for at, revoke in enumerate(revokes, 1):
        where = f"revokes[{at}]"
        if type(revoke) is not dict or set(revoke) != {"by", "penalty"}:
            raise RubberError(
                f"{where} must be an object with 'by' and 'penalty' (got {show(revoke)})",
                field="revokes",
            )
        read.append(
            Revoke(
                _member(revoke["by"], _REVOKERS, f"{where}.by"),
                _member(revoke["penalty"], _PENALTIES, f"{where}.penalty"),
            )
        )
    return tuple(read)


def _member[E: (Side, Penalty)](value: object, members: dict[str, E], where: str) -> E:
    if isinstance(value, str) and value in members:
        return members[value]
    allowed = ", ".join(repr(name) for name in members)
    raise RubberError(f"{where} must be one of {allowed} (got {show(value)})", field="revokes")


# -- Writing ------------------------------------------------------------------------------


def rubber_json(rubber: RubberRecord[WhistDeal, WhistSheet]) -> dict[str, Any]:
    """A rubber as whist-rubber/1, the inverse of read_rubber."""
    data: dict[str, Any] = {"format": rubber_format}
    if rubber.players is not None:
        data["players"] = {side: list(rubber.players[side]) for side in SIDES}
    data["deals"] = [deal_json(deal) for deal in rubber.deals]
    return data


def deal_json(deal: WhistDeal) -> dict[str, Any]:
    data: dict[str, Any] = {
        "dealer": deal.dealer.value,
        "trump": deal.trump.value,
        "tricks": {"we": deal.tricks.we, "they": deal.tricks.they},
        "honours": {"we": deal.honours.we, "they": deal.honours.they},
    }
    if deal.revokes:
        data["revokes"] = [
            {"by": revoke.by.value, "penalty": revoke.penalty.value} for revoke in deal.revokes
        ]
    return data


def _scored_deal_json(scored: WhistScoredDeal) -> dict[str, Any]:
    we, they = scored.entries.we, scored.entries.they
    return {
        "number": scored.number,
        "game": scored.game,
        "we": {"penalties": we.penalties, "tricks": we.tricks, "honours": we.honours},
        "they": {"penalties": they.penalties, "tricks": they.tricks, "honours": they.honours},
        "explanation": {"we": list(we.explanation), "they": list(they.explanation)},
    }


def sheet_json(sheet: WhistSheet, players: Pair[tuple[str, str]] | None = None) -> dict[str, Any]:
    """The worked sheet as whist-sheet/1, each deal with its explanation in words."""
    data: dict[str, Any] = {"format": sheet_format}
    if players is not None:
        data["players"] = {side: list(players[side]) for side in SIDES}
    data["deals"] = [_scored_deal_json(scored) for scored in sheet.deals]
    data["games"] = [
        {**game_json(game), "value": None if game.value is None else int(game.value)}
        for game in sheet.games
    ]
    data["rubber"] = outcome_json(sheet)["rubber"]
    data["totals"] = totals_json(sheet.totals, ("games", "rubber"))
    data["net"] = outcome_json(sheet)["net"]
    return data
