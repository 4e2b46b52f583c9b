"""The staff's view of the club's records."""

from __future__ import annotations

from django.contrib import admin

from scorer.models import Club, Correction, Deal, Member, Rubber, Seat


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "doubling_limit", "spade_convention"]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return not Club.objects.exists()  # the club is one row

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["name", "short_name", "user"]
    search_fields = ["name", "short_name", "user__username"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


class DealInline(admin.TabularInline):
    """Deals are shown, not edited here: the table records them, the laws correct them."""

    model = Deal
    extra = 0
    can_delete = False
    fields = ["number", "dealer", "maker", "trump", "doubles", "played", "tricks", "recorded_at"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Rubber)
class RubberAdmin(admin.ModelAdmin):
    list_display = ["table", "started_at", "doubling_limit", "spade_convention"]
    readonly_fields = ["revision", "cut"]
    inlines = [SeatInline, DealInline]


@admin.register(Correction)
class CorrectionAdmin(admin.ModelAdmin):
    """The record of corrections may be read, never changed (the database agrees)."""

    list_display = ["rubber", "number", "kind", "law", "reason", "made_by", "made_at"]
    list_filter = ["law"]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
