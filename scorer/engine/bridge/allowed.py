"""What the cards allowed (§12): a board's double-dummy table by the laws of 1905, and the
dealer's best make.

With every hand seen, a solver (DDS, which the site runs; the engine never does) gives five
numbers a board: for each trump, the tricks the dealer's side takes when the dealer plays
his own hand and his partner's and the eldest hand, on his left, leads (§9). Whoever makes
the trump, the dealer plays: so five numbers, not a modern table's twenty. The engine is
given those numbers and reckons the rest.

Each make is scored as §10 scores a deal (`points.score_for_points`): each side's trick
points and honour points, the honours and chicane counted from the hands for that trump,
a slam to the side that takes it. With every hand seen the doubling is what the cards
dictate: a make that fails (the dealer's side short of seven tricks) is doubled once by the
adversaries, and the makers, who can see it fail, do not redouble; a make that succeeds is
not doubled. The net is the dealer's side's points less the adversaries'. The best make is
the trump of the highest net; between equal nets, the trump of the higher trick value.
Whether the dealer makes it or passes it to his partner changes nothing here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorer.engine.bridge.points import points_of, score_for_points
from scorer.engine.bridge.sheet import Entry
from scorer.engine.cards.hands import Direction, Hands
from scorer.engine.cards.honours import chicane_of, honours_of
from scorer.engine.cards.records import trump_sign
from scorer.engine.errors import RubberError
from scorer.engine.model import PRINTED_LAWS, Deal, Maker, Pair, Play, Side, Trump
from scorer.engine.words import doubled, signed

# §12's order, which is also the order of the trick values from the highest: the order its
# five numbers are written in, and the order that settles equal nets.
BY_VALUE = (Trump.NO_TRUMP, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES)


@dataclass(frozen=True, slots=True)
class Make:
    """One trump as the cards allowed it: the dealer's side's tricks double dummy, whether
    the cards have it doubled (a make that fails), and each side's entries for the deal as
    §10 scores it, the dealer's side as We."""

    trump: Trump
    tricks: int
    doubles: int
    entries: Pair[Entry]

    @property
    def points(self) -> Pair[int]:
        """Each side's points, trick and honour points together."""
        return points_of(self.entries)

    @property
    def net(self) -> int:
        """The dealer's side's points less the adversaries'."""
        points = self.points
        return points.we - points.they

    @property
    def succeeds(self) -> bool:
        """The dealer's side takes more than six tricks, and so scores them."""
        return self.tricks > 6


@dataclass(frozen=True, slots=True)
class Allowed:
    """A board's five makes, in §12's order (no-trump, hearts, diamonds, clubs, spades),
    and the best of them."""

    makes: tuple[Make, Make, Make, Make, Make]

    def __getitem__(self, trump: Trump) -> Make:
        return self.makes[BY_VALUE.index(trump)]

    @property
    def best(self) -> Make:
        """The make of the highest net; between equal nets, the trump of the higher trick
        value (§12)."""
        return max(self.makes, key=lambda make: (make.net, make.trump.trick_value))

    @property
    def tricks(self) -> dict[Trump, int]:
        return {make.trump: make.tricks for make in self.makes}

    @property
    def net(self) -> dict[Trump, int]:
        return {make.trump: make.net for make in self.makes}


def what_the_cards_allowed(hands: Hands, tricks: Mapping[Trump, int]) -> Allowed:
    """The board's makes and its best make, given its hands and the solver's five numbers:
    the dealer's side's tricks for each trump, double dummy, the dealer playing and the
    eldest hand leading. RubberError, naming `tricks`, unless there are five numbers from
    0 to 13, one for each trump."""
    _check(tricks)
    no_trump, hearts, diamonds, clubs, spades = (
        _make(hands, trump, tricks[trump]) for trump in BY_VALUE
    )
    return Allowed((no_trump, hearts, diamonds, clubs, spades))


def _check(tricks: Mapping[Trump, int]) -> None:
    given = set(tricks)
    if given != set(BY_VALUE):
        missing = ", ".join(trump.value for trump in BY_VALUE if trump not in given)
        raise RubberError(
            f"tricks: the dealer's side's tricks are needed for each trump, NT H D C S "
            f"(missing {missing or 'none'}; got {len(given)})",
            field="tricks",
        )
    for trump in BY_VALUE:
        count = tricks[trump]
        if type(count) is not int or not 0 <= count <= 13:
            raise RubberError(
                f"tricks: {trump.label}: the dealer's side takes from 0 to 13 tricks "
                f"(got {count!r})",
                field="tricks",
            )


def _make(hands: Hands, trump: Trump, tricks: int) -> Make:
    doubles = 0 if tricks > 6 else 1  # the adversaries double a make they see fail
    play = Play(
        tricks=Pair(tricks, 13 - tricks),
        honours=honours_of(hands, trump, Side.WE),
        chicane=chicane_of(hands, trump, Side.WE),
    )
    # Doubled once is within any doubling limit a club may set (a limit stops a further
    # double once a trick is worth more than it); the laws as printed score it.
    deal = Deal(Side.WE, trump, Maker.DEALER, doubles=doubles, play=play)
    return Make(trump, tricks, doubles, score_for_points(deal, PRINTED_LAWS))


# -- In words and in JSON -------------------------------------------------------------------


def tricks_words(allowed: Allowed) -> str:
    """The five numbers: "NT 8 ♥ 9 ♦ 6 ♣ 5 ♠ 7"."""
    return "  ".join(f"{trump_sign(make.trump)} {make.tricks}" for make in allowed.makes)


DOUBLE_DUMMY = "Double dummy"


def allowed_line(allowed: Allowed | None, side: str, waiting: str) -> str:
    """The line under a board of a hand record: "Double dummy: NT 8  ♥ 9  ♦ 6  ♣ 5  ♠ 7;
    best: Hearts, Z & Y +48", or what stands in its place ("Double dummy: being
    analysed")."""
    if allowed is None:
        return f"{DOUBLE_DUMMY}: {waiting}"
    return f"{DOUBLE_DUMMY}: {tricks_words(allowed)}; {best_words(allowed, side)}"


def best_words(allowed: Allowed, side: str) -> str:
    """The best make and its net to the dealer's side, named as the caller names it:
    "best: Hearts, Z & Y +48"; a failing one says it is doubled."""
    best = allowed.best
    return f"best: {best.trump.label}{doubled(best.doubles)}, {side} {signed(best.net)}"


def make_words(make: Make) -> str:
    """One make as the cards allowed it: "Hearts: 9 tricks, +48"; "Diamonds: 6 tricks,
    doubled, −36"."""
    return f"{make.trump.label}: {make.tricks} tricks{doubled(make.doubles)}, {signed(make.net)}"


def compared_words(allowed: Allowed, trump: Trump, tricks: int | None, side: str) -> str:
    """What a table made beside what the cards allowed at its trump, the dealer's side
    named as the caller names it: "Hearts: N–S took 9; the cards allowed 10, +96"; before
    its tricks are known, the cards' alone."""
    make = allowed[trump]
    cards = f"the cards allowed {make.tricks}{doubled(make.doubles)}, {signed(make.net)}"
    if tricks is None:
        return f"{trump.label}: {cards}"
    return f"{trump.label}: {side} took {tricks}; {cards}"


def allowed_json(allowed: Allowed, *, board: int, dealer: Direction) -> dict[str, object]:
    """§12's line for a board: its number, dealer, the dealer's side's tricks and net for
    each make, and the best make."""
    return {
        "board": board,
        "dealer": dealer.letter,
        "tricks": {make.trump.value: make.tricks for make in allowed.makes},
        "net": {make.trump.value: make.net for make in allowed.makes},
        "best": allowed.best.trump.value,
    }
