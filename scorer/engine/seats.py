"""Who sits where: the four seats round the table, partners opposite (Law 18)."""

from __future__ import annotations

from scorer.engine.model import Side

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
