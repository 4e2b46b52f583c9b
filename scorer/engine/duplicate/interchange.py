"""Duplicate evenings' JSON: evenings in as elwell-duplicate/1, their results out as
elwell-duplicate-result/1 (§11 of the specification).

Reading checks the shape of every field and names the board, the pairs and the field when
one is wrong. Whether the results are allowed (each pair once on a board, a Mitchell's
pairs in their directions, each result by the laws) is checked when the evening is worked
out (`evening.work_out_duplicate`), against the properties of every movement, not one
schedule.

**Interpretation:** a result may be `{"board": 3, "ns": 1, "ew": 5, "played": false}`, a
board the two pairs were to play and could not; each scores its direction's average,
marked, and the result's row is written with `"played": false` and no points or net.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scorer.engine.bounds import MOST_BOARDS, MOST_PAIRS, MOST_TABLES, digits_within
from scorer.engine.cards import DIRECTIONS, CardError, Hand, dealer_of
from scorer.engine.duplicate.borrowed import (
    MOST_DOUBLES_READ,
    check_text,
    is_int,
    kind_of,
    parse,
    show,
)
from scorer.engine.duplicate.deals import check_hands
from scorer.engine.duplicate.errors import DuplicateError
from scorer.engine.duplicate.evening import DuplicateScore, ResultScore, Standing
from scorer.engine.duplicate.model import (
    LINES,
    Board,
    Comparison,
    DuplicateRules,
    Evening,
    Lines,
    MovementKind,
    NotPlayed,
    Partners,
    Recorded,
    Result,
)
from scorer.engine.errors import RubberError
from scorer.engine.model import Holding, Maker, Trump

EVENING_FORMAT = "elwell-duplicate/1"
RESULT_FORMAT = "elwell-duplicate-result/1"

_EVENING_FIELDS = frozenset({"format", "rules", "pairs", "boards", "results"})
_RULES = frozenset({"movement", "comparison", "doubling_limit"})
_BOARD_FIELDS = frozenset({"board", "dealer", "hands"})
_RESULT_FIELDS = frozenset(
    {
        "board",
        "ns",
        "ew",
        "maker",
        "trump",
        "doubles",
        "tricks",
        "honours",
        "chicane",
        "revokes",
        "play",
    }
)
_NOT_PLAYED_FIELDS = frozenset({"board", "ns", "ew", "played"})
_SEATS = tuple(direction.letter for direction in DIRECTIONS)  # N, E, S, W
# What a number past the engine's bounds is told (`scorer.engine.bounds`).
_MOST_PAIRS = (
    f"an evening's pairs are numbered 1 to {MOST_PAIRS} at most (two at each of "
    f"{MOST_TABLES} tables)"
)
_MOST_BOARDS = f"an evening's boards are numbered 1 to {MOST_BOARDS} at most"
_MOVEMENTS = {kind.value: kind for kind in MovementKind}
_COMPARISONS = {comparison.value: comparison for comparison in Comparison}
_MAKERS = {maker.value: maker for maker in Maker}
_TRUMPS = {trump.value: trump for trump in Trump}


def loads_duplicate(text: str | bytes) -> Evening:
    """Read an evening from elwell-duplicate/1 JSON text; a RubberError (a DuplicateError
    where it lies at a board) says what is wrong."""
    return read_duplicate(parse(text))


def read_duplicate(data: object) -> Evening:
    """Read an evening from parsed elwell-duplicate/1 JSON."""
    if not isinstance(data, dict):
        raise DuplicateError(f"an evening must be a JSON object (got {kind_of(data)})")
    if data.get("format") != EVENING_FORMAT:
        raise DuplicateError(
            f"format must be {EVENING_FORMAT!r} (got {show(data.get('format'))})",
            field="format",
        )
    unknown = sorted(set(data) - _EVENING_FIELDS)
    if unknown:
        raise DuplicateError(f"unknown field {unknown[0]!r}", field=unknown[0])
    rules = _read_rules(_required(data, "rules"))
    pairs = _read_pairs(data["pairs"]) if "pairs" in data else ()
    boards = _required(data, "boards")
    if not isinstance(boards, list):
        raise DuplicateError(f"boards must be a list (got {kind_of(boards)})", field="boards")
    results = _required(data, "results")
    if not isinstance(results, list):
        raise DuplicateError(f"results must be a list (got {kind_of(results)})", field="results")
    return Evening(
        rules,
        tuple(_read_board(board, place) for place, board in enumerate(boards, 1)),
        tuple(_read_result(result, place) for place, result in enumerate(results, 1)),
        pairs,
    )


def _required(data: dict[str, Any], field: str) -> Any:
    if field not in data:
        raise DuplicateError(f"{field} is missing", field=field)
    return data[field]


def _read_rules(rules: object) -> DuplicateRules:
    if not isinstance(rules, dict):
        raise DuplicateError(f"rules must be an object (got {kind_of(rules)})", field="rules")
    if "spade_convention" in rules:
        raise DuplicateError(
            "rules.spade_convention: the Spade Convention has no game score to look at in a "
            "Duplicate evening, where every board is played",
            field="rules",
        )
    unknown = sorted(set(rules) - _RULES)
    if unknown:
        raise DuplicateError(f"rules: unknown field {unknown[0]!r}", field="rules")
    if "movement" not in rules:
        raise DuplicateError('rules.movement is missing ("mitchell" or "howell")', field="rules")
    movement = _one_of(rules["movement"], _MOVEMENTS, "rules.movement", "rules")
    comparison = _one_of(
        rules.get("comparison", Comparison.AVERAGE.value), _COMPARISONS, "rules.comparison", "rules"
    )
    limit = rules.get("doubling_limit")
    if limit is not None and not (is_int(limit) and limit > 0):
        raise DuplicateError(
            f"rules.doubling_limit must be null or a whole number above 0 (got {show(limit)})",
            field="rules",
        )
    return DuplicateRules(movement, comparison, limit)


def _one_of[E](value: object, members: dict[str, E], name: str, field: str) -> E:
    if isinstance(value, str) and value in members:
        return members[value]
    allowed = ", ".join(repr(key) for key in members)
    raise DuplicateError(f"{name} must be one of {allowed} (got {show(value)})", field=field)


def _read_pairs(pairs: object) -> tuple[Partners, ...]:
    """{"1": ["Mrs. Carr", "Mr. Dane"], "2": …}: every pair from 1 up, each two names."""
    if not isinstance(pairs, dict):
        raise DuplicateError(
            "pairs must be an object of each pair's two names by its number "
            f"(got {kind_of(pairs)})",
            field="pairs",
        )
    numbered: dict[int, Partners] = {}
    if len(pairs) > MOST_PAIRS:
        raise DuplicateError(f"pairs: {len(pairs):,} pairs named; {_MOST_PAIRS}", field="pairs")
    for key, names in pairs.items():
        if not (key.isascii() and key.isdigit() and not key.startswith("0")):
            raise DuplicateError(
                f"pairs: {show(key)} is not a pair's number (1, 2, 3, …)", field="pairs"
            )
        if not digits_within(key, MOST_PAIRS):
            raise DuplicateError(f"pairs: pair {key}: {_MOST_PAIRS}", field="pairs")
        if not (
            isinstance(names, list)
            and len(names) == 2
            and all(isinstance(name, str) and name.strip() for name in names)
        ):
            raise DuplicateError(
                f"pairs: pair {key} must be a list of two names (got {show(names)})",
                field="pairs",
            )
        for name in names:
            try:
                check_text(name, f"pairs: pair {key}")
            except RubberError as error:
                raise DuplicateError(error.problem, field="pairs") from None
        numbered[int(key)] = (names[0], names[1])
    for number in range(1, len(numbered) + 1):
        if number not in numbered:
            raise DuplicateError(
                f"pairs: pair {number} is missing (the pairs are numbered from 1, "
                f"{len(numbered)} of them)",
                field="pairs",
            )
    return tuple(numbered[number] for number in range(1, len(numbered) + 1))


def _read_board(data: object, place: int) -> Board:
    if not isinstance(data, dict):
        raise DuplicateError(
            f"boards: the board at place {place} of the list must be an object "
            f"(got {kind_of(data)})",
            field="boards",
        )
    number = data.get("board")
    if not (is_int(number) and number > 0):
        problem = (
            "board is missing"
            if "board" not in data
            else f"board must be a whole number above 0 (got {show(number)})"
        )
        raise DuplicateError(
            f"boards: the board at place {place} of the list: {problem}", field="board"
        )
    if number > MOST_BOARDS:
        raise DuplicateError(
            f"boards: the board at place {place} of the list: board is {number}: {_MOST_BOARDS}",
            field="board",
        )

    def refuse(problem: str, field: str) -> DuplicateError:
        return DuplicateError(problem, board=number, field=field)

    unknown = sorted(set(data) - _BOARD_FIELDS)
    if unknown:
        raise refuse(f"unknown field {unknown[0]!r}", unknown[0])
    dealer = dealer_of(number).letter
    if "dealer" in data and data["dealer"] != dealer:
        raise refuse(
            f"dealer: board {number} is dealt by {dealer} (boards 1, 2, 3, 4 by N, E, S, W, "
            f"and so on round), not {show(data['dealer'])}",
            "dealer",
        )
    if "hands" not in data:
        return Board(number)
    given = data["hands"]
    if not (
        isinstance(given, dict)
        and set(given) == set(_SEATS)
        and all(isinstance(hand, str) for hand in given.values())
    ):
        raise refuse(
            "hands must be an object with the four hands, 'N', 'E', 'S' and 'W', each as "
            f"PBN writes it (got {show(given)})",
            "hands",
        )
    hands = []
    for seat in _SEATS:
        try:
            hands.append(Hand.parse(given[seat]))
        except CardError as error:
            raise refuse(f"hands.{seat}: {error.problem}", "hands") from None
    board = Board(number, (hands[0], hands[1], hands[2], hands[3]))
    check_hands(board)
    return board


def _read_result(data: object, place: int) -> Recorded:
    listed = f"results: the result at place {place} of the list"
    if not isinstance(data, dict):
        raise DuplicateError(f"{listed} must be an object (got {kind_of(data)})", field="results")
    for key, most, bound in (
        ("board", MOST_BOARDS, _MOST_BOARDS),
        ("ns", MOST_PAIRS, _MOST_PAIRS),
        ("ew", MOST_PAIRS, _MOST_PAIRS),
    ):
        value = data.get(key)
        if not (is_int(value) and value > 0):
            problem = (
                f"{key} is missing"
                if key not in data
                else f"{key} must be a whole number above 0 (got {show(value)})"
            )
            raise DuplicateError(f"{listed}: {problem}", field=key)
        if value > most:
            raise DuplicateError(f"{listed}: {key} is {value}: {bound}", field=key)
    board, ns, ew = data["board"], data["ns"], data["ew"]

    def refuse(problem: str, field: str) -> DuplicateError:
        return DuplicateError(problem, board=board, pairs=(ns, ew), field=field)

    played = data.get("played", True)
    if played is not True and played is not False:
        raise refuse(f"played must be true or false (got {show(played)})", "played")
    if not played:
        extra = sorted(set(data) - _NOT_PLAYED_FIELDS)
        if extra:
            raise refuse(f"{extra[0]}: a board that was not played has no {extra[0]}", extra[0])
        return NotPlayed(board, ns, ew)
    unknown = sorted(set(data) - _RESULT_FIELDS - {"played"})
    if unknown:
        raise refuse(f"unknown field {unknown[0]!r}", unknown[0])
    try:
        return _read_played(data, board, ns, ew)
    except DuplicateError as error:
        raise refuse(error.problem, error.field or "results") from None


def _read_played(data: dict[str, Any], board: int, ns: int, ew: int) -> Result:
    maker = (
        _one_of(data.get("maker", _MISSING), _MAKERS, "maker", "maker") if "maker" in data else None
    )
    if maker is None:
        raise DuplicateError("maker is missing", field="maker")
    if "trump" not in data:
        raise DuplicateError("trump is missing", field="trump")
    trump = _one_of(data["trump"], _TRUMPS, "trump", "trump")
    doubles = _required(data, "doubles")
    if not is_int(doubles):
        raise DuplicateError(
            f"doubles must be a whole number (got {show(doubles)})", field="doubles"
        )
    if doubles > MOST_DOUBLES_READ:
        raise DuplicateError(
            f"doubles: {doubles} is more than this scorer reads (at most {MOST_DOUBLES_READ})",
            field="doubles",
        )
    return Result(
        board,
        ns,
        ew,
        trump,
        maker,
        doubles,
        tricks=_counts(data, "tricks"),
        honours=_holdings(data) if "honours" in data else None,
        chicane=_counts(data, "chicane"),
        revokes=_counts(data, "revokes"),
        play=_play(data["play"]) if "play" in data else None,
    )


_MISSING = object()


def _lines(data: dict[str, Any], field: str) -> tuple[object, object]:
    value = data[field]
    if isinstance(value, dict) and set(value) == {"ns", "ew"}:
        return value["ns"], value["ew"]
    raise DuplicateError(
        f"{field} must be an object with 'ns' and 'ew' (got {show(value)})", field=field
    )


def _counts(data: dict[str, Any], field: str) -> Lines[int] | None:
    if field not in data:
        return None
    ns, ew = _lines(data, field)
    for key, value in (("ns", ns), ("ew", ew)):
        if not is_int(value):
            raise DuplicateError(
                f"{field}.{key} must be a whole number (got {show(value)})", field=field
            )
    return Lines(ns, ew)  # type: ignore[arg-type]


def _holdings(data: dict[str, Any]) -> Lines[Holding]:
    ns, ew = _lines(data, "honours")
    return Lines(_holding(ns, "ns", "North's and South's"), _holding(ew, "ew", "East's and West's"))


def _holding(value: object, key: str, hands: str) -> Holding:
    if isinstance(value, list) and len(value) == 2 and all(is_int(count) for count in value):
        return (value[0], value[1])
    raise DuplicateError(
        f"honours.{key} must be a list of two whole numbers, {hands} (got {show(value)})",
        field="honours",
    )


def _play(value: object) -> tuple[tuple[str, ...], ...]:
    """The tricks as lists of cards (`SA`, `HT`); what they say is checked against the
    board's hands when the result is worked out."""
    if isinstance(value, list) and all(
        isinstance(trick, list) and all(isinstance(card, str) for card in trick) for trick in value
    ):
        return tuple(tuple(trick) for trick in value)
    raise DuplicateError(
        f'play must be a list of tricks, each a list of cards such as "SA" (got {show(value)})',
        field="play",
    )


# -- Writing ------------------------------------------------------------------------------


def duplicate_json(evening: Evening) -> dict[str, Any]:
    """An evening as elwell-duplicate/1, the inverse of read_duplicate (the schedule, which
    the format does not carry, apart)."""
    rules = evening.rules
    data: dict[str, Any] = {
        "format": EVENING_FORMAT,
        "rules": {
            "movement": rules.movement.value,
            "comparison": rules.comparison.value,
            "doubling_limit": rules.doubling_limit,
        },
    }
    if evening.pairs:
        data["pairs"] = {str(number): list(names) for number, names in enumerate(evening.pairs, 1)}
    data["boards"] = [_board_json(board) for board in evening.boards]
    data["results"] = [_result_json(result) for result in evening.results]
    return data


def _board_json(board: Board) -> dict[str, Any]:
    data: dict[str, Any] = {"board": board.number, "dealer": board.dealer.letter}
    if board.hands is not None:
        data["hands"] = {seat: str(hand) for seat, hand in zip(_SEATS, board.hands, strict=True)}
    return data


def _result_json(result: Recorded) -> dict[str, Any]:
    data: dict[str, Any] = {"board": result.board, "ns": result.ns, "ew": result.ew}
    if isinstance(result, NotPlayed):
        data["played"] = False
        return data
    data |= {"maker": result.maker.value, "trump": result.trump.value, "doubles": result.doubles}
    if result.tricks is not None:
        data["tricks"] = _lines_json(result.tricks)
    if result.honours is not None:
        data["honours"] = {line.value: list(result.honours[line]) for line in LINES}
    for field, counts in (("chicane", result.chicane), ("revokes", result.revokes)):
        if counts is not None:
            data[field] = _lines_json(counts)
    if result.play is not None:
        data["play"] = [list(trick) for trick in result.play]
    return data


def _lines_json[T](values: Lines[T]) -> dict[str, T]:
    return {"ns": values.ns, "ew": values.ew}


def duplicate_result_json(score: DuplicateScore) -> dict[str, Any]:
    """The evening's result as elwell-duplicate-result/1: each board's results with each
    direction's points, net and score, and each pair's nets, score, percentage and place
    (by number). Figures are written rounded to two places (half away from nought); an
    evening in progress also lists, on a board, the results still missing."""
    return {
        "format": RESULT_FORMAT,
        "boards": [
            {
                "board": traveller.board.number,
                "results": [_row_json(row) for row in traveller.results],
            }
            | (
                {
                    "missing": [
                        {"ns": s.ns, "ew": s.ew, "round": s.round, "table": s.table}
                        for s in traveller.missing
                    ]
                }
                if traveller.missing
                else {}
            )
            for traveller in score.travellers
        ],
        "pairs": [_standing_json(standing) for standing in score.standings],
    }


def _row_json(row: ResultScore) -> dict[str, Any]:
    data: dict[str, Any] = {"ns": row.ns, "ew": row.ew}
    if not row.played:
        data["played"] = False
    data["points"] = None if row.points is None else _lines_json(row.points)
    data["net"] = None if row.net is None else _lines_json(row.net)
    data["score"] = {"ns": figure(row.score.ns), "ew": figure(row.score.ew)}
    return data


def _standing_json(standing: Standing) -> dict[str, Any]:
    percent = standing.percent
    return {
        "pair": standing.pair,
        "direction": None if standing.direction is None else standing.direction.value,
        "nets": standing.nets,
        "score": figure(standing.score),
        "percent": None if percent is None else figure(percent),
        "place": standing.place,
        "boards": standing.boards,
    }


def figure(value: Fraction) -> int | float:
    """An exact figure as written: rounded to two places, half away from nought; a whole
    number as such (never −0)."""
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1:
        return numerator
    whole, left = divmod(abs(numerator) * 100, denominator)
    if 2 * left >= denominator:
        whole += 1
    if numerator < 0:
        whole = -whole
    if whole % 100 == 0:
        return whole // 100
    return whole / 100  # correctly rounded, as int / int is
