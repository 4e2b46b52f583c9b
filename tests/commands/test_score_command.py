"""`manage.py score`: sheets from rubber files, results from Progressive evenings, JSON lines,
and the text layouts."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from unittest import mock

import pytest
from django.core.management import CommandError, call_command

from scorer.engine import Rubber, rubber_json, sheet_json, work_out
from tests.support.rubbers import random_rubber, random_rules

ROOT = Path(__file__).parents[2]
SPECIMEN = ROOT / "scorer" / "data" / "elwell-specimen.json"
EXPECTED = json.loads((ROOT / "tests" / "data" / "elwell-specimen.out.json").read_text())
SHEET_KEYS = ("deals", "games", "rubber", "totals", "net")


def score(*args):
    out = StringIO()
    call_command("score", *args, stdout=out)
    return out.getvalue()


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


def run(*args, stdin=""):
    """The command as the shell runs it (its output, errors and exit status), in this
    process: starting Python and Django afresh for each would double the suite's time."""
    out = StringIO()
    with mock.patch("sys.stdin", StringIO(stdin)):
        try:
            call_command("score", *args, stdout=out)
        except CommandError as error:
            return Done(error.returncode, out.getvalue(), f"CommandError: {error}\n")
    return Done(0, out.getvalue(), "")


def manage(*args, stdin=""):
    """The command run by the shell, for what only the shell sees: standard input read,
    the exit status of a usage error."""
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def bad_rubber(tmp_path, name="bad.json"):
    rubber = json.loads(SPECIMEN.read_text())
    rubber["deals"][2]["tricks"] = {"we": 9, "they": 5}
    path = tmp_path / name
    path.write_text(json.dumps(rubber))
    return path


def as_elwells_sheet(sheet):
    sheet = {k: sheet[k] for k in SHEET_KEYS}
    sheet["deals"] = [{k: d[k] for k in ("number", "game", "we", "they")} for d in sheet["deals"]]
    return sheet


def documents(text):
    """Every JSON document in text, one after another."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())
        document, at = decoder.raw_decode(text, at)
        found.append(document)
    return found


def test_it_prints_the_specimen_sheet():
    sheet = json.loads(score(str(SPECIMEN)))
    assert as_elwells_sheet(sheet) == {k: EXPECTED[k] for k in SHEET_KEYS}


def test_it_reads_a_rubber_from_standard_input():
    result = manage("-", stdin=SPECIMEN.read_text())
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["net"] == {"we": 152, "they": -152}


def test_it_prints_one_sheet_per_file_in_order(tmp_path):
    short = json.loads(SPECIMEN.read_text())
    short["deals"] = short["deals"][:2]
    (tmp_path / "short.json").write_text(json.dumps(short))
    sheets = documents(score(str(SPECIMEN), str(tmp_path / "short.json")))
    assert [len(sheet["deals"]) for sheet in sheets] == [7, 2]


def test_an_invalid_rubber_gets_an_error_naming_the_file_and_deal_and_no_output(tmp_path):
    result = run(str(bad_rubber(tmp_path)))
    assert result.returncode == 1
    assert result.stdout == ""
    assert f"{tmp_path / 'bad.json'}: deal 3: tricks must add up to 13 (got 9 + 5)" in result.stderr


def test_one_invalid_file_among_several_prints_no_sheet(tmp_path):
    with pytest.raises(CommandError, match="deal 3: tricks must add up to 13") as refused:
        score(str(SPECIMEN), str(bad_rubber(tmp_path)))
    assert refused.value.returncode == 1


def test_a_file_that_cannot_be_read_is_named(tmp_path):
    with pytest.raises(CommandError, match=r"cannot read .*missing\.json"):
        score(str(tmp_path / "missing.json"))


def test_a_file_of_rubbers_one_per_line_suggests_jsonl(tmp_path):
    path = tmp_path / "lines.jsonl"
    line = json.dumps(json.loads(SPECIMEN.read_text()))
    path.write_text(f"{line}\n{line}\n")
    with pytest.raises(CommandError, match=r"use --jsonl"):
        score(str(path))


def test_jsonl_gives_one_line_per_rubber_in_order_and_goes_on_past_errors(tmp_path):
    good = json.dumps(json.loads(SPECIMEN.read_text()))
    bad = bad_rubber(tmp_path).read_text()
    path = tmp_path / "rubbers.jsonl"
    path.write_text(f"{good}\n\n{bad}\nnot json\n{good}\n")
    result = run("--jsonl", str(path))
    assert result.returncode == 1
    assert "2 of 4 lines refused" in result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 4
    assert (
        as_elwells_sheet(lines[0])
        == as_elwells_sheet(lines[3])
        == {k: EXPECTED[k] for k in SHEET_KEYS}
    )
    assert lines[1] == {"error": "deal 3: tricks must add up to 13 (got 9 + 5)"}
    assert lines[2]["error"].startswith("not valid JSON: ")


def test_jsonl_of_valid_rubbers_exits_cleanly():
    line = json.dumps(json.loads(SPECIMEN.read_text()))
    result = run("--jsonl", "-", stdin=f"{line}\n{line}\n")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 2


def test_jsonl_agrees_with_the_engine_on_random_rubbers_valid_and_not(tmp_path):
    rng = random.Random(1905)

    def choose(lo, hi):
        return rng.randint(lo, hi)

    lines, expected = [], []
    for number in range(60):
        rules = random_rules(choose)
        deals = random_rubber(choose, rules)
        data = rubber_json(Rubber(rules, tuple(deals)))
        if number % 3 == 0 and deals:  # spoil one deal's tricks
            spoiled = copy.deepcopy(data)
            target = next((d for d in spoiled["deals"] if "tricks" in d), None)
            if target is not None:
                target["tricks"]["we"] += 1
                at = spoiled["deals"].index(target) + 1
                lines.append(json.dumps(spoiled))
                expected.append(
                    {
                        "error": f"deal {at}: tricks must add up to 13 (got "
                        f"{target['tricks']['we']} + {target['tricks']['they']})"
                    }
                )
                continue
        lines.append(json.dumps(data))
        expected.append(json.loads(json.dumps(sheet_json(work_out(deals, rules)))))
    path = tmp_path / "random.jsonl"
    path.write_text("\n".join(lines) + "\n")
    out = StringIO()
    refused = sum("error" in e for e in expected)
    assert refused > 0
    with pytest.raises(CommandError, match=f"^{refused} of 60 lines refused$"):
        call_command("score", "--jsonl", str(path), stdout=out)
    assert [json.loads(line) for line in out.getvalue().splitlines()] == expected


def test_text_lays_out_the_sheet():
    text = score("--text", str(SPECIMEN))
    assert "1st game" in text
    assert text.rstrip().endswith("300 − 148 = 152 points won by We, winners of the rubber.")


def test_jsonl_and_text_cannot_be_asked_for_together():
    result = manage("--jsonl", "--text", str(SPECIMEN))
    assert result.returncode == 2
    assert "not allowed with argument" in result.stderr


# -- The club's other games: Three-handed Bridge and Short Whist ------------------------------


def whist_deal(dealer, trump, tricks, honours, revokes=()):
    deal = {
        "dealer": dealer,
        "trump": trump,
        "tricks": {"we": tricks, "they": 13 - tricks},
        "honours": {"we": honours, "they": 4 - honours},
    }
    if revokes:
        deal["revokes"] = [{"by": by, "penalty": penalty} for by, penalty in revokes]
    return deal


WHIST_RUBBER = {
    "format": "whist-rubber/1",
    "players": {"we": ["Mrs. Carr", "Mr. Hale"], "they": ["Miss Dove", "Mr. Ash"]},
    "deals": [
        whist_deal("we", "H", 11, 2),  # We 5: a treble
        whist_deal("they", "S", 5, 1),  # They 2 + 2 honours
        whist_deal("we", "C", 10, 4, revokes=[("they", "add")]),  # We 3 + 4 by cards: a single
    ],
}

THREE_HANDED_RUBBER = {
    "format": "elwell-rubber/1",
    "rules": {
        "game": "three-handed",
        "unit": "game",
        "doubling_limit": None,
        "spade_convention": False,
    },
    "players": {"dummy": "Mrs. Carr", "they": ["Mr. Ash", "Miss Dove"]},
    "deals": [
        {
            "dealer": "we",
            "maker": "dealer",
            "trump": "NT",
            "doubles": 1,
            "tricks": {"we": 9, "they": 4},
            "honours": {"we": [2, 1], "they": [1, 0]},
        },
    ],
}


def written(tmp_path, data, name):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_it_prints_a_whist_sheet_from_a_whist_rubber(tmp_path):
    sheet = json.loads(score(str(written(tmp_path, WHIST_RUBBER, "whist.json"))))
    assert sheet["format"] == "whist-sheet/1"
    assert sheet["games"] == [
        {"number": 1, "winner": "we", "we": 5, "they": 0, "value": 3},
        {"number": 2, "winner": "we", "we": 5, "they": 4, "value": 1},
    ]
    assert sheet["totals"]["we"] == {"games": 4, "rubber": 2, "total": 6}
    assert sheet["net"] == {"we": 6, "they": -6}
    assert sheet["players"] == WHIST_RUBBER["players"]


def test_it_prints_a_three_handed_sheet_with_the_games_50(tmp_path):
    sheet = json.loads(score(str(written(tmp_path, THREE_HANDED_RUBBER, "three.json"))))
    assert sheet["format"] == "elwell-sheet/1"
    assert sheet["players"] == {"dummy": "Mrs. Carr", "they": ["Mr. Ash", "Miss Dove"]}
    assert sheet["rubber"] == {"finished": True, "winner": "we", "games_won": {"we": 1, "they": 0}}
    assert sheet["totals"]["we"] == {"tricks": 72, "honours": 30, "rubber": 50, "total": 152}


def test_text_lays_out_each_game_as_its_players_keep_it(tmp_path):
    whist_text = score("--text", str(written(tmp_path, WHIST_RUBBER, "whist.json")))
    assert "1st game       5  |     0  We, a treble: 3" in whist_text
    assert whist_text.endswith("6 − 0 = 6 points won by We, winners of the rubber.\n")
    three = score("--text", str(written(tmp_path, THREE_HANDED_RUBBER, "three.json")))
    assert three.startswith("We: Mrs. Carr with the dummy\n")
    assert three.endswith("152 − 0 = 152 points won by We, winners of the game.\n")


def test_an_invalid_whist_rubber_gets_an_error_naming_the_file_deal_and_field(tmp_path):
    bad = copy.deepcopy(WHIST_RUBBER)
    bad["deals"][1]["tricks"] = {"we": 9, "they": 5}
    path = written(tmp_path, bad, "bad-whist.json")
    result = run(str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    assert f"{path}: deal 2: tricks must add up to 13 (got 9 + 5)" in result.stderr


def test_a_three_handed_redouble_by_the_dummys_holder_is_refused(tmp_path):
    bad = copy.deepcopy(THREE_HANDED_RUBBER)
    bad["deals"][0]["doubles"] = 2
    with pytest.raises(CommandError, match=r"deal 1: doubles: the dealer, the dummy's holder"):
        score(str(written(tmp_path, bad, "bad-three.json")))


def test_jsonl_takes_rubbers_of_every_game_and_goes_on_past_errors(tmp_path):
    bad = copy.deepcopy(WHIST_RUBBER)
    bad["deals"][0]["trump"] = "NT"
    lines = [
        json.dumps(WHIST_RUBBER),
        json.dumps(THREE_HANDED_RUBBER),
        json.dumps(bad),
        json.dumps({"format": "piquet/1"}),
        SPECIMEN.read_text().replace("\n", " "),
    ]
    result = run("--jsonl", "-", stdin="\n".join(lines) + "\n")
    assert result.returncode == 1
    assert "2 of 5 lines refused" in result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [sheet.get("format") for sheet in out] == [
        "whist-sheet/1",
        "elwell-sheet/1",
        None,
        None,
        "elwell-sheet/1",
    ]
    assert out[2] == {"error": "deal 1: trump must be one of 'S', 'C', 'D', 'H' (got \"NT\")"}
    assert out[3] == {
        "error": "format must be 'elwell-rubber/1', 'whist-rubber/1', "
        "'elwell-progressive/1' or 'elwell-duplicate/1' (got \"piquet/1\")"
    }
    assert out[4]["net"] == {"we": 152, "they": -152}


def test_a_rubber_nested_absurdly_deep_is_refused_not_a_crash(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CommandError, match="nested too deeply"):
        score(str(deep))


def test_jsonl_answers_a_deeply_nested_line_with_its_error_and_goes_on():
    specimen = json.dumps(json.loads(SPECIMEN.read_text()))
    lines = "\n".join([specimen, "[" * 50_000 + "]" * 50_000, specimen]) + "\n"
    done = run("--jsonl", "-", stdin=lines)
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert [("error" in line) for line in out] == [False, True, False]
    assert "nested too deeply" in out[1]["error"]
    assert done.returncode == 1


def test_a_name_holding_half_a_character_is_refused_by_name(tmp_path):
    rubber = json.loads(SPECIMEN.read_text())
    path = tmp_path / "surrogate.json"
    text = json.dumps(rubber).replace(json.dumps(rubber["players"]["we"][0]), '"Mrs. \\ud800"')
    path.write_text(text)
    done = run("--text", str(path))
    assert done.returncode == 1
    assert "players.we: a name holds a character that is not text" in done.stderr
    assert "Traceback" not in done.stderr


# -- Deals given as the cards (§9) -------------------------------------------------------------

HANDS = ROOT / "tests" / "data" / "elwell-illustrative-hands.json"


def test_deals_given_by_their_cards_come_out_with_what_was_worked_out():
    """Elwell's Illustrative Hands Nos. 6 (with its play), 10 (dealt by They, by its hands
    and tricks) and 7 (with its play) as a rubber."""
    sheet = json.loads(score(str(HANDS)))
    assert [deal["worked_out"] for deal in sheet["deals"]] == [
        {
            "honours": {"we": [4, 0], "they": [0, 1]},
            "chicane": {"we": 0, "they": 0},
            "tricks": {"we": 13, "they": 0},
            "revokes": {"we": 0, "they": 0},
        },
        {"honours": {"we": [0, 0], "they": [1, 3]}, "chicane": {"we": 0, "they": 0}},
        {
            "honours": {"we": [4, 0], "they": [0, 1]},
            "chicane": {"we": 0, "they": 0},
            "tricks": {"we": 12, "they": 1},
            "revokes": {"we": 0, "they": 0},
        },
    ]
    # Hearts 7 by-cards 56, 4 in one hand 64, grand slam 40; They's no-trump 6 by-cards 72,
    # 4 aces 40, little slam 20; diamonds 6 by-cards 36, 4 in one hand 48, little slam 20.
    assert [(deal["we"], deal["they"]) for deal in sheet["deals"]] == [
        ({"tricks": 56, "honours": 104}, {"tricks": 0, "honours": 0}),
        ({"tricks": 0, "honours": 0}, {"tricks": 72, "honours": 60}),
        ({"tricks": 36, "honours": 68}, {"tricks": 0, "honours": 0}),
    ]
    assert sheet["net"] == {"we": 232, "they": -232}


def test_text_lays_out_a_rubber_given_by_its_cards_as_any_other():
    text = score("--text", str(HANDS))
    assert text.endswith("364 − 132 = 232 points won by We, winners of the rubber.\n")


def test_a_deal_whose_cards_are_wrong_is_refused_naming_file_deal_and_field_and_nothing_printed(
    tmp_path,
):
    rubber = json.loads(HANDS.read_text())
    rubber["deals"][2]["hands"]["left"] = "KJ93.KJT842.543.2"  # the C2 is Z's
    path = written(tmp_path, rubber, "fourteen.json")
    result = run(str(path), str(SPECIMEN))
    assert result.returncode == 1
    assert result.stdout == ""
    assert f"{path}: deal 3: hands: the leader's hand holds 14 cards, not 13" in result.stderr


def test_jsonl_reads_deals_by_their_cards_and_names_a_bad_play():
    rubber = json.loads(HANDS.read_text())
    twelve = copy.deepcopy(rubber)
    del twelve["deals"][0]["play"][-1]
    done = run("--jsonl", "-", stdin=f"{json.dumps(rubber)}\n{json.dumps(twelve)}\n")
    assert done.returncode == 1
    good, bad = (json.loads(line) for line in done.stdout.splitlines())
    assert good["deals"][0]["worked_out"]["tricks"] == {"we": 13, "they": 0}
    assert bad == {"error": "deal 1: play must have 13 tricks (got 12)"}


# -- Progressive evenings (§10) ----------------------------------------------------------------

EVENING = ROOT / "tests" / "data" / "progressive-evening.json"
# Worked by hand from §10, each deal for points (§1, §3), no games:
#
# Round 1, table 1, 1 and 3 against 2 and 4: hearts, 3 by-cards 24 and four honours divided
#   32, We 56; They's no-trump doubled, 1 by-card 12 × 2 = 24, the aces 2–2 nothing. 56 to 24:
#   1 and 3 move to table 2.
# Round 1, table 2, 5 and 7 against 6 and 8: hearts, 3 by-cards 24 and three honours 16, We
#   40; the same to They, 40. Tied 40 to 40: the cut sends 6 and 8 to table 1.
# Round 2, table 1, 2 and 6 against 4 and 8: Elwell's Hand No. 6 by its cards, hearts, 7
#   by-cards 56, four in one hand 64, grand slam 40, We 160; They's spades redoubled, 7
#   tricks and 3 from We's revoke, 4 by-cards 4 × 2 × 4 = 32 and three honours 4, They 36.
#   160 to 36: 2 and 6 move to table 2.
# Round 2, table 2, 1 and 5 against 3 and 7: diamonds, 1 by-card 6 to We; They's five
#   honours divided 30 less We's chicane 12, 18; They's clubs, 6 by-cards 24, five honours
#   four in one hand 36, little slam 20, 80. We 6, They 98: 3 and 7 move to table 1.
#
# Won and lost: 1 62/122, 2 184/92, 3 154/30, 4 60/216, 5 46/138, 6 200/76, 7 138/46,
# 8 76/200; nets −60, +92, +124, −156, −92, +124, +92, −124, adding up to nothing. Places:
# 3 and 6 first, 2 and 7 third, then 1, 5, 8, 4. Next: table 1 keeps 4 and 8 and takes 3
# and 7 from table 2; table 2 keeps 1 and 5 and takes 2 and 6 from table 1.
EVENING_RESULT = ROOT / "tests" / "data" / "progressive-evening.out.json"


def test_an_evening_comes_out_as_its_result_byte_for_byte():
    assert score(str(EVENING)) == EVENING_RESULT.read_text()


def test_text_lays_out_the_evening_standings_rounds_and_next_seating():
    assert score("--text", str(EVENING)) == (
        "Progressive Bridge: 8 players at 2 tables, 2 deals a round; 2 rounds played\n"
        "\n"
        "Place  No.  Player     Won  Lost   Net\n"
        "1=       3  Miss Eyre  154    30  +124\n"
        "1=       6  Mr. Hood   200    76  +124\n"
        "3=       2  Mr. Dane   184    92   +92\n"
        "3=       7  Miss Ince  138    46   +92\n"
        "5        1  Mrs. Carr   62   122   −60\n"
        "6        5  Mrs. Gale   46   138   −92\n"
        "7        8  Mr. Jupp    76   200  −124\n"
        "8        4  Mr. Fell    60   216  −156\n"
        "\n"
        "Round 1\n"
        "  Table 1  1 Mrs. Carr and 3 Miss Eyre  56  move on to table 2\n"
        "           2 Mr. Dane and 4 Mr. Fell    24\n"
        "  Table 2  5 Mrs. Gale and 7 Miss Ince  40\n"
        "           6 Mr. Hood and 8 Mr. Jupp    40  move on to table 1 (tied: the cut sent "
        "them on)\n"
        "\n"
        "Round 2\n"
        "  Table 1  2 Mr. Dane and 6 Mr. Hood    160  move on to table 2\n"
        "           4 Mr. Fell and 8 Mr. Jupp     36\n"
        "  Table 2  1 Mrs. Carr and 5 Mrs. Gale    6\n"
        "           3 Miss Eyre and 7 Miss Ince   98  move on to table 1\n"
        "\n"
        "Next round\n"
        "  Table 1  4 Mr. Fell and 8 Mr. Jupp stay; 3 Miss Eyre and 7 Miss Ince come from "
        "table 2\n"
        "  Table 2  1 Mrs. Carr and 5 Mrs. Gale stay; 2 Mr. Dane and 6 Mr. Hood come from "
        "table 1\n"
        "\n"
        "Best net score, shared: Miss Eyre (3) and Mr. Hood (6), +124 each.\n"
    )


def test_an_evening_and_rubbers_are_read_together_each_by_its_format(tmp_path):
    sheets = documents(score(str(SPECIMEN), str(EVENING)))
    assert [sheet["format"] for sheet in sheets] == [
        "elwell-sheet/1",
        "elwell-progressive-result/1",
    ]


def evening_with(change):
    evening = json.loads(EVENING.read_text())
    change(evening["rounds"])
    return evening


def test_an_evening_seated_against_the_moves_is_refused_naming_round_table_and_player(tmp_path):
    def swap(rounds):  # player 5 for player 4 at round 2's table 1, and back at table 2
        rounds[1]["tables"][0]["they"] = [5, 8]
        rounds[1]["tables"][1]["we"] = [1, 4]

    path = written(tmp_path, evening_with(swap), "evening.json")
    result = run(str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"CommandError: {path}: round 2, table 1: the moves of round 1 sent player 5 "
        "(Mrs. Gale) to table 2, not here; table 1 holds players 2, 4, 6 and 8\n"
    )


def test_an_evenings_deal_given_by_wrong_cards_is_refused_naming_where_it_lies(tmp_path):
    def honours(rounds):
        rounds[1]["tables"][0]["deals"][0]["honours"] = {"we": [3, 1], "they": [1, 0]}

    path = written(tmp_path, evening_with(honours), "evening.json")
    result = run(str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    assert (
        f"{path}: round 2, table 1, deal 1: honours: the hands give We 4 (the dealer 4, his "
        "partner 0), not 3 and 1" in result.stderr
    )


def test_jsonl_answers_an_evening_with_its_result_or_its_error():
    good = json.dumps(json.loads(EVENING.read_text()))
    untied = evening_with(lambda rounds: rounds[0]["tables"][1].pop("tie"))
    done = run("--jsonl", "-", stdin=f"{good}\n{json.dumps(untied)}\n")
    assert done.returncode == 1
    result, error = (json.loads(line) for line in done.stdout.splitlines())
    assert result == json.loads(EVENING_RESULT.read_text())
    assert error == {
        "error": "round 1, table 2: the pairs tied at 40 points, and no cut is recorded to "
        'say which pair moves on ("tie": "we" or "they")'
    }


# -- Duplicate evenings (§11) ------------------------------------------------------------------

DUPLICATE = ROOT / "tests" / "data" / "duplicate-evening.json"
# Worked by hand from §11, each result for points as in §10: a Mitchell of two tables, North–
# South 1 and 2 against East–West 3 and 4, each pair meeting both of the other direction.
#
# Board 1, dealt by North (North–South make): 1 v 3, no-trump, 3 by-cards 36 and three aces
#   30, 66 to nothing; 2 v 4, hearts, East–West 1 by-card 8, North–South three honours 16:
#   16 to 8. Nets +66 and +8; North–South's average 37: 1 +29, 2 −29; East–West's nets −66,
#   −8, average −37: 3 −29, 4 +29.
# Board 2, dealt by East (East–West make): 1 v 3, clubs, North–South 2 by-cards 8, East–West
#   three honours 8: nets 0; 2 v 4, spades made by the dealer's partner, doubled, East–West
#   2 by-cards 2 × 2 × 2 = 8 and three honours 4, 12: nets −12 and +12. North–South's
#   average −6: 1 +6, 2 −6; East–West's +6: 3 −6, 4 +6.
#
# Nets: 1 +66, 2 −4, 3 −66, 4 +4. Scores: 1 +35, 2 −35, 3 −35, 4 +35. Places by direction:
# North–South 1 then 2; East–West 4 then 3.
DUPLICATE_RESULT = ROOT / "tests" / "data" / "duplicate-evening.out.json"


def test_a_duplicate_evening_comes_out_as_its_result_byte_for_byte():
    assert score(str(DUPLICATE)) == DUPLICATE_RESULT.read_text()


def test_text_lays_out_the_duplicate_ranking_by_direction_and_the_travellers():
    assert score("--text", str(DUPLICATE)) == (
        "Duplicate Bridge, Mitchell: 4 pairs, 2 boards; compared by plus or minus against "
        "each direction's average\n"
        "\n"
        "North–South\n"
        "   1  pair 1   Mrs. Carr & Mr. Dane         nets    +66  score +35  boards 2\n"
        "   2  pair 2   Miss Eyre & Mr. Fell         nets     −4  score −35  boards 2\n"
        "\n"
        "East–West\n"
        "   1  pair 4   Miss Ince & Mr. Jay          nets     +4  score +35  boards 2\n"
        "   2  pair 3   Mrs. Gale & Mr. Hood         nets    −66  score −35  boards 2\n"
        "\n"
        "Board 1, dealt by North\n"
        "  NS 1 v EW 3: points 66–0, nets +66 / −66, scores +29 / −29\n"
        "  NS 2 v EW 4: points 16–8, nets +8 / −8, scores −29 / +29\n"
        "\n"
        "Board 2, dealt by East\n"
        "  NS 1 v EW 3: points 8–8, nets 0 / 0, scores +6 / −6\n"
        "  NS 2 v EW 4: points 0–12, nets −12 / +12, scores −6 / +6\n"
    )


def test_a_duplicate_pair_playing_a_board_twice_is_refused_and_nothing_written(tmp_path):
    evening = json.loads(DUPLICATE.read_text())
    evening["results"][3]["ew"] = 3  # pair 3 again on board 1
    path = written(tmp_path, evening, "duplicate.json")
    result = run(str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    assert f"{path}: board 1" in result.stderr
    assert "pair 3" in result.stderr
