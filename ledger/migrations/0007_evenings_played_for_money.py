"""Progressive evenings played for money (ledger/desk/models.py's EveningTerms, and a
posting naming its evening); their guards (ledger/guards.py's EVENINGS)."""

import django.db.models.deletion
import django.db.models.functions.comparison
import django.utils.timezone
import ledger.models
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models

from scorer.plumbing import guards as kept


def unguard(apps, schema_editor):
    """SQLite rebuilds the postings' table here, which its triggers would stop (and lose):
    the guards are lifted first and put back after, the evenings' with them."""
    connection = schema_editor.connection
    kept.remove(connection, kept.present(connection))


def guard(apps, schema_editor):
    connection = schema_editor.connection
    kept.install(connection, kept.present(connection))


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0006_settlements_in_order'),
        ('scorer', '0009_progressive_evenings'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(unguard, guard),
        migrations.CreateModel(
            name='EveningTerms',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('stake', ledger.models.MoneyField(default=Decimal('0'))),
                ('per', models.CharField(choices=[('hundred', 'a hundred points'), ('point', 'a point')], default='hundred', max_length=7)),
                ('table_money', ledger.models.MoneyField(default=Decimal('0'))),
                ('currency', models.CharField(blank=True, max_length=3)),
                ('set_at', models.DateTimeField(default=django.utils.timezone.now)),
            ],
            options={
                'verbose_name_plural': 'evening terms',
                'ordering': ['-set_at'],
            },
        ),
        migrations.RemoveConstraint(
            model_name='posting',
            name='only_table_money_to_the_house',
        ),
        migrations.AddField(
            model_name='posting',
            name='evening',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scorer.progressiveevening'),
        ),
        migrations.AlterField(
            model_name='posting',
            name='kind',
            field=models.CharField(choices=[('rubber', 'Rubber'), ('evening', 'Progressive evening'), ('rounding', 'Rounding at settlement'), ('payment', 'Payment'), ('table', 'Table money'), ('waiver', 'Table money waived')], max_length=8),
        ),
        migrations.AddConstraint(
            model_name='posting',
            constraint=models.UniqueConstraint(condition=models.Q(('kind', 'evening')), fields=('evening', 'member'), name='an_evening_posts_once'),
        ),
        migrations.AddConstraint(
            model_name='posting',
            constraint=models.UniqueConstraint(condition=models.Q(('evening__isnull', False), ('kind', 'table')), fields=('evening', 'member'), name='table_money_once_an_evening'),
        ),
        migrations.AddConstraint(
            model_name='posting',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('against__isnull', True), ('kind__in', ['rubber', 'evening', 'rounding', 'payment', 'table']), ('member__isnull', False)), models.Q(('against__isnull', False), ('kind', 'table'), ('member__isnull', True)), models.Q(('against__isnull', False), ('kind', 'waiver')), models.Q(('against__isnull', True), ('kind', 'rounding'), ('member__isnull', True)), models.Q(('against__isnull', True), ('kind', 'payment'), ('member__isnull', True)), _connector='OR'), name='only_table_money_to_the_house'),
        ),
        migrations.AddConstraint(
            model_name='posting',
            constraint=models.CheckConstraint(condition=models.Q(('evening__isnull', True), models.Q(('kind__in', ['evening', 'table', 'waiver']), ('rubber__isnull', True)), _connector='OR'), name='an_evenings_posting_names_no_rubber'),
        ),
        migrations.AddConstraint(
            model_name='posting',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('kind', 'evening'), _negated=True), models.Q(('evening__isnull', False), ('member__isnull', False)), _connector='OR'), name='an_evening_posts_to_its_members'),
        ),
        migrations.AddField(
            model_name='eveningterms',
            name='evening',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scorer.progressiveevening'),
        ),
        migrations.AddField(
            model_name='eveningterms',
            name='replaces',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.eveningterms'),
        ),
        migrations.AddField(
            model_name='eveningterms',
            name='set_by',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddConstraint(
            model_name='eveningterms',
            constraint=models.CheckConstraint(condition=models.Q(('stake__gte', 0), ('stake__lte', Decimal('10000'))), name='evening_stake_within_bounds'),
        ),
        migrations.AddConstraint(
            model_name='eveningterms',
            constraint=models.CheckConstraint(condition=models.Q(('table_money__gte', 0), ('table_money__lte', Decimal('10000'))), name='evening_table_money_within_bounds'),
        ),
        migrations.AddConstraint(
            model_name='eveningterms',
            constraint=models.CheckConstraint(condition=models.Q(('per__in', ['hundred', 'point'])), name='evening_staked_a_point_or_hundred'),
        ),
        migrations.AddConstraint(
            model_name='eveningterms',
            constraint=models.UniqueConstraint(models.F('evening'), django.db.models.functions.comparison.Coalesce('replaces', models.Value(0)), name='one_terms_replace_another'),
        ),
        migrations.RunPython(guard, unguard),
    ]
