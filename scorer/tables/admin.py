"""The staff's view of the evening's tables: read only, for they are kept by their pages,
where each step is a keyed write the laws decide."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from scorer.plumbing.admin import ReadOnlyInline
from scorer.tables.models import Candidacy, Membership, Table


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
