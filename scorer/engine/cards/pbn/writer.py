"""Writing boards as PBN 2.1's export format."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from scorer.engine.cards.cards import CARDS
from scorer.engine.cards.errors import PbnError
from scorer.engine.cards.hands import DIRECTIONS, Direction
from scorer.engine.cards.pbn.board import (
    MANDATORY,
    READ_TAGS,
    SEAT_WORDS,
    VULNERABLE,
    Board,
    known_masks,
)
from scorer.engine.cards.play import STRENGTHS, SUIT_OF, TRUMP_SUIT, PlayFault, run_play

HEADER = ("% PBN 2.1", "% EXPORT")
LINE = 255  # PBN 2.3: the most characters a line holds, its CR LF included


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
        "Vulnerable": VULNERABLE.get(text.get("Vulnerable", "None").lower(), "None"),
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
        name: value for name, value in board.tags if name not in MANDATORY and name not in READ_TAGS
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
    masks = known_masks(board.hands)
    if masks is not None:
        try:
            winners, revokes = run_play(masks, first, trump, order)
        except PlayFault as fault:
            raise PbnError(fault.words(SEAT_WORDS), board=board.number, tag="Play") from None
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
