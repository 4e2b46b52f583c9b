"""What the staff's views of the record share: an inline that shows rows and never
changes them."""

from __future__ import annotations

from django.contrib import admin
from django.db import models
from django.http import HttpRequest


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: models.Model | None = None) -> bool:
        return False
