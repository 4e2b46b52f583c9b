"""Rows for a spreadsheet, as CSV: each cell that a spreadsheet would take for a formula
made plain (OWASP's rule for CSV injection)."""

from __future__ import annotations

import csv
from decimal import Decimal

from django.http import HttpResponse

# A cell a spreadsheet would read as a formula (OWASP's rule for CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A value for a CSV cell: numbers as they are, text that a spreadsheet would take
    for a formula made plain by a leading apostrophe."""
    if isinstance(value, (int, Decimal)):
        return value
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


class SafeWriter:
    def __init__(self, out: HttpResponse) -> None:
        self.writer = csv.writer(out)

    def writerow(self, row: list[object]) -> None:
        self.writer.writerow([cell(value) for value in row])
