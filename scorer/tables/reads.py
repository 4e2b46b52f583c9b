"""The evening's tables as their pages show them: a table's members, who plays, sits out
and waits, its rubbers and its last cut (`view`); and where every member is this evening:
who plays a rubber in play at its tables, and who belongs to which (`whereabouts`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import Q, QuerySet
from django.utils import timezone

from scorer.club.models import Member
from scorer.engine import tables as laws
from scorer.rubbers.models import Rubber, Seat
from scorer.tables.models import Candidacy, Membership, Table, TableCut


@dataclass(frozen=True)
class Place:
    """A member of the table as its page shows him."""

    member: Member
    run: int  # consecutive rubbers just played
    playing: bool  # in the rubber in play (or the last, between rubbers)


@dataclass(frozen=True)
class TableView:
    table: Table
    places: list[Place]
    waiting: list[Candidacy]  # in the order they have the right to enter
    rubbers: list[Rubber]  # in the order played
    in_play: Rubber | None  # the rubber not yet agreed, if any
    last_cut: TableCut | None
    seats: list[Seat]  # of the latest rubber

    @property
    def between_rubbers(self) -> bool:
        return self.in_play is None and self.table.broken_up_at is None

    @property
    def sitting_out(self) -> list[Place]:
        return [place for place in self.places if not place.playing]


def view(table: Table) -> TableView:
    rubbers = list(table.rubbers.order_by("started_at", "pk").prefetch_related("seats__member"))
    members = [
        m.member for m in table.memberships.filter(left_at__isnull=True).select_related("member")
    ]
    played = [tuple(seat.member_id for seat in rubber.seats.all()) for rubber in rubbers]
    counted = laws.runs([m.pk for m in members], played)
    latest = rubbers[-1] if rubbers else None
    seats = list(latest.seats.all()) if latest is not None else []
    now_playing = {seat.member_id for seat in seats}
    waiting = sorted(
        table.claims.filter(settled_at__isnull=True).select_related("member"),
        key=lambda claim: (not claim.prior, claim.claimed_at, claim.pk),
    )
    return TableView(
        table=table,
        places=[Place(m, counted[m.pk], m.pk in now_playing) for m in members],
        waiting=waiting,
        rubbers=rubbers,
        in_play=latest if latest is not None and latest.agreed_at is None else None,
        last_cut=table.cuts.order_by("-made_at", "-pk").first(),
        seats=seats,
    )


def belongs_to(member: Member) -> Table | None:
    membership = member.memberships.filter(left_at__isnull=True).select_related("table").first()
    return membership.table if membership is not None else None


def playing(day: date, members: Iterable[Member] | None = None) -> dict[int, Seat]:
    """Who plays a rubber in play at the evening's tables, and the seat he plays: his own,
    or one he holds as a substitute (Law 27). `members`: these alone."""
    seats = Seat.objects.filter(
        rubber__at_table__day=day, rubber__agreed_at__isnull=True
    ).select_related("rubber", "member", "substitute")
    if members is not None:
        pks = [member.pk for member in members]
        seats = seats.filter(Q(substitute__in=pks) | Q(substitute__isnull=True, member__in=pks))
    return {seat.substitute_id or seat.member_id: seat for seat in seats}


def plays_at(member: Member, seat: Seat) -> str:
    """Where a member plays, in words: "Mrs. Carr is playing the rubber in play at Table 1",
    or as a substitute, "Mr. Lacey plays for Mrs. Carr at Table 1 until that rubber ends
    (Law 27)"."""
    where = seat.rubber.table  # the table's name, as its rubbers carry it
    if seat.substitute_id == member.pk:
        return (
            f"{member.name} plays for {seat.member.name} at {where} until that rubber ends (Law 27)"
        )
    return f"{member.name} is playing the rubber in play at {where}"


@dataclass(frozen=True)
class Whereabouts:
    """Where the members are at the evening's tables, for the form that forms another:
    who plays a rubber in play (not to be chosen), and who belongs to a table."""

    playing: dict[int, Seat]
    belongs: dict[int, Membership]

    def label(self, member: Member) -> str:
        """A member as a candidate: "Mr. Dane (Table 1, sitting out)"."""
        membership = self.belongs.get(member.pk)
        if membership is None:
            return member.name
        in_play = {seat.rubber.at_table_id for seat in self.playing.values()}
        now = "sitting out" if membership.table_id in in_play else "between rubbers"
        return f"{member.name} ({membership.table.name}, {now})"

    def not_offered(self) -> list[str]:
        """Who may not be chosen, table by table: "Not offered, playing the rubber in play
        at Table 1: Col. Hartley, Miss Fenwick, Mr. Dane, Mrs. Carr." """
        by_table: dict[str, list[str]] = {}
        for pk, seat in self.playing.items():
            name = seat.member.name
            if seat.substitute_id == pk and seat.substitute is not None:
                name = f"{seat.substitute.name} (for {seat.member.name})"
            by_table.setdefault(seat.rubber.table, []).append(name)
        return [
            f"Not offered, playing the rubber in play at {table}: {', '.join(sorted(names))}."
            for table, names in sorted(by_table.items())
        ]


def whereabouts(day: date) -> Whereabouts:
    belongs = Membership.objects.filter(left_at__isnull=True, table__day=day).select_related(
        "table"
    )
    return Whereabouts(playing(day), {membership.member_id: membership for membership in belongs})


def evening_start(day: date) -> datetime:
    return datetime.combine(day, time.min, timezone.get_current_timezone())


# An evening runs from its day's start until six the next morning, by the club's clock.
EVENING = timedelta(hours=30)


def rubbers_apart(day: date) -> QuerySet[Rubber]:
    """The evening's rubbers in play outside its tables: started on their own ("Start a
    rubber") that evening and not yet agreed, in the order they started."""
    start = evening_start(day)
    return Rubber.objects.filter(
        at_table__isnull=True,
        agreed_at__isnull=True,
        started_at__gte=start,
        started_at__lt=start + EVENING,
    ).order_by("started_at", "pk")


def tables_of(day: date) -> QuerySet[Table]:
    return Table.objects.filter(day=day, broken_up_at__isnull=True)


def tonight(day: date) -> set[int]:
    """Who plays tonight: the members of the evening's tables not broken up and those
    waiting to enter them, and every player of a rubber started that evening, at its
    tables or on its own (a substitute too)."""
    start = evening_start(day)
    open_tables = Q(table__day=day, table__broken_up_at__isnull=True)
    seated = Membership.objects.filter(open_tables, left_at__isnull=True)
    waiting = Candidacy.objects.filter(open_tables, settled_at__isnull=True)
    played = Seat.objects.filter(
        rubber__started_at__gte=start, rubber__started_at__lt=start + EVENING
    )
    return {
        *seated.values_list("member_id", flat=True),
        *waiting.values_list("member_id", flat=True),
        *played.values_list("member_id", flat=True),
        *played.filter(substitute__isnull=False).values_list("substitute_id", flat=True),
    }


def answer_tonight(sender: object, *, day: date, **kwargs: object) -> set[int]:
    """The answer to `scorer.rubbers.choosing.playing_tonight`."""
    return tonight(day)
