"""`manage.py score FILE...`: work out the sheet of each rubber, of any of the club's games.

A rubber of Bridge or of Three-handed Bridge is elwell-rubber/1 (the latter's rules say
"game": "three-handed"), and its sheet elwell-sheet/1; a rubber of Short Whist is
whist-rubber/1, and its sheet whist-sheet/1. Each rubber's game is found from its JSON.

By default each FILE holds one rubber and each sheet is printed as JSON; if any rubber is
refused, the errors go to standard error and no sheet is printed. --jsonl reads one rubber
per line and prints one line per rubber, a sheet or {"error": ...}, going on past refusals.
--text lays each sheet out as its game's players keep it: Bridge's as on Elwell's specimen.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorer.engine import RubberError, loads_any


class Command(BaseCommand):
    help = (
        "Work out the score sheet of each rubber in elwell-rubber/1 or whist-rubber/1 JSON "
        "(FILE - is standard input)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="a rubber, or - for stdin")
        output = parser.add_mutually_exclusive_group()
        output.add_argument(
            "--jsonl",
            action="store_true",
            help="one rubber per input line, one sheet (or error) per output line",
        )
        output.add_argument(
            "--text",
            action="store_true",
            help="lay each sheet out as its game's players keep it (Bridge: Elwell's specimen)",
        )

    def handle(self, *args: Any, files: list[str], jsonl: bool, text: bool, **options: Any) -> None:
        if jsonl:
            self._score_lines(files)
        else:
            self._score_files(files, text=text)

    def _score_files(self, files: list[str], *, text: bool) -> None:
        outputs, errors = [], []
        for name in files:
            try:
                game, rubber = loads_any(_read(name))
                sheet = rubber.sheet()
            except RubberError as error:
                hint = " (one rubber per line? use --jsonl)" if "Extra data" in str(error) else ""
                errors.append(f"{_display(name)}: {error}{hint}")
                continue
            if text:
                outputs.append(game.words.sheet_text(sheet, rubber.players))
            else:
                outputs.append(json.dumps(game.format.sheet_json(sheet, rubber.players), indent=2))
        if errors:
            raise CommandError("\n".join(errors))
        self.stdout.write("\n".join(outputs), ending="" if text else "\n")

    def _score_lines(self, files: list[str]) -> None:
        refused = scored = 0
        for line in _lines(files):
            try:
                game, rubber = loads_any(line)
                result = game.format.sheet_json(rubber.sheet(), rubber.players)
                scored += 1
            except RubberError as error:
                result = {"error": str(error)}
                refused += 1
            self.stdout.write(json.dumps(result, separators=(",", ":")))
        if refused:
            raise CommandError(f"{refused} of {refused + scored} rubbers refused")


def _read(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"cannot read {name}: {error}") from None


def _lines(files: list[str]) -> Iterator[str]:
    """Every non-blank line of every file, in order."""
    for name in files:
        stream: TextIO
        if name == "-":
            stream = sys.stdin
        else:
            try:
                stream = open(name, encoding="utf-8")  # noqa: SIM115 closed below
            except OSError as error:
                raise CommandError(f"cannot read {name}: {error}") from None
        try:
            for line in stream:
                if line.strip():
                    yield line
        finally:
            if stream is not sys.stdin:
                stream.close()


def _display(name: str) -> str:
    return "standard input" if name == "-" else name
