"""What every part of the club's file, elwell-club/1 (docs/elwell-club.md), is written
with: the schema's base and its common fields, each written out as the file writes it;
a refusal that names its place in the file; and a write refused as the file's fault.

Each feature describes its own part as pydantic models (its club_file.py), and those
models are the one description of the format: the export fills them in from the
database and writes them out, the import reads the file through them. The whole file is
composed by the ledger (ledger/club/).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationError,
)

from scorer.plumbing.keys import Refused


class ImportRefused(ValueError):
    """Why a file cannot be imported, naming the place in it."""


def _in_the_calendar(moment: datetime) -> datetime:
    """The database keeps moments in UTC, and pages show them by the club's clock: the
    first and last years of the calendar would fall off its ends."""
    try:
        in_utc = moment.astimezone(UTC)
    except OverflowError:
        in_utc = None
    if in_utc is None or not 2 <= in_utc.year <= 9998:
        raise ValueError("must be a time between the years 2 and 9998")
    return moment


def _an_amount(value: Any) -> Decimal:
    """Money is a decimal string, never a JSON number (which passes through a float); a
    Decimal, as the database gives it to the export, is exact too."""
    if isinstance(value, Decimal) and value.is_finite():
        return value
    if not isinstance(value, str):
        raise ValueError('must be an amount written as a string, as "0.25"')
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise ValueError(f"is not an amount: {value!r}") from None
    if not amount.is_finite():
        raise ValueError(f"is not an amount: {value!r}")
    return amount


def money_text(amount: Decimal) -> str:
    """An amount as the file writes it: a decimal string, without needless zeros."""
    return f"{amount.normalize():f}"


def _moment_text(moment: datetime) -> str:
    """A moment as the file writes it: ISO 8601 with its offset, as the database gives
    it (UTC, +00:00)."""
    return moment.isoformat()


Moment = Annotated[
    AwareDatetime,
    AfterValidator(_in_the_calendar),
    PlainSerializer(_moment_text, return_type=str, when_used="json"),
]
Money = Annotated[
    Decimal,
    BeforeValidator(_an_amount),
    PlainSerializer(money_text, return_type=str, when_used="json"),
]
Name = Annotated[str, Field(min_length=1, max_length=150)]
SeatNumber = Annotated[int, Field(ge=0, le=3)]
Count = Annotated[int, Field(ge=0, le=1000)]


class Shape(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


def username(user: User) -> str:
    """A person as the file names him: by username."""
    return str(user.get_username())


def username_or_none(user: User | None) -> str | None:
    """A person by username, or nobody."""
    return None if user is None else username(user)


def written(part: BaseModel) -> dict[str, Any]:
    """A part of the file as JSON: each field as its type writes it, by the names the file
    uses ("for"), and a field left unset (absent in the record it came from) left out."""
    return part.model_dump(mode="json", by_alias=True, exclude_unset=True)


def place(location: tuple[int | str, ...]) -> str:
    """("rubbers", 3, "recorded", 2, "dealer") → "rubbers[3].recorded[2].dealer"."""
    place = ""
    for step in location:
        if isinstance(step, int):
            place += f"[{step}]"
        elif step not in _PYDANTIC_BRANCHES and not step.startswith("function-"):
            place += f".{step}" if place else str(step)
    return place or "the document"


# Where pydantic names the branch of a union it tried, or a wrapping validator: not a
# place in the file.
_PYDANTIC_BRANCHES = {
    "nullable",
    "none",
    "list",
    "dict",
    "str",
    "int",
    "bool",
    "literal",
    "decimal",
}

_SAID = {
    "missing": "is missing",
    "extra_forbidden": "is not a field of this format",
    "literal_error": "must be {expected}",
    "int_type": "must be a whole number",
    "bool_type": "must be true or false",
    "string_type": "must be text",
    "list_type": "must be a list",
    "dict_type": "must be an object",
    "model_type": "must be an object",
    "timezone_aware": "needs its time zone, as 2026-11-20T19:30:00+00:00",
    "datetime_parsing": "is not a date and time",
    "datetime_type": "is not a date and time",
}


def refusal(error: ValidationError) -> ImportRefused:
    first = error.errors(include_url=False)[0]
    kind = first["type"]
    if kind == "json_invalid":
        return ImportRefused(f"the file is not JSON: {first['msg']}")
    said = _SAID.get(kind, "").format(**first.get("ctx", {}))
    if not said:
        said = str(first["msg"]).removeprefix("Value error, ")
        said = said[0].lower() + said[1:]
    return ImportRefused(f"{place(tuple(first['loc']))} {said}")


def refused_as[T](where: str, write: Callable[[], T]) -> T:
    """A write by the site's own services; their refusal, named by its place."""
    try:
        with transaction.atomic():
            return write()
    except Refused as error:
        raise ImportRefused(f"{where}: {error}") from None
    except IntegrityError as error:  # the database's own rule, refused as such
        raise ImportRefused(f"{where}: {error}") from None
