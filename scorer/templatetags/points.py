"""Points with their sign, as people write them: `{{ value|points }}` gives "+152",
"−40" (the typographic minus, as on the sheet), "0"."""

from __future__ import annotations

from django import template

from scorer.engine.words import MINUS

register = template.Library()


@register.filter
def points(value: int | None) -> str:
    number = value or 0
    return ("+" if number > 0 else MINUS if number < 0 else "") + f"{abs(number):,}"
