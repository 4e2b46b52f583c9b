"""A sitting's pages: opening one, its settlement (on screen, as CSV for a spreadsheet,
and as PDF), and closing it (its page asks once more)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ledger.access import staff_only
from ledger.desk.forms import THE_HOUSE, PaymentForm, WaiverForm
from ledger.money import plain
from ledger.settlement import services as settlements
from ledger.settlement.forms import CloseForm, SittingForm
from ledger.settlement.models import Sitting, Transfer
from scorer.plumbing.converters import number
from scorer.plumbing.http import SignedInRequest
from scorer.plumbing.keys import Answer, carry_out
from scorer.plumbing.spreadsheet import SafeWriter
from scorer.printing import documents


@login_required
@require_POST
def open_sitting(request: SignedInRequest) -> HttpResponseBase:
    staff_only(request)
    form = SittingForm(request.POST)

    def write() -> Answer:
        data = form.cleaned_data
        sitting = settlements.open_sitting(
            name=data["name"], start=data["start"], end=data["end"], user=request.user
        )
        return Answer(reverse("ledger:sitting", args=[sitting.pk]), f"{sitting.name} is open.")

    return carry_out(request, form, what="sitting", write=write, back=reverse("ledger:index"))


@login_required
@require_GET
def sitting(request: HttpRequest, pk: int) -> HttpResponse:
    """The settlement of a sitting; ?format=csv for a spreadsheet, /print/ for paper."""
    staff_only(request)
    result = settlements.settlement(get_object_or_404(Sitting, pk=pk))
    if request.GET.get("format") == "csv":
        return _csv(result)
    sitting = result.sitting
    chosen = number(request.GET.get("transfer", ""))
    paying = (
        result.transfers[chosen] if chosen is not None and chosen < len(result.transfers) else None
    )
    return render(
        request,
        "ledger/settlement/sitting.html",
        {
            "settlement": result,
            # Each still owed may be recorded as paid: the form below, filled in from it.
            "transfers": list(zip(result.transfers, settlements.still_owed(result), strict=True)),
            "paying": paying,
            "payment_form": PaymentForm(initial=_paying(paying)),
            # Why it cannot be closed yet, if it cannot: else "Close this settlement".
            "close_refused": None
            if sitting.closed
            else settlements.closing_refused(sitting, result, timezone.now()),
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
    staff_only(request)
    result = settlements.settlement(get_object_or_404(Sitting, pk=pk))
    pdf = documents.render(
        "ledger/settlement/document.html",
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
    staff_only(request)
    sitting = get_object_or_404(Sitting, pk=pk)
    if request.method == "GET":
        result = settlements.settlement(sitting)
        return render(
            request,
            "ledger/settlement/close.html",
            {
                "settlement": result,
                "refused": settlements.closing_refused(sitting, result, timezone.now()),
                "form": CloseForm(seen=result.seen),
            },
        )
    form = CloseForm(request.POST)
    here = reverse("ledger:sitting", args=[pk])

    def write() -> Answer:
        settlements.close(sitting, request.user, seen=form.cleaned_data["seen"])
        return Answer(here, "Closed: this settlement is now fixed for good.")

    return carry_out(request, form, what="closing", write=write, back=here)


def _csv(result: settlements.Settlement) -> HttpResponse:
    response = HttpResponse(content_type="text/csv")
    day = timezone.localtime(result.sitting.start).date()
    name = documents.filename("settlement", result.sitting.pk, day).replace(".pdf", ".csv")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    out = SafeWriter(response)
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
            f"Paid during the sitting{money}",
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
                plain(line.paid, unit),
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
