"""`manage.py score`: sheets from rubber files, JSON lines, and the text layout."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scorer.engine import Rubber, rubber_json, sheet_json, work_out
from tests.rubbers import random_rubber, random_rules

ROOT = Path(__file__).parent.parent
SPECIMEN = ROOT / "scorer" / "data" / "elwell-specimen.json"
EXPECTED = json.loads((ROOT / "tests" / "data" / "elwell-specimen.out.json").read_text())
SHEET_KEYS = ("deals", "games", "rubber", "totals", "net")


def score(*args):
    out = StringIO()
    call_command("score", *args, stdout=out)
    return out.getvalue()


def manage(*args, stdin=""):
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
    result = manage(str(bad_rubber(tmp_path)))
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
    result = manage("--jsonl", str(path))
    assert result.returncode == 1
    assert "2 of 4 rubbers refused" in result.stderr
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
    result = manage("--jsonl", "-", stdin=f"{line}\n{line}\n")
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
    with pytest.raises(CommandError, match=f"^{refused} of 60 rubbers refused$"):
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
