"""Numbers in the site's addresses: a rubber's, a deal's, a payment's, in the path or in
the query string.

An id too long for the database (an integer of 2^63 and over) matches no address, and so
is a plain "not found", never a server error.
"""

from __future__ import annotations

import re

ID = re.compile("[0-9]{1,18}")


def number(text: str) -> int | None:
    """A number asked for in a query string (?after_deal=5), or None for anything else: a
    sign, "²", or more digits than the database (or int()) takes."""
    return int(text) if ID.fullmatch(text) else None


class Id:
    regex = ID.pattern

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
