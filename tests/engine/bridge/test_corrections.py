"""How long a score may be corrected (Laws 12 and 13)."""

from __future__ import annotations

import pytest

from scorer.engine import Kind, kind_of_change, window, work_out
from tests.support.rubbers import deal

GAME = deal("NT", (12, 1))  # wins a game in one deal
LOST_GAME = deal("NT", (1, 12))
PART = deal("S", (8, 5))  # 4 toward game


def test_law_12_tricks_may_be_corrected_while_the_game_is_in_play():
    sheet = work_out([PART, PART])
    verdict = window(sheet, 1, next_trump_declared=True, agreed=False).tricks
    assert verdict.allowed
    assert verdict.reason == "Deal 1's tricks may be corrected: the first game is in play (Law 12)."


def test_law_12_a_won_game_stays_open_until_the_next_trump_is_declared():
    sheet = work_out([PART, GAME])
    verdict = window(sheet, 1, next_trump_declared=False, agreed=False).tricks
    assert verdict.allowed
    assert verdict.reason == (
        "Deal 1's tricks may be corrected: the first game is not concluded until "
        "deal 3's trump is declared (Law 12)."
    )


def test_law_12_the_game_is_concluded_when_the_next_trump_is_declared():
    sheet = work_out([PART, GAME])
    verdict = window(sheet, 1, next_trump_declared=True, agreed=False).tricks
    assert not verdict.allowed
    assert verdict.reason == (
        "Deal 1's tricks can no longer be corrected: the first game was concluded "
        "when deal 3's trump was declared (Law 12)."
    )


def test_law_12_a_recorded_next_deal_has_had_its_trump_declared():
    # Games one all, deal 3 in the third game: the first two games are concluded.
    sheet = work_out([GAME, LOST_GAME, PART])
    verdicts = [
        window(sheet, number, next_trump_declared=False, agreed=False).tricks.allowed
        for number in (1, 2, 3)
    ]
    assert verdicts == [False, False, True]


def test_the_message_of_the_issue_for_the_second_game():
    # Game 1: deal 1. Game 2: deals 2 to 5 (deal 5 wins it). Deal 6 begins game 3.
    sheet = work_out([GAME, PART, PART, PART, LOST_GAME, PART])
    verdict = window(sheet, 4, next_trump_declared=False, agreed=False).tricks
    assert verdict.reason == (
        "Deal 4's tricks can no longer be corrected: the second game was concluded "
        "when deal 6's trump was declared (Law 12)."
    )


def test_law_12_the_last_game_stays_open_until_the_rubber_is_agreed():
    sheet = work_out([GAME, PART, GAME])
    assert sheet.finished
    for number in (2, 3):
        verdict = window(sheet, number, next_trump_declared=False, agreed=False).tricks
        assert verdict.allowed
        assert "the last of the rubber, open until the rubber's value is agreed" in verdict.reason
    assert not window(sheet, 1, next_trump_declared=False, agreed=False).tricks.allowed


def test_law_12_after_agreement_no_trick_correction():
    sheet = work_out([GAME, GAME])
    verdict = window(sheet, 2, next_trump_declared=False, agreed=True).tricks
    assert not verdict.allowed
    assert verdict.reason == (
        "Deal 2's tricks can no longer be corrected: the rubber's value has been agreed (Law 12)."
    )


def test_law_13_honours_may_be_corrected_until_the_rubber_is_agreed():
    sheet = work_out([GAME, LOST_GAME, PART, GAME])
    for number in range(1, 5):
        assert window(sheet, number, next_trump_declared=True, agreed=False).honours.allowed


def test_law_13_after_agreement_no_honours_correction():
    sheet = work_out([GAME, GAME])
    verdict = window(sheet, 1, next_trump_declared=False, agreed=True).honours
    assert not verdict.allowed
    assert verdict.reason == (
        "Deal 1's honours can no longer be corrected: the rubber's value has been agreed (Law 13)."
    )


def test_there_is_no_window_for_a_deal_not_on_the_sheet():
    with pytest.raises(ValueError, match="there is no deal 3 on this sheet"):
        window(work_out([PART]), 3, next_trump_declared=False, agreed=False)


@pytest.mark.parametrize(
    ("new", "kind"),
    [
        (deal("H", (9, 4), ((3, 1), (1, 0))), None),
        (deal("D", (9, 4), ((3, 1), (1, 0))), Kind.TRICKS),
        (deal("H", (10, 3), ((3, 1), (1, 0))), Kind.TRICKS),
        (deal("H", (9, 4), ((3, 1), (1, 0)), doubles=1), Kind.TRICKS),
        (deal("H", (9, 4), ((3, 1), (1, 0)), revokes=(0, 1)), Kind.TRICKS),
        (deal("H", (9, 4), ((3, 1), (1, 0)), dealer="they"), Kind.TRICKS),
        (deal("H", (9, 4), ((4, 0), (1, 0))), Kind.HONOURS),
        (deal("H", (9, 4), ((2, 1), (2, 0))), Kind.HONOURS),
        (deal("H", (9, 4), ((4, 0), (1, 0)), chicane=(1, 0)), Kind.HONOURS),
        (deal("S", None), Kind.TRICKS),
    ],
)
def test_what_a_correction_changes_decides_the_law(new, kind):
    old = deal("H", (9, 4), ((3, 1), (1, 0)))
    assert kind_of_change(old, new) is kind


def test_a_window_is_read_by_kind_and_refuses_anything_else():
    verdicts = window(work_out([PART]), 1, next_trump_declared=False, agreed=False)
    assert verdicts[Kind.TRICKS] is verdicts.tricks
    assert verdicts[Kind.HONOURS] is verdicts.honours
    with pytest.raises(KeyError):
        verdicts["tricks"]  # a string is not a kind: no silent answer for honours
