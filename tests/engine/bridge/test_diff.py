"""What a correction changed, in words."""

from __future__ import annotations

from scorer.engine import work_out
from scorer.engine.bridge.corrections import changes
from tests.support.rubbers import deal

PART = deal("S", (8, 5))  # We 4
GAME = deal("NT", (12, 1))


def test_an_entry_that_changes_is_named_with_its_deal_and_side():
    before = work_out([deal("D", (9, 4), ((3, 1), (1, 0)))])
    after = work_out([deal("D", (10, 3), ((3, 1), (1, 0)))])
    assert changes(before, after) == [
        "deal 1: We 18 → 24 below the line",
        "totals: We 42 → 48",
    ]


def test_a_game_that_now_ends_earlier_is_named():
    before = work_out([deal("H", (8, 5)), deal("H", (9, 4))])  # 16, then 40: game at deal 2
    after = work_out([deal("H", (11, 2)), deal("H", (9, 4))])  # 40: game at deal 1
    found = changes(before, after)
    assert "the first game now ends at deal 1" in found
    assert "deal 1: We 16 → 40 below the line" in found


def test_a_game_no_longer_won_is_named():
    before = work_out([PART, GAME])
    after = work_out([PART, deal("NT", (7, 6))])
    assert "the first game is no longer won" in changes(before, after)


def test_honours_and_the_rubber_and_a_removed_deal():
    before = work_out([GAME, GAME])
    after = work_out([GAME])
    found = changes(before, after)
    assert "deal 2 removed" in found
    assert "the rubber is no longer won" in found
    assert "the second game is no longer won" in found


def test_nothing_changed_says_nothing():
    sheet = work_out([PART])
    assert changes(sheet, sheet) == []
