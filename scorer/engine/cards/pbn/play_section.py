"""Reading a PBN game's play section into its tricks, and its Result checked against the play."""

from __future__ import annotations

import re
from itertools import batched

from scorer.engine.cards.cards import CARDS, Card
from scorer.engine.cards.errors import CardError, PbnError
from scorer.engine.cards.hands import Direction
from scorer.engine.cards.pbn.board import SEAT_WORDS, Refuse
from scorer.engine.cards.play import BIT, STRENGTHS, SUIT_OF, TRUMP_SUIT, PlayFault, run_play
from scorer.engine.model import Trump

# The play section as read: the Play tag's value, and its lines with their numbers.
type PlayRead = tuple[str, tuple[list[str], list[int]]]


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
    if None in cards:
        # A card unknown or not yet played: the play stops at the last whole trick.
        cards = cards[: cards.index(None)]
    whole: list[int] = cards[: len(cards) // 4 * 4]  # type: ignore[assignment]
    strengths, suits = STRENGTHS[TRUMP_SUIT[trump]], SUIT_OF
    tricks: list[tuple[Card, ...]] = []
    winners = bytearray()
    leader = int(first)
    # Unrolled: a file of ten thousand played boards has half a million cards to place.
    for a, b, c, d in batched(whole, 4):
        led = (leader - first) & 3  # the leader's column
        strength = strengths[suits[(a, b, c, d)[led]]]
        best, won = strength[a], 0
        if strength[b] > best:
            best, won = strength[b], 1
        if strength[c] > best:
            best, won = strength[c], 2
        if strength[d] > best:
            won = 3
        row = (CARDS[a], CARDS[b], CARDS[c], CARDS[d])
        tricks.append(row[led:] + row[:led])
        leader = (first + won) & 3
        winners.append(leader)
    if masks is not None and _not_held(whole, masks, first, len(winners)):
        # A card its player did not hold, or played twice: named by the careful pass.
        order = [card.index for trick in tricks for card in trick]
        try:
            run_play(masks, first, TRUMP_SUIT[trump], order)
        except PlayFault as fault:
            raise refuse("Play", fault.words(SEAT_WORDS)) from None
    if len(winners) != 13 or declarer is None:
        return tuple(tricks), None
    return tuple(tricks), winners.count(declarer) + winners.count(declarer.left.left)


def _not_held(cards: list[int], masks: list[int], first: int, tricks: int) -> bool:
    """Whether a column of the play (a seat's cards, from the opening leader) holds a card
    its player was not dealt, or a card twice."""
    bits = BIT
    for column in range(4):
        played = 0
        for card in cards[column::4]:
            played |= bits[card]
        if played & ~masks[(first + column) % 4] or played.bit_count() != tricks:
            return True
    return False


def _play_cards(section: tuple[list[str], list[int]]) -> list[int | None]:
    """The card tokens of a play section, annotations and revoke marks skipped (the play
    shows its revokes); None for a card unknown or to come. Stops at '*' or '+'."""
    texts, numbers = section
    tokens = " ".join(texts).split()
    cards: list[int | None] = list(map(_CARD_NUMBER.get, tokens))
    if None not in cards:
        return cards  # cards alone, as export writes them
    if "^R" in tokens:  # and with the revokes marked, as export writes them too
        cards = [_CARD_NUMBER.get(token) for token in tokens if token != "^R"]
        if None not in cards:
            return cards
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
