"""The ledger's reports: each member's statement (the house's too), with the balance after
each posting, every balance at once, and the club's table."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import Sum

from ledger.desk.services import Stakes
from ledger.postings.models import Posting
from ledger.records import NO_STAKE, NOTHING
from scorer import engine
from scorer.club.models import Member
from scorer.rubbers.models import Seat


@dataclass(frozen=True)
class StatementRow:
    posting: Posting
    balance: Decimal  # after this posting
    stake: str  # a rubber's: "£0.50 a hundred points", "no stake: points only"; else ""
    game: str  # a rubber's game: "Bridge", "Short Whist"; else ""

    @property
    def at_stake(self) -> str:
        """ "at £0.50 a hundred points", or "no stake: points only" """
        return self.stake if self.stake in (NO_STAKE, "") else f"at {self.stake}"


def statement(member: Member | None) -> list[StatementRow]:
    """Every posting to a member's account (None: the house's), oldest first, with the
    balance after each."""
    rows, balance, stakes = [], NOTHING, Stakes()
    postings = Posting.objects.filter(member=member).select_related("rubber")
    for posting in postings.order_by("posted_at", "id"):
        balance += posting.amount
        rubber = posting.rubber
        game = rubber.game_rules if rubber is not None else None
        stake = stakes.words(rubber.started_at, game) if rubber and game else ""
        rows.append(StatementRow(posting, balance, stake, game.name if game else ""))
    return rows


def balances() -> dict[int | None, Decimal]:
    """Every member's balance, and the house's (None), in one query."""
    totals = Posting.objects.values("member").annotate(total=Sum("amount"))
    return {row["member"]: row["total"] for row in totals}


@dataclass(frozen=True)
class Standing:
    """A member in the club's table for a period."""

    member: Member
    rubbers: int
    won: int  # rubbers his side gained from
    net_points: int
    best_partner: Member | None
    best_points: int  # net points with that partner


def club_table(start: datetime, end: datetime) -> list[Standing]:
    """Each member who played in the period: rubbers, those gained from, net points, and
    the partnership that gained him most. Two queries, whatever the number of members."""
    postings = list(
        Posting.objects.filter(
            kind=Posting.RUBBER, rubber__started_at__gte=start, rubber__started_at__lt=end
        ).select_related("member")
    )
    seats = Seat.objects.filter(rubber__in={p.rubber_id for p in postings}).select_related("member")
    at_table: dict[tuple[int | None, int], Member] = {}
    position_of: dict[tuple[int | None, int], int] = {}
    for seat in seats:
        at_table[(seat.rubber_id, seat.position)] = seat.member
        position_of[(seat.rubber_id, seat.member_id)] = seat.position
    members: dict[int, Member] = {}
    played: dict[int, list[int]] = {}
    with_partner: dict[int, dict[int, int]] = {}
    for posting in postings:
        member = posting.member
        assert member is not None  # a rubber posts to its players, never to the house
        members[member.pk] = member
        played.setdefault(member.pk, []).append(posting.points)
        gains = with_partner.setdefault(member.pk, {})
        # Three playing, the dummy's holder has no partner but the dummy.
        partner = at_table.get(
            (posting.rubber_id, engine.partner_of(position_of[(posting.rubber_id, member.pk)]))
        )
        if partner is None:
            continue
        members[partner.pk] = partner
        gains[partner.pk] = gains.get(partner.pk, 0) + posting.points
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
