"""The settlement's part of the club's file, elwell-club/1: each sitting, and for one
closed, what its settlement fixed as due. Nothing else of a settlement is in the file: it
follows from the rubbers, payments and waivers before it, and an imported one must come
out as it was exported, or the import is refused."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ledger.settlement import services as settlements
from ledger.settlement.models import Sitting
from scorer.club.club_file import People
from scorer.plumbing.club_format import (
    ImportRefused,
    Moment,
    Money,
    Name,
    Shape,
    refused_as,
    username,
    username_or_none,
)


class SittingDoc(Shape):
    name: Annotated[str, Field(min_length=1, max_length=60)]
    start: Moment
    end: Moment
    created_by: Name
    closed_at: Moment | None
    closed_by: Name | None
    due: dict[Name, Money]
    house_due: Money | None = None  # the house's table money due, for a closed sitting


def sittings() -> list[SittingDoc]:
    found = []
    for sitting in Sitting.objects.select_related("created_by", "closed_by").order_by("start"):
        found.append(
            SittingDoc(
                name=sitting.name,
                start=sitting.start,
                end=sitting.end,
                created_by=username(sitting.created_by),
                closed_at=sitting.closed_at,
                closed_by=username_or_none(sitting.closed_by),
                due={
                    line.member.user.get_username(): line.due
                    for line in sitting.lines.select_related("member__user")
                    if line.member is not None
                },
                house_due=next((ln.due for ln in sitting.lines.all() if ln.member is None), None),
            )
        )
    return found


class SettlementLoader:
    """Sittings opened and settlements closed through the settlement's services."""

    def __init__(self, people: People) -> None:
        self.people = people

    def open(self, item: SittingDoc, where: str) -> Sitting:
        sitting = refused_as(
            where,
            lambda: settlements.open_sitting(
                name=item.name,
                start=item.start,
                end=item.end,
                user=self.people.user(item.created_by, f"{where}.created_by"),
            ),
        )
        if (item.closed_at is None) != (item.closed_by is None):
            raise ImportRefused(f"{where}: closed_at and closed_by go together")
        if item.closed_at is None and item.due:
            raise ImportRefused(f"{where}.due: an open sitting has nothing fixed as due")
        return sitting

    def close(self, sitting: Sitting, item: SittingDoc, where: str) -> None:
        assert item.closed_at is not None
        closed_by = item.closed_by
        assert closed_by is not None  # with closed_at (`open`)
        closed = refused_as(
            where,
            lambda: settlements.close(
                sitting, self.people.user(closed_by, f"{where}.closed_by"), at=item.closed_at
            ),
        )
        found = {
            line.member.user.get_username(): line.due
            for line in closed.lines
            if line.member is not None
        }
        house = next((line.due for line in closed.lines if line.member is None), None)
        if found != dict(item.due) or house != item.house_due:
            raise ImportRefused(f"{where}: its settlement does not come out as exported")
