"""Every refusal of a Duplicate evening is a sentence naming what is wrong and where: the
board, the pairs and the field (§11)."""

from __future__ import annotations

import copy
import json

import pytest

from scorer.engine import RubberError
from scorer.engine.duplicate import (
    Board,
    DuplicateError,
    DuplicateRules,
    Evening,
    MovementKind,
    Schedule,
    howell,
    loads_duplicate,
    mitchell,
    read_duplicate,
    work_out_duplicate,
)
from tests.support.duplicate import names, result


def nt(board: int, ns: int, ew: int, tricks: int = 7, **fields):
    """A no-trump result, aces easy: North–South take `tricks`."""
    return {
        "board": board,
        "ns": ns,
        "ew": ew,
        "maker": "dealer",
        "trump": "NT",
        "doubles": 0,
        "tricks": {"ns": tricks, "ew": 13 - tricks},
        "honours": {"ns": [1, 1], "ew": [1, 1]},
    } | fields


# A 3-table Mitchell of one board a set, round 1 only: 1 v 4, 2 v 5, 3 v 6.
EVENING = {
    "format": "elwell-duplicate/1",
    "rules": {"movement": "mitchell", "comparison": "average", "doubling_limit": None},
    "pairs": {str(n): list(two) for n, two in enumerate(names(6), 1)},
    "boards": [{"board": 1, "dealer": "N"}, {"board": 2, "dealer": "E"}, {"board": 3}],
    "results": [nt(1, 1, 4), nt(2, 2, 5), nt(3, 3, 6)],
}


def refused(change) -> DuplicateError:
    data = copy.deepcopy(EVENING)
    change(data)
    with pytest.raises(DuplicateError) as error:
        work_out_duplicate(read_duplicate(data))
    return error.value


def test_the_evening_itself_is_accepted():
    assert len(work_out_duplicate(read_duplicate(EVENING)).travellers) == 3


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("[1]", "an evening must be a JSON object (got a list)"),
        (
            '{"format": "elwell-rubber/1"}',
            "format must be 'elwell-duplicate/1' (got \"elwell-rubber/1\")",
        ),
        (
            "{",
            "not valid JSON: Expecting property name enclosed in double quotes: line 1 column 2 "
            "(char 1)",
        ),
    ],
)
def test_what_is_no_evening_is_refused(text, sentence):
    with pytest.raises(RubberError) as error:
        loads_duplicate(text)
    assert str(error.value) == sentence


def setting(path, value):
    def change(data):
        *keys, last = path
        for key in keys:
            data = data[key]
        data[last] = value

    return change


def dropping(path):
    def change(data):
        *keys, last = path
        for key in keys:
            data = data[key]
        del data[last]

    return change


@pytest.mark.parametrize(
    ("change", "sentence", "field"),
    [
        (setting(["teams"], 1), "unknown field 'teams'", "teams"),
        (dropping(["rules"]), "rules is missing", "rules"),
        (dropping(["results"]), "results is missing", "results"),
        (
            setting(["rules", "movement"], "relay"),
            "rules.movement must be one of 'mitchell', 'howell' (got \"relay\")",
            "rules",
        ),
        (
            dropping(["rules", "movement"]),
            'rules.movement is missing ("mitchell" or "howell")',
            "rules",
        ),
        (
            setting(["rules", "comparison"], "imps"),
            "rules.comparison must be one of 'average', 'matchpoints' (got \"imps\")",
            "rules",
        ),
        (
            setting(["rules", "doubling_limit"], 0),
            "rules.doubling_limit must be null or a whole number above 0 (got 0)",
            "rules",
        ),
        (
            setting(["rules", "spade_convention"], True),
            "rules.spade_convention: the Spade Convention has no game score to look at in a "
            "Duplicate evening, where every board is played",
            "rules",
        ),
        (
            setting(["pairs", "x"], ["A", "B"]),
            'pairs: "x" is not a pair\'s number (1, 2, 3, …)',
            "pairs",
        ),
        (
            setting(["pairs", "2"], ["A"]),
            'pairs: pair 2 must be a list of two names (got ["A"])',
            "pairs",
        ),
        (
            setting(["pairs", "8"], ["A", "B"]),
            "pairs: pair 7 is missing (the pairs are numbered from 1, 7 of them)",
            "pairs",
        ),
        (setting(["boards"], {}), "boards must be a list (got an object)", "boards"),
        (
            setting(["boards", 0], 1),
            "boards: the board at place 1 of the list must be an object (got a number)",
            "boards",
        ),
        (
            setting(["boards", 1, "board"], 0),
            "boards: the board at place 2 of the list: board must be a whole number above 0 (got "
            "0)",
            "board",
        ),
        (
            setting(["boards", 1, "dealer"], "N"),
            "board 2: dealer: board 2 is dealt by E (boards 1, 2, 3, 4 by N, E, S, W, and so on "
            'round), not "N"',
            "dealer",
        ),
        (
            setting(["boards", 0, "hands"], {"N": "AKQ"}),
            "board 1: hands must be an object with the four hands, 'N', 'E', 'S' and 'W', each as "
            'PBN writes it (got {"N": "AKQ"})',
            "hands",
        ),
        (
            setting(["boards", 0, "vulnerable"], "none"),
            "board 1: unknown field 'vulnerable'",
            "vulnerable",
        ),
        (
            setting(["results", 1], "2"),
            "results: the result at place 2 of the list must be an object (got a string)",
            "results",
        ),
        (
            dropping(["results", 0, "ew"]),
            "results: the result at place 1 of the list: ew is missing",
            "ew",
        ),
        (
            setting(["results", 0, "board"], "1"),
            "results: the result at place 1 of the list: board must be a whole number above 0 "
            '(got "1")',
            "board",
        ),
        (
            setting(["results", 0, "played"], "no"),
            'board 1, pairs 1 and 4: played must be true or false (got "no")',
            "played",
        ),
        (
            setting(["results", 0], {"board": 1, "ns": 1, "ew": 4, "played": False, "trump": "S"}),
            "board 1, pairs 1 and 4: trump: a board that was not played has no trump",
            "trump",
        ),
        (
            setting(["results", 0, "contract"], "3NT"),
            "board 1, pairs 1 and 4: unknown field 'contract'",
            "contract",
        ),
        (dropping(["results", 0, "maker"]), "board 1, pairs 1 and 4: maker is missing", "maker"),
        (
            setting(["results", 0, "maker"], "dummy"),
            "board 1, pairs 1 and 4: maker must be one of 'dealer', 'partner' (got \"dummy\")",
            "maker",
        ),
        (
            setting(["results", 0, "trump"], "X"),
            "board 1, pairs 1 and 4: trump must be one of 'S', 'C', 'D', 'H', 'NT' (got \"X\")",
            "trump",
        ),
        (
            setting(["results", 0, "doubles"], 1.5),
            "board 1, pairs 1 and 4: doubles must be a whole number (got 1.5)",
            "doubles",
        ),
        (
            setting(["results", 0, "tricks"], {"we": 7, "they": 6}),
            "board 1, pairs 1 and 4: tricks must be an object with 'ns' and 'ew' (got {\"we\": 7, "
            '"they": 6})',
            "tricks",
        ),
        (
            setting(["results", 0, "tricks", "ns"], "7"),
            'board 1, pairs 1 and 4: tricks.ns must be a whole number (got "7")',
            "tricks",
        ),
        (
            setting(["results", 0, "honours", "ew"], [3]),
            "board 1, pairs 1 and 4: honours.ew must be a list of two whole numbers, East's and "
            "West's (got [3])",
            "honours",
        ),
        (
            setting(["results", 0, "play"], "SA"),
            "board 1, pairs 1 and 4: play must be a list of tricks, each a list of cards such as "
            '"SA" (got "SA")',
            "play",
        ),
    ],
)
def test_a_badly_shaped_evening_is_refused_naming_the_board_the_pairs_and_the_field(
    change, sentence, field
):
    error = refused(change)
    assert (str(error), error.field) == (sentence, field)


@pytest.mark.parametrize(
    ("change", "sentence", "field"),
    [
        (
            setting(["results", 0, "board"], 9),
            "board 9, pairs 1 and 4: board: there is no board 9 (the boards: 1, 2, 3)",
            "board",
        ),
        (
            setting(["results", 0, "ew"], 7),
            "board 1, pairs 1 and 7: ew: there is no pair 7 (the pairs are numbered 1 to 6)",
            "ew",
        ),
        (
            setting(["results", 0, "ew"], 1),
            "board 1, pairs 1 and 1: pair 1 cannot sit against itself",
            "ew",
        ),
        (
            setting(["results", 0], nt(1, 4, 1)),
            "board 1, pairs 4 and 1: ns: pair 4 sits North–South, but in this Mitchell East–West "
            "are pairs 4 to 6 and keep their direction",
            "ns",
        ),
        (
            setting(["results", 1], nt(1, 2, 4)),
            "board 1, pairs 2 and 4: pair 4 plays board 1 twice (against pair 1 already)",
            "ew",
        ),
        (
            setting(["results", 0, "tricks"], {"ns": 7, "ew": 7}),
            "board 1, pairs 1 and 4: tricks must add up to 13 (got 7 + 7)",
            "tricks",
        ),
        (
            setting(["results", 0, "tricks"], {"ns": 14, "ew": -1}),
            "board 1, pairs 1 and 4: tricks cannot be negative (got -1 for East–West)",
            "tricks",
        ),
        (
            setting(["results", 0, "honours"], {"ns": [1, 1], "ew": [1, 0]}),
            "board 1, pairs 1 and 4: honours: the aces at no-trump must add up to 4 (got 3)",
            "honours",
        ),
        (
            setting(
                ["results", 0],
                nt(
                    1,
                    1,
                    4,
                    trump="H",
                    honours={"ns": [3, 1], "ew": [1, 0]},
                    chicane={"ns": 1, "ew": 0},
                ),
            ),
            "board 1, pairs 1 and 4: chicane: a hand of North–South void of trumps can hold no "
            "honours, but North–South hold honours [3, 1]",
            "chicane",
        ),
        (
            setting(["results", 0, "chicane"], {"ns": 1, "ew": 0}),
            "board 1, pairs 1 and 4: chicane: there is no chicane at no-trump, where there are no "
            "trumps (Law 9)",
            "chicane",
        ),
        (
            setting(["results", 0, "revokes"], {"ns": 0, "ew": -1}),
            "board 1, pairs 1 and 4: revokes cannot be negative (got -1 for East–West)",
            "revokes",
        ),
        (
            dropping(["results", 0, "honours"]),
            "board 1, pairs 1 and 4: honours is missing: on a board whose hands are not known, "
            "each result records the honours",
            "honours",
        ),
        (dropping(["results", 0, "tricks"]), "board 1, pairs 1 and 4: tricks is missing", "tricks"),
        (
            setting(["results", 0, "play"], [["D4", "D2", "DK", "D7"]]),
            "board 1, pairs 1 and 4: play: the play can be followed only on a board whose hands "
            "are known",
            "play",
        ),
        (
            setting(["results", 0, "doubles"], 5),
            "board 1, pairs 1 and 4: doubles: with the club's doubling limit of 100, No-trump may "
            "be doubled at most 4 times, when a trick is worth 192 (got 5)",
            "doubles",
        ),
        (setting(["boards", 2, "board"], 1), "board 1: the board is listed twice", "boards"),
        (
            # seven pairs are a Mitchell of four tables a pair short: pair 4 is North–South
            setting(["pairs", "7"], ["A", "B"]),
            "board 1, pairs 1 and 4: ew: pair 4 sits East–West, but in this Mitchell "
            "North–South are pairs 1 to 4 and keep their direction",
            "ew",
        ),
    ],
)
def test_results_the_properties_of_every_movement_or_the_laws_forbid_are_refused(
    change, sentence, field
):
    def with_limit(data):
        data["rules"]["doubling_limit"] = 100
        change(data)

    error = refused(with_limit)
    assert (str(error), error.field) == (sentence, field)


def test_two_pairs_meeting_twice_in_a_howell_are_refused():
    def change(data):
        data["rules"]["movement"] = "howell"
        data["results"].append(nt(2, 4, 1))

    error = refused(change)
    assert str(error) == (
        "board 2, pairs 4 and 1: pairs 4 and 1 meet twice: on board 1 pair 1 sat North–South, "
        "here pair 4"
    )
    assert (error.board, error.pairs, error.field) == (2, (4, 1), "ns")


def test_a_refusal_names_its_board_and_pairs_to_a_program():
    error = refused(setting(["results", 1, "tricks"], {"ns": 6, "ew": 6}))
    assert (error.board, error.pairs, error.field) == (2, (2, 5), "tricks")


# -- Against the evening's schedule --------------------------------------------------------


def scheduled(results, movement=None, **kinds):
    movement = movement or mitchell(3)
    rules = DuplicateRules(kinds.get("kind", MovementKind.MITCHELL))
    boards = tuple(Board(n) for n in range(1, 4))
    return Evening(rules, boards, tuple(results), names(6), Schedule(movement, 1))


def test_a_result_the_schedule_does_not_call_for_is_refused():
    with pytest.raises(DuplicateError) as error:
        work_out_duplicate(scheduled([result(1, 1, 5)]), in_progress=True)
    assert str(error.value) == (
        "board 1, pairs 1 and 5: the movement does not seat these pairs here: board 1 is played "
        "by pair 1 North–South against pair 4 (round 1, table 1)"
    )


def test_a_schedule_of_another_movement_is_refused():
    with pytest.raises(DuplicateError) as error:
        work_out_duplicate(scheduled([], movement=howell(3)), in_progress=True)
    assert str(error.value) == "movement: the evening is a Mitchell, but its schedule a Howell"


def test_a_schedule_whose_boards_are_not_all_listed_is_refused():
    evening = Evening(
        DuplicateRules(MovementKind.MITCHELL), (Board(1),), (), (), Schedule(mitchell(3), 1)
    )
    with pytest.raises(DuplicateError) as error:
        work_out_duplicate(evening, in_progress=True)
    assert str(error.value) == "board 2 is missing: the movement plays boards 1 to 3"


def test_the_evening_read_from_text_is_refused_as_from_data():
    text = json.dumps(EVENING | {"results": [nt(1, 1, 4, tricks=6, doubles=-1)]})
    with pytest.raises(RubberError) as error:
        work_out_duplicate(loads_duplicate(text))
    assert str(error.value) == "board 1, pairs 1 and 4: doubles cannot be negative (got -1)"
