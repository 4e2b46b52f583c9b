"""Writing to the ledger, and the settlement of a sitting.

An agreed rubber posts once to each of its players; a payment posts to its payer and its
payee; closing a sitting rounds each member's amount (posting the rounding) and fixes who
pays whom. Every one of these adds up to nothing across the members.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from ledger.models import Payment, Posting, SettlementLine, Sitting, Stake, Transfer
from ledger.money import (
    MOST_PAYMENT,
    MOST_STAKE,
    ROUNDING_RULE,
    STAKE_PLACES,
    Inexact,
    fewest_transfers,
    millionths,
    round_to_nothing,
)
from scorer import engine
from scorer.models import Member, Rubber
from scorer.once import Refused, Stale
from scorer.reads import seated

NOTHING = Decimal(0)
DEFAULT_UNIT = Decimal("0.01")


class LedgerError(Refused):
    """What the ledger refuses, in words the secretary can act on."""


def covering(moment: datetime, *, lock: bool = False) -> Sitting | None:
    """The sitting a rubber started at `moment` settles in; locked for this transaction
    if asked, so that closing it and posting to it take turns."""
    sittings = Sitting.objects.filter(start__lte=moment, end__gt=moment)
    if lock:
        sittings = sittings.select_for_update()
    return sittings.first()


def post_agreed(
    sender: object,
    *,
    rubber: Rubber,
    seats: Sequence[Member],
    at: datetime | None = None,
    **kwargs: object,
) -> None:
    """The ledger's answer to `scorer.signals.rubber_agreed`, in the agreement's own
    transaction (`at`: when, if not now: an imported rubber's agreement)."""
    post_rubber(rubber, seats, at=at)


def post_rubber(
    rubber: Rubber, seats: Sequence[Member], *, at: datetime | None = None
) -> list[Posting]:
    """An agreed rubber (or one abandoned and counted): each player of one partnership
    gains its points, each of the other loses them (Law 11), at the stake in force when it
    started. Run inside the agreement's transaction; the database takes it only once."""
    if rubber.agreed_value is None or (rubber.abandoned and not rubber.abandoned_counts):
        return []
    sitting = covering(rubber.started_at, lock=True)
    if sitting is not None and sitting.closed:
        raise LedgerError(
            f"{sitting.name} is closed, and this rubber started in it: its settlement is "
            "never changed, so the rubber cannot be agreed now. Tell the secretary."
        )
    stake = Stake.in_force(rubber.started_at)
    game = rubber.game_rules
    rate = stake.rate(game.staked) if stake else NOTHING
    currency = stake.currency if stake else ""
    started = timezone.localtime(rubber.started_at)
    postings = []
    for share in game.shares(rubber.agreed_value):
        partners = " and ".join(seats[seat].name for seat in share.partners)
        partnering = f", partnering {partners}" if partners else ""
        postings.append(
            Posting(
                member=seats[share.seats[0]],
                kind=Posting.RUBBER,
                rubber=rubber,
                points=share.points,
                amount=game.staked.amount(share.points, rate),
                currency=currency,
                counterparty=" and ".join(seats[seat].name for seat in share.adversaries),
                reason=f"{game.name} rubber at {rubber.table}, {started:%d %b %Y %H:%M}"
                f"{partnering}",
                posted_at=at or timezone.now(),
            )
        )
    return Posting.objects.bulk_create(postings)


NO_STAKE = "no stake: points only"


def terms(sender: object, *, rubber: Rubber | None, **kwargs: object) -> str:
    """The ledger's answer to `scorer.signals.rubber_terms`: what a rubber is played for,
    at the stake in force when it started (None: one started now)."""
    stake = Stake.in_force(rubber.started_at if rubber is not None else timezone.now())
    if stake is None:
        if rubber is None:
            return "No stake is in force: a rubber started now posts its points and no money."
        return "No stake was in force when it started: it posts its points and no money."
    game = rubber.game_rules if rubber is not None else engine.BRIDGE
    if rubber is None:
        return f"Played for {stake.words}."
    return f"Played for {stake.words_for(game)}."


class Stakes:
    """Every stake the club has set, to find the one in force at many moments with one
    query (a club sets a handful)."""

    def __init__(self) -> None:
        self.stakes = list(Stake.objects.order_by("valid_from", "id"))
        self.starts = [stake.valid_from for stake in self.stakes]

    def at(self, moment: datetime) -> Stake | None:
        found = bisect_right(self.starts, moment)
        return self.stakes[found - 1] if found else None

    def words(self, moment: datetime, game: engine.CardGame[Any, Any] = engine.BRIDGE) -> str:
        """ "£0.50 a hundred points", "£0.10 a point", or "no stake: points only" """
        stake = self.at(moment)
        return stake.words_for(game) if stake else NO_STAKE


def check_amount(amount: Decimal, unit: Decimal) -> None:
    """A payment's amount, as the ledger takes it."""
    if not amount.is_finite() or amount <= 0:
        raise LedgerError("A payment is of more than nothing.")
    if amount > MOST_PAYMENT:
        raise LedgerError(f"A payment is of {MOST_PAYMENT:,} at most.")
    if amount % unit:
        raise LedgerError(f"A payment is in whole units of {unit.normalize()}.")


@transaction.atomic
def record_payment(
    *,
    payer: Member,
    payee: Member,
    amount: Decimal,
    method: str,
    note: str,
    user: User,
    reverses: Payment | None = None,
    at: datetime | None = None,
) -> Payment:
    """Money handed from payer to payee: the payer owes that much less, the payee is owed
    that much less."""
    at = at or timezone.now()
    stake = Stake.in_force(at)
    check_amount(amount, stake.smallest_unit if stake else DEFAULT_UNIT)
    if payer == payee:
        raise LedgerError("A member cannot pay himself.")
    currency = stake.currency if stake else ""
    try:
        with transaction.atomic():
            payment = Payment.objects.create(
                payer=payer,
                payee=payee,
                amount=amount,
                currency=currency,
                method=method,
                note=note,
                reverses=reverses,
                recorded_by=user,
                recorded_at=at,
            )
    except IntegrityError:  # the database keeps one reversal a payment
        raise LedgerError("That payment has been reversed already.") from None
    how = dict(Payment.METHODS)[method].lower()
    Posting.objects.bulk_create(
        [
            Posting(
                member=payer,
                kind=Posting.PAYMENT,
                payment=payment,
                amount=amount,
                currency=currency,
                counterparty=payee.name,
                reason=f"paid by {how}" + (f": {note}" if note else ""),
                posted_at=payment.recorded_at,
            ),
            Posting(
                member=payee,
                kind=Posting.PAYMENT,
                payment=payment,
                amount=-amount,
                currency=currency,
                counterparty=payer.name,
                reason=f"received by {how}" + (f": {note}" if note else ""),
                posted_at=payment.recorded_at,
            ),
        ]
    )
    return payment


def reverse_payment(*, payment: Payment, user: User) -> Payment:
    """A payment recorded by mistake is put right by one back the other way, once."""
    return record_payment(
        payer=payment.payee,
        payee=payment.payer,
        amount=payment.amount,
        method=payment.method,
        note=f"reverses the payment of {timezone.localtime(payment.recorded_at):%d %b}",
        user=user,
        reverses=payment,
    )


# -- The stake ---------------------------------------------------------------------------------


def stake_seen(stake: Stake | None) -> str:
    """What a page says of the stake in force, for a form to carry back."""
    return str(stake.pk) if stake else "none"


@transaction.atomic
def set_stake(
    *,
    per_hundred: Decimal,
    currency: str,
    smallest_unit: Decimal,
    user: User,
    seen: str,
    per_point: Decimal = NOTHING,
    at: datetime | None = None,
) -> Stake:
    """A new stake from now on, replacing the one the form was shown: if another has been
    set since, this one is refused (the database keeps one successor to each stake)."""
    at = at or timezone.now()
    current = Stake.latest()
    if stake_seen(current) != seen:
        raise _stake_changed(current)
    if not 0 <= per_hundred <= MOST_STAKE:
        raise LedgerError(f"A stake is between nothing and {MOST_STAKE:,} a hundred points.")
    if per_hundred != per_hundred.quantize(Decimal(1).scaleb(-STAKE_PLACES)):
        raise LedgerError(f"A stake has at most {STAKE_PLACES} places.")
    if not 0 <= per_point <= MOST_STAKE:
        raise LedgerError(f"Whist's stake is between nothing and {MOST_STAKE:,} a point.")
    if per_point != per_point.quantize(Decimal(1).scaleb(-STAKE_PLACES)):
        raise LedgerError(f"Whist's stake has at most {STAKE_PLACES} places.")
    if not Decimal("0.0001") <= smallest_unit <= 100:
        raise LedgerError("The smallest unit is between 0.0001 and 100.")
    try:
        millionths(per_hundred)
        millionths(per_point)
        millionths(smallest_unit)
        with transaction.atomic():
            return Stake.objects.create(
                per_hundred=per_hundred,
                per_point=per_point,
                currency=currency.upper(),
                smallest_unit=smallest_unit,
                valid_from=at,
                set_by=user,
                replaces=current,
            )
    except Inexact as error:
        raise LedgerError(str(error)) from None
    except IntegrityError:  # another stake replaced the same one a moment before
        raise _stake_changed(Stake.latest()) from None


def _stake_changed(now: Stake | None) -> Stale:
    said = f"it is now {now}" if now else "there is none now"
    return Stale(
        f"The stake was changed since this page was shown ({said}): nothing was changed. "
        "Set it again if you still mean to."
    )


# -- Settlements ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    member: Member
    rubbers: int
    points_won: int
    points_lost: int  # as a negative number
    exact: Decimal  # the rubbers' money at their stakes
    rounded: Decimal
    brought_forward: Decimal  # owed or due from before, payments included
    due: Decimal  # positive: to be received; negative: to be paid

    @property
    def net_points(self) -> int:
        return self.points_won + self.points_lost


@dataclass(frozen=True)
class StakedRubber:
    """A rubber of a sitting, with the stake it settles at (Law: the stake in force when
    it started), so that a settlement says which rubbers posted no money, and why."""

    rubber: Rubber
    game: str  # "Bridge", "Three-handed Bridge", "Short Whist"
    sides: str  # "Carr & Dane v Fenwick & Hartley"
    value: str  # "Carr & Dane gained 152", "level", "not yet agreed"
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
    rule: str = ROUNDING_RULE

    @property
    def total(self) -> Decimal:
        return sum((line.due for line in self.lines), NOTHING)

    @property
    def seen(self) -> str:
        """The settlement's figures in a few letters, for a closing form to carry back: if
        they have changed when it is sent (a rubber agreed, a payment recorded), it is
        refused."""
        figures = repr(
            (
                [(ln.member.pk, ln.rubbers, ln.exact, ln.brought_forward) for ln in self.lines],
                [rubber.pk for rubber in self.unagreed],
                str(self.unit),
            )
        )
        return hashlib.sha256(figures.encode()).hexdigest()[:16]


def settlement(sitting: Sitting) -> Settlement:
    """The settlement of a sitting: as closed, or as it would close now."""
    stake = Stake.in_force(sitting.end)
    currency = stake.currency if stake else ""
    unit = stake.smallest_unit if stake else DEFAULT_UNIT
    if sitting.closed:
        lines = [
            Line(
                kept.member,
                kept.rubbers,
                kept.points_won,
                kept.points_lost,
                kept.exact,
                kept.rounded,
                kept.brought_forward,
                kept.due,
            )
            for kept in sitting.lines.select_related("member")
        ]
        transfers = list(sitting.transfers.select_related("payer", "payee").order_by("id"))
        return Settlement(sitting, currency, unit, lines, transfers, [], staked_rubbers(sitting))
    played = (
        Posting.objects.filter(
            kind=Posting.RUBBER,
            rubber__started_at__gte=sitting.start,
            rubber__started_at__lt=sitting.end,
        )
        .values("member")
        .annotate(
            rubbers=Count("id"),
            won=Sum("points", filter=Q(points__gt=0), default=0),
            lost=Sum("points", filter=Q(points__lt=0), default=0),
            exact=Sum("amount", default=NOTHING),
        )
    )
    before = _settled_balances(excluding=sitting)
    ids = {row["member"] for row in played} | {k for k, v in before.items() if v}
    members = {m.pk: m for m in Member.objects.filter(pk__in=ids)}
    names = {pk: member.name for pk, member in members.items()}
    exact = dict.fromkeys(members, NOTHING)
    counts = dict.fromkeys(members, (0, 0, 0))
    for row in played:
        exact[row["member"]] = row["exact"]
        counts[row["member"]] = (row["rubbers"], row["won"], row["lost"])
    # What each member is due, brought forward included, rounded to whole units: a part of
    # a unit brought forward (from a smaller unit before) is rounded here with the rest.
    carried = {pk: before.get(pk, NOTHING) + exact[pk] for pk in members}
    rounded_due = round_to_nothing(carried, unit, names) if carried else {}
    lines = [
        Line(
            members[pk],
            *counts[pk],
            exact[pk],
            rounded_due[pk] - before.get(pk, NOTHING),
            before.get(pk, NOTHING),
            rounded_due[pk],
        )
        for pk in sorted(members, key=names.__getitem__)
    ]
    due = {line.member.pk: int(line.due / unit) for line in lines}
    transfers = [
        Transfer(
            sitting=sitting, payer=members[t.payer], payee=members[t.payee], amount=t.amount * unit
        )
        for t in fewest_transfers(due, names)
    ]
    rubbers = staked_rubbers(sitting)
    unagreed = [staked.rubber for staked in rubbers if not staked.rubber.agreed]
    return Settlement(sitting, currency, unit, lines, transfers, unagreed, rubbers)


def staked_rubbers(sitting: Sitting) -> list[StakedRubber]:
    """The sitting's rubbers in the order they started, each with its stake."""
    stakes = Stakes()
    found = []
    for rubber in sitting.rubbers().prefetch_related("seats__member").order_by("started_at", "id"):
        game = rubber.game_rules
        names = [member.short_name for member in seated(rubber, rubber.seats.all())]
        we = f"{names[0]} & {names[2]}" if names[0] != names[2] else f"{names[0]} with the dummy"
        they = f"{names[1]} & {names[3]}"
        points = rubber.agreed_value
        if points is None:
            value = "not yet agreed"
        elif rubber.abandoned and not rubber.abandoned_counts:
            value = "abandoned, void"
        elif points == 0:
            value = "level"
        else:
            value = f"{we if points > 0 else they} gained {abs(points):,}"
        stake = stakes.words(rubber.started_at, game)
        found.append(StakedRubber(rubber, game.name, f"{we} v {they}", value, stake))
    return found


def _settled_balances(*, excluding: Sitting) -> dict[int, Decimal]:
    """Each member's balance from what has been settled: the rounded amounts of closed
    settlements, and every payment."""
    balances: dict[int, Decimal] = {}
    closed = SettlementLine.objects.exclude(sitting=excluding).values("member")
    for row in closed.annotate(total=Sum("rounded")):
        balances[row["member"]] = row["total"]
    paid = Posting.objects.filter(kind=Posting.PAYMENT).values("member")
    for row in paid.annotate(total=Sum("amount")):
        balances[row["member"]] = balances.get(row["member"], NOTHING) + row["total"]
    return balances


@transaction.atomic
def close(
    sitting: Sitting, user: User, *, seen: str | None = None, at: datetime | None = None
) -> Settlement:
    """Fix a sitting's settlement for good: its lines and transfers are kept, and each
    member's rounding is posted, so that his balance is in whole units.

    The sitting is locked first, and an agreement posting into it waits for that lock
    (`post_rubber`), so the settlement read here is the one closed. `seen`: the figures
    the secretary was shown; if they have changed since, nothing is closed."""
    sitting = Sitting.objects.select_for_update().get(pk=sitting.pk)
    at = at or timezone.now()
    if sitting.closed:
        raise LedgerError(f"{sitting.name} is closed already.")
    if sitting.end > at:
        raise LedgerError(
            f"{sitting.name} runs until {timezone.localtime(sitting.end):%d %b %Y %H:%M}: "
            "close it after that."
        )
    result = settlement(sitting)
    if seen is not None and seen != result.seen:
        raise Stale(
            f"{sitting.name}'s settlement changed since this page was shown (a rubber agreed "
            "or a payment recorded): nothing was closed. Here it is now; look it over and "
            "close it again."
        )
    if result.unagreed:
        tables = ", ".join(sorted({rubber.table for rubber in result.unagreed}))
        raise LedgerError(
            f"{len(result.unagreed)} rubber(s) of {sitting.name} are not yet agreed ({tables}): "
            "agree or abandon them first."
        )
    closing = Sitting.objects.filter(pk=sitting.pk, closed_at__isnull=True)
    if not closing.update(closed_at=at, closed_by=user):
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
            rounded=line.rounded,
            brought_forward=line.brought_forward,
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
            amount=line.rounded - line.exact,
            currency=result.currency,
            counterparty="the other members of the settlement",
            reason=f"rounding at the settlement of {sitting.name}",
            posted_at=at,
        )
        for line in result.lines
        if line.rounded != line.exact
    )
    return settlement(sitting)


def open_sitting(*, name: str, start: datetime, end: datetime, user: User) -> Sitting:
    """A new sitting. The database refuses one that overlaps another."""
    if end <= start:
        raise LedgerError("A sitting ends after it starts.")
    try:
        with transaction.atomic():
            return Sitting.objects.create(name=name, start=start, end=end, created_by=user)
    except IntegrityError:
        overlap = Sitting.objects.filter(start__lt=end, end__gt=start).first()
        which = overlap.name if overlap else "another sitting"
        raise LedgerError(f"It overlaps {which}: a rubber settles in one sitting only.") from None


# -- Reports -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatementRow:
    posting: Posting
    balance: Decimal  # after this posting
    stake: str  # a rubber's: "£0.50 a hundred points", "no stake: points only"; else ""
    game: str  # a rubber's game: "Bridge", "Short Whist"; else ""


def statement(member: Member) -> list[StatementRow]:
    """Every posting to a member's account, oldest first, with the balance after each."""
    rows, balance, stakes = [], NOTHING, Stakes()
    for posting in member.postings.select_related("rubber").order_by("posted_at", "id"):
        balance += posting.amount
        rubber = posting.rubber
        game = rubber.game_rules if rubber is not None else None
        stake = stakes.words(rubber.started_at, game) if rubber and game else ""
        rows.append(StatementRow(posting, balance, stake, game.name if game else ""))
    return rows


def currency() -> tuple[str, Decimal]:
    """The club's currency and smallest unit now, to show balances in."""
    stake = Stake.latest()
    return (stake.currency, stake.smallest_unit) if stake else ("", DEFAULT_UNIT)


def balances() -> dict[int, Decimal]:
    """Every member's balance, in one query."""
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
    from scorer.models import Seat

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
        members[member.pk] = member
        played.setdefault(member.pk, []).append(posting.points)
        gains = with_partner.setdefault(member.pk, {})
        # Three playing, the dummy's holder has no partner but the dummy.
        partner = at_table.get(
            (posting.rubber_id, (position_of[(posting.rubber_id, member.pk)] + 2) % 4)
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
