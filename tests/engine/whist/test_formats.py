"""Short Whist's formats: whist-rubber/1 in, whist-sheet/1 and the text sheet out; every
refusal names the deal and the field."""

from __future__ import annotations

import copy
import json

import pytest

from scorer.engine import (
    WHIST,
    Pair,
    RubberError,
    WhistRubber,
    loads_whist,
    read_whist_rubber,
    whist_rubber_json,
    whist_sheet_json,
    whist_sheet_text,
    work_out_whist,
)
from tests.support.games import the_rubber_of_the_format, whist

PLAYERS = Pair(("Mrs. Carr", "Mr. Hale"), ("Miss Dove", "Mr. Ash"))

RUBBER = {
    "format": "whist-rubber/1",
    "players": {"we": ["Mrs. Carr", "Mr. Hale"], "they": ["Miss Dove", "Mr. Ash"]},
    "deals": [
        {
            "dealer": "we",
            "trump": "H",
            "tricks": {"we": 7, "they": 6},
            "honours": {"we": 3, "they": 1},
        },
        {
            "dealer": "they",
            "trump": "S",
            "tricks": {"we": 5, "they": 8},
            "honours": {"we": 2, "they": 2},
            "revokes": [{"by": "we", "penalty": "add"}],
        },
    ],
}


def test_a_rubber_is_read_with_its_players_and_revokes():
    rubber = read_whist_rubber(RUBBER)
    assert rubber.players == PLAYERS
    assert rubber.deals[0] == whist((7, 6), (3, 1), trump="H")
    assert rubber.deals[1] == whist(
        (5, 8), (2, 2), trump="S", dealer="they", revokes=(("we", "add"),)
    )


def test_a_rubber_reads_back_as_it_was_written():
    rubber = read_whist_rubber(RUBBER)
    assert whist_rubber_json(rubber) == RUBBER
    assert loads_whist(json.dumps(RUBBER)) == rubber


def test_the_sheet_is_written_as_whist_sheet_1_exactly():
    sheet = work_out_whist(the_rubber_of_the_format())
    data = whist_sheet_json(sheet)
    for deal in data["deals"]:
        del deal["explanation"]
    assert data["format"] == "whist-sheet/1"
    assert data["deals"][0] == {
        "number": 1,
        "game": 1,
        "we": {"penalties": 0, "tricks": 1, "honours": 2},
        "they": {"penalties": 0, "tricks": 0, "honours": 0},
    }
    assert data["games"] == [
        {"number": 1, "winner": "we", "we": 5, "they": 2, "value": 2},
        {"number": 2, "winner": "they", "we": 3, "they": 5, "value": 1},
        {"number": 3, "winner": "we", "we": 5, "they": 0, "value": 3},
    ]
    assert data["rubber"] == {"finished": True, "winner": "we", "games_won": {"we": 2, "they": 1}}
    assert data["totals"] == {
        "we": {"games": 5, "rubber": 2, "total": 7},
        "they": {"games": 1, "rubber": 0, "total": 1},
    }
    assert data["net"] == {"we": 6, "they": -6}


def test_each_deal_carries_its_explanation_in_words():
    data = whist_sheet_json(work_out_whist(the_rubber_of_the_format()), PLAYERS)
    assert data["players"] == RUBBER["players"]
    assert data["deals"][6]["explanation"] == {
        "we": [
            "4 by cards: 4",
            "4 honours: 4 (Law 3)",
            "the game is won at 5: 3 beyond it lost (Law 2)",
        ],
        "they": [],
    }


def test_a_game_in_play_has_no_winner_and_no_value():
    data = whist_sheet_json(work_out_whist([whist((9, 4))]))
    assert data["games"] == [{"number": 1, "winner": None, "we": 3, "they": 0, "value": None}]
    assert data["rubber"] == {"finished": False, "winner": None, "games_won": {"we": 0, "they": 0}}


def test_the_text_sheet_shows_each_game_to_five_its_value_and_the_losers_game_deducted():
    text = whist_sheet_text(work_out_whist(the_rubber_of_the_format()), PLAYERS)
    assert text == (
        "We: Mrs. Carr and Mr. Hale\n"
        "They: Miss Dove and Mr. Ash\n"
        "\n"
        "              We  |  They\n"
        "          --------+--------\n"
        "1st game       5  |     2  We, a double: 2\n"
        "2d game        3  |     5  They, a single: 1\n"
        "3d game        5  |     0  We, a treble: 3\n"
        "          ========+========\n"
        "Games          5  |     1\n"
        "Rubber         2  |        rubber points (Law 9)\n"
        "Total          7  |     1\n"
        "\n"
        "7 − 1 = 6 points won by We, winners of the rubber, They's single deducted (Law 10).\n"
    )


def test_the_text_of_a_rubber_in_progress_says_where_it_stands():
    text = whist_sheet_text(work_out_whist([whist((11, 2)), whist((8, 5))]))
    assert "2d game        2  |     0  in play" in text
    assert text.endswith("Rubber in progress: game 2, We 2, They 0; games won: We 1, They 0.\n")


def test_a_rubber_won_two_games_to_none_has_nothing_deducted():
    text = whist_sheet_text(work_out_whist([whist((11, 2)), whist((11, 2))]))
    assert text.endswith("8 − 0 = 8 points won by We, winners of the rubber.\n")


def test_the_state_of_the_score_in_words():
    assert WHIST.words.standing(
        work_out_whist([whist((11, 2)), whist((2, 11)), whist((8, 5))])
    ) == ("Third game: We 2, They 0 — game all")
    assert WHIST.words.standing(work_out_whist(the_rubber_of_the_format())) == (
        "We won the rubber, 2 games to 1, and 6 points"
    )


# -- Refusals ----------------------------------------------------------------------------------


def refused(change):
    rubber = copy.deepcopy(RUBBER)
    change(rubber)
    with pytest.raises(RubberError) as error:
        read_whist_rubber(rubber).sheet()
    return error.value


def set_deal(**fields):
    def change(rubber):
        rubber["deals"][1].update(fields)

    return change


CASES = [
    (
        lambda r: r.update(format="elwell-rubber/1"),
        None,
        None,
        "format must be 'whist-rubber/1' (got \"elwell-rubber/1\")",
    ),
    (lambda r: r.update(deals={}), None, "deals", "deals must be a list (got an object)"),
    (
        lambda r: r.update(players={"we": ["A"], "they": ["B", "C"]}),
        None,
        "players",
        'players.we must be a list of two names (got ["A"])',
    ),
    (set_deal(tricks={"we": 9, "they": 5}), 2, "tricks", "tricks must add up to 13 (got 9 + 5)"),
    (set_deal(trump="NT"), 2, "trump", "trump must be one of 'S', 'C', 'D', 'H' (got \"NT\")"),
    (set_deal(dealer="north"), 2, "dealer", "dealer must be one of 'we', 'they' (got \"north\")"),
    (
        set_deal(honours={"we": 3, "they": 2}),
        2,
        "honours",
        "honours must add up to 4, the ace, king, queen and knave of trumps (got 3 + 2)",
    ),
    (
        set_deal(honours={"we": [2, 1], "they": 1}),
        2,
        "honours",
        "honours.we must be a whole number (got [2, 1])",
    ),
    (
        set_deal(maker="dealer"),
        2,
        "maker",
        "maker: Whist has no declaration: the trump is the suit of the card turned up",
    ),
    (set_deal(doubles=1), 2, "doubles", "doubles: Whist has no doubling"),
    (set_deal(chicane={"we": 0, "they": 1}), 2, "chicane", "chicane: Whist does not score chicane"),
    (set_deal(dummy=True), 2, "dummy", "unknown field 'dummy'"),
    (set_deal(revokes={"by": "we"}), 2, "revokes", "revokes must be a list (got an object)"),
    (
        set_deal(revokes=[{"by": "we"}]),
        2,
        "revokes",
        "revokes[1] must be an object with 'by' and 'penalty' (got {\"by\": \"we\"})",
    ),
    (
        set_deal(revokes=[{"by": "we", "penalty": "add"}, {"by": "both", "penalty": "add"}]),
        2,
        "revokes",
        "revokes[2].by must be one of 'we', 'they' (got \"both\")",
    ),
    (
        set_deal(revokes=[{"by": "we", "penalty": "half"}]),
        2,
        "revokes",
        "revokes[1].penalty must be one of 'tricks', 'deduct', 'add' (got \"half\")",
    ),
]


@pytest.mark.parametrize(("change", "deal", "field", "message"), CASES)
def test_every_refusal_names_the_deal_and_the_field(change, deal, field, message):
    error = refused(change)
    assert (error.deal, error.field, error.problem) == (deal, field, message)
    assert str(error) == (message if deal is None else f"deal {deal}: {message}")


def test_a_deal_after_the_rubber_is_won_is_refused():
    rubber = WhistRubber((whist((11, 2)), whist((11, 2)), whist((7, 6))))
    with pytest.raises(RubberError, match=r"^deal 3: the rubber was won at deal 2, so no deal"):
        read_whist_rubber(whist_rubber_json(rubber)).sheet()


def test_text_that_is_not_json_is_refused():
    with pytest.raises(RubberError, match=r"^not valid JSON: "):
        loads_whist("{")
