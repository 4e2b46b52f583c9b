"""Reading a PBN file into its boards: each game's tags, inherited values resolved, as a Board."""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import BinaryIO

from scorer.engine.cards.cards import CARDS, HONOUR_MASKS, SUIT_MASKS, Suit
from scorer.engine.cards.errors import CardError, PbnError
from scorer.engine.cards.hands import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Direction,
    Hand,
    Position,
    check_deal,
    hand_mask,
    hand_text,
)
from scorer.engine.cards.pbn.board import (
    READ_TAGS,
    TEXT_TAGS,
    VULNERABLE,
    Board,
    Refuse,
    dealer_of,
    known_masks,
)
from scorer.engine.cards.pbn.lexer import Game, games_of, unescape
from scorer.engine.cards.pbn.play_section import PlayRead, play_of, result_of
from scorer.engine.model import Trump

# A file of boards is read up to this size: ten thousand boards with their play take about
# eight. More is refused before it is read.
MOST_BYTES = 16 * 1024 * 1024
# PBN 4.8: these may not inherit a value with "#" or "##".
_NOT_INHERITED = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)


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
    with _collector_paused():
        return _read_games(games_of(decoded))


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


def _read_games(games: list[Game]) -> tuple[Board, ...]:
    boards = []
    previous: dict[str, str] = {}
    header: dict[str, str] = {}  # values given with "##", for every later game
    for number, game in enumerate(games, 1):
        given: dict[str, str] = {}
        lines: dict[str, int] = {}
        play: PlayRead | None = None
        for place, name in enumerate(game.names):
            if name in given:
                continue  # PBN 3.4: a tag that already occurred is ignored
            value = game.values[place]
            given[name] = unescape(value) if "\\" in value else value
            lines[name] = game.lines[place]
            if name == "Play":
                play = (given[name], game.sections.get(place, ([], [])))
        values = _inherited(given, lines, previous, header, number)
        previous = values
        boards.append(_board(values, lines, play, number))
    return tuple(boards)


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
    values: dict[str, str], lines: dict[str, int], play_read: PlayRead | None, game: int
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
    masks = known_masks(hands)
    play, played = play_of(play_read, masks, trump, declarer, refuse)
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
        result=result_of(values.get("Result", ""), declarer, played, refuse),
        play=play,
        honours=honours,
        chicane=chicane,
        revokes=_revokes(values, refuse),
        tags=_text_tags(values),
    )


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
    values: dict[str, str], name: str, refuse: Refuse, *, irregular: bool = False
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


def _deal(text: str, refuse: Refuse) -> tuple[Hand | None, Hand | None, Hand | None, Hand | None]:
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
        seat = DIRECTIONS[(start + offset) % 4]
        if part == "-":
            continue
        try:
            masks[seat] = hand_mask(part.upper())
        except CardError as error:
            raise refuse("Deal", f"{seat.label}'s hand: {error.problem}") from None
    _check_known(masks, refuse)
    hands = tuple(None if mask is None else Hand(mask) for mask in masks)
    return hands  # type: ignore[return-value]


def _check_known(masks: list[int | None], refuse: Refuse) -> None:
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


def _contract(text: str, refuse: Refuse) -> tuple[Trump | None, int]:
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


def _doubles(values: dict[str, str], risk: int, refuse: Refuse) -> int:
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


def _by_seat(values: dict[str, str], name: str, refuse: Refuse) -> tuple[int, int, int, int] | None:
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
    a, b, c, d = map(int, counts)
    n, e, s, w = _FROM_NORTH[start](a, b, c, d)
    return (n, e, s, w)


# Four counts given clockwise from a seat, put in the compass's order from North.
_FROM_NORTH = (
    lambda n, e, s, w: (n, e, s, w),
    lambda e, s, w, n: (n, e, s, w),
    lambda s, w, n, e: (n, e, s, w),
    lambda w, n, e, s: (n, e, s, w),
)


_REVOKES = re.compile(r"(NS|EW)\s+(\d+)\s+(NS|EW)\s+(\d+)", re.IGNORECASE)


def _revokes(values: dict[str, str], refuse: Refuse) -> tuple[int, int] | None:
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
    kept = [(name, values.get(name, _UNKNOWN.get(name, "?"))) for name in TEXT_TAGS]
    vulnerable = values.get("Vulnerable", "").strip()
    kept.append(("Vulnerable", VULNERABLE.get(vulnerable.lower(), vulnerable or "None")))
    kept += [
        (name, values[name])
        for name in values
        if name not in READ_TAGS and name not in TEXT_TAGS and name != "Vulnerable"
    ]
    return tuple(kept)


def _check_counts(
    masks: list[int],
    trump: Trump,
    honours: tuple[int, int, int, int] | None,
    chicane: tuple[int, int, int, int] | None,
    refuse: Refuse,
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
