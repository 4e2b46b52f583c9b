"""The movements (§11): every Mitchell of 3–15 tables and every Howell of 2–7 passes the
movement checker; each check catches a schedule broken its way; the Mitchell moves as
§11 says (North–South stay, East–West up, boards down, the skip with an even number of
tables); the Howells are the published ones; and the guide and table cards."""

from __future__ import annotations

from itertools import combinations

import pytest

from scorer.engine.duplicate import (
    DuplicateError,
    Line,
    Meeting,
    Movement,
    MovementKind,
    Schedule,
    Sitting,
    TableRound,
    check_movement,
    howell,
    mitchell,
    offered,
)

OFFERED = offered()


def test_the_movements_offered_are_mitchell_for_3_to_15_tables_and_howell_for_2_to_7():
    assert [(m.kind, m.tables) for m in OFFERED] == [
        *((MovementKind.MITCHELL, tables) for tables in range(3, 16)),
        *((MovementKind.HOWELL, tables) for tables in range(2, 8)),
    ]


@pytest.mark.parametrize("movement", OFFERED, ids=lambda movement: movement.name)
def test_every_movement_offered_passes_the_checker(movement):
    check_movement(movement)


@pytest.mark.parametrize(
    "movement",
    [m for m in OFFERED if m.kind is MovementKind.HOWELL],
    ids=lambda movement: movement.name,
)
def test_in_a_howell_every_pair_meets_every_other_and_plays_every_board(movement):
    met = [frozenset(m.pairs) for played in movement.rounds for m in played]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(two) for two in combinations(range(1, movement.pairs + 1), 2)), key=sorted
    )
    for pair in range(1, movement.pairs + 1):
        sets = [s for played in movement.rounds for m in played if pair in m.pairs for s in m.sets]
        assert sorted(sets) == list(range(1, movement.sets + 1))


@pytest.mark.parametrize("tables", [3, 5, 7, 9, 11, 13, 15])
def test_a_mitchell_of_an_odd_number_of_tables_meets_every_pair_of_the_other_direction(tables):
    movement = mitchell(tables)
    assert len(movement.rounds) == tables
    met = {m.pairs for played in movement.rounds for m in played}
    assert met == {
        (ns, ew) for ns in range(1, tables + 1) for ew in range(tables + 1, 2 * tables + 1)
    }


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12, 14])
def test_a_skip_mitchell_plays_one_round_fewer_than_tables_each_pair_missing_one_set(tables):
    movement = mitchell(tables)
    assert len(movement.rounds) == tables - 1
    for pair in range(1, 2 * tables + 1):
        sets = {s for played in movement.rounds for m in played if pair in m.pairs for s in m.sets}
        assert len(sets) == tables - 1


@pytest.mark.parametrize("tables", range(3, 16))
def test_in_a_mitchell_north_south_stay_east_west_move_up_and_the_boards_down(tables):
    movement = mitchell(tables)
    skip_after = tables // 2 if tables % 2 == 0 else None
    for number in range(1, len(movement.rounds)):
        before = {m.table: m for m in movement.rounds[number - 1]}
        after = {m.table: m for m in movement.rounds[number]}
        step = 2 if number == skip_after else 1
        for table, meeting in before.items():
            assert after[table].ns == meeting.ns == table
            assert after[(table + step - 1) % tables + 1].ew == meeting.ew
            assert after[(table - 2) % tables + 1].sets == meeting.sets


def test_the_4_table_mitchell_worked_by_hand():
    # Round 1: 1 v 5, 2 v 6, 3 v 7, 4 v 8 on sets 1–4. Round 2: East–West up one, the
    # boards down one. Round 3: past half the rounds, East–West skip a table.
    rounds = [[(m.table, m.ns, m.ew, m.sets) for m in played] for played in mitchell(4).rounds]
    assert rounds == [
        [(1, 1, 5, (1,)), (2, 2, 6, (2,)), (3, 3, 7, (3,)), (4, 4, 8, (4,))],
        [(1, 1, 8, (2,)), (2, 2, 5, (3,)), (3, 3, 6, (4,)), (4, 4, 7, (1,))],
        [(1, 1, 6, (3,)), (2, 2, 7, (4,)), (3, 3, 8, (1,)), (4, 4, 5, (2,))],
    ]


def test_a_mitchell_may_play_fewer_rounds_and_still_passes_the_checker():
    movement = mitchell(9, rounds=6)
    assert len(movement.rounds) == 6
    check_movement(movement)


def test_the_7_table_howell_is_the_acbl_guide_cards():
    # The ACBL's card for table 1: pairs 5 and 12 on boards 1–2, then 6 and 13 on 3–4.
    table_one = Schedule(howell(7), 2).table_cards()[0]
    assert table_one.rounds[:2] == (TableRound(1, 5, 12, (1, 2)), TableRound(2, 6, 13, (3, 4)))


def test_the_4_table_howell_begins_with_its_published_first_round():
    first = {(m.ns, m.ew) for m in howell(4).rounds[0]}
    assert first == {(8, 1), (3, 6), (2, 7), (5, 4)}


# The last round of each Howell as its printed schedule gives it (table: pairs, boards with
# two boards a set), the rule having carried round 1 through every round between.
LAST_ROUNDS = {
    4: {1: (8, 7, 7), 2: (2, 5, 3), 3: (1, 6, 5), 4: (4, 3, 6)},
    5: {1: (6, 2, 9), 2: (4, 1, 1), 3: (10, 9, 2), 4: (8, 7, 3), 5: (3, 5, 4)},
    6: {1: (12, 11, 11), 2: (5, 6, 3), 3: (10, 3, 5), 4: (2, 8, 7), 5: (1, 4, 8), 6: (9, 7, 10)},
    7: {
        1: (4, 11, 13),
        2: (1, 3, 1),
        3: (8, 9, 2),
        4: (14, 13, 3),
        5: (7, 12, 4),
        6: (6, 10, 5),
        7: (5, 2, 6),
    },
}


@pytest.mark.parametrize("tables", sorted(LAST_ROUNDS))
def test_the_published_howells_last_round_is_as_printed(tables):
    last = howell(tables).rounds[-1]
    assert {m.table: (m.ns, m.ew, *m.sets) for m in last} == LAST_ROUNDS[tables]


def test_in_the_published_howells_the_highest_pair_stays_and_each_follows_the_pair_below():
    for tables in range(4, 8):
        movement = howell(tables)
        moving = movement.pairs - 1
        for number in range(1, len(movement.rounds)):
            seat = {
                p: (m.table, m.line_of(p)) for m in movement.rounds[number - 1] for p in m.pairs
            }
            after = {p: (m.table, m.line_of(p)) for m in movement.rounds[number] for p in m.pairs}
            assert after[movement.pairs] == seat[movement.pairs]
            for pair in range(1, moving + 1):
                assert after[pair % moving + 1] == seat[pair]


@pytest.mark.parametrize(
    ("make", "sentence"),
    [
        (lambda: mitchell(2), "a Mitchell is offered for 3 to 15 tables (got 2)"),
        (lambda: mitchell(16), "a Mitchell is offered for 3 to 15 tables (got 16)"),
        (lambda: mitchell(4, rounds=4), "a Mitchell of 4 tables plays 1 to 3 rounds (got 4)"),
        (lambda: howell(8), "a Howell is offered for 2 to 7 tables (got 8)"),
        (lambda: howell(1), "a Howell is offered for 2 to 7 tables (got 1)"),
    ],
)
def test_a_movement_not_offered_is_refused_in_words(make, sentence):
    with pytest.raises(DuplicateError) as error:
        make()
    assert str(error.value) == sentence


# -- Each check catches its broken schedule -----------------------------------------------


def movement(*rounds, kind=MovementKind.HOWELL, tables=2, pairs=4, sets=2):
    return Movement(
        kind,
        tables,
        pairs,
        sets,
        tuple(tuple(Meeting(t, ns, ew, tuple(s)) for t, ns, ew, s in played) for played in rounds),
    )


def refusal(broken):
    with pytest.raises(DuplicateError) as error:
        check_movement(broken)
    return str(error.value)


def test_the_checker_catches_two_pairs_meeting_twice():
    broken = movement(
        [(1, 1, 2, [1]), (2, 3, 4, [2])],
        [(1, 2, 1, [2]), (2, 4, 3, [1])],
    )
    assert refusal(broken) == "round 2, table 1: pairs 2 and 1 met in round 1 already (at table 1)"


def test_the_checker_catches_a_pair_playing_a_board_twice():
    broken = movement(
        [(1, 1, 2, [1]), (2, 3, 4, [2])],
        [(1, 1, 3, [1]), (2, 2, 4, [2])],
    )
    assert refusal(broken) == (
        "round 2, table 1: pair 1 plays set 1 again (it played it in round 1, at table 1)"
    )


def test_the_checker_catches_boards_played_unequally():
    broken = movement([(1, 1, 2, [1]), (2, 3, 4, [2])], [(1, 1, 3, [3]), (2, 2, 4, [3])], sets=3)
    assert refusal(broken) == (
        "set 3 is played twice and set 1 once: every board must be played the same number of times"
    )


def test_the_checker_catches_a_set_never_played():
    broken = movement([(1, 1, 2, [1]), (2, 3, 4, [2])], sets=3)
    assert refusal(broken) == (
        "set 1 is played once and set 3 never: every board must be played the same number of times"
    )


def test_the_checker_catches_a_pair_at_two_tables_in_a_round():
    broken = movement([(1, 1, 2, [1]), (2, 1, 4, [2])])
    assert refusal(broken) == "round 1: pair 1 plays at both table 1 and table 2"


def test_the_checker_catches_a_mitchell_pair_changing_direction():
    broken = movement(
        [(1, 1, 3, [1]), (2, 2, 4, [2])],
        [(1, 1, 4, [3]), (2, 3, 2, [4])],
        kind=MovementKind.MITCHELL,
        sets=4,
    )
    assert refusal(broken) == (
        "round 2, table 2: pair 3 sits North–South, but in a Mitchell a pair keeps its "
        "direction (it sat East–West in round 1)"
    )


def test_the_checker_catches_an_even_mitchell_without_its_skip():
    rounds = []
    for number in range(1, 4):  # 4 tables, the East–West pairs moving one table every round
        rounds.append(
            [(t, t, 4 + (t - number) % 4 + 1, [(t + number - 2) % 4 + 1]) for t in range(1, 5)]
        )
    broken = movement(*rounds, kind=MovementKind.MITCHELL, tables=4, pairs=8, sets=4)
    assert refusal(broken) == (
        "round 3, table 1: pair 7 plays set 3 again (it played it in round 1, at table 3)"
    )


@pytest.mark.parametrize(
    ("meetings", "sentence"),
    [
        ([(3, 1, 2, [1])], "round 1: there is no table 3 (the movement is for 2 tables)"),
        ([(1, 1, 2, [1]), (1, 3, 4, [2])], "round 1: table 1 is listed twice"),
        ([(1, 1, 5, [1])], "round 1, table 1: there is no pair 5 (the pairs are numbered 1 to 4)"),
        ([(1, 2, 2, [1])], "round 1, table 1: pair 2 cannot sit against itself"),
        ([(1, 1, 2, [3])], "round 1, table 1: there is no set 3 (the movement has 2 sets)"),
        (
            [(1, 1, 2, [])],
            "round 1, table 1: the table must play one or more different sets (got [])",
        ),
    ],
)
def test_the_checker_refuses_what_no_schedule_may_hold(meetings, sentence):
    assert refusal(movement(meetings)) == sentence


# -- The cards for printing ----------------------------------------------------------------


def test_a_pairs_guide_card_in_the_4_table_mitchell_of_16_boards():
    cards = Schedule(mitchell(4), 4).guide_cards()
    assert [card.pair for card in cards] == list(range(1, 9))
    assert cards[4].rounds == (
        Sitting(1, 1, Line.EW, 1, (1, 2, 3, 4)),
        Sitting(2, 2, Line.EW, 2, (9, 10, 11, 12)),
        Sitting(3, 4, Line.EW, 4, (5, 6, 7, 8)),
    )
    assert cards[0].rounds == (
        Sitting(1, 1, Line.NS, 5, (1, 2, 3, 4)),
        Sitting(2, 1, Line.NS, 8, (5, 6, 7, 8)),
        Sitting(3, 1, Line.NS, 6, (9, 10, 11, 12)),
    )


def test_a_table_card_in_the_4_table_mitchell_of_16_boards():
    cards = Schedule(mitchell(4), 4).table_cards()
    assert [card.table for card in cards] == [1, 2, 3, 4]
    assert cards[3].rounds == (
        TableRound(1, 4, 8, (13, 14, 15, 16)),
        TableRound(2, 4, 7, (1, 2, 3, 4)),
        TableRound(3, 4, 5, (5, 6, 7, 8)),
    )


def test_the_3_table_howells_half_sets_are_each_half_a_round():
    schedule = Schedule(howell(3), 2)
    table_two = schedule.table_cards()[1].rounds[0]
    assert (table_two.ns, table_two.ew, table_two.boards) == (4, 3, (5, 6, 17, 18))
    assert schedule.boards == 20


def test_every_result_a_schedule_calls_for_is_listed_once():
    for movement in OFFERED:
        schedule = Schedule(movement, 2)
        called = schedule.results()
        assert len({(s.board, s.ns) for s in called}) == len(called)
        assert len({(s.board, s.ew) for s in called}) == len(called)
        per_board = {s.board for s in called}
        assert per_board == set(range(1, schedule.boards + 1))
