"""Deals written briefly, and random valid rubbers.

One recipe makes random rubbers from a source of choices: hypothesis draws them in the
property tests (so failures shrink), random.Random draws them in the benchmark.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scorer.engine import (
    Deal,
    Maker,
    Pair,
    Play,
    Rules,
    Side,
    Trump,
    most_doubles,
    work_out,
)

# choose(lo, hi): a whole number from lo to hi inclusive.
Choose = Callable[[int, int], int]

TRUMPS = tuple(Trump)


def deal(
    trump: str = "H",
    tricks: tuple[int, int] | None = (7, 6),
    honours: tuple[Sequence[int], Sequence[int]] | None = None,
    *,
    dealer: str = "we",
    maker: str = "dealer",
    doubles: int = 0,
    chicane: tuple[int, int] = (0, 0),
    revokes: tuple[int, int] = (0, 0),
) -> Deal:
    """A deal in a line: tricks and honours as (we, they); tricks=None is not played.

    Honours default to a split that scores nothing at no-trump and 3 for They otherwise,
    so that a test about tricks is not disturbed by them.
    """
    made = Trump(trump)
    if honours is None:
        honours = ((1, 1), (1, 1)) if made is Trump.NO_TRUMP else ((1, 1), (2, 1))
    play = None
    if tricks is not None:
        we, they = honours
        play = Play(
            tricks=Pair(*tricks),
            honours=Pair((we[0], we[1]), (they[0], they[1])),
            chicane=Pair(*chicane),
            revokes=Pair(*revokes),
        )
    return Deal(Side(dealer), made, Maker(maker), doubles, play)


def random_rules(choose: Choose) -> Rules:
    limit = (None, 100, 200)[choose(0, 2)]
    return Rules(doubling_limit=limit, spade_convention=bool(choose(0, 1)))


def random_play(choose: Choose, trump: Trump) -> Play:
    hands = [0, 0, 0, 0]  # We's two hands, then They's
    for _ in range(4 if trump is Trump.NO_TRUMP else 5):
        hands[choose(0, 3)] += 1
    chicane = [0, 0]
    if trump is not Trump.NO_TRUMP:
        for side in (0, 1):
            chicane[side] = _rarely(choose, hands[2 * side : 2 * side + 2].count(0), odds=12)
    we = choose(0, 6) + choose(0, 7)  # bunched around seven, as play goes
    return Play(
        tricks=Pair(we, 13 - we),
        honours=Pair((hands[0], hands[1]), (hands[2], hands[3])),
        chicane=Pair(chicane[0], chicane[1]),
        revokes=Pair(_rarely(choose, 2, odds=30), _rarely(choose, 2, odds=30)),
    )


def _rarely(choose: Choose, most: int, odds: int) -> int:
    """0 mostly; from 1 to `most` about most / (odds + most) of the time."""
    return max(0, choose(0, odds + most - 1) - (odds - 1))


def random_deal(choose: Choose, rules: Rules, standing: Pair[int], dealer: Side) -> Deal:
    trump = TRUMPS[choose(0, 4)]
    most = most_doubles(trump, rules.doubling_limit)
    doubles = _rarely(choose, 3 if most is None else min(3, most), odds=9)
    maker = (Maker.DEALER, Maker.PARTNER)[choose(0, 1)]
    may_go_unplayed = (
        rules.spade_convention
        and trump is Trump.SPADES
        and doubles == 0
        and max(standing.we, standing.they) < 20
    )
    play = None if may_go_unplayed and choose(0, 1) else random_play(choose, trump)
    return Deal(dealer, trump, maker, doubles, play)


def random_rubber(choose: Choose, rules: Rules, most_deals: int = 30) -> list[Deal]:
    """A rubber played to its end (or cut off after most_deals); one in four is then cut
    short, as a rubber in progress."""
    deals: list[Deal] = []
    dealer = (Side.WE, Side.THEY)[choose(0, 1)]
    sheet = work_out(deals, rules)
    while not sheet.finished and len(deals) < most_deals:
        deals.append(random_deal(choose, rules, sheet.game.points, dealer))
        dealer = dealer.other  # the deal passes to the left
        sheet = work_out(deals, rules)
    if choose(0, 3) == 0:
        deals = deals[: choose(0, len(deals))]
    return deals


def mirrored(deal: Deal) -> Deal:
    """The same deal with We and They exchanged."""
    play = deal.play
    if play is not None:
        play = Play(
            tricks=play.tricks.swapped(),
            honours=play.honours.swapped(),
            chicane=play.chicane.swapped(),
            revokes=play.revokes.swapped(),
        )
    return Deal(deal.dealer.other, deal.trump, deal.maker, deal.doubles, play)
