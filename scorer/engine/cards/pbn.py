"""Boards in and out as PBN 2.1, the Portable Bridge Notation (§9; docs/pbn.md).

Reading is tolerant, as PBN's import format is: what dealing programs and dealing machines
write, and what people type. Any first seat in `Deal`, a hand unknown (`-`, the fourth
then found from the other three), lower case, ranks in any order, tags in any order and
several to a line or one across lines, `;` and `{…}` comments (a blank line inside braces
does not end a game), `%` lines, tag values inherited with `#` and `##`, a repeated tag
ignored, auction and supplemental sections skipped, a play's annotations skipped and a
play cut short by `*`, `+` or `-` kept to its last whole trick. What cannot be read as a
deal is refused, naming the board, the line and the tag; so is a file of more than
MOST_BYTES, before it is read.

Writing is PBN 2.1's strict export format: `% PBN 2.1` and `% EXPORT` first; each board's
fifteen mandatory tags in their order, then the supplemental tags in alphabetical order,
then the play; `Deal` from the dealer; a blank line between boards; CR LF ending every
line of at most 255 characters; the text in ISO 8859-1.

What PBN has no tag for, 1905 needs: who made the trump, the number of doubles beyond a
redouble, honours and chicane as counted, revokes. These go in supplemental tags named
`Elwell…` (ElwellMaker, ElwellDoubles, ElwellHonours, ElwellChicane, ElwellRevokes),
documented in docs/pbn.md; a reader that does not know them skips them, as PBN asks.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

from scorer.engine.cards.cards import ALL_CARDS, CARDS, HONOUR_MASKS, SUIT_MASKS, Card, Suit
from scorer.engine.cards.errors import CardError, PbnError
from scorer.engine.cards.hands import (
    DIRECTION_NAMES,
    DIRECTIONS,
    ELWELL_DEALER,
    Direction,
    Hand,
    Hands,
    Position,
    check_deal,
    hand_mask,
    hand_text,
)
from scorer.engine.cards.honours import void_by_hand
from scorer.engine.cards.play import (
    BIT,
    STRENGTHS,
    SUIT_OF,
    TRUMP_SUIT,
    PlayFault,
    run_play,
)
from scorer.engine.cards.worked import ByCards
from scorer.engine.model import Maker, Trump

# A file of boards is read up to this size: ten thousand boards with their play take about
# eight. More is refused before it is read.
MOST_BYTES = 16 * 1024 * 1024
HEADER = ("% PBN 2.1", "% EXPORT")
MANDATORY = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
# Mandatory tags the board keeps as text; the others are read into its fields.
_TEXT_TAGS = ("Event", "Site", "Date", "West", "North", "East", "South", "Scoring")
ELWELL_TAGS = ("ElwellChicane", "ElwellDoubles", "ElwellHonours", "ElwellMaker", "ElwellRevokes")
# Tags read into a board's fields, or sections a 1905 board has no use for.
_READ = (
    frozenset(MANDATORY) - frozenset(_TEXT_TAGS)
    | frozenset(ELWELL_TAGS)
    | {
        "Play",
        "Auction",
        "Note",
    }
)
# PBN 4.8: these may not inherit a value with "#" or "##".
_NOT_INHERITED = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
SCORING_1905 = "Rubber;Laws1905"
_VULNERABLE = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}
LINE = 255  # PBN 2.3: the most characters a line holds, its CR LF included

# Refuses a tag's value, naming the board and the line: refuse(tag, problem).
type _Refuse = Callable[[str, str], PbnError]


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a PBN file: its number and dealer, the four hands by the compass (None
    for a hand not given), the declaration and the play where known, the counts of the
    Elwell tags, and its other tags as text (`tags`, in the file's order).

    `play` holds the whole tricks played, each as its cards were played from its leader
    (fewer than thirteen when the play stopped short); `result` is the declarer's tricks.
    In Bridge of 1905 the declarer is the dealer, who plays both hands; `maker` is who made
    the trump, the dealer or his partner. `honours` and `chicane` are by the compass (N, E,
    S, W); `revokes` by side, North–South then East–West.
    """

    number: int | None = None
    dealer: Direction | None = None
    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None] = (None, None, None, None)
    trump: Trump | None = None
    doubles: int = 0
    declarer: Direction | None = None
    maker: Direction | None = None
    result: int | None = None
    play: tuple[tuple[Card, ...], ...] = ()
    honours: tuple[int, int, int, int] | None = None
    chicane: tuple[int, int, int, int] | None = None
    revokes: tuple[int, int] | None = None
    tags: tuple[tuple[str, str], ...] = field(default=())

    def hand(self, direction: Direction) -> Hand | None:
        """A seat's hand, the fourth found from the other three when only it is unknown."""
        given = self.hands[direction]
        if given is not None:
            return given
        known = [hand for hand in self.hands if hand is not None]
        if len(known) < 3:
            return None
        held = 0
        for hand in known:
            held |= hand.mask
        return Hand(((1 << 52) - 1) & ~held)

    @property
    def dealt(self) -> Hands | None:
        """The four hands by position from the dealer, when the dealer and the hands are
        known."""
        if self.dealer is None:
            return None
        hands = [self.hand(direction) for direction in DIRECTIONS]
        if None in hands:
            return None
        return Hands.at(dict(zip(DIRECTIONS, hands, strict=True)), self.dealer)  # type: ignore[arg-type]

    def tag(self, name: str) -> str | None:
        """One of the board's other tags, as written."""
        for tag, value in self.tags:
            if tag == name:
                return value
        return None


def elwell_board(
    by_cards: ByCards,
    *,
    number: int,
    maker: Maker = Maker.DEALER,
    doubles: int = 0,
    tags: Iterable[tuple[str, str]] = (),
) -> Board:
    """A rubber's deal given by its cards, as a board: Elwell's seats by his diagrams, the
    dealer Z South, the leader A West, his partner Y North, B East (§9); the dealer
    declares and plays, his partner makes the trump when the make was passed."""
    dealer = ELWELL_DEALER
    hands = by_cards.hands.by_direction(dealer)
    counts = by_cards.play
    dealer_side = by_cards.dealer
    honours = _by_direction(
        (
            counts.honours[dealer_side][0],
            counts.honours[dealer_side.other][0],
            counts.honours[dealer_side][1],
            counts.honours[dealer_side.other][1],
        ),
        dealer,
    )
    chicane = _by_direction(
        tuple(int(v) for v in void_by_hand(by_cards.hands, by_cards.trump)), dealer
    )
    play: tuple[tuple[Card, ...], ...] = ()
    result = None
    if by_cards.card_play is not None:
        play = tuple(trick.cards for trick in by_cards.card_play.tricks)
        result = counts.tricks[dealer_side]
    ns_side = Position.DEALER.side(dealer_side)  # the dealer sits South
    return Board(
        number=number,
        dealer=dealer,
        hands=(
            hands[Direction.NORTH],
            hands[Direction.EAST],
            hands[Direction.SOUTH],
            hands[Direction.WEST],
        ),
        trump=by_cards.trump,
        doubles=doubles,
        declarer=dealer,
        maker=(Position.DEALER if maker is Maker.DEALER else Position.PARTNER).direction(dealer),
        result=result,
        play=play,
        honours=honours,
        chicane=chicane,
        revokes=(counts.revokes[ns_side], counts.revokes[ns_side.other]),
        tags=(("Scoring", SCORING_1905), *tags),
    )


def _by_direction(by_position: Sequence[int], dealer: Direction) -> tuple[int, int, int, int]:
    n, e, s, w = (by_position[direction.position(dealer)] for direction in DIRECTIONS)
    return (n, e, s, w)


# -- Reading --------------------------------------------------------------------------------


def read_pbn(text: str | bytes) -> tuple[Board, ...]:
    """The boards of a PBN file's text (bytes are read as UTF-8, else as ISO 8859-1, PBN's
    own character set)."""
    if len(text) > MOST_BYTES:
        raise PbnError(_too_large(len(text)))
    if isinstance(text, bytes):
        try:
            decoded = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            decoded = text.decode("latin-1")
    else:
        decoded = text.removeprefix("\ufeff")
    return _read_games(_games(decoded))


def read_pbn_stream(stream: BinaryIO) -> tuple[Board, ...]:
    """The boards of a PBN file open for reading in binary; a stream longer than
    MOST_BYTES is refused after reading MOST_BYTES + 1 bytes of it, never all of it."""
    data = stream.read(MOST_BYTES + 1)
    if len(data) > MOST_BYTES:
        raise PbnError(_too_large(None))
    return read_pbn(data)


def read_pbn_file(path: str | os.PathLike[str]) -> tuple[Board, ...]:
    """The boards of a PBN file; one larger than MOST_BYTES is refused from its size alone."""
    size = os.stat(path).st_size
    if size > MOST_BYTES:
        raise PbnError(_too_large(size))
    with open(path, "rb") as stream:
        return read_pbn_stream(stream)


def _too_large(size: int | None) -> str:
    held = f"{size:,} bytes" if size is not None else f"more than {MOST_BYTES:,} bytes"
    return (
        f"the file holds {held}; a PBN file of boards is read up to {MOST_BYTES:,} bytes "
        f"({MOST_BYTES // 2**20} MiB)"
    )


class _Game:
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


def _games(text: str) -> list[_Game]:
    """The games of a file. A semi-empty line ends a game (PBN 3); one inside a brace
    comment does not."""
    games: list[_Game] = []
    game = _Game()
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
                game = _Game()
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


def _tokens(line: str, number: int, game: _Game, pending: list[str]) -> bool:
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


def _tag_token(pending: list[str], kind: str | None, value: str, line: int, game: _Game) -> None:
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


def _unescape(value: str) -> str:
    return _ESCAPE.sub(r"\1", value) if "\\" in value else value


def _read_games(games: list[_Game]) -> tuple[Board, ...]:
    boards = []
    previous: dict[str, str] = {}
    header: dict[str, str] = {}  # values given with "##", for every later game
    for number, game in enumerate(games, 1):
        given: dict[str, str] = {}
        lines: dict[str, int] = {}
        play: _PlayRead | None = None
        for place, name in enumerate(game.names):
            if name in given:
                continue  # PBN 3.4: a tag that already occurred is ignored
            value = game.values[place]
            given[name] = _unescape(value) if "\\" in value else value
            lines[name] = game.lines[place]
            if name == "Play":
                play = (given[name], game.sections.get(place, ([], [])))
        values = _inherited(given, lines, previous, header, number)
        previous = values
        boards.append(_board(values, lines, play, number))
    return tuple(boards)


# The play section as read: the Play tag's value, and its lines with their numbers.
type _PlayRead = tuple[str, tuple[list[str], list[int]]]


def _inherited(
    given: dict[str, str],
    lines: dict[str, int],
    previous: dict[str, str],
    header: dict[str, str],
    game: int,
) -> dict[str, str]:
    """Each tag's value, "#" and "##" resolved (PBN 4.8)."""
    values = {}
    for name, value in given.items():
        if value[:1] == "#" and (value == "#" or value.startswith("##")):
            if name in _NOT_INHERITED:
                raise PbnError(
                    f"{value[:2]!r} inherits a value, which PBN does not allow for {name}",
                    game=game,
                    line=lines[name],
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


def _board(
    values: dict[str, str], lines: dict[str, int], play_read: _PlayRead | None, game: int
) -> Board:
    number = _board_number(values, lines, game)

    def refuse(name: str, problem: str) -> PbnError:
        return PbnError(problem, board=number, game=game, line=lines.get(name), tag=name)

    dealer = _seat(values, "Dealer", refuse)
    if dealer is None and number is not None:
        dealer = dealer_of(number)  # PBN's rotation, and §9's: 1 N, 2 E, 3 S, 4 W
    hands = _deal(values.get("Deal", ""), refuse)
    trump, risk = _contract(values.get("Contract", ""), refuse)
    doubles = _doubles(values, risk, refuse)
    declarer = _seat(values, "Declarer", refuse, irregular=True)
    maker = _seat(values, "ElwellMaker", refuse)
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
    masks = _known_masks(hands)
    play, played = _play(play_read, masks, trump, declarer, refuse)
    honours = _by_seat(values, "ElwellHonours", refuse)
    chicane = _by_seat(values, "ElwellChicane", refuse)
    if trump is not None and masks is not None:
        _check_counts(masks, trump, honours, chicane, refuse)
    return Board(
        number=number,
        dealer=dealer,
        hands=hands,
        trump=trump,
        doubles=doubles,
        declarer=declarer,
        maker=maker,
        result=_result(values.get("Result", ""), declarer, played, refuse),
        play=play,
        honours=honours,
        chicane=chicane,
        revokes=_revokes(values, refuse),
        tags=_text_tags(values),
    )


def _known_masks(hands: Sequence[Hand | None]) -> list[int] | None:
    """The four hands' cards, the fourth found from three; None if two are unknown."""
    masks = [0 if hand is None else hand.mask for hand in hands]
    unknown = [seat for seat, hand in enumerate(hands) if hand is None]
    if len(unknown) > 1:
        return None
    if unknown:
        masks[unknown[0]] = ALL_CARDS & ~(masks[0] | masks[1] | masks[2] | masks[3])
    return masks


def _board_number(values: dict[str, str], lines: dict[str, int], game: int) -> int | None:
    text = values.get("Board", "").strip()
    if text in ("", "?"):
        return None
    if not text.isdigit() or int(text) < 1:
        line = lines.get("Board")
        raise PbnError(
            f"{text[:30]!r} is not a board number (a whole number from 1)",
            game=game,
            line=line,
            tag="Board",
        )
    return int(text)


def _seat(
    values: dict[str, str], name: str, refuse: _Refuse, *, irregular: bool = False
) -> Direction | None:
    text = values.get(name, "").strip()
    if irregular and text.startswith("^"):
        text = text[1:]  # PBN 3.4.13: declarer and dummy swapped by accident
    if text in ("", "?"):
        return None
    try:
        return Direction.parse(text)
    except CardError as error:
        raise refuse(name, error.problem) from None


def _deal(text: str, refuse: _Refuse) -> tuple[Hand | None, Hand | None, Hand | None, Hand | None]:
    text = text.strip()
    if text in ("", "?"):
        return (None, None, None, None)
    first, colon, rest = text.partition(":")
    parts = rest.split()
    if not colon or len(parts) != 4:
        raise refuse(
            "Deal",
            f"{text[:40]!r} is not a deal: the first seat, a colon, then four hands "
            "clockwise (\"N:AK43.QJ2.T98.765 …\"), a hand not given written '-'",
        )
    try:
        start = Direction.parse(first.strip())
    except CardError as error:
        raise refuse("Deal", error.problem) from None
    masks: list[int | None] = [None, None, None, None]
    for offset, part in enumerate(parts):
        seat = Direction((start + offset) % 4)
        if part == "-":
            continue
        try:
            masks[seat] = hand_mask(part.upper())
        except CardError as error:
            raise refuse("Deal", f"{seat.label}'s hand: {error.problem}") from None
    _check_known(masks, refuse)
    hands = tuple(None if mask is None else Hand(mask) for mask in masks)
    return hands  # type: ignore[return-value]


def _check_known(masks: list[int | None], refuse: _Refuse) -> None:
    """The hands given: thirteen cards each, none twice; all four as a deal of 52."""
    known = [(seat, mask) for seat, mask in zip(DIRECTIONS, masks, strict=True) if mask is not None]
    if len(known) == 4:
        try:
            check_deal([mask for _, mask in known], DIRECTION_NAMES)
        except CardError as error:
            raise refuse("Deal", error.problem.removeprefix("hands: ")) from None
        return
    seen = 0
    for seat, mask in known:
        if mask.bit_count() != 13:
            raise refuse(
                "Deal",
                f"{seat.label}'s hand holds {mask.bit_count()} cards, not 13 ({hand_text(mask)}); "
                "an end position is not a deal",
            )
        twice = seen & mask
        if twice:
            card = CARDS[(twice & -twice).bit_length() - 1]
            raise refuse("Deal", f"the {card} is in two hands")
        seen |= mask


_CONTRACT = re.compile(r"([1-7]?)(NT|N|S|H|D|C)(X{0,2})", re.IGNORECASE)
_TRUMP_OF = {
    "NT": Trump.NO_TRUMP,
    "N": Trump.NO_TRUMP,
    "S": Trump.SPADES,
    "H": Trump.HEARTS,
    "D": Trump.DIAMONDS,
    "C": Trump.CLUBS,
}


def _contract(text: str, refuse: _Refuse) -> tuple[Trump | None, int]:
    text = text.strip()
    if text in ("", "?") or text.lower() == "pass":
        return None, 0
    found = _CONTRACT.fullmatch(text)
    if found is None:
        raise refuse(
            "Contract",
            f"{text[:30]!r} is not a contract: a level, S, H, D, C or NT, then X or XX if "
            'doubled ("1H", "1NTXX")',
        )
    return _TRUMP_OF[found[2].upper()], len(found[3])


def _doubles(values: dict[str, str], risk: int, refuse: _Refuse) -> int:
    text = values.get("ElwellDoubles", "").strip()
    if text in ("", "?"):
        return risk
    if not text.isdigit():
        raise refuse("ElwellDoubles", f"{text[:30]!r} is not a number of doubles (0, 1, 2, …)")
    doubles = int(text)
    if min(doubles, 2) != risk:
        said = ("undoubled", "doubled (X)", "redoubled (XX)")[risk]
        raise refuse(
            "ElwellDoubles",
            f"{doubles} doubles, but the Contract says {said}",
        )
    return doubles


def _by_seat(
    values: dict[str, str], name: str, refuse: _Refuse
) -> tuple[int, int, int, int] | None:
    """ElwellHonours, ElwellChicane: "S:4 0 0 1", a count for each seat clockwise from the
    first."""
    text = values.get(name, "").strip()
    if text in ("", "?"):
        return None
    first, colon, rest = text.partition(":")
    counts = rest.split()
    if not colon or len(counts) != 4 or not all(count.isdigit() for count in counts):
        raise refuse(name, f'{text[:30]!r} is not a count for each seat ("S:4 0 0 1")')
    try:
        start = Direction.parse(first.strip())
    except CardError as error:
        raise refuse(name, error.problem) from None
    by_seat = [0, 0, 0, 0]
    for offset, count in enumerate(counts):
        by_seat[(start + offset) % 4] = int(count)
    n, e, s, w = by_seat
    return (n, e, s, w)


_REVOKES = re.compile(r"(NS|EW)\s+(\d+)\s+(NS|EW)\s+(\d+)", re.IGNORECASE)


def _revokes(values: dict[str, str], refuse: _Refuse) -> tuple[int, int] | None:
    text = values.get("ElwellRevokes", "").strip()
    if text in ("", "?"):
        return None
    found = _REVOKES.fullmatch(text)
    if found is None or found[1].upper() == found[3].upper():
        raise refuse(
            "ElwellRevokes", f'{text[:30]!r} is not the revokes of each side ("NS 0 EW 1")'
        )
    counts = {found[1].upper(): int(found[2]), found[3].upper(): int(found[4])}
    return (counts["NS"], counts["EW"])


# A date not known is written with a question mark for each digit (PBN 3.4.3).
_UNKNOWN = {"Date": "????.??.??"}


def _text_tags(values: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The tags kept as text: the mandatory ones a reader cannot work out ("?" when not
    given: unknown, PBN 3.4), Vulnerable as export writes it, and any other tag."""
    kept = [(name, values.get(name, _UNKNOWN.get(name, "?"))) for name in _TEXT_TAGS]
    vulnerable = values.get("Vulnerable", "").strip()
    kept.append(("Vulnerable", _VULNERABLE.get(vulnerable.lower(), vulnerable or "None")))
    kept += [
        (name, values[name])
        for name in values
        if name not in _READ and name not in _TEXT_TAGS and name != "Vulnerable"
    ]
    return tuple(kept)


_NAG = re.compile(r"\$\d+|=\d+=|[!?]{1,2}")
_SUFFIX = re.compile(r"[!?]{1,2}$")


def _play(
    tag: _PlayRead | None,
    masks: list[int] | None,
    trump: Trump | None,
    declarer: Direction | None,
    refuse: _Refuse,
) -> tuple[tuple[tuple[Card, ...], ...], int | None]:
    """The play section, cards in columns from the Play tag's seat, a trick a row, read
    into the tricks as played, each from its leader (PBN 3.6); and the declarer's tricks,
    if the play is whole. Checked against the hands where they are known."""
    if tag is None:
        return (), None
    try:
        first = Direction.parse(tag[0].strip())
    except CardError as error:
        raise refuse("Play", error.problem) from None
    if trump is None:
        raise refuse("Play", "the play needs the trump, and the Contract gives none")
    if declarer is not None and first is not declarer.left:
        raise refuse(
            "Play",
            f"the opening leader is on the declarer's left, {declarer.left.letter} "
            f"(got {first.letter})",
        )
    cards = _play_cards(tag[1])
    strengths, suits, bits = STRENGTHS[TRUMP_SUIT[trump]], SUIT_OF, BIT
    order: list[int] = []
    winners: list[int] = []
    columns = [0, 0, 0, 0]  # the cards of each column: each seat's, from the opening leader
    leader = int(first)
    for start in range(0, len(cards) - 3, 4):
        row = cards[start : start + 4]
        if None in row:
            break  # a card unknown or not yet played: the play stops at the last whole trick
        led = (leader - first) % 4  # the leader's column
        strength = strengths[suits[row[led]]]  # type: ignore[index]
        best = won = 0
        for column in range(4):
            card: int = row[column]  # type: ignore[assignment]
            columns[column] |= bits[card]
            if strength[card] > best:
                best, won = strength[card], column
        order += row[led:] + row[:led]  # type: ignore[arg-type]
        leader = (first + won) % 4
        winners.append(leader)
    if masks is not None and any(
        cards & ~masks[(first + column) % 4] or cards.bit_count() != len(winners)
        for column, cards in enumerate(columns)
    ):  # a card its player did not hold, or played twice: named by the careful pass
        try:
            run_play(masks, first, TRUMP_SUIT[trump], order)
        except PlayFault as fault:
            raise refuse("Play", fault.words(_SEAT_WORDS)) from None
    cards_played = iter([CARDS[card] for card in order])
    play = tuple(zip(cards_played, cards_played, cards_played, cards_played, strict=True))
    if len(winners) != 13 or declarer is None:
        return play, None
    return play, sum(1 for winner in winners if (winner - declarer) % 2 == 0)


_SEAT_WORDS = tuple(direction.label for direction in DIRECTIONS)


def _play_cards(section: tuple[list[str], list[int]]) -> list[int | None]:
    """The card tokens of a play section, annotations and revoke marks skipped (the play
    shows its revokes); None for a card unknown or to come. Stops at '*' or '+'."""
    texts, numbers = section
    cards: list[int | None] = list(map(_CARD_NUMBER.get, " ".join(texts).split()))
    if None not in cards:
        return cards  # cards alone, as export writes them
    cards = []
    number = _CARD_NUMBER.get
    for text, line in zip(texts, numbers, strict=True):
        for token in text.split():
            index = number(token)
            if index is not None:
                cards.append(index)
                continue
            if token in ("*", "+"):
                cards.append(None)
                return cards
            if token == "-":
                cards.append(None)
            elif token.startswith("^L"):
                raise PbnError(
                    "a lead out of turn (^L) is not read: the tricks would not follow from "
                    "the leads",
                    line=line,
                    tag="Play",
                )
            elif not (_NAG.fullmatch(token) or token == "^R"):
                index = number(_SUFFIX.sub("", token.removeprefix("^R")))
                if index is None:
                    raise PbnError(
                        f'{token[:20]!r} is not a card ("SA", "HT")', line=line, tag="Play"
                    )
                cards.append(index)
    return cards


# Each card's name, in PBN's upper case and in the lower case it allows on import.
_CARD_NUMBER = (
    {str(card): card.index for card in CARDS}
    | {str(card).lower(): card.index for card in CARDS}
    | {str(card)[0] + str(card)[1].lower(): card.index for card in CARDS}
    | {str(card)[0].lower() + str(card)[1]: card.index for card in CARDS}
)


_RESULT = re.compile(r"\^?(?:(\d+)|(NS|EW)\s+(\d+)(?:\s+(NS|EW)\s+(\d+))?)", re.IGNORECASE)


def _result(
    text: str, declarer: Direction | None, played: int | None, refuse: _Refuse
) -> int | None:
    """The declarer's tricks (PBN 3.4.15), checked against a whole play."""
    text = text.strip()
    if text in ("", "?"):
        return played
    found = _RESULT.fullmatch(text)
    if found is None:
        raise refuse("Result", f"{text[:30]!r} is not a number of tricks")
    if found[1] is not None:
        result = int(found[1])
    else:
        sides = {found[2].upper(): int(found[3])}
        if found[4]:
            sides[found[4].upper()] = int(found[5])
        if declarer is None:
            return None
        side = "NS" if declarer in (Direction.NORTH, Direction.SOUTH) else "EW"
        other = "EW" if side == "NS" else "NS"
        result = sides[side] if side in sides else 13 - sides[other]
    if not 0 <= result <= 13:
        raise refuse("Result", f"{result} tricks: a side wins from 0 to 13")
    if played is not None and played != result and not text.startswith("^"):
        raise refuse("Result", f"the play gives the declarer {played} tricks, not {result}")
    return result


def _check_counts(
    masks: list[int],
    trump: Trump,
    honours: tuple[int, int, int, int] | None,
    chicane: tuple[int, int, int, int] | None,
    refuse: _Refuse,
) -> None:
    """The Elwell tags' honours and chicane agree with the hands, for the trump declared."""
    if honours is not None:
        held = HONOUR_MASKS[trump]
        counted = tuple((mask & held).bit_count() for mask in masks)
        if counted != honours:
            raise refuse(
                "ElwellHonours",
                f"the hands give {_seats_text(counted)}, not {_seats_text(honours)}",
            )
    if chicane is not None:
        suit = Suit.of(trump)
        void = tuple(0 if suit is None else int(not mask & SUIT_MASKS[suit]) for mask in masks)
        if void != chicane:
            raise refuse(
                "ElwellChicane", f"the hands give {_seats_text(void)}, not {_seats_text(chicane)}"
            )


def _seats_text(counts: Sequence[int]) -> str:
    return " ".join(
        f"{direction.letter} {count}" for direction, count in zip(DIRECTIONS, counts, strict=True)
    )


def dealer_of(number: int) -> Direction:
    """The dealer of board `number`: N, E, S, W for 1, 2, 3, 4, and so on round (§9)."""
    return Direction((number - 1) % 4)


# -- Writing --------------------------------------------------------------------------------


def pbn_text(boards: Iterable[Board]) -> str:
    """The boards as PBN 2.1's export format, CR LF ending every line."""
    lines = list(HEADER)
    for number, board in enumerate(boards):
        if number:
            lines.append("")
        lines += _board_lines(board)
    return "\r\n".join(lines) + "\r\n"


def pbn_bytes(boards: Iterable[Board]) -> bytes:
    """The boards as a PBN file: ISO 8859-1, PBN's character set; a character it cannot
    write is written '?', as PBN asks of a program that cannot show one (PBN 2.2)."""
    return pbn_text(boards).encode("latin-1", errors="replace")


def _board_lines(board: Board) -> list[str]:
    text = dict(board.tags)
    dealer = board.dealer
    deal_first = dealer if dealer is not None else Direction.NORTH
    mandatory = {
        "Board": "?" if board.number is None else str(board.number),
        "Dealer": "?" if dealer is None else dealer.letter,
        "Vulnerable": _VULNERABLE.get(text.get("Vulnerable", "None").lower(), "None"),
        "Deal": _deal_text(board, deal_first),
        "Declarer": "" if board.declarer is None else board.declarer.letter,
        "Contract": _contract_text(board),
        "Result": "" if board.result is None else str(board.result),
    }
    lines = [
        _tag_line(board, name, mandatory[name] if name in mandatory else text.get(name, ""))
        for name in MANDATORY
    ]
    supplemental = {
        name: value for name, value in board.tags if name not in MANDATORY and name not in _READ
    }
    supplemental |= _elwell_tags(board)
    lines += [_tag_line(board, name, supplemental[name]) for name in sorted(supplemental)]
    lines += _play_lines(board)
    return lines


def _deal_text(board: Board, first: Direction) -> str:
    hands = []
    for offset in range(4):
        hand = board.hands[(first + offset) % 4]
        hands.append("-" if hand is None else str(hand))
    return f"{first.letter}:{' '.join(hands)}"


def _contract_text(board: Board) -> str:
    if board.trump is None:
        return ""
    # 1905 has no level: the side winning more than six tricks scores them, which is what
    # one of a denomination says (seven tricks to make it); doubles beyond XX are in
    # ElwellDoubles.
    return f"1{board.trump.value}{'X' * min(board.doubles, 2)}"


def _elwell_tags(board: Board) -> dict[str, str]:
    tags = {}
    if board.trump is not None:
        tags["ElwellDoubles"] = str(board.doubles)
    if board.maker is not None:
        tags["ElwellMaker"] = board.maker.letter
    first = board.dealer if board.dealer is not None else Direction.NORTH
    if board.honours is not None:
        tags["ElwellHonours"] = _counts_text(board.honours, first)
    if board.chicane is not None:
        tags["ElwellChicane"] = _counts_text(board.chicane, first)
    if board.revokes is not None:
        tags["ElwellRevokes"] = f"NS {board.revokes[0]} EW {board.revokes[1]}"
    return tags


def _counts_text(by_seat: Sequence[int], first: Direction) -> str:
    counts = " ".join(str(by_seat[(first + offset) % 4]) for offset in range(4))
    return f"{first.letter}:{counts}"


def _play_lines(board: Board) -> list[str]:
    """The play section: a trick a row, the cards in columns from the opening leader, a
    revoke marked '^R' (PBN 3.6, 3.9); '*' after a play cut short."""
    if not board.play:
        return []
    if board.trump is None or board.declarer is None:
        raise PbnError(
            "a play is written with its declarer and trump (PBN 3.1)",
            board=board.number,
            tag="Play",
        )
    first = int(board.declarer.left)
    trump = TRUMP_SUIT[board.trump]
    order = [card.index for trick in board.play for card in trick]
    masks = _known_masks(board.hands)
    if masks is not None:
        try:
            winners, revokes = run_play(masks, first, trump, order)
        except PlayFault as fault:
            raise PbnError(fault.words(_SEAT_WORDS), board=board.number, tag="Play") from None
        dummy = (board.declarer + 2) % 4  # the dummy's is no revoke (Law 85)
        revoking = {(trick, card) for trick, seat, card in revokes if seat != dummy}
    else:
        winners, revoking = _winners(order, first, trump), set()
    lines = [f'[Play "{_LETTERS[first]}"]']
    leader = first
    for number in range(len(board.play)):
        row = ["", "", "", ""]
        for turn in range(4):
            card = order[4 * number + turn]
            mark = "^R " if (number + 1, card) in revoking else ""
            row[(leader + turn - first) % 4] = mark + _NAMES[card]
        lines.append(" ".join(row))
        leader = winners[number]
    if len(board.play) < 13:
        lines.append("*")
    return lines


def _winners(order: Sequence[int], first: int, trump: int) -> bytearray:
    """Each trick's winner, the first trick led by `first`."""
    winners, leader, strengths = bytearray(), first, STRENGTHS[trump]
    for start in range(0, len(order), 4):
        strength = strengths[SUIT_OF[order[start]]]
        best = winner = 0
        for turn in range(4):
            if strength[order[start + turn]] > best:
                best, winner = strength[order[start + turn]], turn
        leader = (leader + winner) % 4
        winners.append(leader)
    return winners


_NAMES = tuple(str(card) for card in CARDS)
_LETTERS = tuple(direction.letter for direction in DIRECTIONS)
# What PBN's export does not allow in a tag's value: control characters (PBN 2.2, 2.3).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _tag_line(board: Board, name: str, value: str) -> str:
    if _CONTROL.search(value):
        value = _CONTROL.sub(" ", value)
    if "\\" in value or '"' in value:
        value = value.replace("\\", "\\\\").replace('"', '\\"')
    line = f'[{name} "{value}"]'
    if len(line) + 2 > LINE:
        raise PbnError(
            f"the value is too long for a line of PBN ({len(line) + 2} characters; at most {LINE})",
            board=board.number,
            tag=name,
        )
    return line
