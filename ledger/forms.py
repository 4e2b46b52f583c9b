"""The secretary's forms: the stake, a sitting, a payment; and a period for the club's table."""

from __future__ import annotations

from decimal import Decimal

from django import forms

from ledger.models import Payment
from scorer.models import Member


class StakeForm(forms.Form):
    per_hundred = forms.DecimalField(
        min_value=Decimal(0), max_digits=10, decimal_places=4, label="Money a hundred points"
    )
    currency = forms.CharField(min_length=3, max_length=3, initial="GBP", label="Currency")
    smallest_unit = forms.DecimalField(
        min_value=Decimal("0.0001"),
        max_digits=6,
        decimal_places=4,
        initial=Decimal("0.01"),
        label="Smallest unit of the currency",
    )


class SittingForm(forms.Form):
    name = forms.CharField(max_length=60)
    start = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    end = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))


class PaymentForm(forms.Form):
    payer = forms.ModelChoiceField(queryset=Member.objects.all(), label="Paid by")
    payee = forms.ModelChoiceField(queryset=Member.objects.all(), label="Paid to")
    amount = forms.DecimalField(min_value=Decimal("0.0001"), max_digits=12, decimal_places=4)
    method = forms.ChoiceField(choices=Payment.METHODS, initial="cash")
    note = forms.CharField(max_length=200, required=False)

    def clean(self) -> dict[str, object]:
        data = super().clean()
        if data.get("payer") and data.get("payer") == data.get("payee"):
            raise forms.ValidationError("A member cannot pay himself.")
        return data


class PeriodForm(forms.Form):
    start = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}), label="To (inclusive)")
