"""A board of PBN, and what reading and writing it share: the tags, a rubber's deal as a board."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scorer.engine.cards.cards import ALL_CARDS, Card
from scorer.engine.cards.errors import PbnError
from scorer.engine.cards.hands import DIRECTIONS, ELWELL_DEALER, Direction, Hand, Hands, Position
from scorer.engine.cards.honours import void_by_hand
from scorer.engine.cards.worked import ByCards
from scorer.engine.model import Maker, Trump

MANDATORY = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
# Mandatory tags the board keeps as text; the others are read into its fields.
TEXT_TAGS = ("Event", "Site", "Date", "West", "North", "East", "South", "Scoring")
ELWELL_TAGS = ("ElwellChicane", "ElwellDoubles", "ElwellHonours", "ElwellMaker", "ElwellRevokes")
# Tags read into a board's fields; any other is kept as it came (`Kept`).
READ_TAGS = frozenset(MANDATORY) - frozenset(TEXT_TAGS) | frozenset(ELWELL_TAGS) | {"Play"}
# The tags a board reads into its fields or its text; any other is kept as it came.
USED_TAGS = READ_TAGS | frozenset(TEXT_TAGS) | {"Vulnerable"}
# What a board says of its declaration and play: where only the deals are wanted, these
# are kept as they came when they cannot be read, and the board read as its deal alone.
PLAYED_TAGS = frozenset(READ_TAGS - {"Board", "Dealer", "Deal", "Vulnerable"})
SCORING_1905 = "Rubber;Laws1905"
VULNERABLE = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}


class Refuse(Protocol):
    """Refuses a tag's value, naming the board and the line (the tag's, or the one given):
    refuse(tag, problem)."""

    def __call__(self, name: str, problem: str, /, *, line: int | None = None) -> PbnError: ...


@dataclass(frozen=True, slots=True)
class Kept:
    """A tag the site does not use, as it came: its value as written (escapes and all), and
    the lines that follow it, its section's (a table's rows, an auction's calls) and the
    Note tags after them. Written back byte for byte."""

    name: str
    value: str
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a PBN file: its number and dealer, the four hands by the compass (None
    for a hand not given), the declaration and the play where known, the counts of the
    Elwell tags, and its other tags as text (`tags`, in the file's order). What a file
    gave that the site does not use (an auction, a table of optimum results, any other
    tag and its section) is `kept` as it came, to be written back so.

    `play` holds the whole tricks played, each as its cards were played from its leader
    (fewer than thirteen when the play stopped short); `result` is the declarer's tricks.
    In Bridge of 1905 the declarer is the dealer, who plays both hands; `maker` is who made
    the trump, the dealer or his partner. `honours` and `chicane` are by the compass (N, E,
    S, W); `revokes` by side, North–South then East–West.
    """

    number: int | None = None
    dealer: Direction | None = None
    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None] = (None, None, None, None)
    trump: Trump | None = None
    doubles: int = 0
    declarer: Direction | None = None
    maker: Direction | None = None
    result: int | None = None
    play: tuple[tuple[Card, ...], ...] = ()
    honours: tuple[int, int, int, int] | None = None
    chicane: tuple[int, int, int, int] | None = None
    revokes: tuple[int, int] | None = None
    tags: tuple[tuple[str, str], ...] = field(default=())
    kept: tuple[Kept, ...] = field(default=())

    def hand(self, direction: Direction) -> Hand | None:
        """A seat's hand, the fourth of a deal found from the other three when only it is
        unknown."""
        given = self.hands[direction]
        if given is not None:
            return given
        masks = known_masks(self.hands)
        return None if masks is None else Hand(masks[direction])

    @property
    def dealt(self) -> Hands | None:
        """The four hands by position from the dealer, when the dealer and the hands of a
        deal are known (an end position, of fewer cards, is no deal)."""
        if self.dealer is None:
            return None
        masks = known_masks(self.hands)
        if masks is None or masks[0].bit_count() != 13:
            return None
        hands = dict(zip(DIRECTIONS, map(Hand, masks), strict=True))
        return Hands.at(hands, self.dealer)

    def tag(self, name: str) -> str | None:
        """One of the board's other tags, as written."""
        for tag, value in self.tags:
            if tag == name:
                return value
        return None


def elwell_board(
    by_cards: ByCards,
    *,
    number: int,
    maker: Maker = Maker.DEALER,
    doubles: int = 0,
    tags: Iterable[tuple[str, str]] = (),
) -> Board:
    """A rubber's deal given by its cards, as a board: Elwell's seats by his diagrams, the
    dealer Z South, the leader A West, his partner Y North, B East (§9); the dealer
    declares and plays, his partner makes the trump when the make was passed."""
    dealer = ELWELL_DEALER
    hands = by_cards.hands.by_direction(dealer)
    counts = by_cards.play
    dealer_side = by_cards.dealer
    honours = _by_direction(
        (
            counts.honours[dealer_side][0],
            counts.honours[dealer_side.other][0],
            counts.honours[dealer_side][1],
            counts.honours[dealer_side.other][1],
        ),
        dealer,
    )
    chicane = _by_direction(
        tuple(int(v) for v in void_by_hand(by_cards.hands, by_cards.trump)), dealer
    )
    play: tuple[tuple[Card, ...], ...] = ()
    result = None
    if by_cards.card_play is not None:
        play = tuple(trick.cards for trick in by_cards.card_play.tricks)
        result = counts.tricks[dealer_side]
    ns_side = Position.DEALER.side(dealer_side)  # the dealer sits South
    return Board(
        number=number,
        dealer=dealer,
        hands=(
            hands[Direction.NORTH],
            hands[Direction.EAST],
            hands[Direction.SOUTH],
            hands[Direction.WEST],
        ),
        trump=by_cards.trump,
        doubles=doubles,
        declarer=dealer,
        maker=(Position.DEALER if maker is Maker.DEALER else Position.PARTNER).direction(dealer),
        result=result,
        play=play,
        honours=honours,
        chicane=chicane,
        revokes=(counts.revokes[ns_side], counts.revokes[ns_side.other]),
        tags=(("Scoring", SCORING_1905), *tags),
    )


def _by_direction(by_position: Sequence[int], dealer: Direction) -> tuple[int, int, int, int]:
    n, e, s, w = (by_position[direction.position(dealer)] for direction in DIRECTIONS)
    return (n, e, s, w)


def contract_text(trump: Trump, doubles: int) -> str:
    """A declaration as PBN's Contract: 1905 has no level, and the side that wins more
    than six tricks scores them, which is what one of the trump says (seven tricks to make
    it); X for a doubled make, XX for two doubles or more (the rest in ElwellDoubles)."""
    return f"1{trump.value}{'X' * min(doubles, 2)}"


def known_masks(hands: Sequence[Hand | None]) -> list[int] | None:
    """The four hands' cards, the fourth of a deal found from three; None if two are
    unknown, or one of an end position."""
    masks = [0 if hand is None else hand.mask for hand in hands]
    unknown = [seat for seat, hand in enumerate(hands) if hand is None]
    if not unknown:
        return masks
    if len(unknown) > 1 or any(mask.bit_count() != 13 for mask in masks if mask):
        return None
    masks[unknown[0]] = ALL_CARDS & ~(masks[0] | masks[1] | masks[2] | masks[3])
    return masks


# The seats by the compass, as a fault in the play names them.
SEAT_WORDS = tuple(direction.label for direction in DIRECTIONS)


def dealer_of(number: int) -> Direction:
    """The dealer of board `number`: N, E, S, W for 1, 2, 3, 4, and so on round (§9)."""
    return Direction((number - 1) % 4)
