"""A tag's value read into what a board holds: a seat, a deal, a contract and its doubles,
counts by seat, revokes, the tags kept as text. Each refused in words naming the tag; the
few values a file writes again and again (a contract, honours) read once each."""

from __future__ import annotations

import re
from collections.abc import Sequence

from scorer.engine.cards.cards import ALL_CARDS, CARDS, HONOUR_MASKS, SUIT_MASKS, Suit
from scorer.engine.cards.errors import CardError
from scorer.engine.cards.hands import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Direction,
    Hand,
    check_deal,
    hand_mask,
    hand_text,
)
from scorer.engine.cards.pbn.board import TEXT_TAGS, USED_TAGS, VULNERABLE, Refuse
from scorer.engine.cards.pbn.lexer import unescape
from scorer.engine.model import Trump


def read_seat(
    values: dict[str, str], name: str, refuse: Refuse, *, irregular: bool = False
) -> Direction | None:
    text = values.get(name, "")
    found = _SEAT_OF.get(text)
    if found is not None:
        return found
    text = text.strip()
    if irregular and text.startswith("^"):
        text = text[1:]  # PBN 3.4.13: declarer and dummy swapped by accident
    if text in ("", "?"):
        return None
    try:
        return Direction.parse(text)
    except CardError as error:
        raise refuse(name, error.problem) from None


_SEAT_OF = {direction.letter: direction for direction in DIRECTIONS}
type _Four = tuple[Hand | None, Hand | None, Hand | None, Hand | None]


def read_deal(text: str, refuse: Refuse) -> _Four:
    first, _, rest = text.partition(":")
    start = _SEAT_OF.get(first)
    parts = rest.split()
    if start is not None and len(parts) == 4:
        try:
            masks = [hand_mask(part) for part in parts]  # as export writes them
        except CardError:
            pass
        else:
            a, b, c, d = masks[-start:] + masks[:-start]
            if (a | b | c | d) == ALL_CARDS and (
                a.bit_count() == b.bit_count() == c.bit_count() == d.bit_count() == 13
            ):
                return (Hand(a), Hand(b), Hand(c), Hand(d))
    return _deal_otherwise(text, refuse)


def _deal_otherwise(text: str, refuse: Refuse) -> _Four:
    """A deal as the import format allows it (lower case, a hand not given, ranks in any
    order), or refused in words."""
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
    a, b, c, d = (None if mask is None else Hand(mask) for mask in masks)
    return (a, b, c, d)


def _check_known(masks: list[int | None], refuse: Refuse) -> None:
    """The hands given: thirteen cards each, none twice; all four as a deal of 52, or as an
    end position (PBN 3.10), all four given and each of as many cards."""
    known = [(seat, mask) for seat, mask in zip(DIRECTIONS, masks, strict=True) if mask is not None]
    counts = {mask.bit_count() for _, mask in known}
    if len(known) == 4 and len(counts) == 1 and 0 < min(counts) < 13:
        _check_apart(known, refuse)  # an end position
        return
    if len(known) == 4:
        try:
            check_deal([mask for _, mask in known], DIRECTION_NAMES)
        except CardError as error:
            raise refuse("Deal", error.problem.removeprefix("hands: ")) from None
        return
    for seat, mask in known:
        if mask.bit_count() != 13:
            raise refuse(
                "Deal",
                f"{seat.label}'s hand holds {mask.bit_count()} cards, not 13 ({hand_text(mask)}): "
                "an end position is not a deal, and is read only with all four of its hands, "
                "each of as many cards",
            )
    _check_apart(known, refuse)


def _check_apart(known: list[tuple[Direction, int]], refuse: Refuse) -> None:
    seen = 0
    for _, mask in known:
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


def read_contract(text: str, refuse: Refuse) -> tuple[Trump | None, int]:
    found = _CONTRACTS.get(text)
    if found is None:
        found = _contract_of(text, refuse)
        if len(_CONTRACTS) < _MOST_REMEMBERED:
            _CONTRACTS[text] = found
    return found


# What each contract, honours, chicane and revokes written reads to, as met: a file of
# boards writes the same few again and again.
_MOST_REMEMBERED = 4096
_CONTRACTS: dict[str, tuple[Trump | None, int]] = {}
_BY_SEAT: dict[str, tuple[int, int, int, int] | None] = {}
_REVOKES_OF: dict[str, tuple[int, int] | None] = {}


def _contract_of(text: str, refuse: Refuse) -> tuple[Trump | None, int]:
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


def read_doubles(values: dict[str, str], risk: int, refuse: Refuse) -> int:
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


def read_by_seat(
    values: dict[str, str], name: str, refuse: Refuse
) -> tuple[int, int, int, int] | None:
    """ElwellHonours, ElwellChicane: "S:4 0 0 1", a count for each seat clockwise from the
    first."""
    text = values.get(name, "")
    if text in _BY_SEAT:
        return _BY_SEAT[text]
    counts = _by_seat_of(text, name, refuse)
    if len(_BY_SEAT) < _MOST_REMEMBERED:
        _BY_SEAT[text] = counts
    return counts


def _by_seat_of(text: str, name: str, refuse: Refuse) -> tuple[int, int, int, int] | None:
    text = text.strip()
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


def read_revokes(values: dict[str, str], refuse: Refuse) -> tuple[int, int] | None:
    text = values.get("ElwellRevokes", "")
    if text in _REVOKES_OF:
        return _REVOKES_OF[text]
    revokes = _revokes_of(text, refuse)
    if len(_REVOKES_OF) < _MOST_REMEMBERED:
        _REVOKES_OF[text] = revokes
    return revokes


def _revokes_of(text: str, refuse: Refuse) -> tuple[int, int] | None:
    text = text.strip()
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


def text_tags(values: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The tags as text, escapes undone: the mandatory ones a reader cannot work out ("?"
    when not given: unknown, PBN 3.4), Vulnerable as export writes it, and any other tag
    but the notes. The boards of a file mostly share them: each set is made once."""
    key = tuple(map(values.get, _TEXT_KEY))
    if values.keys() <= USED_TAGS:
        found = _TEXT.get(key)
        if found is not None:
            return found
    text = [
        (name, unescape(values[name]) if name in values else _UNKNOWN.get(name, "?"))
        for name in TEXT_TAGS
    ]
    vulnerable = values.get("Vulnerable", "").strip()
    text.append(("Vulnerable", VULNERABLE.get(vulnerable.lower(), vulnerable or "None")))
    if not values.keys() <= USED_TAGS:
        text += [
            (name, unescape(value))
            for name, value in values.items()
            if name not in USED_TAGS and name != "Note"
        ]
    elif len(_TEXT) < _MOST_REMEMBERED:
        _TEXT[key] = tuple(text)
    return tuple(text)


_TEXT_KEY = (*TEXT_TAGS, "Vulnerable")
_TEXT: dict[tuple[str | None, ...], tuple[tuple[str, str], ...]] = {}


def check_counts(
    masks: list[int],
    trump: Trump,
    honours: tuple[int, int, int, int] | None,
    chicane: tuple[int, int, int, int] | None,
    refuse: Refuse,
) -> None:
    """The Elwell tags' honours and chicane agree with the hands, for the trump declared."""
    north, east, south, west = masks
    if honours is not None:
        held = HONOUR_MASKS[trump]
        counted = (
            (north & held).bit_count(),
            (east & held).bit_count(),
            (south & held).bit_count(),
            (west & held).bit_count(),
        )
        if counted != honours:
            raise refuse(
                "ElwellHonours",
                f"the hands give {_seats_text(counted)}, not {_seats_text(honours)}",
            )
    if chicane is not None:
        suit = _TRUMP_CARDS[trump]  # none at no-trump: no hand is void of it
        void = (
            int(not north & suit),
            int(not east & suit),
            int(not south & suit),
            int(not west & suit),
        )
        if void != chicane:
            raise refuse(
                "ElwellChicane", f"the hands give {_seats_text(void)}, not {_seats_text(chicane)}"
            )


_TRUMP_CARDS = {suit.trump: SUIT_MASKS[suit] for suit in Suit} | {Trump.NO_TRUMP: ALL_CARDS}


def _seats_text(counts: Sequence[int]) -> str:
    return " ".join(
        f"{direction.letter} {count}" for direction, count in zip(DIRECTIONS, counts, strict=True)
    )
