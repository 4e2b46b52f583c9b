"""A rubber's deal known by its cards (§9), as the site keeps and shows it: its hands and
play written in a line each, the honours and chicane the hands give for the trump
declared (to fill in what the table calls, and to check it), the hands picked one at a
time with the last found by itself, the deal drawn in Elwell's diagram, what was worked
out from the cards, and the tricks as Elwell prints them.

The hands are kept as PBN writes a hand, the dealer's first, then round the table to the
left, a space between (`hands_line`); the play as its fifty-two cards in the order
played, a space between (`play_line`). Each is read back by the same readers as
elwell-rubber/1's `hands` and `play` (`by_cards_of`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorer.engine.called import Called
from scorer.engine.calls import Call, call_of
from scorer.engine.cards.cards import ALL_CARDS, CARD_INDEX, Rank, Suit
from scorer.engine.cards.errors import CardError
from scorer.engine.cards.hands import ELWELL_DEALER, POSITIONS, Hand, Hands, Position
from scorer.engine.cards.honours import chicane_of, honours_of, void_by_hand
from scorer.engine.cards.play import CardPlay
from scorer.engine.cards.records import Layout, Seat, honours_table, seats
from scorer.engine.cards.worked import ByCards, read_cards
from scorer.engine.model import SIDES, Holding, Pair, Side, Trump
from scorer.engine.seats import next_dealer

HAND_SIZE = 13
# The hands in the order a player picks them: the dealer's, the leader's, the dealer's
# partner's; the leader's partner's is what is left.
PICKED = (Position.DEALER, Position.LEFT, Position.PARTNER)
LAST = Position.RIGHT
# Elwell's table of the play: a column for each hand, A, Y, B, Z, a row for each trick.
TRICK_COLUMNS = (Position.LEFT, Position.PARTNER, Position.RIGHT, Position.DEALER)
TRICK_HEAD = "Trick"
TRICKS_KEY = (
    "The underlined card wins the trick, and the card under it is the one led for the next trick."
)


# -- Kept in a line ----------------------------------------------------------------------------


def hands_line(hands: Hands) -> str:
    """The four hands in a line, the dealer's first: "AK43.QJ2.T98.765 … … …"."""
    return " ".join(str(hand) for hand in hands)


def play_line(card_play: CardPlay) -> str:
    """The play in a line, its cards in the order played: "D4 D2 DK D7 …"."""
    return " ".join(str(card) for trick in card_play.tricks for card in trick.cards)


def hands_json(line: str) -> dict[str, str]:
    """A line of hands as elwell-rubber/1 gives `hands`."""
    return dict(zip((position.key for position in POSITIONS), line.split(" "), strict=False))


def play_json(line: str) -> list[list[str]]:
    """A line of play as elwell-rubber/1 gives `play`: thirteen tricks of four cards."""
    cards = line.split(" ")
    return [cards[at : at + 4] for at in range(0, len(cards), 4)]


def by_cards_of(called: Called, hands: str, play: str = "") -> ByCards:
    """A deal kept as its lines of hands (and play) with the result the table called, read
    as elwell-rubber/1 reads a deal given by its cards: the tricks and revokes as called,
    checked against the play when there is one. CardError if the cards are none."""
    data: dict[str, object] = {
        "hands": hands_json(hands),
        "revokes": {"we": called.revokes.we, "they": called.revokes.they},
    }
    if play:
        data["play"] = play_json(play)
    if called.tricks is not None:
        won = called.tricks_won()
        data["tricks"] = {"we": won.we, "they": won.they}
    return read_cards(data, dealer=called.dealer, trump=called.trump)


# -- What the hands give for the trump declared -----------------------------------------------


@dataclass(frozen=True, slots=True)
class HandsGive:
    """The honours and chicane the hands give for a trump: the call they make, each side's
    honours by hand ([the dealer or the leader, his partner]) and its hands void of it."""

    call: Call
    held: Pair[Holding]
    chicane: Pair[int]


def hands_give(hands: Hands, trump: Trump, dealer: Side) -> HandsGive:
    held = honours_of(hands, trump, dealer)
    side, honours = call_of(trump, held)
    return HandsGive(Call(side, honours), held, chicane_of(hands, trump, dealer))


def check_called(called: Called, hands: Hands, play: str = "") -> None:
    """The result the table called agrees with the cards: the honours and chicane with the
    hands, and with a play the tricks and revokes (fewer revokes may be claimed than the
    play shows, never more). A CardError naming the field otherwise. A deal not yet played,
    or not played (the Spade Convention), has nothing to agree."""
    if not called.played:
        return
    given = hands_give(hands, called.trump, called.dealer)
    if called.call != given.call:
        raise CardError(
            f"honours: the hands give {given.call.words} ({_held_words(given.held, called)}), "
            f"not {called.call.words}",
            field="honours",
        )
    for side in SIDES:
        if called.chicane[side] != given.chicane[side]:
            raise CardError(
                f"chicane: the hands give {side.label} {given.chicane[side]} "
                f"({_void_words(hands, called.trump, called.dealer, side)}), "
                f"not {called.chicane[side]}",
                field="chicane",
            )
    if play:
        by_cards_of(called, hands_line(hands), play)


def _held_words(held: Pair[Holding], called: Called) -> str:
    """ "We 3 (the dealer 2, his partner 1), They 2 (the leader 1, his partner 1)" """
    said = []
    for side in SIDES:
        first = "the dealer" if side is called.dealer else "the leader"
        ours = held[side]
        said.append(f"{side.label} {sum(ours)}: {first} {ours[0]}, his partner {ours[1]}")
    return "; ".join(said)


def _void_words(hands: Hands, trump: Trump, dealer: Side, side: Side) -> str:
    suit = Suit.of(trump)
    if suit is None:
        return "there is no chicane at no-trump"
    void = void_by_hand(hands, trump)
    voids = [p for p in POSITIONS if p.side(dealer) is side and void[p]]
    if not voids:
        return f"both hold {suit.label}"
    if len(voids) == 2:
        return f"neither holds {suit.label}"
    return f"{voids[0].label} holds no {suit.label}"


# -- Picking the hands, one at a time ---------------------------------------------------------


def picked_hand(chosen: Iterable[str], before: Sequence[Hand], name: str) -> Hand:
    """The cards a player chose for the next hand (each as PBN writes a card, "SA"), after
    the hands `before`: thirteen, none of them in a hand before. `name` says the hand in a
    sentence ("Z's hand"). CardError, in words, otherwise."""
    indexes = []
    for text in chosen:
        index = CARD_INDEX.get(text)
        if index is None:
            raise CardError(f"{name}: {text!r} is not a card", field="cards")
        indexes.append(index)
    mask = sum(1 << index for index in set(indexes))
    taken = mask & _union(before)
    if taken:
        card = _card_name(taken)
        raise CardError(f"{name}: the {card} is in a hand already", field="cards")
    count = mask.bit_count()
    if count != HAND_SIZE:
        raise CardError(
            f"{name}: {count} card{'' if count == 1 else 's'} chosen; a hand is {HAND_SIZE} cards",
            field="cards",
        )
    return Hand(mask)


def last_hand(picked: Sequence[Hand]) -> Hand:
    """The hand that is left when three are picked."""
    return Hand(ALL_CARDS & ~_union(picked))


def left_to_pick(picked: Sequence[Hand]) -> tuple[tuple[Suit, tuple[Rank, ...]], ...]:
    """The cards not yet in a hand, suit by suit in PBN's order, each high to low."""
    rest = last_hand(picked)
    return tuple((suit, rest.ranks(suit)) for suit in Suit)


def _union(hands: Iterable[Hand]) -> int:
    mask = 0
    for hand in hands:
        mask |= hand.mask
    return mask


def _card_name(mask: int) -> str:
    index = (mask & -mask).bit_length() - 1
    return card_words(Suit(index // 13), Rank(index % 13 + 2))


def card_words(suit: Suit, rank: Rank) -> str:
    """A card as a person names it: "ace of spades", "ten of hearts"."""
    return f"{RANK_WORDS[rank]} of {suit.label}"


RANK_WORDS = {
    Rank.ACE: "ace",
    Rank.KING: "king",
    Rank.QUEEN: "queen",
    Rank.JACK: "knave",
    Rank.TEN: "ten",
    Rank.NINE: "nine",
    Rank.EIGHT: "eight",
    Rank.SEVEN: "seven",
    Rank.SIX: "six",
    Rank.FIVE: "five",
    Rank.FOUR: "four",
    Rank.THREE: "three",
    Rank.TWO: "two",
}


def rank_text(rank: Rank) -> str:
    """A rank as a card shows it: "A", "10", "2"."""
    return "10" if rank is Rank.TEN else rank.letter


def position_words(position: Position) -> str:
    """A hand in a sentence, by Elwell's letter: "Z's hand (the dealer's)"."""
    return f"{position.letter}'s hand ({POSSESSIVE[position]})"


POSSESSIVE = {
    Position.DEALER: "the dealer's",
    Position.LEFT: "the leader's",
    Position.PARTNER: "the dealer's partner's",
    Position.RIGHT: "the leader's partner's",
}


def seats_from(dealer_seat: int) -> tuple[int, int, int, int]:
    """The table's seats of the dealer, the leader, the dealer's partner and the leader's
    partner, round to the left from the dealer's."""
    left = next_dealer(dealer_seat)
    partner = next_dealer(left)
    return (dealer_seat, left, partner, next_dealer(partner))


# -- Drawn in Elwell's diagram ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealDiagram:
    """A deal's four hands in Elwell's diagram (Y at the top, A left, B right, the dealer Z
    at the foot), and what the hands give for the trump declared ("Hearts"), in a line or
    two, as a hand record says it ("Z & Y: 4 honours in one hand 64")."""

    top: Seat
    left: Seat
    right: Seat
    foot: Seat
    trump: str
    honours: tuple[str, ...]

    @property
    def seats(self) -> tuple[Seat, Seat, Seat, Seat]:
        return (self.top, self.left, self.right, self.foot)


def deal_diagram(hands: Hands, trump: Trump) -> DealDiagram:
    top, left, right, foot = seats(hands, ELWELL_DEALER, Layout.ELWELL)
    row = next(row for row in honours_table(hands) if row.trump is trump)
    return DealDiagram(top, left, right, foot, trump.label, row.words(Layout.ELWELL, ELWELL_DEALER))


# -- What the cards gave, and the tricks as Elwell prints them ---------------------------------


def worked_words(by_cards: ByCards) -> tuple[str, ...]:
    """What was worked out from the cards (§9's `worked_out`), a line each: the honours
    by hand, the chicane, and with a play the tricks and revokes."""
    dealer = by_cards.dealer
    aces = by_cards.trump is Trump.NO_TRUMP
    held = honours_of(by_cards.hands, by_cards.trump, dealer)
    lines = []
    parts = []
    for side in SIDES:
        first = "the dealer" if side is dealer else "the leader"
        ours = held[side]
        parts.append(f"{side.label} {sum(ours)} ({first} {ours[0]}, his partner {ours[1]})")
    lines.append(f"{'Aces' if aces else 'Honours'}: {'; '.join(parts)}")
    if not aces:
        chicane = chicane_of(by_cards.hands, by_cards.trump, dealer)
        lines.append(f"Chicane: {_counted(chicane)}")
    card_play = by_cards.card_play
    if card_play is not None:
        won = card_play.tricks_won(dealer)
        lines.append(f"Tricks: We {won.we}, They {won.they}")
        lines.append(f"Revokes: {_counted(card_play.revokes_by(dealer))}")
    return tuple(lines)


def _counted(pair: Pair[int]) -> str:
    said = [f"{side.label} {pair[side]}" for side in SIDES if pair[side]]
    return ", ".join(said) if said else "none"


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card of a trick as Elwell's table prints it: its suit and rank, and whether it
    won the trick."""

    suit: Suit
    rank: str
    won: bool


@dataclass(frozen=True, slots=True)
class TrickRow:
    number: int
    cards: tuple[PlayedCard, PlayedCard, PlayedCard, PlayedCard]  # A, Y, B, Z


def trick_rows(card_play: CardPlay) -> tuple[TrickRow, ...]:
    """Each trick as a row of Elwell's table, its cards under A, Y, B and Z."""
    rows = []
    for trick in card_play.tricks:
        a, y, b, z = (
            PlayedCard(
                trick.played_by(position).suit,
                rank_text(trick.played_by(position).rank),
                position is trick.winner,
            )
            for position in TRICK_COLUMNS
        )
        rows.append(TrickRow(trick.number, (a, y, b, z)))
    return tuple(rows)


def tricks_words(card_play: CardPlay) -> str:
    """What the play gave the dealer, as Elwell ends a hand: "The dealer wins ten
    tricks." """
    won = sum(card_play.won(position) for position in (Position.DEALER, Position.PARTNER))
    return f"The dealer wins {NUMBER_WORDS[won]} trick{'' if won == 1 else 's'}."


NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
)
