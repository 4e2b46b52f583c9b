"""The staff's view of the club's records.

The record is changed only by the site's own pages, through the services that keep the
laws (a deal is recorded at the table and corrected under Laws 12 and 13; a rubber is
agreed by its players). Here the staff may read it, change the club's settings and its
members, and delete a rubber started by mistake before any deal was recorded in it.
The database refuses the rest whatever asks (scorer/plumbing/guards.py).
"""

from __future__ import annotations

import copy
import hashlib
from typing import Any

from django import forms
from django.contrib import admin
from django.db import models
from django.forms.models import construct_instance, model_to_dict
from django.http import HttpRequest

from scorer.models import (
    Candidacy,
    Club,
    Correction,
    Deal,
    Member,
    Membership,
    Rubber,
    Seat,
    Table,
)


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
    list_display = ["name", "short_name", "user"]
    search_fields = ["name", "short_name", "user__username"]


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Rubber | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Rubber | None = None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("position", "member", "substitute")
    readonly_fields = fields


class DealInline(ReadOnlyInline):
    """Deals are shown, not edited here: the table records them, the laws correct them."""

    model = Deal
    fields = ("number", "dealer", "maker", "trump", "doubles", "played", "tricks", "recorded_at")
    readonly_fields = fields


@admin.register(Rubber)
class RubberAdmin(admin.ModelAdmin):
    """Read-only: rubbers start at a table, their deals are recorded and corrected there,
    and their players agree them there."""

    list_display = ["table", "started_at", "doubling_limit", "spade_convention", "agreed_at"]
    inlines = [SeatInline, DealInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Rubber | None = None) -> list[str]:
        return [field.name for field in Rubber._meta.concrete_fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Rubber | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Rubber | None = None) -> bool:
        """A rubber started by mistake may go while no deal is recorded in it; one with
        recorded deals is kept (the database refuses too)."""
        if obj is None:
            return super().has_delete_permission(request)
        played = obj.agreed or obj.deals.filter(recorded_at__isnull=False).exists()
        return not played and super().has_delete_permission(request, obj)


@admin.register(Correction)
class CorrectionAdmin(admin.ModelAdmin):
    """The record of corrections may be read, never changed (the database agrees)."""

    list_display = ["rubber", "number", "kind", "law", "reason", "made_by", "made_at"]
    list_filter = ["law"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Correction | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Correction | None = None) -> bool:
        return False


class MembershipInline(ReadOnlyInline):
    model = Membership
    fields = ("member", "joined_at", "left_at", "why_left")
    readonly_fields = fields


class CandidacyInline(ReadOnlyInline):
    model = Candidacy
    fields = ("member", "claimed_at", "prior", "settled_at", "settled")
    readonly_fields = fields


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    """Tables are kept by their pages (scorer/tables.py), where each step is a keyed write
    the laws decide: here they are read only."""

    list_display = ("name", "day", "formed_at", "broken_up_at")
    inlines = [MembershipInline, CandidacyInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Table | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Table | None = None) -> bool:
        return False
