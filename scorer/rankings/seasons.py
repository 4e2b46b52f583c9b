"""The club's season: a calendar year by the club's clock (1 January to 31 December), the
period the club's table and each member's record are read over unless another is asked
for. A year needs no setting, and every club knows where it begins."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from django.db.models import Max, Min
from django.utils import timezone

from scorer.rubbers.models import Rubber

FIRST, LAST = 2, 9998  # the years whose bounds UTC can keep, in any zone


@dataclass(frozen=True)
class Season:
    year: int

    @property
    def name(self) -> str:
        """ "The 2026 season" """
        return f"The {self.year} season"

    @property
    def first_day(self) -> date:
        return date(self.year, 1, 1)

    @property
    def last_day(self) -> date:
        return date(self.year, 12, 31)

    def bounds(self) -> tuple[datetime, datetime]:
        """From the first moment of 1 January to the first of the next year, by the
        club's clock."""
        zone = timezone.get_current_timezone()
        start = datetime.combine(self.first_day, time.min, zone)
        return start, datetime.combine(date(self.year + 1, 1, 1), time.min, zone)


def this_season() -> Season:
    return Season(timezone.localdate().year)


def season_named(text: str | None) -> Season | None:
    """The season a page is asked for ("2026"), or None if the text names none it can
    read."""
    if text is None or not text.isdigit() or len(text) != 4:
        return None
    year = int(text)
    return Season(year) if FIRST <= year <= LAST else None


def seasons_played() -> list[Season]:
    """Every season in which a rubber was started, the latest first, this one always."""
    found = Rubber.objects.aggregate(first=Min("started_at"), last=Max("started_at"))
    now = this_season().year
    if found["first"] is None:
        return [Season(now)]
    first = timezone.localtime(found["first"]).year
    last = max(timezone.localtime(found["last"]).year, now)
    return [Season(year) for year in range(last, first - 1, -1)]
