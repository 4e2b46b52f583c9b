"""Deals given as the cards in elwell-rubber/1 (§9): read through the one reader, scored as
the same deals given by their counts, `worked_out` written on them in the input's terms,
the cards kept when the rubber is written back, and every refusal a sentence naming the
deal and the field.

The rubber is `tests/data/elwell-illustrative-hands.json`: three of Elwell's Illustrative
Hands as a rubber. Deal 1 is his No. 6 with its play (Z, dealing, makes it hearts with A K
Q J; B holds the ten; a grand slam); deal 2 his No. 10 dealt by They, given by the hands and
the tricks alone (the make passed, Y's no-trump, Y three aces and Z one; a little slam);
deal 3 his No. 7 with its play (diamonds, Z A Q J T, B the king; a little slam).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import (
    THREE_HANDED,
    RubberError,
    Trump,
    loads,
    read_rubber,
    rubber_json,
    sheet_json,
)
from tests.support.cards import (
    POSITIONS,
    hand_text,
    honours_held,
    random_hands,
    random_play,
)
from tests.support.examples import examples

EXAMPLE = Path(__file__).parents[2] / "data" / "elwell-illustrative-hands.json"
BY_CARDS = json.loads(EXAMPLE.read_text())


def by_counts(**changes):
    """The same rubber as the players would call it, typed from Elwell's diagrams."""
    counted = copy.deepcopy(BY_CARDS)
    for deal in counted["deals"]:
        del deal["hands"]
        deal.pop("play", None)
    first, second, third = counted["deals"]
    first |= {"tricks": {"we": 13, "they": 0}, "honours": {"we": [4, 0], "they": [0, 1]}}
    second |= {"tricks": {"we": 1, "they": 12}, "honours": {"we": [0, 0], "they": [3, 1]}}
    third |= {"tricks": {"we": 12, "they": 1}, "honours": {"we": [4, 0], "they": [0, 1]}}
    return counted


def without_worked_out(sheet):
    sheet = copy.deepcopy(sheet)
    for deal in sheet["deals"]:
        deal.pop("worked_out", None)
    return sheet


def test_a_rubber_given_by_its_cards_gives_the_sheet_of_the_same_rubber_given_by_counts():
    cards, counts = read_rubber(BY_CARDS), read_rubber(by_counts())
    written = sheet_json(cards.sheet(), cards.players)
    assert without_worked_out(written) == sheet_json(counts.sheet(), counts.players)
    assert written["totals"]["we"]["total"] == 364  # 56 + 36 + 104 + 68 + 100
    assert written["net"] == {"we": 232, "they": -232}


def test_worked_out_is_written_on_each_deal_given_by_its_cards_in_the_inputs_terms():
    """Each side's honours as [the dealer or the leader, his partner]; the tricks and the
    revokes only with a play (§9)."""
    rubber = read_rubber(BY_CARDS)
    first, second, third = (deal["worked_out"] for deal in sheet_json(rubber.sheet())["deals"])
    assert first == {
        "honours": {"we": [4, 0], "they": [0, 1]},
        "chicane": {"we": 0, "they": 0},
        "tricks": {"we": 13, "they": 0},
        "revokes": {"we": 0, "they": 0},
    }
    # They dealt: their dealer Z held one ace, his partner Y, who declared, three.
    assert second == {"honours": {"we": [0, 0], "they": [1, 3]}, "chicane": {"we": 0, "they": 0}}
    assert third["honours"] == {"we": [4, 0], "they": [0, 1]}
    assert third["tricks"] == {"we": 12, "they": 1}


def test_a_deal_given_by_its_counts_carries_no_worked_out():
    mixed = copy.deepcopy(BY_CARDS)
    mixed["deals"][1] = by_counts()["deals"][1]
    deals = sheet_json(read_rubber(mixed).sheet())["deals"]
    assert ["worked_out" in deal for deal in deals] == [True, False, True]


def test_the_same_deal_by_its_hands_alone_or_with_its_play_scores_alike():
    hands_alone = copy.deepcopy(BY_CARDS)
    del hands_alone["deals"][0]["play"]
    hands_alone["deals"][0]["tricks"] = {"we": 13, "they": 0}
    alone = sheet_json(read_rubber(hands_alone).sheet())
    played = sheet_json(read_rubber(BY_CARDS).sheet())
    assert without_worked_out(alone) == without_worked_out(played)
    assert alone["deals"][0]["worked_out"] == {
        "honours": {"we": [4, 0], "they": [0, 1]},
        "chicane": {"we": 0, "they": 0},
    }


def test_counts_given_as_well_are_taken_when_they_agree_with_the_cards():
    agreeing = copy.deepcopy(BY_CARDS)
    agreeing["deals"][0] |= {
        "honours": {"we": [0, 4], "they": [1, 0]},  # the order within a side is free
        "chicane": {"we": 0, "they": 0},
        "tricks": {"we": 13, "they": 0},
        "revokes": {"we": 0, "they": 0},
    }
    assert sheet_json(read_rubber(agreeing).sheet()) == sheet_json(read_rubber(BY_CARDS).sheet())


def test_writing_the_rubber_back_keeps_its_hands_and_play_and_only_what_the_cards_cannot_give():
    rubber = read_rubber(BY_CARDS)
    assert rubber_json(rubber) == BY_CARDS
    assert read_rubber(rubber_json(rubber)) == rubber


def test_revokes_claimed_fewer_than_the_play_shows_are_written_back():
    """A revoke not claimed goes unpenalised (§9): the claim is part of the record."""
    revoking = copy.deepcopy(BY_CARDS)
    play = revoking["deals"][0]["play"]
    # Trick 5: A, holding hearts, throws the C6 on Z's HK (Law 85); trick 7 then takes
    # his H6 instead.
    play[4], play[6] = ["HK", "C6", "C3", "H3"], ["HJ", "H6", "C9", "CT"]
    assert read_rubber(revoking).deals[0].play.revokes.they == 1
    revoking["deals"][0]["revokes"] = {"we": 0, "they": 0}
    rubber = read_rubber(revoking)
    assert rubber.deals[0].play.revokes.they == 0
    assert rubber_json(rubber)["deals"][0]["revokes"] == {"we": 0, "they": 0}
    assert sheet_json(rubber.sheet())["deals"][0]["worked_out"]["revokes"] == {"we": 0, "they": 1}


def test_a_three_handed_rubber_reads_its_deals_by_the_cards_the_dummy_a_hand_like_any():
    three = copy.deepcopy(BY_CARDS)
    three["rules"] = {
        "game": "three-handed",
        "unit": "game",
        "doubling_limit": None,
        "spade_convention": False,
    }
    three["players"] = {"dummy": "Mrs. Carr", "they": ["Mr. Ash", "Miss Dove"]}
    three["deals"] = three["deals"][:1]
    rubber = THREE_HANDED.format.read_rubber(three)
    sheet = THREE_HANDED.format.sheet_json(rubber.sheet(), rubber.players)
    assert sheet["deals"][0]["worked_out"]["honours"] == {"we": [4, 0], "they": [0, 1]}
    assert sheet["totals"]["we"] == {"tricks": 56, "honours": 104, "rubber": 50, "total": 210}
    assert THREE_HANDED.format.rubber_json(rubber) == three


# -- Refusals, each by its sentence -----------------------------------------------------------


def refused(change):
    rubber = copy.deepcopy(BY_CARDS)
    change(rubber["deals"])
    with pytest.raises(RubberError) as refusal:
        loads(json.dumps(rubber)).sheet()
    return refusal.value


def hands_of(number, **hands):
    def change(deals):
        deals[number - 1]["hands"] |= hands

    return change


def trick(number, at, cards):
    def change(deals):
        deals[number - 1]["play"][at - 1] = cards

    return change


def given_too(number, **fields):
    def change(deals):
        deals[number - 1] |= fields

    return change


def dropped(number, field, at=None):
    def change(deals):
        if at is None:
            del deals[number - 1][field]
        else:
            del deals[number - 1][field][at]

    return change


REFUSALS = [
    (
        hands_of(1, dealer="KQJ.AKQJ8.KQ53.52", left="T5.764.J972.876"),
        "hands",
        "deal 1: hands: the dealer's hand holds 14 cards, not 13 (KQJ.AKQJ8.KQ53.52)",
    ),
    (
        hands_of(1, left="KT5.764.J972.876"),
        "hands",
        "deal 1: hands: the SK is in both the dealer's hand and the leader's, and the SQ in none",
    ),
    (
        trick(1, 1, ["D2", "D9", "D6", "D3"]),
        "play",
        "deal 1: play: trick 1: the dealer's partner played the D9, which he did not hold "
        "(the leader held it)",
    ),
    (
        trick(1, 2, ["D4", "D8", "D3", "D7"]),
        "play",
        "deal 1: play: trick 2: the D3 was played already, in trick 1",
    ),
    (dropped(3, "play", at=-1), "play", "deal 3: play must have 13 tricks (got 12)"),
    (
        given_too(1, honours={"we": [3, 0], "they": [1, 1]}),
        "honours",
        "deal 1: honours: the hands give We 4 (the dealer 4, his partner 0), not 3",
    ),
    (
        trick(1, 2, ["DK", "D7", "D4", "D8"]),
        "play",
        "deal 1: play: trick 2 was led by the dealer (the DK), but the dealer's partner won "
        "trick 1 and leads to trick 2",
    ),
    (
        trick(1, 1, ["DA", "D6", "D3", "D2"]),
        "play",
        "deal 1: play: trick 1 was led by the dealer's partner (the DA), but the leader, on "
        "the dealer's left, leads to the first trick",
    ),
    (
        given_too(1, tricks={"we": 12, "they": 1}),
        "tricks",
        "deal 1: tricks: the play gives We 13 and They 0, not 12 and 1",
    ),
    (
        given_too(2, chicane={"we": 1, "they": 0}),
        "chicane",
        "deal 2: chicane: the hands give We 0 (there is no chicane at no-trump), not 1",
    ),
    (
        given_too(1, revokes={"we": 0, "they": 1}),
        "revokes",
        "deal 1: revokes: the play shows They no revoke, not 1",
    ),
    (
        dropped(1, "hands"),
        "play",
        "deal 1: play: a deal given by its play gives the hands it was played from (hands)",
    ),
    (
        dropped(2, "tricks"),
        "tricks",
        "deal 2: tricks is missing: a deal given by its hands without its play gives its tricks",
    ),
    (
        given_too(2, tricks={"we": 2, "they": 12}),
        "tricks",
        "deal 2: tricks must add up to 13 (got 2 + 12)",
    ),
    (
        lambda deals: deals.__setitem__(
            0,
            {"dealer": "we", "maker": "dealer", "trump": "S", "doubles": 0, "played": False}
            | {"hands": deals[0]["hands"]},
        ),
        "hands",
        "deal 1: hands: a deal that was not played has no hands",
    ),
]


@pytest.mark.parametrize(("change", "field", "message"), REFUSALS)
def test_each_refusal_names_the_deal_and_the_field(change, field, message):
    error = refused(change)
    assert str(error) == message
    assert error.field == field
    assert error.deal == int(message.split()[1].rstrip(":"))


# -- Any legal play, read through the rubber's format -------------------------------------------


@st.composite
def deals_by_cards(draw: st.DrawFn):
    """One or two deals (a rubber cannot be won before the second), each given by its
    cards and its play, some revoking; beside each, its counts reckoned plainly card by
    card (`tests/support/cards.py`), not by the engine."""

    def choose(lo: int, hi: int) -> int:
        return draw(st.integers(lo, hi))

    by_cards, by_counts = [], []
    for _ in range(choose(1, 2)):
        trump, dealer = tuple(Trump)[choose(0, 4)], ("we", "they")[choose(0, 1)]
        hands = random_hands(choose)
        tricks, won, renounces = random_play(choose, hands, trump, revoke_odds=12)
        declared = {"dealer": dealer, "maker": ("dealer", "partner")[choose(0, 1)]}
        declared |= {"trump": trump.value, "doubles": choose(0, 2)}
        by_cards.append(
            declared
            | {"hands": {p: hand_text(cards) for p, cards in hands.items()}, "play": tricks}
        )
        held = honours_held(hands, trump)
        void = {
            p: int(trump is not Trump.NO_TRUMP and not any(c[0] == trump.value for c in cards))
            for p, cards in hands.items()
        }
        revoked = {p: sum(1 for _, who, _ in renounces if who == p) for p in POSITIONS}
        revoked["partner"] = 0  # the dummy is not liable to the penalty (Law 65)
        by_counts.append(
            declared
            | {
                "tricks": by_side(dealer, won),
                "honours": by_side(dealer, held, pair=True),
                "chicane": by_side(dealer, void),
                "revokes": by_side(dealer, revoked),
            }
        )
    return by_cards, by_counts


def by_side(dealer, counts, *, pair=False):
    """Counts by position as each side's: the dealer's side's are the dealer's and his
    partner's, the other's the leader's and his partner's (added up unless `pair`)."""
    dealers = [counts["dealer"], counts["partner"]]
    theirs = [counts["left"], counts["right"]]
    if not pair:
        dealers, theirs = sum(dealers), sum(theirs)
    return {"we": dealers, "they": theirs} if dealer == "we" else {"we": theirs, "they": dealers}


def rubber_of(deals):
    return {
        "format": "elwell-rubber/1",
        "rules": {"doubling_limit": None, "spade_convention": False},
        "deals": deals,
    }


@settings(max_examples=examples(100))
@given(deals_by_cards())
def test_any_legal_play_gives_the_sheet_of_its_counts_reckoned_card_by_card(deals):
    by_cards, by_counts = deals
    cards = sheet_json(read_rubber(rubber_of(by_cards)).sheet())
    assert without_worked_out(cards) == sheet_json(read_rubber(rubber_of(by_counts)).sheet())
    for deal, counted in zip(cards["deals"], by_counts, strict=True):
        assert deal["worked_out"] == {
            key: counted[key] for key in ("honours", "chicane", "tricks", "revokes")
        }
