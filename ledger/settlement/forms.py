"""The settlement's forms: a sitting, and closing its settlement (which carries the
figures it was shown)."""

from __future__ import annotations

from datetime import datetime

from django import forms

from scorer.plumbing.keys import KeyedForm
from scorer.plumbing.moments import kept_in_utc


class SittingForm(KeyedForm):
    name = forms.CharField(max_length=60)
    start = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    end = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))

    def clean_start(self) -> datetime:
        start: datetime = self.cleaned_data["start"]
        kept_in_utc(start)
        return start

    def clean_end(self) -> datetime:
        end: datetime = self.cleaned_data["end"]
        kept_in_utc(end)
        return end


class CloseForm(KeyedForm):
    """Closing a settlement; `seen` is its figures as shown."""
