"""A Progressive evening worked out (§10): points at each table, the winners moving on, a
tie decided by the cut, one table, the individual score and the places, and an evening
in progress."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorer.engine import Pair, Side
from scorer.engine.progressive import (
    Evening,
    EveningError,
    ProgressiveRules,
    Round,
    Seating,
    progressive_result_json,
    work_out_evening,
)
from tests.support.progressive import names, table
from tests.support.rubbers import deal

TWO_DEALS = ProgressiveRules(deals_a_round=2)


def we_by(by_cards: int):
    """A no-trump deal We win by so many by-cards, aces easy: We 12 a by-card."""
    return deal("NT", (6 + by_cards, 7 - by_cards))


def they_by(by_cards: int):
    return deal("NT", (7 - by_cards, 6 + by_cards))


# Three tables. Table 1: We 24, They 12; table 2: They 24; table 3 ties at 12, the cut
# sending They on.
FIRST_ROUND = Round(
    (
        table(1, (1, 3), (2, 4), we_by(2), they_by(1)),
        table(2, (5, 6), (7, 8), they_by(1), they_by(1)),
        table(3, (9, 12), (10, 11), we_by(1), they_by(1), tie="they"),
    )
)
# As the moves sent them: at each table the pair that stayed and the pair that arrived.
SECOND_ROUND = Round(
    (
        table(1, (2, 10), (4, 11), we_by(3), we_by(1)),
        table(2, (5, 1), (6, 3), they_by(2), we_by(1)),
        table(3, (9, 7), (12, 8), we_by(1), we_by(1)),
    )
)
EVENING = Evening(TWO_DEALS, names(12), (FIRST_ROUND, SECOND_ROUND))


def test_players_are_numbered_and_begin_four_to_a_table_in_order():
    score = work_out_evening(Evening(TWO_DEALS, names(12)))
    assert score.rounds == ()
    assert score.next == (
        Seating(1, (1, 2, 3, 4)),
        Seating(2, (5, 6, 7, 8)),
        Seating(3, (9, 10, 11, 12)),
    )


def test_each_tables_round_is_the_points_of_its_deals():
    tables = work_out_evening(EVENING).rounds[0].tables
    assert [table.points for table in tables] == [Pair(24, 12), Pair(0, 24), Pair(12, 12)]
    first = tables[0].deals[0]
    assert first.points == Pair(24, 0)
    assert first.entries.we.explanation == ("No-trump, 2 by-cards: 2 × 12 = 24",)


def test_the_pair_with_more_points_moves_to_the_next_table_and_the_last_table_to_the_first():
    score = work_out_evening(replace(EVENING, rounds=(FIRST_ROUND,)))
    moves = [table.moves for table in score.rounds[0].tables]
    assert moves == [Side.WE, Side.THEY, Side.THEY]
    # The pair that stays is listed first, then the pair that arrives.
    assert score.next == (
        Seating(1, (2, 4, 10, 11), arrived=(10, 11)),  # from the last table
        Seating(2, (5, 6, 1, 3), arrived=(1, 3)),
        Seating(3, (9, 12, 7, 8), arrived=(7, 8)),
    )
    assert score.table_of(1) == 2
    assert score.table_of(10) == 1


def test_a_tie_is_decided_by_the_recorded_cut():
    tied = work_out_evening(replace(EVENING, rounds=(FIRST_ROUND,))).rounds[0].tables[2]
    assert tied.points == Pair(12, 12)
    assert (tied.tie, tied.winners, tied.moves, tied.cut_needed) == (
        Side.THEY,
        Side.THEY,
        Side.THEY,
        False,
    )
    other_cut = replace(FIRST_ROUND.tables[2], tie=Side.WE)
    first = Round((*FIRST_ROUND.tables[:2], other_cut))
    score = work_out_evening(Evening(TWO_DEALS, names(12), (first,)))
    assert score.rounds[0].tables[2].moves is Side.WE
    assert score.next is not None
    assert score.next[0] == Seating(1, (2, 4, 9, 12), arrived=(9, 12))


def test_each_player_wins_his_sides_points_and_loses_the_adversaries():
    standings = work_out_evening(EVENING).standings
    two = standings[1]
    # Round 1 at table 1 as They: won 12, lost 24; round 2 at table 1 as We: won 48.
    assert (two.number, two.name, two.won, two.lost, two.net) == (2, names(12)[1], 60, 24, 36)
    ten = standings[9]
    # Round 1 at table 3 (They 12, We 12); round 2 at table 1 with 2, We 48.
    assert (ten.won, ten.lost, ten.net) == (60, 12, 48)
    assert sum(standing.net for standing in standings) == 0


def test_the_best_net_wins_and_players_on_the_same_net_share_the_place():
    standings = work_out_evening(EVENING).standings
    nets = {standing.number: standing.net for standing in standings}
    assert nets == {1: 0, 2: 36, 3: 24, 4: -60, 5: -36, 6: -12, 7: 48, 8: 0,
                    9: 24, 10: 48, 11: -48, 12: -24}  # fmt: skip
    places = {standing.number: standing.place for standing in standings}
    assert places == {7: 1, 10: 1, 2: 3, 3: 4, 9: 4, 1: 6, 8: 6, 6: 8, 12: 9, 5: 10,
                      11: 11, 4: 12}  # fmt: skip
    assert [s.number for s in work_out_evening(EVENING).by_place][:4] == [7, 10, 2, 3]


def test_with_one_table_nobody_moves_and_a_tie_needs_no_cut():
    one = Evening(
        TWO_DEALS,
        names(4),
        (
            Round((table(1, (1, 2), (3, 4), we_by(1), they_by(1)),)),  # a tie
            Round((table(1, (3, 1), (4, 2), we_by(2), we_by(1)),)),
        ),
    )
    score = work_out_evening(one)
    assert [r.tables[0].moves for r in score.rounds] == [None, None]
    assert score.rounds[0].tables[0].cut_needed is False
    assert score.next == (Seating(1, (3, 1, 4, 2)),)  # as they sat: We's pair, then They's
    assert progressive_result_json(score)["rounds"][1] == {
        "tables": [{"table": 1, "we": 36, "they": 0, "moves": None}]
    }


def test_a_revoke_is_not_held_to_28_at_an_evening():
    revoked = deal("NT", (13, 0), revokes=(1, 0))  # 48 and the grand slam: no game to save
    one = Evening(
        ProgressiveRules(deals_a_round=1), names(4), (Round((table(1, (1, 2), (3, 4), revoked),)),)
    )
    assert work_out_evening(one).rounds[0].tables[0].points == Pair(88, 0)


# -- An evening in progress ----------------------------------------------------------------


def test_an_evening_in_progress_counts_the_deals_played_so_far():
    # Round 2 begun: table 1 has played one deal of two, table 3 has not cut for partners.
    going = Round((table(1, (2, 10), (4, 11), we_by(3)), SECOND_ROUND.tables[1]))
    evening = replace(EVENING, rounds=(FIRST_ROUND, going))
    score = work_out_evening(evening, in_progress=True)
    current = score.rounds[1]
    assert current.finished is False
    assert [t.number for t in current.tables] == [1, 2]
    first = current.tables[0]
    assert (first.played, first.finished, first.points) == (False, False, Pair(36, 0))
    assert (first.winners, first.moves) == (None, None)
    assert current.tables[1].finished is True
    assert score.next is None
    assert score.table_of(2) is None
    two = score.standings[1]  # round 1 at table 1 (They 12, We 24), then 36 so far
    assert (two.won, two.lost) == (12 + 36, 24)
    assert sum(standing.net for standing in score.standings) == 0


def test_a_tie_in_progress_waits_for_its_cut_and_then_the_moves_are_known():
    waiting = replace(FIRST_ROUND.tables[2], tie=None)
    first = Round((*FIRST_ROUND.tables[:2], waiting))
    score = work_out_evening(Evening(TWO_DEALS, names(12), (first,)), in_progress=True)
    tied = score.rounds[0].tables[2]
    assert (tied.played, tied.cut_needed, tied.finished, tied.moves) == (True, True, False, None)
    assert score.rounds[0].finished is False
    assert score.next is None
    cut = work_out_evening(Evening(TWO_DEALS, names(12), (FIRST_ROUND,)), in_progress=True)
    assert cut.rounds[0].finished is True
    assert cut.next is not None


def test_a_finished_round_in_progress_gives_the_next_seating():
    score = work_out_evening(EVENING, in_progress=True)
    assert score == work_out_evening(EVENING)
    assert score.next is not None


def test_only_the_last_round_may_be_partly_played():
    going = Round((table(1, (1, 3), (2, 4), we_by(2)), *FIRST_ROUND.tables[1:]))
    evening = replace(EVENING, rounds=(going, SECOND_ROUND))
    with pytest.raises(EveningError) as error:
        work_out_evening(evening, in_progress=True)
    assert str(error.value) == "round 1, table 1: 1 deal was played, but a round is 2 deals"
