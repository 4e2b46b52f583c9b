"""The staff's view of the club's records.

The record is changed only by the site's own pages, through the services that keep the
laws (a deal is recorded at the table and corrected under Laws 12 and 13; a rubber is
agreed by its players). Here the staff may read it, change the club's settings and its
members, and delete a rubber started by mistake before any deal was recorded in it.
The database refuses the rest whatever asks (scorer/plumbing/guards.py).
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from scorer.club import admin as club_admin
from scorer.models import Candidacy, Membership, Table
from scorer.plumbing.admin import ReadOnlyInline
from scorer.rubbers.models import Correction, Deal, Rubber, Seat

# Each feature's own registered here, where Django looks for them.
__all__ = ["club_admin"]


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
