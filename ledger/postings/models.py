"""The ledger itself, only ever added to: each posting a change to a member's balance
(or the house's), naming its counterparty and its reason. A balance is never stored: it is
the sum of a member's postings."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone

from ledger.desk.models import Payment, TableCharge
from ledger.money import (
    say,
)
from ledger.records import Kept, MoneyField
from ledger.settlement.models import Sitting
from scorer.club.models import Member
from scorer.rubbers.models import Rubber


class Posting(Kept):
    """A change to a member's balance, naming its counterparty and its reason. Positive:
    the member is owed more (or owes less).

    Table money posts twice: the charge to the member, and the same back the other way to
    the house (a posting with no member, `against` the member's charge); a waiver likewise,
    both halves `against` the charge it waives."""

    RUBBER, ROUNDING, PAYMENT = "rubber", "rounding", "payment"
    TABLE, WAIVER = "table", "waiver"
    KINDS = [
        (RUBBER, "Rubber"),
        (ROUNDING, "Rounding at settlement"),
        (PAYMENT, "Payment"),
        (TABLE, "Table money"),
        (WAIVER, "Table money waived"),
    ]

    # None: the house, the club's own account of table money.
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="postings"
    )
    kind = models.CharField(max_length=8, choices=KINDS)
    rubber = models.ForeignKey(
        Rubber, on_delete=models.PROTECT, null=True, blank=True, related_name="postings"
    )
    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, null=True, blank=True)
    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, null=True, blank=True)
    charge = models.ForeignKey(
        TableCharge, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # The member's charge this posting answers: the house's half of it, or a waiver of it.
    against = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    points = models.IntegerField(default=0)
    amount = MoneyField()
    currency = models.CharField(max_length=3)
    counterparty = models.CharField(max_length=200)
    reason = models.CharField(max_length=200)
    posted_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["posted_at", "id"]
        constraints = [
            # A rubber posts once and only once to each of its players.
            models.UniqueConstraint(
                fields=["rubber", "member"],
                condition=Q(kind="rubber"),
                name="a_rubber_posts_once",
            ),
            models.UniqueConstraint(
                fields=["sitting", "member"],
                condition=Q(kind="rounding"),
                name="rounded_once_a_settlement",
            ),
            models.UniqueConstraint(fields=["payment", "member"], name="a_payment_posts_once"),
            models.UniqueConstraint(
                fields=["payment"],
                condition=Q(member__isnull=True),
                name="a_payment_posts_once_to_the_house",
            ),
            # Table money: once a rubber (or once a sitting) to each player; the house's
            # half once to each charge; a charge waived once.
            models.UniqueConstraint(
                fields=["rubber", "member"],
                condition=Q(kind="table", sitting__isnull=True),
                name="table_money_once_a_rubber",
            ),
            models.UniqueConstraint(
                fields=["sitting", "member"],
                condition=Q(kind="table"),
                name="table_money_once_a_sitting",
            ),
            models.UniqueConstraint(
                fields=["against"],
                condition=Q(kind="table"),
                name="the_house_takes_a_charge_once",
            ),
            models.UniqueConstraint(
                fields=["against"],
                condition=Q(kind="waiver", member__isnull=False),
                name="a_charge_is_waived_once",
            ),
            models.UniqueConstraint(
                fields=["against"],
                condition=Q(kind="waiver", member__isnull=True),
                name="the_house_gives_back_a_waiver_once",
            ),
            models.UniqueConstraint(
                fields=["sitting"],
                condition=Q(kind="rounding", member__isnull=True),
                name="the_house_rounded_once_a_settlement",
            ),
            # Only table money goes to the house, each half against a member's charge, the
            # house's rounding at a settlement, and payments of its table money.
            models.CheckConstraint(
                condition=Q(
                    member__isnull=False,
                    against__isnull=True,
                    kind__in=["rubber", "rounding", "payment", "table"],
                )
                | Q(kind="table", member__isnull=True, against__isnull=False)
                | Q(kind="waiver", against__isnull=False)
                | Q(kind="rounding", member__isnull=True, against__isnull=True)
                | Q(kind="payment", member__isnull=True, against__isnull=True),
                name="only_table_money_to_the_house",
            ),
        ]

    def __str__(self) -> str:
        who = self.member or "The house"
        return f"{who}: {say(self.amount, self.currency, signed=True)} ({self.reason})"

    @property
    def table_money(self) -> bool:
        return self.kind in (self.TABLE, self.WAIVER)
