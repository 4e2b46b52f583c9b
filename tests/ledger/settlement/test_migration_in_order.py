"""The ledger's migration 0006 puts settlements in order: a record that already has a
sitting open before a closed one stops it, naming the sittings, and changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from ledger.models import Sitting

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("ledger", "0005_payments_with_the_house")]
AFTER = [("ledger", "0006_settlements_in_order")]


def migrate(to):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(to)


@pytest.fixture(autouse=True)
def _the_latest_schema_after():
    """The tests after this one, in the same worker, run on its database: they need every
    migration, not the ones this test stopped at."""
    yield
    executor = MigrationExecutor(connection)
    migrate(executor.loader.graph.leaf_nodes())


def test_a_sitting_left_open_before_a_closed_one_stops_the_migration(staff):
    migrate(BEFORE)
    now = timezone.now()
    forgotten = Sitting.objects.create(
        name="Forgotten",
        start=now - timedelta(days=9),
        end=now - timedelta(days=8),
        created_by=staff,
    )
    Sitting.objects.create(
        name="Last night",
        start=now - timedelta(days=1),
        end=now - timedelta(hours=18),
        created_by=staff,
        closed_at=now,
        closed_by=staff,
    )
    with pytest.raises(RuntimeError) as stopped:
        migrate(AFTER)
    assert str(stopped.value) == (
        "These sittings are open before Last night, which is closed: Forgotten. Settlements "
        "now close in order; close them with the release before this one (their rubbers "
        "agreed or abandoned), then migrate again."
    )
    Sitting.objects.filter(pk=forgotten.pk).update(closed_at=now, closed_by=staff)
    migrate(AFTER)
    with pytest.raises(DatabaseError), transaction.atomic():
        Sitting.objects.create(
            name="Behind",
            start=now - timedelta(days=5),
            end=now - timedelta(days=4),
            created_by=staff,
        )
