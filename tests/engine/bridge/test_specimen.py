"""Elwell's specimen sheet, worked out from its seven deals, and the sheet's formats.

The sheet is Elwell's "Specimen score-sheet", p. 8 of Bridge; its Principles and Rules of
Play (1906) by the book's index, printed under "THE METHOD OF SCORING": We 300, They 148,
"152 points won". The book prints the sheet, not the deals: scorer/data/elwell-specimen.json
is seven deals that make it, and tests/data/elwell-specimen.out.json their sheet. Every
figure of both is checked against the printed sheet in
tests/engine/test_bridge_worked_examples.py.
"""

from __future__ import annotations

import json
from pathlib import Path

from scorer.engine import loads, sheet_json, sheet_text, work_out

ROOT = Path(__file__).parent.parent.parent.parent
SPECIMEN = ROOT / "scorer" / "data" / "elwell-specimen.json"
EXPECTED = ROOT / "tests" / "data" / "elwell-specimen.out.json"
SHEET_KEYS = ("deals", "games", "rubber", "totals", "net")


def specimen():
    return loads(SPECIMEN.read_text())


def test_the_specimen_gives_elwells_sheet_exactly():
    rubber = specimen()
    got = sheet_json(rubber.sheet(), rubber.players)
    expected = json.loads(EXPECTED.read_text())
    assert got["format"] == expected["format"] == "elwell-sheet/1"
    got["deals"] = [{k: d[k] for k in ("number", "game", "we", "they")} for d in got["deals"]]
    assert {k: got[k] for k in SHEET_KEYS} == {k: expected[k] for k in SHEET_KEYS}


def test_the_specimen_is_we_300_they_148_and_152_won():
    """The foot of the printed sheet (p. 8): "Total." We 300, They 148; "152 points won." """
    sheet = specimen().sheet()
    assert (sheet.totals.we.total, sheet.totals.they.total) == (300, 148)
    assert (sheet.net.we, sheet.net.they) == (152, -152)


def test_each_deal_of_the_sheet_carries_its_explanation():
    rubber = specimen()
    deals = sheet_json(rubber.sheet(), rubber.players)["deals"]
    assert deals[6]["explanation"] == {
        "we": ["Hearts, 5 by-cards: 5 × 8 = 40", "4 honours in one hand (hearts): 64"],
        "they": [],
    }


def test_a_rubber_in_progress_shows_the_game_in_play_even_at_love_all():
    data = sheet_json(work_out(specimen().deals[:4]))
    assert data["games"][-1] == {"number": 3, "winner": None, "we": 0, "they": 0}
    assert data["rubber"] == {"finished": False, "winner": None, "games_won": {"we": 1, "they": 1}}
    assert data["totals"]["we"]["rubber"] == 0


def test_the_text_sheet_is_laid_out_as_elwells_specimen():
    rubber = specimen()
    lines = sheet_text(rubber.sheet(), rubber.players).splitlines()
    assert lines[:3] == ["We: Z and Y", "They: A and B", ""]
    assert lines[3].split() == ["We", "|", "They"]
    rows = [line.split() for line in lines[5:]]
    # Honours above the line, the 100 at the top, the first entry nearest the line.
    assert rows[:5] == [
        ["100", "|"],
        ["64", "|"],
        ["4", "|", "8"],
        ["30", "|", "40"],
        ["24", "|", "16"],
    ]
    assert set(lines[10].strip()) == {"=", "+"}
    # Each game below the line, in order.
    assert rows[6:8] == [["1st", "game", "18", "|", "16"], ["12", "|"]]
    assert rows[9] == ["2d", "game", "|", "60"]
    assert rows[11:13] == [["3d", "game", "8", "|", "8"], ["40", "|"]]
    assert rows[14] == ["Total", "300", "|", "148"]
    assert lines[-1] == "300 − 148 = 152 points won by We, winners of the rubber."


def test_the_text_sheet_of_a_rubber_in_progress_says_where_it_stands():
    text = sheet_text(work_out(specimen().deals[:5]))
    assert text.splitlines()[-1] == (
        "Rubber in progress: game 3, We 8, They 0; games won: We 1, They 1."
    )
