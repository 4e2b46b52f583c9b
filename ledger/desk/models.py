"""The secretary's desk: the stake a rubber is played for, table money, and payments,
each kept as made (a new stake or charge replaces the one in force; a payment recorded by
mistake is reversed by another)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from ledger.money import (
    MOST_CHARGE,
    MOST_HUNDREDS,
    MOST_PAYMENT,
    MOST_STAKE,
    say,
)
from ledger.records import NO_STAKE, Kept, MaybeMoneyField, MoneyField, Parties
from scorer import engine
from scorer.club.models import Member


class Stake(Kept):
    """Money per 100 points at Bridge and per point at Short Whist, from a moment on. A
    rubber settles at the stake in force when it started; a new stake is a new row."""

    per_hundred = MoneyField()
    # Short Whist is played for so much a point (its rubber is worth eight at most).
    per_point = MoneyField(default=Decimal(0))
    currency = models.CharField(max_length=3, default="GBP")
    smallest_unit = MoneyField(default=Decimal("0.01"))
    valid_from = models.DateTimeField(default=timezone.now, db_index=True)
    set_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The stake this one replaces (None for the club's first). No two stakes replace the
    # same one: a form shown before another stake was set is refused, not applied over it.
    replaces = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-valid_from"]
        constraints = [
            models.CheckConstraint(
                condition=Q(per_hundred__gte=0, per_hundred__lte=MOST_STAKE),
                name="stake_within_bounds",
            ),
            models.CheckConstraint(
                condition=Q(per_point__gte=0, per_point__lte=MOST_STAKE),
                name="stake_a_point_within_bounds",
            ),
            models.CheckConstraint(
                condition=Q(smallest_unit__gt=0, smallest_unit__lte=100),
                name="unit_within_bounds",
            ),
            models.UniqueConstraint(
                Coalesce("replaces", Value(0)), name="one_stake_replaces_another"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.words}, from {timezone.localtime(self.valid_from):%-d %b %Y}"

    @property
    def words(self) -> str:
        """ "£0.50 a hundred points" (at Bridge, three or four playing)"""
        return self.words_for(engine.BRIDGE)

    @property
    def whist_words(self) -> str:
        """ "Short Whist, £0.10 a point", "Short Whist, no stake: points only" """
        return f"{engine.WHIST.name}, {self.words_for(engine.WHIST)}"

    def rate(self, staked: engine.Staked) -> Decimal:
        """The money for the hundred points, or for the point, as a game is staked."""
        return self.per_point if staked is engine.Staked.PER_POINT else self.per_hundred

    def for_money(self, game: engine.CardGame[Any, Any]) -> bool:
        """Whether a game's rubbers are played for money at this stake: a stake of
        nothing (Short Whist's, where only Bridge's was set) is no stake."""
        return self.rate(game.money.staked) > 0

    def words_for(self, game: engine.CardGame[Any, Any]) -> str:
        """The stake a game's rubbers are played for: "£0.50 a hundred points", "£0.10 a
        point"; "no stake: points only" where it is nothing."""
        if not self.for_money(game):
            return NO_STAKE
        money = say(self.rate(game.money.staked), self.currency, self.smallest_unit)
        return f"{money} {game.money.staked.label}"

    @classmethod
    def in_force(cls, at: datetime) -> Stake | None:
        return cls.objects.filter(valid_from__lte=at).order_by("-valid_from", "-id").first()

    @classmethod
    def latest(cls) -> Stake | None:
        """The last stake set: the one a new stake replaces."""
        return cls.objects.order_by("-valid_from", "-id").first()


class TableCharge(Kept):
    """Table money, from a moment on: what each player pays the house, for each rubber
    or once a sitting; a fixed amount, or so many hundred points at the rubber's stake.
    Like the stake, a new charge is a new row replacing the one in force."""

    PER_RUBBER, PER_SITTING = "rubber", "sitting"
    BASES = [(PER_RUBBER, "each player, each rubber"), (PER_SITTING, "each player, once a sitting")]

    basis = models.CharField(max_length=8, choices=BASES)
    # Exactly one of these: a fixed amount in the stake's currency, or a number of hundred
    # points at the stake in force when the rubber started (2: the stake of 200 points).
    amount = MaybeMoneyField(null=True, blank=True)
    hundreds = MaybeMoneyField(null=True, blank=True)
    valid_from = models.DateTimeField(default=timezone.now, db_index=True)
    set_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    replaces = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-valid_from"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gte=0, amount__lte=MOST_CHARGE, hundreds__isnull=True)
                | Q(hundreds__gte=0, hundreds__lte=MOST_HUNDREDS, amount__isnull=True),
                name="charge_fixed_or_by_the_stake",
            ),
            models.CheckConstraint(
                condition=Q(basis__in=["rubber", "sitting"]), name="charge_basis_known"
            ),
            models.UniqueConstraint(
                Coalesce("replaces", Value(0)), name="one_charge_replaces_another"
            ),
        ]

    def __str__(self) -> str:
        return f"table money {self.rule}, from {timezone.localtime(self.valid_from):%-d %b %Y}"

    @property
    def free(self) -> bool:
        return not (self.amount or self.hundreds)

    @property
    def rule(self) -> str:
        """ "£0.25 each player, each rubber", "the stake of 200 points each player, once a
        sitting", "none" """
        if self.free:
            return "none"
        if self.amount is not None:
            stake = Stake.latest()
            money = say(self.amount, stake.currency if stake else "")
        else:
            money = f"the stake of {(self.hundreds or 0) * 100:,.0f} points"
        return f"{money} {self.get_basis_display()}"

    def for_stake(self, stake: Stake | None) -> Decimal:
        """What one player pays under this charge, at this stake (None: no stake, so no
        currency and no table money)."""
        if stake is None:
            return Decimal(0)
        if self.amount is not None:
            return self.amount
        assert self.hundreds is not None  # the database keeps one of the two
        return self.hundreds * stake.per_hundred

    @classmethod
    def in_force(cls, at: datetime) -> TableCharge | None:
        return cls.objects.filter(valid_from__lte=at).order_by("-valid_from", "-id").first()

    @classmethod
    def latest(cls) -> TableCharge | None:
        return cls.objects.order_by("-valid_from", "-id").first()


class Payment(Parties, Kept):
    """Money handed from one member to another, or between a member and the house (its
    table money), as the secretary records it. A mistake is put right by recording the
    payment back the other way."""

    METHODS = [("cash", "Cash"), ("transfer", "Bank transfer")]

    # None: the house, paid its table money (or paying a member back).
    payer = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="payments_made"
    )
    payee = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="payments_received"
    )
    amount = MoneyField()
    currency = models.CharField(max_length=3)
    method = models.CharField(max_length=8, choices=METHODS)
    note = models.CharField(max_length=200, blank=True)
    reverses = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-recorded_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gt=0, amount__lte=MOST_PAYMENT), name="payment_within_bounds"
            ),
            models.CheckConstraint(condition=~Q(payer=F("payee")), name="paid_to_another"),
            models.CheckConstraint(
                condition=Q(payer__isnull=False) | Q(payee__isnull=False),
                name="a_payment_names_a_member",
            ),
            # A payment is reversed once: a second reversal (a double tap) is refused here.
            models.UniqueConstraint(fields=["reverses"], name="reversed_once"),
        ]

    def __str__(self) -> str:
        return f"{self.payer_name} paid {self.payee_name} {say(self.amount, self.currency)}"
