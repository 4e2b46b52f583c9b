"""Tricks, games and the rubber (Laws 1–4, 11) and doubling (Laws 50, 55, 56)."""

from __future__ import annotations

import pytest

from scorer.engine import Pair, RubberError, Rules, Side, work_out
from tests.support.rubbers import deal


@pytest.mark.parametrize(("trump", "value"), [("S", 2), ("C", 4), ("D", 6), ("H", 8), ("NT", 12)])
def test_law_4_each_trick_above_six_counts_the_makes_value(trump, value):
    sheet = work_out([deal(trump, (9, 4))])
    assert sheet.deals[0].entries.we.tricks == 3 * value
    assert sheet.deals[0].entries.they.tricks == 0


def test_law_4_six_tricks_score_nothing():
    entries = work_out([deal("H", (6, 7))]).deals[0].entries
    assert (entries.we.tricks, entries.they.tricks) == (0, 8)


def test_the_side_winning_more_than_six_scores_whoever_declared():
    entries = work_out([deal("D", (4, 9), dealer="we")]).deals[0].entries
    assert entries.they.tricks == 18
    assert entries.they.explanation[0] == "Diamonds, 3 by-cards: 3 × 6 = 18"


def test_the_odd_trick_is_one_by_card():
    entries = work_out([deal("NT", (7, 6))]).deals[0].entries
    assert entries.we.explanation == ("No-trump, 1 by-card: 1 × 12 = 12",)


def test_law_2_a_game_is_thirty_points_by_tricks_alone():
    # 24 in tricks and 100 for aces: no game, the honours do not count toward it.
    sheet = work_out([deal("NT", (8, 5), ((4, 0), (0, 0)))])
    assert sheet.deals[0].entries.we.honours == 100
    assert sheet.game.winner is None
    assert sheet.game.points.we == 24


def test_law_2_a_game_ends_on_the_deal_that_reaches_thirty():
    sheet = work_out([deal("C", (10, 3)), deal("C", (10, 3))])  # 16, then 32
    assert [d.won_game for d in sheet.deals] == [None, Side.WE]
    assert sheet.games[0].points.we == 32
    assert sheet.games[0].last_deal == 2


def test_law_3_points_beyond_thirty_are_counted():
    sheet = work_out([deal("NT", (12, 1))])
    assert sheet.games[0].points.we == 72
    assert sheet.totals.we.tricks == 72


def test_the_next_game_starts_at_love_all():
    sheet = work_out([deal("NT", (12, 1)), deal("S", (8, 5))])
    assert [d.game for d in sheet.deals] == [1, 2]
    assert sheet.games[1].points.we == 4
    assert sheet.games[1].winner is None


def test_a_game_won_leaves_the_next_game_begun_at_nothing_all():
    sheet = work_out([deal("NT", (12, 1))])
    assert [(g.number, g.winner, g.points.we, g.points.they) for g in sheet.games] == [
        (1, Side.WE, 72, 0),
        (2, None, 0, 0),
    ]


def test_law_1_two_games_win_the_rubber_and_no_third_is_played():
    sheet = work_out([deal("NT", (12, 1)), deal("NT", (12, 1))])
    assert sheet.finished
    assert sheet.winner is Side.WE
    assert len(sheet.games) == 2
    assert (sheet.games_won.we, sheet.games_won.they) == (2, 0)


def test_law_1_games_one_all_go_to_a_third():
    sheet = work_out([deal("NT", (12, 1)), deal("NT", (1, 12)), deal("H", (11, 2))])
    assert sheet.winner is Side.WE
    assert [g.winner for g in sheet.games] == [Side.WE, Side.THEY, Side.WE]


def test_law_1_no_deal_may_follow_the_rubber():
    with pytest.raises(RubberError) as refused:
        work_out([deal("NT", (12, 1)), deal("NT", (12, 1)), deal("H", (7, 6))])
    assert str(refused.value) == (
        "deal 3: the rubber was won at deal 2, so no deal may follow (Law 1)"
    )
    assert refused.value.deal == 3


def test_law_11_the_winners_add_100_and_the_difference_is_won():
    sheet = work_out([deal("NT", (12, 1)), deal("NT", (12, 1))])
    assert sheet.totals.we.rubber == 100
    assert sheet.totals.they.rubber == 0
    # 72 in tricks and a little slam (20) in each deal, and the rubber's 100.
    assert (sheet.totals.we.tricks, sheet.totals.we.honours) == (144, 40)
    assert sheet.totals.we.total == 284
    assert sheet.totals.they.total == 0
    assert sheet.net.we == sheet.totals.we.total - sheet.totals.they.total


def test_law_11_the_winners_of_the_rubber_can_lose_on_points():
    # They score 100 for four aces in one hand twice; We win two games at hearts.
    aces, three_to_them = ((0, 0), (4, 0)), ((1, 1), (2, 1))
    sheet = work_out(
        [
            deal("NT", (6, 7), aces),
            deal("H", (10, 3), three_to_them),
            deal("NT", (6, 7), aces),
            deal("H", (10, 3), three_to_them),
        ]
    )
    assert sheet.winner is Side.WE
    assert sheet.totals.we.total == 32 + 32 + 100
    assert sheet.totals.they.total == 12 + 100 + 16 + 12 + 100 + 16
    assert (sheet.net.we, sheet.net.they) == (-92, 92)


def test_an_unfinished_rubber_has_no_100_and_no_winner():
    sheet = work_out([deal("NT", (12, 1))])
    assert not sheet.finished
    assert sheet.winner is None
    assert sheet.totals.we.rubber == 0


def test_an_empty_rubber_is_the_first_game_at_love_all():
    sheet = work_out([])
    assert [(g.number, g.winner, g.points.we, g.points.they) for g in sheet.games] == [
        (1, None, 0, 0)
    ]
    assert sheet.net.we == 0


@pytest.mark.parametrize(
    ("doubles", "text"),
    [
        (0, "Hearts, 3 by-cards: 3 × 8 = 24"),
        (1, "Hearts, 3 by-cards, doubled: 3 × 8 × 2 = 48"),
        (2, "Hearts, 3 by-cards, redoubled: 3 × 8 × 4 = 96"),
        (3, "Hearts, 3 by-cards, doubled 3 times: 3 × 8 × 8 = 192"),
    ],
)
def test_law_50_doubling_doubles_quadruples_and_so_on(doubles, text):
    entry = work_out([deal("H", (9, 4), doubles=doubles)]).deals[0].entries.we
    assert entry.tricks == 24 * 2**doubles
    assert entry.explanation[0] == text


def test_law_50_doubling_counts_for_the_side_that_wins_the_tricks():
    # They double our hearts and beat it: their 2 by-cards are worth double.
    entries = work_out([deal("H", (5, 8), dealer="we", doubles=1)]).deals[0].entries
    assert entries.they.tricks == 32


def test_law_55_doubling_may_go_on_indefinitely_without_a_limit():
    entry = work_out([deal("S", (7, 6), doubles=12)]).deals[0].entries.we
    assert entry.tricks == 2 * 2**12


@pytest.mark.parametrize(
    ("limit", "trump", "most"),
    [(100, "NT", 4), (200, "NT", 5), (100, "S", 6), (100, "H", 4), (200, "C", 6), (5, "NT", 0)],
)
def test_law_56_a_club_limit_stops_doubling_once_a_trick_is_worth_more(limit, trump, most):
    rules = Rules(doubling_limit=limit)
    work_out([deal(trump, (7, 6), doubles=most)], rules)  # the most allowed is scored
    with pytest.raises(RubberError, match=r"^deal 1: doubles: with the club's doubling limit"):
        work_out([deal(trump, (7, 6), doubles=most + 1)], rules)


def test_law_56_a_limit_below_a_tricks_value_allows_no_double():
    with pytest.raises(RubberError) as refused:
        work_out([deal("NT", (7, 6), doubles=1)], Rules(doubling_limit=10))
    assert str(refused.value) == (
        "deal 1: doubles: with the club's doubling limit of 10, No-trump may not be doubled, "
        "a trick being worth 12 (got 1)"
    )


def test_law_56_the_refusal_names_the_limit_and_the_value_reached():
    with pytest.raises(RubberError) as refused:
        work_out([deal("NT", (7, 6), doubles=5)], Rules(doubling_limit=100))
    assert str(refused.value) == (
        "deal 1: doubles: with the club's doubling limit of 100, No-trump may be doubled "
        "at most 4 times, when a trick is worth 192 (got 5)"
    )
    assert refused.value.field == "doubles"


def test_a_pair_is_read_by_side_and_refuses_anything_else():
    pair = Pair(1, 2)
    assert (pair[Side.WE], pair[Side.THEY], pair.we, list(pair)) == (1, 2, 1, [1, 2])
    with pytest.raises(KeyError):
        pair["we"]  # a string is not a side: no silent answer for They
