"""Honours and chicane counted from the hands, for the trump declared (§9; Laws 5, 6, 9).

Honours are the ace, king, queen, knave and ten of the trump suit, or the four aces at
no-trump (Law 5), credited to the hands that held them, whoever declared (Law 6). Chicane
is a hand with no trump, and there is none at no-trump (Law 9).
"""

from __future__ import annotations

from functools import lru_cache

from scorer.engine.cards.cards import HONOUR_MASKS, SUIT_MASKS, Suit
from scorer.engine.cards.hands import Hands
from scorer.engine.model import Holding, Pair, Side, Trump


def honours_by_hand(hands: Hands, trump: Trump) -> tuple[int, int, int, int]:
    """The honours (aces at no-trump) each hand held, by position from the dealer."""
    honours = HONOUR_MASKS[trump]
    dealer, left, partner, right = hands.masks
    return (
        (dealer & honours).bit_count(),
        (left & honours).bit_count(),
        (partner & honours).bit_count(),
        (right & honours).bit_count(),
    )


def void_by_hand(hands: Hands, trump: Trump) -> tuple[bool, bool, bool, bool]:
    """Which hands held no trump, by position from the dealer; none at no-trump."""
    suit = Suit.of(trump)
    if suit is None:
        return (False, False, False, False)
    trumps = SUIT_MASKS[suit]
    dealer, left, partner, right = hands.masks
    return (not dealer & trumps, not left & trumps, not partner & trumps, not right & trumps)


def honours_of(hands: Hands, trump: Trump, dealer: Side) -> Pair[Holding]:
    """Each side's honours as the sheet takes them (`Play.honours`): the dealer's side's as
    (the dealer's, his partner's), the other's as (the leader's, his partner's)."""
    by_hand = honours_by_hand(hands, trump)
    return _sides(dealer, (by_hand[0], by_hand[2]), (by_hand[1], by_hand[3]))


def chicane_of(hands: Hands, trump: Trump, dealer: Side) -> Pair[int]:
    """Each side's hands void of trumps (`Play.chicane`)."""
    if trump is Trump.NO_TRUMP:
        return _pair(0, 0)
    void = void_by_hand(hands, trump)
    return _sides(dealer, void[0] + void[2], void[1] + void[3])


def _sides[T](dealer: Side, dealers: T, theirs: T) -> Pair[T]:
    return _pair(dealers, theirs) if dealer is Side.WE else _pair(theirs, dealers)


@lru_cache(maxsize=1024)
def _pair[T](we: T, they: T) -> Pair[T]:
    """Counts are small and pairs immutable: each pair is made once and shared."""
    return Pair(we, they)
