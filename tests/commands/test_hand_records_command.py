"""`manage.py hand_records`: a PBN file's boards printed as hand records or curtain cards, in
either layout and on either paper, read back from the PDF; or nothing written and a
sentence saying why."""

from __future__ import annotations

import errno
import io
import os
import random
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from pypdf import PdfReader

from scorer.club.models import Club
from scorer.engine.cards import MOST_BYTES, Direction, deal_boards, pbn_bytes
from scorer.printing import hand_records as printed
from tests.support.analysis import already_analysed
from tests.support.hand_records import (
    COMPASS_SUITS,
    ELWELL_SUITS,
    drawn_boards,
    drawn_cards,
    expected_hands,
    suit_lines,
)

ROOT = Path(__file__).parents[2]
A4, LETTER = (595, 842), (612, 792)

pytestmark = pytest.mark.django_db


@pytest.fixture
def boards_file(tmp_path):
    """36 boards, as `manage.py deal` writes them."""
    boards = deal_boards(36, rng=random.Random(36))
    already_analysed(board.dealt for board in boards)
    path = tmp_path / "boards.pbn"
    path.write_bytes(pbn_bytes(boards))
    return path, boards


def hand_records(*args):
    out = StringIO()
    call_command("hand_records", *[str(arg) for arg in args], stdout=out)
    return out.getvalue()


def sizes(path):
    return [
        (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        for page in PdfReader(io.BytesIO(path.read_bytes())).pages
    ]


def test_it_prints_36_boards_in_elwells_diagram_six_a_page(boards_file, tmp_path):
    path, boards = boards_file
    out = tmp_path / "records.pdf"
    said = hand_records(path, "--out", out)
    assert said.strip() == f"Wrote {out}: hand records, Boards 1 to 36."
    assert sizes(out) == [A4] * 6  # the club's paper
    drawn = drawn_boards(out.read_bytes())
    assert sorted(drawn) == list(range(1, 37))
    for board in boards:
        on_paper = drawn[board.number]
        assert {p: (h.label, h.lines) for p, h in on_paper.hands.items()} == expected_hands(
            board, "elwell"
        )
        assert on_paper.page == (board.number - 1) // 6 + 1


def test_it_prints_by_the_compass_on_letter(boards_file, tmp_path):
    path, boards = boards_file
    out = tmp_path / "records.pdf"
    hand_records(path, "--out", out, "--layout", "compass", "--paper", "letter")
    assert sizes(out) == [LETTER] * 6
    drawn = drawn_boards(out.read_bytes())
    assert sorted(drawn) == list(range(1, 37))
    for board in boards:
        on_paper = drawn[board.number]
        assert {p: (h.label, h.lines) for p, h in on_paper.hands.items()} == expected_hands(
            board, "compass"
        )


def test_curtain_cards_are_a_card_a_hand_eight_a_page_on_the_clubs_paper(tmp_path):
    club = Club.get()
    club.paper = "letter"
    club.save()
    path = tmp_path / "boards.pbn"
    path.write_bytes(pbn_bytes(deal_boards(4)))
    out = tmp_path / "cards.pdf"
    said = hand_records(path, "--out", out, "--curtain-cards")
    assert said.strip() == f"Wrote {out}: curtain cards, Boards 1 to 4."
    assert sizes(out) == [LETTER] * 2
    cards = drawn_cards(out.read_bytes())
    assert [(card.number, card.direction) for card in cards] == [
        (n, seat) for n in range(1, 5) for seat in ("North", "East", "South", "West")
    ]
    assert [card.page for card in cards] == [1] * 8 + [2] * 8


def hand_of(board, direction: str):
    return board.hand(next(d for d in Direction if d.label == direction))


def test_curtain_cards_in_elwells_layout_carry_each_hand_and_its_part(tmp_path):
    boards = deal_boards(2, rng=random.Random(2))
    path = tmp_path / "boards.pbn"
    path.write_bytes(pbn_bytes(boards))
    out = tmp_path / "cards.pdf"
    hand_records(path, "--out", out, "--curtain-cards", "--paper", "A4")
    cards = drawn_cards(out.read_bytes())
    assert len(cards) == 8
    for card in cards:
        board = boards[card.number - 1]
        assert card.lines == suit_lines(hand_of(board, card.direction), ELWELL_SUITS)
    # Board 1 is North's deal: North is Elwell's Z, East A, South Y, West B.
    assert [card.role for card in cards[:4]] == [
        "Dealer: North \u00b7 Z, the dealer",
        "Dealer: North \u00b7 A, the leader",
        "Dealer: North \u00b7 Y, the dealer's partner",
        "Dealer: North \u00b7 B, the leader's partner",
    ]
    assert sizes(out) == [A4]


def test_curtain_cards_by_the_compass_carry_each_hand_in_pbns_order_of_suits(tmp_path):
    boards = deal_boards(2, rng=random.Random(3))
    path = tmp_path / "boards.pbn"
    path.write_bytes(pbn_bytes(boards))
    out = tmp_path / "cards.pdf"
    hand_records(path, "--out", out, "--curtain-cards", "--layout", "compass")
    cards = drawn_cards(out.read_bytes())
    assert len(cards) == 8
    for card in cards:
        board = boards[card.number - 1]
        assert card.lines == suit_lines(hand_of(board, card.direction), COMPASS_SUITS)
        assert card.role == f"Dealer: {board.dealer.label}"  # no Elwell's letter
    assert sizes(out) == [A4]


def test_the_paper_asked_for_is_printed_rather_than_the_clubs(tmp_path):
    club = Club.get()
    club.paper = "letter"
    club.save()
    path = tmp_path / "boards.pbn"
    path.write_bytes(pbn_bytes(deal_boards(7)))
    hand_records(path, "--out", tmp_path / "a4.pdf", "--paper", "A4")
    hand_records(path, "--out", tmp_path / "club.pdf")
    assert sizes(tmp_path / "a4.pdf") == [A4, A4]
    assert sizes(tmp_path / "club.pdf") == [LETTER, LETTER]


def test_a_file_that_is_not_there_is_said_so_and_nothing_is_written(tmp_path):
    out = tmp_path / "records.pdf"
    with pytest.raises(CommandError) as refused:
        hand_records(tmp_path / "nowhere.pbn", "--out", out)
    assert str(refused.value) == f"{tmp_path / 'nowhere.pbn'}: no such file"
    assert not out.exists()


def test_a_pbn_file_with_a_broken_deal_is_refused_naming_the_board_and_nothing_is_written(
    tmp_path,
):
    path = tmp_path / "broken.pbn"
    path.write_text('[Board "1"]\n[Deal "N:AKQ.AKQ.AKQ.AKQ - - -"]\n\n[Board "2"]\n[Deal "x"]\n')
    out = tmp_path / "records.pdf"
    with pytest.raises(CommandError) as refused:
        hand_records(path, "--out", out)
    assert str(refused.value).startswith(f"{path}: board 1 (line 2): Deal: ")
    assert not out.exists()


def test_a_board_without_its_hands_is_refused(tmp_path):
    path = tmp_path / "results.pbn"
    path.write_text('[Board "5"]\n[Dealer "N"]\n[Contract "4S"]\n')
    with pytest.raises(CommandError) as refused:
        hand_records(path, "--out", tmp_path / "records.pdf")
    assert str(refused.value) == (
        f"{path}: board 5 does not give its four hands (or three, the fourth found from "
        "them): a hand record prints each board's hands"
    )
    assert not (tmp_path / "records.pdf").exists()


ONE_HAND_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. -"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[Board "1"]\n[Deal "N:AKQ.AKQ.AKQ.AKQ - - -"]\n', "board 1 (line 2): Deal: "),
        ("% nothing but a comment\n", "the file holds no boards"),
        (f'[Event "x"]\n[Deal "{ONE_HAND_EACH}"]\n', "game 1 has no board number"),
        (
            f'[Board "1"]\n[Deal "{ONE_HAND_EACH}"]\n\n'
            f'[Board "1"]\n[Deal "E{ONE_HAND_EACH[1:]}"]\n',
            "board 1 is given twice with other hands (games 1 and 2): a board is one deal",
        ),
    ],
    ids=["broken deal", "no boards", "no board number", "a board twice"],
)
def test_a_refused_file_writes_nothing_and_says_why(tmp_path, text, said):
    path = tmp_path / "boards.pbn"
    path.write_text(text, encoding="latin-1")
    out = tmp_path / "records.pdf"
    for curtain_cards in ([], ["--curtain-cards"]):
        with pytest.raises(CommandError) as refused:
            hand_records(path, "--out", out, *curtain_cards)
        assert str(refused.value).startswith(f"{path}: ")
        assert said in str(refused.value)
        assert not out.exists()


def test_more_boards_than_a_document_holds_are_refused_unless_a_range_is_picked(tmp_path):
    path = tmp_path / "boards.pbn"
    path.write_bytes(pbn_bytes(deal_boards(printed.MOST_BOARDS + 50)))
    out = tmp_path / "records.pdf"
    with pytest.raises(CommandError) as refused:
        hand_records(path, "--out", out)
    assert str(refused.value) == (
        f"{path}: the file holds 150 boards; hand records are printed for 100 boards at "
        "most: choose which with --boards (say --boards 1-100)"
    )
    assert not out.exists()
    said = hand_records(path, "--out", out, "--boards", "121-150")
    assert said.strip() == f"Wrote {out}: hand records, Boards 121 to 150."
    assert sorted(drawn_boards(out.read_bytes())) == list(range(121, 151))


@pytest.mark.parametrize(
    ("boards", "said"),
    [
        (
            "1-101",
            "boards 1 to 101 are 101 boards; hand records and curtain cards are printed for "
            "100 boards at most: choose fewer",
        ),
        ("151-160", "no board is numbered from 151 to 160; the file holds boards 1 to 150"),
    ],
)
def test_a_range_that_is_too_many_or_none_is_refused(tmp_path, boards, said):
    path = tmp_path / "boards.pbn"
    path.write_bytes(pbn_bytes(deal_boards(150)))
    with pytest.raises(CommandError) as refused:
        hand_records(path, "--out", tmp_path / "records.pdf", "--boards", boards)
    assert str(refused.value) == f"{path}: {said}"
    assert not (tmp_path / "records.pdf").exists()


@pytest.mark.parametrize("boards", ["x", "10-2", "0-3", "3-"])
def test_a_range_that_is_no_range_is_refused(tmp_path, boards_file, boards):
    path, _ = boards_file
    with pytest.raises(CommandError) as refused:
        hand_records(path, "--out", tmp_path / "records.pdf", "--boards", boards)
    assert str(refused.value) == (
        f"--boards is the first and the last board's number, as 37-72 (got {boards!r})"
    )


def test_a_file_whose_play_cannot_be_read_is_printed_from_its_deals_saying_so(tmp_path):
    """endplay's copy of rpbridge.net's board 1 (tests/data/pbn/SOURCES)."""
    path = ROOT / "tests" / "data" / "pbn" / "endplay-bad-first-play.pbn"
    out, errors = tmp_path / "records.pdf", StringIO()
    call_command("hand_records", str(path), "--out", str(out), stdout=StringIO(), stderr=errors)
    assert sorted(drawn_boards(out.read_bytes())) == [1]
    assert errors.getvalue() == (
        f"{path}: skipped: board 1 (line 24): Play: trick 3 was led by North (the CQ), but "
        "East won trick 2 and leads to trick 3; its play is skipped and its deal read\n"
        "analysing board 1 of 1\n"  # what the cards allowed, worked out for its line
    )


def test_a_hundred_megabytes_of_pbn_are_refused_by_their_size_unread(tmp_path):
    path = tmp_path / "huge.pbn"
    with path.open("wb") as file:
        file.truncate(100 * 2**20)  # sparse: nothing written, nothing to read
    out = tmp_path / "records.pdf"
    with pytest.raises(CommandError) as refused:
        hand_records(path, "--out", out)
    assert str(refused.value) == (
        f"{path}: the file holds {100 * 2**20:,} bytes; a PBN file of boards is read up to "
        f"{MOST_BYTES:,} bytes (16 MiB)"
    )
    assert not out.exists()


def test_a_folder_given_for_the_boards_is_said_to_be_one(tmp_path):
    with pytest.raises(CommandError) as refused:
        hand_records(tmp_path, "--out", tmp_path / "records.pdf")
    assert str(refused.value) == f"{tmp_path}: cannot be read: Is a directory"
    assert not (tmp_path / "records.pdf").exists()


class FillingDisk(io.FileIO):
    """A file on a disk that fills: half of what is written reaches it, then no space."""

    written = 0

    def write(self, data):
        half = bytes(data[: len(data) // 2])
        FillingDisk.written = super().write(half)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_disk_that_fills_as_the_document_is_written_keeps_no_half_of_it(
    boards_file, tmp_path, monkeypatch
):
    path, _ = boards_file
    out = tmp_path / "records.pdf"
    monkeypatch.setattr(
        printed,
        "open",
        lambda name, mode: FillingDisk(name, mode.replace("b", "")),
        raising=False,
    )
    with pytest.raises(CommandError) as refused:
        hand_records(path, "--out", out)
    assert str(refused.value) == f"cannot write {out}: No space left on device"
    assert FillingDisk.written > 0  # half the document had reached the disk
    assert not out.exists()


def test_an_out_file_that_exists_is_not_written_over(boards_file, tmp_path):
    path, _ = boards_file
    out = tmp_path / "records.pdf"
    out.write_text("last week's records")
    with pytest.raises(CommandError) as refused:
        hand_records(path, "--out", out)
    assert str(refused.value) == f"{out} exists already: choose another name, or remove it first"
    assert out.read_text() == "last week's records"


def test_a_folder_that_is_not_there_is_said_so(boards_file, tmp_path):
    path, _ = boards_file
    with pytest.raises(CommandError, match=r"cannot write .*: No such file or directory"):
        hand_records(path, "--out", tmp_path / "nowhere" / "records.pdf")


@pytest.mark.parametrize(("option", "value"), [("--layout", "sideways"), ("--paper", "A3")])
def test_a_layout_or_paper_that_is_none_is_refused_naming_the_choices(
    boards_file, tmp_path, option, value
):
    path, _ = boards_file
    with pytest.raises(CommandError, match=f"argument {option}: invalid choice: '{value}'"):
        hand_records(path, "--out", tmp_path / "records.pdf", option, value)
    assert not (tmp_path / "records.pdf").exists()


def test_the_shell_sees_the_refusal_and_a_failing_status(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "hand_records",
            str(tmp_path / "nowhere.pbn"),
            "--out",
            str(tmp_path / "records.pdf"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert f"{tmp_path / 'nowhere.pbn'}: no such file" in done.stderr
    assert not (tmp_path / "records.pdf").exists()
