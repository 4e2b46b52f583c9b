"""What a hand record and a curtain card say of a board (§9): its four hands as a diagram,
each seat named, and the honours and chicane each trump would give, in words.

Two layouts. Elwell's, as his Illustrative Hands draw a deal: the dealer Z at the foot, A
(the leader, on his left) on the left, Y (his partner) at the top, B on the right, the
suits in his order (spades, clubs, diamonds, hearts, their values' order) and each seat's
compass beside its letter, so that a board's hands find their pockets. And the compass, as
duplicate hand records print a board: North at the top, West left, East right, South at
the foot, the suits in PBN's order.

The honours are counted for each trump in §1's order (spades, clubs, diamonds, hearts,
no-trump) by `honours_of` and `chicane_of`, valued by `Honours.of` (the table of Law 6)
and `chicane_value` (Law 9): the side that holds three or more honours scores them, its own
chicane added and the adversaries' taken off (never below nothing). A slam is won in
play, so a hand record cannot count it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scorer.engine.calls import ACES_EASY
from scorer.engine.cards.cards import Rank, Suit
from scorer.engine.cards.hands import Direction, Hand, Hands, Position
from scorer.engine.cards.honours import chicane_of, honours_of, void_by_hand
from scorer.engine.model import Side, Trump
from scorer.engine.values import Honours, chicane_value
from scorer.engine.words import MINUS

# §1's order, the table of Law 6's: each trump by its trick's value.
TRUMPS = (Trump.SPADES, Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS, Trump.NO_TRUMP)
VOID = "\u2014"  # a suit a hand holds no card of: an em dash, as hand records print it
VOID_OF_TRUMPS = "void"  # in the honours' table: a hand with no trump, a chicane
# The honours' table's heads: its first column, the trumps; its last, what they score.
HONOURS_HEAD = "Honours"
SCORE_HEAD = "Score"
HONOURS_KEY = (
    "Honours: A K Q J 10 of the trump, or the aces at no-trump (Law 6); void: no trump, a "
    "chicane (Law 9). A slam, won in play, is not counted."
)


class Layout(StrEnum):
    """How a board's four hands are drawn."""

    ELWELL = "elwell"
    COMPASS = "compass"

    @property
    def label(self) -> str:
        """As a choice: "Elwell's diagram, the dealer Z at the foot"."""
        if self is Layout.ELWELL:
            return "Elwell\u2019s diagram, the dealer Z at the foot"
        return "By the compass, North at the top"

    @property
    def suits(self) -> tuple[Suit, Suit, Suit, Suit]:
        """The suits down a hand: Elwell's diagrams list spades, clubs, diamonds, hearts;
        duplicate hand records, as PBN, spades, hearts, diamonds, clubs."""
        if self is Layout.ELWELL:
            return (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
        return (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

    def drawn(self, dealer: Direction) -> tuple[Direction, Direction, Direction, Direction]:
        """The seats at the top, the left, the right and the foot of the diagram."""
        if self is Layout.ELWELL:
            at = (Position.PARTNER, Position.LEFT, Position.RIGHT, Position.DEALER)
            top, left, right, foot = (position.direction(dealer) for position in at)
            return (top, left, right, foot)
        return (Direction.NORTH, Direction.WEST, Direction.EAST, Direction.SOUTH)

    def letter(self, direction: Direction, dealer: Direction) -> str:
        """A seat's letter in the diagram's middle: Elwell's Z A Y B, or N E S W."""
        if self is Layout.ELWELL:
            return direction.position(dealer).letter
        return direction.letter

    def seat_name(self, direction: Direction, dealer: Direction) -> str:
        """A seat as the diagram heads its hand: "Z (dealer)", "A"; "North (dealer)"."""
        name = self.letter(direction, dealer) if self is Layout.ELWELL else direction.label
        return f"{name} (dealer)" if direction is dealer else name

    def side_name(self, side: Side, dealer: Direction) -> str:
        """A partnership, with the dealer's as We: "Z & Y", "A & B"; "N\u2013S", "E\u2013W"."""
        first = dealer if side is Side.WE else dealer.left
        if self is Layout.ELWELL:
            partner = first.left.left
            return f"{self.letter(first, dealer)} & {self.letter(partner, dealer)}"
        return "N\u2013S" if first in (Direction.NORTH, Direction.SOUTH) else "E\u2013W"


def ranks_text(ranks: Iterable[Rank]) -> str:
    """A suit's cards as a hand record prints them, high to low, the ten written 10, as
    Elwell prints it: "A K 10 4"; a void "—"."""
    said = " ".join("10" if rank is Rank.TEN else rank.letter for rank in ranks)
    return said or VOID


def board_title(number: int) -> str:
    return f"Board {number}"


def dealer_words(dealer: Direction) -> str:
    """ "Dealer: North" """
    return f"Dealer: {dealer.label}"


def boards_named(numbers: Sequence[int]) -> str:
    """A set of boards in a title: "Board 7", "Boards 1 to 36", "5 boards"."""
    if len(numbers) == 1:
        return board_title(numbers[0])
    if list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"Boards {numbers[0]} to {numbers[-1]}"
    return f"{len(numbers)} boards"


@dataclass(frozen=True, slots=True)
class SuitLine:
    """One suit of a hand: its suit, and its cards as printed."""

    suit: Suit
    cards: str


@dataclass(frozen=True, slots=True)
class Seat:
    """A hand in its place: where it is drawn ("top", "left", "right", "foot"), the seat
    by the compass and from the dealer, its name and role in words, and its suits."""

    place: str
    direction: Direction
    position: Position
    name: str  # "Z (dealer)", "North (dealer)"
    compass: str  # beside Elwell's letter, the seat by the compass: "North"; else ""
    letter: str  # in the diagram's middle: "Z", "N"
    role: str  # Elwell's letter and the seat's part, "Z, the dealer"; "" by the compass
    suits: tuple[SuitLine, ...]


PLACES = ("top", "left", "right", "foot")


def seats(hands: Hands, dealer: Direction, layout: Layout) -> tuple[Seat, Seat, Seat, Seat]:
    """The four hands in the diagram's places: top, left, right, foot."""
    by_direction = hands.by_direction(dealer)
    top, left, right, foot = (
        _seat(place, direction, by_direction[direction], dealer, layout)
        for place, direction in zip(PLACES, layout.drawn(dealer), strict=True)
    )
    return (top, left, right, foot)


def curtain_seats(hands: Hands, dealer: Direction, layout: Layout) -> tuple[Seat, Seat, Seat, Seat]:
    """The four hands for curtain cards, by the compass from North, as a board's pockets
    are: each card goes into its seat's pocket."""
    by_direction = hands.by_direction(dealer)
    places = dict(zip(layout.drawn(dealer), PLACES, strict=True))
    north, east, south, west = (
        _seat(places[direction], direction, by_direction[direction], dealer, layout)
        for direction in (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)
    )
    return (north, east, south, west)


def _seat(place: str, direction: Direction, hand: Hand, dealer: Direction, layout: Layout) -> Seat:
    position = direction.position(dealer)
    role = f"{position.letter}, {position.label}" if layout is Layout.ELWELL else ""
    return Seat(
        place=place,
        direction=direction,
        position=position,
        name=layout.seat_name(direction, dealer),
        compass=direction.label if layout is Layout.ELWELL else "",
        letter=layout.letter(direction, dealer),
        role=role,
        suits=tuple(SuitLine(suit, ranks_text(hand.ranks(suit))) for suit in layout.suits),
    )


@dataclass(frozen=True, slots=True)
class TrumpHonours:
    """The honours and chicane of one trump, as the hands would give them: each hand's
    honours (aces at no-trump) and whether it holds no trump, by position from the dealer;
    the side that scores honours (the dealer's side as We), how it holds them and what
    they are worth; each side's hands void of trumps; and what the scoring side takes in
    all, its chicane added and the adversaries' taken off (Laws 6, 9)."""

    trump: Trump
    held: tuple[int, int, int, int]
    void: tuple[bool, bool, bool, bool]
    scorer: Side | None  # None: nobody scores (aces easy)
    honours: Honours | None
    chicane: tuple[int, int]  # the dealer's side's void hands, then the other's

    @property
    def points(self) -> int:
        return 0 if self.honours is None else self.honours.points(self.trump)

    def chicane_of(self, side: Side) -> int:
        return self.chicane[0] if side is Side.WE else self.chicane[1]

    @property
    def added(self) -> int:
        """The scoring side's own chicane: three honours' worth, or four for both hands."""
        if self.scorer is None:
            return 0
        return chicane_value(self.trump, self.chicane_of(self.scorer))

    @property
    def taken_off(self) -> int:
        """The adversaries' chicane, taken off the scoring side's honours."""
        if self.scorer is None:
            return 0
        return chicane_value(self.trump, self.chicane_of(self.scorer.other))

    @property
    def total(self) -> int:
        """What the scoring side takes for honours and chicane: never below nothing (a
        chicane is worth three honours, the least a side scores)."""
        return max(0, self.points + self.added - self.taken_off)

    def words(self, layout: Layout, dealer: Direction) -> tuple[str, ...]:
        """What the honours score, in a line, then a line for each chicane, the last with
        what the side takes in all: ("Z & Y: 4 honours in one hand 64",); ("A & B: 3
        honours 16", "+ chicane 16 = 32"); ("N\u2013S: 4 honours 24", "\u2212 W's chicane 12
        = 12"); ("aces easy",)."""
        if self.scorer is None or self.honours is None:
            return (ACES_EASY,)
        said = [f"{layout.side_name(self.scorer, dealer)}: {self.honours.text} {self.points}"]
        if self.added:
            said.append(f"+ {self._chicane_name(self.scorer, layout, dealer)} {self.added}")
        if self.taken_off:
            theirs = self._chicane_name(self.scorer.other, layout, dealer, whose=True)
            said.append(f"{MINUS} {theirs} {self.taken_off}")
        if len(said) > 1:
            said[-1] += f" = {self.total}"
        return tuple(said)

    def _chicane_name(
        self, side: Side, layout: Layout, dealer: Direction, *, whose: bool = False
    ) -> str:
        """ "chicane", "double chicane"; the adversaries' named by its hand or side:
        "B's chicane", "Z & Y's double chicane"."""
        if self.chicane_of(side) == 2:
            owner = layout.side_name(side, dealer)
            return f"{owner}\u2019s double chicane" if whose else "double chicane"
        if not whose:
            return "chicane"
        first = Position.DEALER if side is Side.WE else Position.LEFT
        voids = [p for p in (first, first.partner) if self.void[p]]
        owner = layout.letter(voids[0].direction(dealer), dealer)
        return f"{owner}\u2019s chicane"


def honours_table(hands: Hands) -> tuple[TrumpHonours, ...]:
    """The honours and chicane for each trump, in §1's order, the dealer's side as We."""
    table = []
    for trump in TRUMPS:
        held = honours_of(hands, trump, Side.WE)
        voids = chicane_of(hands, trump, Side.WE)
        scorer, honours = Side.WE, Honours.of(trump, held.we)
        if honours is None:
            scorer, honours = Side.THEY, Honours.of(trump, held.they)
        table.append(
            TrumpHonours(
                trump=trump,
                held=(held.we[0], held.they[0], held.we[1], held.they[1]),
                void=void_by_hand(hands, trump),
                scorer=scorer if honours is not None else None,
                honours=honours,
                chicane=(voids.we, voids.they),
            )
        )
    return tuple(table)


def trump_sign(trump: Trump) -> str:
    """A trump at the head of its line: ♠ ♣ ♦ ♥, or NT."""
    suit = Suit.of(trump)
    return "NT" if suit is None else suit.symbol


# -- A board as printed ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HonoursLine:
    """One trump's line of a board's honours: its sign (red for hearts and diamonds),
    each hand's honours in the columns' order ("2", or "void" for a hand with no trump),
    and what they score, with a chicane's part on a line of its own (`more`)."""

    trump: Trump
    sign: str
    red: bool
    cells: tuple[str, str, str, str]
    words: str
    more: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Diagram:
    """A board as a hand record prints it: its title and dealer, the four hands in their
    places, the honours each trump would give, under the columns' heads (the hands, a
    side's two together), and, given by whoever prints it, the line of what the cards
    allowed."""

    number: int
    title: str
    dealer: str
    top: Seat
    left: Seat
    right: Seat
    foot: Seat
    columns: tuple[str, str, str, str]
    honours: tuple[HonoursLine, ...]
    double_dummy: str = ""  # what the cards allowed, in a line (§12), where it is printed

    @property
    def seats(self) -> tuple[Seat, Seat, Seat, Seat]:
        return (self.top, self.left, self.right, self.foot)


def honour_columns(layout: Layout, dealer: Direction) -> tuple[Direction, ...]:
    """The hands of the honours' table, a side's two together: Elwell's Z Y A B, the
    dealer's side first; by the compass N S E W."""
    if layout is Layout.ELWELL:
        at = (Position.DEALER, Position.PARTNER, Position.LEFT, Position.RIGHT)
        return tuple(position.direction(dealer) for position in at)
    return (Direction.NORTH, Direction.SOUTH, Direction.EAST, Direction.WEST)


def diagram(number: int, dealer: Direction, hands: Hands, layout: Layout) -> Diagram:
    """The board `number`, dealt by `dealer`, as a hand record prints it."""
    top, left, right, foot = seats(hands, dealer, layout)
    columns = honour_columns(layout, dealer)
    lines = []
    for row in honours_table(hands):
        first, second, third, fourth = (
            _cell(row, direction.position(dealer)) for direction in columns
        )
        suit = Suit.of(row.trump)
        words, *more = row.words(layout, dealer)
        lines.append(
            HonoursLine(
                trump=row.trump,
                sign=trump_sign(row.trump),
                red=suit is not None and suit.red,
                cells=(first, second, third, fourth),
                words=words,
                more=tuple(more),
            )
        )
    a, b, c, d = (layout.letter(direction, dealer) for direction in columns)
    return Diagram(
        number=number,
        title=board_title(number),
        dealer=dealer_words(dealer),
        top=top,
        left=left,
        right=right,
        foot=foot,
        columns=(a, b, c, d),
        honours=tuple(lines),
    )


def _cell(row: TrumpHonours, position: Position) -> str:
    return VOID_OF_TRUMPS if row.void[position] else str(row.held[position])


@dataclass(frozen=True, slots=True)
class CurtainCard:
    """One hand of a board on a card of its own, for its seat's pocket."""

    number: int
    title: str
    dealer: str
    seat: Seat


def curtain_cards(
    number: int, dealer: Direction, hands: Hands, layout: Layout
) -> tuple[CurtainCard, ...]:
    """The board's four hands as curtain cards, North's first, round by the compass."""
    return tuple(
        CurtainCard(number, board_title(number), dealer_words(dealer), seat)
        for seat in curtain_seats(hands, dealer, layout)
    )
