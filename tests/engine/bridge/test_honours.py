"""Honours, chicane and slams (Laws 5–10)."""

from __future__ import annotations

import pytest

from scorer.engine import RubberError, work_out
from tests.support.rubbers import deal

SUITS = {"S": 2, "C": 4, "D": 6, "H": 8}
NAMES = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}

# Each row of the table under Law 6: our holding (the other side holds the rest), the
# multiple of the trick value, and how the sheet names it.
SUIT_ROWS = [
    ((2, 1), (1, 1), 2, "3 honours"),
    ((3, 0), (1, 1), 2, "3 honours"),
    ((2, 2), (1, 0), 4, "4 honours"),
    ((3, 1), (1, 0), 4, "4 honours"),
    ((4, 0), (1, 0), 8, "4 honours in one hand"),
    ((3, 2), (0, 0), 5, "5 honours"),
    ((4, 1), (0, 0), 9, "5 honours, 4 in one hand"),
    ((5, 0), (0, 0), 10, "5 honours in one hand"),
]


def honour_entries(trump, we, they, **kwargs):
    return work_out([deal(trump, (7, 6), (we, they), **kwargs)]).deals[0].entries


@pytest.mark.parametrize("trump", SUITS)
@pytest.mark.parametrize(("ours", "theirs", "multiple", "name"), SUIT_ROWS)
def test_law_6_honours_with_a_trump_suit(trump, ours, theirs, multiple, name):
    entries = honour_entries(trump, ours, theirs)
    points = multiple * SUITS[trump]
    assert entries.we.honours == points
    assert entries.they.honours == 0
    assert f"{name} ({NAMES[trump]}): {points}" in entries.we.explanation


@pytest.mark.parametrize(
    ("ours", "theirs", "points", "name"),
    [
        ((2, 1), (1, 0), 30, "3 aces"),
        ((3, 0), (1, 0), 30, "3 aces"),
        ((2, 2), (0, 0), 40, "4 aces"),
        ((3, 1), (0, 0), 40, "4 aces"),
        ((4, 0), (0, 0), 100, "4 aces in one hand"),
    ],
)
def test_law_6_aces_at_no_trump(ours, theirs, points, name):
    entries = honour_entries("NT", ours, theirs)
    assert entries.we.honours == points
    assert entries.we.explanation[-1] == f"{name}: {points}"


def test_law_6_aces_easy_score_nothing():
    entries = honour_entries("NT", (1, 1), (2, 0))
    assert (entries.we.honours, entries.they.honours) == (0, 0)


def test_law_6_diamonds_five_honours_four_in_one_hand_is_54_not_the_misprinted_64():
    assert honour_entries("D", (4, 1), (0, 0)).we.honours == 54


def test_the_example_of_the_issue_four_in_one_hand_at_hearts():
    assert (
        "4 honours in one hand (hearts): 64" in honour_entries("H", (4, 0), (1, 0)).we.explanation
    )


def test_law_6_honours_go_to_their_original_holders_whoever_declared():
    # We make hearts and win the tricks; They hold four honours and score them.
    entries = honour_entries("H", (1, 0), (2, 2), dealer="we")
    assert entries.we.tricks == 8
    assert entries.they.honours == 32
    assert entries.we.honours == 0


def test_law_6_the_order_of_the_hands_does_not_matter():
    assert honour_entries("C", (0, 4), (1, 0)) == honour_entries("C", (4, 0), (0, 1))


@pytest.mark.parametrize("doubles", [0, 1, 2, 5])
def test_law_10_doubling_leaves_honours_chicane_and_slam_alone(doubles):
    entries = (
        work_out([deal("H", (12, 1), ((4, 0), (1, 0)), doubles=doubles, chicane=(0, 1))])
        .deals[0]
        .entries
    )
    assert entries.we.honours == 64 + 20 - 16


@pytest.mark.parametrize(
    ("tricks", "slam", "name"), [(12, 20, "little slam"), (13, 40, "grand slam")]
)
def test_laws_7_and_8_slams_add_to_the_honour_score(tricks, slam, name):
    entries = work_out([deal("NT", (tricks, 13 - tricks))]).deals[0].entries
    assert entries.we.honours == slam
    assert f"{name}: {slam}" in entries.we.explanation


def test_laws_7_and_8_the_adversaries_of_the_declarer_can_score_a_slam():
    entries = work_out([deal("S", (0, 13), dealer="we")]).deals[0].entries
    assert entries.they.honours == 4 + 40  # their 3 honours at spades and the grand slam


def test_law_7_tricks_gained_by_a_revoke_do_not_make_a_slam():
    # We won 11 in play and They revoked: 13 tricks on the score, but no slam.
    entries = work_out([deal("S", (11, 2), revokes=(0, 1))]).deals[0].entries
    assert entries.we.tricks == 7 * 2
    assert entries.we.honours == 0


def test_a_side_that_revoked_still_scores_the_slam_it_won_in_play():
    entries = work_out([deal("H", (12, 1), revokes=(1, 0))]).deals[0].entries
    assert entries.we.honours == 20  # Interpretation in SCORING.md §1


@pytest.mark.parametrize("trump", SUITS)
def test_law_9_chicane_adds_three_honours_to_the_holders_honour_score(trump):
    # Our four honours in one hand, partner void of trumps.
    entries = honour_entries(trump, (4, 0), (1, 0), chicane=(1, 0))
    value = SUITS[trump]
    assert entries.we.honours == 8 * value + 2 * value
    assert f"chicane: {2 * value}" in entries.we.explanation


def test_law_9_chicane_deducts_three_honours_from_the_adversaries():
    # They hold 4 honours (32 at hearts); one of our hands is void.
    entries = honour_entries("H", (1, 0), (2, 2), chicane=(1, 0))
    assert entries.they.honours == 32 - 16
    assert "We hold chicane: −16" in entries.they.explanation
    assert entries.we.honours == 0


def test_law_9_double_chicane_is_worth_four_honours():
    # Both our hands void: They hold all five honours, divided 3–2 (40 at hearts).
    entries = honour_entries("H", (0, 0), (3, 2), chicane=(2, 0))
    assert entries.they.honours == 40 - 32
    assert "We hold double chicane: −32" in entries.they.explanation


def test_law_9_double_chicane_adds_four_honours_to_a_side_that_holds_them():
    entries = honour_entries("S", (0, 0), (5, 0), chicane=(0, 1))
    assert entries.they.honours == 20 + 4


def test_law_9_chicane_is_deducted_from_the_slam_too():
    # They won 12 tricks and hold 5 honours divided (40 at hearts); our void hand takes
    # its 16 off their 60.
    entries = work_out([deal("H", (1, 12), ((0, 0), (3, 2)), chicane=(1, 0))]).deals[0].entries
    assert entries.they.honours == 40 + 20 - 16


def test_law_9_a_chicane_can_take_the_adversaries_honours_to_nothing():
    # They hold 3 honours (16 at hearts); our void hand is worth as much.
    entries = honour_entries("H", (2, 0), (2, 1), chicane=(1, 0))
    assert entries.they.honours == 0
    assert entries.they.explanation == ("3 honours (hearts): 16", "We hold chicane: −16")


def test_law_9_both_sides_may_hold_a_chicane_and_each_is_applied():
    # We hold 4 in one hand with a void partner (+16), They have a void hand (−16 from us).
    entries = honour_entries("H", (4, 0), (1, 0), chicane=(1, 1))
    assert entries.we.honours == 64 + 16 - 16
    assert entries.they.honours == 0


def test_there_is_no_chicane_at_no_trump():
    with pytest.raises(RubberError, match=r"^deal 1: chicane: there is no chicane at no-trump"):
        honour_entries("NT", (4, 0), (0, 0), chicane=(1, 0))


@pytest.mark.parametrize(
    ("ours", "void", "message"),
    [
        ((2, 2), 1, "a hand of We void of trumps can hold no honours, but We hold honours [2, 2]"),
        (
            (3, 0),
            2,
            "both hands of We void of trumps can hold no honours, but We hold honours [3, 0]",
        ),
    ],
)
def test_a_void_hand_holds_no_honours(ours, void, message):
    with pytest.raises(RubberError) as refused:
        honour_entries("H", ours, (5 - sum(ours), 0), chicane=(void, 0))
    assert str(refused.value) == f"deal 1: chicane: {message}"
