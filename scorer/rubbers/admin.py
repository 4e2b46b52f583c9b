"""The staff's view of the rubbers: read only, for they start at a table, their deals are
recorded and corrected there, and their players agree them there; a rubber started by
mistake may be deleted while no deal is recorded in it, and the record of corrections is
never changed (the database refuses, whatever asks: scorer/plumbing/guards.py)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from scorer.plumbing.admin import ReadOnlyInline
from scorer.rubbers.models import Correction, Deal, Rubber, Seat


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
