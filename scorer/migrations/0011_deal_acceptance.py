"""Each deal accepted by the other side, where the club asks for it: the club's setting
(off by default), and the acceptance, once a deal (the database keeps it unique)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorer", "0010_deal_hands"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="deals_accepted",
            field=models.BooleanField(
                default=False,
                help_text="A player of the other side accepts each deal as it is recorded, "
                'with one tap ("Accept deal 3"); until then the sheet shows it as not yet '
                "accepted. The rubber is still agreed as a whole (Law 13).",
            ),
        ),
        migrations.CreateModel(
            name="Acceptance",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("accepted_at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "accepted_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "deal",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="acceptance",
                        to="scorer.deal",
                    ),
                ),
            ],
        ),
    ]
