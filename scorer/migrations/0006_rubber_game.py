"""Every rubber is of one of the club's games (Bridge, Three-handed Bridge, Short Whist),
scored by the rubber or, three playing, by the game; the club has a game a rubber is of
unless its players choose another; a Whist deal keeps the penalty chosen for each revoke.

On SQLite a table is rebuilt to take a new constraint or column, and a rebuilt table's
triggers go with it, while a trigger naming a table being rebuilt stops the rebuild: the
database's guards come off first and are put back after."""

from django.conf import settings
from django.db import migrations, models

from scorer.plumbing import guards as kept


def unguard(apps, schema_editor):
    """Every guard off, the ledger's too (one names the rubbers' table)."""
    connection = schema_editor.connection
    kept.remove(connection, kept.present(connection))


def guard(apps, schema_editor):
    connection = schema_editor.connection
    kept.install(connection, kept.before_substitutes(kept.present(connection)))


class Migration(migrations.Migration):

    dependencies = [
        ('scorer', '0005_told_in_words'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(unguard, guard),
        migrations.AddField(
            model_name='club',
            name='game',
            field=models.CharField(choices=[('bridge', 'Bridge'), ('three-handed', 'Three-handed Bridge'), ('whist', 'Short Whist')], default='bridge', help_text='The game a rubber is of unless its players choose another (on Whist nights, Short Whist).', max_length=12),
        ),
        migrations.AddField(
            model_name='deal',
            name='penalties',
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name='rubber',
            name='game',
            field=models.CharField(choices=[('bridge', 'Bridge'), ('three-handed', 'Three-handed Bridge'), ('whist', 'Short Whist')], default='bridge', max_length=12),
        ),
        migrations.AddField(
            model_name='rubber',
            name='unit',
            field=models.CharField(choices=[('rubber', 'By the rubber'), ('game', 'By the game')], default='rubber', max_length=6),
        ),
        migrations.AddConstraint(
            model_name='rubber',
            constraint=models.CheckConstraint(condition=models.Q(('game__in', ['bridge', 'three-handed', 'whist'])), name='a_game_the_club_plays'),
        ),
        migrations.RunPython(guard, unguard),
    ]
