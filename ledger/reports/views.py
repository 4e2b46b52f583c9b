"""The ledger's index (the secretary's desk; a member is sent to his own account), each
member's statement and his season's record in pictures, and the house's account."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from ledger.access import staff_only
from ledger.desk import services as desk
from ledger.desk.forms import PaymentForm, StakeForm, TableChargeForm
from ledger.desk.models import Payment, Stake, TableCharge
from ledger.desk.services import reversal_refused
from ledger.money import say
from ledger.postings.models import Posting
from ledger.records import HOUSE
from ledger.reports import charts
from ledger.reports import reads as reports
from ledger.reports import record as records
from ledger.settlement.forms import SittingForm
from ledger.settlement.models import Sitting
from scorer.club.models import Member
from scorer.engine.words import MINUS
from scorer.rankings.seasons import season_named, seasons_played, this_season


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """The secretary's desk; a member is shown his own account."""
    if not request.user.is_staff:
        return redirect("ledger:me")
    now = timezone.localtime()
    start = now.replace(hour=12, minute=0, second=0, microsecond=0)
    balances = reports.balances()
    stake = Stake.in_force(timezone.now())
    payments = list(Payment.objects.select_related("payer", "payee")[:20])
    reversed_ = set(
        Payment.objects.filter(reverses__in=payments).values_list("reverses_id", flat=True)
    )
    return render(
        request,
        "ledger/reports/index.html",
        {
            "stake": stake,
            "stake_form": StakeForm(
                seen=desk.stake_seen(Stake.latest()),
                initial={
                    "per_hundred": stake.per_hundred.normalize() if stake else None,
                    "per_point": stake.per_point.normalize() if stake else 0,
                    "currency": stake.currency if stake else "GBP",
                    "smallest_unit": stake.smallest_unit.normalize() if stake else "0.01",
                },
            ),
            "charge": TableCharge.in_force(timezone.now()),
            "charge_form": TableChargeForm(seen=desk.charge_seen(TableCharge.latest())),
            "house": balances.get(None, Decimal(0)),
            "sittings": Sitting.objects.all()[:20],
            "sitting_form": SittingForm(
                initial={
                    "name": f"Evening of {now:%-d %B %Y}",
                    "start": start.strftime("%Y-%m-%dT%H:%M"),
                    "end": (start + timedelta(hours=18)).strftime("%Y-%m-%dT%H:%M"),
                }
            ),
            "payment_form": PaymentForm(),
            # Each payment that may be reversed, with "Reverse", which asks once more.
            "payments": [
                (payment, reversal_refused(payment, payment.pk in reversed_) is None)
                for payment in payments
            ],
            "members": [
                (member, balances.get(member.pk, Decimal(0))) for member in Member.objects.all()
            ],
            **_currency(),
        },
    )


@login_required
@require_GET
def me(request: HttpRequest) -> HttpResponse:
    member = getattr(request.user, "member", None)
    if member is None:
        raise PermissionDenied("Only members have an account in the ledger.")
    return _statement(request, member)


@login_required
@require_GET
def member_statement(request: HttpRequest, pk: int) -> HttpResponse:
    """Any member's statement: for the staff, and for the member himself."""
    member = get_object_or_404(Member, pk=pk)
    if not request.user.is_staff and member.user_id != request.user.pk:
        raise PermissionDenied("A member sees his own statement only.")
    return _statement(request, member)


@login_required
@require_GET
def my_record(request: HttpRequest) -> HttpResponse:
    member = getattr(request.user, "member", None)
    if member is None:
        raise PermissionDenied("Only members have a record.")
    return _record(request, member)


@login_required
@require_GET
def member_record(request: HttpRequest, pk: int) -> HttpResponse:
    """A member's season in pictures: for the staff, and for the member himself."""
    member = get_object_or_404(Member, pk=pk)
    if not request.user.is_staff and member.user_id != request.user.pk:
        raise PermissionDenied("A member sees his own record only.")
    return _record(request, member)


def _record(request: HttpRequest, member: Member) -> HttpResponse:
    """?season=2026: that calendar year; this one if none is asked for, or one the page
    cannot read."""
    season = season_named(request.GET.get("season")) or this_season()
    found = records.record(member, season)
    labels = [f"{evening.day:%-d %b}" for evening in found.evenings]

    def money(amount: object) -> str:
        return say(Decimal(str(amount)), found.currency, found.unit, signed=True)

    def points(value: object) -> str:
        number = int(str(value))
        return ("+" if number > 0 else MINUS if number < 0 else "") + f"{abs(number):,}"

    shown = found.partnerships[:PARTNERS_DRAWN]
    return render(
        request,
        "ledger/reports/record.html",
        {
            "record": found,
            "seasons": seasons_played(),
            "points_chart": charts.running(
                f"{found.points_game} points after each sitting of {season.name.lower()}",
                labels,
                [evening.season_points for evening in found.evenings],
                points,
            ),
            "money_chart": charts.running(
                f"Money after each sitting of {season.name.lower()}",
                labels,
                [evening.season_money for evening in found.evenings],
                money,
            ),
            "rubbers_chart": charts.won_and_lost(
                f"Rubbers won and lost at each sitting of {season.name.lower()}",
                labels,
                [evening.won for evening in found.evenings],
                [evening.lost for evening in found.evenings],
            ),
            "partners_chart": charts.bars(
                f"{found.points_game} points with each partner",
                [p.partner.short_name for p in shown],
                [p.points for p in shown],
                points,
            ),
            "partners_drawn": len(shown),
        },
    )


PARTNERS_DRAWN = 10  # the partners most played with; the table lists them all


def _currency() -> dict[str, object]:
    """The club's currency and smallest unit, to show balances in."""
    currency, unit = desk.currency()
    return {"currency": currency, "unit": unit}


@login_required
@require_GET
def house(request: HttpRequest) -> HttpResponse:
    """The house's account: table money charged, waived and paid."""
    staff_only(request)
    return _statement(request, None)


def _statement(request: HttpRequest, member: Member | None) -> HttpResponse:
    rows = reports.statement(member)
    table_money = sum((row.posting.amount for row in rows if row.posting.table_money), Decimal(0))
    stakes = sum(
        (
            row.posting.amount
            for row in rows
            if row.posting.kind in (Posting.RUBBER, Posting.EVENING)
        ),
        Decimal(0),
    )
    return render(
        request,
        "ledger/reports/statement.html",
        {
            "member": member,
            "name": member.name if member else HOUSE,
            "who": member.name if member else HOUSE.lower(),  # "owed to the house"
            "rows": rows,
            "stakes": stakes,
            "table_money": table_money,
            "balance": rows[-1].balance if rows else Decimal(0),
            **_currency(),
        },
    )
