"""The period the club's table ranks its members over."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from django import forms
from django.utils import timezone

from scorer.plumbing.moments import PAST_THE_CALENDAR, kept_in_utc

_DAY = forms.DateInput(attrs={"type": "date", "required": True}, format="%Y-%m-%d")


class PeriodForm(forms.Form):
    """A period of days, as a date input reads and writes them (ISO), whatever the site's
    own format for showing dates."""

    start = forms.DateField(label="From", widget=_DAY)
    end = forms.DateField(label="To (inclusive)", widget=_DAY)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if "start" in data and "end" in data:
            try:
                kept_in_utc(*self.bounds())
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
