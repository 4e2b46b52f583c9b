"""Money as the ledger shows it."""

from __future__ import annotations

from decimal import Decimal

from django import template

register = template.Library()


@register.filter
def money(value: Decimal | None, places: int = 2) -> str:
    """ "1.52", "-0.40"; exact amounts with more places where asked ("0.7600")."""
    return f"{Decimal(value or 0):.{places}f}"


@register.filter
def signed(value: Decimal | int | None, places: int = 2) -> str:
    """ "+1.52", "−0.40": which way the money goes."""
    number = Decimal(value or 0)
    text = f"{abs(number):.{places}f}" if places else f"{abs(number):.0f}"
    return ("+" if number > 0 else "\u2212" if number < 0 else "") + text
