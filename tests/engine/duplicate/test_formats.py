"""The Duplicate evening's formats (§11): elwell-duplicate/1 read and written back as it
was, and elwell-duplicate-result/1 written with exactly the keys §11 gives, its figures
rounded to two places."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from scorer.engine.duplicate import (
    Board,
    Comparison,
    DuplicateRules,
    Evening,
    MovementKind,
    Schedule,
    duplicate_json,
    duplicate_result_json,
    figure,
    loads_duplicate,
    mitchell,
    work_out_duplicate,
)
from tests.support.duplicate import names, result

EVENING = {
    "format": "elwell-duplicate/1",
    "rules": {"movement": "howell", "comparison": "matchpoints", "doubling_limit": 200},
    "pairs": {
        "1": ["Mrs. Carr", "Mr. Dane"],
        "2": ["Miss Eyre", "Mr. Fell"],
        "3": ["A", "B"],
        "4": ["C", "D"],
    },
    "boards": [
        {"board": 1, "dealer": "N"},
        {"board": 2, "dealer": "E"},
    ],
    "results": [
        {
            "board": 1,
            "ns": 1,
            "ew": 2,
            "maker": "partner",
            "trump": "D",
            "doubles": 1,
            "tricks": {"ns": 9, "ew": 4},
            "honours": {"ns": [3, 1], "ew": [1, 0]},
            "chicane": {"ns": 0, "ew": 1},
            "revokes": {"ns": 0, "ew": 1},
        },
        {"board": 1, "ns": 3, "ew": 4, "played": False},
        {
            "board": 2,
            "ns": 4,
            "ew": 1,
            "maker": "dealer",
            "trump": "NT",
            "doubles": 0,
            "tricks": {"ns": 6, "ew": 7},
            "honours": {"ns": [1, 1], "ew": [2, 0]},
        },
    ],
}


def test_an_evening_is_written_back_as_it_was_read():
    assert duplicate_json(loads_duplicate(json.dumps(EVENING))) == EVENING


def test_a_boards_dealer_may_be_left_to_its_number_and_is_written():
    data = EVENING | {"boards": [{"board": 1}, {"board": 2}]}
    assert duplicate_json(loads_duplicate(json.dumps(data)))["boards"] == EVENING["boards"]


def test_the_result_has_exactly_the_keys_section_11_gives():
    written = duplicate_result_json(work_out_duplicate(loads_duplicate(json.dumps(EVENING))))
    assert written == {
        "format": "elwell-duplicate-result/1",
        "boards": [
            {
                "board": 1,
                "results": [
                    # Diamonds doubled: East–West's revoke moves three tricks to North–
                    # South's nine, 6 by-cards at 12 = 72 (no slam: it was not won in
                    # play). North–South's 4 honours, 4 × 6 = 24, less East–West's
                    # chicane, 2 × 6 = 12: 12. North–South 84.
                    {
                        "ns": 1,
                        "ew": 2,
                        "points": {"ns": 84, "ew": 0},
                        "net": {"ns": 84, "ew": -84},
                        "score": {"ns": 0, "ew": 0},
                    },
                    {
                        "ns": 3,
                        "ew": 4,
                        "played": False,
                        "points": None,
                        "net": None,
                        "score": {"ns": 0, "ew": 0},
                    },
                ],
            },
            {
                "board": 2,
                "results": [
                    {
                        "ns": 4,
                        "ew": 1,
                        "points": {"ns": 0, "ew": 12},
                        "net": {"ns": -12, "ew": 12},
                        "score": {"ns": 0, "ew": 0},
                    }
                ],
            },
        ],
        "pairs": [
            {
                "pair": 1,
                "direction": None,
                "nets": 96,
                "score": 0,
                "percent": None,
                "place": 1,
                "boards": 2,
            },
            {
                "pair": 2,
                "direction": None,
                "nets": -84,
                "score": 0,
                "percent": None,
                "place": 1,
                "boards": 1,
            },
            {
                "pair": 3,
                "direction": None,
                "nets": 0,
                "score": 0,
                "percent": None,
                "place": 1,
                "boards": 0,
            },
            {
                "pair": 4,
                "direction": None,
                "nets": -12,
                "score": 0,
                "percent": None,
                "place": 1,
                "boards": 1,
            },
        ],
    }


def test_a_mitchells_pairs_carry_their_direction_and_matchpoints_their_percentage():
    rules = DuplicateRules(MovementKind.MITCHELL, Comparison.MATCHPOINTS)
    results = (
        result(1, 1, 3, "NT", (8, 5)),  # +24
        result(1, 2, 4, "NT", (7, 6)),  # +12
        result(2, 1, 4, "NT", (7, 6)),
        result(2, 2, 3, "NT", (7, 6)),
    )
    evening = Evening(rules, (Board(1), Board(2)), results, names(4))
    pairs = duplicate_result_json(work_out_duplicate(evening))["pairs"]
    assert pairs == [
        {
            "pair": 1,
            "direction": "ns",
            "nets": 36,
            "score": 3,
            "percent": 75,
            "place": 1,
            "boards": 2,
        },
        {
            "pair": 2,
            "direction": "ns",
            "nets": 24,
            "score": 1,
            "percent": 25,
            "place": 2,
            "boards": 2,
        },
        {
            "pair": 3,
            "direction": "ew",
            "nets": -36,
            "score": 1,
            "percent": 25,
            "place": 2,
            "boards": 2,
        },
        {
            "pair": 4,
            "direction": "ew",
            "nets": -24,
            "score": 3,
            "percent": 75,
            "place": 1,
            "boards": 2,
        },
    ]


@pytest.mark.parametrize(
    ("exact", "written"),
    [
        (F(63, 1), 63),
        (F(127, 2), 63.5),
        (F(253, 4), 63.25),
        (F(2, 3), 0.67),
        (F(-2, 3), -0.67),
        (F(1, 8), 0.13),  # half a hundredth rounds away from nought
        (F(-1, 8), -0.13),
        (F(-1, 1000), 0),  # never −0
        (F(7, 12) * 100, 58.33),
    ],
)
def test_figures_are_written_rounded_to_two_places(exact, written):
    assert figure(exact) == written
    assert json.dumps(figure(exact)) == json.dumps(written)


def test_an_evening_in_progress_lists_on_each_board_the_results_still_missing():
    rules = DuplicateRules(MovementKind.MITCHELL)
    evening = Evening(
        rules,
        tuple(Board(n) for n in range(1, 4)),
        (result(1, 1, 4),),
        names(6),
        Schedule(mitchell(3), 1),
    )
    written = duplicate_result_json(work_out_duplicate(evening, in_progress=True))
    assert written["boards"][0]["missing"] == [
        {"ns": 3, "ew": 5, "round": 2, "table": 3},
        {"ns": 2, "ew": 6, "round": 3, "table": 2},
    ]
    assert (
        "missing"
        not in duplicate_result_json(
            work_out_duplicate(Evening(rules, (Board(1),), (result(1, 1, 4),), names(6)))
        )["boards"][0]
    )
