"""The desk's writes: the stake, table money, waiving a member's table money, what a
Progressive evening is played for (its page, with what it posted), recording a payment,
and reversing one (its page asks once more)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import Resolver404, resolve, reverse
from django.views.decorators.http import require_http_methods, require_POST

from ledger.access import staff_only
from ledger.desk import services as desk
from ledger.desk.forms import (
    EveningTermsForm,
    PaymentForm,
    ReverseForm,
    StakeForm,
    TableChargeForm,
    WaiverForm,
)
from ledger.desk.models import EveningTerms, Payment
from ledger.desk.services import reversal_refused
from ledger.postings.models import Posting
from ledger.settlement.models import Sitting
from scorer.plumbing.http import SignedInRequest
from scorer.plumbing.keys import Answer, carry_out
from scorer.progressive.models import ProgressiveEvening


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


@dataclass
class PostedLine:
    """What an evening posted to a member: his net at the stake, and his table money."""

    name: str
    points: int | None = None
    stake: Decimal | None = None
    table_money: Decimal | None = None


@login_required
@require_http_methods(["GET", "POST"])
def evening_terms(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """What a Progressive evening is played for: none set, points alone. The staff set a
    stake and table money until the evening ends; then its page shows what it posted."""
    staff_only(request)
    evening = get_object_or_404(ProgressiveEvening, pk=pk)
    here = reverse("ledger:evening_terms", args=[evening.pk])
    if request.method == "POST":
        form = EveningTermsForm(request.POST)

        def write() -> Answer:
            data = form.cleaned_data
            terms = desk.set_evening_terms(
                evening=evening,
                stake=data["stake"],
                per=data["per"],
                table_money=data["table_money"],
                seen=data["seen"],
                user=request.user,
            )
            return Answer(here, f"{evening.name} is played for {terms.words}.")

        return carry_out(request, form, what="evening terms", write=write, back=here)
    terms = EveningTerms.of(evening)
    posted = Posting.objects.filter(evening=evening).select_related("member")
    # What it posted, a line a member (his net at the stake, his table money), and the
    # house's table money in all.
    lines: dict[int, PostedLine] = {}
    house = Decimal(0)
    for posting in posted.order_by("member__name", "id"):
        if posting.member is None:
            house += posting.amount
            continue
        line = lines.setdefault(posting.member.pk, PostedLine(posting.member.name))
        if posting.kind == Posting.EVENING:
            line.points, line.stake = posting.points, posting.amount
        else:
            line.table_money = posting.amount
    return render(
        request,
        "ledger/desk/evening.html",
        {
            "evening": evening,
            "terms": terms,
            "form": None
            if evening.ended
            else EveningTermsForm(
                seen=desk.terms_seen(terms),
                initial={
                    "stake": terms.stake.normalize() if terms else 0,
                    "per": terms.per if terms else EveningTerms.PER[0][0],
                    "table_money": terms.table_money.normalize() if terms else 0,
                },
            ),
            "posted": list(lines.values()),
            "house": house,
            "currency": terms.currency if terms else desk.currency()[0],
        },
    )


@login_required
@require_POST
def waive(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """A member's table money waived, with the reason: a posting back, the charge kept."""
    staff_only(request)
    charge = get_object_or_404(
        Posting.objects.select_related("member", "rubber", "evening"),
        pk=pk,
        kind=Posting.TABLE,
        member__isnull=False,
    )
    form = WaiverForm(request.POST)
    started = desk.charged_at(charge)
    sitting = Sitting.covering(started) if started is not None else None
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
