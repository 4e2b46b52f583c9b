"""Short Whist by the English club code: points, honours, the order of scoring, games of
five and their values, the rubber, revokes (Laws 1–5, 8–10, 72, 81, 82)."""

from __future__ import annotations

import pytest

from scorer.engine import (
    GameValue,
    Pair,
    RubberError,
    Side,
    WhistDeal,
    work_out_whist,
)
from tests.support.games import the_rubber_of_the_format, whist

WE_3 = whist((9, 4))  # 3 by cards to We
THEY_3 = whist((4, 9))


def entries(*deals: WhistDeal, number: int = -1) -> Pair:
    return work_out_whist(deals).deals[number].entries


# -- Points (Laws 2, 3) --------------------------------------------------------------------


def test_law_2_each_trick_above_six_counts_one_point():
    scored = entries(whist((9, 4)))
    assert (scored.we.tricks, scored.they.tricks) == (3, 0)
    assert scored.we.explanation == ("3 by cards: 3",)


def test_law_2_the_odd_trick_is_one_point():
    assert entries(whist((7, 6))).we.explanation == ("the odd trick: 1",)


def test_the_side_winning_more_than_six_scores_whoever_dealt():
    scored = entries(whist((4, 9), dealer="we"))
    assert (scored.we.points, scored.they.tricks) == (0, 3)


def test_law_3_all_four_honours_score_four():
    scored = entries(whist((7, 6), (0, 4)))
    assert scored.they.honours == 4
    assert scored.they.explanation == ("4 honours: 4 (Law 3)",)


def test_law_3_any_three_honours_score_two():
    scored = entries(whist((7, 6), (3, 1)))
    assert (scored.we.tricks, scored.we.honours) == (1, 2)
    assert scored.we.explanation == ("the odd trick: 1", "3 honours: 2 (Law 3)")


def test_law_3_two_honours_score_nothing():
    scored = entries(whist((7, 6), (2, 2)))
    assert (scored.we.honours, scored.they.honours) == (0, 0)


def test_law_3_honours_go_to_the_side_that_held_them_whatever_the_tricks():
    scored = entries(whist((4, 9), (4, 0)))
    assert (scored.we.honours, scored.they.tricks) == (4, 3)


def test_law_4_a_side_at_four_when_the_deal_begins_cannot_score_honours():
    at_four = whist((10, 3))  # 4 by cards
    scored = entries(at_four, whist((6, 7), (4, 0)))
    assert scored.we.honours == 0
    assert scored.we.explanation == ("4 honours: not scored at four (Law 4)",)
    assert scored.they.tricks == 1


def test_law_4_a_side_that_reaches_four_during_the_deal_still_scores_its_honours():
    sheet = work_out_whist([whist((10, 3), (3, 1))])  # 4 by cards, then 3 honours
    assert sheet.deals[0].entries.we.explanation == (
        "4 by cards: 4",
        "3 honours: 2 (Law 3)",
        "the game is won at 5: 1 beyond it lost (Law 2)",
    )
    assert sheet.games[0].winner is Side.WE


# -- The order of scoring and the game (Laws 2, 5) ----------------------------------------


def test_law_2_five_points_win_the_game():
    sheet = work_out_whist([WE_3, whist((8, 5))])
    assert [d.won_game for d in sheet.deals] == [None, Side.WE]
    assert (sheet.games[0].points.we, sheet.games[0].last_deal) == (5, 2)


def test_law_2_points_beyond_five_are_lost():
    sheet = work_out_whist([WE_3, whist((11, 2))])  # 3, then 5 by cards
    assert sheet.games[0].points.we == 5
    assert sheet.deals[1].entries.we.tricks == 2
    assert sheet.deals[1].entries.we.explanation == (
        "5 by cards: 5",
        "the game is won at 5: 3 beyond it lost (Law 2)",
    )


def test_nothing_carries_to_the_next_game():
    sheet = work_out_whist([WE_3, whist((11, 2)), whist((7, 6))])
    assert [d.game for d in sheet.deals] == [1, 1, 2]
    assert sheet.games[1].points == Pair(1, 0)


def test_law_5_tricks_score_before_honours_and_the_game_ends_with_them():
    # They are at 3 and win 2 by cards: the game is over before We's four honours count.
    sheet = work_out_whist([THEY_3, whist((5, 8), (4, 0))])
    scored = sheet.deals[1].entries
    assert sheet.games[0].winner is Side.THEY
    assert scored.we.honours == 0
    assert scored.we.explanation == ("4 honours: not scored, the game being won (Law 5)",)
    assert sheet.games[0].value is GameValue.TREBLE


def test_law_5_honours_score_when_the_tricks_have_not_won_the_game():
    sheet = work_out_whist([whist((8, 5)), whist((7, 6), (4, 0))])  # 2, then 1 + 4 honours
    assert sheet.games[0].points.we == 5
    assert sheet.deals[1].entries.we.explanation == (
        "the odd trick: 1",
        "4 honours: 4 (Law 3)",
        "the game is won at 5: 2 beyond it lost (Law 2)",
    )


def test_law_72_v_the_revoke_penalty_takes_precedence_of_every_other_score():
    # "The claimants two, their opponents nothing; the former add three to their score,
    # and thereby win a treble game, even should the latter have made thirteen tricks and
    # held four honours."
    claimants_two = whist((8, 5))
    revoke = whist((0, 13), (0, 4), revokes=(("they", "add"),))
    sheet = work_out_whist([claimants_two, revoke])
    game = sheet.games[0]
    assert (game.winner, game.points, game.value) == (Side.WE, Pair(5, 0), GameValue.TREBLE)
    scored = sheet.deals[1].entries
    assert scored.we.penalties == 3
    assert scored.they.points == 0
    assert scored.they.explanation == (
        "revoke: the adversaries add 3 (Law 72)",
        "7 by cards: not scored, the game being won (Law 5)",
        "4 honours: not scored, the game being won (Law 5)",
    )


# -- The value of a game (Law 8) and the rubber (Laws 1, 9, 10) ---------------------------


@pytest.mark.parametrize(
    ("losers", "value"),
    [
        (0, GameValue.TREBLE),
        (1, GameValue.DOUBLE),
        (2, GameValue.DOUBLE),
        (3, GameValue.SINGLE),
        (4, GameValue.SINGLE),
    ],
)
def test_law_8_a_game_is_worth_a_treble_double_or_single_by_the_losers_score(losers, value):
    # They score `losers` first, in one deal, then We win 5 by cards.
    before = [whist((7 - losers, 6 + losers))] if losers else []
    sheet = work_out_whist([*before, whist((11, 2))])
    game = sheet.games[0]
    assert (game.points.they, game.winner, game.value) == (losers, Side.WE, value)
    assert int(value) == {GameValue.TREBLE: 3, GameValue.DOUBLE: 2, GameValue.SINGLE: 1}[value]


def test_law_1_the_rubber_is_the_best_of_three_and_a_third_is_not_played_after_two():
    sheet = work_out_whist([whist((11, 2)), whist((11, 2))])
    assert (sheet.finished, sheet.winner, len(sheet.games)) == (True, Side.WE, 2)
    with pytest.raises(RubberError) as refused:
        work_out_whist([whist((11, 2)), whist((11, 2)), whist((7, 6))])
    assert (
        str(refused.value) == "deal 3: the rubber was won at deal 2, so no deal may follow (Law 1)"
    )


def test_law_9_the_winners_gain_two_for_the_rubber_the_largest_rubber_is_eight():
    sheet = work_out_whist([whist((11, 2)), whist((11, 2))])  # two trebles
    assert sheet.totals.we.games == 6
    assert sheet.totals.we.rubber == 2
    assert (sheet.totals.we.total, sheet.net.we) == (8, 8)


def test_law_10_the_value_of_the_losers_game_is_deducted():
    sheet = work_out_whist(the_rubber_of_the_format())
    values = [(g.winner, g.points, g.value) for g in sheet.games]
    assert values == [
        (Side.WE, Pair(5, 2), GameValue.DOUBLE),
        (Side.THEY, Pair(3, 5), GameValue.SINGLE),
        (Side.WE, Pair(5, 0), GameValue.TREBLE),
    ]
    assert (sheet.totals.we.games, sheet.totals.we.rubber, sheet.totals.we.total) == (5, 2, 7)
    assert (sheet.totals.they.games, sheet.totals.they.total) == (1, 1)
    assert sheet.net == Pair(6, -6)


def test_a_rubber_in_progress_has_its_game_in_play_at_love_all_once_one_is_won():
    sheet = work_out_whist([whist((11, 2))])
    assert not sheet.finished
    assert [(g.number, g.winner, g.value) for g in sheet.games] == [
        (1, Side.WE, GameValue.TREBLE),
        (2, None, None),
    ]
    assert sheet.game.points == Pair(0, 0)


# -- Revokes (Laws 72, 81, 82) -------------------------------------------------------------


def test_law_72_three_tricks_taken_count_as_the_claimants_tricks():
    scored = entries(whist((8, 5), revokes=(("we", "tricks"),)))  # We 5, They 8
    assert (scored.we.points, scored.they.tricks) == (0, 2)
    assert scored.we.explanation == ("revoke: 3 tricks to the adversaries (Law 72)",)
    assert scored.they.explanation == (
        "their revoke: 3 tricks taken from them (Law 72)",
        "2 by cards: 2",
    )


def test_law_72_a_side_cannot_lose_more_tricks_than_it_won():
    scored = entries(whist((1, 12), revokes=(("we", "tricks"),)))
    assert scored.we.explanation == ("revoke: 1 trick to the adversaries (Law 72)",)
    assert scored.they.explanation[1] == "7 by cards: 7"


def test_law_72_three_points_deducted_from_the_revoking_side():
    sheet = work_out_whist([WE_3, whist((6, 7), revokes=(("we", "deduct"),))])
    scored = sheet.deals[1].entries
    assert scored.we.penalties == -3
    assert scored.we.explanation == ("revoke: 3 deducted from this side's score (Law 72): −3",)
    assert sheet.game.points == Pair(0, 1)


def test_law_72_a_deduction_goes_no_lower_than_nothing():
    sheet = work_out_whist([whist((8, 5)), whist((6, 7), revokes=(("we", "deduct"),))])
    assert sheet.deals[1].entries.we.penalties == -2
    assert sheet.deals[1].entries.we.explanation[0] == (
        "revoke: 3 deducted from this side's score, the score going no lower than nothing "
        "(Law 72): −2"
    )
    assert sheet.game.points.we == 0


def test_law_72_three_added_to_the_claimants_score():
    scored = entries(whist((6, 7), revokes=(("we", "add"),)))
    assert (scored.they.penalties, scored.they.tricks) == (3, 1)
    assert scored.they.explanation[0] == "their revoke: 3 added to this side's score (Law 72)"


def test_law_72_ii_each_revoke_has_its_penalty_in_the_order_claimed():
    deal = whist((7, 6), revokes=(("we", "deduct"), ("we", "add")))
    sheet = work_out_whist([whist((8, 5)), deal])  # We at 2
    scored = sheet.deals[1].entries
    assert (scored.we.penalties, scored.they.penalties) == (-2, 3)
    assert sheet.game.points == Pair(1, 3)  # 2 − 2 + the odd trick; They 3


def test_law_72_iii_a_penalty_counts_only_in_the_game_in_which_it_occurs():
    sheet = work_out_whist([THEY_3, whist((6, 7), revokes=(("we", "add"),))])
    assert sheet.games[0].points.they == 5
    assert sheet.deals[1].entries.they.explanation[1] == (
        "the game is won at 5: 1 beyond it lost (Law 2)"
    )
    assert sheet.games[1].points == Pair(0, 0)


def test_law_82_a_side_that_revoked_cannot_win_the_game_in_that_deal():
    # They at 3 revoke (We add 3), then win 4 by cards: held to four.
    sheet = work_out_whist([THEY_3, whist((3, 10), revokes=(("they", "add"),))])
    scored = sheet.deals[1].entries
    assert sheet.deals[1].won_game is None
    assert sheet.game.points == Pair(3, 4)
    assert scored.they.explanation[-1] == (
        "revoke: held to 4, the game cannot be won in this deal (Laws 81, 82) — 3 lost"
    )


def test_law_81_when_both_sides_revoke_neither_can_win_the_game():
    deal = whist((13, 0), (4, 0), revokes=(("we", "add"), ("they", "add")))
    sheet = work_out_whist([deal])
    assert sheet.deals[0].won_game is None
    assert sheet.game.points == Pair(4, 3)


def test_a_revoke_penalty_after_the_game_is_won_scores_nothing():
    deal = whist((7, 6), revokes=(("they", "add"), ("they", "add")))
    sheet = work_out_whist([whist((8, 5)), deal])  # We at 2: 5 after the first
    assert sheet.deals[1].entries.we.explanation[-2:] == (
        "their revoke: no penalty scored, the game being won (Law 5)",
        "the odd trick: not scored, the game being won (Law 5)",
    )


# -- What the code refuses -------------------------------------------------------------------


def refused(*deals: WhistDeal) -> RubberError:
    with pytest.raises(RubberError) as error:
        work_out_whist(deals)
    return error.value


def test_whist_has_no_no_trump():
    error = refused(WE_3, whist((7, 6), trump="NT"))
    assert str(error) == (
        "deal 2: trump: Whist has no no-trump; the trump is the suit of the card turned up"
    )
    assert (error.deal, error.field) == (2, "trump")


@pytest.mark.parametrize(
    ("deal", "message", "field"),
    [
        (whist((9, 5)), "tricks must add up to 13 (got 9 + 5)", "tricks"),
        (whist((-1, 14)), "tricks cannot be negative (got -1 for We)", "tricks"),
        (
            whist((7, 6), (3, 2)),
            "honours must add up to 4, the ace, king, queen and knave of trumps (got 3 + 2)",
            "honours",
        ),
        (whist((7, 6), (5, -1)), "honours cannot be negative (got -1 for They)", "honours"),
    ],
)
def test_a_deal_the_code_does_not_allow_is_refused_naming_the_deal_and_field(deal, message, field):
    error = refused(WE_3, whist((7, 6)), deal)
    assert str(error) == f"deal 3: {message}"
    assert (error.deal, error.field) == (3, field)


def test_law_8_a_game_in_progress_is_not_in_the_totals_and_the_sheet_says_so():
    """The totals count the games won, at their values (Law 8: a game's value is fixed by
    the losers' score when it ends) and the rubber's two: the game in progress counts
    nothing yet, and the sheet's layout says so under the totals."""
    from scorer.engine import WHIST

    sheet = work_out_whist([whist((11, 2)), whist((9, 4))])  # a treble, then 3–0 in the 2d
    assert sheet.game.points == Pair(3, 0)
    assert (sheet.totals.we.total, sheet.totals.they.total) == (3, 0)
    assert WHIST.words.layout(sheet).total_note == (
        "The second game, in progress at 3\u20130, is not in the totals: a game counts once "
        "won, by the losers' score then (Law 8)."
    )
    assert WHIST.words.layout(work_out_whist([whist((11, 2))])).total_note == ""  # at love
    won = work_out_whist(the_rubber_of_the_format())
    assert WHIST.words.layout(won).total_note == ""
