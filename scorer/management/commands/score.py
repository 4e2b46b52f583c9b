"""`manage.py score FILE...`: work out each file the rules engine reads, whatever its format.

A rubber of Bridge or of Three-handed Bridge is elwell-rubber/1 (the latter's rules say
"game": "three-handed"), and its sheet elwell-sheet/1; a rubber of Short Whist is
whist-rubber/1, and its sheet whist-sheet/1; a Progressive evening is elwell-progressive/1,
and its result elwell-progressive-result/1. Each file is read by the reader its `format`
names (`scorer.engine.formats`): the command knows no format itself.

By default each FILE holds one rubber or evening and each result is printed as JSON; if
any file is refused, the errors go to standard error and nothing is printed. --jsonl reads
one per line and prints one line each, a result or {"error": ...}, going on past refusals.
--text lays each result out as its players keep it: Bridge's sheet as on Elwell's
specimen, an evening's standings and tables.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorer.engine import RubberError, loads_and_work_out


class Command(BaseCommand):
    help = (
        "Work out each rubber's sheet (elwell-rubber/1, whist-rubber/1) or Progressive "
        "evening's result (elwell-progressive/1) (FILE - is standard input)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files", nargs="+", metavar="FILE", help="a rubber or an evening, or - for stdin"
        )
        output = parser.add_mutually_exclusive_group()
        output.add_argument(
            "--jsonl",
            action="store_true",
            help="one rubber or evening per input line, one result (or error) per output line",
        )
        output.add_argument(
            "--text",
            action="store_true",
            help="lay each result out as its players keep it (Bridge: Elwell's specimen)",
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
                worked = loads_and_work_out(_read(name))
            except RubberError as error:
                hint = " (one rubber per line? use --jsonl)" if "Extra data" in str(error) else ""
                errors.append(f"{_display(name)}: {error}{hint}")
                continue
            outputs.append(worked.text() if text else json.dumps(worked.json(), indent=2))
        if errors:
            raise CommandError("\n".join(errors))
        self.stdout.write("\n".join(outputs), ending="" if text else "\n")

    def _score_lines(self, files: list[str]) -> None:
        refused = scored = 0
        for line in _lines(files):
            try:
                result = loads_and_work_out(line).json()
                scored += 1
            except RubberError as error:
                result = {"error": str(error)}
                refused += 1
            self.stdout.write(json.dumps(result, separators=(",", ":")))
        if refused:
            raise CommandError(f"{refused} of {refused + scored} lines refused")


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
