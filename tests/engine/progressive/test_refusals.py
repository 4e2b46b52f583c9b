"""Every refusal of a Progressive evening is a sentence naming what is wrong, and where: the
round, the table and the deal (§10)."""

from __future__ import annotations

import copy
import json

import pytest

from scorer.engine import RubberError
from scorer.engine.progressive import (
    EveningError,
    loads_progressive,
    read_progressive,
    work_out_evening,
)


def nt(we: int, **fields):
    """A no-trump deal, aces easy: the side with more than six tricks scores 12 each."""
    return {
        "dealer": "we",
        "maker": "dealer",
        "trump": "NT",
        "doubles": 0,
        "tricks": {"we": we, "they": 13 - we},
        "honours": {"we": [1, 1], "they": [1, 1]},
    } | fields


# Two tables of two deals. Round 1: at table 1 We win 24 to 12 and move on; table 2 ties
# at 12 and the cut sends They on. Round 2 is seated as those moves say.
EVENING = {
    "format": "elwell-progressive/1",
    "rules": {"deals_a_round": 2, "doubling_limit": None},
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
                {"table": 1, "we": [1, 3], "they": [2, 4], "deals": [nt(8), nt(6)]},
                {"table": 2, "we": [5, 6], "they": [7, 8], "deals": [nt(7), nt(6)], "tie": "they"},
            ]
        },
        {
            "tables": [
                {"table": 1, "we": [2, 7], "they": [4, 8], "deals": [nt(7), nt(7)]},
                {"table": 2, "we": [5, 1], "they": [6, 3], "deals": [nt(5), nt(7)]},
            ]
        },
    ],
}


def refused(change) -> EveningError:
    """The error for the evening above after `change`, read from its JSON and worked out."""
    evening = copy.deepcopy(EVENING)
    change(evening)
    with pytest.raises(EveningError) as error:
        work_out_evening(loads_progressive(json.dumps(evening)))
    return error.value


def at(round_number: int, table: int):
    def table_of(evening):
        return evening["rounds"][round_number - 1]["tables"][table - 1]

    return table_of


def test_the_evening_itself_is_worked_out():
    score = work_out_evening(read_progressive(EVENING))
    assert [t.moves.value for r in score.rounds for t in r.tables] == ["we", "they", "we", "they"]


# -- The players ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "message"),
    [
        (10, "10 players do not make whole tables of four; 2 more players would make 3 tables, "
             "or 2 fewer players 2 tables"),
        (9, "9 players do not make whole tables of four; 3 more players would make 3 tables, "
            "or 1 fewer player 2 tables"),
        (7, "7 players do not make whole tables of four; 1 more player would make 2 tables, "
            "or 3 fewer players 1 table"),
        (3, "3 players cannot make a table of four; 1 more player would make one"),
        (0, "0 players cannot make a table of four; 4 more players would make one"),
    ],
)  # fmt: skip
def test_players_not_a_multiple_of_four_are_refused_saying_how_many_more_or_fewer(count, message):
    def change(evening):
        evening["players"] = [f"Player {n}" for n in range(1, count + 1)]

    error = refused(change)
    assert str(error) == f"players: {message}"
    assert (error.round, error.table, error.deal, error.field) == (None, None, None, "players")


def test_a_table_holding_someone_the_moves_did_not_send_there_is_refused():
    def change(evening):
        at(2, 1)(evening)["we"] = [2, 5]  # 5 stayed at table 2; 7 came to table 1
        at(2, 2)(evening)["we"] = [7, 1]

    error = refused(change)
    assert str(error) == (
        "round 2, table 1: the moves of round 1 sent player 5 (Mrs. Gale) to table 2, not "
        "here; table 1 holds players 2, 4, 7 and 8"
    )
    assert (error.round, error.table, error.field) == (2, 1, "players")


def test_the_first_round_seats_players_by_their_numbers():
    def change(evening):
        at(1, 1)(evening)["we"] = [1, 5]
        at(1, 2)(evening)["we"] = [3, 6]

    assert str(refused(change)) == (
        "round 1, table 1: player 5 (Mrs. Gale) begins at table 2 (players 1 to 4 begin at "
        "table 1, 5 to 8 at table 2, and so on)"
    )


def test_a_player_twice_in_a_round_is_refused():
    error = refused(lambda evening: at(2, 2)(evening).update(we=[5, 2]))
    assert str(error) == "round 2: player 2 (Mr. Dane) plays at both table 1 and table 2"
    assert (error.round, error.table) == (2, None)


def test_a_player_twice_at_a_table_is_refused():
    error = refused(lambda evening: at(2, 1)(evening).update(they=[2, 8]))
    assert str(error) == "round 2, table 1: player 2 (Mr. Dane) is named twice at the table"


@pytest.mark.parametrize("number", [0, 9, -1])
def test_a_player_who_is_not_in_the_evening_is_refused(number):
    error = refused(lambda evening: at(2, 1)(evening).update(we=[2, number]))
    assert str(error) == (
        f"round 2, table 1: there is no player {number} (the players are numbered 1 to 8)"
    )


# -- The tables of a round -----------------------------------------------------------------


def test_a_table_missing_from_a_round_is_refused():
    error = refused(lambda evening: evening["rounds"][1]["tables"].pop())
    assert str(error) == "round 2: table 2 is missing (8 players make 2 tables)"


def test_a_table_listed_twice_is_refused():
    error = refused(lambda evening: at(2, 2)(evening).update(table=1))
    assert str(error) == "round 2: table 1 is listed twice"


def test_a_table_beyond_the_players_is_refused():
    error = refused(lambda evening: at(2, 2)(evening).update(table=3))
    assert str(error) == "round 2: there is no table 3 (8 players make 2 tables)"


def test_the_tables_may_be_listed_in_any_order_and_are_worked_out_by_number():
    evening = copy.deepcopy(EVENING)
    evening["rounds"][1]["tables"].reverse()
    score = work_out_evening(read_progressive(evening))
    assert [t.number for t in score.rounds[1].tables] == [1, 2]
    in_order = work_out_evening(read_progressive(EVENING))
    assert (score.rounds, score.standings, score.next) == (
        in_order.rounds,
        in_order.standings,
        in_order.next,
    )


# -- Deals and ties ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        ([nt(7)], "1 deal was played, but a round is 2 deals"),
        ([nt(7), nt(7), nt(7)], "3 deals were played, but a round is 2 deals"),
        ([], "0 deals were played, but a round is 2 deals"),
    ],
)
def test_a_table_with_the_wrong_number_of_deals_for_the_rules_is_refused(deals, message):
    error = refused(lambda evening: at(2, 2)(evening).update(deals=deals))
    assert str(error) == f"round 2, table 2: {message}"
    assert error.field == "deals"


def test_the_deals_a_round_are_the_evenings_setting():
    error = refused(lambda evening: evening["rules"].update(deals_a_round=3))
    assert str(error) == "round 1, table 1: 2 deals were played, but a round is 3 deals"


def test_a_tie_without_its_cut_is_refused():
    error = refused(lambda evening: at(1, 2)(evening).pop("tie"))
    assert str(error) == (
        "round 1, table 2: the pairs tied at 12 points, and no cut is recorded to say which "
        'pair moves on ("tie": "we" or "they")'
    )
    assert (error.round, error.table, error.field) == (1, 2, "tie")


def test_a_cut_where_the_pairs_did_not_tie_is_refused():
    error = refused(lambda evening: at(1, 1)(evening).update(tie="we"))
    assert str(error) == (
        "round 1, table 1: a cut is recorded for a tie, but the pairs did not tie (We 24, They 12)"
    )


def test_a_cut_with_one_table_is_refused_for_nobody_moves():
    one = {
        "format": "elwell-progressive/1",
        "rules": {"deals_a_round": 2},
        "players": ["A", "B", "C", "D"],
        "rounds": [{"tables": [{"table": 1, "we": [1, 2], "they": [3, 4],
                                "deals": [nt(7), nt(6)], "tie": "we"}]}],
    }  # fmt: skip
    with pytest.raises(EveningError) as error:
        work_out_evening(read_progressive(one))
    assert str(error.value) == (
        "round 1, table 1: a cut is recorded for a tie, but with one table nobody moves"
    )
    del one["rounds"][0]["tables"][0]["tie"]
    assert work_out_evening(read_progressive(one)).rounds[0].tables[0].moves is None


def test_a_cut_before_the_rounds_deals_are_played_is_refused_in_progress():
    evening = copy.deepcopy(EVENING)
    at(2, 1)(evening).update(deals=[nt(7)], tie="we")
    with pytest.raises(EveningError) as error:
        work_out_evening(read_progressive(evening), in_progress=True)
    assert str(error.value) == (
        "round 2, table 1: a cut is recorded for a tie, but the round's deals are not all played"
    )


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (nt(9) | {"tricks": {"we": 9, "they": 5}}, "tricks must add up to 13 (got 9 + 5)"),
        ({"dealer": "we", "maker": "dealer", "doubles": 0, "tricks": {"we": 7, "they": 6},
          "honours": {"we": [1, 1], "they": [1, 1]}}, "trump is missing"),
        ({"dealer": "we", "maker": "dealer", "trump": "S", "doubles": 0, "played": False},
         "played: every deal is played when scoring for points (the Spade Convention looks at "
         "the score of a game, and there is none)"),
        (nt(7) | {"dealer": "north"}, "dealer must be one of 'we', 'they' (got \"north\")"),
    ],
)  # fmt: skip
def test_a_deals_own_error_is_named_with_its_round_table_and_deal(deal, message):
    error = refused(lambda evening: at(2, 1)(evening)["deals"].__setitem__(1, deal))
    assert str(error) == f"round 2, table 1, deal 2: {message}"
    assert (error.round, error.table, error.deal) == (2, 1, 2)


def test_the_clubs_doubling_limit_is_the_evenings():
    def change(evening):
        evening["rules"]["doubling_limit"] = 100
        at(1, 2)(evening)["deals"][0]["doubles"] = 5

    error = refused(change)
    assert str(error) == (
        "round 1, table 2, deal 1: doubles: with the club's doubling limit of 100, No-trump "
        "may be doubled at most 4 times, when a trick is worth 192 (got 5)"
    )
    assert error.field == "doubles"


def test_an_evening_error_is_the_engines_one_exception():
    error = refused(lambda evening: at(1, 2)(evening).pop("tie"))
    assert isinstance(error, RubberError)
    assert isinstance(error, ValueError)


# -- The file's shape ----------------------------------------------------------------------


def drop(*path):
    def change(evening):
        target = evening
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


SHAPES = [
    (lambda e: e.update(format="elwell-rubber/1"),
     "format must be 'elwell-progressive/1' (got \"elwell-rubber/1\")"),
    (lambda e: e.update(date="1906-01-01"), "unknown field 'date'"),
    (drop("rules"), "rules is missing"),
    (lambda e: e.update(rules=[]), "rules must be an object (got a list)"),
    (lambda e: e["rules"].update(spade_convention=True),
     "rules.spade_convention: the Spade Convention has no game score to look at in a "
     "Progressive evening, where every deal is played"),
    (lambda e: e["rules"].update(stake=1), "rules: unknown field 'stake'"),
    (lambda e: e["rules"].update(deals_a_round=0),
     "rules.deals_a_round must be a whole number above 0 (got 0)"),
    (lambda e: e["rules"].update(deals_a_round=True),
     "rules.deals_a_round must be a whole number above 0 (got true)"),
    (lambda e: e["rules"].update(doubling_limit="100"),
     "rules.doubling_limit must be null or a whole number above 0 (got \"100\")"),
    (drop("players"), "players is missing"),
    (lambda e: e.update(players={"1": "A"}),
     "players must be a list of names, player 1 first (got an object)"),
    (lambda e: e["players"].__setitem__(1, " "), "players: player 2 must be a name (got \" \")"),
    (lambda e: e["players"].__setitem__(1, 2), "players: player 2 must be a name (got 2)"),
    (lambda e: e["players"].__setitem__(1, "\ud800"),
     "players: player 2: a name holds a character that is not text"),
    (drop("rounds"), "rounds is missing"),
    (lambda e: e.update(rounds={}), "rounds must be a list (got an object)"),
    (lambda e: e["rounds"].__setitem__(0, []),
     "round 1: a round must be an object with 'tables' (got [])"),
    (lambda e: e["rounds"][0].update(tables=None), "round 1: tables must be a list (got null)"),
    (lambda e: e["rounds"][0]["tables"].__setitem__(1, [1]),
     "round 1: the table at place 2 of the list must be an object (got a list)"),
    (drop("rounds", 0, "tables", 1, "table"),
     "round 1: the table at place 2 of the list: table is missing"),
    (lambda e: at(1, 2)(e).update(table="2"),
     "round 1: the table at place 2 of the list: table must be a whole number above 0 "
     "(got \"2\")"),
    (lambda e: at(1, 2)(e).update(pairs=[]), "round 1, table 2: unknown field 'pairs'"),
    (drop("rounds", 0, "tables", 1, "they"), "round 1, table 2: they is missing"),
    (lambda e: at(1, 2)(e).update(we=[5]),
     "round 1, table 2: we must be a list of the two players' numbers, as they cut (got [5])"),
    (lambda e: at(1, 2)(e).update(we=["5", "6"]),
     "round 1, table 2: we must be a list of the two players' numbers, as they cut "
     "(got [\"5\", \"6\"])"),
    (drop("rounds", 0, "tables", 1, "deals"), "round 1, table 2: deals is missing"),
    (lambda e: at(1, 2)(e).update(deals={}),
     "round 1, table 2: deals must be a list (got an object)"),
    (lambda e: at(1, 2)(e).update(tie=None),
     "round 1, table 2: tie must be \"we\" or \"they\", the pair the cut sent on (got null)"),
    (lambda e: at(1, 2)(e).update(tie="both"),
     "round 1, table 2: tie must be \"we\" or \"they\", the pair the cut sent on "
     "(got \"both\")"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "message"), SHAPES)
def test_a_malformed_evening_is_refused_in_words(change, message):
    evening = copy.deepcopy(EVENING)
    change(evening)
    with pytest.raises(EveningError) as error:
        read_progressive(evening)
    assert str(error.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "an evening must be a JSON object (got a list)"),
        ("{", "not valid JSON: Expecting property name enclosed in double quotes: "
              "line 1 column 2 (char 1)"),
    ],
)  # fmt: skip
def test_text_that_is_no_evening_is_refused(text, message):
    with pytest.raises(RubberError) as error:
        loads_progressive(text)
    assert str(error.value) == message
