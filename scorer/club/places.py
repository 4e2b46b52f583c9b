"""A person sits at one table: where each member is playing now, over every kind of play
(`Place`, one row a member, unique in the database). Every write that seats a member
takes his place here, in its own transaction, and the write that ends his play gives it
up: a rubber from its start until it is agreed (or abandoned), a Progressive evening from
his arrival until it ends, a Duplicate evening's pair from its entry until the evening
ends. A write that would seat a member placed already fails on the database's constraint,
whatever raced it, and is refused in words naming where he is playing.

This is the one module every kind calls; each kind says only what holds the member (a
rubber, an evening) and, in `where`, how its place is said."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.apps import apps
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from scorer.club.models import Member, Place
from scorer.plumbing.keys import Refused

ONE_TABLE = "a member plays at one table at a time"
NOTHING = "Nothing was done."


def take(members: Iterable[Member], *, then: str = NOTHING, **holder: Any) -> None:
    """Place each member at `holder` (rubber=, progressive= or duplicate=), in the
    caller's transaction; refused in words, by name, if one is placed already (that
    write then comes to nothing)."""
    for member in members:
        try:
            with transaction.atomic():
                Place.objects.create(member=member, **holder)
        except IntegrityError:
            raise Refused(refusal(member, then)) from None


def free(*, members: Iterable[Member] | None = None, **holder: Any) -> None:
    """The play at `holder` is over (for `members` alone, if given): their places go."""
    places = Place.objects.filter(**holder)
    if members is not None:
        places = places.filter(member__in=list(members))
    places.delete()


def refusal(member: Member, then: str = NOTHING) -> str:
    """Why `member` cannot be seated: where he is playing, in words."""
    said = where(member)
    if said is None:  # his place went meanwhile: the write may be sent again
        return f"{member.name} was placed elsewhere meanwhile: {ONE_TABLE}. {then}"
    return f"{said}: {ONE_TABLE}. {then}"


def where(member: Member) -> str | None:
    """Where `member` is playing now, in words ("Mr. Vane is playing at table 3 of tonight's
    Progressive evening, The Winter Drive"); None if nowhere."""
    place = (
        Place.objects.filter(member=member)
        .select_related("rubber", "progressive", "duplicate")
        .first()
    )
    if place is None:
        return None
    if place.rubber is not None:
        return f"{member.name} is playing the rubber in play at {place.rubber.table}"
    if place.progressive is not None:
        evening = place.progressive
        seat = (
            evening.tables.filter(agreed_at__isnull=True, seats__player__member=member)
            .order_by("-round")
            .first()
        )
        at = f"at table {seat.number} of " if seat is not None else "in "
        return f"{member.name} is playing {at}{_evening(evening, 'Progressive')}"
    duplicate = place.duplicate
    assert duplicate is not None, "a place holds a member at one thing (a_place_at_one_thing)"
    pair = duplicate.pairs.filter(players__member=member).first()
    at = f"in pair {pair.number} of " if pair is not None and pair.number else "in a pair of "
    return f"{member.name} is playing {at}{_evening(duplicate, 'Duplicate')}"


def _evening(evening: Any, kind: str) -> str:
    if evening.day == timezone.localdate():
        return f"tonight's {kind} evening, {evening.name}"
    return f"the {kind} evening of {evening.day:%-d %B %Y}, {evening.name}"


def placed(members: Iterable[Member]) -> set[int]:
    """Those of `members` (pks) playing somewhere now."""
    return set(Place.objects.filter(member__in=list(members)).values_list("member_id", flat=True))


def free_to_play(members: QuerySet[Member]) -> QuerySet[Member]:
    """Those of `members` playing nowhere now: what a form seating members offers."""
    return members.filter(place__isnull=True)


# -- What is in play, from the record (the club's file; migration 0015) ---------------------


def in_play(get_model: Any) -> list[tuple[int, dict[str, int]]]:
    """Each member playing now as the record says, with what holds him, (member id,
    {"rubber": id}) and so on, in the order play began: the seats of every rubber not
    agreed (the substitute for a seat that has one, Law 27), the members of every
    Progressive evening and of every Duplicate evening's pair not ended. A member twice
    over appears twice. `get_model`: the models' registry (a migration's own)."""
    found: list[tuple[Any, int, dict[str, int]]] = []
    seats = get_model("scorer", "Seat").objects.filter(rubber__agreed_at__isnull=True)
    for rubber_id, member_id, substitute_id, at in seats.values_list(
        "rubber_id", "member_id", "substitute_id", "rubber__started_at"
    ):
        found.append((at, substitute_id or member_id, {"rubber": rubber_id}))
    for kind, model in (("progressive", "ProgressivePlayer"), ("duplicate", "DuplicatePlayer")):
        players = get_model("scorer", model).objects.filter(
            evening__ended_at__isnull=True, member__isnull=False
        )
        for evening_id, member_id, at in players.values_list(
            "evening_id", "member_id", "evening__opened_at"
        ):
            found.append((at, member_id, {kind: evening_id}))
    found.sort(key=lambda each: each[0])
    return [(member_id, holder) for _, member_id, holder in found]


def fill(get_model: Any) -> list[tuple[int, dict[str, int]]]:
    """Write the places of what is in play, as the record says; those that would place a
    member twice are left out, and returned (a migration keeps the first and goes on; the
    club's file is refused)."""
    model = get_model("scorer", "Place")
    kept: set[int] = set()
    twice = []
    rows = []
    for member_id, holder in in_play(get_model):
        if member_id in kept:
            twice.append((member_id, holder))
            continue
        kept.add(member_id)
        rows.append(model(member_id=member_id, **{f"{k}_id": v for k, v in holder.items()}))
    model.objects.bulk_create(rows)
    return twice


def twice(member_id: int, holder: dict[str, int]) -> str:
    """A member the record has in play at a second place (`holder`, as `in_play` gives it),
    in words: where he is playing, and the second."""
    member = Member.objects.get(pk=member_id)
    ((kind, pk),) = holder.items()
    if kind == "rubber":
        rubber = apps.get_model("scorer", "Rubber").objects.get(pk=pk)
        second = f"the rubber in play at {rubber.table}"
    else:
        model = {"progressive": "ProgressiveEvening", "duplicate": "DuplicateEvening"}[kind]
        evening = apps.get_model("scorer", model).objects.get(pk=pk)
        second = _evening(evening, kind.capitalize())
    return f"{where(member)}, and in {second} at once: {ONE_TABLE}"
