"""Progressive evenings' JSON: evenings in as elwell-progressive/1, their results out as
elwell-progressive-result/1 (§10 of the specification).

Reading checks the shape of every field and names the round, the table and the deal when
one is wrong; each deal is read as elwell-rubber/1 reads one (`interchange.read_deal`),
by its counts or as its cards (§9: its hands, and its play if known).
Whether the evening is allowed (whole tables, everyone where the moves sent him, each
deal by the laws, each tie with its cut) is checked when it is worked out.

In the result, "next" lists each table's players for the round after the last: the pair
that stays, then the pair that arrives from the table before it (with one table, the four
as they sat: We's pair, then They's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorer.engine.bounds import MOST_DEALS_A_ROUND, MOST_PLAYERS, MOST_TABLES
from scorer.engine.bridge.interchange import deal_json, read_deal
from scorer.engine.errors import RubberError
from scorer.engine.model import Deal, Pair, Side
from scorer.engine.progressive.errors import EveningError
from scorer.engine.progressive.evening import EveningScore
from scorer.engine.progressive.model import (
    DEALS_A_ROUND,
    Evening,
    Partners,
    ProgressiveRules,
    Round,
    Table,
)
from scorer.engine.reading import check_text, is_int, kind_of, parse, read_deals, show

EVENING_FORMAT = "elwell-progressive/1"
RESULT_FORMAT = "elwell-progressive-result/1"

_EVENING_FIELDS = frozenset({"format", "rules", "players", "rounds"})
_RULES = frozenset({"deals_a_round", "doubling_limit"})
_TABLE_FIELDS = frozenset({"table", "we", "they", "deals", "tie"})
_SIDES = {side.value: side for side in Side}


def loads_progressive(text: str | bytes) -> Evening:
    """Read an evening from elwell-progressive/1 JSON text; RubberError (an EveningError
    where it lies in a round) says what is wrong."""
    return read_progressive(parse(text))


def read_progressive(data: object) -> Evening:
    """Read an evening from parsed elwell-progressive/1 JSON."""
    if not isinstance(data, dict):
        raise EveningError(f"an evening must be a JSON object (got {kind_of(data)})")
    if data.get("format") != EVENING_FORMAT:
        raise EveningError(
            f"format must be {EVENING_FORMAT!r} (got {show(data.get('format'))})",
            field="format",
        )
    unknown = sorted(set(data) - _EVENING_FIELDS)
    if unknown:
        raise EveningError(f"unknown field {unknown[0]!r}", field=unknown[0])
    rules = _read_rules(_required(data, "rules"))
    players = _read_players(_required(data, "players"))
    rounds = _required(data, "rounds")
    if not isinstance(rounds, list):
        raise EveningError(f"rounds must be a list (got {kind_of(rounds)})", field="rounds")
    read = tuple(_read_round(played, number) for number, played in enumerate(rounds, 1))
    return Evening(rules, players, read)


def read_evening_deal(data: object) -> Deal:
    """One deal at a table, as elwell-rubber/1 writes a deal ("dealer": "we" or "they"),
    by its counts or as its cards (§9); the one place an evening's deal is read. The error
    does not yet know where it lies."""
    return read_deal(data)


def _required(data: dict[str, Any], field: str) -> Any:
    if field not in data:
        raise EveningError(f"{field} is missing", field=field)
    return data[field]


def _read_rules(rules: object) -> ProgressiveRules:
    if not isinstance(rules, dict):
        raise EveningError(f"rules must be an object (got {kind_of(rules)})", field="rules")
    if "spade_convention" in rules:
        raise EveningError(
            "rules.spade_convention: the Spade Convention has no game score to look at in a "
            "Progressive evening, where every deal is played",
            field="rules",
        )
    unknown = sorted(set(rules) - _RULES)
    if unknown:
        raise EveningError(f"rules: unknown field {unknown[0]!r}", field="rules")
    deals = rules.get("deals_a_round", DEALS_A_ROUND)
    if not (is_int(deals) and deals > 0):
        raise EveningError(
            f"rules.deals_a_round must be a whole number above 0 (got {show(deals)})",
            field="rules",
        )
    if deals > MOST_DEALS_A_ROUND:
        raise EveningError(
            f"rules.deals_a_round: a round is {MOST_DEALS_A_ROUND} deals at most (got {deals})",
            field="rules",
        )
    limit = rules.get("doubling_limit")
    if limit is not None and not (is_int(limit) and limit > 0):
        raise EveningError(
            f"rules.doubling_limit must be null or a whole number above 0 (got {show(limit)})",
            field="rules",
        )
    return ProgressiveRules(deals_a_round=deals, doubling_limit=limit)


def _read_players(players: object) -> tuple[str, ...]:
    if not isinstance(players, list):
        raise EveningError(
            f"players must be a list of names, player 1 first (got {kind_of(players)})",
            field="players",
        )
    if len(players) > MOST_PLAYERS:
        raise EveningError(
            f"players: {len(players):,} players named; an evening seats {MOST_PLAYERS} at "
            f"most (four at each of {MOST_TABLES} tables)",
            field="players",
        )
    for number, name in enumerate(players, 1):
        if not (isinstance(name, str) and name.strip()):
            raise EveningError(
                f"players: player {number} must be a name (got {show(name)})", field="players"
            )
        try:
            check_text(name, f"players: player {number}")
        except RubberError as error:
            raise EveningError(error.problem, field="players") from None
    return tuple(players)


def _read_round(data: object, number: int) -> Round:
    if not (isinstance(data, dict) and set(data) == {"tables"}):
        raise EveningError(
            f"a round must be an object with 'tables' (got {show(data)})", round=number
        )
    tables = data["tables"]
    if not isinstance(tables, list):
        raise EveningError(
            f"tables must be a list (got {kind_of(tables)})", round=number, field="tables"
        )
    return Round(tuple(_read_table(table, number, place) for place, table in enumerate(tables, 1)))


def _read_table(data: object, round_number: int, place: int) -> Table:
    listed = f"the table at place {place} of the list"
    if not isinstance(data, dict):
        raise EveningError(
            f"{listed} must be an object (got {kind_of(data)})", round=round_number, field="tables"
        )
    number = data.get("table")
    if not (is_int(number) and number > 0):
        problem = (
            "table is missing"
            if "table" not in data
            else f"table must be a whole number above 0 (got {show(number)})"
        )
        raise EveningError(f"{listed}: {problem}", round=round_number, field="table")

    def refuse(problem: str, field: str) -> EveningError:
        return EveningError(problem, round=round_number, table=number, field=field)

    unknown = sorted(set(data) - _TABLE_FIELDS)
    if unknown:
        raise refuse(f"unknown field {unknown[0]!r}", unknown[0])
    pairs = Pair(_read_pair(data, "we", refuse), _read_pair(data, "they", refuse))
    try:
        deals = read_deals(data, read_evening_deal)
    except RubberError as error:
        raise EveningError(
            error.problem,
            round=round_number,
            table=number,
            deal=error.deal,
            field=error.field,
        ) from None
    tie = None
    if "tie" in data:
        tie = _SIDES.get(data["tie"]) if isinstance(data["tie"], str) else None
        if tie is None:
            raise refuse(
                f'tie must be "we" or "they", the pair the cut sent on (got {show(data["tie"])})',
                "tie",
            )
    return Table(number, pairs, deals, tie)


def _read_pair(
    data: dict[str, Any], side: str, refuse: Callable[[str, str], EveningError]
) -> Partners:
    if side not in data:
        raise refuse(f"{side} is missing", side)
    pair = data[side]
    if not (isinstance(pair, list) and len(pair) == 2 and all(is_int(p) for p in pair)):
        raise refuse(
            f"{side} must be a list of the two players' numbers, as they cut (got {show(pair)})",
            side,
        )
    return (pair[0], pair[1])


# -- Writing ------------------------------------------------------------------------------


def evening_json(evening: Evening) -> dict[str, Any]:
    """An evening as elwell-progressive/1, the inverse of read_progressive."""
    rules = evening.rules
    return {
        "format": EVENING_FORMAT,
        "rules": {"deals_a_round": rules.deals_a_round, "doubling_limit": rules.doubling_limit},
        "players": list(evening.players),
        "rounds": [
            {"tables": [_table_json(table) for table in played.tables]} for played in evening.rounds
        ],
    }


def _table_json(table: Table) -> dict[str, Any]:
    data: dict[str, Any] = {
        "table": table.number,
        "we": list(table.pairs.we),
        "they": list(table.pairs.they),
        "deals": [deal_json(deal) for deal in table.deals],
    }
    if table.tie is not None:
        data["tie"] = table.tie.value
    return data


def progressive_result_json(score: EveningScore) -> dict[str, Any]:
    """The evening's result as elwell-progressive-result/1: each round's tables with each
    pair's points and the pair that moves ("we", "they", or null with one table), each
    player's won, lost, net and place (by number), and the next round's seating (null
    while the last round is still being played)."""
    return {
        "format": RESULT_FORMAT,
        "rounds": [
            {
                "tables": [
                    {
                        "table": table.number,
                        "we": table.points.we,
                        "they": table.points.they,
                        "moves": None if table.moves is None else table.moves.value,
                    }
                    for table in played.tables
                ]
            }
            for played in score.rounds
        ],
        "players": [
            {
                "number": standing.number,
                "name": standing.name,
                "won": standing.won,
                "lost": standing.lost,
                "net": standing.net,
                "place": standing.place,
            }
            for standing in score.standings
        ],
        "next": None
        if score.next is None
        else [{"table": seating.table, "players": list(seating.players)} for seating in score.next],
    }
