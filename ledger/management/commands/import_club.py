"""`manage.py import_club FILE`: a club exported as elwell-club/1, into an empty database.
A file that does not validate is refused, naming where, and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ledger.club.document import ImportRefused, import_club_text


class Command(BaseCommand):
    help = "Import a whole club from elwell-club/1 JSON into an empty database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            text = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error}") from None
        try:
            counts = import_club_text(text)
        except ImportRefused as error:
            raise CommandError(f"{file} was not imported, and nothing changed: {error}") from None
        self.stdout.write(
            f"Imported {counts['members']} members and {counts['rubbers']} rubbers from {file}."
        )
