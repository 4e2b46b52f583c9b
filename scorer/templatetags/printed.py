"""What printed pages need that the screen does not."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def css_string(text: object) -> SafeString:
    """Text as a quoted CSS string, for the page's margin boxes: quotes and backslashes
    escaped, and "<" too, so that nothing can end the <style> element early."""
    escaped = (
        str(text)
        .replace("\\", "\\\\")
        .replace('"', '\\"')
        .replace("\n", "\\A ")
        .replace("<", "\\3c ")
    )
    return mark_safe(f'"{escaped}"')  # escaped for CSS just above
