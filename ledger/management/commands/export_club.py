"""`manage.py export_club [FILE]`: the whole club as elwell-club/1 JSON (- or no FILE:
standard output). It holds the accounts' password hashes: keep it private. A FILE that
cannot be written is refused in a sentence (the exit status 1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ledger.club.document import export_club


class Command(BaseCommand):
    help = "Write the whole club (members, rubbers, ledger) as elwell-club/1 JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", default="-")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        text = json.dumps(export_club(), indent=1, ensure_ascii=False)
        if file == "-":
            self.stdout.write(text)
        else:
            try:
                Path(file).write_text(text + "\n", encoding="utf-8")
            except OSError as error:
                raise CommandError(f"cannot write {file}: {error.strerror}") from None
            self.stdout.write(f"Exported the club to {file}.")
