"""What every job of the ledger keeps its records with: money as a whole number of
millionths, exact on SQLite and PostgreSQL alike and read back as a Decimal (`MoneyField`),
a row kept as made (`Kept`), the house's account, and who pays whom in words (`Parties`).

The money fields deconstruct as `ledger.models.MoneyField` and `MaybeMoneyField`, the
paths the migrations name (ledger/models.py imports them for that)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models.expressions import Combinable

from ledger.money import Inexact, from_millionths, millionths
from scorer.club.models import Member
from scorer.plumbing.keys import Refused

if TYPE_CHECKING:
    # An amount is set from a Decimal, an int or an expression, and read as a Decimal.
    # (Django's fields take type arguments only in django-stubs, not when the site runs.)
    _Millionths = models.BigIntegerField[Decimal | int | Combinable, Decimal]
    _MaybeMillionths = models.BigIntegerField[Decimal | int | Combinable | None, Decimal | None]
else:
    _Millionths = _MaybeMillionths = models.BigIntegerField


# Where the migrations find the money fields: a field's path is part of the schema's
# record, and a new path would read to makemigrations as a change.
MIGRATIONS_NAME = "ledger.models.{}"


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

    def deconstruct(self) -> Any:
        name, _, args, kwargs = super().deconstruct()
        return name, MIGRATIONS_NAME.format(type(self).__name__), args, kwargs


class MaybeMoneyField(_Money, _MaybeMillionths):
    """An amount of money (`_Money`), or none."""

    description = "An amount of money, exact to a millionth, or none"

    def deconstruct(self) -> Any:
        name, _, args, kwargs = super().deconstruct()
        return name, MIGRATIONS_NAME.format(type(self).__name__), args, kwargs


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


NOTHING = Decimal(0)
DEFAULT_UNIT = Decimal("0.01")


class LedgerError(Refused):
    """What the ledger refuses, in words the secretary can act on."""
