"""The files the engine reads, by their `format` key: each read by its own reader and
written in its own result's format, whatever else is asked of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorer.engine import FORMATS, RubberError, loads_and_work_out, read_and_work_out

ROOT = Path(__file__).parents[2]
EXAMPLES = {
    "elwell-rubber/1": ROOT / "scorer" / "data" / "elwell-specimen.json",
    "elwell-progressive/1": ROOT / "tests" / "data" / "progressive-evening.json",
    "elwell-duplicate/1": ROOT / "tests" / "data" / "duplicate-evening.json",
}
WHIST = {
    "format": "whist-rubber/1",
    "deals": [
        {
            "dealer": "we",
            "trump": "H",
            "tricks": {"we": 8, "they": 5},
            "honours": {"we": 3, "they": 1},
        }
    ],
}


def test_each_format_is_written_as_the_specification_pairs_them():
    assert {key: file_format.writes for key, file_format in FORMATS.items()} == {
        "elwell-rubber/1": "elwell-sheet/1",
        "whist-rubber/1": "whist-sheet/1",
        "elwell-progressive/1": "elwell-progressive-result/1",
        "elwell-duplicate/1": "elwell-duplicate-result/1",
    }
    assert all(key == file_format.reads for key, file_format in FORMATS.items())


@pytest.mark.parametrize("written", sorted(EXAMPLES))
def test_a_file_is_worked_out_by_the_reader_its_format_names(written):
    worked = loads_and_work_out(EXAMPLES[written].read_text())
    assert worked.json()["format"] == FORMATS[written].writes
    assert worked.text().endswith("\n")


def test_a_whist_rubber_is_read_as_whist():
    worked = read_and_work_out(WHIST)
    assert worked.json()["format"] == "whist-sheet/1"


def test_an_unknown_format_is_refused_naming_those_read():
    with pytest.raises(RubberError) as refusal:
        read_and_work_out({"format": "elwell-duplicate/2"})
    assert str(refusal.value) == (
        "format must be 'elwell-rubber/1', 'whist-rubber/1', 'elwell-progressive/1' or "
        "'elwell-duplicate/1' (got \"elwell-duplicate/2\")"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "a file to score must be a JSON object (got a list)"),
        ('{"format": ["elwell-rubber/1"]}', "format must be 'elwell-rubber/1', "),
        ("{}", "(got null)"),
    ],
)
def test_what_names_no_format_read_is_refused(text, message):
    with pytest.raises(RubberError, match=re.escape(message)):
        loads_and_work_out(text)
