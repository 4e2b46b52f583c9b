"""The staff's view of the club's settings and its members: the two records they change
here, each change refused if the record changed since the page was shown."""

from __future__ import annotations

import copy
import hashlib
from typing import Any

from django import forms
from django.contrib import admin
from django.db import models
from django.forms.models import construct_instance, model_to_dict
from django.http import HttpRequest

from scorer.club.models import Club, Member


def _as_it_stands(instance: models.Model) -> str:
    """A record's values in a few letters, for a form to carry what it was shown."""
    values = sorted(model_to_dict(instance).items())
    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]


class AsShown(forms.ModelForm):
    """A change the staff make here, refused if the record changed since the page was
    shown (another member of the staff saved it meanwhile), naming it; the same form sent
    again, finding its own values already saved, answers as the first did."""

    seen = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.fields["seen"].initial = _as_it_stands(self.instance)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        if self.instance.pk is None:
            return data
        # Read afresh under a lock, so that two saves at once are judged one after the other.
        now = type(self.instance)._default_manager.select_for_update().get(pk=self.instance.pk)
        standing = _as_it_stands(now)
        # Sent again after it was saved, the form would change nothing: it is let through.
        unchanged = _as_it_stands(construct_instance(self, copy.copy(now))) == standing
        if data.get("seen") != standing and not unchanged:
            raise forms.ValidationError(
                f"{now} was changed by another member of the staff since this page was "
                "shown: nothing was saved. Open it again to see it as it stands now."
            )
        return data


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    form = AsShown
    list_display = ["name", "doubling_limit", "spade_convention"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return not Club.objects.exists()  # the club is one row

    def has_delete_permission(self, request: HttpRequest, obj: Club | None = None) -> bool:
        return False


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    form = AsShown
    list_display = ["name", "short_name", "user", "national_number"]
    search_fields = ["name", "short_name", "user__username", "national_number"]
