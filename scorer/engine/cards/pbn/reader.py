"""Reading a PBN file into its boards: each game's tags, inherited values resolved, as a Board."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

from scorer.engine.cards.cards import Card
from scorer.engine.cards.errors import PbnError
from scorer.engine.cards.hands import Direction, Hand, Position
from scorer.engine.cards.pbn.board import (
    MANDATORY,
    PLAYED_TAGS,
    USED_TAGS,
    Board,
    Kept,
    Refuse,
    contract_text,
    dealer_of,
    known_masks,
)
from scorer.engine.cards.pbn.lexer import Game, Lexed, games_of
from scorer.engine.cards.pbn.play_section import PlayRead, play_of, result_of
from scorer.engine.cards.pbn.values import (
    check_counts,
    read_by_seat,
    read_contract,
    read_deal,
    read_doubles,
    read_revokes,
    read_seat,
    text_tags,
)
from scorer.engine.model import Trump

# A file of boards is read up to this size: ten thousand boards with their play take about
# eight. More is refused before it is read.
MOST_BYTES = 16 * 1024 * 1024
# PBN 4.8: these may not inherit a value with "#" or "##".
_NOT_INHERITED = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)


class Boards(tuple[Board, ...]):
    """The boards of a file, in its order, and what was skipped to read them: `skipped`,
    each in a sentence naming the board (or the lines) and what was wrong."""

    skipped: tuple[str, ...]

    def __new__(cls, boards: Iterable[Board] = (), skipped: Iterable[str] = ()) -> Boards:
        made = super().__new__(cls, boards)
        made.skipped = tuple(skipped)
        return made

    def skipped_said(self, most: int = 3) -> tuple[str, ...]:
        """What was skipped, for a page: the first `most` sentences, then how many more."""
        said = self.skipped[:most]
        if len(self.skipped) > most:
            said += (f"… and {len(self.skipped) - most:,} more.",)
        return said


def read_pbn(text: str | bytes, *, deals_only: bool = False) -> Boards:
    """The boards of a PBN file's text (bytes are read as UTF-8, else as ISO 8859-1, PBN's
    own character set). With `deals_only`, where only the deals are wanted (hand records,
    a Duplicate evening's boards), a board whose declaration or play cannot be read is
    read as its deal alone, what it said of its play kept as it came, and said in
    `skipped`; without, it is refused."""
    if len(text) > MOST_BYTES:
        raise PbnError(_too_large(len(text)))
    if isinstance(text, bytes):
        try:
            decoded = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            decoded = text.decode("latin-1")
    else:
        decoded = text.removeprefix("\ufeff")
    with _collector_paused():
        return _read_games(games_of(decoded), deals_only)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a file is read: reading makes hundreds of
    thousands of small objects, none in a cycle, and the collector, run again and again over
    them as they pile up, took a third of the time. Freed by their counts as ever."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def read_pbn_stream(stream: BinaryIO, *, deals_only: bool = False) -> Boards:
    """The boards of a PBN file open for reading in binary; a stream longer than
    MOST_BYTES is refused after reading MOST_BYTES + 1 bytes of it, never all of it."""
    data = stream.read(MOST_BYTES + 1)
    if len(data) > MOST_BYTES:
        raise PbnError(_too_large(None))
    return read_pbn(data, deals_only=deals_only)


def read_pbn_file(path: str | os.PathLike[str], *, deals_only: bool = False) -> Boards:
    """The boards of a PBN file; one larger than MOST_BYTES is refused from its size alone."""
    size = os.stat(path).st_size
    if size > MOST_BYTES:
        raise PbnError(_too_large(size))
    with open(path, "rb") as stream:
        return read_pbn_stream(stream, deals_only=deals_only)


def _too_large(size: int | None) -> str:
    held = f"{size:,} bytes" if size is not None else f"more than {MOST_BYTES:,} bytes"
    return (
        f"the file holds {held}; a PBN file of boards is read up to {MOST_BYTES:,} bytes "
        f"({MOST_BYTES // 2**20} MiB)"
    )


def _read_games(lexed: Lexed, deals_only: bool) -> Boards:
    boards = []
    skipped: list[str] = []
    no_deal: list[int] = []  # games that are no board
    previous: dict[str, str] = {}
    header: dict[str, str] = {}  # values given with "##", for every later game
    for game in lexed.games:
        parts = game.parts
        # Each tag's first value: PBN 3.4 ignores a tag that already occurred.
        given = dict(zip(parts[-3::-3], parts[-2::-3], strict=True))
        if lexed.inherits:
            values = previous = _inherited(given, game, previous, header)
        else:
            values = given
        board = _board(game, values, deals_only, skipped)
        if board is None:
            no_deal.append(game.number)  # not a board: a title, say
        else:
            boards.append(board)
    if no_deal:
        skipped.append(_no_deal(no_deal))
    if lexed.skipped:
        skipped.append(lexed.skipped)
    return Boards(boards, skipped)


def _no_deal(games: list[int]) -> str:
    """Games skipped for giving neither a board number nor a deal, in a sentence."""
    if len(games) == 1:
        return f"game {games[0]} gives neither a board number nor a deal (a title, say): skipped"
    if len(games) > 4:
        listed = f"{games[0]}, {games[1]}, {games[2]} and {len(games) - 3:,} more"
    else:
        listed = ", ".join(map(str, games[:-1])) + f" and {games[-1]}"
    return (
        f"{len(games):,} games give neither a board number nor a deal (a title, say, or "
        f"another table's result of a board before): skipped (games {listed})"
    )


def _line(game: Game, name: str) -> int | None:
    """The line of a tag's first occurrence in the game; None if it was inherited."""
    names = game.names
    return game.line(names.index(name)) if name in names else None


def _inherited(
    given: dict[str, str], game: Game, previous: dict[str, str], header: dict[str, str]
) -> dict[str, str]:
    """Each tag's value as written, "#" and "##" resolved (PBN 4.8)."""
    values = {}
    for name, value in given.items():
        if value[:1] == "#" and (value == "#" or value.startswith("##")):
            if name in _NOT_INHERITED:
                raise PbnError(
                    f"{value[:2]!r} inherits a value, which PBN does not allow for {name}",
                    game=game.number,
                    line=_line(game, name),
                    tag=name,
                )
            if value == "#":
                value = previous.get(name, header.get(name, ""))
            else:
                value = header[name] = value[2:]
        values[name] = value
    if header:
        for name, value in header.items():
            values.setdefault(name, value)
    return values


_NO_HANDS = (None, None, None, None)
# A board read as its deal alone: nothing declared or played.
_NOT_PLAYED = (None, 0, None, None, None, (), None, None, None)


def _board(
    game: Game, values: dict[str, str], deals_only: bool, skipped: list[str]
) -> Board | None:
    """The game read as a board; None where only the deals are wanted and it gives no deal
    and no board number (a title, say)."""
    number = _board_number(values, game)

    def refuse(name: str, problem: str, /, *, line: int | None = None) -> PbnError:
        at = line if line is not None else _line(game, name)
        return PbnError(problem, board=number, game=game.number, line=at, tag=name)

    dealer = read_seat(values, "Dealer", refuse)
    if dealer is None and number is not None:
        dealer = dealer_of(number)  # PBN's rotation, and §9's: 1 N, 2 E, 3 S, 4 W
    hands = read_deal(values.get("Deal", ""), refuse)
    if deals_only and number is None and hands == _NO_HANDS:
        return None
    used = USED_TAGS
    try:
        played = _played(game, values, dealer, hands, refuse)
    except PbnError as error:
        if not deals_only:
            raise
        skipped.append(f"{error}; its play is skipped and its deal read")
        played, used = _NOT_PLAYED, _DEAL_ALONE
    trump, doubles, declarer, maker, result, play, honours, chicane, revokes = played
    if play and declarer is None:
        used = _NO_LEADER  # the play read, and kept as it came: nothing says who led
    return Board(
        number=number,
        dealer=dealer,
        hands=hands,
        trump=trump,
        doubles=doubles,
        declarer=declarer,
        maker=maker,
        result=result,
        play=play,
        honours=honours,
        chicane=chicane,
        revokes=revokes,
        tags=text_tags(values),
        kept=_kept(game, values, used) + _declared(values, used, declarer, trump, doubles, result),
    )


def _declared(
    values: dict[str, str],
    used: frozenset[str],
    declarer: Direction | None,
    trump: Trump | None,
    doubles: int,
    result: int | None,
) -> tuple[Kept, ...]:
    """The Declarer, Contract and Result as they came, where the writer would write them
    otherwise: a contract's level ("5SX", which 1905 has not), a result by side, "?"."""
    written = {
        "Declarer": "" if declarer is None else declarer.letter,
        "Contract": "" if trump is None else contract_text(trump, doubles),
        "Result": "" if result is None else str(result),
    }
    return tuple(
        Kept(name, values[name])
        for name, text in written.items()
        if name in used and values.get(name, "") not in ("", text)
    )


type _Played = tuple[
    Trump | None,
    int,
    Direction | None,
    Direction | None,
    int | None,
    tuple[tuple[Card, ...], ...],
    tuple[int, int, int, int] | None,
    tuple[int, int, int, int] | None,
    tuple[int, int] | None,
]


def _played(
    game: Game,
    values: dict[str, str],
    dealer: Direction | None,
    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None],
    refuse: Refuse,
) -> _Played:
    """What the board says of its declaration and play: trump, doubles, declarer, maker,
    result, play, honours, chicane and revokes, each checked against the others."""
    trump, risk = read_contract(values.get("Contract", ""), refuse)
    doubles = read_doubles(values, risk, refuse)
    declarer = read_seat(values, "Declarer", refuse, irregular=True)
    maker = read_seat(values, "ElwellMaker", refuse)
    if (
        maker is not None
        and dealer is not None
        and maker.position(dealer) not in (Position.DEALER, Position.PARTNER)
    ):
        raise refuse(
            "ElwellMaker",
            f"the trump is made by the dealer or his partner, {dealer.letter} or "
            f"{dealer.left.left.letter} (got {maker.letter})",
        )
    masks = known_masks(hands)
    play, played = play_of(_play_read(game, values), masks, trump, declarer, refuse)
    honours = read_by_seat(values, "ElwellHonours", refuse)
    chicane = read_by_seat(values, "ElwellChicane", refuse)
    if trump is not None and masks is not None:
        check_counts(masks, trump, honours, chicane, refuse)
    result = result_of(values.get("Result", ""), declarer, played, refuse)
    revokes = read_revokes(values, refuse)
    return (trump, doubles, declarer, maker, result, play, honours, chicane, revokes)


def _play_read(game: Game, values: dict[str, str]) -> PlayRead | None:
    """The Play tag's value and its section's lines, if the game gives a play."""
    if "Play" not in values:
        return None
    place = game.names.index("Play")  # given in the game: the play is never inherited
    return values["Play"], game.parts[3 * place + 3], lambda: game.section(place)


# A board read as its deal alone reads less: what it says of its play is kept as it came.
_DEAL_ALONE = USED_TAGS - PLAYED_TAGS
# A play without a declarer is read, and written back as it came: the board does not
# say who led to it.
_NO_LEADER = USED_TAGS - {"Play"}


def _kept(game: Game, values: dict[str, str], used: frozenset[str]) -> tuple[Kept, ...]:
    """The tags not `used`, in the file's order, each with its section's lines as they came
    and the Note tags that follow it; a note after a tag that is used (the play's), a
    block of its own."""
    if values.keys() <= used:
        return ()
    parts = game.parts
    blocks: list[tuple[str, str, list[str]]] = []
    current: list[str] | None = None  # the lines of the block that notes join
    seen: set[str] = set()
    for place, name in enumerate(game.names):
        section = [text for text, _ in game.section(place)] if parts[3 * place + 3] else []
        if name == "Note":
            if current is not None:
                current.append(f'[Note "{parts[3 * place + 2]}"]')
                current += section
            else:
                blocks.append((name, parts[3 * place + 2], section))
            continue
        if name in seen or name in used or (name in MANDATORY and not values[name]):
            current = None  # used, or a mandatory tag empty, as the writer writes it anyway
        else:
            current = section
            blocks.append((name, values[name], section))
        seen.add(name)
    blocks += [  # given with "##" in a game before
        (name, value, [])
        for name, value in values.items()
        if name not in seen and name not in used and name != "Note"
    ]
    return tuple(Kept(name, value, tuple(lines)) for name, value, lines in blocks)


def _board_number(values: dict[str, str], game: Game) -> int | None:
    text = values.get("Board", "").strip()
    if text in ("", "?"):
        return None
    if not text.isdigit() or int(text) < 1:
        raise PbnError(
            f"{text[:30]!r} is not a board number (a whole number from 1)",
            game=game.number,
            line=_line(game, "Board"),
            tag="Board",
        )
    return int(text)
