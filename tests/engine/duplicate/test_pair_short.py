"""§11 "A pair short": an evening may have one pair fewer than its movement seats; the
missing pair is the highest number; each round the pair drawn against the empty place sits
out and that table's boards are not played there; a pair that sits out has no result (no
average) on those boards; places go by the total against the average and by the
percentage under matchpoints; each pair says how many boards it played."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine.duplicate import (
    Board,
    Comparison,
    DuplicateError,
    DuplicateRules,
    Evening,
    MovementKind,
    Schedule,
    duplicate_json,
    duplicate_result_json,
    loads_duplicate,
    movement_for,
    work_out_duplicate,
)
from scorer.engine.duplicate.movements import check_movement, mitchell, offered
from scorer.engine.duplicate.text import duplicate_text, sits_out_next_words, sits_out_words
from tests.engine.duplicate.test_properties import section_11
from tests.support.duplicate import names, random_evening, result
from tests.support.examples import examples


def test_a_mitchell_of_four_tables_a_pair_short_sits_out_the_pair_drawn_against_pair_8():
    # Worked by hand: East–West pair 8 starts at table 4 and moves up one table a round,
    # skipping one after round 2, so it would meet pair 4, then 1, then 3.
    movement = mitchell(4).a_pair_short()
    assert (movement.empty, movement.playing, movement.name) == (
        8,
        7,
        "Mitchell, 4 tables, a pair short",
    )
    assert [movement.out_in(number) for number in (1, 2, 3)] == [4, 1, 3]
    schedule = Schedule(movement, 2)
    called = schedule.results()
    assert all(8 not in (s.ns, s.ew) for s in called)
    assert len(called) == 3 * 3 * 2  # three rounds, three tables playing, two boards each
    four = next(card for card in schedule.guide_cards() if card.pair == 4)
    assert (four.rounds[0].out, four.rounds[0].boards, four.rounds[0].table) == (True, (), 4)
    assert four.rounds[1].out is False
    assert four.rounds[1].boards
    assert [card.pair for card in schedule.guide_cards()] == list(range(1, 8))
    table_4 = next(card for card in schedule.table_cards() if card.table == 4)
    assert (table_4.rounds[0].out, table_4.rounds[0].boards) == (4, ())
    # Where pair 4 goes after sitting out: table 4 again, North–South, in round 2.
    following = schedule.next_sitting(4, 1)
    assert following is not None
    assert (following.round, following.table) == (2, 4)


@pytest.mark.parametrize("movement", offered(), ids=lambda movement: movement.name)
def test_every_movement_offered_a_pair_short_sits_out_one_pair_a_round(movement):
    short = movement.a_pair_short()
    check_movement(short)
    outs = [short.out_in(number) for number in range(1, len(short.rounds) + 1)]
    assert all(out is not None and 1 <= out < short.pairs for out in outs)
    assert len(set(outs)) == len(outs)  # no pair sits out twice
    schedule = Schedule(short, 1)
    assert all(short.empty not in (s.ns, s.ew) for s in schedule.results())
    if movement.kind is MovementKind.MITCHELL:
        assert short.empty > movement.tables  # the missing pair is East–West


def test_under_matchpoints_places_go_by_the_percentage_not_the_total():
    # A Howell of five pairs written as played: every result the same, so every pair has
    # half its top. Pairs 1 and 3 played three boards (3 of 6), the others two (2 of 4):
    # by the total pairs 1 and 3 would lead; by the percentage all five are equal first.
    rules = DuplicateRules(MovementKind.HOWELL, Comparison.MATCHPOINTS)
    results = (
        result(1, 1, 2),
        result(1, 3, 4),
        result(2, 1, 3),
        result(2, 2, 5),
        result(3, 4, 1),
        result(3, 5, 3),
    )
    evening = Evening(rules, tuple(Board(n) for n in (1, 2, 3)), results, names(5))
    pairs = duplicate_result_json(work_out_duplicate(evening))["pairs"]
    assert [(p["score"], p["percent"], p["place"], p["boards"]) for p in pairs] == [
        (3, 50, 1, 3),
        (2, 50, 1, 2),
        (3, 50, 1, 3),
        (2, 50, 1, 2),
        (2, 50, 1, 2),
    ]
    assert "5 pairs, a pair short" in duplicate_text(work_out_duplicate(evening))


def test_against_the_average_a_board_sat_out_counts_nothing():
    # Mitchell of five pairs (three tables, pair 6 missing), one board a round.
    rules = DuplicateRules(MovementKind.MITCHELL, Comparison.AVERAGE)
    schedule = Schedule(mitchell(3).a_pair_short(), 1)
    played = [
        result(s.board, s.ns, s.ew, "NT", (7 + s.ns % 2, 6 - s.ns % 2)) for s in schedule.results()
    ]
    evening = Evening(rules, tuple(Board(n) for n in (1, 2, 3)), tuple(played), names(5), schedule)
    pairs = {p["pair"]: p for p in duplicate_result_json(work_out_duplicate(evening))["pairs"]}
    # each North–South pair sits out once: two boards; East–West pairs 4 and 5 play all three
    assert [pairs[n]["boards"] for n in range(1, 6)] == [2, 2, 2, 3, 3]
    assert set(pairs) == {1, 2, 3, 4, 5}


def test_a_result_for_the_empty_place_is_refused_in_words():
    rules = DuplicateRules(MovementKind.MITCHELL)
    schedule = Schedule(mitchell(4).a_pair_short(), 1)
    evening = Evening(
        rules, tuple(Board(n) for n in range(1, 5)), (result(4, 4, 8),), names(7), schedule
    )
    with pytest.raises(DuplicateError) as error:
        work_out_duplicate(evening, in_progress=True)
    assert str(error.value) == (
        "board 4, pairs 4 and 8: ew: pair 8's place is empty: the evening is a pair short "
        "(the pairs are 1 to 7), and the pair drawn against it sits out"
    )


def test_seven_pairs_named_for_a_movement_seating_eight_are_a_pair_short_not_refused():
    schedule = Schedule(movement_for(MovementKind.MITCHELL, 4, short=True), 1)
    evening = Evening(
        DuplicateRules(MovementKind.MITCHELL),
        tuple(Board(n) for n in range(1, 5)),
        (),
        names(8),
        schedule,
    )
    with pytest.raises(DuplicateError) as error:
        work_out_duplicate(evening, in_progress=True)
    assert str(error.value) == "pairs: the movement seats 7 pairs, a pair short, but 8 are named"


@st.composite
def short_evenings(draw: st.DrawFn) -> Evening:
    def choose(lo: int, hi: int) -> int:
        return draw(st.integers(lo, hi))

    return random_evening(choose, scheduled=True, short=True)


@settings(max_examples=examples(60), deadline=None)
@given(short_evenings())
def test_an_evening_a_pair_short_agrees_with_an_independent_working(evening):
    movement = evening.schedule.movement
    score = work_out_duplicate(evening)
    written = duplicate_result_json(score)
    as_a_file = loads_duplicate(json.dumps(duplicate_json(evening)))
    assert duplicate_result_json(work_out_duplicate(as_a_file)) == written
    assert written == section_11(as_a_file)
    # Independently: a pair's boards are those the schedule seats it at, less none (every
    # result is recorded, played or not played, and only played ones count).
    played = dict.fromkeys(range(1, movement.playing + 1), 0)
    for r in evening.results:
        if r.played:
            played[r.ns] += 1
            played[r.ew] += 1
    assert {p["pair"]: p["boards"] for p in written["pairs"]} == played
    assert all(movement.empty not in (r.ns, r.ew) for r in evening.results)


def test_the_words_say_who_sits_out_and_where_the_pair_goes_next():
    # Mitchell of four tables a pair short: pair 4 sits out round 1 at table 4, and stays
    # there North–South; pair 3 sits out the last round.
    schedule = Schedule(mitchell(4).a_pair_short(), 1)
    assert sits_out_words(schedule, 1) == "Pair 4 sits out round 1"
    assert sits_out_next_words(schedule, 1) == (
        "Pair 4 sits out round 1: the next round, table 4 North–South"
    )
    assert sits_out_next_words(schedule, 3) == "Pair 3 sits out round 3: it is the last round"
    assert sits_out_words(Schedule(mitchell(4), 1), 1) is None
