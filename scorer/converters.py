"""Numbers in the site's addresses: a rubber's, a deal's, a payment's.

An id too long for the database (an integer of 2^63 and over) matches no address, and so
is a plain "not found", never a server error.
"""

from __future__ import annotations


class Id:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
