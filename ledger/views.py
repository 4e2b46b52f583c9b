"""The ledger's pages: the secretary's settlements, payments and stake; each member's own
statement; the club's table."""

from __future__ import annotations

import csv
from datetime import timedelta
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from ledger import services as ledger
from ledger.forms import PaymentForm, PeriodForm, SittingForm, StakeForm
from ledger.models import Payment, Sitting, Stake
from scorer import printing
from scorer.models import Member


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
    return render(
        request,
        "ledger/index.html",
        {
            "stake": Stake.in_force(timezone.now()),
            "stake_form": StakeForm(),
            "sittings": Sitting.objects.all()[:20],
            "sitting_form": SittingForm(
                initial={
                    "name": f"Evening of {now:%-d %B %Y}",
                    "start": start.strftime("%Y-%m-%dT%H:%M"),
                    "end": (start + timedelta(hours=18)).strftime("%Y-%m-%dT%H:%M"),
                }
            ),
            "payment_form": PaymentForm(),
            "payments": Payment.objects.select_related("payer", "payee")[:20],
            "members": [
                (member, balances.get(member.pk, Decimal(0))) for member in Member.objects.all()
            ],
        },
    )


@login_required
@require_POST
def set_stake(request: HttpRequest) -> HttpResponseBase:
    _staff(request)
    form = StakeForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"The stake was not changed: {form.errors.as_text()}")
        return redirect("ledger:index")
    Stake.objects.create(set_by=request.user, **form.cleaned_data)
    messages.success(request, "The stake is changed for rubbers started from now on.")
    return redirect("ledger:index")


@login_required
@require_POST
def open_sitting(request: HttpRequest) -> HttpResponseBase:
    _staff(request)
    form = SittingForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"No sitting was opened: {form.errors.as_text()}")
        return redirect("ledger:index")
    try:
        sitting = ledger.open_sitting(user=request.user, **form.cleaned_data)
    except ledger.LedgerError as error:
        messages.error(request, str(error))
        return redirect("ledger:index")
    return redirect("ledger:sitting", pk=sitting.pk)


@login_required
@require_GET
def sitting(request: HttpRequest, pk: int) -> HttpResponse:
    """The settlement of a sitting; ?format=csv for a spreadsheet, /print/ for paper."""
    _staff(request)
    result = ledger.settlement(get_object_or_404(Sitting, pk=pk))
    if request.GET.get("format") == "csv":
        return _csv(result)
    return render(
        request, "ledger/sitting.html", {"settlement": result, "payment_form": PaymentForm()}
    )


@login_required
@require_GET
def sitting_print(request: HttpRequest, pk: int) -> HttpResponse:
    _staff(request)
    result = ledger.settlement(get_object_or_404(Sitting, pk=pk))
    pdf = printing.render(
        "print/settlement.html",
        {"paper": printing.paper(request.GET.get("paper")), "settlement": result},
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    day = timezone.localtime(result.sitting.end).date()
    response["Content-Disposition"] = (
        f'inline; filename="{printing.filename("settlement", pk, day)}"'
    )
    return response


@login_required
@require_POST
def close_sitting(request: HttpRequest, pk: int) -> HttpResponseBase:
    _staff(request)
    try:
        ledger.close(get_object_or_404(Sitting, pk=pk), request.user)
    except ledger.LedgerError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Closed: this settlement is now fixed for good.")
    return redirect("ledger:sitting", pk=pk)


@login_required
@require_POST
def record_payment(request: HttpRequest) -> HttpResponseBase:
    _staff(request)
    form = PaymentForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"No payment was recorded: {form.errors.as_text()}")
        return _back(request)
    try:
        payment = ledger.record_payment(user=request.user, **form.cleaned_data)
    except ledger.LedgerError as error:
        messages.error(request, f"No payment was recorded: {error}")
    else:
        messages.success(request, f"Recorded: {payment}.")
    return _back(request)


def _back(request: HttpRequest) -> HttpResponseBase:
    """Back to the page the payment form was on (a sitting's), if it is a page of this
    site: never to another site, nor to whatever else `next` was made to say."""
    back = request.POST.get("next", "")
    try:
        resolve(back)
    except Resolver404:
        return redirect("ledger:index")
    return redirect(back)


@login_required
@require_POST
def reverse_payment(request: HttpRequest, pk: int) -> HttpResponseBase:
    """A payment recorded by mistake is put right by one back the other way."""
    _staff(request)
    original = get_object_or_404(Payment, pk=pk)
    if Payment.objects.filter(reverses=original).exists():
        messages.error(request, "That payment has been reversed already.")
        return redirect("ledger:index")
    ledger.record_payment(
        payer=original.payee,
        payee=original.payer,
        amount=original.amount,
        method=original.method,
        note=f"reverses the payment of {original.recorded_at:%d %b}",
        user=request.user,
        reverses=original,
    )
    messages.success(request, f"Reversed: {original}.")
    return redirect("ledger:index")


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


def _statement(request: HttpRequest, member: Member) -> HttpResponse:
    rows = ledger.statement(member)
    return render(
        request,
        "ledger/statement.html",
        {"member": member, "rows": rows, "balance": rows[-1].balance if rows else Decimal(0)},
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


def _csv(result: ledger.Settlement) -> HttpResponse:
    response = HttpResponse(content_type="text/csv")
    day = timezone.localtime(result.sitting.end).date()
    name = printing.filename("settlement", result.sitting.pk, day).replace(".pdf", ".csv")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    out = csv.writer(response)
    out.writerow([result.sitting.name, "closed" if result.sitting.closed else "not yet closed"])
    out.writerow(
        [
            "Member",
            "Rubbers",
            "Points won",
            "Points lost",
            "Net points",
            f"Money ({result.currency}, exact)",
            "Rounded",
            "Brought forward",
            "Due",
        ]
    )
    for line in result.lines:
        out.writerow(
            [
                line.member.name,
                line.rubbers,
                line.points_won,
                line.points_lost,
                line.net_points,
                line.exact,
                line.rounded,
                line.brought_forward,
                line.due,
            ]
        )
    out.writerow([])
    out.writerow(["Pays", "To", f"Amount ({result.currency})"])
    for transfer in result.transfers:
        out.writerow([transfer.payer.name, transfer.payee.name, transfer.amount])
    out.writerow([])
    out.writerow([result.rule])
    return response
