"""Properties of every Progressive evening, over random valid evenings: the engine agrees
with an independent working of §10 written here, the nets add up to nothing, the movers are
the round's winners, and each round is seated as the moves of the round before said."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import Pair, Rules, score_for_points
from scorer.engine.progressive import (
    Evening,
    EveningError,
    Round,
    evening_json,
    loads_progressive,
    progressive_result_json,
    work_out_evening,
)
from tests.support.examples import examples
from tests.support.progressive import random_evening


@st.composite
def evenings(draw: st.DrawFn, *, least_tables: int = 1, least_rounds: int = 0) -> Evening:
    def choose(lo: int, hi: int) -> int:
        return draw(st.integers(lo, hi))

    tables = choose(least_tables, max(least_tables, 3))
    rounds = choose(least_rounds, max(least_rounds, 3))
    return random_evening(choose, tables=tables, rounds=rounds)


# -- §10, worked out independently -------------------------------------------------------


def deal_points(deal, rules: Rules) -> tuple[int, int]:
    entries = score_for_points(deal, rules)
    return entries.we.tricks + entries.we.honours, entries.they.tricks + entries.they.honours


def table_points(at, rules: Rules) -> tuple[int, int]:
    we = they = 0
    for deal in at.deals:
        points = deal_points(deal, rules)
        we += points[0]
        they += points[1]
    return we, they


def players_by_section_10(evening: Evening) -> list[dict]:
    """Each player wins his side's points at every deal he played, and loses the other
    side's; his place is one more than the number of players with a better net."""
    rules = Rules(doubling_limit=evening.rules.doubling_limit)
    count = len(evening.players)
    won = dict.fromkeys(range(1, count + 1), 0)
    lost = dict.fromkeys(range(1, count + 1), 0)
    for played in evening.rounds:
        for at in played.tables:
            we, they = table_points(at, rules)
            for player in at.pairs.we:
                won[player] += we
                lost[player] += they
            for player in at.pairs.they:
                won[player] += they
                lost[player] += we
    nets = {player: won[player] - lost[player] for player in won}
    return [
        {
            "number": player,
            "name": evening.players[player - 1],
            "won": won[player],
            "lost": lost[player],
            "net": nets[player],
            "place": 1 + sum(1 for other in nets.values() if other > nets[player]),
        }
        for player in range(1, count + 1)
    ]


def section_10(evening: Evening) -> dict:
    """A finished evening's result as §10 says, by the plainest means: sum each table's
    deals, compare the pairs (the cut on a tie), the players as above, and seat the next
    round from the last one's moves."""
    rules = Rules(doubling_limit=evening.rules.doubling_limit)
    tables = len(evening.players) // 4
    rounds = []
    movers_at: dict[int, str | None] = {}
    pairs_at: dict[int, dict[str, tuple[int, int]]] = {}
    for played in evening.rounds:
        rows = []
        for at in sorted(played.tables, key=lambda at: at.number):
            we, they = table_points(at, rules)
            if tables == 1:
                moves = None
            elif we != they:
                moves = "we" if we > they else "they"
            else:
                moves = at.tie.value
            rows.append({"table": at.number, "we": we, "they": they, "moves": moves})
            movers_at[at.number] = moves
            pairs_at[at.number] = {"we": at.pairs.we, "they": at.pairs.they}
        rounds.append({"tables": rows})
    if not evening.rounds:
        seated = [[4 * t - 3, 4 * t - 2, 4 * t - 1, 4 * t] for t in range(1, tables + 1)]
    elif tables == 1:
        seated = [[*pairs_at[1]["we"], *pairs_at[1]["they"]]]
    else:
        seated = []
        for t in range(1, tables + 1):
            before = t - 1 if t > 1 else tables
            stays = "they" if movers_at[t] == "we" else "we"
            seated.append([*pairs_at[t][stays], *pairs_at[before][movers_at[before]]])
    return {
        "format": "elwell-progressive-result/1",
        "rounds": rounds,
        "players": players_by_section_10(evening),
        "next": [{"table": t, "players": seated[t - 1]} for t in range(1, tables + 1)],
    }


@settings(max_examples=examples(100))
@given(evenings())
def test_the_engine_agrees_with_an_independent_working_of_section_10(evening):
    text = json.dumps(evening_json(evening))
    read = loads_progressive(text)
    assert read == evening
    assert progressive_result_json(work_out_evening(read)) == section_10(evening)


# -- Properties of the engine's own result ------------------------------------------------


@settings(max_examples=examples(100))
@given(evenings())
def test_the_nets_add_up_to_nothing(evening):
    standings = work_out_evening(evening).standings
    assert sum(standing.net for standing in standings) == 0
    assert sum(standing.won for standing in standings) == sum(s.lost for s in standings)


@settings(max_examples=examples(100))
@given(evenings(least_rounds=1))
def test_the_movers_are_the_rounds_winners(evening):
    score = work_out_evening(evening)
    several = len(evening.players) > 4
    for played in score.rounds:
        for at in played.tables:
            if not several:
                assert at.moves is None
                continue
            movers, others = at.points[at.moves], at.points[at.moves.other]
            assert movers > others or (movers == others and at.moves is at.tie)


@settings(max_examples=examples(100))
@given(evenings(least_rounds=2))
def test_each_rounds_seating_is_what_the_moves_of_the_round_before_said(evening):
    score = work_out_evening(evening)
    tables = len(evening.players) // 4
    for number in range(2, len(evening.rounds) + 1):
        before = {at.number: at for at in score.rounds[number - 2].tables}
        sat = {at.number: set(at.players) for at in evening.rounds[number - 1].tables}
        said = work_out_evening(replace(evening, rounds=evening.rounds[: number - 1])).next
        assert said is not None
        for seating in said:
            assert set(seating.players) == sat[seating.table]
            if tables == 1:
                continue
            stayed = before[seating.table]
            came = before[seating.table - 1 if seating.table > 1 else tables]
            assert seating.players[:2] == stayed.pairs[stayed.moves.other]
            assert seating.arrived == came.pairs[came.moves]


@settings(max_examples=examples(100))
@given(evenings(least_tables=2, least_rounds=1), st.data())
def test_two_players_exchanged_between_tables_are_refused_naming_the_table(evening, data):
    number = data.draw(st.integers(1, len(evening.rounds)))
    played = list(evening.rounds[number - 1].tables)
    a, b = data.draw(st.lists(st.integers(0, len(played) - 1), min_size=2, max_size=2, unique=True))
    x = data.draw(st.integers(0, 3))
    y = data.draw(st.integers(0, 3))
    seats_a, seats_b = list(played[a].players), list(played[b].players)
    seats_a[x], seats_b[y] = seats_b[y], seats_a[x]
    played[a] = replace(played[a], pairs=Pair(tuple(seats_a[:2]), tuple(seats_a[2:])))
    played[b] = replace(played[b], pairs=Pair(tuple(seats_b[:2]), tuple(seats_b[2:])))
    rounds = list(evening.rounds)
    rounds[number - 1] = Round(tuple(played))
    with pytest.raises(EveningError) as error:
        work_out_evening(replace(evening, rounds=tuple(rounds)))
    assert (error.value.round, error.value.field) == (number, "players")
    assert error.value.table in (played[a].number, played[b].number)
    moved = (seats_a[x], seats_b[y])
    assert any(f"player {player} (" in str(error.value) for player in moved)


@settings(max_examples=examples(100))
@given(evenings(least_rounds=1), st.data())
def test_an_evening_in_progress_counts_every_deal_played_so_far(evening, data):
    last = evening.rounds[-1].tables
    kept = data.draw(st.lists(st.sampled_from(last), unique_by=lambda at: at.number))
    going = tuple(
        replace(at, deals=at.deals[: data.draw(st.integers(0, len(at.deals)))], tie=None)
        if data.draw(st.booleans())
        else at
        for at in kept
    )
    partly = replace(evening, rounds=(*evening.rounds[:-1], Round(going)))
    score = work_out_evening(partly, in_progress=True)
    written = progressive_result_json(score)
    assert written["players"] == players_by_section_10(partly)
    assert written["rounds"][:-1] == section_10(evening)["rounds"][:-1]
    finished = score.rounds[-1].finished
    assert finished == (going == last or set(going) == set(last))
    assert (written["next"] is not None) == finished
    if not finished:
        with pytest.raises(EveningError):
            work_out_evening(partly)
