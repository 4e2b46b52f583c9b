"""Short Whist worked from the English club code of Short Whist, cited by its laws.

The code is printed without pages, and gives one worked figure of its own (Law 72 V, in
tests/engine/test_whist.py); every other figure here is worked by hand from the numbers of
the laws, the arithmetic written beside it.
"""

from __future__ import annotations

import pytest

from scorer.engine import Pair, Side, work_out_whist
from tests.support.games import whist

# -- The value of a game, and the rubber (Laws 8, 9, 10) ----------------------------------


def test_law_8_a_treble_when_the_losers_have_not_scored_and_law_9_two_for_the_rubber():
    """Law 8 I: "A treble, or game of three points, when their adversaries have not
    scored." Law 9: "The winners of the rubber gain two points … in addition to the value
    of their games."

    We win 3 by cards, then 2 by cards: 5 to love, a treble. In the second game 4 by cards
    and the odd trick: another treble. The rubber: 3 + 3 + 2 = 8; They nothing.
    """
    sheet = work_out_whist([whist((9, 4)), whist((8, 5)), whist((10, 3)), whist((7, 6))])
    assert [(game.points, game.winner, game.value) for game in sheet.games] == [
        (Pair(5, 0), Side.WE, 3),
        (Pair(5, 0), Side.WE, 3),
    ]
    assert (sheet.totals.we.games, sheet.totals.we.rubber, sheet.totals.we.total) == (6, 2, 8)
    assert sheet.net == Pair(8, -8)


def test_laws_8_9_and_10_a_rubber_of_three_games_a_treble_a_double_and_a_single():
    """Law 8: "I. A treble … when their adversaries have not scored. II. A double … when
    their adversaries have scored less than three. III. A single … when their adversaries
    have scored three or four." Law 10: "Should the rubber have consisted of three games,
    the value of the losers' game is deducted from the gross number of points gained by
    their opponents."

    First game: We 5 by cards to love, a treble (3). Second: We 2 by cards, then They 5 by
    cards: 5 to 2, less than three, a double for They (2). Third: They 3 by cards, then We
    5 by cards: 5 to 3, a single for We (1). We: 3 + 1 + 2 for the rubber = 6, less They's
    2 = 4.
    """
    sheet = work_out_whist(
        [
            whist((11, 2)),  # We 5: a treble
            whist((8, 5)),  # We 2
            whist((2, 11)),  # They 5: a double
            whist((4, 9)),  # They 3
            whist((11, 2)),  # We 5: a single
        ]
    )
    assert [(game.points, game.winner, game.value) for game in sheet.games] == [
        (Pair(5, 0), Side.WE, 3),
        (Pair(2, 5), Side.THEY, 2),
        (Pair(5, 3), Side.WE, 1),
    ]
    assert (sheet.totals.we.total, sheet.totals.they.total) == (3 + 1 + 2, 2)
    assert sheet.net.we == 4


# -- Honours (Laws 3, 4) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("honours", "points"),
    [
        pytest.param((4, 0), 1 + 4, id="four honours"),
        pytest.param((3, 1), 1 + 2, id="three honours"),
        pytest.param((2, 2), 1 + 0, id="two honours"),
    ],
)
def test_law_3_four_honours_score_four_any_three_two_and_two_nothing(honours, points):
    """Law 3: "If a player and his partner, either separately or conjointly, hold — I. The
    four honors, they score four points. II. Any three honors, they score two points.
    III. Only two honors, they do not score."

    We win the odd trick (1) and hold four, three or two honours: 1 + 4 = 5, 1 + 2 = 3,
    1 + 0 = 1.
    """
    sheet = work_out_whist([whist((7, 6), honours)])
    assert sheet.deals[0].entries.we.points == points
    assert sheet.games[0].points.we == points


def test_law_4_a_side_at_four_when_the_deal_begins_cannot_score_honours():
    """Law 4: "Those players who, at the commencement of a deal, are at the score of four,
    cannot score honors."

    We win 4 by cards: We 4. Next deal We hold all four honours (Law 3: four points) but
    are at four: they score nothing, and They take the odd trick: We 4, They 1. The deal
    after, We win the odd trick: 5 to 1, a double (Law 8 II).
    """
    sheet = work_out_whist([whist((10, 3)), whist((6, 7), (4, 0)), whist((7, 6))])
    honours_at_four = sheet.deals[1].entries
    assert (honours_at_four.we.points, honours_at_four.they.points) == (0, 1)
    assert honours_at_four.we.explanation == ("4 honours: not scored at four (Law 4)",)
    assert sheet.games[0].points == Pair(5, 1)
    assert (sheet.games[0].winner, sheet.games[0].value) == (Side.WE, 2)


def test_law_3_at_three_the_same_honours_score_four_and_win_the_game():
    """Law 3: "If a player and his partner … hold — I. The four honors, they score four
    points." Law 4 stops them only at four.

    We win 3 by cards: We 3. Next deal We hold all four honours and They take the odd
    trick: They 1 (tricks first, Law 5), then We 3 + 4 = 7: the game at 5, the 2 beyond
    it lost, and a double (They have 1).
    """
    sheet = work_out_whist([whist((9, 4)), whist((6, 7), (4, 0))])
    at_three = sheet.deals[1].entries
    assert (at_three.we.honours, at_three.they.tricks) == (2, 1)
    assert sheet.games[0].points == Pair(5, 1)
    assert (sheet.games[0].winner, sheet.games[0].value) == (Side.WE, 2)


def test_law_4_a_side_that_reaches_four_within_the_deal_still_scores_its_honours():
    """Law 4: "Those players who, at the commencement of a deal, are at the score of four,
    cannot score honors." — at the commencement only.

    We stand at 2. We win 2 by cards (4), then score three honours (2): 4 + 2 = 6, the game
    at 5, 1 lost; They have not scored: a treble.
    """
    sheet = work_out_whist([whist((8, 5)), whist((8, 5), (3, 1))])
    assert sheet.deals[1].entries.we.explanation == (
        "2 by cards: 2",
        "3 honours: 2 (Law 3)",
        "the game is won at 5: 1 beyond it lost (Law 2)",
    )
    assert (sheet.games[0].winner, sheet.games[0].points, sheet.games[0].value) == (
        Side.WE,
        Pair(5, 0),
        3,
    )


# -- A revoke's three penalties (Law 72) ------------------------------------------------------


def test_law_72_take_three_tricks_from_the_revoking_side_and_add_them_to_their_own():
    """Law 72 I: the adversaries "may either take three tricks from the revoking player,*
    …" — "* And add them to their own."

    They revoke. We won 8 tricks in play and take three: 8 + 3 = 11, 5 by cards; They
    5 − 3 = 2. We 5 to love: the game, a treble.
    """
    sheet = work_out_whist([whist((8, 5), revokes=(("they", "tricks"),))])
    scored = sheet.deals[0].entries
    assert (scored.we.tricks, scored.they.points) == (5, 0)
    assert (sheet.games[0].winner, sheet.games[0].points, sheet.games[0].value) == (
        Side.WE,
        Pair(5, 0),
        3,
    )


def test_law_72_deduct_three_points_from_the_revoking_sides_score():
    """Law 72 I: the adversaries may "deduct three points from his score".

    They win 4 by cards: They 4. Next deal They revoke and We deduct three: 4 − 3 = 1;
    They then win 2 by cards: 1 + 2 = 3. We score nothing: We 0, They 3.
    """
    sheet = work_out_whist([whist((3, 10)), whist((5, 8), revokes=(("they", "deduct"),))])
    scored = sheet.deals[1].entries
    assert (scored.they.penalties, scored.they.tricks) == (-3, 2)
    assert scored.we.points == 0
    assert sheet.game.points == Pair(0, 3)


def test_law_72_add_three_to_their_own_score():
    """Law 72 I: the adversaries may "add three to their own score".

    They revoke; We add three: 0 + 3 = 3. They win 3 by cards in play: They 3. We 3,
    They 3, the game going on.
    """
    sheet = work_out_whist([whist((4, 9), revokes=(("they", "add"),))])
    scored = sheet.deals[0].entries
    assert (scored.we.penalties, scored.they.tricks) == (3, 3)
    assert sheet.game.points == Pair(3, 3)
    assert sheet.game.winner is None


def test_law_82_the_revoking_side_cannot_win_the_game_in_that_deal_it_stops_at_four():
    """Law 82: "under no circumstances can a player win the game by the result of the hand
    during which he has revoked; he cannot score more than four."

    They stand at 3 and revoke; We add three (0 + 3 = 3). They win 4 by cards: 3 + 4 = 7
    would be the game, but They stop at 4, 3 lost; the game goes on at 3 to 4.
    """
    sheet = work_out_whist([whist((4, 9)), whist((3, 10), revokes=(("they", "add"),))])
    assert sheet.deals[1].entries.they.tricks == 4 - 3
    assert sheet.deals[1].won_game is None
    assert sheet.game.points == Pair(3, 4)


# -- The order of scoring (Law 5) ----------------------------------------------------------


def test_law_5_the_penalty_scores_before_the_tricks_are_counted():
    """Law 5: "The penalty for a revoke (see Law 72) takes precedence of all other scores.
    Tricks score next."

    They are at 2. We win 9 tricks in play but revoke, and They take three tricks: We 6,
    They 4 + 3 = 7, the odd trick to They: They 3, We nothing. (Counted before the penalty,
    We would have had 3 by cards.)
    """
    sheet = work_out_whist([whist((5, 8)), whist((9, 4), revokes=(("we", "tricks"),))])
    scored = sheet.deals[1].entries
    assert (scored.we.points, scored.they.tricks) == (0, 1)
    assert sheet.game.points == Pair(0, 3)


def test_law_5_a_penalty_that_wins_the_game_leaves_the_revokers_tricks_unscored():
    """Law 5: "The penalty for a revoke … takes precedence of all other scores." Law 8 I:
    a treble "when their adversaries have not scored".

    They are at 3, We at nothing. We revoke, They add three: 3 + 3 = 6, the game at 5.
    We won 9 tricks in play, 3 by cards, which now score nothing: 5 to love, a treble for
    They (had the tricks counted first, We at 3 would have made it a single).
    """
    sheet = work_out_whist([whist((4, 9)), whist((9, 4), revokes=(("we", "add"),))])
    assert sheet.deals[1].entries.we.points == 0
    assert (sheet.games[0].winner, sheet.games[0].points, sheet.games[0].value) == (
        Side.THEY,
        Pair(0, 5),
        3,
    )


def test_law_5_tricks_score_before_honours_and_end_the_game_first():
    """Law 5: "Tricks score next. Honors last."

    We 3, They 3. We hold all four honours; They win 2 by cards: They 3 + 2 = 5, the
    game, before We's honours are reached (3 + 4 would have been 7). 5 to 3: a single for
    They (Law 8 III).
    """
    sheet = work_out_whist([whist((9, 4)), whist((4, 9)), whist((5, 8), (4, 0))])
    assert sheet.deals[2].entries.we.points == 0
    assert (sheet.games[0].winner, sheet.games[0].points, sheet.games[0].value) == (
        Side.THEY,
        Pair(3, 5),
        1,
    )
