"""How long a wrong Whist score may be put right: the club code's Laws 11, 12 and 6."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorer.engine import WHIST, Kind, Pair, work_out_whist
from tests.support.games import whist

GAME = whist((11, 2))  # wins a game in one deal
LOST_GAME = whist((2, 11))
PART = whist((7, 6))  # the odd trick


def window(deals, number, *, next_trump=False, agreed=False):
    sheet = work_out_whist(deals)
    return WHIST.corrections.window(sheet, number, next_trump_declared=next_trump, agreed=agreed)


def ruling(deals, number, new, *, next_trump=False, agreed=False):
    sheet = work_out_whist(deals)
    return WHIST.corrections.ruling(
        sheet, number, new, next_trump_declared=next_trump, agreed=agreed
    )


def test_the_laws_are_named_by_the_engine():
    assert WHIST.corrections.law(Kind.TRICKS) == "Law 11"
    assert WHIST.corrections.law(Kind.HONOURS) == "Law 6"


# -- Law 11: until the game is concluded ----------------------------------------------------


def test_law_11_a_score_may_be_corrected_while_its_game_is_in_play():
    verdict = window([PART, PART], 1, next_trump=True).tricks
    assert verdict.allowed
    assert verdict.reason == "Deal 1's score may be corrected: the first game is in play (Law 11)."


def test_law_11_a_won_game_is_not_concluded_until_the_next_trump_card_is_turned_up():
    verdict = window([PART, GAME], 1).tricks
    assert verdict.allowed
    assert verdict.reason == (
        "Deal 1's score may be corrected: the first game is not concluded until "
        "deal 3's trump card is turned up (Law 11)."
    )


def test_law_11_once_concluded_a_score_is_corrected_only_for_the_amount_of_the_rubber():
    verdict = window([PART, GAME], 1, next_trump=True).tricks
    assert verdict.allowed  # the form stays open: Law 12 may still allow it
    assert verdict.reason == (
        "Deal 1's score may be corrected only where the error affects the amount of the "
        "rubber (Law 12): the first game was concluded when deal 3's trump card was turned "
        "up (Law 11)."
    )


def test_law_11_refuses_a_change_in_a_concluded_game_that_leaves_the_rubber_as_it_was():
    # The odd trick was two by cards: We still win the first game, a treble.
    found = ruling([PART, GAME, PART], 1, whist((8, 5)))
    assert (found.kind, found.law, found.allowed) == (Kind.TRICKS, "Law 11", False)
    assert found.reason == (
        "Deal 1's score can no longer be corrected: the first game was concluded when "
        "deal 3's trump card was turned up (Law 11), and the correction does not change "
        "the amount of the rubber (Law 12)."
    )


def test_law_11_the_last_game_of_a_finished_rubber_stays_open_until_agreement():
    verdict = window([GAME, PART, GAME], 3).tricks
    assert verdict.allowed
    assert verdict.reason == (
        "Deal 3's score may be corrected: the second game is the last of the rubber, "
        "open until the rubber's value is agreed (Law 11)."
    )


def test_a_correction_in_an_open_game_is_allowed_under_law_11():
    found = ruling([PART, PART], 1, whist((9, 4)))
    assert (found.kind, found.law, found.allowed) == (Kind.TRICKS, "Law 11", True)


# -- Law 12: the amount of the rubber, at any time during it --------------------------------


def test_law_12_an_error_affecting_the_amount_of_the_rubber_may_be_corrected_at_any_time():
    # They scored 1 in the first game, which We won: a double. Had They not, a treble.
    deals = [whist((6, 7)), GAME, PART]
    found = ruling(deals, 1, whist((7, 6)))
    assert (found.kind, found.law, found.allowed) == (Kind.TRICKS, "Law 12", True)
    assert found.reason == (
        "Deal 1's score may be corrected: the error affects the amount of the rubber, "
        "which may be put right at any time during the rubber (Law 12)."
    )


def test_law_12_ends_with_the_rubber_when_its_value_is_agreed():
    found = ruling([GAME, GAME], 1, whist((10, 3)), agreed=True)
    assert (found.law, found.allowed) == ("Law 12", False)
    assert found.reason == (
        "Deal 1's score can no longer be corrected: the rubber's value has been agreed (Law 12)."
    )


# -- Law 6: honours claimed before the next trump card is turned up -------------------------


def test_law_6_honours_may_be_claimed_until_the_next_trump_card_is_turned_up():
    verdict = window([PART], 1).honours
    assert verdict.allowed
    assert verdict.reason == (
        "Deal 1's honours may be claimed until deal 2's trump card is turned up (Law 6)."
    )
    found = ruling([PART], 1, whist((7, 6), (3, 1)))
    assert (found.kind, found.law, found.allowed) == (Kind.HONOURS, "Law 6", True)


def test_law_6_honours_not_claimed_before_the_next_trump_card_cannot_be_scored():
    found = ruling([PART], 1, whist((7, 6), (3, 1)), next_trump=True)
    assert (found.kind, found.law, found.allowed) == (Kind.HONOURS, "Law 6", False)
    assert found.reason == (
        "Deal 1's honours can no longer be claimed: deal 2's trump card has been turned up (Law 6)."
    )


def test_law_6_honours_of_the_last_deal_of_a_finished_rubber_until_agreement():
    verdict = window([GAME, GAME], 2).honours
    assert verdict.reason == (
        "Deal 2's honours may be claimed until the rubber's value is agreed (Law 6)."
    )


def test_honours_wrongly_scored_may_still_be_struck_out_under_law_11():
    deals = [whist((7, 6), (3, 1)), PART]
    verdict = window(deals, 1).honours
    assert verdict.allowed
    assert verdict.reason == (
        "Deal 1's honours can no longer be claimed: deal 2's trump card has been turned up "
        "(Law 6); honours wrongly scored may still be struck out until the first game is "
        "concluded (Law 11)."
    )
    found = ruling(deals, 1, whist((7, 6), (2, 2)))
    assert (found.kind, found.law, found.allowed) == (Kind.TRICKS, "Law 11", True)


def test_with_no_honours_scored_nothing_can_be_struck_out_after_law_6():
    verdict = window([PART, PART], 1).honours
    assert not verdict.allowed


# -- What kind of change ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("new", "kind"),
    [
        (PART, None),
        (replace(PART, tricks=Pair(8, 5)), Kind.TRICKS),
        (replace(PART, trump=whist(trump="S").trump), Kind.TRICKS),
        (whist((7, 6), revokes=(("we", "add"),)), Kind.TRICKS),
        (whist((7, 6), (3, 1)), Kind.HONOURS),  # We claim three
        (whist((7, 6), (1, 3)), Kind.HONOURS),  # They claim three
    ],
)
def test_a_changed_score_is_law_11_a_claim_of_honours_law_6(new, kind):
    assert WHIST.corrections.kind_of_change(PART, new) is kind


def test_striking_out_honours_is_a_wrong_score_not_a_claim():
    assert (
        WHIST.corrections.kind_of_change(whist((7, 6), (4, 0)), whist((7, 6), (3, 1)))
        is Kind.TRICKS
    )


def test_after_agreement_nothing_changes():
    verdicts = window([GAME, GAME], 2, agreed=True)
    assert not verdicts.tricks.allowed
    assert not verdicts.honours.allowed
    assert ruling([GAME, GAME], 2, whist((12, 1)), agreed=True).allowed is False


def test_removing_the_last_deal_is_a_wrong_score():
    found = ruling([PART, PART], 2, None)
    assert (found.kind, found.law, found.allowed) == (Kind.TRICKS, "Law 11", True)


def test_a_correction_that_changes_nothing_has_no_ruling():
    assert ruling([PART], 1, PART) is None
