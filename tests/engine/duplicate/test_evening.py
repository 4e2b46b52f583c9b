"""A Duplicate evening worked out (§11): each result for points by the dealer's side, the
comparison against each direction's average and by matchpoints, worked by hand on small
boards; a board not played; shared places; a Mitchell ranked by direction and a Howell
all together; an evening in progress; a 4-table Mitchell of 16 boards and a 3-table
Howell played through."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from scorer.engine import Side
from scorer.engine.duplicate import (
    Board,
    Comparison,
    DuplicateError,
    DuplicateRules,
    Evening,
    Line,
    Lines,
    Mark,
    MovementKind,
    NotPlayed,
    Schedule,
    howell,
    mitchell,
    work_out_duplicate,
)
from tests.support.duplicate import names, random_result, result

HOWELL = DuplicateRules(MovementKind.HOWELL)
HOWELL_MATCHPOINTS = DuplicateRules(MovementKind.HOWELL, Comparison.MATCHPOINTS)

# Board 1, dealt by North, played at three tables:
# - pairs 1 v 2: hearts, North–South 9 tricks: 3 by-cards, 3 × 8 = 24, and 4 honours
#   divided, 4 × 8 = 32: North–South 56, East–West 0; North–South's net +56.
# - pairs 3 v 4: no-trump, East–West 7 tricks: 1 by-card, 12; aces easy: North–South's
#   net −12.
# - pairs 5 v 6: spades, North–South 8 tricks: 2 by-cards, 2 × 2 = 4, and 3 honours,
#   2 × 2 = 4: North–South 8; net +8.
THREE_RESULTS = (
    result(1, 1, 2, "H", (9, 4), ((3, 1), (1, 0))),
    result(1, 3, 4, "NT", (6, 7), ((1, 1), (1, 1))),
    result(1, 5, 6, "S", (8, 5), ((2, 1), (1, 1))),
)


def evening(*results, rules=HOWELL, boards=1, pairs=6):
    return Evening(rules, tuple(Board(n) for n in range(1, boards + 1)), results, names(pairs))


def test_each_result_is_scored_for_points_and_each_pair_has_its_net():
    (traveller,) = work_out_duplicate(evening(*THREE_RESULTS)).travellers
    assert [row.points for row in traveller.results] == [Lines(56, 0), Lines(0, 12), Lines(8, 0)]
    assert [row.net for row in traveller.results] == [Lines(56, -56), Lines(-12, 12), Lines(8, -8)]
    first = traveller.results[0].entries
    assert first.ns.explanation == ("Hearts, 3 by-cards: 3 × 8 = 24", "4 honours (hearts): 32")


def test_against_the_average_a_pairs_score_is_its_net_less_its_directions_average():
    # North–South's average net: (56 − 12 + 8) / 3 = 52/3; East–West's is −52/3.
    # Scores: 56 − 52/3 = 116/3; −12 − 52/3 = −88/3; 8 − 52/3 = −28/3; East–West the same
    # negated. Each direction's scores add up to nothing.
    (traveller,) = work_out_duplicate(evening(*THREE_RESULTS)).travellers
    assert traveller.average == Lines(F(52, 3), F(-52, 3))
    assert [row.score for row in traveller.results] == [
        Lines(F(116, 3), F(-116, 3)),
        Lines(F(-88, 3), F(88, 3)),
        Lines(F(-28, 3), F(28, 3)),
    ]


def test_matchpoints_give_2_for_each_pair_of_the_same_direction_beaten():
    # North–South's nets +56, −12, +8: 4, 0 and 2 matchpoints; East–West's the other way.
    score = work_out_duplicate(evening(*THREE_RESULTS, rules=HOWELL_MATCHPOINTS))
    (traveller,) = score.travellers
    assert traveller.top == 4
    assert [row.score for row in traveller.results] == [Lines(4, 0), Lines(0, 4), Lines(2, 2)]
    by_pair = {s.pair: (s.score, s.top, s.percent) for s in score.standings}
    assert by_pair[1] == (4, 4, 100)
    assert by_pair[5] == (2, 4, 50)
    assert by_pair[3] == (0, 4, 0)


def test_matchpoints_give_1_for_each_tie():
    # Four North–South nets: +50, +50, +10, −20. Each +50 beats two and ties one: 2 × 2 +
    # 1 = 5; +10 beats one: 2; −20 none: 0. East–West: 6 less each, 1, 1, 4, 6.
    results = (
        result(1, 1, 2, "NT", (10, 3), ((2, 1), (1, 0))),  # 4 by-cards, 3 aces: 48 + 30
        result(1, 3, 4, "NT", (10, 3), ((2, 1), (1, 0))),
        result(1, 5, 6, "H", (8, 5), ((1, 1), (2, 1))),  # 16, less They's 3 honours 16
        result(1, 7, 8, "D", (6, 7), ((1, 1), (2, 1))),  # They 6 and 12
    )
    (traveller,) = work_out_duplicate(
        evening(*results, rules=HOWELL_MATCHPOINTS, pairs=8)
    ).travellers
    assert [row.net.ns for row in traveller.results] == [78, 78, 0, -18]
    assert [row.score for row in traveller.results] == [
        Lines(5, 1),
        Lines(5, 1),
        Lines(2, 4),
        Lines(0, 6),
    ]


def test_a_board_not_played_scores_its_directions_average_and_is_marked():
    results = (*THREE_RESULTS, NotPlayed(1, 7, 8))
    score = work_out_duplicate(evening(*results, pairs=8))
    (traveller,) = score.travellers
    row = traveller.results[-1]
    assert (row.played, row.points, row.net, row.score) == (False, None, None, Lines(0, 0))
    assert traveller.average == Lines(F(52, 3), F(-52, 3))  # over the three who played it
    (card_row,) = score.cards[6].rows
    assert (card_row.mark, card_row.score) == (Mark.NOT_PLAYED, 0)
    seven = score.standings[6]
    assert (seven.nets, seven.score, seven.boards) == (0, 0, 0)


def test_under_matchpoints_a_board_not_played_scores_half_its_top():
    results = (*THREE_RESULTS, NotPlayed(1, 7, 8))
    score = work_out_duplicate(evening(*results, rules=HOWELL_MATCHPOINTS, pairs=8))
    assert score.travellers[0].results[-1].score == Lines(2, 2)
    assert (score.standings[7].score, score.standings[7].top, score.standings[7].percent) == (
        2,
        4,
        50,
    )


def test_places_go_by_score_and_ties_share_them():
    # A Howell ranks every pair together: 116/3 (pair 1), 88/3 (4), 28/3 (6), −28/3 (5),
    # −88/3 (3), −116/3 (2).
    score = work_out_duplicate(evening(*THREE_RESULTS))
    assert [(s.pair, s.place) for s in score.by_place()] == [
        (1, 1),
        (4, 2),
        (6, 3),
        (5, 4),
        (3, 5),
        (2, 6),
    ]
    # With pairs 5 and 6 making pairs 1 and 2's result, North–South's nets are +56, −12,
    # +56, the average 100/3: pairs 1 and 5 score 68/3 and share second place behind pair
    # 4 (136/3); pairs 2 and 6 share fourth; pair 3 is sixth.
    tied = (*THREE_RESULTS[:2], result(1, 5, 6, "H", (9, 4), ((3, 1), (1, 0))))
    places = {s.pair: s.place for s in work_out_duplicate(evening(*tied)).standings}
    assert places == {4: 1, 1: 2, 5: 2, 2: 4, 6: 4, 3: 6}


def test_places_are_decided_on_the_exact_scores_not_the_rounded_figures():
    # Boards 1–3: North–South's nets 12, 12 and 8, the average 32/3: pairs 1 and 3 score
    # 4/3 on each (written 1.33), 4 in all. Board 4: nets 24, 24 and 12, the average 20:
    # pairs 7 and 9 score 4. Three written 1.33s make 3.99, but the four pairs tie.
    nt = {12: ("NT", (7, 6)), 24: ("NT", (8, 5))}
    eight = ("S", (8, 5), ((2, 1), (1, 1)))  # 2 by-cards and 3 honours in spades
    results = (
        result(1, 1, 2, *nt[12]),
        result(1, 3, 4, *nt[12]),
        result(1, 5, 6, *eight),
        result(2, 1, 4, *nt[12]),
        result(2, 3, 6, *nt[12]),
        result(2, 5, 2, *eight),
        result(3, 1, 6, *nt[12]),
        result(3, 3, 2, *nt[12]),
        result(3, 5, 4, *eight),
        result(4, 7, 8, *nt[24]),
        result(4, 9, 10, *nt[24]),
        result(4, 11, 12, *nt[12]),
    )
    score = work_out_duplicate(evening(*results, boards=4, pairs=12))
    assert score.travellers[0].results[0].score.ns == F(4, 3)
    tied = [score.standings[pair - 1] for pair in (1, 3, 7, 9)]
    assert [s.score for s in tied] == [4, 4, 4, 4]
    assert {s.place for s in tied} == {2}  # behind pair 12, on 8


def test_the_dealers_side_declares():
    # Board 1 is dealt by North, board 2 by East, 3 by South, 4 by West.
    results = tuple(result(board, 1, 2) for board in range(1, 5))
    score = work_out_duplicate(evening(*results, boards=4, pairs=2))
    dealers = [traveller.results[0].deal.dealer for traveller in score.travellers]
    assert dealers == [Side.WE, Side.THEY, Side.WE, Side.THEY]  # North–South in We's column


# -- Mitchell and Howell -------------------------------------------------------------------

# The 3-table Mitchell, one board a set: round 1: 1 v 4 on board 1, 2 v 5 on 2, 3 v 6 on 3;
# round 2: 1 v 6 on 2, 2 v 4 on 3, 3 v 5 on 1; round 3: 1 v 5 on 3, 2 v 6 on 1, 3 v 4 on 2.
MITCHELL_RESULTS = (
    result(1, 1, 4, "NT", (8, 5)),  # +24
    result(1, 3, 5, "NT", (7, 6)),  # +12
    result(1, 2, 6, "NT", (6, 7)),  # −12
    result(2, 2, 5, "NT", (7, 6)),
    result(2, 1, 6, "NT", (7, 6)),
    result(2, 3, 4, "NT", (7, 6)),
    result(3, 3, 6, "NT", (5, 8)),  # −24
    result(3, 2, 4, "NT", (6, 7)),  # −12
    result(3, 1, 5, "NT", (6, 7)),  # −12
)


def test_a_mitchell_ranks_north_south_and_east_west_apart():
    # Board 1, average +8: pair 1 +16, 3 +4, 2 −20. Board 2: all +12, nothing. Board 3,
    # average −16: pair 3 −8, 2 +4, 1 +4. Totals: pair 1 +20, 2 −16, 3 −4; East–West
    # the boards' scores negated: pair 4 −16 + 0 − 4 = −20, 5 −4 − 4 = −8... in full:
    # 4: −16 (board 1) − 4 (board 3) = −20; 5: −4 + 0 − 4 = −8; 6: +20 + 0 + 8 = +28.
    rules = DuplicateRules(MovementKind.MITCHELL)
    score = work_out_duplicate(evening(*MITCHELL_RESULTS, rules=rules, boards=3))
    assert [(s.pair, s.direction, s.score, s.place) for s in score.standings] == [
        (1, Line.NS, 20, 1),
        (2, Line.NS, -16, 3),
        (3, Line.NS, -4, 2),
        (4, Line.EW, -20, 3),
        (5, Line.EW, -8, 2),
        (6, Line.EW, 28, 1),
    ]
    assert [s.pair for s in score.by_place(Line.EW)] == [6, 5, 4]


def test_a_howell_ranks_every_pair_together():
    score = work_out_duplicate(evening(*MITCHELL_RESULTS, boards=3))
    assert all(s.direction is None for s in score.standings)
    assert [s.pair for s in score.by_place()] == [6, 1, 3, 5, 2, 4]
    assert [s.place for s in score.by_place()] == [1, 2, 3, 4, 5, 6]


def test_a_pairs_card_lists_its_boards_with_its_direction_opponents_and_scores():
    rules = DuplicateRules(MovementKind.MITCHELL)
    card = work_out_duplicate(evening(*MITCHELL_RESULTS, rules=rules, boards=3)).cards[5]
    assert [(r.board, r.line, r.opponent, r.points, r.net, r.score) for r in card.rows] == [
        (1, Line.EW, 2, 12, 12, 20),
        (2, Line.EW, 1, 0, -12, 0),
        (3, Line.EW, 3, 24, 24, 8),
    ]


# -- An evening in progress ----------------------------------------------------------------


def test_an_evening_in_progress_marks_the_results_still_to_come():
    schedule = Schedule(mitchell(3), 1)
    rules = DuplicateRules(MovementKind.MITCHELL)
    boards = tuple(Board(n) for n in range(1, 4))
    first_round = MITCHELL_RESULTS[0], MITCHELL_RESULTS[3], MITCHELL_RESULTS[6]
    going = Evening(rules, boards, first_round, names(6), schedule)
    score = work_out_duplicate(going, in_progress=True)
    assert len(score.missing) == 6
    assert [(s.round, s.table, s.board, s.ns, s.ew) for s in score.travellers[0].missing] == [
        (2, 3, 1, 3, 5),
        (3, 2, 1, 2, 6),
    ]
    rows = score.cards[0].rows
    assert [(r.round, r.board, r.mark) for r in rows] == [
        (1, 1, None),
        (2, 2, Mark.MISSING),
        (3, 3, Mark.MISSING),
    ]
    # So far each board has one result: every score is nothing, and pair 1 has played one.
    assert (score.standings[0].boards, score.standings[0].nets, score.standings[0].score) == (
        1,
        24,
        0,
    )
    with pytest.raises(DuplicateError) as error:
        work_out_duplicate(going)
    assert str(error.value) == (
        "board 2, pairs 1 and 6: no result is recorded (round 2, table 1): record it, or "
        "that the board was not played"
    )


def test_an_evening_in_progress_gives_the_same_figures_as_a_file_once_all_are_in():
    schedule = Schedule(mitchell(3), 1)
    rules = DuplicateRules(MovementKind.MITCHELL)
    boards = tuple(Board(n) for n in range(1, 4))
    site = Evening(rules, boards, MITCHELL_RESULTS, names(6), schedule)
    file = Evening(rules, boards, MITCHELL_RESULTS, names(6))
    assert (
        work_out_duplicate(site, in_progress=True).standings == work_out_duplicate(file).standings
    )
    assert work_out_duplicate(site).missing == ()


# -- Two evenings played through -----------------------------------------------------------


def played_through(schedule, rules, seed):
    """Every result the schedule calls for, round by round, each worked out as it comes
    in: the results still missing shrink by one each time."""
    rng = random.Random(seed)
    boards = tuple(Board(n) for n in range(1, schedule.boards + 1))
    called = schedule.results()
    results = []
    for count, wanted in enumerate(called, 1):
        results.append(
            random_result(
                lambda lo, hi: rng.randint(lo, hi), wanted.board, wanted.ns, wanted.ew, None
            )
        )
        going = Evening(rules, boards, tuple(results), names(schedule.movement.pairs), schedule)
        score = work_out_duplicate(going, in_progress=True)
        assert len(score.missing) == len(called) - count
    return work_out_duplicate(going)


def test_a_4_table_mitchell_of_16_boards_played_through():
    rules = DuplicateRules(MovementKind.MITCHELL)
    score = played_through(Schedule(mitchell(4), 4), rules, seed=16)
    assert len(score.travellers) == 16
    assert all(len(traveller.results) == 3 for traveller in score.travellers)
    for traveller in score.travellers:
        assert sum(row.score.ns for row in traveller.results) == 0
        nets = [row.net.ns for row in traveller.results]
        assert traveller.average.ns == F(sum(nets), 3)
    for standing in score.standings:
        assert standing.boards == 12
        assert standing.direction is (Line.NS if standing.pair <= 4 else Line.EW)
    for line in Line:
        ranked = score.by_place(line)
        assert len(ranked) == 4
        assert ranked[0].place == 1
        assert sum(s.score for s in ranked) == 0


def test_a_3_table_howell_played_through():
    rules = DuplicateRules(MovementKind.HOWELL, Comparison.MATCHPOINTS)
    score = played_through(Schedule(howell(3), 2), rules, seed=3)
    assert len(score.travellers) == 20
    for traveller in score.travellers:
        assert len(traveller.results) == 3
        assert traveller.top == 4
        for line in Line:
            assert sum(row.score[line] for row in traveller.results) == 6  # 4 + 2 + 0
    # Every pair met every other and played all twenty boards, North–South and East–West.
    for card in score.cards:
        assert len(card.rows) == 20
        assert len({row.opponent for row in card.rows}) == 5
    assert sum(s.score for s in score.standings) == 20 * 12
    assert {s.top for s in score.standings} == {80}
    assert sorted(s.place for s in score.standings)[0] == 1
