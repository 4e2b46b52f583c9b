"""The files the engine reads, by their `format` key: for each, how it is read and worked
out, and what is written for it, as JSON and as text.

A rubber (`elwell-rubber/1`, `whist-rubber/1`) is read by its game (`registry.read_any`)
into its sheet (`elwell-sheet/1`, `whist-sheet/1`); a Progressive evening
(`elwell-progressive/1`) into its result (`elwell-progressive-result/1`), and a Duplicate
evening (`elwell-duplicate/1`) into its (`elwell-duplicate-result/1`). `manage.py score`
asks `read_and_work_out` (or `loads_and_work_out`) and writes what it is given, whatever
the format: a format added here is read by the command with no change to it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from scorer.engine.duplicate import EVENING_FORMAT as DUPLICATE_FORMAT
from scorer.engine.duplicate import RESULT_FORMAT as DUPLICATE_RESULT_FORMAT
from scorer.engine.duplicate import (
    DuplicateScore,
    duplicate_result_json,
    read_duplicate,
    work_out_duplicate,
)
from scorer.engine.duplicate.text import duplicate_text
from scorer.engine.errors import RubberError
from scorer.engine.progressive import (
    EVENING_FORMAT,
    RESULT_FORMAT,
    EveningScore,
    evening_text,
    progressive_result_json,
    read_progressive,
    work_out_evening,
)
from scorer.engine.reading import kind_of, parse, show
from scorer.engine.registry import GAMES, read_any
from scorer.engine.roles import CardGame, RubberRecord
from scorer.engine.tally import ScoreSheet


class WorkedOut(Protocol):
    """A file worked out: what is written for it."""

    def json(self) -> dict[str, Any]:
        """As JSON, in the format its `FileFormat` writes."""
        ...

    def text(self) -> str:
        """Laid out for a terminal, every line ending in a newline."""
        ...


@dataclass(frozen=True, slots=True)
class FileFormat:
    """A format the engine reads (its `format` key), the format it writes for it, and how
    a file of it, parsed, is read and worked out (RubberError names what is wrong)."""

    reads: str
    writes: str
    work_out: Callable[[object], WorkedOut]


@dataclass(frozen=True, slots=True)
class WorkedRubber:
    """A rubber of any game and its sheet, written as its game writes them."""

    game: CardGame[Any, Any]
    rubber: RubberRecord[Any, Any]
    sheet: ScoreSheet

    def json(self) -> dict[str, Any]:
        return self.game.format.sheet_json(self.sheet, self.rubber.players)

    def text(self) -> str:
        return self.game.words.sheet_text(self.sheet, self.rubber.players)


@dataclass(frozen=True, slots=True)
class WorkedEvening:
    """A Progressive evening worked out: its result."""

    score: EveningScore

    def json(self) -> dict[str, Any]:
        return progressive_result_json(self.score)

    def text(self) -> str:
        return evening_text(self.score)


@dataclass(frozen=True, slots=True)
class WorkedDuplicate:
    """A Duplicate evening worked out: its result."""

    score: DuplicateScore

    def json(self) -> dict[str, Any]:
        return duplicate_result_json(self.score)

    def text(self) -> str:
        return duplicate_text(self.score)


def _rubber(data: object) -> WorkedRubber:
    game, rubber = read_any(data)
    return WorkedRubber(game, rubber, rubber.sheet())


def _evening(data: object) -> WorkedEvening:
    return WorkedEvening(work_out_evening(read_progressive(data)))


def _duplicate(data: object) -> WorkedDuplicate:
    return WorkedDuplicate(work_out_duplicate(read_duplicate(data)))


# Every game's rubbers (both Bridges write elwell-rubber/1, told apart by its rules), then
# the evenings.
FORMATS: Mapping[str, FileFormat] = {
    game.format.rubber_format: FileFormat(
        game.format.rubber_format, game.format.sheet_format, _rubber
    )
    for game in GAMES.values()
} | {
    EVENING_FORMAT: FileFormat(EVENING_FORMAT, RESULT_FORMAT, _evening),
    DUPLICATE_FORMAT: FileFormat(DUPLICATE_FORMAT, DUPLICATE_RESULT_FORMAT, _duplicate),
}


def read_and_work_out(data: object) -> WorkedOut:
    """Any file the engine reads, parsed, worked out by the reader its `format` names."""
    written = data.get("format") if isinstance(data, dict) else None
    file_format = FORMATS.get(written) if isinstance(written, str) else None
    if file_format is None:
        if not isinstance(data, dict):
            raise RubberError(f"a file to score must be a JSON object (got {kind_of(data)})")
        known = list(FORMATS)
        formats = f"{', '.join(repr(key) for key in known[:-1])} or {known[-1]!r}"
        raise RubberError(f"format must be {formats} (got {show(written)})")
    return file_format.work_out(data)


def loads_and_work_out(text: str | bytes) -> WorkedOut:
    """Any file the engine reads, from its JSON text, worked out."""
    return read_and_work_out(parse(text))
