"""The desk's writes: the stake, table money, waiving a member's table money, recording a
payment, and reversing one (its page asks once more)."""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import Resolver404, resolve, reverse
from django.views.decorators.http import require_http_methods, require_POST

from ledger.access import staff_only
from ledger.desk import services as desk
from ledger.desk.forms import PaymentForm, ReverseForm, StakeForm, TableChargeForm, WaiverForm
from ledger.desk.models import Payment
from ledger.desk.services import reversal_refused
from ledger.postings.models import Posting
from ledger.settlement.models import Sitting
from scorer.plumbing.http import SignedInRequest
from scorer.plumbing.keys import Answer, carry_out


@login_required
@require_POST
def set_stake(request: SignedInRequest) -> HttpResponseBase:
    staff_only(request)
    form = StakeForm(request.POST)

    def write() -> Answer:
        data = form.cleaned_data
        stake = desk.set_stake(
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
    staff_only(request)
    form = TableChargeForm(request.POST)

    def write() -> Answer:
        data = form.cleaned_data
        charge = desk.set_table_charge(
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
    staff_only(request)
    charge = get_object_or_404(
        Posting.objects.select_related("member", "rubber"),
        pk=pk,
        kind=Posting.TABLE,
        member__isnull=False,
    )
    form = WaiverForm(request.POST)
    assert charge.rubber is not None  # table money is charged with a rubber
    sitting = Sitting.covering(charge.rubber.started_at)
    back = reverse("ledger:sitting", args=[sitting.pk]) if sitting else reverse("ledger:index")

    def write() -> Answer:
        waiver = desk.waive(charge=charge, reason=form.cleaned_data["reason"], user=request.user)
        return Answer(
            back, f"Waived: {waiver.member}'s {charge.reason} ({form.cleaned_data['reason']})."
        )

    return carry_out(request, form, what="waiver", write=write, back=back)


@login_required
@require_POST
def record_payment(request: SignedInRequest) -> HttpResponseBase:
    staff_only(request)
    form = PaymentForm(request.POST)
    back = _back(request)

    def write() -> Answer:
        data = form.cleaned_data
        payment = desk.record_payment(
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
    staff_only(request)
    original = get_object_or_404(Payment.objects.select_related("payer", "payee"), pk=pk)
    if request.method == "GET":
        reversed_ = Payment.objects.filter(reverses=original).exists()
        return render(
            request,
            "ledger/desk/reverse.html",
            {
                "payment": original,
                "refused": reversal_refused(original, reversed_),
                "form": ReverseForm(),
            },
        )
    form = ReverseForm(request.POST)

    def write() -> Answer:
        desk.reverse_payment(payment=original, user=request.user)
        return Answer(reverse("ledger:index"), f"Reversed: {original}.")

    return carry_out(request, form, what="reversal", write=write, back=reverse("ledger:index"))
