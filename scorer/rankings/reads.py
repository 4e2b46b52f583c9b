"""The club's table for a period, read from the agreed rubbers: each member who played,
his rubbers, those his side gained from, his net points, and the partnership that gained
him most. Points, not money: the rubbers' agreed values, shared among their players as the
rubber's game shares them, whether or not the rubber was played for a stake or posted to
the ledger, so that an evening played for points alone ranks too. Beside it, the
Progressive evenings that ended in the period, read from their results as the engine
works them out: each member's evenings, his net points over them and his best place."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache

from django.db.models import Prefetch, QuerySet

from scorer import engine
from scorer.club.models import Member
from scorer.progressive import reads as progressive
from scorer.progressive.models import ProgressiveEvening
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


@cache
def sharing(code: str) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    """How a game's rubber is shared, whatever its value: each share's seats, its
    partners' seats, and how many times over it takes the value (the engine's shares of a
    value of one: a share is so many times the value, `tests/rankings/`)."""
    shares = engine.find_game(code).money.shares(1)
    return tuple((share.seats, share.partners, share.points) for share in shares)


def partners(code: str, by_seat: dict[int, int], member: int) -> tuple[int, ...]:
    """A member's partners in a rubber of the game `code`, given who sits where (members'
    ids by their seat): none but the dummy, three playing."""
    game = engine.find_game(code)
    # Round the table, the dummy's seat its holder's (as `seated` puts them).
    at = [by_seat[game.seating.player_at(seat)] for seat in engine.SEATS]
    _, theirs, _ = next(share for share in sharing(code) if at[share[0][0]] == member)
    return tuple(dict.fromkeys(at[seat] for seat in theirs if at[seat] != member))


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


@dataclass(frozen=True)
class EveningStanding:
    """A member's Progressive evenings in the club's table for a period."""

    member: Member
    evenings: int
    net_points: int  # over those evenings
    best_place: int


def evenings_table(start: datetime, end: datetime) -> list[EveningStanding]:
    """Each member who played a Progressive evening of the period (its numbers drawn in
    it) that has ended: his evenings, his net points over them, his best place; by the
    results the engine works out from each evening's record. Guests are not the club's."""
    ended = ProgressiveEvening.objects.filter(
        drawn_at__gte=start, drawn_at__lt=end, ended_at__isnull=False
    ).order_by("drawn_at", "id")
    members: dict[int, Member] = {}
    results: dict[int, list[tuple[int, int]]] = {}
    for evening in ended:
        record = progressive.evening_record(evening)
        score = record.score
        assert score is not None  # ended, so drawn
        for standing in score.standings:
            player = record.by_number(standing.number)
            if player.member is None:
                continue
            members[player.member.pk] = player.member
            results.setdefault(player.member.pk, []).append((standing.net, standing.place))
    table = [
        EveningStanding(
            member=members[pk],
            evenings=len(played),
            net_points=sum(net for net, _ in played),
            best_place=min(place for _, place in played),
        )
        for pk, played in results.items()
    ]
    return sorted(table, key=lambda s: (-s.net_points, s.best_place, s.member.name))
