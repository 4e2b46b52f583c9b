"""`manage.py deal --boards 36 --out boards.pbn`: boards dealt from a cryptographically
secure shuffle, written as PBN 2.1 (§9; docs/pbn.md).

Board b is dealt by North, East, South, West for b = 1, 2, 3, 4, and so on round. The file
is PBN's strict export format, which dealing programs, scoring programs and dealing
machines read. Nothing is written unless every board is: a bad number of boards, an event
too long for a line of PBN, or a file that exists already, is refused with a sentence and
leaves no file.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorer.engine.cards import PbnError, deal_boards, pbn_bytes

MOST_BOARDS = 10_000


class Command(BaseCommand):
    help = "Deal boards from a cryptographically secure shuffle and write them as PBN 2.1."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--boards", required=True, help="how many boards to deal")
        parser.add_argument(
            "--out", required=True, metavar="FILE", help="the PBN file to write (- for stdout)"
        )
        parser.add_argument("--first", default="1", help="the first board's number (default 1)")
        parser.add_argument("--event", default="", help="the event, for each board's Event tag")

    def handle(
        self, *args: Any, boards: str, out: str, first: str, event: str, **options: Any
    ) -> None:
        count = _whole(boards, "--boards", 1, MOST_BOARDS)
        start = _whole(first, "--first", 1, MOST_BOARDS)
        dealt = deal_boards(count, first=start)
        if event:
            dealt = tuple(replace(board, tags=(("Event", event),)) for board in dealt)
        try:
            data = pbn_bytes(dealt)
        except PbnError as error:  # an event too long for a line of PBN
            raise CommandError(f"--event: {error.problem}") from None
        if out == "-":
            self.stdout.write(data.decode("latin-1"), ending="")
            return
        _write_new(out, data)
        last = start + count - 1
        numbers = f"board {start}" if count == 1 else f"boards {start} to {last}"
        self.stdout.write(f"Dealt {numbers} to {out}.")


def _whole(text: str, option: str, least: int, most: int) -> int:
    if not text.strip().isdigit() or not least <= int(text) <= most:
        raise CommandError(
            f"{option} must be a whole number from {least} to {most:,} (got {text!r})"
        )
    return int(text)


def _write_new(path: str, data: bytes) -> None:
    """The whole file, or none: never over a file that is there, never half written."""
    try:
        with open(path, "xb") as file:
            try:
                file.write(data)
            except OSError:
                file.close()
                os.unlink(path)
                raise
    except FileExistsError:
        raise CommandError(
            f"{path} exists already: choose another name, or remove it first"
        ) from None
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror}") from None
