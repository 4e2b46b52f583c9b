"""One deal scored for points, with no game or rubber around it (§10, and §11's boards):
trick points and honour points as at the rubber, revokes moving three tricks (Law 87) with
no game for Laws 88–89 to protect, every deal played, the club's doubling limit."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorer.engine import (
    NONE,
    PRINTED_LAWS,
    SIDES,
    Pair,
    RubberError,
    Rules,
    Side,
    points_of,
    score_for_points,
    work_out,
)
from tests.support.examples import examples
from tests.support.rubbers import deal, random_deal, random_rules


def points(*args, rules=PRINTED_LAWS, **kwargs):
    return points_of(score_for_points(deal(*args, **kwargs), rules))


# -- Tricks (Laws 4, 50, 55, 56) -----------------------------------------------------------


@pytest.mark.parametrize(("trump", "value"), [("S", 2), ("C", 4), ("D", 6), ("H", 8), ("NT", 12)])
def test_law_4_each_trick_above_six_counts_the_makes_value(trump, value):
    split = ((1, 1), (1, 1)) if trump == "NT" else ((1, 1), (2, 1))  # honours score 0 or They's
    entries = score_for_points(deal(trump, (9, 4), split))
    assert entries.we.tricks == 3 * value
    assert entries.they.tricks == 0


def test_law_4_the_adversaries_of_the_declarer_score_the_tricks_they_win():
    entries = score_for_points(deal("H", (4, 9), ((3, 0), (1, 1)), dealer="we"))
    assert (entries.we.tricks, entries.they.tricks) == (0, 24)
    assert entries.they.explanation == ("Hearts, 3 by-cards: 3 × 8 = 24",)


def test_points_are_trick_points_and_honour_points_together_with_no_line_between():
    # Hearts, 3 by-cards (24) and 4 honours in one hand (64) to We; nothing to They.
    assert points("H", (9, 4), ((4, 0), (1, 0))) == Pair(88, 0)
    # Trick points to We, honours to They: each side scores its own.
    assert points("D", (8, 5), ((1, 0), (2, 2))) == Pair(12, 24)


def test_law_50_doubling_multiplies_the_trick_points_and_law_10_leaves_honours_alone():
    entries = score_for_points(deal("H", (9, 4), ((3, 1), (1, 0)), doubles=2))
    assert (entries.we.tricks, entries.we.honours) == (96, 32)
    assert entries.we.explanation == (
        "Hearts, 3 by-cards, redoubled: 3 × 8 × 4 = 96",
        "4 honours (hearts): 32",
    )


def test_law_55_without_a_limit_doubling_goes_on():
    assert points("NT", (7, 6), doubles=10).we == 12 * 1024


def test_law_56_the_clubs_doubling_limit_applies():
    limited = Rules(doubling_limit=100)
    assert points("NT", (7, 6), doubles=4, rules=limited).we == 192
    with pytest.raises(RubberError) as error:
        score_for_points(deal("NT", (7, 6), doubles=5), limited)
    assert str(error.value) == (
        "doubles: with the club's doubling limit of 100, No-trump may be doubled at most "
        "4 times, when a trick is worth 192 (got 5)"
    )
    assert error.value.field == "doubles"
    assert error.value.deal is None  # the caller names the deal


# -- Honours, chicane and slams (Laws 5–10) ------------------------------------------------


def test_law_6_honours_go_to_their_original_holders_whoever_declared():
    # They declared and won the tricks; We held four honours in one hand.
    entries = score_for_points(deal("C", (5, 8), ((4, 0), (1, 0)), dealer="they"))
    assert entries.we.explanation == ("4 honours in one hand (clubs): 32",)
    assert points_of(entries) == Pair(32, 8)


def test_law_6_aces_at_no_trump_and_aces_easy():
    assert points("NT", (7, 6), ((4, 0), (0, 0))) == Pair(112, 0)
    assert points("NT", (7, 6), ((2, 1), (1, 0))) == Pair(42, 0)
    assert points("NT", (7, 6), ((1, 1), (1, 1))) == Pair(12, 0)


def test_law_6_diamonds_five_honours_four_in_one_hand_is_54():
    assert points("D", (6, 7), ((4, 1), (0, 0))) == Pair(54, 6)


@pytest.mark.parametrize(("tricks", "slam"), [((12, 1), 20), ((13, 0), 40)])
def test_laws_7_and_8_slams_add_to_the_honour_score(tricks, slam):
    entries = score_for_points(deal("S", tricks, ((1, 1), (2, 1))))
    assert entries.we.honours == slam
    assert entries.we.explanation[-1] == f"{'little' if slam == 20 else 'grand'} slam: {slam}"


def test_law_7_tricks_gained_by_a_revoke_do_not_make_a_slam():
    # We won 10 in play; They revoked once: We have 13 tricks, and no slam.
    entries = score_for_points(deal("S", (10, 3), ((1, 1), (2, 1)), revokes=(0, 1)))
    assert entries.we.tricks == 14
    assert entries.we.honours == 0


def test_law_9_chicane_adds_to_the_holders_and_comes_off_the_adversaries():
    # We hold three honours with one hand void: 3 honours and chicane, each 2T.
    we_hold = score_for_points(deal("H", (7, 6), ((3, 0), (2, 0)), chicane=(1, 0)))
    assert we_hold.we.explanation == (
        "Hearts, 1 by-card: 1 × 8 = 8",
        "3 honours (hearts): 16",
        "chicane: 16",
    )
    assert points_of(we_hold) == Pair(40, 0)
    # They hold the chicane and We the honours: it comes off We's honour score.
    they_hold = score_for_points(deal("H", (7, 6), ((3, 1), (1, 0)), chicane=(0, 1)))
    assert they_hold.we.explanation[-1] == "They hold chicane: −16"
    assert points_of(they_hold) == Pair(8 + 32 - 16, 0)


def test_law_9_a_double_chicane_takes_the_adversaries_honours_and_slam_to_nothing_at_least():
    entries = score_for_points(deal("S", (13, 0), ((3, 2), (0, 0)), chicane=(0, 2)))
    assert entries.we.honours == 10 + 40 - 8


# -- Revokes (Laws 87, 88, 89, 95, 96) -----------------------------------------------------


def test_law_87_each_revoke_moves_three_tricks_to_the_adversaries():
    entries = score_for_points(deal("H", (8, 5), revokes=(1, 0)))
    assert (entries.we.tricks, entries.they.tricks) == (0, 16)
    assert entries.we.explanation[0] == "revoke: 3 tricks to the adversaries (Law 87)"
    assert entries.they.explanation[0] == "their revoke: 3 tricks to this side (Law 87)"


def test_law_89_a_revoke_that_a_rubber_would_hold_to_28_is_not_held_here():
    # We won all thirteen at no-trump and revoked once: ten tricks, 4 by-cards, 48. At the
    # rubber We would be held to 28 toward game (Law 89); for points there is no game, and
    # We keep the 48 and the grand slam won in play.
    revoked = deal("NT", (13, 0), revokes=(1, 0))
    at_the_rubber = work_out([revoked]).deals[0].entries.we
    assert at_the_rubber.tricks == 28
    entries = score_for_points(revoked)
    assert entries.we.tricks == 48
    assert entries.we.honours == 40
    assert not any("Law 89" in text for text in entries.we.explanation)
    assert entries.we.explanation == (
        "revoke: 3 tricks to the adversaries (Law 87)",
        "No-trump, 4 by-cards: 4 × 12 = 48",
        "grand slam: 40",
    )


def test_law_95_revokes_on_both_sides_net_out_and_nothing_is_held():
    # Both sides revoked once: the tricks stand as played, and at the rubber neither side
    # could win the game; for points We score all 7 by-cards.
    entries = score_for_points(deal("NT", (13, 0), revokes=(1, 1)))
    assert entries.we.tricks == 84
    assert work_out([deal("NT", (13, 0), revokes=(1, 1))]).deals[0].entries.we.tricks == 28


def test_law_96_the_penalty_never_exceeds_thirteen_tricks():
    entries = score_for_points(deal("S", (13, 0), ((1, 1), (2, 1)), revokes=(5, 0)))
    assert (entries.we.tricks, entries.they.tricks) == (0, 14)
    assert "5 revokes: 13 tricks to the adversaries (Laws 87, 96)" in entries.we.explanation
    assert entries.we.honours == 40  # the grand slam won in play still counts


# -- Every deal is played ----------------------------------------------------------------


@pytest.mark.parametrize("spade_convention", [False, True])
def test_every_deal_is_played_whatever_the_clubs_spade_convention(spade_convention):
    with pytest.raises(RubberError) as error:
        score_for_points(deal("S", None), Rules(spade_convention=spade_convention))
    assert str(error.value) == (
        "played: every deal is played when scoring for points (the Spade Convention looks "
        "at the score of a game, and there is none)"
    )
    assert error.value.field == "played"


def test_a_deal_the_laws_refuse_is_refused_in_the_sheets_words():
    with pytest.raises(RubberError, match=r"^tricks must add up to 13 \(got 9 \+ 5\)$"):
        score_for_points(deal("H", (9, 5)))


# -- Against the rubber ------------------------------------------------------------------


def _random_played_deal(data: st.DataObject):
    def choose(lo: int, hi: int) -> int:
        return data.draw(st.integers(lo, hi))

    rules = replace(random_rules(choose), spade_convention=False)
    dealer = (Side.WE, Side.THEY)[choose(0, 1)]
    return rules, random_deal(choose, rules, NONE, dealer)


def _touches_law_89(entries) -> bool:
    return any("Law 89" in text for side in SIDES for text in entries[side].explanation)


@settings(max_examples=examples(300))
@given(st.data())
def test_a_deal_out_of_reach_of_law_89_scores_as_the_rubbers_first_deal_at_love_all(data):
    rules, played = _random_played_deal(data)
    at_the_rubber = work_out([played], rules).deals[0].entries
    assume(not _touches_law_89(at_the_rubber))
    assert score_for_points(played, rules) == at_the_rubber


@settings(max_examples=examples(300))
@given(st.data())
def test_a_revoking_side_keeps_what_law_89_would_have_cut_and_nothing_else_changes(data):
    rules, played = _random_played_deal(data)
    assert played.play is not None
    revokes = Pair(data.draw(st.integers(0, 2)), data.draw(st.integers(0, 2)))
    played = replace(played, play=replace(played.play, revokes=revokes))
    at_the_rubber = work_out([played], rules).deals[0].entries
    entries = score_for_points(played, rules)
    for side in SIDES:
        cut = [i for i in at_the_rubber[side].items if "Law 89" in i.text]
        kept = [i for i in at_the_rubber[side].items if "Law 89" not in i.text]
        assert entries[side].items == tuple(kept)
        assert entries[side].tricks == at_the_rubber[side].tricks - sum(i.points for i in cut)
        assert entries[side].honours == at_the_rubber[side].honours


@settings(max_examples=examples(200))
@given(st.data())
def test_the_spade_convention_changes_nothing_in_a_deal_played_for_points(data):
    rules, played = _random_played_deal(data)
    assert score_for_points(played, replace(rules, spade_convention=True)) == score_for_points(
        played, rules
    )
