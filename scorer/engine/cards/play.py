"""The play of the cards: who leads, who wins each trick, the tricks won and the revokes
(§9; Laws 65, 85).

In Bridge the dealer plays both his own hand and his partner's, the dummy, whoever made the
trump. The eldest hand, on the dealer's left, leads to the first trick, and the winner of
each trick leads to the next; the others play in turn to the left. A trick is won by the
highest trump in it, else by the highest card of the suit led.

A card not of the suit led, played by a hand that still held that suit, is a revoke by
that hand's side (Law 85), except the dummy's: the dummy is not liable to the penalty, and
its trick stands good (Law 65). Each revoke counts: the penalty may be claimed for as many
as occur (Law 96).

`run_play` does the work on card numbers and bitmasks (`cards.py`) for any table, by
positions from the dealer or by the compass (PBN); `play_out` and `read_play` are its
edges for a deal of elwell-rubber/1, with their refusals in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import batched, chain

from scorer.engine.cards.cards import CARD_FORM, CARD_INDEX, CARDS, SUIT_MASKS, Card, Suit, shown
from scorer.engine.cards.errors import CardError
from scorer.engine.cards.hands import POSITIONS, Hands, Position
from scorer.engine.model import Pair, Side, Trump

TRICKS = 13
# Each card's suit, by its number.
SUIT_OF: tuple[int, ...] = tuple(index // 13 for index in range(52))
NO_TRUMP_SUIT = -1
# The trump suit's number for each declaration, NO_TRUMP_SUIT at no-trump.
TRUMP_SUIT: dict[Trump, int] = dict.fromkeys(Trump, NO_TRUMP_SUIT) | {
    suit.trump: suit for suit in Suit
}


@dataclass(frozen=True, slots=True)
class Revoke:
    """A card not of the suit led, played by a hand that still held the suit (Law 85)."""

    trick: int
    position: Position
    card: Card

    @property
    def penalised(self) -> bool:
        """The dummy is not liable to the penalty for a revoke (Law 65)."""
        return self.position is not Position.PARTNER


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: its cards in the order played, from its leader, and who won it."""

    number: int
    leader: Position
    cards: tuple[Card, Card, Card, Card]
    winner: Position

    def played_by(self, position: Position) -> Card:
        return self.cards[(position - self.leader) % 4]


@dataclass(frozen=True, slots=True)
class CardPlay:
    """A deal played out, trick by trick: the hands, the trump, the cards in the order
    played (`order`, four a trick), each trick's winner and the revokes."""

    hands: Hands
    trump: Trump
    order: tuple[int, ...]  # card numbers, in the order played
    winners: bytes  # each trick's winner, a Position
    revokes: tuple[Revoke, ...]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        tricks, leader = [], Position.LEFT
        for number, winner in enumerate(self.winners, 1):
            first = 4 * (number - 1)
            a, b, c, d = (CARDS[index] for index in self.order[first : first + 4])
            tricks.append(Trick(number, leader, (a, b, c, d), Position(winner)))
            leader = Position(winner)
        return tuple(tricks)

    def won(self, position: Position) -> int:
        """Tricks won by the hand in that position."""
        return self.winners.count(position)

    def tricks_won(self, dealer: Side) -> Pair[int]:
        """Tricks won in play by each side, given the dealer's side."""
        winners = self.winners
        dealers = winners.count(0) + winners.count(2)  # the dealer's and his partner's
        return _pair(dealer, dealers, len(self.winners) - dealers)

    def revokes_by(self, dealer: Side) -> Pair[int]:
        """Revokes each side is liable for (Laws 65, 85), given the dealer's side."""
        if not self.revokes:
            return counts(0, 0)
        dealers = sum(1 for revoke in self.revokes if revoke.penalised and revoke.position.deals)
        theirs = sum(1 for revoke in self.revokes if not revoke.position.deals)
        return _pair(dealer, dealers, theirs)


def trick_winner(cards: Sequence[Card], trump: Trump) -> int:
    """Which card of a trick (0 for the card led) wins it: the highest trump, else the
    highest card of the suit led."""
    suit = Suit.of(trump)
    return winning_card([card.index for card in cards], NO_TRUMP_SUIT if suit is None else suit)


def winning_card(cards: Sequence[int], trump: int) -> int:
    """`trick_winner` on card numbers, `trump` a suit's number or NO_TRUMP_SUIT."""
    led = SUIT_OF[cards[0]]
    best, winner = -1, 0
    for place, card in enumerate(cards):
        suit = SUIT_OF[card]
        strength = card + 200 if suit == trump else card + 100 if suit == led else 0
        if strength > best:
            best, winner = strength, place
    return winner


def _pair(dealer: Side, dealers: int, theirs: int) -> Pair[int]:
    return counts(dealers, theirs) if dealer is Side.WE else counts(theirs, dealers)


@lru_cache(maxsize=256)
def counts(we: int, they: int) -> Pair[int]:
    """A pair of small counts, made once and shared: pairs are immutable."""
    return Pair(we, they)


def play_out(hands: Hands, trump: Trump, tricks: Sequence[Sequence[Card]]) -> CardPlay:
    """The thirteen tricks of a deal, each as its cards were played from its leader; refused
    with a CardError naming the trick and the card if the play could not have happened."""
    if len(tricks) != TRICKS:
        raise CardError(f"play must have {TRICKS} tricks (got {len(tricks)})", field="play")
    order: list[int] = []
    for number, trick in enumerate(tricks, 1):
        if len(trick) != 4:
            raise CardError(
                f"play: trick {number} must have 4 cards, one from each hand (got {len(trick)})",
                field="play",
            )
        order += (card.index for card in trick)
    return _played(hands, trump, order)


def read_play(hands: Hands, trump: Trump, data: object) -> CardPlay:
    """`play` of elwell-rubber/1: thirteen tricks, each a list of four cards ("D4") in the
    order played, the first led by the dealer's left."""
    return card_play(hands, trump, played_numbers(hands, trump, data))


# A play worked out, on numbers: the cards in the order played, each trick's winner, and
# every revoke as (trick, position, card), the dummy's among them.
type Played = tuple[tuple[int, ...], bytes, tuple[tuple[int, int, int], ...]]


def card_play(hands: Hands, trump: Trump, played: Played) -> CardPlay:
    order, winners, revokes = played
    return CardPlay(hands, trump, order, winners, _revokes(revokes))


def played_numbers(hands: Hands, trump: Trump, data: object) -> Played:
    """`read_play`'s work, left on numbers."""
    if type(data) is not list:
        raise CardError(
            f"play must be a list of {TRICKS} tricks, each a list of 4 cards (got {shown(data)})",
            field="play",
        )
    if len(data) != TRICKS:
        raise CardError(f"play must have {TRICKS} tricks (got {len(data)})", field="play")
    if set(map(type, data)) != {list} or list(map(len, data)) != _FOUR_A_TRICK:
        _refuse_cards(data)
    try:
        winners, revokes, order = _run_names(hands.masks, TRUMP_SUIT[trump], data)
    except (KeyError, TypeError, _Otherwise):  # a card that is none, a play that could not be
        order = _card_numbers(data)
        try:
            winners, revokes = run_play(hands.masks, Position.LEFT, TRUMP_SUIT[trump], order)
        except PlayFault as fault:
            raise CardError(f"play: {fault.words(_POSITION_WORDS)}", field="play") from None
    return tuple(order), bytes(winners), tuple(revokes)


def tricks_of(played: Played, dealer: Side) -> Pair[int]:
    """Tricks won in play by each side, given the dealer's side."""
    winners = played[1]
    dealers = winners.count(0) + winners.count(2)  # the dealer's and his partner's
    return _pair(dealer, dealers, len(winners) - dealers)


def revokes_of(played: Played, dealer: Side) -> Pair[int]:
    """Revokes each side is liable for (Laws 65, 85), given the dealer's side."""
    revokes = played[2]
    if not revokes:
        return counts(0, 0)
    dealers = sum(1 for _, seat, _ in revokes if seat == Position.DEALER)
    theirs = sum(1 for _, seat, _ in revokes if seat % 2)
    return _pair(dealer, dealers, theirs)


def _card_numbers(data: list[list[object]]) -> list[int]:
    """The cards' numbers, or a CardError naming the first that is no card."""
    try:
        order = list(map(CARD_INDEX.get, chain.from_iterable(data)))  # type: ignore[arg-type]
    except TypeError:  # a card that is a list or an object
        order = [None]
    if None in order:
        _refuse_cards(data)
    return order  # type: ignore[return-value]


class _Otherwise(Exception):
    """The quick way cannot vouch for this play: the careful one is to name its fault."""


def _run_names(
    held: tuple[int, int, int, int], trump: int, data: list[list[str]]
) -> tuple[bytearray, list[tuple[int, int, int]], list[int]]:
    """`run_play` for a play as elwell-rubber/1 gives it, its cards named, the first trick
    led by the dealer's left: the same winners and revokes, in one pass over the cards
    with less work. Who played each card is checked at the end, all at once: each hand's
    cards, as its turns assign them, must be exactly the cards it was dealt (so each was
    played once, a hand playing thirteen times). Raises _Otherwise, or KeyError or
    TypeError for a card that is not one, for `run_play` to find and name the fault."""
    bits, suits, suit_masks = BIT, SUIT_OF, SUIT_MASKS
    strengths = STRENGTHS[trump]
    played = [0, 0, 0, 0]
    winners = bytearray()
    revokes: list[tuple[int, int, int]] = []
    order = list(map(CARD_INDEX.__getitem__, chain.from_iterable(data)))
    leader = int(Position.LEFT)
    for number, (a, b, c, d) in enumerate(batched(order, 4), 1):
        led = suits[a]
        strength = strengths[led]
        turn, best = 0, strength[a]
        if strength[b] > best:
            turn, best = 1, strength[b]
        if strength[c] > best:
            turn, best = 2, strength[c]
        if strength[d] > best:
            turn = 3
        left, across, right = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
        if suits[b] != led or suits[c] != led or suits[d] != led:
            # Someone did not follow: a revoke if he still held the suit led (Law 85).
            following = suit_masks[led]
            if suits[b] != led and held[left] & ~played[left] & following:
                revokes.append((number, left, b))
            if suits[c] != led and held[across] & ~played[across] & following:
                revokes.append((number, across, c))
            if suits[d] != led and held[right] & ~played[right] & following:
                revokes.append((number, right, d))
        played[leader] |= bits[a]
        played[left] |= bits[b]
        played[across] |= bits[c]
        played[right] |= bits[d]
        leader = (leader + turn) & 3
        winners.append(leader)
    if tuple(played) != held:
        raise _Otherwise
    return winners, revokes, order


def _revokes(revokes: Sequence[tuple[int, int, int]]) -> tuple[Revoke, ...]:
    if not revokes:
        return ()
    return tuple(Revoke(trick, Position(seat), CARDS[card]) for trick, seat, card in revokes)


_FOUR_A_TRICK = [4] * TRICKS


def _refuse_cards(data: Sequence[object]) -> None:
    """The trick or the card of a play that is not one, named."""
    for number, trick in enumerate(data, 1):
        if type(trick) is not list or len(trick) != 4:
            raise CardError(
                f"play: trick {number} must be a list of 4 cards, one from each hand, in the "
                f"order played (got {shown(trick)})",
                field="play",
            )
        for card in trick:
            if type(card) is not str or card not in CARD_INDEX:
                raise CardError(
                    f"play: trick {number}: {shown(card)} is not a card ({CARD_FORM})",
                    field="play",
                )


def _played(hands: Hands, trump: Trump, order: list[int]) -> CardPlay:
    try:
        winners, revokes = run_play(hands.masks, Position.LEFT, TRUMP_SUIT[trump], order)
    except PlayFault as fault:
        raise CardError(f"play: {fault.words(_POSITION_WORDS)}", field="play") from None
    return card_play(hands, trump, (tuple(order), bytes(winners), tuple(revokes)))


# -- The work, on numbers -------------------------------------------------------------------


def run_play(
    held: Sequence[int], first: int, trump: int, order: Sequence[int]
) -> tuple[bytearray, list[tuple[int, int, int]]]:
    """Play the cards `order` (card numbers in the order played, four a trick, each trick
    from its leader) from the four hands `held` (bitmasks, in seats numbered clockwise), the
    first trick led by seat `first`, `trump` the trump suit's number or NO_TRUMP_SUIT.
    Returns each trick's winner and every revoke as (trick, seat, card) — the dummy's among
    them, for the caller to excuse — or raises PlayFault for a card its player could not
    have played."""
    remaining = list(held)
    winners = bytearray()
    revokes: list[tuple[int, int, int]] = []
    bits, suits, suit_masks, strengths = BIT, SUIT_OF, SUIT_MASKS, STRENGTHS[trump]
    leader = first
    for start in range(0, len(order), 4):
        card = order[start]
        bit = bits[card]
        if not remaining[leader] & bit:
            raise PlayFault(held, order, start, leader, leader)
        remaining[leader] ^= bit
        led = suits[card]
        strength, following = strengths[led], suit_masks[led]
        best, winner = strength[card], leader
        for turn in (1, 2, 3):
            seat = (leader + turn) & 3
            card = order[start + turn]
            bit = bits[card]
            if not remaining[seat] & bit:
                raise PlayFault(held, order, start + turn, seat, leader)
            remaining[seat] ^= bit
            if not bit & following and remaining[seat] & following:
                revokes.append((start // 4 + 1, seat, card))
            if strength[card] > best:
                best, winner = strength[card], seat
        winners.append(winner)
        leader = winner
    return winners, revokes


BIT: tuple[int, ...] = tuple(1 << index for index in range(52))
# What each card is worth in a trick, by the trump (a suit's number, or NO_TRUMP_SUIT) and
# the suit led: a trump above any card of the suit led, that above the rest, which cannot
# win; within a suit, the higher card's number is the higher.
STRENGTHS: dict[int, tuple[tuple[int, ...], ...]] = {
    trump: tuple(
        tuple(
            card + 200 if SUIT_OF[card] == trump else card + 100 if SUIT_OF[card] == led else 0
            for card in range(52)
        )
        for led in range(4)
    )
    for trump in (NO_TRUMP_SUIT, 0, 1, 2, 3)
}


class PlayFault(Exception):
    """A card its player could not have played, for the caller to say in its own names for
    the seats."""

    def __init__(
        self, held: Sequence[int], order: Sequence[int], place: int, seat: int, leader: int
    ) -> None:
        card = order[place]
        self.trick = place // 4 + 1
        self.seat = seat  # whose turn it was
        self.card = card
        self.holder = next(s for s, mask in enumerate(held) if mask >> card & 1)
        self.leader = leader
        # The trick the card was played in already, if it was.
        before = list(order[:place])
        self.played_in = before.index(card) // 4 + 1 if card in before else None
        super().__init__(self.words(("seat 0", "seat 1", "seat 2", "seat 3")))

    def words(self, names: Sequence[str]) -> str:
        """What is wrong, in a sentence naming the seats by `names`: "trick 4: the dealer's
        partner played the C4, which he did not hold (the dealer held it)"."""
        card, trick, played_in = CARDS[self.card], self.trick, self.played_in
        when = (
            ""
            if played_in is None
            else "earlier in the trick"
            if played_in == trick
            else f"in trick {played_in}"
        )
        if self.holder == self.seat:  # his own card, played before
            return f"trick {trick}: the {card} was played already, {when}"
        if self.seat == self.leader and played_in is None:
            if trick == 1:
                rule = f"{names[self.leader]}, on the dealer's left, leads to the first trick"
            else:
                rule = f"{names[self.leader]} won trick {trick - 1} and leads to trick {trick}"
            return f"trick {trick} was led by {names[self.holder]} (the {card}), but {rule}"
        played = "" if played_in is None else f", and played it {when}"
        return (
            f"trick {trick}: {names[self.seat]} played the {card}, which he did not hold "
            f"({names[self.holder]} held it{played})"
        )


_POSITION_WORDS = tuple(position.label for position in POSITIONS)
