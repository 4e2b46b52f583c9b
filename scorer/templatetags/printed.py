"""What printed pages need that the screen does not."""

from __future__ import annotations

import re
import string

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

# Characters that can neither end a CSS string nor the <style> element around it, nor
# start an escape: all else is written as an escape of its code, "\00003c" for "<".
_PLAIN = re.escape(string.ascii_letters + string.digits + " .,:-")
_NOT_PLAIN = re.compile(f"[^{_PLAIN}]")
# An escape takes one space after it as its end: a space that follows one is doubled.
_ESCAPE_THEN_SPACE = re.compile(r"(\\[0-9a-f]{6}) ")
# A margin box runs whitespace together; a form feed or a vertical tab would print as a
# glyph, so each is a space before it is quoted, as a tab, a line feed or a return is.
_WHITESPACE = re.compile(r"[\t\n\v\f\r]")


@register.filter
def css_string(text: object) -> SafeString:
    """Text as a quoted CSS string, for the page's margin boxes: letters, digits, spaces
    and a few stops as they are, every other character as a CSS escape of its code (six
    hex digits), so that nothing in a club's name can end the string, or the <style>
    element, or restyle the page."""
    spaced = _WHITESPACE.sub(" ", str(text))
    escaped = _NOT_PLAIN.sub(lambda char: f"\\{ord(char[0]):06x}", spaced)
    escaped = _ESCAPE_THEN_SPACE.sub(r"\1  ", escaped)
    return mark_safe(f'"{escaped}"')  # every character but the plain ones escaped above
