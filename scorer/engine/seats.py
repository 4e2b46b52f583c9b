"""Who sits where: the four seats round the table, partners opposite (Law 18), and who
deals next (Law 32).

Seats are counted round the table to the left from We's first: We in 0 and 2, They in 1
and 3. Every question of seats is answered here, so that nothing else counts round the
table.
"""

from __future__ import annotations

from scorer.engine.model import Side, Unit

SEATS = (0, 1, 2, 3)


def side_of_seat(seat: int) -> Side:
    """Seats run round the table to the left from 0: the even seats are We, the odd They,
    so that the deal passes from side to side and partners sit opposite."""
    return Side.WE if seat % 2 == 0 else Side.THEY


def partner_of(seat: int) -> int:
    """The seat opposite."""
    return (seat + 2) % 4


def adversaries_of(seat: int) -> tuple[int, int]:
    """The seats to the left and the right."""
    return ((seat + 1) % 4, (seat + 3) % 4)


def seats_of(side: Side) -> tuple[int, int]:
    """A side's two seats: We 0 and 2, They 1 and 3."""
    first = 0 if side is Side.WE else 1
    return (first, first + 2)


def next_dealer(dealer: int) -> int:
    """The seat that deals after `dealer`: the deal passes to the left (Law 32)."""
    return (dealer + 1) % 4


class FourPlayers:
    """Four players, each in his own seat, partners opposite (Bridge and Short Whist): the
    same four play the next rubber at the table, in the same seats."""

    number_of_players = 4
    seats: tuple[int, ...] = SEATS
    cuts: tuple[str, ...] = ("deal", "partners")
    units: tuple[Unit, ...] = (Unit.RUBBER,)

    def player_at(self, seat: int) -> int:
        return seat

    def seat_label(self, seat: int, name: str) -> str:
        return name

    def next_seating(self, players: tuple[int, ...]) -> tuple[int, ...]:
        return players


FOUR_PLAYERS = FourPlayers()
