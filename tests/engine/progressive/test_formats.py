"""elwell-progressive/1 read and written, and elwell-progressive-result/1 exactly as §10
gives it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.engine.progressive import (
    DEALS_A_ROUND,
    EveningError,
    ProgressiveRules,
    evening_json,
    loads_progressive,
    progressive_result_json,
    read_progressive,
    work_out_evening,
)

# One deal a round at two tables. Table 1: hearts, 3 by-cards (24) and 4 honours (32) to
# We: We 56. Table 2: They make 2 by-cards at diamonds (12) against We's five honours, four
# in one hand (54): We 54, They 12.
EVENING = {
    "format": "elwell-progressive/1",
    "rules": {"deals_a_round": 1, "doubling_limit": None},
    "players": [
        "Mrs. Carr",
        "Mr. Dane",
        "Miss Eyre",
        "Mr. Fell",
        "Mrs. Gale",
        "Mr. Hood",
        "Miss Ince",
        "Mr. Jupp",
    ],
    "rounds": [
        {
            "tables": [
                {
                    "table": 1,
                    "we": [1, 3],
                    "they": [2, 4],
                    "deals": [
                        {
                            "dealer": "we",
                            "maker": "dealer",
                            "trump": "H",
                            "doubles": 0,
                            "tricks": {"we": 9, "they": 4},
                            "honours": {"we": [3, 1], "they": [1, 0]},
                        }
                    ],
                },
                {
                    "table": 2,
                    "we": [5, 7],
                    "they": [6, 8],
                    "deals": [
                        {
                            "dealer": "they",
                            "maker": "partner",
                            "trump": "D",
                            "doubles": 0,
                            "tricks": {"we": 5, "they": 8},
                            "honours": {"we": [4, 1], "they": [0, 0]},
                        }
                    ],
                },
            ]
        }
    ],
}


def player(number, name, won, lost, place):
    return {"number": number, "name": name, "won": won, "lost": lost, "net": won - lost,
            "place": place}  # fmt: skip


def test_the_result_is_written_as_the_specification_gives_it():
    result = progressive_result_json(work_out_evening(loads_progressive(json.dumps(EVENING))))
    assert result == {
        "format": "elwell-progressive-result/1",
        "rounds": [
            {
                "tables": [
                    {"table": 1, "we": 56, "they": 0, "moves": "we"},
                    {"table": 2, "we": 54, "they": 12, "moves": "we"},
                ]
            }
        ],
        "players": [
            player(1, "Mrs. Carr", 56, 0, 1),
            player(2, "Mr. Dane", 0, 56, 7),
            player(3, "Miss Eyre", 56, 0, 1),
            player(4, "Mr. Fell", 0, 56, 7),
            player(5, "Mrs. Gale", 54, 12, 3),
            player(6, "Mr. Hood", 12, 54, 5),
            player(7, "Miss Ince", 54, 12, 3),
            player(8, "Mr. Jupp", 12, 54, 5),
        ],
        # The pair that stays, then the pair that arrives from the table before.
        "next": [{"table": 1, "players": [2, 4, 5, 7]}, {"table": 2, "players": [6, 8, 1, 3]}],
    }
    assert list(result) == ["format", "rounds", "players", "next"]
    json.dumps(result)  # plain JSON throughout


def test_an_evening_is_written_back_as_it_was_read():
    assert evening_json(read_progressive(EVENING)) == EVENING


def test_the_rules_default_to_four_deals_a_round_and_doubling_without_limit():
    evening = read_progressive(EVENING | {"rules": {}, "rounds": []})
    assert evening.rules == ProgressiveRules(deals_a_round=DEALS_A_ROUND, doubling_limit=None)
    assert DEALS_A_ROUND == 4


def test_an_evening_before_its_first_round_seats_the_players_by_number():
    result = progressive_result_json(work_out_evening(read_progressive(EVENING | {"rounds": []})))
    assert result["rounds"] == []
    assert {p["net"] for p in result["players"]} == {0}
    assert {p["place"] for p in result["players"]} == {1}
    assert result["next"] == [
        {"table": 1, "players": [1, 2, 3, 4]},
        {"table": 2, "players": [5, 6, 7, 8]},
    ]


def test_the_next_seating_is_null_while_a_round_is_being_played():
    going = json.loads(json.dumps(EVENING))
    going["rounds"][0]["tables"][1]["deals"] = []
    result = progressive_result_json(work_out_evening(read_progressive(going), in_progress=True))
    assert result["next"] is None
    assert result["rounds"][0]["tables"][1] == {"table": 2, "we": 0, "they": 0, "moves": None}


# Elwell's Illustrative Hand No. 6 (`tests/data/elwell-illustrative-hands.json`, deal 1) as
# the deal at table 1: Z makes it hearts with A K Q J, B holds the ten; a grand slam.
ELWELL_HAND_6 = json.loads(
    (Path(__file__).parents[2] / "data" / "elwell-illustrative-hands.json").read_text()
)["deals"][0]


def with_table_1_deal(deal):
    evening = json.loads(json.dumps(EVENING))
    evening["rounds"][0]["tables"][0]["deals"] = [deal]
    return evening


def test_a_deal_may_be_given_by_its_cards_and_scores_as_by_its_counts():
    """§10: a deal "may carry" §9's hands and play."""
    counted = {key: ELWELL_HAND_6[key] for key in ("dealer", "maker", "trump", "doubles")}
    counted |= {"tricks": {"we": 13, "they": 0}, "honours": {"we": [4, 0], "they": [0, 1]}}
    by_cards = work_out_evening(read_progressive(with_table_1_deal(ELWELL_HAND_6)))
    by_counts = work_out_evening(read_progressive(with_table_1_deal(counted)))
    # Hearts, 7 by-cards 56, four in one hand 64, grand slam 40.
    assert by_cards.rounds[0].tables[0].points.we == 160
    assert progressive_result_json(by_cards) == progressive_result_json(by_counts)


def test_an_evening_written_back_keeps_its_deals_cards():
    evening = with_table_1_deal(ELWELL_HAND_6)
    assert evening_json(read_progressive(evening)) == evening


def test_a_deals_wrong_cards_are_refused_naming_its_round_table_and_deal():
    evening = with_table_1_deal(ELWELL_HAND_6 | {"chicane": {"we": 0, "they": 1}})
    with pytest.raises(EveningError) as refusal:
        read_progressive(evening)
    assert str(refusal.value) == (
        "round 1, table 1, deal 1: chicane: the hands give They 0 (both hold hearts), not 1"
    )
    assert (refusal.value.round, refusal.value.table, refusal.value.deal) == (1, 1, 1)
    assert refusal.value.field == "chicane"
