"""Bridge for three players (Elwell, "Bridge for Three Players"): the laws that are its own.

One player has the dummy for the rubber (or the game): he and the dummy are We, the other
two are They, partners, for as long as he has it. The scoring is Bridge's (the sheet's, with
`ThreeHandedRules`); what is new is said here: who may double, the dummy's compulsory
declaration when the make is passed to it, and who has the dummy in turn.

Seats are counted round the table from the dummy's holder, as the site seats them: the
holder, his left-hand adversary, the dummy, his right-hand adversary. The deal passes to the
left round the four seats as usual.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from scorer.engine.bridge import sheet
from scorer.engine.bridge.laws import BridgeLaws
from scorer.engine.bridge.sheet import Sheet
from scorer.engine.cutting import SUITS, Card, Cut
from scorer.engine.errors import RubberError
from scorer.engine.model import Deal, Rules, Side, ThreeHandedRules, Trump, Unit
from scorer.engine.stakes import Share

SOURCE = "Bridge for Three Players"

DOUBLING = (
    "Only one adversary, the leader, may double; when the dummy is the leader, the dummy "
    "alone may double, its holder doubling from the dummy's hand before he sees his own. "
    "A dealer who has seen the two hands (the dummy's holder, dealing for himself or for "
    "the dummy) may not redouble."
)

DUMMY_DECLARATION = (
    "When the make is passed to the dummy, its declaration is compulsory: four aces or "
    "three aces make it no-trump; otherwise the dummy declares its longest suit. Of two "
    "suits of equal length, the one that counts most by spots (the ace 11, the other "
    "honours 10 each, the rest their pips); if they are still equal, the one of higher "
    "trick value."
)

CUT_FOR_THE_DUMMY = (
    "The three cut: the lowest has the deal and the dummy for the first rubber (or game); "
    "each then has the dummy in turn, in the order of the cut."
)


class Seat(IntEnum):
    """A seat at a three-handed table, counted round it from the dummy's holder."""

    HOLDER = 0
    LEFT = 1  # the holder's left-hand adversary
    DUMMY = 2
    RIGHT = 3  # the holder's right-hand adversary

    @property
    def side(self) -> Side:
        return Side.WE if self in (Seat.HOLDER, Seat.DUMMY) else Side.THEY

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    Seat.HOLDER: "the dummy's holder",
    Seat.LEFT: "the holder's left-hand adversary",
    Seat.DUMMY: "the dummy",
    Seat.RIGHT: "the holder's right-hand adversary",
}


def leader(dealer: Seat) -> Seat:
    """The eldest hand, on the dealer's left, leads to the first trick."""
    return Seat((dealer + 1) % 4)


def may_double(dealer: Seat, number: int) -> tuple[Seat, ...]:
    """The seats that may make the `number`th double of a deal (1 a double, 2 a redouble,
    and so on): the adversaries' doubles are the leader's alone; the declarers' redoubles
    are either declarer's, but none when the dealer has seen the two hands, as the dummy's
    holder has when We deal."""
    if number < 1:
        raise ValueError(f"doubles are counted from 1 (got {number})")
    if number % 2 == 1:
        return (leader(dealer),)
    if dealer.side is Side.WE:
        return ()
    return (dealer, Seat((dealer + 2) % 4))


def check_double(dealer: Seat, by: Seat, number: int) -> None:
    """Refuse the `number`th double of a deal by the player at seat `by`, in a sentence
    that cites the rule, if the three-handed laws forbid it."""
    if by in may_double(dealer, number):
        return
    if number % 2 == 0:
        if dealer.side is Side.WE:
            reason = "the dealer, the dummy's holder, has seen the two hands and may not redouble"
        else:
            reason = "only the declarers may redouble"
    elif leader(dealer) is Seat.DUMMY:
        reason = (
            "the dummy is the leader, and the dummy alone may double: its holder doubles "
            "from the dummy's hand before seeing his own"
        )
    else:
        reason = f"only the leader, {leader(dealer).label}, may double"
    raise RubberError(f"doubles: {reason} ({SOURCE})", field="doubles")


# -- The dummy's declaration ---------------------------------------------------------------

_TRUMP_OF_SUIT = dict(
    zip(SUITS, (Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS), strict=True)
)
_ACE = 1


@dataclass(frozen=True, slots=True)
class DummyDeclaration:
    """What the dummy must declare, and why, in words: "Hearts, the longest suit (6 cards)"."""

    trump: Trump
    reason: str


def spots(card: Card) -> int:
    """A card's count by spots: the ace 11, the other honours 10 each, the rest their pips."""
    if card.rank == _ACE:
        return 11
    return min(card.rank, 10)


def dummy_declaration(hand: Iterable[Card]) -> DummyDeclaration:
    """The dummy's compulsory declaration from its thirteen cards, when the make is passed
    to it (Bridge for Three Players). The declaration recorded is what was declared: this
    is the help the site gives in applying the rule."""
    cards = _checked_hand(hand)
    aces = sum(card.rank == _ACE for card in cards)
    if aces >= 3:
        many = "four aces" if aces == 4 else "three aces"
        return DummyDeclaration(Trump.NO_TRUMP, f"No-trump: the dummy holds {many} ({SOURCE})")
    suits = {
        trump: [card for card in cards if _TRUMP_OF_SUIT[card.suit] is trump]
        for trump in _TRUMP_OF_SUIT.values()
    }
    length = max(len(held) for held in suits.values())
    longest = [trump for trump, held in suits.items() if len(held) == length]
    if len(longest) == 1:
        trump = longest[0]
        return DummyDeclaration(
            trump, f"{trump.label}, the longest suit ({length} cards) ({SOURCE})"
        )
    count = {trump: sum(spots(card) for card in suits[trump]) for trump in longest}
    most = max(count.values())
    counting_most = [trump for trump in longest if count[trump] == most]
    tied = _names(longest)
    if len(counting_most) == 1:
        trump = counting_most[0]
        others = ", ".join(f"{t.label.lower()} {count[t]}" for t in longest if t is not trump)
        return DummyDeclaration(
            trump,
            f"{trump.label}: {tied} have {length} cards each, and {trump.label.lower()} count "
            f"most by spots ({most}; {others}) ({SOURCE})",
        )
    trump = max(counting_most, key=lambda t: t.trick_value)
    return DummyDeclaration(
        trump,
        f"{trump.label}: {_names(counting_most)} have {length} cards each and count {most} "
        f"by spots each, and {trump.label.lower()} have the higher trick value ({SOURCE})",
    )


def _names(trumps: list[Trump]) -> str:
    names = [trump.label.lower() for trump in trumps]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _checked_hand(hand: Iterable[Card]) -> list[Card]:
    cards = list(hand)
    for card in cards:
        if card.suit not in _TRUMP_OF_SUIT or not 1 <= card.rank <= 13:
            raise RubberError(f"hand: {card.rank} of {card.suit!r} is not a card", field="hand")
    twice = [card for card, times in Counter(cards).items() if times > 1]
    if twice:
        raise RubberError(f"hand: the {twice[0]} is given twice", field="hand")
    if len(cards) != 13:
        raise RubberError(f"hand: the dummy holds 13 cards (got {len(cards)})", field="hand")
    return cards


# -- Who has the dummy ---------------------------------------------------------------------


def holder(cut: Cut, turn: int) -> int:
    """Who has the dummy for the `turn`th rubber (or game) from 1, by the cut for the dummy
    (`cutting.cut_for_the_dummy`): the lowest first, then in the order of the cut."""
    if turn < 1:
        raise ValueError(f"turns are counted from 1 (got {turn})")
    return cut.order[(turn - 1) % len(cut.order)]


class ThreePlayers:
    """Three at the table: the dummy's holder sits in both of We's seats and plays the
    dummy's cards; each has the dummy in turn, in the order of the cut."""

    number_of_players = 3
    seats: tuple[int, ...] = (Seat.HOLDER, Seat.LEFT, Seat.RIGHT)
    cuts: tuple[str, ...] = ("dummy",)
    units: tuple[Unit, ...] = (Unit.RUBBER, Unit.GAME)

    def player_at(self, seat: int) -> int:
        """The dummy's cards are played by its holder."""
        return Seat.HOLDER if seat == Seat.DUMMY else seat

    def seat_label(self, seat: int, name: str) -> str:
        return f"Dummy ({name})" if seat == Seat.DUMMY else name

    def next_seating(self, players: tuple[int, ...]) -> tuple[int, ...]:
        """Each has the dummy in turn, in the order of the cut (seated holder, left, right)."""
        return (*players[1:], *players[:1])


THREE_PLAYERS = ThreePlayers()


def shares(value: int) -> tuple[Share, ...]:
    """The dummy's holder sits in both of We's seats: he gains (or loses) the value twice
    over, and each adversary loses (or gains) it once."""
    return (
        Share((0, 2), 2 * value, (), (1, 3)),
        Share((1,), -value, (3,), (0,)),
        Share((3,), -value, (1,), (0,)),
    )


# -- The laws, as the site asks them -------------------------------------------------------


class ThreeHandedLaws(BridgeLaws):
    """Bridge's laws, three playing: the rules say whether the unit is the rubber or the
    game, a dealer who has seen the two hands may not redouble, and the make passed to the
    dummy is its compulsory declaration."""

    reminders = (DOUBLING, DUMMY_DECLARATION)

    def passed_reminder(self, dealer: int) -> str | None:
        """The holder passing the make passes it to the dummy, whose declaration is
        compulsory; dealing for the dummy, he makes it himself if he passes."""
        return DUMMY_DECLARATION if dealer == Seat.HOLDER else None

    def rules(
        self,
        *,
        doubling_limit: int | None = None,
        spade_convention: bool = False,
        unit: Unit = Unit.RUBBER,
        most_points: int | None = None,
    ) -> ThreeHandedRules:
        return ThreeHandedRules(doubling_limit, spade_convention, unit, most_points=most_points)

    def check_rules(self, rules: Rules) -> None:
        if not isinstance(rules, ThreeHandedRules):
            raise RubberError(
                'rules.game: a rubber of Three-handed Bridge says "game": "three-handed"',
                field="rules",
            )

    def work_out(self, deals: Iterable[Deal], rules: Rules) -> Sheet:
        """Bridge's rules as the club has them are Three-handed Bridge's by rubbers."""
        if not isinstance(rules, ThreeHandedRules):
            rules = ThreeHandedRules(
                rules.doubling_limit, rules.spade_convention, most_points=rules.most_points
            )
        return sheet.work_out(deals, rules)
