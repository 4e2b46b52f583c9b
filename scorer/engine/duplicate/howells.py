"""The complete Howell movements for 2 to 7 tables (4 to 14 pairs), as published schedules
give them: every pair meets every other once and plays every board set once.

A published Howell is printed as its first round, the seating and the board set at each
table, and one rule for the rounds after: the highest pair stays where it is; every other
pair takes, at the next round, the place pair number one below it held (pair 1 that of the
highest moving pair), and each table's boards are the next set. The guide cards print the
result round by round; `movements.howell` works it out the same way, and the movement
checker verifies every schedule before it is offered.

Sources (each schedule's first round, with its board sets):
- 3 to 7 tables: the schedules of the thebridsk/bridgescorer project's movement files
  (Howell06T3B20, Howell08T4B21, Howell10T5B18, Howell12T6B22, Howell14T7B26), the
  usual club Howells of the ACBL's guide cards. Where another published source shows
  them, they agree: the 7-table movement's card for table 1 (pairs 5 and 12 on boards 1–2,
  then 6 and 13 on boards 3–4) is the ACBL guide card reproduced by BridgeHands
  ("Guide Card"); its boards, and the 5-table movement's, go to relays between the last
  table and table 1, as the EBU's movement lists say; the 4-table movement's first round
  (8–1, 2–7, 3–6, 5–4) is the base skeleton of I. McKinnon's "Deriving Howell movements"
  (bridgecentral.com).
- 3 tables: the boards of a round are two half-sets, not one set, so that five rounds of
  three tables play each of ten half-sets three times; its rounds are given in full.
- 2 tables: no schedule with a set of its own at each table can play every board once for
  each pair (each round's two sets, three rounds, four pairs: a short search shows none),
  so both tables play the same set each round, passing the boards across during it, as a
  two-table game does. It is constructed here, not taken from a published card.
"""

from __future__ import annotations

# A table in the first round: (table, North–South pair, East–West pair, board set).
Seat = tuple[int, int, int, int]

# Round 1 of each Howell whose rounds follow the published rule, by its number of tables.
FIRST_ROUNDS: dict[int, tuple[Seat, ...]] = {
    4: ((1, 8, 1, 1), (2, 3, 6, 4), (3, 2, 7, 6), (4, 5, 4, 7)),
    5: ((1, 7, 3, 1), (2, 5, 2, 2), (3, 10, 1, 3), (4, 9, 8, 4), (5, 4, 6, 5)),
    6: (
        (1, 12, 1, 1),
        (2, 6, 7, 4),
        (3, 11, 4, 6),
        (4, 3, 9, 8),
        (5, 2, 5, 9),
        (6, 10, 8, 11),
    ),
    7: (
        (1, 5, 12, 1),
        (2, 2, 4, 2),
        (3, 9, 10, 3),
        (4, 14, 1, 4),
        (5, 8, 13, 5),
        (6, 7, 11, 6),
        (7, 6, 3, 7),
    ),
}

# A table in a round given in full: (table, North–South, East–West, the sets played).
Played = tuple[int, int, int, tuple[int, ...]]

# The 3-table Howell round by round, its boards in ten half-sets (two a round).
THREE_TABLES: tuple[tuple[Played, ...], ...] = (
    ((1, 6, 1, (1, 2)), (2, 4, 3, (3, 9)), (3, 2, 5, (6, 8))),
    ((1, 6, 2, (3, 4)), (2, 5, 4, (1, 5)), (3, 3, 1, (8, 10))),
    ((1, 6, 3, (5, 6)), (2, 1, 5, (3, 7)), (3, 4, 2, (2, 10))),
    ((1, 6, 4, (7, 8)), (2, 2, 1, (5, 9)), (3, 5, 3, (2, 4))),
    ((1, 6, 5, (9, 10)), (2, 3, 2, (1, 7)), (3, 1, 4, (4, 6))),
)

# The 2-table Howell: both tables play the round's set, sharing its boards.
TWO_TABLES: tuple[tuple[Played, ...], ...] = (
    ((1, 4, 1, (1,)), (2, 2, 3, (1,))),
    ((1, 4, 2, (2,)), (2, 3, 1, (2,))),
    ((1, 4, 3, (3,)), (2, 1, 2, (3,))),
)
