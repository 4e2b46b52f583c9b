"""Every refusal names the deal and the field, in words a player can act on."""

from __future__ import annotations

import copy
import json

import pytest

from scorer.engine import RubberError, loads, read_rubber

RUBBER = {
    "format": "elwell-rubber/1",
    "rules": {"doubling_limit": None, "spade_convention": False},
    "players": {"we": ["Z", "Y"], "they": ["A", "B"]},
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
}


def refused(change):
    """The message for the valid rubber above after `change` has been made to it."""
    rubber = copy.deepcopy(RUBBER)
    change(rubber)
    with pytest.raises(RubberError) as error:
        read_rubber(rubber).sheet()
    return error.value


def set_deal(**fields):
    def change(rubber):
        rubber["deals"][0].update(fields)

    return change


def drop(*path):
    def change(rubber):
        target = rubber
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def test_the_rubber_itself_is_read():
    assert len(read_rubber(RUBBER).deals) == 1


CASES = [
    # The rubber's shape.
    (
        lambda r: r.update(format="elwell-rubber/2"),
        None,
        "format must be 'elwell-rubber/1' (got \"elwell-rubber/2\")",
    ),
    (drop("format"), None, "format must be 'elwell-rubber/1' (got null)"),
    (drop("rules"), "rules", "rules is missing"),
    (lambda r: r.update(rules=[]), "rules", "rules must be an object (got a list)"),
    (lambda r: r["rules"].update(limit=100), "rules", "rules: unknown field 'limit'"),
    (drop("rules", "doubling_limit"), "rules", "rules.doubling_limit is missing"),
    (
        lambda r: r["rules"].update(doubling_limit=0),
        "rules",
        "rules.doubling_limit must be null or a whole number above 0 (got 0)",
    ),
    (
        lambda r: r["rules"].update(spade_convention="yes"),
        "rules",
        'rules.spade_convention must be true or false (got "yes")',
    ),
    (
        lambda r: r.update(players={"we": ["Z", "Y"]}),
        "players",
        "players must be an object with 'we' and 'they'",
    ),
    (
        lambda r: r["players"].update(they=["A"]),
        "players",
        'players.they must be a list of two names (got ["A"])',
    ),
    (drop("deals"), "deals", "deals is missing"),
    (lambda r: r.update(deals={}), "deals", "deals must be a list (got an object)"),
    # A deal's shape.
    (lambda r: r["deals"].append([]), None, "deal 2: a deal must be an object (got a list)"),
    (set_deal(played=1), "played", "deal 1: played must be true or false (got 1)"),
    (set_deal(trick=9), "trick", "deal 1: unknown field 'trick'"),
    (set_deal(played=False), "tricks", "deal 1: tricks: a deal that was not played has no tricks"),
    (drop("deals", 0, "dealer"), "dealer", "deal 1: dealer is missing"),
    (set_deal(dealer="us"), "dealer", "deal 1: dealer must be one of 'we', 'they' (got \"us\")"),
    (
        set_deal(maker="eldest"),
        "maker",
        "deal 1: maker must be one of 'dealer', 'partner' (got \"eldest\")",
    ),
    (
        set_deal(trump="X"),
        "trump",
        "deal 1: trump must be one of 'S', 'C', 'D', 'H', 'NT' (got \"X\")",
    ),
    (drop("deals", 0, "doubles"), "doubles", "deal 1: doubles is missing"),
    (set_deal(doubles=1.5), "doubles", "deal 1: doubles must be a whole number (got 1.5)"),
    (set_deal(doubles=True), "doubles", "deal 1: doubles must be a whole number (got true)"),
    (
        set_deal(doubles=1001),
        "doubles",
        "deal 1: doubles: 1001 is more than this scorer reads (at most 1000)",
    ),
    (
        set_deal(tricks=[9, 4]),
        "tricks",
        "deal 1: tricks must be an object with 'we' and 'they' (got [9, 4])",
    ),
    (
        set_deal(tricks={"we": "9", "they": 4}),
        "tricks",
        'deal 1: tricks.we must be a whole number (got "9")',
    ),
    (
        set_deal(honours={"we": [3], "they": [1, 0]}),
        "honours",
        "deal 1: honours.we must be a list of two whole numbers, one for each hand (got [3])",
    ),
    (
        set_deal(chicane={"we": 0, "they": None}),
        "chicane",
        "deal 1: chicane.they must be a whole number (got null)",
    ),
    (
        set_deal(revokes={"we": 0}),
        "revokes",
        "deal 1: revokes must be an object with 'we' and 'they' (got {\"we\": 0})",
    ),
    # What the laws refuse.
    (set_deal(doubles=-1), "doubles", "deal 1: doubles cannot be negative (got -1)"),
    (
        set_deal(tricks={"we": -1, "they": 14}),
        "tricks",
        "deal 1: tricks cannot be negative (got -1 for We)",
    ),
    (
        set_deal(tricks={"we": 9, "they": 5}),
        "tricks",
        "deal 1: tricks must add up to 13 (got 9 + 5)",
    ),
    (
        set_deal(honours={"we": [-1, 5], "they": [1, 0]}),
        "honours",
        "deal 1: honours cannot be negative (got [-1, 5] for We)",
    ),
    (
        set_deal(honours={"we": [3, 1], "they": [0, 0]}),
        "honours",
        "deal 1: honours must add up to 5 (got 4)",
    ),
    (
        set_deal(trump="NT"),
        "honours",
        "deal 1: honours: the aces at no-trump must add up to 4 (got 5)",
    ),
    (
        set_deal(chicane={"we": 3, "they": 0}),
        "chicane",
        "deal 1: chicane is 0, 1 or 2 hands void of trumps (got 3 for We)",
    ),
    (
        set_deal(chicane={"we": 0, "they": 1}, honours={"we": [3, 0], "they": [1, 1]}),
        "chicane",
        "deal 1: chicane: a hand of They void of trumps can hold no honours, "
        "but They hold honours [1, 1]",
    ),
    (
        set_deal(trump="NT", honours={"we": [3, 0], "they": [1, 0]}, chicane={"we": 1, "they": 0}),
        "chicane",
        "deal 1: chicane: there is no chicane at no-trump, where there are no trumps (Law 9)",
    ),
    (
        set_deal(revokes={"we": 0, "they": -1}),
        "revokes",
        "deal 1: revokes cannot be negative (got -1 for They)",
    ),
    (
        lambda r: r["rules"].update(doubling_limit=100) or r["deals"][0].update(doubles=5),
        "doubles",
        "deal 1: doubles: with the club's doubling limit of 100, Hearts may be doubled "
        "at most 4 times, when a trick is worth 128 (got 5)",
    ),
    (
        lambda r: r["deals"].extend(
            [
                {
                    **r["deals"][0],
                    "trump": "NT",
                    "honours": {"we": [2, 1], "they": [1, 0]},
                    "tricks": {"we": 13, "they": 0},
                }
            ]
            * 3
        ),
        None,
        "deal 4: the rubber was won at deal 3, so no deal may follow (Law 1)",
    ),
]


@pytest.mark.parametrize(("change", "field", "message"), CASES)
def test_each_refusal_says_what_is_wrong(change, field, message):
    error = refused(change)
    assert str(error) == message
    assert error.field == field


def test_a_deal_not_played_is_refused_without_the_spade_convention():
    def change(rubber):
        rubber["deals"][0] = {
            "dealer": "we",
            "maker": "dealer",
            "trump": "S",
            "doubles": 0,
            "played": False,
        }

    assert str(refused(change)) == (
        "deal 1: played: a deal may go unplayed only under the Spade Convention, not in force"
    )


def test_text_that_is_not_json_is_refused_with_the_place():
    with pytest.raises(RubberError, match=r"^not valid JSON: Expecting ',' delimiter: line 1"):
        loads('{"format": "elwell-rubber/1" "rules": {}}')


def test_a_rubber_that_is_not_an_object_is_refused():
    with pytest.raises(RubberError, match=r"^a rubber must be a JSON object \(got a list\)$"):
        loads(json.dumps([RUBBER]))


def test_the_error_carries_the_deal_number():
    error = refused(set_deal(tricks={"we": 9, "they": 5}))
    assert (error.deal, error.problem) == (1, "tricks must add up to 13 (got 9 + 5)")
    assert isinstance(error, ValueError)


def test_a_deal_past_the_most_points_the_record_holds_is_refused_naming_the_deal():
    from scorer.engine import Deal, Play, Rules, Side, Trump, work_out
    from scorer.engine.model import Pair

    bounded = Rules(most_points=10_000_000)
    slam = Play(Pair(12, 1), Pair((1, 1), (1, 1)))
    one_over = Play(Pair(7, 6), Pair((1, 1), (1, 1)))
    first = Deal(Side.WE, Trump.NO_TRUMP, doubles=17, play=slam)
    assert work_out([first], bounded).totals.we.total == 9_437_204
    with pytest.raises(RubberError) as refused:
        work_out([first, Deal(Side.THEY, Trump.NO_TRUMP, doubles=17, play=one_over)], bounded)
    assert str(refused.value) == (
        "deal 2: We would have 11,010,068 points, more than the 10,000,000 a rubber may hold "
        "here: if the doubles were entered wrongly, correct them"
    )
    with pytest.raises(
        RubberError, match=r"^deal 1: doubles: doubled 20 times, a trick at No-trump"
    ):
        work_out([Deal(Side.WE, Trump.NO_TRUMP, doubles=20, play=slam)], bounded)
    assert work_out([Deal(Side.WE, Trump.NO_TRUMP, doubles=20, play=slam)]).finished is False
