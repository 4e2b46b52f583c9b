"""A deal may carry its cards (§9): its four hands, and its play, where a player entered
them at the table or the club's file gave them; a play only of known hands, and no cards
for spades not played (elwell-rubber/1 has none)."""

from django.db import migrations, models

from scorer.plumbing import guards as kept


def unguard(apps, schema_editor):
    """Every guard off while SQLite rebuilds the deals' table for its new constraint (a
    trigger naming a table being rebuilt stops it), the ledger's too (see 0006)."""
    connection = schema_editor.connection
    kept.remove(connection, kept.present(connection))


def guard(apps, schema_editor):
    connection = schema_editor.connection
    kept.install(connection, kept.present(connection))


class Migration(migrations.Migration):
    dependencies = [
        ("scorer", "0009_progressive_evenings"),
    ]

    operations = [
        migrations.RunPython(unguard, guard),
        migrations.AddField(
            model_name="deal",
            name="hands",
            field=models.CharField(blank=True, default="", max_length=67),
        ),
        migrations.AddField(
            model_name="deal",
            name="play",
            field=models.CharField(blank=True, default="", max_length=155),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("play", ""), models.Q(("hands", ""), _negated=True), _connector="OR"
                ),
                name="played_from_hands",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("played", False), _negated=True), ("hands", ""), _connector="OR"
                ),
                name="unplayed_without_cards",
            ),
        ),
        migrations.RunPython(guard, unguard),
    ]
