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
    Kept,
    contract_text,
    known_masks,
)
from scorer.engine.cards.pbn.lexer import LINE, unescape
from scorer.engine.cards.pbn.play_section import result_of
from scorer.engine.cards.pbn.values import read_contract, read_seat
from scorer.engine.cards.play import STRENGTHS, SUIT_OF, TRUMP_SUIT, PlayFault, run_play

HEADER = ("% PBN 2.1", "% EXPORT")


def pbn_text(boards: Iterable[Board]) -> str:
    """The boards as PBN 2.1's export format, CR LF ending every line."""
    lines = list(HEADER)
    for number, board in enumerate(boards):
        if number:
            lines.append("")
        try:
            lines += _board_lines(board)
        except PbnError as error:
            if error.board is not None:
                raise
            # a board without a number, placed by its game
            raise PbnError(error.problem, game=number + 1, tag=error.tag) from None
    return "\r\n".join(lines) + "\r\n"


def pbn_bytes(boards: Iterable[Board]) -> bytes:
    """The boards as a PBN file: ISO 8859-1, PBN's character set; a character it cannot
    write is written '?', as PBN asks of a program that cannot show one (PBN 2.2)."""
    return pbn_text(boards).encode("latin-1", errors="replace")


def _board_lines(board: Board) -> list[str]:
    text = dict(board.tags)
    elwell = _elwell_tags(board)
    # What came as it came, unless the board's text now says otherwise.
    kept = [
        block
        for block in board.kept
        if block.name not in elwell
        and (block.name not in text or text[block.name] == unescape(block.value))
    ]
    came = {block.name: block for block in kept}
    dealer = board.dealer
    deal_first = dealer if dealer is not None else Direction.NORTH
    worked_out = {
        "Board": "?" if board.number is None else str(board.number),
        "Dealer": "?" if dealer is None else dealer.letter,
        "Vulnerable": VULNERABLE.get(text.get("Vulnerable", "None").lower(), "None"),
        "Deal": _deal_text(board, deal_first),
        "Declarer": "" if board.declarer is None else board.declarer.letter,
        "Contract": _contract_text(board),
        "Result": "" if board.result is None else str(board.result),
    }
    lines = []
    for name in MANDATORY:
        if name in came and _as_it_came(board, came[name]):
            lines += _kept_lines(board, came[name])
        elif name in worked_out:
            lines.append(_tag_line(board, name, worked_out[name]))
        else:
            lines.append(_tag_line(board, name, text.get(name, "")))
    supplemental = [
        (name, [_tag_line(board, name, value)])
        for name, value in board.tags
        if name not in MANDATORY and name not in READ_TAGS and name not in came
    ]
    supplemental += [(name, [_tag_line(board, name, value)]) for name, value in elwell.items()]
    # As BridgeComposer writes them: the tags of a line each, then the auction, the play
    # and its notes, then the tables (the sections of other tags), each set by name.
    supplemental += [
        (block.name, _kept_lines(board, block))
        for block in kept
        if not (block.lines or block.name in MANDATORY or block.name in _SECTIONS)
    ]
    supplemental.sort(key=lambda tag: tag[0])
    for _, tag_lines in supplemental:
        lines += tag_lines
    if "Auction" in came:
        lines += _kept_lines(board, came["Auction"])
    lines += _play_lines(board) if "Play" not in came else _kept_lines(board, came["Play"])
    for block in kept:
        if block.name == "Note":  # a note of the play, after it
            lines += _kept_lines(board, block)
    tables = [block for block in kept if block.lines and block.name not in _SECTIONS]
    for block in sorted(tables, key=lambda block: block.name):
        lines += _kept_lines(board, block)
    return lines


_SECTIONS = frozenset({"Auction", "Play", "Note"})


def _as_it_came(board: Board, block: Kept) -> bool:
    """Whether a board's Declarer, Contract or Result is written as it came ("5SX", "NS 9
    EW 4", "?"): while it says what the board holds, or all the board has of it."""
    said = {
        "Declarer": board.declarer,
        "Contract": None if board.trump is None else (board.trump, min(board.doubles, 2)),
        "Result": board.result,
    }[block.name]
    if said is None:
        return True  # it came, and could not be read, or says nothing
    try:
        if block.name == "Declarer":
            return (
                read_seat({"Declarer": block.value}, "Declarer", _not_read, irregular=True) == said
            )
        if block.name == "Contract":
            return read_contract(block.value, _not_read) == said
        return result_of(block.value, board.declarer, None, _not_read) == said
    except PbnError:
        return False


def _not_read(name: str, problem: str, /, *, line: int | None = None) -> PbnError:
    return PbnError(problem, tag=name, line=line)


def _kept_lines(board: Board, block: Kept) -> list[str]:
    """A tag and its section as they came, each line within PBN's length."""
    lines = [f'[{block.name} "{block.value}"]', *block.lines]
    for line in lines:
        if len(line) + 2 > LINE:
            raise PbnError(
                f"a line is too long for PBN ({len(line) + 2} characters; at most {LINE})",
                board=board.number,
                tag=block.name,
            )
    return lines


def _deal_text(board: Board, first: Direction) -> str:
    hands = []
    for offset in range(4):
        hand = board.hands[(first + offset) % 4]
        hands.append("-" if hand is None else str(hand))
    return f"{first.letter}:{' '.join(hands)}"


def _contract_text(board: Board) -> str:
    return "" if board.trump is None else contract_text(board.trump, board.doubles)


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
    names = _NAMES
    for number in range(len(board.play)):
        played = [names[card] for card in order[4 * number : 4 * number + 4]]
        if revoking:
            for turn in range(4):
                if (number + 1, order[4 * number + turn]) in revoking:
                    played[turn] = "^R " + played[turn]
        column = (leader - first) & 3  # the leader's column: the row is from the first seat
        lines.append(" ".join(played[-column:] + played[:-column] if column else played))
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
    if not value.isprintable() and _CONTROL.search(value):
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
