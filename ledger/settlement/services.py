"""A sitting's settlement: worked out as closed or as it would close now (each member's
rubbers, points and money, exact and rounded, what is brought forward and due, who pays
whom in the fewest transfers, its rubbers with their stakes, and why it cannot be closed
yet); opening a sitting, and closing its settlement for good (its lines and transfers
kept, each member's rounding posted). Sittings never overlap, and settlements close in the
order of their sittings (the database keeps both)."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from ledger.desk.models import EveningTerms, Payment, Stake
from ledger.desk.services import Charged, Stakes, charges, club_currency, in_sitting, of_sitting
from ledger.money import (
    ROUNDING_RULE,
    fewest_transfers,
    round_to_nothing,
)
from ledger.postings.models import Posting
from ledger.records import DEFAULT_UNIT, HOUSE, NOTHING, LedgerError
from ledger.settlement.models import SettlementLine, Sitting, Transfer
from scorer import engine
from scorer.club.models import Member
from scorer.plumbing.keys import Stale
from scorer.progressive.models import ProgressiveEvening
from scorer.rubbers.models import Rubber, Seat

# -- Settlements ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    member: Member | None  # None: the house, which takes the table money
    rubbers: int
    points_won: int
    points_lost: int  # as a negative number
    exact: Decimal  # the rubbers' money at their stakes, between the players
    rounded: Decimal  # this sitting's money, stakes and table money, rounded
    brought_forward: Decimal  # owed (−) or due (+) before the sitting began
    due: Decimal  # positive: to be received; negative: to be paid
    table_money: Decimal = NOTHING  # charged less waived: − for a member, + for the house
    paid: Decimal = NOTHING  # payments recorded while the sitting ran: + paid, − received

    @property
    def carried_in(self) -> Decimal:
        """What the settlement starts from, before its own money: brought forward and
        paid during the sitting (what a closed settlement's line keeps as brought
        forward)."""
        return self.brought_forward + self.paid

    @property
    def net_points(self) -> int:
        return self.points_won + self.points_lost

    @property
    def name(self) -> str:
        return self.member.name if self.member is not None else HOUSE

    @property
    def house(self) -> bool:
        return self.member is None

    @property
    def money(self) -> Decimal:
        """This sitting's money exactly: the stakes' and the table money."""
        return self.exact + self.table_money


@dataclass(frozen=True)
class StakedRubber:
    """A rubber of a sitting, with the stake it settles at (Law: the stake in force when
    it started), so that a settlement says which rubbers posted no money, and why."""

    rubber: Rubber
    game: str  # "Bridge", "Three-handed Bridge", "Short Whist"
    sides: str  # "Carr & Dane v Fenwick & Hartley"
    value: str  # "Carr & Dane gained 152", "level", "not yet agreed", "abandoned, void"
    stake: str  # "£0.50 a hundred points", or "no stake: points only"


@dataclass(frozen=True)
class Settlement:
    sitting: Sitting
    currency: str
    unit: Decimal
    lines: list[Line]
    transfers: list[Transfer]
    unagreed: list[Rubber]  # rubbers in the sitting not yet agreed: no closing till they are
    rubbers: list[StakedRubber]
    charges: list[Charged]
    # Progressive evenings of the sitting played for money and not yet ended.
    unended: list[ProgressiveEvening] = field(default_factory=list)
    rule: str = ROUNDING_RULE

    @property
    def table_money(self) -> Decimal:
        """The house's table money this sitting (what the members' lines owe it)."""
        return sum((line.table_money for line in self.lines if line.house), NOTHING)

    @property
    def total(self) -> Decimal:
        return sum((line.due for line in self.lines), NOTHING)

    @property
    def seen(self) -> str:
        """The settlement's figures in a few letters, for a closing form to carry back: if
        they have changed when it is sent (a rubber agreed, an evening ended, a payment
        recorded), it is refused."""
        lines = [
            (line.member and line.member.pk, line.rubbers, line.exact, line.table_money)
            for line in self.lines
        ]
        before = [line.carried_in for line in self.lines]
        unagreed = [rubber.pk for rubber in self.unagreed]
        unended = [evening.pk for evening in self.unended]
        figures = repr((lines, before, unagreed, unended, str(self.unit)))
        return hashlib.sha256(figures.encode()).hexdigest()[:16]


def settlement(sitting: Sitting) -> Settlement:
    """The settlement of a sitting: as closed, or as it would close now. It counts only
    what came before its sitting ended: its own rubbers, the closed settlements of the
    sittings before it, and the payments recorded before its end (`_settled_before`)."""
    stake = Stake.in_force(sitting.end)
    currency = club_currency(sitting.end)
    unit = stake.smallest_unit if stake else DEFAULT_UNIT
    paid = _paid_during(sitting)
    if sitting.closed:
        # A closed line keeps what it carried in: what was brought forward and what was
        # paid while the sitting ran, which the postings still tell apart.
        lines = sorted(
            (
                Line(
                    kept.member,
                    kept.rubbers,
                    kept.points_won,
                    kept.points_lost,
                    kept.exact,
                    kept.rounded,
                    kept.brought_forward - paid.get(kept.member_id, NOTHING),
                    kept.due,
                    kept.table_money,
                    paid.get(kept.member_id, NOTHING),
                )
                for kept in sitting.lines.select_related("member")
            ),
            key=lambda line: (line.house, line.name),
        )
        transfers = list(sitting.transfers.select_related("payer", "payee").order_by("id"))
        return Settlement(
            sitting, currency, unit, lines, transfers, [], staked_rubbers(sitting), charges(sitting)
        )
    # The stakes of its rubbers and of its Progressive evenings played for money.
    played = (
        Posting.objects.filter(
            (Q(kind=Posting.RUBBER) & in_sitting(sitting, "rubber__started_at"))
            | (Q(kind=Posting.EVENING) & in_sitting(sitting, "evening__drawn_at"))
        )
        .values("member")
        .annotate(
            rubbers=Count("id", filter=Q(kind=Posting.RUBBER)),
            won=Sum("points", filter=Q(points__gt=0), default=0),
            lost=Sum("points", filter=Q(points__lt=0), default=0),
            exact=Sum("amount", default=NOTHING),
        )
    )
    # Table money, charged less waived, by member; the house's (member None) too.
    tabled = (
        Posting.objects.filter(kind__in=[Posting.TABLE, Posting.WAIVER])
        .filter(of_sitting(sitting))
        .values("member")
        .annotate(total=Sum("amount", default=NOTHING))
    )
    table: dict[int | None, Decimal] = {row["member"]: row["total"] for row in tabled}
    before = _settled_before(sitting)
    ids: set[int | None] = set(table) | {k for k, v in (before | paid).items() if v}
    ids |= {row["member"] for row in played}
    members: dict[int | None, Member | None] = {
        m.pk: m for m in Member.objects.filter(pk__in=[pk for pk in ids if pk is not None])
    }
    if None in ids:
        members[None] = None
    names = {pk: member.name if member else HOUSE for pk, member in members.items()}
    exact: dict[int | None, Decimal] = dict.fromkeys(members, NOTHING)
    counts: dict[int | None, tuple[int, int, int]] = dict.fromkeys(members, (0, 0, 0))
    for row in played:
        exact[row["member"]] = row["exact"]
        counts[row["member"]] = (row["rubbers"], row["won"], row["lost"])
    # What each member (and the house) is due, brought forward included, rounded to whole
    # units: a part of a unit brought forward (from a smaller unit before) is rounded here
    # with the rest.
    carried_in = {pk: before.get(pk, NOTHING) + paid.get(pk, NOTHING) for pk in members}
    carried = {pk: carried_in[pk] + exact[pk] + table.get(pk, NOTHING) for pk in members}
    rounded_due = round_to_nothing(carried, unit, names) if carried else {}
    lines = [
        Line(
            members[pk],
            *counts[pk],
            exact[pk],
            rounded_due[pk] - carried_in[pk],
            before.get(pk, NOTHING),
            rounded_due[pk],
            table.get(pk, NOTHING),
            paid.get(pk, NOTHING),
        )
        for pk in sorted(members, key=lambda pk: (pk is None, names[pk]))
    ]
    due = {pk: int(rounded_due[pk] / unit) for pk in members}
    transfers = [
        Transfer(
            sitting=sitting, payer=members[t.payer], payee=members[t.payee], amount=t.amount * unit
        )
        for t in fewest_transfers(due, names)
    ]
    rubbers = staked_rubbers(sitting)
    unagreed = [staked.rubber for staked in rubbers if not staked.rubber.agreed]
    return Settlement(
        sitting,
        currency,
        unit,
        lines,
        transfers,
        unagreed,
        rubbers,
        charges(sitting),
        unended_evenings(sitting),
    )


def unended_evenings(sitting: Sitting) -> list[ProgressiveEvening]:
    """The Progressive evenings drawn in a sitting, played for money, and not yet ended:
    their money is posted when they end, and the settlement waits for it."""
    drawn = ProgressiveEvening.objects.filter(
        ended_at__isnull=True, drawn_at__gte=sitting.start, drawn_at__lt=sitting.end
    ).order_by("drawn_at", "id")
    return [evening for evening in drawn if (terms := EveningTerms.of(evening)) and terms.for_money]


# What a settlement's list of rubbers reads of each: a year's sitting holds thousands.
STAKED_FIELDS = (
    "table",
    "started_at",
    "game",
    "agreed_at",
    "agreed_value",
    "abandoned",
    "abandoned_counts",
)


def staked_rubbers(sitting: Sitting) -> list[StakedRubber]:
    """The sitting's rubbers in the order they started, each with its stake. A year's
    sitting holds thousands: the players' names come in one query as plain rows, and each
    stake is put in words once."""
    stakes = Stakes()
    rubbers = list(sitting.rubbers().only(*STAKED_FIELDS).order_by("started_at", "id"))
    names: dict[int, dict[int, str]] = {}
    seats = Seat.objects.filter(rubber__in=sitting.rubbers().values("pk"))
    for rubber_id, position, short_name in seats.values_list(
        "rubber_id", "position", "member__short_name"
    ):
        names.setdefault(rubber_id, {})[position] = short_name
    found = []
    for rubber in rubbers:
        game = rubber.game_rules
        by_seat = names[rubber.pk]
        seat = [by_seat[game.seating.player_at(place)] for place in engine.SEATS]
        we = f"{seat[0]} & {seat[2]}" if seat[0] != seat[2] else f"{seat[0]} with the dummy"
        they = f"{seat[1]} & {seat[3]}"
        points = rubber.agreed_value
        if points is None:
            value = "not yet agreed"
        elif rubber.abandoned and not rubber.abandoned_counts:
            value = "abandoned, void"
        elif points == 0:
            value = "level"
        else:
            value = f"{we if points > 0 else they} gained {abs(points):,}"
        if rubber.abandoned and rubber.abandoned_counts:
            value = f"abandoned, counted as it stood: {value}"
        stake = stakes.words(rubber.started_at, game)
        found.append(StakedRubber(rubber, game.name, f"{we} v {they}", value, stake))
    return found


def still_owed(result: Settlement) -> list[bool]:
    """For each transfer of a settlement, whether it is still to be paid. While its sitting
    runs, payments count in the settlement itself, which is worked out afresh after each,
    so every transfer is. Once the sitting has ended they no longer count in it (nothing
    after it does): a transfer is paid by a payment of its amount from its payer to its
    payee recorded since the end, and not reversed; each payment pays one transfer."""
    sitting = result.sitting
    if sitting.end > timezone.now():
        return [True] * len(result.transfers)
    reversed_ = Payment.objects.filter(reverses__isnull=False).values("reverses_id")
    made: Counter[tuple[int | None, int | None, Decimal]] = Counter(
        Payment.objects.filter(recorded_at__gte=sitting.end, reverses__isnull=True)
        .exclude(pk__in=reversed_)
        .values_list("payer_id", "payee_id", "amount")
    )
    owed = []
    for transfer in result.transfers:
        paid = (transfer.payer_id, transfer.payee_id, transfer.amount)
        owed.append(made[paid] == 0)
        made[paid] -= 1 if made[paid] else 0
    return owed


def _settled_before(sitting: Sitting) -> dict[int | None, Decimal]:
    """Each member's balance (and the house's, None) brought forward: what was owed
    before the sitting began, from the rounded amounts of the closed settlements of the
    sittings before it and the payments recorded before its start. Nothing later counts,
    whenever the settlement is read: a later sitting's closing belongs to the settlements
    after it, and a payment made during the sitting is its own (`_paid_during`)."""
    balances: dict[int | None, Decimal] = {}
    closed = SettlementLine.objects.filter(sitting__start__lt=sitting.start).values("member")
    for row in closed.annotate(total=Sum("rounded")):
        balances[row["member"]] = row["total"]
    paid = Posting.objects.filter(kind=Posting.PAYMENT, posted_at__lt=sitting.start)
    for row in paid.values("member").annotate(total=Sum("amount")):
        balances[row["member"]] = balances.get(row["member"], NOTHING) + row["total"]
    return balances


def _paid_during(sitting: Sitting) -> dict[int | None, Decimal]:
    """The payments recorded while the sitting ran, by member (the house None): they
    count in its settlement, apart from what was brought forward. One made since its end
    belongs to the next."""
    paid = Posting.objects.filter(
        kind=Posting.PAYMENT, posted_at__gte=sitting.start, posted_at__lt=sitting.end
    )
    return {
        row["member"]: row["total"] for row in paid.values("member").annotate(total=Sum("amount"))
    }


def unsettled_before(sitting: Sitting) -> Sitting | None:
    """The first sitting before this one still open, if any: a settlement is closed only
    after every one before it, so that it brings them all forward."""
    earlier = Sitting.objects.filter(start__lt=sitting.start, closed_at__isnull=True)
    return earlier.order_by("start").first()


def closing_refused(sitting: Sitting, result: Settlement, at: datetime) -> str | None:
    """Why a sitting cannot be closed now, in words; None if it can."""
    return not_yet_closed(sitting, at) or unagreed(result) or unended(result)


def not_yet_closed(sitting: Sitting, at: datetime) -> str | None:
    if sitting.closed:
        return f"{sitting.name} is closed already."
    if sitting.end > at:
        return (
            f"{sitting.name} runs until {timezone.localtime(sitting.end):%d %b %Y %H:%M}: "
            "close it after that."
        )
    earlier = unsettled_before(sitting)
    return close_earlier_first(earlier, sitting) if earlier is not None else None


def unagreed(result: Settlement) -> str | None:
    if not result.unagreed:
        return None
    tables = ", ".join(sorted({rubber.table for rubber in result.unagreed}))
    return (
        f"{len(result.unagreed)} rubber(s) of {result.sitting.name} are not yet agreed "
        f"({tables}): agree or abandon them first."
    )


def unended(result: Settlement) -> str | None:
    if not result.unended:
        return None
    names = " and ".join(evening.name for evening in result.unended)
    return (
        f"{names} of {result.sitting.name}, played for money, "
        f"{'has' if len(result.unended) == 1 else 'have'} not yet ended: end "
        f"{'it' if len(result.unended) == 1 else 'them'} first, so that "
        f"{'its' if len(result.unended) == 1 else 'their'} money is posted."
    )


def close_earlier_first(earlier: Sitting, sitting: Sitting) -> str:
    return (
        f"{earlier.name} comes before {sitting.name} and is not closed: close {earlier.name}'s "
        f"settlement first, so that {sitting.name}'s brings it forward."
    )


@transaction.atomic
def close(
    sitting: Sitting, user: User, *, seen: str | None = None, at: datetime | None = None
) -> Settlement:
    """Fix a sitting's settlement for good: its lines and transfers are kept, and each
    member's rounding is posted, so that his balance is in whole units.

    The sitting is locked first, and an agreement posting into it waits for that lock
    (`post_rubber`), so the settlement read here is the one closed. Settlements close in
    the order of their sittings (the database keeps them so), so that each brings forward
    every one before it. `seen`: the figures the secretary was shown; if they have
    changed since, nothing is closed."""
    sitting = Sitting.objects.select_for_update().get(pk=sitting.pk)
    at = at or timezone.now()
    refused = not_yet_closed(sitting, at)
    if refused is not None:
        raise LedgerError(refused)
    result = settlement(sitting)
    if seen is not None and seen != result.seen:
        raise Stale(
            f"{sitting.name}'s settlement changed since this page was shown (a rubber agreed "
            "or table money waived): nothing was closed. Here it is now; look it over and "
            "close it again."
        )
    refused = unagreed(result) or unended(result)
    if refused is not None:
        raise LedgerError(refused)
    closing = Sitting.objects.filter(pk=sitting.pk, closed_at__isnull=True)
    try:
        with transaction.atomic():
            changed = closing.update(closed_at=at, closed_by=user)
    except IntegrityError:
        # The database keeps settlements in order: a sitting before this one was opened
        # meanwhile (PostgreSQL's exclusion constraint waited for it to commit).
        earlier = unsettled_before(sitting)
        raise LedgerError(close_earlier_first(earlier, sitting) if earlier else _IN_ORDER) from None
    if not changed:
        raise LedgerError(f"{sitting.name} is closed already.")
    sitting.closed_at, sitting.closed_by = at, user
    SettlementLine.objects.bulk_create(
        SettlementLine(
            sitting=sitting,
            member=line.member,
            rubbers=line.rubbers,
            points_won=line.points_won,
            points_lost=line.points_lost,
            exact=line.exact,
            table_money=line.table_money,
            rounded=line.rounded,
            brought_forward=line.carried_in,
            due=line.due,
        )
        for line in result.lines
    )
    Transfer.objects.bulk_create(result.transfers)
    Posting.objects.bulk_create(
        Posting(
            member=line.member,
            kind=Posting.ROUNDING,
            sitting=sitting,
            amount=line.rounded - line.money,
            currency=result.currency,
            counterparty="the other members of the settlement",
            reason=f"rounding at the settlement of {sitting.name}",
            posted_at=at,
        )
        for line in result.lines
        if line.rounded != line.money
    )
    return settlement(sitting)


_IN_ORDER = (
    "Settlements are closed in the order of their sittings, and no sitting is opened before "
    "a closed one: nothing was changed."
)


def open_sitting(*, name: str, start: datetime, end: datetime, user: User) -> Sitting:
    """A new sitting. The database refuses one that overlaps another, and one that would
    come before a closed settlement, which has counted everything before it."""
    if end <= start:
        raise LedgerError("A sitting ends after it starts.")
    try:
        with transaction.atomic():
            return Sitting.objects.create(name=name, start=start, end=end, created_by=user)
    except IntegrityError:
        overlap = Sitting.objects.filter(start__lt=end, end__gt=start).first()
        if overlap is not None:
            raise LedgerError(
                f"It overlaps {overlap.name}: a rubber settles in one sitting only."
            ) from None
        closed = Sitting.objects.filter(start__gte=end, closed_at__isnull=False)
        after = closed.order_by("start").first()
        if after is None:
            raise LedgerError(_IN_ORDER) from None
        last = closed.order_by("-start").first() or after
        raise LedgerError(
            f"{after.name} is closed, and this sitting would come before it: a closed "
            "settlement has counted everything before it and is never rewritten. Open a "
            f"sitting from {timezone.localtime(last.end):%-d %b %Y %H:%M} on."
        ) from None
