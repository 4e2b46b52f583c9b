"""Members' accounts: the club's stake, a ledger only ever added to, payments, and the
sittings whose settlements say who pays whom.

A balance is never stored: it is the sum of a member's postings, and each posting names
its counterparty and its reason. Postings, payments and closed settlements are kept as
made; the database refuses to change or delete them (scorer/kept.py).

Money is never a float: every amount is kept as a whole number of millionths
(`MoneyField`), exact on SQLite and PostgreSQL alike, and read back as a Decimal.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.expressions import Combinable
from django.db.models.functions import Coalesce
from django.utils import timezone

from ledger.money import MOST_PAYMENT, MOST_STAKE, Inexact, from_millionths, millionths, say
from scorer import engine
from scorer.models import Member, Rubber

if TYPE_CHECKING:
    # An amount is set from a Decimal, an int or an expression, and read as a Decimal.
    # (Django's fields take type arguments only in django-stubs, not when the site runs.)
    _Millionths = models.BigIntegerField[Decimal | int | Combinable, Decimal]
else:
    _Millionths = models.BigIntegerField


class MoneyField(_Millionths):
    """An amount, kept as a whole number of millionths of the currency. SQLite would keep
    a decimal as a float, and lose digits; an integer it keeps exactly, as PostgreSQL does,
    and sums exactly."""

    description = "An amount of money, exact to a millionth"

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Decimal | None:
        return None if value is None else from_millionths(value)

    def to_python(self, value: Any) -> Decimal | None:
        if value is None or isinstance(value, Decimal):
            return value
        return Decimal(str(value))

    def get_prep_value(self, value: Any) -> int | None:
        if value is None or hasattr(value, "resolve_expression"):
            return value  # type: ignore[no-any-return]
        try:
            return millionths(value)
        except Inexact as error:
            raise ValueError(f"{self.name}: {error}") from None

    @property
    def validators(self) -> list[Any]:
        return []  # the range of whole numbers it is kept as is not the amount's own


class Kept(models.Model):
    """A row that, once written, is never changed or deleted."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError(f"A {self._meta.verbose_name} is kept as made: it cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ValueError(f"A {self._meta.verbose_name} is kept as made: it cannot be deleted.")


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
        """ "Short Whist, £0.10 a point" """
        return f"{engine.WHIST.name}, {self.words_for(engine.WHIST)}"

    def rate(self, staked: engine.Staked) -> Decimal:
        """The money for the hundred points, or for the point, as a game is staked."""
        return self.per_point if staked is engine.Staked.PER_POINT else self.per_hundred

    def words_for(self, game: engine.CardGame[Any, Any]) -> str:
        """The stake a game's rubbers are played for: "£0.50 a hundred points", "£0.10 a
        point"."""
        money = say(self.rate(game.staked), self.currency, self.smallest_unit)
        return f"{money} {game.staked.label}"

    @classmethod
    def in_force(cls, at: datetime) -> Stake | None:
        return cls.objects.filter(valid_from__lte=at).order_by("-valid_from", "-id").first()

    @classmethod
    def latest(cls) -> Stake | None:
        """The last stake set: the one a new stake replaces."""
        return cls.objects.order_by("-valid_from", "-id").first()


class Sitting(models.Model):
    """An evening, or whatever period the club settles: the rubbers started in it.

    Sittings never overlap, so that a rubber settles in one only: PostgreSQL refuses an
    overlap by an exclusion constraint, SQLite by a trigger (both in the migrations). A
    closed sitting is never changed (scorer/kept.py).
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

    def rubbers(self) -> models.QuerySet[Rubber]:
        return Rubber.objects.filter(started_at__gte=self.start, started_at__lt=self.end)


class Payment(Kept):
    """Money handed from one member to another, as the secretary records it. A mistake is
    put right by recording the payment back the other way."""

    METHODS = [("cash", "Cash"), ("transfer", "Bank transfer")]

    payer = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="payments_made")
    payee = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="payments_received")
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
            # A payment is reversed once: a second reversal (a double tap) is refused here.
            models.UniqueConstraint(fields=["reverses"], name="reversed_once"),
        ]

    def __str__(self) -> str:
        return f"{self.payer} paid {self.payee} {say(self.amount, self.currency)}"


class Posting(Kept):
    """A change to a member's balance, naming its counterparty and its reason. Positive:
    the member is owed more (or owes less)."""

    RUBBER, ROUNDING, PAYMENT = "rubber", "rounding", "payment"
    KINDS = [(RUBBER, "Rubber"), (ROUNDING, "Rounding at settlement"), (PAYMENT, "Payment")]

    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="postings")
    kind = models.CharField(max_length=8, choices=KINDS)
    rubber = models.ForeignKey(
        Rubber, on_delete=models.PROTECT, null=True, blank=True, related_name="postings"
    )
    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, null=True, blank=True)
    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, null=True, blank=True)
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
        ]

    def __str__(self) -> str:
        return f"{self.member}: {say(self.amount, self.currency, signed=True)} ({self.reason})"


class SettlementLine(Kept):
    """A member's part in a closed settlement, as it was closed."""

    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, related_name="lines")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")
    rubbers = models.PositiveIntegerField()
    points_won = models.IntegerField()
    points_lost = models.IntegerField()
    exact = MoneyField()
    rounded = MoneyField()
    brought_forward = MoneyField()
    due = MoneyField()

    class Meta:
        ordering = ["member__name"]
        constraints = [
            models.UniqueConstraint(fields=["sitting", "member"], name="one_line_a_member")
        ]

    def __str__(self) -> str:
        return f"{self.member} in {self.sitting}: {self.due}"


class Transfer(Kept):
    """Who pays whom how much, to settle a closed settlement."""

    sitting = models.ForeignKey(Sitting, on_delete=models.PROTECT, related_name="transfers")
    payer = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")
    payee = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="+")
    amount = MoneyField()

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount}"
