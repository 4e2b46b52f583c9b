"""A PBN file's text split into its games: each game's tags and the lines of its sections."""

from __future__ import annotations

import re

from scorer.engine.cards.errors import PbnError


class Game:
    """A game as read: its tags' names, values (escapes still in them) and lines, and the
    lines of the sections they open (the play's cards, an auction, a table), by the tag's
    place in the game, with their line numbers. Kept in a few lists, not an object a tag:
    a file holds hundreds of thousands of tags."""

    __slots__ = ("lines", "names", "sections", "values")

    def __init__(self) -> None:
        self.names: list[str] = []
        self.values: list[str] = []
        self.lines: list[int] = []
        self.sections: dict[int, tuple[list[str], list[int]]] = {}

    def add(self, name: str, value: str, line: int) -> None:
        self.names.append(name)
        self.values.append(value)
        self.lines.append(line)

    def words(self, text: str, line: int) -> None:
        """A line of words of the section the last tag opens."""
        texts, numbers = self.sections.setdefault(len(self.names) - 1, ([], []))
        texts.append(text)
        numbers.append(line)


# A line that is one tag pair alone, as nearly every line of a PBN file is.
_TAG_LINE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]\s*')
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
_SPECIAL = re.compile(r'[\[\]{};"]')  # what a line of a section's words does not hold
_ESCAPE = re.compile(r"\\(.)")


def games_of(text: str) -> list[Game]:
    """The games of a file. A semi-empty line ends a game (PBN 3); one inside a brace
    comment does not."""
    games: list[Game] = []
    game = Game()
    pending: list[str] = []  # a tag pair begun and not yet closed: '[', its name, its value
    in_comment = False
    tag_line, special = _TAG_LINE.fullmatch, _SPECIAL.search
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        if in_comment:
            end = line.find("}")
            if end < 0:
                continue
            line, in_comment = line[end + 1 :], False
        elif not pending:
            whole = tag_line(line)
            if whole is not None:
                name, value = whole.groups()
                game.add(name, value, number)
                continue
            if line[:1] == "%":
                continue  # PBN 2.4: an escaped line
        if not line.strip():
            if pending:
                raise PbnError("a tag pair is not closed before the blank line", line=number)
            if game.names:
                games.append(game)
                game = Game()
            continue
        if not pending and game.names and special(line) is None:
            game.words(line, number)
            continue
        in_comment = _tokens(line, number, game, pending)
    if pending:
        raise PbnError("the file ends inside a tag pair", line=len(lines))
    if game.names:
        games.append(game)
    return games


def _tokens(line: str, number: int, game: Game, pending: list[str]) -> bool:
    """A line read token by token: comments, tag pairs several to a line or across lines,
    a section's words. Whether a brace comment is left open at its end."""
    for token in _TOKEN.finditer(line):
        kind, value = token.lastgroup, token.group()
        if kind == "space":
            continue
        if kind == "comment":
            if value.startswith("{") and not value.endswith("}"):
                return True
            continue
        if pending or kind == "open":
            _tag_token(pending, kind, value, number, game)
        elif kind in ("word", "string"):
            if not game.names:
                raise PbnError(
                    f'{value[:30]!r} is neither a tag ([Name "value"]) nor a comment',
                    line=number,
                )
            game.words(value, number)
        else:
            raise PbnError(f'{value!r} is out of place: a tag is [Name "value"]', line=number)
    return False


def _tag_token(pending: list[str], kind: str | None, value: str, line: int, game: Game) -> None:
    """One token of a tag pair written across tokens or lines."""
    step = len(pending)
    opens = step == 0 and kind == "open"
    if opens or (step == 1 and kind == "word" and _NAME.fullmatch(value)):
        pending.append(value)
    elif step == 2 and kind == "string":
        pending.append(value[1:-1])
    elif step == 3 and kind == "close":
        game.add(pending[1], pending[2], line)
        pending.clear()
    else:
        wanted = ("'['", "a tag name", 'a quoted value, "…"', "']'")[step]
        shown = value if kind != "other" else repr(value)
        raise PbnError(
            f'a tag pair is [Name "value"]: {wanted} was wanted, not {shown[:30]}', line=line
        )


def unescape(value: str) -> str:
    return _ESCAPE.sub(r"\1", value) if "\\" in value else value
