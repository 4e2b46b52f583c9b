"""Hand records and curtain cards read back from their PDF by where each text stands on the
page, and what a board's should say worked out here on its own from the cards, as a
person reading Elwell's diagrams would: who sits where, each suit's cards, the honours."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

from pypdf import PdfReader

from scorer.engine.cards import Board, Direction, Hand, Suit

SEAT = re.compile(
    r"^(?:(?P<letter>[ZAYB])(?: \(dealer\))?, )?(?P<direction>North|East|South|West)"
    r"(?: \(dealer\))?$"
)
TITLE = re.compile(r"^Board (\d+)$")
ELWELL_SUITS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
COMPASS_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True)
class Run:
    """A run of text as drawn: where it starts on its page, in points from the foot."""

    text: str
    x: float
    y: float


def pages(pdf: bytes) -> list[list[Run]]:
    """Every run of text on each page, each line of a run on its own."""
    found: list[list[Run]] = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        runs: list[Run] = []

        def visit(text, cm, tm, font, size, runs=runs):
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            for line in text.split("\n"):
                if line.strip():
                    runs.append(Run(" ".join(line.split()), x, y))

        page.extract_text(visitor_text=visit)
        found.append(runs)
    return found


def lines_at(runs: list[Run], x: float, below: float, count: int, width: float) -> list[str]:
    """The `count` lines that start at `x` under the height `below`, each with the runs
    that follow it on its line within `width`."""
    starts = sorted(
        (run for run in runs if abs(run.x - x) < 1 and run.y < below - 1),
        key=lambda run: -run.y,
    )[:count]
    said = []
    for start in starts:
        parts = sorted(
            (r for r in runs if abs(r.y - start.y) < 1 and x - 1 < r.x < x + width),
            key=lambda r: r.x,
        )
        said.append(" ".join(r.text for r in parts).replace("  ", " "))
    return said


@dataclass
class DrawnHand:
    label: str
    x: float
    y: float
    lines: list[str]


@dataclass
class DrawnBoard:
    """A board as a hand record drew it: on which page, its hands by where they stand on
    the page (top, left, right, foot), and the lines of its honours."""

    number: int
    page: int
    dealer: str
    hands: dict[str, DrawnHand] = field(default_factory=dict)
    honours_head: str = ""
    honours: list[str] = field(default_factory=list)
    double_dummy: str = ""  # what the cards allowed (§12), the line under the honours


BOARD_WIDTH = 250  # points: a board is half the page's width
HONOURS_HEIGHT = 80  # points: a board's honours, five trumps and a chicane's line or two


def drawn_boards(pdf: bytes) -> dict[int, DrawnBoard]:
    """Each board of a hand record's PDF, found by its title; its hands by their labels,
    placed by where they stand."""
    boards: dict[int, DrawnBoard] = {}
    for number, runs in enumerate(pages(pdf), 1):
        titles = [run for run in runs if TITLE.match(run.text)]
        for title in titles:
            own = [run for run in runs if _board_of(run, titles) is title]
            board = DrawnBoard(int(TITLE.match(title.text)[1]), number, "")  # type: ignore[index]
            board.dealer = next(r.text for r in own if r.text.startswith("Dealer: "))
            labels = [run for run in own if SEAT.match(run.text)]
            assert len(labels) == 4, f"board {board.number}: {[r.text for r in labels]}"
            by_height = sorted(labels, key=lambda run: -run.y)
            top, middle, foot = by_height[0], by_height[1:3], by_height[3]
            left, right = sorted(middle, key=lambda run: run.x)
            for place, label in zip(
                ("top", "left", "right", "foot"), (top, left, right, foot), strict=True
            ):
                lines = lines_at(own, label.x, label.y, 4, 80)
                board.hands[place] = DrawnHand(label.text, label.x, label.y, lines)
            head = next(run for run in own if run.text.endswith("Score"))
            board.honours_head = head.text
            rows = sorted(
                (r for r in own if head.y - HONOURS_HEIGHT < r.y < head.y - 1 and r.x > head.x - 1),
                key=lambda run: (-run.y, run.x),
            )
            board.honours = [run.text for run in rows if not run.text.startswith("Double dummy")]
            board.double_dummy = next(
                (run.text for run in own if run.text.startswith("Double dummy: ")), ""
            )
            boards[board.number] = board
    return boards


def _board_of(run: Run, titles: list[Run]) -> Run | None:
    """The board a run belongs to: the nearest title above it in its column (a hand at
    the top stands a little higher than the title beside it)."""
    column = [t for t in titles if t.x - 1 <= run.x < t.x + BOARD_WIDTH]
    above = [t for t in column if t.y >= run.y - 8]
    return min(above, key=lambda t: t.y) if above else None


@dataclass
class DrawnCard:
    number: int
    page: int
    direction: str
    role: str
    lines: list[str]


CARD_WIDTH = 240  # points: a card is a little less than half the page's width


def drawn_cards(pdf: bytes) -> list[DrawnCard]:
    """Each curtain card of a PDF, in the order of its pages, row by row."""
    cards = []
    for number, runs in enumerate(pages(pdf), 1):
        titles = sorted(
            (run for run in runs if TITLE.match(run.text)), key=lambda r: (-round(r.y), r.x)
        )
        for title in titles:
            own = [r for r in runs if title.x - 1 <= r.x < title.x + CARD_WIDTH]
            beside = [r for r in own if abs(r.y - title.y) < 3 and r.x > title.x]
            direction = next(r.text for r in beside if SEAT.match(r.text))
            role, *lines = lines_at(own, title.x, title.y, 5, CARD_WIDTH)
            cards.append(
                DrawnCard(int(TITLE.match(title.text)[1]), number, direction, role, lines)  # type: ignore[index]
            )
    return cards


# -- What a board should show, worked out here -------------------------------------------

LETTERS = "ZAYB"  # Elwell's, round the table to the left from the dealer


def suit_lines(hand: Hand, suits: tuple[Suit, ...]) -> list[str]:
    """A hand's suits as a hand record prints them: "♠ A K 10 4", a void "♠ —"."""
    said = []
    for suit in suits:
        ranks = [
            "10" if card.rank.letter == "T" else card.rank.letter
            for card in hand
            if card.suit is suit
        ]
        said.append(f"{suit.symbol} {' '.join(ranks) or '\u2014'}")
    return said


def expected_hands(board: Board, layout: str) -> dict[str, tuple[str, list[str]]]:
    """Each place's label and lines: Elwell's Y at the top, A left, B right, the dealer Z
    at the foot; or North at the top, West left, East right, South at the foot."""
    dealer = board.dealer
    assert dealer is not None
    if layout == "elwell":
        seats = {"top": 2, "left": 1, "right": 3, "foot": 0}  # places from the dealer
        found = {}
        for place, turn in seats.items():
            direction = Direction((dealer + turn) % 4)
            letter = LETTERS[turn] + (" (dealer)" if turn == 0 else "")
            hand = board.hand(direction)
            assert hand is not None
            found[place] = (f"{letter}, {direction.label}", suit_lines(hand, ELWELL_SUITS))
        return found
    places = {
        "top": Direction.NORTH,
        "left": Direction.WEST,
        "right": Direction.EAST,
        "foot": Direction.SOUTH,
    }
    found = {}
    for place, direction in places.items():
        hand = board.hand(direction)
        assert hand is not None
        name = direction.label + (" (dealer)" if direction is dealer else "")
        found[place] = (name, suit_lines(hand, COMPASS_SUITS))
    return found


def honours_counts(board: Board, layout: str) -> list[str]:
    """Each trump's honours in each hand, spades, clubs, diamonds, hearts, no-trump, in
    the columns' order (Elwell's Z Y A B, or N S E W), "void" for a hand with no trump."""
    dealer = board.dealer
    assert dealer is not None
    if layout == "elwell":
        order = [Direction((dealer + turn) % 4) for turn in (0, 2, 1, 3)]
    else:
        order = [Direction.NORTH, Direction.SOUTH, Direction.EAST, Direction.WEST]
    rows = []
    for trump in ("S", "C", "D", "H", "NT"):
        cells = []
        for direction in order:
            hand = board.hand(direction)
            assert hand is not None
            if trump == "NT":
                cells.append(str(sum(card.rank.letter == "A" for card in hand)))
                continue
            trumps = [card for card in hand if card.suit.letter == trump]
            honours = sum(card.rank.letter in "AKQJT" for card in trumps)
            cells.append(str(honours) if trumps else "void")
        rows.append(" ".join(cells))
    return rows
