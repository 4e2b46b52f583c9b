"""Money and points as the ledger shows them: `{% money amount currency unit %}`."""

from __future__ import annotations

from decimal import Decimal

from django import template

from ledger import money as words

register = template.Library()


@register.simple_tag
def money(
    amount: Decimal | None, currency: str = "", unit: Decimal | None = None, signed: bool = False
) -> str:
    """ "£0.20", "−£0.20", with signed=True "+£0.20"."""
    return words.say(amount or Decimal(0), currency, unit or words.CENT, signed=signed)


@register.filter
def points(value: int | None) -> str:
    """Points won or lost: "+152", "−40", "0"."""
    number = value or 0
    return ("+" if number > 0 else words.MINUS if number < 0 else "") + f"{abs(number):,}"


@register.filter
def magnitude(value: int | None) -> str:
    """A number without its sign, where the words say which way: "lost 40"."""
    return f"{abs(value or 0):,}"


@register.filter
def symbol(currency: str | None) -> str:
    """The currency's sign, for a field's label: "Amount (£)"."""
    return words.symbol(currency or "")


@register.filter
def unsigned(amount: Decimal | None) -> Decimal:
    """An amount without its sign, where the words say which way: "received £0.25"."""
    return abs(amount or Decimal(0))
