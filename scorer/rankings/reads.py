"""The club's table for a period, read from the agreed rubbers: each member who played,
his rubbers, those his side gained from, his net points, and the partnership that gained
him most. Points, not money: the rubbers' agreed values, shared among their players as the
rubber's game shares them, whether or not the rubber was played for a stake or posted to
the ledger, so that an evening played for points alone ranks too."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch, QuerySet

from scorer import engine
from scorer.club.models import Member
from scorer.rubbers.models import Rubber, Seat
from scorer.rubbers.reads import seated


@dataclass(frozen=True)
class Standing:
    """A member in the club's table for a period."""

    member: Member
    rubbers: int
    won: int  # rubbers his side gained from
    net_points: int
    best_partner: Member | None
    best_points: int  # net points with that partner


def counting(start: datetime, end: datetime) -> QuerySet[Rubber]:
    """The rubbers started in the period that count: agreed by both sides, and not void
    (an abandoned rubber counts only where the club's rule said so when it began)."""
    return Rubber.objects.filter(
        started_at__gte=start,
        started_at__lt=end,
        agreed_at__isnull=False,
        agreed_value__isnull=False,
    ).exclude(abandoned=True, abandoned_counts=False)


def counted(start: datetime, end: datetime) -> list[Rubber]:
    """The rubbers that count in the period, with their seats' members: two queries,
    whatever the number of rubbers."""
    seats = Seat.objects.select_related("member")
    return list(counting(start, end).prefetch_related(Prefetch("seats", queryset=seats)))


@dataclass(frozen=True)
class Played:
    """A rubber that counts, as one member played it: when it started, how its game
    reckons points (by the hundred at Bridge, by the point at Short Whist), his share of
    its agreed value, and his partners (none but the dummy, three playing)."""

    rubber: int
    started_at: datetime
    staked: engine.Staked
    points: int
    partners: tuple[int, ...]  # members' ids


def played_by(member: Member, start: datetime, end: datetime) -> list[Played]:
    """Each rubber that counts in the period in which the member held a seat, in the order
    they started, with his share as its game shares it (the engine's), as his postings
    and the club's table have it. Two queries of plain rows, however many rubbers: a
    season's record reads hundreds."""
    mine = counting(start, end).filter(seats__member=member)
    rubbers = list(
        mine.distinct()
        .order_by("started_at", "pk")
        .values_list("pk", "started_at", "game", "agreed_value")
    )
    seats: dict[int, dict[int, int]] = {}
    rows = Seat.objects.filter(rubber__in=mine.values("pk"))
    for rubber, position, who in rows.values_list("rubber_id", "position", "member_id"):
        seats.setdefault(rubber, {})[position] = who
    found = []
    for pk, started_at, code, value in rubbers:
        assert value is not None  # counting: agreed, with its value
        game, by_seat = engine.find_game(code), seats[pk]
        # Round the table, the dummy's seat its holder's (as `seated` puts them).
        at = [by_seat[game.seating.player_at(seat)] for seat in engine.SEATS]
        share = next(s for s in game.money.shares(value) if at[s.seats[0]] == member.pk)
        partners = tuple(
            dict.fromkeys(at[seat] for seat in share.partners if at[seat] != member.pk)
        )
        found.append(Played(pk, started_at, game.money.staked, share.points, partners))
    return found


def club_table(start: datetime, end: datetime) -> list[Standing]:
    """Each member who played in the period: rubbers, those gained from, net points, and
    the partnership that gained him most, by the rubbers' agreed values. A rubber's points
    go to the members of its seats (not a substitute, Law 27), as its agreement does."""
    members: dict[int, Member] = {}
    played: dict[int, list[int]] = {}
    with_partner: dict[int, dict[int, int]] = {}
    for rubber in counted(start, end):
        assert rubber.agreed_value is not None  # counted: agreed, with its value
        seats = seated(rubber, rubber.seats.all())  # round the table, the dummy's too
        for share in rubber.game_rules.money.shares(rubber.agreed_value):
            member = seats[share.seats[0]]
            members[member.pk] = member
            played.setdefault(member.pk, []).append(share.points)
            gains = with_partner.setdefault(member.pk, {})
            # Three playing, the dummy's holder has no partner but the dummy.
            for partner in {seats[seat] for seat in share.partners} - {member}:
                members[partner.pk] = partner
                gains[partner.pk] = gains.get(partner.pk, 0) + share.points
    table = []
    for pk, points in played.items():
        best = max(with_partner[pk].items(), key=lambda item: (item[1], -item[0]), default=None)
        table.append(
            Standing(
                member=members[pk],
                rubbers=len(points),
                won=sum(1 for p in points if p > 0),
                net_points=sum(points),
                best_partner=members[best[0]] if best else None,
                best_points=best[1] if best else 0,
            )
        )
    return sorted(table, key=lambda s: (-s.net_points, s.member.name))
