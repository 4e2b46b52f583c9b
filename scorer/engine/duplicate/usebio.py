"""A Duplicate evening's results as USEBIO 1.2, the XML a national body's results and
masterpoint software reads (the EBU's and the ABF's; BridgeWebs, Pianola and the ABF's
Cobalt read it): the club, the event and its scoring, each pair with its players and
their national numbers, every board's traveller lines, the rankings, and the boards'
hands when known (docs/duplicate.md#results-for-a-national-body-usebio).

Written as the files of the programs that read and write it are (Compscore's, which
Cobalt reads): one EVENT holding the PARTICIPANTS and a BOARD a board, the HANDSET beside
it. 1905 says what the modern format cannot, so:

- **Matchpoints** are an `MP_PAIRS` event scored by `MATCH_POINTS`: §11's are the modern
  ones (2 a pair beaten, 1 a tie), each line's in `NS_MATCH_POINTS` and `EW_MATCH_POINTS`,
  each pair's total in `TOTAL_SCORE` and its `PERCENTAGE`.
- **Against the average** is a `BUTLER_PAIRS` event: each result compared with a datum,
  the datum the board's average (`BOARD_AVERAGE`, North–South's average net; East–West's
  is its negative), each line's score against it in `NS_BUTLER_POINTS` and
  `EW_BUTLER_POINTS`. The period had no IMP scale: the scores are points, and no
  `BOARD_SCORING_METHOD` is written, none of USEBIO's being points against an average.
- **A line**: `SCORE` is North–South's net (their points less East–West's), as a modern
  traveller's is North–South's score; `PLAYED_BY` the dealer, who plays the hand in 1905
  (his partner's the dummy); `TRICKS` the dealer's side's; `CONTRACT` the declaration,
  there being no bidding and so no level: the trump (`S`, `H`, `D`, `C`, `NT`) and an `X`
  a double. A board the pairs could not play is an artificial score, `A5050` (each its
  direction's average), with no contract.
- **Places** are whole numbers, a shared place given to each pair sharing it (the readers
  read a number); a Mitchell's two rankings are two winners (`WINNER_TYPE` 2), a Howell's
  one (1).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from scorer.engine.cards import DIRECTIONS, Hand
from scorer.engine.duplicate.evening import DuplicateScore, ResultScore, Standing
from scorer.engine.duplicate.interchange import figure
from scorer.engine.duplicate.model import Board, Comparison, Evening, Line, MovementKind, Result

VERSION = "1.2"
DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
PROGRAM = "Bridge scorer (the Laws of 1905)"
EVENT_TYPE = {Comparison.MATCHPOINTS: "MP_PAIRS", Comparison.AVERAGE: "BUTLER_PAIRS"}
POINTS = {Comparison.MATCHPOINTS: "MATCH_POINTS", Comparison.AVERAGE: "BUTLER_POINTS"}
NOT_PLAYED = "A5050"  # an artificial score: each direction its average
DIRECTION = {Line.NS: "NS", Line.EW: "EW", None: ""}


@dataclass(frozen=True, slots=True)
class Player:
    """A player as the file names him: his name, and his national body's membership
    number when he has one (a guest, or a member without one, has none)."""

    name: str
    national_number: str = ""


def evening_usebio(
    *,
    club: str,
    title: str,
    day: date,
    evening: Evening,
    score: DuplicateScore,
    players: Mapping[int, tuple[Player, Player]],
) -> bytes:
    """The evening's results as a USEBIO 1.2 file, UTF-8. `players` gives each pair's two
    by number; a pair it leaves out is named as the evening names it, without numbers."""
    root = ET.Element("USEBIO", Version=VERSION)
    ET.SubElement(root, "CLUB").append(_text("CLUB_NAME", club))
    root.append(_event(title, day, evening, score, players))
    handset = _handset(evening.boards)
    if handset is not None:
        root.append(handset)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()


def _event(
    title: str,
    day: date,
    evening: Evening,
    score: DuplicateScore,
    players: Mapping[int, tuple[Player, Player]],
) -> ET.Element:
    comparison = evening.rules.comparison
    event = ET.Element("EVENT", EVENT_TYPE=EVENT_TYPE[comparison])
    mitchell = evening.rules.movement is MovementKind.MITCHELL
    for name, value in (
        ("EVENT_DESCRIPTION", title),
        ("PROGRAM_NAME", PROGRAM),
        ("DATE", day.strftime("%d/%m/%Y")),
        ("BOARD_SCORING_METHOD", "MATCH_POINTS" if comparison is Comparison.MATCHPOINTS else ""),
        ("WINNER_TYPE", "2" if mitchell else "1"),
        ("SESSION_COUNT", "1"),
        ("SECTION_COUNT", "1"),
    ):
        if value:
            event.append(_text(name, value))
    participants = ET.SubElement(event, "PARTICIPANTS")
    for standing in score.standings:
        participants.append(_pair(standing, _players_of(standing.pair, evening, players)))
    points = POINTS[comparison]
    for traveller in score.travellers:
        if not traveller.results:
            continue
        board = ET.SubElement(event, "BOARD")
        board.append(_text("BOARD_NUMBER", str(traveller.board.number)))
        if comparison is Comparison.AVERAGE and traveller.average is not None:
            board.append(_text("BOARD_AVERAGE", _figure(traveller.average.ns)))
        for row in traveller.results:
            board.append(_line(traveller.board, row, points))
    return event


def _players_of(
    pair: int, evening: Evening, players: Mapping[int, tuple[Player, Player]]
) -> tuple[Player, Player]:
    if pair in players:
        return players[pair]
    first, second = evening.pairs[pair - 1] if pair <= len(evening.pairs) else ("?", "?")
    return Player(first), Player(second)


def _pair(standing: Standing, players: tuple[Player, Player]) -> ET.Element:
    pair = ET.Element("PAIR")
    pair.append(_text("PAIR_NUMBER", str(standing.pair)))
    pair.append(_text("DIRECTION", DIRECTION[standing.direction]))
    pair.append(_text("BOARDS_PLAYED", str(standing.boards)))
    pair.append(_text("TOTAL_SCORE", _total(standing.score)))
    if standing.percent is not None:
        pair.append(_text("PERCENTAGE", _total(standing.percent)))
    pair.append(_text("PLACE", str(standing.place)))
    for player in players:
        element = ET.SubElement(pair, "PLAYER")
        element.append(_text("PLAYER_NAME", player.name))
        if player.national_number:
            element.append(_text("NATIONAL_ID_NUMBER", player.national_number))
    return pair


def _line(board: Board, row: ResultScore, points: str) -> ET.Element:
    line = ET.Element("TRAVELLER_LINE")
    line.append(_text("NS_PAIR_NUMBER", str(row.ns)))
    line.append(_text("EW_PAIR_NUMBER", str(row.ew)))
    recorded, deal, net = row.recorded, row.deal, row.net
    play = None if deal is None else deal.play
    if isinstance(recorded, Result) and play is not None and net is not None:
        line.append(_text("CONTRACT", contract(recorded)))
        line.append(_text("PLAYED_BY", board.dealer.letter))
        line.append(_text("TRICKS", str(play.tricks[board.dealing_line.side])))
        line.append(_text("SCORE", str(net.ns)))
    else:
        line.append(_text("SCORE", NOT_PLAYED))
    line.append(_text(f"NS_{points}", _figure(row.score.ns)))
    line.append(_text(f"EW_{points}", _figure(row.score.ew)))
    return line


def contract(result: Result) -> str:
    """The declaration as a contract without a level: "H", "NT", "SX" (doubled), "SXX"."""
    return f"{result.trump.value}{'X' * result.doubles}"


def _handset(boards: tuple[Board, ...]) -> ET.Element | None:
    """Each board's four hands when known, by the compass, each suit's cards high to low."""
    known = [board for board in boards if board.hands is not None]
    if not known:
        return None
    handset = ET.Element("HANDSET")
    for board in known:
        assert board.hands is not None
        element = ET.SubElement(handset, "BOARD")
        element.append(_text("BOARD_NUMBER", str(board.number)))
        for direction, hand in zip(DIRECTIONS, board.hands, strict=True):
            element.append(_hand(direction.label, hand))
    return handset


def _hand(direction: str, hand: Hand) -> ET.Element:
    spades, hearts, diamonds, clubs = str(hand).split(".")
    element = ET.Element("HAND")
    element.append(_text("DIRECTION", direction))
    for name, cards in (
        ("CLUBS", clubs),
        ("DIAMONDS", diamonds),
        ("HEARTS", hearts),
        ("SPADES", spades),
    ):
        element.append(_text(name, cards))
    return element


def _text(name: str, value: str) -> ET.Element:
    element = ET.Element(name)
    element.text = value
    return element


def _figure(value: Fraction) -> str:
    """A figure as the engine writes it: rounded to two places, a whole number as one."""
    return str(figure(value))


def _total(value: Fraction) -> str:
    """A total or a percentage as the programs write them, to two places: "162.60"."""
    return f"{Decimal(str(figure(value))):.2f}"
