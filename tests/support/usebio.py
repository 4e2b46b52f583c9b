"""USEBIO 1.2 as the tests read it, independently of the site's writer: the structure its
definition and the files of the programs that write it show, checked element by element;
and a reader, written from that structure with xml.etree, giving the pairs, their
players and numbers, the places and scores, and each board's traveller lines.

The DTD's text (usebio_v1_2.dtd, which every file names in its DOCTYPE) could be found in
no public repository, so the structure here is the one the real files show, read from:
- Compscore3's files, as the ABF's Cobalt reads them (abftech/cobalt,
  results/tests/test_files/mp_pairs_howell.xml, mp_pairs_mitchell.xml,
  butler_howell.xml, cross_imp_howell.xml, at e6219726);
- scorer-to-usebio's, Bridge NZ's converter (duaneg/scorer-to-usebio,
  tests/integration_tests/converted/pairs.xml, three_quarter_howell_with_phantom.xml, at
  1888aeae);
and Cobalt's and ImportUsebio's readers (abftech/cobalt results/views/usebio.py;
marcshearer/ImportUsebio ImportUsebio/Shared/Usebio Parser.swift): one EVENT holding
PARTICIPANTS and a BOARD a board, the HANDSET beside it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from decimal import Decimal

# Each element the files hold: the children it must have, those it may have, and those it
# may have many of (the readers take a PAIR's two PLAYERs, a BOARD's lines, as lists).
# An element not named here holds text alone.
STRUCTURE: dict[str, tuple[set[str], set[str], set[str]]] = {
    "USEBIO": ({"EVENT"}, {"CLUB", "HANDSET"}, set()),
    "CLUB": ({"CLUB_NAME"}, {"CLUB_ID_NUMBER"}, set()),
    "EVENT": (  # its PARTICIPANTS and BOARDs, or a SECTION of them each (checked below)
        set(),
        {
            "PARTICIPANTS",
            "EVENT_IDENTIFIER",
            "EVENT_DESCRIPTION",
            "PROGRAM_NAME",
            "PROGRAM_VERSION",
            "WINNER_TYPE",
            "TITLE",
            "DATE",
            "VENUE",
            "MASTER_POINT_SCALE",
            "MASTER_POINT_TYPE",
            "MPS_AWARDED_FLAG",
            "SESSION_COUNT",
            "SECTION_COUNT",
            "P2P_CHARGE_RATE",
            "SCORING_METHOD",
            "BOARD_SCORING_METHOD",
            "BOARDS_PLAYED",
            "CONTACT",
        },
        {"BOARD", "SECTION"},
    ),
    "SECTION": ({"PARTICIPANTS"}, set(), {"BOARD"}),
    "CONTACT": (set(), {"FULL_NAME", "SCORER", "TELEPHONE", "EMAIL"}, set()),
    "PARTICIPANTS": (set(), set(), {"PAIR"}),
    "PAIR": (
        {"PAIR_NUMBER", "PLACE"},
        {
            "DIRECTION",
            "BOARDS_PLAYED",
            "TOTAL_SCORE",
            "PERCENTAGE",
            "MASTER_POINTS",
            "MASTER_POINTS_AWARDED",
            "MASTER_POINT_TYPE",
            "HANDICAP",
            "ADJUSTMENT",
        },
        {"PLAYER"},
    ),
    "MASTER_POINTS": ({"MASTER_POINTS_AWARDED"}, {"MASTER_POINT_TYPE"}, set()),
    "PLAYER": ({"PLAYER_NAME"}, {"NATIONAL_ID_NUMBER", "CLUB_ID_NUMBER"}, set()),
    "BOARD": ({"BOARD_NUMBER"}, {"BOARD_AVERAGE"}, {"TRAVELLER_LINE", "HAND"}),
    "TRAVELLER_LINE": (
        {"NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "SCORE"},
        {
            "CONTRACT",
            "PLAYED_BY",
            "LEAD",
            "TRICKS",
            *(
                f"{line}_{points}"
                for line in ("NS", "EW")
                for points in ("MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMP_POINTS")
            ),
        },
        set(),
    ),
    "HANDSET": (set(), set(), {"BOARD"}),
    "HAND": ({"DIRECTION", "CLUBS", "DIAMONDS", "HEARTS", "SPADES"}, set(), set()),
}
POINTS = ("MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMP_POINTS")
SCORE = re.compile(r"^(-?\d+|A\d{4})$")  # points, or an artificial score: A5050


class NotUsebio(AssertionError):
    """The file departs from the structure, at the place named."""


def check_structure(data: bytes) -> ET.Element:
    """The file's root, once every element is found where the structure puts it, with the
    children it must have; NotUsebio naming the first that is not."""
    root = ET.fromstring(data)
    if root.tag != "USEBIO" or root.get("Version") != "1.2":
        raise NotUsebio(f"the root is <{root.tag} Version={root.get('Version')!r}>")
    _check(root, "USEBIO")
    event = root.find("EVENT")
    assert event is not None
    if not event.get("EVENT_TYPE"):
        raise NotUsebio("EVENT has no EVENT_TYPE")
    if (event.find("PARTICIPANTS") is None) == (event.find("SECTION") is None):
        raise NotUsebio("EVENT holds its PARTICIPANTS or its SECTIONs, one of the two")
    for pair in event.iter("PAIR"):
        if len(pair.findall("PLAYER")) != 2:
            raise NotUsebio(f"pair {pair.findtext('PAIR_NUMBER')} has not two players")
    for line in event.iter("TRAVELLER_LINE"):
        score = line.findtext("SCORE") or ""
        if not SCORE.match(score):
            raise NotUsebio(f"a line's SCORE is {score!r}")
        kinds = {child.tag[3:] for child in line if child.tag[3:] in POINTS}
        if len(kinds) != 1 or any(
            line.find(f"{d}_{k}") is None for k in kinds for d in ("NS", "EW")
        ):
            raise NotUsebio(
                f"a line of pairs {line.findtext('NS_PAIR_NUMBER')} and "
                f"{line.findtext('EW_PAIR_NUMBER')} gives not one kind of points for both"
            )
    return root


def _check(element: ET.Element, where: str) -> None:
    shape = STRUCTURE.get(element.tag)
    if shape is None:
        if len(element):
            raise NotUsebio(f"{where} holds text alone, not <{element[0].tag}>")
        return
    required, optional, many = shape
    if (element.text or "").strip():
        raise NotUsebio(f"{where} holds elements, not text")
    seen: dict[str, int] = {}
    for child in element:
        if child.tag not in required | optional | many:
            raise NotUsebio(f"{where} has no <{child.tag}>")
        seen[child.tag] = seen.get(child.tag, 0) + 1
        if seen[child.tag] > 1 and child.tag not in many:
            raise NotUsebio(f"{where} has <{child.tag}> twice")
        _check(child, f"{where}/{child.tag}")
    missing = required - set(seen)
    if missing:
        raise NotUsebio(f"{where} lacks <{min(missing)}>")


# -- The reader -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadPlayer:
    name: str
    number: str | None  # NATIONAL_ID_NUMBER, None when the file gives none


@dataclass(frozen=True)
class ReadPair:
    number: str
    direction: str  # "NS", "EW", or "" (a Howell's)
    players: tuple[ReadPlayer, ...]
    place: int
    total: Decimal | None
    percentage: Decimal | None
    boards: int | None


@dataclass(frozen=True)
class ReadLine:
    board: int
    ns: str
    ew: str
    contract: str | None
    played_by: str | None
    tricks: str | None  # "9", as the programs write them ("+2" in some)
    score: str
    points: tuple[Decimal, Decimal]  # North–South's and East–West's on the board
    kind: str  # "MATCH_POINTS", "BUTLER_POINTS", …


@dataclass(frozen=True)
class Read:
    club: str | None
    event_type: str
    description: str | None
    date: str | None
    scoring: str | None  # BOARD_SCORING_METHOD
    winner_type: str | None
    pairs: dict[str, ReadPair]
    lines: tuple[ReadLine, ...]
    averages: dict[int, Decimal]  # BOARD_AVERAGE, by board
    hands: dict[int, dict[str, tuple[str, str, str, str]]]  # spades, hearts, diamonds, clubs


def read_usebio(data: bytes) -> Read:
    """A USEBIO file read as the programs that take one read it."""
    root = check_structure(data)
    event = root.find("EVENT")
    assert event is not None
    pairs = {}
    for pair in [*event.findall("PARTICIPANTS/PAIR"), *event.findall("SECTION/PARTICIPANTS/PAIR")]:
        number = _text(pair, "PAIR_NUMBER")
        assert number is not None
        players = tuple(
            ReadPlayer(_text(player, "PLAYER_NAME") or "", _text(player, "NATIONAL_ID_NUMBER"))
            for player in pair.findall("PLAYER")
        )
        boards = _text(pair, "BOARDS_PLAYED")
        pairs[number] = ReadPair(
            number=number,
            direction=_text(pair, "DIRECTION") or "",
            players=players,
            place=int((_text(pair, "PLACE") or "").rstrip("=")),
            total=_decimal(_text(pair, "TOTAL_SCORE")),
            percentage=_decimal(_text(pair, "PERCENTAGE")),
            boards=None if boards is None else int(boards),
        )
    lines = []
    averages = {}
    for board in [*event.findall("BOARD"), *event.findall("SECTION/BOARD")]:
        number = int(_text(board, "BOARD_NUMBER") or "")
        average = _decimal(_text(board, "BOARD_AVERAGE"))
        if average is not None:
            averages[number] = average
        for line in board.findall("TRAVELLER_LINE"):
            kind = next(k for k in POINTS if line.find(f"NS_{k}") is not None)
            ns_points, ew_points = (_decimal(_text(line, f"{d}_{kind}")) for d in ("NS", "EW"))
            assert ns_points is not None
            assert ew_points is not None
            lines.append(
                ReadLine(
                    board=number,
                    ns=_text(line, "NS_PAIR_NUMBER") or "",
                    ew=_text(line, "EW_PAIR_NUMBER") or "",
                    contract=_text(line, "CONTRACT"),
                    played_by=_text(line, "PLAYED_BY"),
                    tricks=_text(line, "TRICKS"),
                    score=_text(line, "SCORE") or "",
                    points=(ns_points, ew_points),
                    kind=kind,
                )
            )
    hands = {}
    for board in root.findall("HANDSET/BOARD"):
        hands[int(_text(board, "BOARD_NUMBER") or "")] = {
            _text(hand, "DIRECTION") or "": tuple(
                _text(hand, suit) or "" for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
            )
            for hand in board.findall("HAND")
        }
    return Read(
        club=_text(root, "CLUB/CLUB_NAME"),
        event_type=event.get("EVENT_TYPE", ""),
        description=_text(event, "EVENT_DESCRIPTION"),
        date=_text(event, "DATE"),
        scoring=_text(event, "BOARD_SCORING_METHOD"),
        winner_type=_text(event, "WINNER_TYPE"),
        pairs=pairs,
        lines=tuple(lines),
        averages=averages,
        hands=hands,
    )


def _text(element: ET.Element, path: str) -> str | None:
    found = element.find(path)
    return None if found is None else (found.text or "").strip()


def _decimal(text: str | None) -> Decimal | None:
    return None if text is None or text == "" else Decimal(text)
