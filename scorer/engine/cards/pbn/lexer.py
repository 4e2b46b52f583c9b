"""A PBN file's text split into its games: each game's tags as written (escapes still in
them), and the lines of the sections they open, with their line numbers."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scorer.engine.cards.errors import PbnError

LINE = 255  # PBN 2.3: the most characters a line holds, its CR LF included
STRING = 255  # PBN 3.2: the most characters a string holds, a tag's value


class Game:
    """A game as read, kept as `re.split` gives it, not as an object a tag (a file holds
    hundreds of thousands): `parts` is the text before the first tag (empty), then for each
    tag in the file's order its name, its value as written, and what follows it up to the
    next tag, the lines of its section each after a newline ("\\n" when it opens none).
    Each tag's line is counted from the game's `first` line, or given in `lines` where the
    game was read token by token (its comments left out), with its section lines'."""

    __slots__ = ("first", "lines", "number", "parts", "section_lines")

    def __init__(
        self,
        number: int,
        parts: list[str],
        first: int,
        lines: list[int] | None = None,
        section_lines: dict[int, list[int]] | None = None,
    ) -> None:
        self.number = number  # the game's place in the file, from 1
        self.parts = parts
        self.first = first
        self.lines = lines
        self.section_lines = section_lines

    @property
    def names(self) -> list[str]:
        return self.parts[1::3]

    def line(self, place: int) -> int:
        """The line of the game's tag at `place`."""
        if self.lines is not None:
            return self.lines[place]
        return self.first + sum(after.count("\n") for after in self.parts[3 : 3 * place + 1 : 3])

    def section(self, place: int) -> list[tuple[str, int]]:
        """The lines of the section the tag at `place` opens, each with its number."""
        texts = self.parts[3 * place + 3].split("\n")[1:]
        if texts and not texts[-1]:
            texts.pop()
        if self.section_lines is not None:
            numbers = self.section_lines.get(place, [])
        else:
            start = self.line(place) + 1
            numbers = list(range(start, start + len(texts)))
        return list(zip(texts, numbers, strict=True))


@dataclass(frozen=True, slots=True)
class Lexed:
    """A file's games, and what was skipped after the last of them as plainly not PBN (a
    dealing program's statistics), in a sentence; empty if nothing was."""

    games: list[Game]
    skipped: str = ""
    inherits: bool = True  # whether a value may be inherited: the text holds a "#"


# A tag pair as export writes it, its value within PBN's length for a string (what is
# longer is read with care, to be refused); a game of such lines and its sections' lines is
# read by splitting it on them.
_TAG = re.compile(
    rf'\[([A-Za-z0-9_]+) "(?=[^\n]{{0,{STRING + 2}}}(?:\n|\Z))([^"\\\n]*(?:\\.[^"\\\n]*)*)"\]'
)
# What may follow a tag on the lines after it: its section's words, a line at a time.
_SECTION = r'(?:\n[^\[\]{};"%\n][^\[\]{};"\n]*)+'
_BETWEEN_TAGS = re.compile(_SECTION + r"\n")
_AFTER_THE_LAST = re.compile(_SECTION)
# Games apart: a line empty or of spaces alone (PBN 3), and the lines between them.
_BETWEEN = re.compile(r"(\n(?:[ \t]*\n)+)")
_TOKEN = re.compile(
    r"""(?P<space>\s+)
      | (?P<comment>;.*|\{[^}]*\}?)
      | (?P<open>\[) | (?P<close>\])
      | (?P<string>"(?:[^"\\]|\\.)*")
      | (?P<word>[^\s\[\]{};"]+)
      | (?P<other>.)""",
    re.VERBOSE,
)
_NAME = re.compile(r"[A-Za-z0-9_]+")
# A line of a section's words and strings alone (a table's row), kept whole.
_WORDS_ALONE = re.compile(r'(?!\s*%)(?:[^\[\]{};"\n]|"(?:[^"\\\n]|\\.)*")+')
_A_TAG = re.compile(r"^[ \t]*\[", re.MULTILINE)
_ESCAPE = re.compile(r"\\([\\\"])")


def games_of(text: str) -> Lexed:
    """The games of a file. A semi-empty line ends a game (PBN 3); one inside a brace
    comment does not. A game of plain lines (tag pairs alone, as export writes them, and
    its sections' words) is split on its tags by one expression; any other is read token
    by token."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
    careful = _Careful()
    parts = _BETWEEN.split(text)
    line = 1
    for index in range(0, len(parts), 2):
        chunk = parts[index]
        split = _TAG.split(chunk) if careful.clean() else None
        if split is not None and _plain(split):
            careful.games.append(Game(len(careful.games) + 1, split, line))
            careful.game.number = len(careful.games) + 1
        else:
            try:
                careful.lines(chunk, line)
            except _Stray as error:
                if not careful.games or _A_TAG.search(text, _offset(parts, index)):
                    raise
                at = error.line or line
                first = chunk.split("\n")[at - line]
                skipped = _skipped(first, at, text.count("\n") + 1)
                return Lexed(careful.games, skipped, "#" in text)
        line += chunk.count("\n") + 1
        if index + 1 < len(parts):
            careful.blank(line)
            line += parts[index + 1].count("\n") - 1
    careful.end(line - 1)
    return Lexed(careful.games, inherits="#" in text)


def _plain(split: list[str]) -> bool:
    """Whether a game split on its tags is all tags alone on their lines, and their
    sections' words, each line within PBN's length."""
    if split[0] or len(split) == 1:
        return False
    afters = split[3::3]
    last = afters[-1]
    if afters.count("\n") != len(afters) - 1:
        between = _BETWEEN_TAGS.fullmatch
        for after in afters[:-1]:
            if after != "\n" and between(after) is None:
                return False
    return not last or _AFTER_THE_LAST.fullmatch(last) is not None


def _offset(parts: list[str], index: int) -> int:
    return sum(len(part) for part in parts[:index])


def _skipped(first: str, line: int, last: int) -> str:
    begins = first.strip()
    shown = begins if len(begins) <= 40 else f"{begins[:40]}…"
    where = f"line {line}" if line >= last else f"lines {line} to {last}"
    return f"{where}, after the last game, are not PBN ({shown!r}): skipped"


class _Stray(PbnError):
    """Words where a game's first tag was wanted."""


class _Building:
    """A game read token by token, as it is built."""

    __slots__ = ("lines", "number", "parts", "section_lines")

    def __init__(self, number: int) -> None:
        self.number = number
        self.parts: list[str] = [""]
        self.lines: list[int] = []
        self.section_lines: dict[int, list[int]] = {}

    def add(self, name: str, value: str, line: int) -> None:
        if len(value) > STRING:
            board = dict(zip(self.parts[1::3], self.parts[2::3], strict=True)).get("Board", "")
            raise PbnError(
                f"the value is too long for PBN ({len(value)} characters; a string holds at "
                f"most {STRING})",
                board=int(board) if board.isdigit() else None,
                game=self.number,
                line=line,
                tag=name,
            )
        self.parts += (name, value, "")
        self.lines.append(line)

    def words(self, text: str, line: int) -> None:
        """A line of words of the section the last tag opens."""
        self.parts[-1] += "\n" + text
        self.section_lines.setdefault(len(self.lines) - 1, []).append(line)

    @property
    def tags(self) -> bool:
        return bool(self.lines)


class _Careful:
    """Lines read token by token: comments, tag pairs several to a line or across lines,
    a section's words; a brace comment may span lines, blank ones among them."""

    def __init__(self) -> None:
        self.games: list[Game] = []
        self.game = _Building(1)
        self.pending: list[str] = []  # a tag pair begun, not closed: '[', its name, its value
        self.in_comment = False

    def clean(self) -> bool:
        return not (self.in_comment or self.pending or self.game.tags)

    def finish(self) -> None:
        game = self.game
        if game.tags:
            self.games.append(
                Game(game.number, game.parts, game.lines[0], game.lines, game.section_lines)
            )
            self.game = _Building(len(self.games) + 1)

    def blank(self, line: int) -> None:
        """A line empty or of spaces: the game ends, unless a comment is open."""
        if self.in_comment:
            return
        if self.pending:
            raise PbnError(
                "a tag pair is not closed before the blank line", game=self.game.number, line=line
            )
        self.finish()

    def end(self, line: int) -> None:
        if self.pending:
            raise PbnError(
                "a tag pair is not closed before the end of the file",
                game=self.game.number,
                line=line,
            )
        self.finish()

    def lines(self, chunk: str, first: int) -> None:
        for number, line in enumerate(chunk.split("\n"), first):
            self.line(line, number)

    def line(self, line: str, number: int) -> None:
        if self.in_comment:
            end = line.find("}")
            if end < 0:
                return
            line, self.in_comment = line[end + 1 :], False
            if not line.strip():
                return  # the comment's closing brace ends the line: the game goes on
        elif not self.pending and line[:1] == "%":
            return  # PBN 2.4: an escaped line
        if not line.strip():
            self.blank(number)
            return
        self._tokens(line, number)

    def _tokens(self, line: str, number: int) -> None:
        """A line read token by token. A section's words are kept as the line gives them,
        each run between comments and tags whole, with its spacing (a table's columns)."""
        if not self.pending and self.game.tags and _WORDS_ALONE.fullmatch(line):
            self.game.words(line, number)  # a line of words alone, kept whole
            return
        runs: list[str] = []
        start = end = -1  # the run of words so far
        for token in _TOKEN.finditer(line):
            kind, value = token.lastgroup, token.group()
            if kind == "space":
                continue
            if kind in ("word", "string") and not self.pending:
                if not self.game.tags:
                    raise _Stray(
                        f'{value[:30]!r} is neither a tag ([Name "value"]) nor a comment',
                        game=self.game.number,
                        line=number,
                    )
                start, end = (token.start() if start < 0 else start), token.end()
                continue
            if start >= 0:
                runs.append(line[start:end])
                start = -1
            if kind == "comment":
                if value.startswith("{") and not value.endswith("}"):
                    self.in_comment = True
                    break
            elif self.pending or kind == "open":
                self._words(runs, number)
                runs = []
                self._tag_token(kind, value, number)
            else:
                raise PbnError(
                    f'{value!r} is out of place: a tag is [Name "value"]',
                    game=self.game.number,
                    line=number,
                )
        if start >= 0:
            runs.append(line[start:end])
        self._words(runs, number)

    def _words(self, runs: list[str], number: int) -> None:
        if runs:
            self.game.words(" ".join(runs), number)

    def _tag_token(self, kind: str | None, value: str, line: int) -> None:
        """One token of a tag pair written across tokens or lines."""
        pending = self.pending
        step = len(pending)
        opens = step == 0 and kind == "open"
        if opens or (step == 1 and kind == "word" and _NAME.fullmatch(value)):
            pending.append(value)
        elif step == 2 and kind == "string":
            pending.append(value[1:-1])
        elif step == 3 and kind == "close":
            self.game.add(pending[1], pending[2], line)
            pending.clear()
        else:
            wanted = ("'['", "a tag name", 'a quoted value, "…"', "']'")[step]
            shown = value if kind != "other" else repr(value)
            raise PbnError(
                f'a tag pair is [Name "value"]: {wanted} was wanted, not {shown[:30]}',
                game=self.game.number,
                line=line,
            )


def unescape(value: str) -> str:
    """A tag's value as meant: PBN escapes a quote and a backslash with a backslash (PBN
    3.3); any other backslash is itself, as in a table's column format (`Result\\2R`)."""
    return _ESCAPE.sub(r"\1", value) if "\\" in value else value
