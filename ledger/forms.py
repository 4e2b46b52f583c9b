"""The secretary's forms: the stake, a sitting, a payment; and a period for the club's table."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from django import forms
from django.utils import timezone

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


# The database keeps moments in UTC, which the club's clock may put past either end of
# the calendar on its first or last day.
PAST_THE_CALENDAR = "That is at the very end of the calendar: choose between the years 2 and 9998."


def _kept_in_utc(*moments: datetime) -> None:
    try:
        for moment in moments:
            moment.astimezone(UTC)
    except OverflowError:
        raise forms.ValidationError(PAST_THE_CALENDAR) from None


class SittingForm(forms.Form):
    name = forms.CharField(max_length=60)
    start = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    end = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))

    def clean_start(self) -> datetime:
        _kept_in_utc(self.cleaned_data["start"])
        return self.cleaned_data["start"]

    def clean_end(self) -> datetime:
        _kept_in_utc(self.cleaned_data["end"])
        return self.cleaned_data["end"]


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

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "start" in data and "end" in data:
            try:
                _kept_in_utc(*self.bounds())
            except OverflowError:  # the last day of the calendar has no day after it
                raise forms.ValidationError(PAST_THE_CALENDAR) from None
        return data

    def bounds(self) -> tuple[datetime, datetime]:
        """From the start of the first day to the start of the day after the last, by the
        club's clock."""
        zone = timezone.get_current_timezone()
        start = datetime.combine(self.cleaned_data["start"], time.min, zone)
        after = self.cleaned_data["end"] + timedelta(days=1)
        return start, datetime.combine(after, time.min, zone)
