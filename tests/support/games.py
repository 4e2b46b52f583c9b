"""Deals written briefly, and random valid rubbers, for Three-handed Bridge and Short Whist.

The same recipe as tests/support/rubbers.py (whose Bridge deals three-handed rubbers reuse): random
rubbers from a source of choices, drawn by hypothesis in the property tests and by
random.Random in the benchmark.
"""

from __future__ import annotations

from dataclasses import replace

from scorer.engine import (
    Pair,
    Penalty,
    Revoke,
    Side,
    ThreeHandedRules,
    Trump,
    Unit,
    WhistDeal,
    work_out,
    work_out_whist,
)
from scorer.engine.model import Deal
from tests.support.rubbers import Choose, random_deal

SUITS = (Trump.SPADES, Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS)
PENALTIES = tuple(Penalty)


def whist(
    tricks: tuple[int, int] = (7, 6),
    honours: tuple[int, int] = (2, 2),
    *,
    trump: str = "H",
    dealer: str = "we",
    revokes: tuple[tuple[str, str], ...] = (),
) -> WhistDeal:
    """A Whist deal in a line: tricks and honours as (we, they), revokes as (by, penalty).

    Honours default to two each, which score nothing (Law 3), so that a test about tricks
    is not disturbed by them.
    """
    return WhistDeal(
        dealer=Side(dealer),
        trump=Trump(trump),
        tricks=Pair(*tricks),
        honours=Pair(*honours),
        revokes=tuple(Revoke(Side(by), Penalty(penalty)) for by, penalty in revokes),
    )


def the_rubber_of_the_format() -> list[WhistDeal]:
    """SCORING.md's whist-sheet/1: We win a double, They a single, We a treble."""
    return [
        whist((7, 6), (3, 1)),  # We 1 + 2 honours
        whist((5, 8)),  # They 2
        whist((8, 5)),  # We 2: 5 to 2, a double
        whist((9, 4)),  # We 3
        whist((3, 10)),  # They 4
        whist((6, 7)),  # They 1: 5 to 3, a single
        whist((10, 3), (4, 0)),  # We 4 by cards and honours: a treble
    ]


def random_three_handed_rules(choose: Choose) -> ThreeHandedRules:
    limit = (None, 100, 200)[choose(0, 2)]
    unit = (Unit.RUBBER, Unit.GAME)[choose(0, 1)]
    return ThreeHandedRules(limit, bool(choose(0, 1)), unit)


def random_three_handed_deal(
    choose: Choose, rules: ThreeHandedRules, standing: Pair[int], dealer: Side
) -> Deal:
    """A Bridge deal that three players may make: We's dealer, who has seen the two hands,
    never redoubles."""
    deal = random_deal(choose, rules, standing, dealer)
    if dealer is Side.WE and deal.doubles > 1:
        deal = replace(deal, doubles=1)
    return deal


def random_three_handed_rubber(
    choose: Choose, rules: ThreeHandedRules, most_deals: int = 30
) -> list[Deal]:
    """A rubber (or game) played to its end, or cut off after most_deals; one in four is
    then cut short, as one in progress."""
    deals: list[Deal] = []
    dealer = (Side.WE, Side.THEY)[choose(0, 1)]
    sheet = work_out(deals, rules)
    while not sheet.finished and len(deals) < most_deals:
        deals.append(random_three_handed_deal(choose, rules, sheet.game.points, dealer))
        dealer = dealer.other
        sheet = work_out(deals, rules)
    if choose(0, 3) == 0:
        deals = deals[: choose(0, len(deals))]
    return deals


def _rarely(choose: Choose, most: int, odds: int) -> int:
    """0 mostly; from 1 to `most` about most / (odds + most) of the time."""
    return max(0, choose(0, odds + most - 1) - (odds - 1))


def random_whist_deal(choose: Choose, dealer: Side) -> WhistDeal:
    we = choose(0, 6) + choose(0, 7)  # bunched around seven, as play goes
    honours = sum(choose(0, 1) for _ in range(4))
    revokes = tuple(
        Revoke((Side.WE, Side.THEY)[choose(0, 1)], PENALTIES[choose(0, 2)])
        for _ in range(_rarely(choose, 2, odds=12))
    )
    return WhistDeal(
        dealer, SUITS[choose(0, 3)], Pair(we, 13 - we), Pair(honours, 4 - honours), revokes
    )


def random_whist_rubber(choose: Choose, most_deals: int = 40) -> list[WhistDeal]:
    """A Whist rubber played to its end, or cut off after most_deals; one in four is then
    cut short, as a rubber in progress."""
    deals: list[WhistDeal] = []
    dealer = (Side.WE, Side.THEY)[choose(0, 1)]
    sheet = work_out_whist(deals)
    while not sheet.finished and len(deals) < most_deals:
        deals.append(random_whist_deal(choose, dealer))
        dealer = dealer.other
        sheet = work_out_whist(deals)
    if choose(0, 3) == 0:
        deals = deals[: choose(0, len(deals))]
    return deals
