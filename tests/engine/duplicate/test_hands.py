"""Boards whose hands are known (§9, §11): the honours and chicane of every result on them
are worked out from the hands, never asked; with a play, its tricks and revokes too; what
a result gives as well must agree with the cards; and a hand record that is no deal of
fifty-two cards is refused, naming the board."""

from __future__ import annotations

import copy

import pytest

from scorer.engine import Pair, Trump
from scorer.engine.duplicate import DuplicateError, read_duplicate, work_out_duplicate
from tests.support.cards import completed

# Board 1, dealt by North: North holds the five spade honours and four aces; West has no
# spade.
HANDS = {
    "N": "AKQJT.AKQ.AKQ.AK",
    "E": "98765.JT9.JT9.QJ",
    "S": "432.8765.8765.T9",
    "W": ".432.432.8765432",
}
BY_POSITION = {"dealer": HANDS["N"], "left": HANDS["E"], "partner": HANDS["S"], "right": HANDS["W"]}


def result(ns, ew, trump, **fields):
    return {
        "board": 1,
        "ns": ns,
        "ew": ew,
        "maker": "dealer",
        "trump": trump,
        "doubles": 0,
    } | fields


EVENING = {
    "format": "elwell-duplicate/1",
    "rules": {"movement": "howell", "comparison": "average", "doubling_limit": None},
    "boards": [{"board": 1, "dealer": "N", "hands": HANDS}],
    "results": [
        result(1, 2, "S", tricks={"ns": 12, "ew": 1}),
        result(3, 4, "NT", tricks={"ns": 7, "ew": 6}),
    ],
}


def worked(data):
    return work_out_duplicate(read_duplicate(data))


def test_the_honours_and_chicane_are_worked_out_from_the_hands():
    spades, no_trump = worked(EVENING).travellers[0].results
    assert spades.deal.play.honours == Pair((5, 0), (0, 0))
    assert spades.deal.play.chicane == Pair(0, 1)  # West is void of spades
    # Spades: 6 by-cards, 12; 5 honours in one hand, 20, and the little slam, 20, less
    # East–West's chicane, 4: North–South 48.
    assert spades.points.ns == 48
    assert spades.entries.ns.explanation == (
        "Spades, 6 by-cards: 6 × 2 = 12",
        "5 honours in one hand (spades): 20",
        "little slam: 20",
        "East–West hold chicane: −4",  # named by its direction, not the sheet's column
    )
    # No-trump: 1 by-card, 12; four aces in one hand, 100: 112. No chicane at no-trump.
    assert no_trump.deal.play.chicane == Pair(0, 0)
    assert no_trump.points.ns == 112


def test_a_play_gives_the_tricks_and_the_revokes():
    # Played out with each hand following low, North wins all thirteen tricks: 7 by-cards,
    # 14; 5 honours in one hand, 20, and the grand slam, 40, less the chicane, 4: 70.
    play = completed(BY_POSITION, Trump.SPADES, [])
    data = copy.deepcopy(EVENING)
    data["results"][0] = result(1, 2, "S", play=play)
    spades = worked(data).travellers[0].results[0]
    assert spades.deal.play.tricks == Pair(13, 0)
    assert spades.points.ns == 70


def test_an_established_revoke_is_read_from_the_play():
    # At the second trick East discards a heart while he holds spades: a revoke by
    # East–West. (A renounce by South, the dummy, would carry no penalty.)
    first = completed(BY_POSITION, Trump.SPADES, [])[0]
    play = completed(BY_POSITION, Trump.SPADES, [first, ["SJ", "H9", "S3", "D2"]])
    data = copy.deepcopy(EVENING)
    data["results"][0] = result(1, 2, "S", play=play)
    assert worked(data).travellers[0].results[0].deal.play.revokes == Pair(0, 1)
    data["results"][0] = result(1, 2, "S", play=play, revokes={"ns": 0, "ew": 0})
    assert worked(data).travellers[0].results[0].deal.play.revokes == Pair(0, 0)  # not claimed


@pytest.mark.parametrize(
    ("given", "sentence", "field"),
    [
        (
            {"honours": {"ns": [4, 0], "ew": [1, 0]}},
            "board 1, pairs 1 and 2: honours: the hands give North–South 5 (North 5, South 0), "
            "not 4",
            "honours",
        ),
        (
            {"chicane": {"ns": 0, "ew": 0}},
            "board 1, pairs 1 and 2: chicane: the hands give East–West 1 (West holds no "
            "spades), not 0",
            "chicane",
        ),
        (
            {"play": completed(BY_POSITION, Trump.SPADES, []), "tricks": {"ns": 12, "ew": 1}},
            "board 1, pairs 1 and 2: tricks: the play gives North–South 13 and East–West 0, "
            "not 12 and 1",
            "tricks",
        ),
        (
            {"play": completed(BY_POSITION, Trump.SPADES, []), "revokes": {"ns": 0, "ew": 1}},
            "board 1, pairs 1 and 2: revokes: the play shows East–West no revoke, not 1",
            "revokes",
        ),
        (
            {"play": [["S5", "S2", "C2", "SA"], *completed(BY_POSITION, Trump.SPADES, [])[1:]]},
            None,
            "play",
        ),
        (
            {},
            "board 1, pairs 1 and 2: tricks is missing: a result given without its play "
            "gives its tricks",
            "tricks",
        ),
    ],
)
def test_what_a_result_gives_must_agree_with_the_cards(given, sentence, field):
    data = copy.deepcopy(EVENING)
    data["results"][0] = result(1, 2, "S", **({"tricks": {"ns": 12, "ew": 1}} | given))
    if "play" in given and "tricks" not in given:
        del data["results"][0]["tricks"]
    if not given:
        del data["results"][0]["tricks"]
    with pytest.raises(DuplicateError) as error:
        worked(data)
    if sentence is not None:
        assert str(error.value) == sentence
    else:  # a card its player did not hold: the cards' own words, placed at the board
        assert str(error.value).startswith("board 1, pairs 1 and 2: play: ")
    assert error.value.field == field


def test_honours_given_as_the_hands_give_them_are_accepted_in_either_order():
    data = copy.deepcopy(EVENING)
    data["results"][0] |= {"honours": {"ns": [0, 5], "ew": [0, 0]}, "chicane": {"ns": 0, "ew": 1}}
    assert worked(data).travellers[0].results[0].points.ns == 48


@pytest.mark.parametrize(
    ("hands", "sentence"),
    [
        (
            HANDS | {"E": "A8765.JT9.JT9.QJ"},
            "board 1: hands: the SA is in both North's hand and East's, and the S9 in none",
        ),
        (
            HANDS | {"S": "432.8765.8765.T"},
            "board 1: hands: South's hand holds 12 cards, not 13 (432.8765.8765.T)",
        ),
        (HANDS | {"W": "x.432.432.8765432"}, None),
    ],
)
def test_a_hand_record_that_is_no_deal_is_refused_naming_the_board(hands, sentence):
    data = copy.deepcopy(EVENING)
    data["boards"][0]["hands"] = hands
    with pytest.raises(DuplicateError) as error:
        read_duplicate(data)
    if sentence is not None:
        assert str(error.value) == sentence
    else:
        assert str(error.value).startswith("board 1: hands.W: ")
    assert (error.value.board, error.value.field) == (1, "hands")
