"""A board of PBN, and what reading and writing it share: the tags, a rubber's deal as a board."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

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
# Tags read into a board's fields, or sections a 1905 board has no use for.
READ_TAGS = (
    frozenset(MANDATORY) - frozenset(TEXT_TAGS)
    | frozenset(ELWELL_TAGS)
    | {
        "Play",
        "Auction",
        "Note",
    }
)
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

# Refuses a tag's value, naming the board and the line: refuse(tag, problem).
type Refuse = Callable[[str, str], PbnError]


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a PBN file: its number and dealer, the four hands by the compass (None
    for a hand not given), the declaration and the play where known, the counts of the
    Elwell tags, and its other tags as text (`tags`, in the file's order).

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

    def hand(self, direction: Direction) -> Hand | None:
        """A seat's hand, the fourth found from the other three when only it is unknown."""
        given = self.hands[direction]
        if given is not None:
            return given
        known = [hand for hand in self.hands if hand is not None]
        if len(known) < 3:
            return None
        held = 0
        for hand in known:
            held |= hand.mask
        return Hand(((1 << 52) - 1) & ~held)

    @property
    def dealt(self) -> Hands | None:
        """The four hands by position from the dealer, when the dealer and the hands are
        known."""
        if self.dealer is None:
            return None
        hands = [self.hand(direction) for direction in DIRECTIONS]
        if None in hands:
            return None
        return Hands.at(dict(zip(DIRECTIONS, hands, strict=True)), self.dealer)  # type: ignore[arg-type]

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


def known_masks(hands: Sequence[Hand | None]) -> list[int] | None:
    """The four hands' cards, the fourth found from three; None if two are unknown."""
    masks = [0 if hand is None else hand.mask for hand in hands]
    unknown = [seat for seat, hand in enumerate(hands) if hand is None]
    if len(unknown) > 1:
        return None
    if unknown:
        masks[unknown[0]] = ALL_CARDS & ~(masks[0] | masks[1] | masks[2] | masks[3])
    return masks


# The seats by the compass, as a fault in the play names them.
SEAT_WORDS = tuple(direction.label for direction in DIRECTIONS)


def dealer_of(number: int) -> Direction:
    """The dealer of board `number`: N, E, S, W for 1, 2, 3, 4, and so on round (§9)."""
    return Direction((number - 1) % 4)
