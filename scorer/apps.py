from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import post_migrate
from django.urls import register_converter


class ScorerConfig(AppConfig):
    name = "scorer"
    verbose_name = "Scoring"

    def ready(self) -> None:
        from scorer.plumbing.converters import Id

        # Ids in addresses (<id:pk>): too long for the database, they match nothing (a
        # 404). Registered before any feature's addresses are read.
        register_converter(Id, "id")
        post_migrate.connect(_guard, dispatch_uid="scorer.plumbing.guards.guard")
        # The forms that seat players offer tonight's first; the evening's tables, built
        # on the rubbers, say who plays at them.
        from scorer.rubbers import choosing
        from scorer.tables import reads as tables

        choosing.playing_tonight.connect(tables.answer_tonight, dispatch_uid="scorer.tonight")


def _guard(sender: Any, using: str = "default", **kwargs: Any) -> None:
    """Put back any guard a migration lost: SQLite rebuilds a table to change it, and its
    triggers go with the old table (scorer/plumbing/guards.py)."""
    from scorer.plumbing import guards

    connection = connections[using]
    guards.install(connection, guards.present(connection))
