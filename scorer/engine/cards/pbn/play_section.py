"""Reading a PBN game's play section into its tricks, and its Result checked against the play."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import batched
from operator import add

from scorer.engine.cards.cards import CARDS, Card
from scorer.engine.cards.errors import CardError
from scorer.engine.cards.hands import Direction
from scorer.engine.cards.pbn.board import SEAT_WORDS, Refuse
from scorer.engine.cards.play import BIT, STRENGTHS, SUIT_OF, TRUMP_SUIT, PlayFault, run_play
from scorer.engine.model import Trump

# The play section as read: the Play tag's value, its lines' text, and a way to its lines
# each with its number (wanted only to name the line of a fault).
type PlayRead = tuple[str, str, Callable[[], list[tuple[str, int]]]]


_NAG = re.compile(r"\$\d+|=\d+=|[!?]{1,2}")
_SUFFIX = re.compile(r"[!?]{1,2}$")


def play_of(
    tag: PlayRead | None,
    masks: list[int] | None,
    trump: Trump | None,
    declarer: Direction | None,
    refuse: Refuse,
) -> tuple[tuple[tuple[Card, ...], ...], int | None]:
    """The play section, cards in columns from the Play tag's seat, a trick a row, read
    into the tricks as played, each from its leader (PBN 3.6); and the declarer's tricks,
    if the play is whole. Checked against the hands where they are known."""
    if tag is None:
        return (), None
    first = _SEAT_OF.get(tag[0]) or _seat(tag[0], refuse)
    if trump is None:
        raise refuse("Play", "the play needs the trump, and the Contract gives none")
    if declarer is not None and first is not _LEFT[declarer]:
        raise refuse(
            "Play",
            f"the opening leader is on the declarer's left, {_LEFT[declarer].letter} "
            f"(got {first.letter})",
        )
    cards = _play_cards(tag[1], tag[2], refuse)
    whole = cards if not len(cards) & 3 else cards[: len(cards) & ~3]
    strengths, suits, names, bits = STRENGTHS[TRUMP_SUIT[trump]], SUIT_OF, CARDS, BIT
    tricks: list[tuple[Card, ...]] = []
    winners = bytearray()
    leader = start = int(first)
    held_a = held_b = held_c = held_d = 0  # each column's cards, a seat's from the leader
    # Unrolled: a file of ten thousand played boards has half a million cards to place.
    for trick in batched(whole, 4):
        a, b, c, d = trick
        held_a |= bits[a]
        held_b |= bits[b]
        held_c |= bits[c]
        held_d |= bits[d]
        led = (leader - start) & 3  # the leader's column
        strength = strengths[suits[trick[led]]]
        best, won = strength[a], 0
        if strength[b] > best:
            best, won = strength[b], 1
        if strength[c] > best:
            best, won = strength[c], 2
        if strength[d] > best:
            won = 3
        row = (names[a], names[b], names[c], names[d])
        tricks.append(row[led:] + row[:led] if led else row)
        leader = (start + won) & 3
        winners.append(leader)
    count = len(winners)
    if masks is not None and not (
        held_a | masks[start] == masks[start]
        and held_b | masks[(start + 1) & 3] == masks[(start + 1) & 3]
        and held_c | masks[(start + 2) & 3] == masks[(start + 2) & 3]
        and held_d | masks[(start + 3) & 3] == masks[(start + 3) & 3]
        and held_a.bit_count() == held_b.bit_count() == held_c.bit_count() == count
        and held_d.bit_count() == count
    ):
        # A card its player did not hold, or played twice: named by the careful pass.
        order = [card.index for trick in tricks for card in trick]
        try:
            run_play(masks, start, TRUMP_SUIT[trump], order)
        except PlayFault as fault:
            raise refuse("Play", fault.words(SEAT_WORDS)) from None
    if count != 13 or declarer is None:
        return tuple(tricks), None
    return tuple(tricks), winners.count(declarer) + winners.count((declarer + 2) & 3)


_SEAT_OF = {direction.letter: direction for direction in Direction}
_LEFT = tuple(direction.left for direction in Direction)


def _seat(text: str, refuse: Refuse) -> Direction:
    try:
        return Direction.parse(text.strip())
    except CardError as error:
        raise refuse("Play", error.problem) from None


def _play_cards(text: str, lines: Callable[[], list[tuple[str, int]]], refuse: Refuse) -> list[int]:
    """The cards of a play section, annotations and revoke marks skipped (the play shows
    its revokes), up to a card unknown or to come ('-'), or to '*' or '+'."""
    columns = _in_columns(text.replace("^R ", "") if "^" in text else text)
    if columns is not None:
        return columns  # cards alone, and revokes marked, as export writes them
    cards: list[int | None] = []
    number = _CARD_NUMBER.get
    for words, line in lines():
        for token in words.split():
            index = number(token)
            if index is not None:
                cards.append(index)
                continue
            if token in ("*", "+"):
                return _to_the_first_unknown(cards)
            if token == "-":
                cards.append(None)
            elif token.startswith("^L"):
                raise refuse(
                    "Play",
                    "a lead out of turn (^L) is not read: the tricks would not follow from "
                    "the leads",
                    line=line,
                )
            elif not (_NAG.fullmatch(token) or token == "^R"):
                index = number(_SUFFIX.sub("", token.removeprefix("^R")))
                if index is None:
                    raise refuse("Play", f'{token[:20]!r} is not a card ("SA", "HT")', line=line)
                cards.append(index)
    return _to_the_first_unknown(cards)


def _to_the_first_unknown(cards: list[int | None]) -> list[int]:
    whole = cards[: cards.index(None)] if None in cards else cards
    return whole  # type: ignore[return-value]  # no None before the first


def _in_columns(text: str) -> list[int] | None:
    """The cards of a play written as export writes it, each card two letters and one
    space or newline after it ("\nSA S2 S3 S4\nHK …"), read a whole section at a time:
    each card's suit is every third character, its rank the next. None if it is written
    otherwise."""
    data = text.encode("latin-1", errors="replace")
    suits, ranks = data[1::3].translate(_SUIT_CODES), data[2::3].translate(_RANK_CODES)
    if (
        data[:1] != b"\n"
        or len(suits) != len(ranks)
        or _NOT_A_CODE in suits
        or _NOT_A_CODE in ranks
        or data[3::3].translate(None, b" \n")
    ):
        return None
    return list(map(add, suits, ranks))


# Each suit's letter to its first card's number, each rank's to its place in the suit, in
# upper case and in the lower case PBN allows on import; anything else to _NOT_A_CODE.
_NOT_A_CODE = 255
_SUIT_CODES = bytes(
    13 * "SHDC".index(chr(byte).upper()) if chr(byte) in "SHDCshdc" else _NOT_A_CODE
    for byte in range(256)
)
_RANK_CODES = bytes(
    "23456789TJQKA".index(chr(byte).upper()) if chr(byte) in "23456789TJQKAtjqka" else _NOT_A_CODE
    for byte in range(256)
)
# Each card's name, in PBN's upper case and in the lower case it allows on import.
_CARD_NUMBER = (
    {str(card): card.index for card in CARDS}
    | {str(card).lower(): card.index for card in CARDS}
    | {str(card)[0] + str(card)[1].lower(): card.index for card in CARDS}
    | {str(card)[0].lower() + str(card)[1]: card.index for card in CARDS}
)


_RESULT = re.compile(r"\^?(?:(\d+)|(NS|EW)\s+(\d+)(?:\s+(NS|EW)\s+(\d+))?)", re.IGNORECASE)


def result_of(
    text: str, declarer: Direction | None, played: int | None, refuse: Refuse
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
