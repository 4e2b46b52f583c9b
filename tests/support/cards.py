"""Random deals and random legal plays of them, and deals written briefly.

One recipe from a source of choices, as in `rubbers.py`: hypothesis draws the choices in
the property tests (so failures shrink), random.Random in the benchmarks. The play is
worked out here on its own, plainly, card by card (who wins each trick, who leads next),
so that the engine's answers are checked against a second reckoning rather than against
themselves.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from scorer.engine import Side, Trump
from tests.support.rubbers import Choose

SUITS = "SHDC"
RANKS = "23456789TJQKA"  # upwards
PACK = [suit + rank for suit in SUITS for rank in RANKS]
POSITIONS = ("dealer", "left", "partner", "right")  # round the table to the left
TRUMPS = tuple(Trump)


def seeded(seed: int) -> Choose:
    rng = random.Random(seed)

    def choose(lo: int, hi: int) -> int:
        return rng.randint(lo, hi)

    return choose


def random_hands(choose: Choose) -> dict[str, list[str]]:
    """Four hands of thirteen, by position from the dealer, from a shuffle of the pack."""
    pack = list(PACK)
    for last in range(51, 0, -1):
        other = choose(0, last)
        pack[last], pack[other] = pack[other], pack[last]
    return {position: pack[13 * n : 13 * n + 13] for n, position in enumerate(POSITIONS)}


def hand_text(cards: Sequence[str]) -> str:
    """A hand as PBN writes it: spades.hearts.diamonds.clubs, each suit high to low."""
    return ".".join(
        "".join(sorted((card[1] for card in cards if card[0] == suit), key=RANKS.index)[::-1])
        for suit in SUITS
    )


def beats(card: str, best: str, led: str, trump: str | None) -> bool:
    """Whether `card` takes the trick from `best`, the suit `led` first (§9)."""
    if card[0] == best[0]:
        return RANKS.index(card[1]) > RANKS.index(best[1])
    return card[0] == trump


def random_play(
    choose: Choose, hands: dict[str, list[str]], trump: Trump, *, revoke_odds: int = 0
) -> tuple[list[list[str]], dict[str, int], list[tuple[int, str, str]]]:
    """A legal play of the hands: each player follows suit when he can, but, one time in
    `revoke_odds` (never when 0), plays another suit while he holds the one led. Returns
    the tricks as played, the tricks each position won, and the renounces (trick,
    position, card), the dummy's among them."""
    trump_suit = None if trump is Trump.NO_TRUMP else trump.value
    left = {position: list(cards) for position, cards in hands.items()}
    tricks, won, revokes = [], dict.fromkeys(POSITIONS, 0), []
    leader = 1  # the leader, on the dealer's left
    for number in range(1, 14):
        trick: list[str] = []
        led = best = ""
        winner = leader
        for turn in range(4):
            seat = (leader + turn) % 4
            position = POSITIONS[seat]
            held = left[position]
            following = [card for card in held if card[0] == led]
            others = [card for card in held if card[0] != led]
            if turn and following and others and revoke_odds and choose(1, revoke_odds) == 1:
                card = others[choose(0, len(others) - 1)]
                revokes.append((number, position, card))
            else:
                choices = following or held
                card = choices[choose(0, len(choices) - 1)]
            held.remove(card)
            trick.append(card)
            if not turn:
                led, best = card[0], card
            elif beats(card, best, led, trump_suit):
                best, winner = card, seat
        tricks.append(trick)
        won[POSITIONS[winner]] += 1
        leader = winner
    return tricks, won, revokes


def honours_held(hands: dict[str, list[str]], trump: Trump) -> dict[str, int]:
    """Honours (aces at no-trump) in each hand, counted plainly (Law 5)."""
    if trump is Trump.NO_TRUMP:
        honours = {suit + "A" for suit in SUITS}
    else:
        honours = {trump.value + rank for rank in "AKQJT"}
    return {position: len(honours & set(cards)) for position, cards in hands.items()}


def random_deal_json(choose: Choose, *, revoke_odds: int = 0) -> dict[str, object]:
    """A deal of elwell-rubber/1 given by its cards and its play."""
    trump = TRUMPS[choose(0, 4)]
    hands = random_hands(choose)
    tricks, _, _ = random_play(choose, hands, trump, revoke_odds=revoke_odds)
    return {
        "dealer": (Side.WE, Side.THEY)[choose(0, 1)].value,
        "maker": ("dealer", "partner")[choose(0, 1)],
        "trump": trump.value,
        "doubles": 0,
        "hands": {position: hand_text(cards) for position, cards in hands.items()},
        "play": tricks,
    }


def played_deals(count: int, seed: int = 1905) -> list[str]:
    """`count` random played deals as JSON text, for the benchmarks."""
    choose = seeded(seed)
    return [json.dumps(random_deal_json(choose, revoke_odds=40)) for _ in range(count)]


def completed(
    hands: dict[str, str], trump: Trump, start: Sequence[Sequence[str]]
) -> list[list[str]]:
    """The play that begins with the tricks `start` (each from its leader, as played)
    and goes on to the thirteenth, each player following suit with his lowest card when he
    can, else throwing his lowest; worked out plainly, as `random_play` does."""
    trump_suit = None if trump is Trump.NO_TRUMP else trump.value
    left = {position: _cards(text) for position, text in hands.items()}
    tricks: list[list[str]] = []
    leader = 1
    for number in range(13):
        given = start[number] if number < len(start) else None
        trick: list[str] = []
        led = best = ""
        winner = leader
        for turn in range(4):
            seat = (leader + turn) % 4
            held = left[POSITIONS[seat]]
            if given is not None:
                card = given[turn]
            else:
                following = [card for card in held if card[0] == led]
                card = min(following or held, key=lambda c: (RANKS.index(c[1]), c[0]))
            held.remove(card)
            trick.append(card)
            if not turn:
                led, best = card[0], card
            elif beats(card, best, led, trump_suit):
                best, winner = card, seat
        tricks.append(trick)
        leader = winner
    return tricks


def _cards(hand: str) -> list[str]:
    return [
        suit + rank for suit, ranks in zip(SUITS, hand.split("."), strict=True) for rank in ranks
    ]
