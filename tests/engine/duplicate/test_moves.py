"""Where the boards and the pairs go after each round (§11), for the table cards: a
Mitchell's East–West pairs up a table and its boards down one, two tables after the skip;
any movement's pairs and boards to where its schedule plays them next, a relay's boards
waiting for their round; and the words a card prints for them, with the other words the
printed documents share."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scorer.engine.duplicate import (
    Board,
    DuplicateRules,
    Evening,
    Line,
    MovementKind,
    Schedule,
    howell,
    mitchell,
    offered,
    work_out_duplicate,
)
from scorer.engine.duplicate.moves import table_moves
from scorer.engine.duplicate.text import (
    board_heading,
    board_score,
    boards_words,
    line_short,
    moves_words,
    result_words,
)
from tests.support.duplicate import result


@pytest.mark.parametrize("tables", [3, 5, 7])
def test_after_each_round_of_a_mitchell_east_west_go_up_a_table_and_the_boards_down(tables):
    schedule = Schedule(mitchell(tables), 2)
    moves = table_moves(schedule)
    for number in range(1, tables):
        for table in range(1, tables + 1):
            moved = moves[(number, table)]
            up = table % tables + 1
            down = (table - 2) % tables + 1
            ns, ew = moved.pairs
            assert (ns.to.table, ns.to.line) == (table, Line.NS), "North–South stay"
            assert (ew.to.table, ew.to.line) == (up, Line.EW)
            (boards,) = moved.boards
            assert [(place.round, place.table) for place in boards.to] == [(number + 1, down)]


def test_in_a_skip_mitchell_east_west_go_up_two_tables_after_half_the_rounds():
    moves = table_moves(Schedule(mitchell(6), 1))
    assert [moves[(round_, 1)].pairs[1].to.table for round_ in range(1, 5)] == [2, 2, 3, 2]


@pytest.mark.parametrize("movement", offered(), ids=lambda movement: movement.name)
def test_each_pair_and_set_goes_where_the_schedule_plays_it_next(movement):
    schedule = Schedule(movement, 1)
    moves = table_moves(schedule)
    rounds = movement.rounds
    for number, meetings in enumerate(rounds, 1):
        for meeting in meetings:
            moved = moves[(number, meeting.table)]
            later = [
                (after, m.table)
                for after, played in enumerate(rounds[number:], number + 1)
                for m in played
            ]
            for going in moved.pairs:
                seated = [
                    (after, m.table, m.line_of(going.pair))
                    for after, played in enumerate(rounds[number : number + 1], number + 1)
                    for m in played
                    if going.pair in m.pairs
                ]
                expected = seated[0] if seated else None
                to = going.to
                assert (None if to is None else (to.round, to.table, to.line)) == expected
            for board_set, going in zip(meeting.sets, moved.boards, strict=True):
                assert going.boards == schedule.boards_of((board_set,))
                playing = [
                    (after, table)
                    for after, table in later
                    if board_set in rounds[after - 1][_at(rounds[after - 1], table)].sets
                ]
                next_round = [(r, t) for r, t in playing if r == playing[0][0]] if playing else []
                assert [(place.round, place.table) for place in going.to] == next_round


def _at(meetings, table):
    return next(at for at, meeting in enumerate(meetings) if meeting.table == table)


def test_after_the_last_round_nothing_moves_and_the_card_says_nothing():
    schedule = Schedule(mitchell(3), 2)
    last = table_moves(schedule)[(3, 1)]
    assert last.last
    assert moves_words(last) == ()


def test_the_4_table_mitchell_table_card_says_where_the_boards_and_pairs_go():
    moves = table_moves(Schedule(mitchell(4), 4))
    assert moves_words(moves[(1, 1)]) == (
        "Boards 1–4 to table 4.",
        "Pair 1 stays, North–South.",
        "Pair 5 to table 2, East–West.",
    )
    assert moves_words(moves[(2, 3)]) == (
        "Boards 13–16 to table 2.",
        "Pair 3 stays, North–South.",
        "Pair 6 to table 1, East–West.",  # the skip: up two tables, round past the last
    )


def test_a_relays_boards_wait_for_the_round_that_plays_them():
    moves = table_moves(Schedule(howell(3), 2))
    assert moves_words(moves[(1, 1)]) == (
        "Boards 1–2 to table 2.",
        "Boards 3–4 wait for round 3, at table 3.",
        "Pair 6 stays, North–South.",
        "Pair 1 to table 3, East–West.",
    )


def test_a_two_table_howells_boards_are_finished_with_their_round():
    moves = table_moves(Schedule(howell(2), 4))
    assert moves_words(moves[(1, 1)])[0] == "Boards 1–4 are finished."


# -- The words the documents share -----------------------------------------------------------


@pytest.mark.parametrize(
    ("boards", "said"),
    [
        ((7,), "7"),
        ((1, 2, 3, 4), "1–4"),
        ((1, 2, 11, 12), "1–2, 11–12"),
        ((3, 5, 6), "3, 5–6"),
    ],
)
def test_a_set_of_boards_is_said_in_runs(boards, said):
    assert boards_words(boards) == said


def test_a_boards_heading_names_its_dealer_by_its_number():
    assert board_heading(Board(6)) == "Board 6, dealt by East"
    assert (line_short(Line.NS), line_short(Line.EW)) == ("N–S", "E–W")


def test_a_score_on_a_board_is_signed_against_the_average_and_plain_in_matchpoints():
    assert board_score(F(40, 3), matchpoints=False) == "+13.33"
    assert board_score(F(-4), matchpoints=False) == "−4"
    assert board_score(F(0), matchpoints=False) == "0"
    assert board_score(F(3, 2), matchpoints=True) == "1.5"


def test_a_results_words_name_each_side_by_its_direction_and_the_maker_by_his_seat():
    """Board 2 is dealt by East: his partner West makes spades, doubled; East–West win 8
    tricks and hold four honours, a hand of North–South void (chicane) and revoking."""
    evening = Evening(
        DuplicateRules(MovementKind.HOWELL),
        (Board(1), Board(2)),
        (
            result(
                2,
                1,
                2,
                "S",
                (5, 8),
                ((0, 1), (3, 1)),
                maker="partner",
                doubles=1,
                chicane=(1, 0),
                revokes=(1, 0),
            ),
            result(1, 1, 2, "NT", (9, 4), ((2, 1), (1, 0))),
        ),
    )
    first, second = (t.results[0] for t in work_out_duplicate(evening).travellers)
    said = result_words(second)
    assert said is not None
    assert said.make == "Spades by West (passed), doubled"
    assert said.tricks == "East–West 8"
    assert said.honours == "East–West: four"
    assert said.extras == ("North–South chicane 1", "North–South revoked 1")
    by_north = result_words(first)
    assert by_north is not None
    assert (by_north.make, by_north.tricks, by_north.honours) == (
        "No-trump by North",
        "North–South 9",
        "North–South: three aces",
    )
