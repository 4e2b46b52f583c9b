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
from scorer.rubbers import admin as rubbers_admin

# Each feature's own registered here, where Django looks for them.
__all__ = ["club_admin", "rubbers_admin"]


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
