"""The ledger's pages: the secretary's settlements, payments and stake; each member's own
statement; the club's table."""

from __future__ import annotations

import csv
from datetime import timedelta
from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ledger import services as ledger
from ledger.forms import (
    THE_HOUSE,
    CloseForm,
    PaymentForm,
    PeriodForm,
    ReverseForm,
    SittingForm,
    StakeForm,
    TableChargeForm,
    WaiverForm,
)
from ledger.models import HOUSE, Payment, Posting, Sitting, Stake, TableCharge, Transfer
from ledger.money import plain
from scorer.club.models import Member
from scorer.plumbing.converters import number
from scorer.plumbing.http import SignedInRequest
from scorer.plumbing.keys import Answer, carry_out
from scorer.printing import documents


def _staff(request: HttpRequest) -> None:
    if not request.user.is_staff:
        raise PermissionDenied("Only the club's staff keep the ledger.")


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """The secretary's desk; a member is shown his own account."""
    if not request.user.is_staff:
        return redirect("ledger:me")
    now = timezone.localtime()
    start = now.replace(hour=12, minute=0, second=0, microsecond=0)
    balances = ledger.balances()
    stake = Stake.in_force(timezone.now())
    payments = list(Payment.objects.select_related("payer", "payee")[:20])
    reversed_ = set(
        Payment.objects.filter(reverses__in=payments).values_list("reverses_id", flat=True)
    )
    return render(
        request,
        "ledger/index.html",
        {
            "stake": stake,
            "stake_form": StakeForm(
                seen=ledger.stake_seen(Stake.latest()),
                initial={
                    "per_hundred": stake.per_hundred.normalize() if stake else None,
                    "per_point": stake.per_point.normalize() if stake else 0,
                    "currency": stake.currency if stake else "GBP",
                    "smallest_unit": stake.smallest_unit.normalize() if stake else "0.01",
                },
            ),
            "charge": TableCharge.in_force(timezone.now()),
            "charge_form": TableChargeForm(seen=ledger.charge_seen(TableCharge.latest())),
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
                (payment, _reversal_refused(payment, payment.pk in reversed_) is None)
                for payment in payments
            ],
            "members": [
                (member, balances.get(member.pk, Decimal(0))) for member in Member.objects.all()
            ],
            **_currency(),
        },
    )


@login_required
@require_POST
def set_stake(request: SignedInRequest) -> HttpResponseBase:
    _staff(request)
    form = StakeForm(request.POST)

    def write() -> Answer:
        data = form.cleaned_data
        stake = ledger.set_stake(
            per_hundred=data["per_hundred"],
            per_point=data["per_point"] or Decimal(0),
            currency=data["currency"],
            smallest_unit=data["smallest_unit"],
            seen=data["seen"],
            user=request.user,
        )
        return Answer(
            reverse("ledger:index"), f"The stake is now {stake}, for rubbers started from now on."
        )

    return carry_out(request, form, what="stake", write=write, back=reverse("ledger:index"))


@login_required
@require_POST
def set_table_charge(request: SignedInRequest) -> HttpResponseBase:
    _staff(request)
    form = TableChargeForm(request.POST)

    def write() -> Answer:
        data = form.cleaned_data
        charge = ledger.set_table_charge(
            basis=data["basis"],
            amount=data["amount"],
            hundreds=data["hundreds"],
            seen=data["seen"],
            user=request.user,
        )
        return Answer(
            reverse("ledger:index"),
            f"Table money is now {charge.rule}, for rubbers started from now on.",
        )

    return carry_out(request, form, what="table charge", write=write, back=reverse("ledger:index"))


@login_required
@require_POST
def waive(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """A member's table money waived, with the reason: a posting back, the charge kept."""
    _staff(request)
    charge = get_object_or_404(
        Posting.objects.select_related("member", "rubber"),
        pk=pk,
        kind=Posting.TABLE,
        member__isnull=False,
    )
    form = WaiverForm(request.POST)
    assert charge.rubber is not None  # table money is charged with a rubber
    sitting = ledger.covering(charge.rubber.started_at)
    back = reverse("ledger:sitting", args=[sitting.pk]) if sitting else reverse("ledger:index")

    def write() -> Answer:
        waiver = ledger.waive(charge=charge, reason=form.cleaned_data["reason"], user=request.user)
        return Answer(
            back, f"Waived: {waiver.member}'s {charge.reason} ({form.cleaned_data['reason']})."
        )

    return carry_out(request, form, what="waiver", write=write, back=back)


@login_required
@require_POST
def open_sitting(request: SignedInRequest) -> HttpResponseBase:
    _staff(request)
    form = SittingForm(request.POST)

    def write() -> Answer:
        data = form.cleaned_data
        sitting = ledger.open_sitting(
            name=data["name"], start=data["start"], end=data["end"], user=request.user
        )
        return Answer(reverse("ledger:sitting", args=[sitting.pk]), f"{sitting.name} is open.")

    return carry_out(request, form, what="sitting", write=write, back=reverse("ledger:index"))


@login_required
@require_GET
def sitting(request: HttpRequest, pk: int) -> HttpResponse:
    """The settlement of a sitting; ?format=csv for a spreadsheet, /print/ for paper."""
    _staff(request)
    result = ledger.settlement(get_object_or_404(Sitting, pk=pk))
    if request.GET.get("format") == "csv":
        return _csv(result)
    sitting = result.sitting
    chosen = number(request.GET.get("transfer", ""))
    paying = (
        result.transfers[chosen] if chosen is not None and chosen < len(result.transfers) else None
    )
    return render(
        request,
        "ledger/sitting.html",
        {
            "settlement": result,
            # Each still owed may be recorded as paid: the form below, filled in from it.
            "transfers": list(zip(result.transfers, ledger.still_owed(result), strict=True)),
            "paying": paying,
            "payment_form": PaymentForm(initial=_paying(paying)),
            # Why it cannot be closed yet, if it cannot: else "Close this settlement".
            "close_refused": None
            if sitting.closed
            else ledger.closing_refused(sitting, result, timezone.now()),
            "charges": [
                (
                    charged,
                    None if charged.waiver or result.sitting.closed else WaiverForm(auto_id=False),
                )
                for charged in result.charges
            ],
        },
    )


def _paying(transfer: Transfer | None) -> dict[str, object]:
    """The payment form's fields, filled in from a transfer of the settlement."""
    if transfer is None:
        return {}
    return {
        "payer": transfer.payer.pk if transfer.payer else THE_HOUSE,
        "payee": transfer.payee.pk if transfer.payee else THE_HOUSE,
        "amount": transfer.amount.normalize(),
    }


@login_required
@require_GET
def sitting_print(request: HttpRequest, pk: int) -> HttpResponse:
    _staff(request)
    result = ledger.settlement(get_object_or_404(Sitting, pk=pk))
    pdf = documents.render(
        "printing/documents/settlement.html",
        {"paper": documents.paper(request.GET.get("paper")), "settlement": result},
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    day = timezone.localtime(result.sitting.start).date()  # the evening's own date
    response["Content-Disposition"] = (
        f'inline; filename="{documents.filename("settlement", pk, day)}"'
    )
    return response


@login_required
@require_http_methods(["GET", "POST"])
def close_sitting(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """Closing a settlement fixes it for good: the page asks once more, showing what will
    be fixed, and its form closes it."""
    _staff(request)
    sitting = get_object_or_404(Sitting, pk=pk)
    if request.method == "GET":
        result = ledger.settlement(sitting)
        return render(
            request,
            "ledger/close.html",
            {
                "settlement": result,
                "refused": ledger.closing_refused(sitting, result, timezone.now()),
                "form": CloseForm(seen=result.seen),
            },
        )
    form = CloseForm(request.POST)
    here = reverse("ledger:sitting", args=[pk])

    def write() -> Answer:
        ledger.close(sitting, request.user, seen=form.cleaned_data["seen"])
        return Answer(here, "Closed: this settlement is now fixed for good.")

    return carry_out(request, form, what="closing", write=write, back=here)


@login_required
@require_POST
def record_payment(request: SignedInRequest) -> HttpResponseBase:
    _staff(request)
    form = PaymentForm(request.POST)
    back = _back(request)

    def write() -> Answer:
        data = form.cleaned_data
        payment = ledger.record_payment(
            payer=data["payer"],
            payee=data["payee"],
            amount=data["amount"],
            method=data["method"],
            note=data["note"],
            user=request.user,
        )
        return Answer(back, f"Recorded: {payment}.")

    return carry_out(request, form, what="payment", write=write, back=back)


def _back(request: HttpRequest) -> str:
    """Back to the page the payment form was on (a sitting's), if it is a page of this
    site: never to another site, nor to whatever else `next` was made to say."""
    back = request.POST.get("next", "")
    try:
        resolve(back)
    except Resolver404:
        return reverse("ledger:index")
    return back


@login_required
@require_http_methods(["GET", "POST"])
def reverse_payment(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """A payment recorded by mistake is put right by one back the other way, once: the
    page asks once more, and its form records the reversal."""
    _staff(request)
    original = get_object_or_404(Payment.objects.select_related("payer", "payee"), pk=pk)
    if request.method == "GET":
        reversed_ = Payment.objects.filter(reverses=original).exists()
        return render(
            request,
            "ledger/reverse.html",
            {
                "payment": original,
                "refused": _reversal_refused(original, reversed_),
                "form": ReverseForm(),
            },
        )
    form = ReverseForm(request.POST)

    def write() -> Answer:
        ledger.reverse_payment(payment=original, user=request.user)
        return Answer(reverse("ledger:index"), f"Reversed: {original}.")

    return carry_out(request, form, what="reversal", write=write, back=reverse("ledger:index"))


def _reversal_refused(payment: Payment, reversed_: bool) -> str | None:
    """Why a payment is not offered for reversal, if it is not."""
    if reversed_:
        return "That payment has been reversed already."
    if payment.reverses_id is not None:
        return "This payment reverses an earlier one: record a new payment instead."
    return None


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


def _currency() -> dict[str, object]:
    """The club's currency and smallest unit, to show balances in."""
    currency, unit = ledger.currency()
    return {"currency": currency, "unit": unit}


@login_required
@require_GET
def house(request: HttpRequest) -> HttpResponse:
    """The house's account: table money charged, waived and paid."""
    _staff(request)
    return _statement(request, None)


def _statement(request: HttpRequest, member: Member | None) -> HttpResponse:
    rows = ledger.statement(member)
    table_money = sum((row.posting.amount for row in rows if row.posting.table_money), Decimal(0))
    stakes = sum(
        (row.posting.amount for row in rows if row.posting.kind == Posting.RUBBER), Decimal(0)
    )
    return render(
        request,
        "ledger/statement.html",
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


@login_required
@require_GET
def club_table(request: HttpRequest) -> HttpResponse:
    """The club's members over a period: rubbers, gains, net points, best partnership."""
    today = timezone.localdate()
    form = PeriodForm(request.GET or {"start": today.replace(day=1), "end": today})
    if not form.is_valid():
        return render(request, "ledger/table.html", {"form": form}, status=400)
    table = ledger.club_table(*form.bounds())
    return render(request, "ledger/table.html", {"form": form, "table": table})


# A cell a spreadsheet would read as a formula (OWASP's rule for CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A value for a CSV cell: numbers as they are, text that a spreadsheet would take
    for a formula made plain by a leading apostrophe."""
    if isinstance(value, (int, Decimal)):
        return value
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


class _SafeWriter:
    def __init__(self, out: HttpResponse) -> None:
        self.writer = csv.writer(out)

    def writerow(self, row: list[object]) -> None:
        self.writer.writerow([cell(value) for value in row])


def _csv(result: ledger.Settlement) -> HttpResponse:
    response = HttpResponse(content_type="text/csv")
    day = timezone.localtime(result.sitting.start).date()
    name = documents.filename("settlement", result.sitting.pk, day).replace(".pdf", ".csv")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    out = _SafeWriter(response)
    # Numbers plain, at the unit's places (more only where an exact share has them), for
    # a spreadsheet to add up; the currency said once in each heading.
    unit = result.unit
    money = f" ({result.currency})" if result.currency else ""
    out.writerow([result.sitting.name, "closed" if result.sitting.closed else "not yet closed"])
    out.writerow(
        [
            "Member",
            "Rubbers",
            "Points won",
            "Points lost",
            "Net points",
            f"Stakes{money}, exact",
            f"Money{money}, rounded",
            f"Brought forward{money}",
            f"Due{money}",
            f"Table money{money}",
        ]
    )
    for line in result.lines:
        out.writerow(
            [
                line.name,
                line.rubbers,
                line.points_won,
                -line.points_lost,
                line.net_points,
                plain(line.exact, unit),
                plain(line.rounded, unit),
                plain(line.brought_forward, unit),
                plain(line.due, unit),
                plain(line.table_money, unit),
            ]
        )
    out.writerow([])
    out.writerow(["Pays", "To", f"Amount{money}"])
    for transfer in result.transfers:
        out.writerow([transfer.payer_name, transfer.payee_name, plain(transfer.amount, unit)])
    out.writerow([])
    out.writerow(["Table", "Started", "Sides", "Value", "Stake"])
    for staked in result.rubbers:
        started = timezone.localtime(staked.rubber.started_at)
        out.writerow(
            [
                staked.rubber.table,
                f"{started:%Y-%m-%d %H:%M}",
                staked.sides,
                staked.value,
                staked.stake,
            ]
        )
    out.writerow([])
    out.writerow(["Table money", "Member", f"Charged{money}", "Waived"])
    for charged in result.charges:
        waiver = charged.waiver
        out.writerow(
            [
                charged.charge.reason,
                charged.member.name,
                plain(-charged.charge.amount, unit),
                waiver.reason if waiver else "",
            ]
        )
    out.writerow([])
    out.writerow([result.rule])
    return response
