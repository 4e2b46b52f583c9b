"""A member's record over a season, as his page draws it: his points and money after each
sitting, his rubbers won and lost sitting by sitting, and his partnerships. Read from his
postings, which the agreement of each rubber that counts made (his share of its points,
as its game shares them, and its stakes and table money), and from the rubbers' seats for
his partners, as the club's table reads them (scorer.rankings)."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from functools import cached_property

from django.db.models import Sum
from django.utils import timezone

from ledger.desk.services import currency
from ledger.postings.models import Posting
from ledger.records import NOTHING
from ledger.settlement.models import Sitting
from scorer import engine
from scorer.club.models import Member
from scorer.rankings.reads import partners
from scorer.rankings.seasons import Season
from scorer.rubbers.models import Seat

# Points are never added across games that reckon them differently: Bridge's by the
# hundred (its hundreds of points a rubber), Short Whist's by the point (eight at most).
BY_THE_HUNDRED, BY_THE_POINT = engine.Staked.PER_HUNDRED, engine.Staked.PER_POINT


def reckoned(staked: engine.Staked) -> str:
    """The game whose points are reckoned so, as the engine names it: "Bridge"."""
    return next(game.name for game in engine.GAMES.values() if game.money.staked is staked)


@dataclass(frozen=True)
class Evening:
    """A sitting of the season in which the member played (or a day he played outside
    any sitting), and where his season stood after it."""

    name: str  # the sitting's: "Evening of 3 January 2026"; else the day's
    day: date
    rubbers: int
    won: int
    lost: int
    points: int  # by the hundred
    whist: int  # by the point
    money: Decimal  # the stakes and table money of its rubbers, exactly
    season_points: int
    season_money: Decimal


@dataclass(frozen=True)
class Partnership:
    partner: Member
    rubbers: int  # together
    won: int
    points: int  # net, by the hundred
    whist: int  # net, by the point


@dataclass(frozen=True)
class Record:
    member: Member
    season: Season
    evenings: list[Evening]
    partnerships: list[Partnership]  # most rubbers together first
    currency: str
    unit: Decimal

    @property
    def rubbers(self) -> int:
        return sum(evening.rubbers for evening in self.evenings)

    @property
    def won(self) -> int:
        return sum(evening.won for evening in self.evenings)

    @property
    def lost(self) -> int:
        return sum(evening.lost for evening in self.evenings)

    @property
    def level(self) -> int:
        return self.rubbers - self.won - self.lost

    @property
    def points(self) -> int:
        return self.evenings[-1].season_points if self.evenings else 0

    @property
    def whist(self) -> int:
        return sum(evening.whist for evening in self.evenings)

    @property
    def money(self) -> Decimal:
        return self.evenings[-1].season_money if self.evenings else NOTHING

    @cached_property
    def played_whist(self) -> bool:
        """Whether he played a game reckoned by the point: its column is shown then."""
        return any(evening.whist for evening in self.evenings) or any(
            p.whist for p in self.partnerships
        )

    @property
    def points_game(self) -> str:
        return reckoned(BY_THE_HUNDRED)

    @property
    def whist_game(self) -> str:
        return reckoned(BY_THE_POINT)


@dataclass(frozen=True)
class Played:
    """A rubber as the member played it: when it started, how its game reckons points,
    his share of its value, his money from it, and his partners (members' ids)."""

    started_at: datetime
    staked: engine.Staked
    points: int
    money: Decimal
    partners: tuple[int, ...]


def record(member: Member, season: Season) -> Record:
    """The member's season: four queries of plain rows (his postings by rubber, their
    seats, the season's sittings, his partners by name), however long the season."""
    start, end = season.bounds()
    mine = Posting.objects.filter(
        member=member, rubber__started_at__gte=start, rubber__started_at__lt=end
    )
    rubbers = (
        mine.values("rubber", "rubber__started_at", "rubber__game")
        .annotate(points=Sum("points"), money=Sum("amount"))
        .order_by("rubber__started_at", "rubber")
        .values_list("rubber", "rubber__started_at", "rubber__game", "points", "money")
    )
    seats: dict[int, dict[int, int]] = {}
    rows = Seat.objects.filter(rubber__in=mine.values("rubber")).order_by()
    for rubber, position, who in rows.values_list("rubber_id", "position", "member_id"):
        seats.setdefault(rubber, {})[position] = who
    played = [
        Played(
            started_at,
            engine.find_game(code).money.staked,
            points,
            money,
            partners(code, seats[pk], member.pk),
        )
        for pk, started_at, code, points, money in rubbers
    ]
    sittings = list(
        Sitting.objects.filter(start__lt=end, end__gt=start)
        .order_by("start")
        .values_list("name", "start", "end")
    )
    shown, unit = currency()
    return Record(member, season, _evenings(played, sittings), _partnerships(played), shown, unit)


def _evenings(
    played: list[Played], sittings: list[tuple[str, datetime, datetime]]
) -> list[Evening]:
    """The rubbers gathered by the sitting they started in (a rubber outside every
    sitting, by its day), in order, with the season's running totals."""
    starts = [start for _, start, _ in sittings]
    gathered: dict[tuple[datetime, str], list[Played]] = {}
    for rubber in played:
        at = bisect_right(starts, rubber.started_at) - 1
        if at >= 0 and rubber.started_at < sittings[at][2]:
            key = (sittings[at][1], sittings[at][0])
        else:
            day = timezone.localtime(rubber.started_at)
            key = (day.replace(hour=0, minute=0, second=0, microsecond=0), f"{day:%-d %B %Y}")
        gathered.setdefault(key, []).append(rubber)
    evenings, points, total = [], 0, NOTHING
    for (began, name), rubbers in sorted(gathered.items()):
        by_hundred = sum(r.points for r in rubbers if r.staked is BY_THE_HUNDRED)
        taken = sum((r.money for r in rubbers), NOTHING)
        points, total = points + by_hundred, total + taken
        evenings.append(
            Evening(
                name=name,
                day=timezone.localtime(began).date(),
                rubbers=len(rubbers),
                won=sum(1 for r in rubbers if r.points > 0),
                lost=sum(1 for r in rubbers if r.points < 0),
                points=by_hundred,
                whist=sum(r.points for r in rubbers if r.staked is BY_THE_POINT),
                money=taken,
                season_points=points,
                season_money=total,
            )
        )
    return evenings


def _partnerships(played: list[Played]) -> list[Partnership]:
    tallies: dict[int, list[int]] = {}
    for rubber in played:
        for partner in rubber.partners:
            tally = tallies.setdefault(partner, [0, 0, 0, 0])
            tally[0] += 1
            tally[1] += rubber.points > 0
            tally[2 if rubber.staked is BY_THE_HUNDRED else 3] += rubber.points
    partners = Member.objects.in_bulk(list(tallies))
    found = [Partnership(partners[pk], *tally) for pk, tally in tallies.items()]
    return sorted(found, key=lambda p: (-p.rubbers, -p.points, p.partner.name))
