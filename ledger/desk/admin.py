"""The staff's view of table money: read here, set only from the ledger's page
(a new charge replaces the one in force; the database refuses changes,
scorer/plumbing/guards.py)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from ledger.desk.models import TableCharge


@admin.register(TableCharge)
class TableChargeAdmin(admin.ModelAdmin):
    list_display = ["rule", "valid_from", "set_by"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: TableCharge | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: TableCharge | None = None) -> bool:
        return False
