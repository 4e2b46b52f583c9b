"""Settlements are kept in order: no sitting is open before a closed one (ledger/guards.py).

PostgreSQL keeps the rule by an exclusion constraint, which makes two writers at once take
turns as its unique indexes do; SQLite, whose writes take turns already, by triggers. A
club whose record already breaks the rule (a sitting left open before one closed) is told
which sittings, and nothing is migrated until they are closed."""

from django.db import migrations

from ledger import guards
from scorer.plumbing import guards as kept

# One sitting open and the other closed (their flags' ranges [0,1) and [1,2) are adjacent,
# -|-; two of a kind are not), and the open one starting no later than the closed one:
# its range [start, ∞) meets the closed one's (-∞, start].
IN_ORDER = """ALTER TABLE ledger_sitting ADD CONSTRAINT settlements_in_order EXCLUDE USING gist (
    int4range((closed_at IS NOT NULL)::int, (closed_at IS NOT NULL)::int + 1) WITH -|-,
    (CASE WHEN closed_at IS NULL THEN tstzrange(start, NULL)
          ELSE tstzrange(NULL, start, '(]') END) WITH &&
)"""


def check(apps, schema_editor):
    sitting = apps.get_model("ledger", "Sitting")
    last_closed = sitting.objects.filter(closed_at__isnull=False).order_by("-start").first()
    if last_closed is None:
        return
    left_open = sitting.objects.filter(closed_at__isnull=True, start__lte=last_closed.start)
    if left_open.exists():
        names = ", ".join(s.name for s in left_open.order_by("start"))
        raise RuntimeError(
            f"These sittings are open before {last_closed.name}, which is closed: {names}. "
            "Settlements now close in order; close them with the release before this one "
            "(their rubbers agreed or abandoned), then migrate again."
        )


def guard(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(IN_ORDER)
    else:
        kept.install(connection, guards.SETTLED_IN_ORDER)


def unguard(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ALTER TABLE ledger_sitting DROP CONSTRAINT settlements_in_order")
    else:
        kept.remove(connection, guards.SETTLED_IN_ORDER)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0005_payments_with_the_house")]

    operations = [
        migrations.RunPython(check, migrations.RunPython.noop),
        migrations.RunPython(guard, unguard),
    ]
