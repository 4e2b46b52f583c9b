"""Members' accounts: the club's stake, a ledger only ever added to, payments, and the
sittings whose settlements say who pays whom.

A balance is never stored: it is the sum of a member's postings, and each posting names
its counterparty and its reason. Postings, payments and closed settlements are kept as
made; the database refuses to change or delete them (scorer/plumbing/guards.py).

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

from ledger.money import (
    MOST_CHARGE,
    MOST_HUNDREDS,
    MOST_PAYMENT,
    MOST_STAKE,
    Inexact,
    from_millionths,
    millionths,
    say,
)
from scorer import engine
from scorer.club.models import Member
from scorer.rubbers.models import Rubber

if TYPE_CHECKING:
    # An amount is set from a Decimal, an int or an expression, and read as a Decimal.
    # (Django's fields take type arguments only in django-stubs, not when the site runs.)
    _Millionths = models.BigIntegerField[Decimal | int | Combinable, Decimal]
    _MaybeMillionths = models.BigIntegerField[Decimal | int | Combinable | None, Decimal | None]
else:
    _Millionths = _MaybeMillionths = models.BigIntegerField


class _Money:
    """An amount, kept as a whole number of millionths of the currency. SQLite would keep
    a decimal as a float, and lose digits; an integer it keeps exactly, as PostgreSQL does,
    and sums exactly."""

    name: str

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


class MoneyField(_Money, _Millionths):
    """An amount of money (`_Money`)."""

    description = "An amount of money, exact to a millionth"


class MaybeMoneyField(_Money, _MaybeMillionths):
    """An amount of money (`_Money`), or none."""

    description = "An amount of money, exact to a millionth, or none"


HOUSE = "The house"  # the club's own account, of table money
# What a rubber is played for where no stake is in force for its game (none set, or the
# game's set at nothing): every place that shows a stake says it so.
NO_STAKE = "no stake: points only"


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

    def rubbers(self) -> models.QuerySet[Rubber]:
        return Rubber.objects.filter(started_at__gte=self.start, started_at__lt=self.end)


class Parties:
    """Who pays whom, in words: a member by name, the house (None) as such."""

    payer: Member | None
    payee: Member | None

    @property
    def payer_name(self) -> str:
        return self.payer.name if self.payer else HOUSE

    @property
    def payee_name(self) -> str:
        return self.payee.name if self.payee else HOUSE.lower()  # "pays the house £0.25"


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
