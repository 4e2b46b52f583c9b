"""A deal given as its cards, worked out into what the sheet scores (§9): the counts,
`worked_out` in the input's terms, and whatever the deal also gives checked against the
cards, each refusal a sentence naming the field."""

from __future__ import annotations

import re

import pytest

from scorer.engine import Deal, Pair, Play, RubberError, Side, Trump, work_out
from scorer.engine.bridge.interchange import read_deal
from scorer.engine.cards import CardError, read_cards
from tests.support.cards import completed

HANDS = {
    "dealer": "AK4.AKQ2.T98.A65",
    "left": ".T76543.AK32.432",
    "partner": "QJT93.J98.Q76.KQ",
    "right": "87652..J54.JT987",
}
# Hearts: the dealer's lowest to each trick, the others as `completed` plays them. The
# leader's partner, void of hearts, throws; the leader's C2 lead is won by the dealer.
PLAY = completed(HANDS, Trump.HEARTS, [])


def cards(dealer="we", trump="H", **given):
    return read_cards(
        {"hands": HANDS, "play": PLAY, **given}, dealer=Side(dealer), trump=Trump(trump)
    )


def refused(**deal):
    hands = deal.pop("hands", HANDS)
    with pytest.raises(CardError) as refusal:
        read_cards({"hands": hands, **deal}, dealer=Side.WE, trump=Trump.HEARTS)
    return refusal.value


def test_the_counts_come_from_the_cards():
    worked = cards()
    tricks = worked.card_play.tricks_won(Side.WE)
    assert worked.play == Play(tricks, Pair((3, 1), (1, 0)), Pair(0, 1), Pair(0, 0))
    assert tricks.we + tricks.they == 13


def test_worked_out_is_in_the_inputs_terms():
    """Each side's honours as [dealer or left, partner or right]; We the dealer's side here,
    They there."""
    assert cards("we").worked_out["honours"] == {"we": [3, 1], "they": [1, 0]}
    assert cards("they").worked_out["honours"] == {"we": [1, 0], "they": [3, 1]}
    worked = cards("they").worked_out
    assert set(worked) == {"honours", "chicane", "tricks", "revokes"}
    assert worked["chicane"] == {"we": 1, "they": 0}


def test_without_a_play_the_tricks_are_given_and_worked_out_has_no_tricks():
    worked = read_cards(
        {"hands": HANDS, "tricks": {"we": 8, "they": 5}}, dealer=Side.WE, trump=Trump.HEARTS
    )
    assert worked.play.tricks == Pair(8, 5)
    assert set(worked.worked_out) == {"honours", "chicane"}


def test_a_deal_by_its_hands_without_its_play_needs_its_tricks():
    error = refused()
    assert error.field == "tricks"
    assert str(error) == (
        "tricks is missing: a deal given by its hands without its play gives its tricks"
    )


def test_the_same_sheet_as_the_same_deal_given_by_its_counts():
    worked = cards()
    counts = {"dealer": "we", "maker": "dealer", "trump": "H", "doubles": 1}
    counts |= {key: worked.worked_out[key] for key in ("tricks", "honours", "chicane", "revokes")}
    by_counts = read_deal(counts)
    by_cards = Deal(Side.WE, Trump.HEARTS, doubles=1, play=worked.play)
    assert by_counts == by_cards
    assert work_out([by_cards]) == work_out([by_counts])


def test_honours_given_that_agree_are_taken_in_either_order():
    assert cards(honours={"we": [1, 3], "they": [0, 1]}).play.honours == Pair((3, 1), (1, 0))


def test_honours_given_that_disagree_are_refused_as_the_specification_words_it():
    with pytest.raises(CardError) as refusal:
        cards(honours={"we": [2, 1], "they": [2, 0]})
    placed = refusal.value.at(3)  # as the reader of elwell-rubber/1 places it
    assert isinstance(placed, RubberError)
    assert (
        str(placed) == "deal 3: honours: the hands give We 4 (the dealer 3, his partner 1), not 3"
    )
    assert placed.field == "honours"


def test_honours_split_otherwise_are_refused():
    error = refused(honours={"we": [2, 2], "they": [1, 0]}, tricks={"we": 7, "they": 6})
    assert str(error) == "honours: the hands give We 4 (the dealer 3, his partner 1), not 2 and 2"


def test_the_other_sides_honours_are_named_by_the_leader():
    with pytest.raises(CardError) as refusal:
        cards("they", honours={"we": [0, 0], "they": [3, 1]})
    assert str(refusal.value) == "honours: the hands give We 1 (the leader 1, his partner 0), not 0"


def test_chicane_given_that_disagrees_is_refused_naming_the_void_hand():
    error = refused(chicane={"we": 0, "they": 0}, tricks={"we": 7, "they": 6})
    assert str(error) == (
        "chicane: the hands give They 1 (the leader's partner holds no hearts), not 0"
    )
    error = refused(chicane={"we": 1, "they": 1}, tricks={"we": 7, "they": 6})
    assert str(error) == "chicane: the hands give We 0 (both hold hearts), not 1"


def test_tricks_given_that_disagree_with_the_play_are_refused():
    won = cards().play.tricks
    with pytest.raises(CardError) as refusal:
        cards(tricks={"we": won.we - 1, "they": won.they + 1})
    assert str(refusal.value) == (
        f"tricks: the play gives We {won.we} and They {won.they}, "
        f"not {won.we - 1} and {won.they + 1}"
    )


def revoking_play():
    """The dealer wins the first club; to his second, the leader's partner, who holds
    clubs, throws the S2 (Law 85)."""
    return completed(HANDS, Trump.HEARTS, [["C2", "CK", "C7", "CA"], ["C5", "C3", "CQ", "S2"]])


def test_revokes_default_to_those_the_play_shows():
    worked = read_cards(
        {"hands": HANDS, "play": revoking_play()}, dealer=Side.WE, trump=Trump.HEARTS
    )
    assert worked.play.revokes == Pair(0, 1)
    assert worked.worked_out["revokes"] == {"we": 0, "they": 1}


def test_fewer_revokes_claimed_than_the_play_shows_are_taken():
    """A revoke not claimed goes unpenalised (§9)."""
    worked = read_cards(
        {"hands": HANDS, "play": revoking_play(), "revokes": {"we": 0, "they": 0}},
        dealer=Side.WE,
        trump=Trump.HEARTS,
    )
    assert worked.play.revokes == Pair(0, 0)
    assert worked.worked_out["revokes"] == {"we": 0, "they": 1}  # what the play shows


def test_more_revokes_claimed_than_the_play_shows_are_refused():
    error = refused(play=revoking_play(), revokes={"we": 0, "they": 2})
    assert str(error) == (
        "revokes: the play shows They 1 revoke (the leader's partner's S2 in trick 2), not 2"
    )
    error = refused(play=revoking_play(), revokes={"we": 1, "they": 1})
    assert str(error) == "revokes: the play shows We no revoke, not 1"


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ({"honours": {"we": 3, "they": 2}}, "honours.we must be a list of two whole numbers"),
        ({"chicane": [0, 1]}, "chicane must be an object with 'we' and 'they'"),
        ({"tricks": {"we": "7", "they": 6}}, 'tricks.we must be a whole number (got "7")'),
        ({"revokes": {"we": 0}}, "revokes must be an object with 'we' and 'they'"),
    ],
)
def test_counts_given_in_the_wrong_shape_are_refused(given, says):
    with pytest.raises(CardError, match=re.escape(says)):
        read_cards({"hands": HANDS, "play": PLAY, **given}, dealer=Side.WE, trump=Trump.HEARTS)
