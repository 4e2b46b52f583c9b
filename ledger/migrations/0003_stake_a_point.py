"""Short Whist is played for so much a point: the stake says how much, beside Bridge's
money a hundred points.

On SQLite a constraint is added by rebuilding the table, which drops its triggers: the
stake's guard (kept as set) is put back after."""

import ledger.models
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models

from ledger import guards
from scorer.plumbing import guards as kept


STAKE = tuple(g for g in guards.LEDGER if g.table == "ledger_stake")


def unguard(apps, schema_editor):
    kept.remove(schema_editor.connection, STAKE)


def guard(apps, schema_editor):
    kept.install(schema_editor.connection, STAKE)


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0002_exact_money_and_guards'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(unguard, guard),
        migrations.AddField(
            model_name='stake',
            name='per_point',
            field=ledger.models.MoneyField(default=Decimal('0')),
        ),
        migrations.AddConstraint(
            model_name='stake',
            constraint=models.CheckConstraint(condition=models.Q(('per_point__gte', 0), ('per_point__lte', Decimal('10000'))), name='stake_a_point_within_bounds'),
        ),
        migrations.RunPython(guard, unguard),
    ]
