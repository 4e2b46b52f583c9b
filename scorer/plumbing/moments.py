"""Moments the database can keep: it keeps them in UTC, which the club's clock may put
past either end of the calendar on its first or last day; a form refuses such a moment in
words (`kept_in_utc`)."""

from __future__ import annotations

from datetime import UTC, datetime

from django import forms

# The database keeps moments in UTC, which the club's clock may put past either end of
# the calendar on its first or last day.
PAST_THE_CALENDAR = "That is at the very end of the calendar: choose between the years 2 and 9998."


def kept_in_utc(*moments: datetime) -> None:
    try:
        for moment in moments:
            moment.astimezone(UTC)
    except OverflowError:
        raise forms.ValidationError(PAST_THE_CALENDAR) from None
