"""A guest at an evening, by name: kept as given, and one person however its capitals fall
("MRS. HALE" beside "Mrs. Hale" is the same guest twice).

The database keeps one guest of a name an evening: each kind of play's players carry the
unique constraint `one_guest_of_a_name_an_evening` makes, on the name in lower case. The
writes ask `same_guest` first, for the refusal in words that names the guest already there;
their writes take turns on SQLite, and on PostgreSQL the constraint answers a race, in the
words of `ALREADY`.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, Q, UniqueConstraint
from django.db.models.functions import Lower

from scorer.plumbing.keys import Refused

ALREADY = (
    "There is a guest of that name this evening already: give the new guest's name another "
    "way (with an initial, say)."
)


def one_guest_of_a_name_an_evening(name: str) -> UniqueConstraint:
    """A guest's name once an evening, in whatever capitals (`evening`, `guest` fields)."""
    return UniqueConstraint(F("evening"), Lower("guest"), condition=~Q(guest=""), name=name)


def guest_name(given: str) -> str:
    """The name as the club writes it, its spaces tidied; refused if there is none."""
    name = " ".join(given.split())
    if not name:
        raise Refused("A guest's name: give it as the club would write it, “Mrs. Hale”.")
    return name


def same_guest(name: str, guests: Iterable[str]) -> str | None:
    """The guest among `guests` whose name is `name`, whatever its capitals, if any."""
    folded = name.casefold()
    return next((guest for guest in guests if guest.casefold() == folded), None)


def already(name: str, guest: str, nothing: str) -> str:
    """Why `name` is refused beside the evening's `guest` of the same name."""
    if name == guest:
        return f"{ALREADY} {nothing}"
    return (
        f"There is a guest of that name this evening already, {guest}: “{name}” differs only "
        f"in its capitals, and is the same guest. Give the new guest's name another way (with "
        f"an initial, say). {nothing}"
    )
