"""Choosing players: the members in the order the forms that seat them offer them (starting
a rubber, forming a table). Tonight's players first, then the last four the member choosing
played with, then everyone else by surname.

Nothing is stored for it. Whom a member played with lately is read from his rubbers; who
plays tonight is asked of whoever keeps the evening's tables (`playing_tonight`, answered
by scorer/tables/), which the rubbers know nothing of."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from django.db.models import Max
from django.dispatch import Signal
from django.utils import timezone

from scorer.club.models import Member
from scorer.rubbers.models import Seat

# Who plays tonight: sent with `day`, the evening's by the club's clock; each receiver
# answers with the members' pks.
playing_tonight = Signal()

LATELY = 4  # how many of those a member last played with are offered after tonight's

TONIGHT = "Tonight"
PLAYED_WITH = "You played with lately"
EVERYONE_ELSE = "Everyone else"


@dataclass(frozen=True)
class Group:
    """Members offered under one heading ("" when they are the only group)."""

    heading: str
    members: list[Member]


def tonight() -> set[int]:
    """The members playing tonight, as the receivers of `playing_tonight` say."""
    found: set[int] = set()
    for _, answer in playing_tonight.send(Member, day=timezone.localdate()):
        found.update(cast("Iterable[int]", answer))
    return found


def played_with(member: Member | None) -> list[int]:
    """The last four members `member` sat at a rubber with, the latest first (those of
    one rubber by surname)."""
    if member is None:
        return []
    latest = (
        Seat.objects.filter(rubber__seats__member=member)
        .exclude(member=member)
        .values("member_id")
        .annotate(last=Max("rubber__started_at"))
        .order_by("-last", "member__short_name", "member__name")
    )
    return [row["member_id"] for row in latest[:LATELY]]


def by_surname(members: Iterable[Member]) -> list[Member]:
    """Members as every list of them is sorted: by surname (a member's short name), not by
    "Col., Dr., Miss"."""
    return sorted(members, key=lambda m: (m.short_name.casefold(), m.name.casefold()))


def in_order(
    members: Iterable[Member], *, tonight: Collection[int], lately: Sequence[int]
) -> list[Group]:
    """`members` under their headings: those of `tonight` by surname, then those of
    `lately` not among them in its order, then the rest by surname."""
    ordered = by_surname(members)
    rank = {pk: n for n, pk in enumerate(lately) if pk not in tonight}
    first = [m for m in ordered if m.pk in tonight]
    then = sorted((m for m in ordered if m.pk in rank), key=lambda m: rank[m.pk])
    rest = [m for m in ordered if m.pk not in tonight and m.pk not in rank]
    groups = [Group(TONIGHT, first), Group(PLAYED_WITH, then), Group(EVERYONE_ELSE, rest)]
    shown = [group for group in groups if group.members]
    if len(shown) == 1:  # nobody to put first: the members, with no heading
        return [Group("", shown[0].members)]
    return shown


def offered(members: Iterable[Member], chooser: Member | None) -> list[Group]:
    """`members` as a form offers them to `chooser` (None: one of the staff, who plays with
    nobody). He is one of tonight's players himself: he is choosing whom to play with."""
    here = tonight() | ({chooser.pk} if chooser is not None else set())
    return in_order(members, tonight=here, lately=played_with(chooser))
