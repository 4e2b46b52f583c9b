"""Sittings and their settlements: an evening (or any period the club settles) whose
rubbers settle in it, and, once closed, each member's part in it and who pays whom, kept
for good."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from ledger.records import Kept, MoneyField, Parties
from scorer.club.models import Member
from scorer.rubbers.models import Rubber


class Sitting(models.Model):
    """An evening, or whatever period the club settles: the rubbers started in it.

    Sittings never overlap, so that a rubber settles in one only: PostgreSQL refuses an
    overlap by an exclusion constraint, SQLite by a trigger (both in the migrations). A
    closed sitting is never changed (scorer/plumbing/guards.py).
    """

    name = models.CharField(max_length=60)
    start = models.DateTimeField()
    end = models.DateTimeField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-start"]
        constraints = [
            models.CheckConstraint(condition=Q(end__gt=F("start")), name="ends_after_start")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def closed(self) -> bool:
        return self.closed_at is not None

    @classmethod
    def covering(cls, moment: datetime, *, lock: bool = False) -> Sitting | None:
        """The sitting a rubber started at `moment` settles in; locked for this transaction
        if asked, so that closing it and posting to it take turns."""
        sittings = cls.objects.filter(start__lte=moment, end__gt=moment)
        if lock:
            sittings = sittings.select_for_update()
        return sittings.first()

    def rubbers(self) -> models.QuerySet[Rubber]:
        return Rubber.objects.filter(started_at__gte=self.start, started_at__lt=self.end)


class SettlementLine(Kept):
    """A member's part in a closed settlement, as it was closed."""

    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, related_name="lines")
    # None: the house's line, its table money.
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    rubbers = models.PositiveIntegerField()
    points_won = models.IntegerField()
    points_lost = models.IntegerField()
    exact = MoneyField()
    table_money = MoneyField(default=Decimal(0))
    rounded = MoneyField()
    brought_forward = MoneyField()
    due = MoneyField()

    class Meta:
        ordering = ["member__name"]
        constraints = [
            models.UniqueConstraint(fields=["sitting", "member"], name="one_line_a_member"),
            models.UniqueConstraint(
                fields=["sitting"], condition=Q(member__isnull=True), name="one_line_the_house"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member or 'The house'} in {self.sitting}: {self.due}"


class Transfer(Parties, Kept):
    """Who pays whom how much, to settle a closed settlement."""

    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, related_name="transfers")
    # None: the house, paid its table money (or paying back a waiver).
    payer = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    payee = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    amount = MoneyField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(payer__isnull=False) | Q(payee__isnull=False),
                name="a_transfer_names_a_member",
            )
        ]

    def __str__(self) -> str:
        return f"{self.payer_name} pays {self.payee_name} {self.amount}"
