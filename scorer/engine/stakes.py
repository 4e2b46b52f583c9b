"""What a rubber is worth and to whom, in money as in points: the value agreed, each
player's share of it, and how the club's stake is reckoned (Law 11 at Bridge, Laws 9 and
10 at Whist)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from scorer.engine.model import Side
from scorer.engine.seats import SEATS, adversaries_of, partner_of, side_of_seat
from scorer.engine.tally import ScoreSheet


class Staked(StrEnum):
    """How the club's stake is reckoned: so much a hundred points, or so much a point."""

    points: int
    label: str

    def __new__(cls, code: str, points: int, label: str) -> Staked:
        member = str.__new__(cls, code)
        member._value_ = code
        member.points = points
        member.label = label
        return member

    PER_HUNDRED = ("hundred", 100, "a hundred points")
    PER_POINT = ("point", 1, "a point")

    def amount(self, points: int, stake: Decimal) -> Decimal:
        """The money for `points` at `stake` the hundred (or the point)."""
        return Decimal(points) * stake / self.points


@dataclass(frozen=True, slots=True)
class Share:
    """One player's part of the rubber's value: the seats he sits in, counted round the
    table from We's first seat (We 0 and 2, They 1 and 3), the points he gains (negative
    when he loses them), and the seats of his partners and of his adversaries."""

    seats: tuple[int, ...]
    points: int
    partners: tuple[int, ...]
    adversaries: tuple[int, ...]


def rubber_value(sheet: ScoreSheet, *, abandoned_counts: bool) -> int:
    """What the rubber is worth to We if agreed now: the difference of the totals once won
    (Law 11 at Bridge, Law 10 at Whist); if abandoned unwon, the points as they stand, or
    nothing, as the club's rule was when the rubber began."""
    if sheet.finished or abandoned_counts:
        return sheet.net.we
    return 0


def four_shares(value: int) -> tuple[Share, ...]:
    """Partners opposite: We in seats 0 and 2 gain the value, They in 1 and 3 lose it."""
    return tuple(
        Share(
            (seat,),
            value if side_of_seat(seat) is Side.WE else -value,
            (partner_of(seat),),
            adversaries_of(seat),
        )
        for seat in SEATS
    )


@dataclass(frozen=True, slots=True)
class Stakes:
    """A game's money: how its stake is reckoned, and each player's share of a rubber's
    value (four players each gain or lose it once, unless the game says otherwise). What the
    rubber is worth is reckoned alike in every game (`rubber_value`)."""

    staked: Staked
    shares: Callable[[int], tuple[Share, ...]] = four_shares
    value = staticmethod(rubber_value)
