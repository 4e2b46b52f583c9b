"""Reading the JSON formats of every game: parsing the text, and the shape of each field,
with an error that names the field (and, through `read_deals`, the deal) when one is
wrong. Each game's format reads its own fields with these (`bridge.interchange`,
`whist.interchange`); whether its deals are allowed is its sheet's business.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, TypeGuard

from scorer.engine.errors import RubberError
from scorer.engine.model import NONE, Maker, Pair, Side, Trump


def parse(text: str | bytes) -> object:
    """JSON text, or RubberError. A rubber nests four levels deep; text nested thousands
    deep is no rubber, and Python's JSON reader stops at its recursion limit: that bounds
    the nesting, and is said as such, never as a crash."""
    try:
        return json.loads(text)
    except RecursionError:
        raise RubberError("not valid JSON for a rubber: nested too deeply") from None
    except ValueError as error:  # UnicodeDecodeError among them
        raise RubberError(f"not valid JSON: {error}") from None


def read_deals[D](data: dict[str, Any], read_one: Callable[[object], D]) -> tuple[D, ...]:
    """The rubber's deals, each read by `read_one`; an error names the deal's number."""
    deals = required(data, "deals")
    if not isinstance(deals, list):
        raise RubberError(f"deals must be a list (got {kind_of(deals)})", field="deals")
    read = []
    for number, deal in enumerate(deals, 1):
        try:
            read.append(read_one(deal))
        except RubberError as error:
            raise error.at(number) from None
    return tuple(read)


def read_players(players: object) -> Pair[tuple[str, str]]:
    if not isinstance(players, dict) or set(players) != {"we", "they"}:
        raise RubberError("players must be an object with 'we' and 'they'", field="players")

    def names(side: str) -> tuple[str, str]:
        pair = players[side]
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(name, str) and name.strip() for name in pair)
        ):
            raise RubberError(
                f"players.{side} must be a list of two names (got {show(pair)})",
                field="players",
            )
        for name in pair:
            check_text(name, f"players.{side}")
        return (pair[0], pair[1])

    return Pair(names("we"), names("they"))


def check_text(name: str, where: str) -> None:
    """A name is text that can be printed: JSON's escapes can spell half a character (a
    lone surrogate), which no file or terminal can show."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise RubberError(
            f"{where}: a name holds a character that is not text", field="players"
        ) from None


def choice[E: (Side, Maker, Trump)](
    data: dict[str, object], field: str, members: dict[str, E]
) -> E:
    value = data.get(field, MISSING)
    try:
        return members[value]  # type: ignore[index]
    except (KeyError, TypeError):  # TypeError: a list or object is no key
        if value is MISSING:
            raise RubberError(f"{field} is missing", field=field) from None
        allowed = ", ".join(repr(name) for name in members)
        raise RubberError(
            f"{field} must be one of {allowed} (got {show(value)})", field=field
        ) from None


MISSING = object()


def sides(data: dict[str, object], field: str) -> tuple[object, object]:
    value = data.get(field, MISSING)
    if type(value) is dict and len(value) == 2 and "we" in value and "they" in value:
        return value["we"], value["they"]
    if value is MISSING:
        raise RubberError(f"{field} is missing", field=field)
    raise RubberError(
        f"{field} must be an object with 'we' and 'they' (got {show(value)})", field=field
    )


def counts(data: dict[str, object], field: str, *, optional: bool = False) -> Pair[int]:
    """A whole number for each side; an optional field missing or all nought is NONE."""
    if optional and field not in data:
        return NONE
    we, they = sides(data, field)
    if type(we) is not int:
        raise not_a_count(field, "we", we)
    if type(they) is not int:
        raise not_a_count(field, "they", they)
    return pair_of_counts(we, they)


# Counts are small and their pairs immutable: each pair is made once and shared.
@lru_cache(maxsize=1024)
def pair_of_counts(we: int, they: int) -> Pair[int]:
    return NONE if we == they == 0 else Pair(we, they)


def not_a_count(field: str, side: str, value: object) -> RubberError:
    return RubberError(f"{field}.{side} must be a whole number (got {show(value)})", field=field)


def required(data: Mapping[str, object], field: str, where: str | None = None) -> Any:
    if field not in data:
        raise RubberError(f"{where or field} is missing", field=(where or field).split(".")[0])
    return data[field]


def is_int(value: object) -> TypeGuard[int]:
    return type(value) is int  # not bool, which JSON's true and false become


def kind_of(value: object) -> str:
    """What a JSON value is, in words: "an object", "a list", "null"."""
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false"}.get(
        type(value), "a number" if isinstance(value, (int, float)) else "null"
    )


def show(value: object) -> str:
    """A JSON value as written, cut short past forty characters."""
    text = json.dumps(value) if value is not None else "null"
    return text if len(text) <= 40 else text[:37] + "..."
