"""Hand records reached as a person reaches them, on a phone: from the home page to the
Printing page by its links, eight boards dealt, then the hand records, the curtain cards
and the PBN file downloaded and read back; the PBN file brought back and read again."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect
from pypdf import PdfReader

from scorer.engine.cards import Direction, read_pbn
from tests.support.browser import screenshot, serious_violations, tap
from tests.support.club import NAMES, make_member
from tests.support.hand_records import (
    ELWELL_SUITS,
    drawn_boards,
    drawn_cards,
    expected_hands,
    suit_lines,
)

pytestmark = pytest.mark.django_db(transaction=True)
A4, LETTER = (595, 842), (612, 792)


@pytest.fixture
def club(db):
    members = [make_member(name, short) for name, short in NAMES]
    get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    return members


def sign_in_from_the_home_page(page, username: str) -> None:
    page.goto("/")
    page.get_by_role("link", name="Sign in to score").click()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Rubbers")).to_be_visible()


def hands_on(records: bytes, number: int) -> dict[str, tuple[str, list[str]]]:
    """Board `number`'s hands as a hand record draws them: each place's label and lines."""
    drawn = drawn_boards(records)[number]
    return {place: (hand.label, hand.lines) for place, hand in drawn.hands.items()}


def download(page, button: str) -> tuple[str, bytes]:
    """Tap a button that answers with a file to keep: its name and its bytes."""
    with page.expect_download() as kept:
        page.get_by_role("button", name=button).click()
    return kept.value.suggested_filename, kept.value.path().read_bytes()


def sizes(pdf: bytes) -> set[tuple[int, int]]:
    return {
        (round(float(p.mediabox.width)), round(float(p.mediabox.height)))
        for p in PdfReader(io.BytesIO(pdf)).pages
    }


def test_a_member_deals_eight_boards_and_downloads_their_records_cards_and_file(phone, club):
    page = phone()
    sign_in_from_the_home_page(page, "carr")
    page.get_by_role("link", name="Printing: score pads, an evening").click()
    expect(page.get_by_role("heading", name="Hand records")).to_be_visible()
    page.get_by_label("Boards to deal").fill("8")
    page.get_by_role("button", name="Deal the boards").click()
    expect(page.get_by_text("Boards 1 to 8, dealt just now.")).to_be_visible()
    screenshot(page, "hand-records-boards")
    assert serious_violations(page) == []

    name, pbn = download(page, "The boards (PBN file)")
    assert name == "boards-1-8.pbn"
    boards = read_pbn(pbn)
    assert [board.number for board in boards] == list(range(1, 9))

    name, records = download(page, "Hand records (PDF)")
    assert name == "hand-records-1-8.pdf"
    for board in boards:
        assert hands_on(records, board.number) == expected_hands(board, "elwell")
    assert sizes(records) == {A4}
    assert len(PdfReader(io.BytesIO(records)).pages) == 2

    name, cards = download(page, "Curtain cards (PDF)")
    assert name == "curtain-cards-1-8.pdf"
    on_cards = drawn_cards(cards)
    assert len(on_cards) == 32
    for card in on_cards:
        board = boards[card.number - 1]
        seat = next(d for d in Direction if d.label == card.direction)
        assert card.lines == suit_lines(board.hand(seat), ELWELL_SUITS)

    # The same boards again, by the compass on Letter: the page still holds them.
    tap(page, "Layout", "By the compass, North at the top")
    tap(page, "Paper", "US Letter")
    _, records = download(page, "Hand records (PDF)")
    assert sizes(records) == {LETTER}
    for board in boards:
        assert hands_on(records, board.number) == expected_hands(board, "compass")


def test_a_pbn_file_brought_back_is_read_and_printed(phone, club, tmp_path):
    page = phone(scheme="dark")
    sign_in_from_the_home_page(page, "carr")
    page.get_by_role("link", name="Printing: score pads, an evening").click()
    page.get_by_label("Boards to deal").fill("3")
    page.get_by_label("First board").fill("10")
    page.get_by_role("button", name="Deal the boards").click()
    _, pbn = download(page, "The boards (PBN file)")
    kept = tmp_path / "tuesday.pbn"
    kept.write_bytes(pbn)

    page.get_by_role("link", name="← Printing").click()
    page.get_by_label("PBN file").set_input_files(kept)
    page.get_by_role("button", name="Read the file").click()
    expect(page.get_by_text("Boards 10 to 12, from tuesday.pbn.")).to_be_visible()
    screenshot(page, "hand-records-read-dark")
    _, records = download(page, "Hand records (PDF)")
    boards = read_pbn(pbn)
    for board in boards:
        assert hands_on(records, board.number) == expected_hands(board, "elwell")

    # A file that is no PBN file is refused in a sentence, on the page.
    broken = tmp_path / "broken.pbn"
    broken.write_text('[Board "1"]\n[Deal "N:AKQJ2.AKQ.AKQ.AKQ - - -"]\n')
    page.get_by_label("PBN file").set_input_files(broken)
    page.get_by_role("button", name="Read the file").click()
    expect(
        page.get_by_text("The file was not read: put right what is marked below.")
    ).to_be_visible()
    expect(page.get_by_text("broken.pbn: board 1 (line 2): Deal:")).to_be_visible()
    screenshot(page, "hand-records-refused-dark")
    assert serious_violations(page) == []
    page.get_by_role("link", name="← Printing").click()
    expect(page.get_by_role("heading", name="Hand records")).to_be_visible()
    screenshot(page, "hand-records-printing-dark")


CORPUS = Path(__file__).parents[1] / "data" / "pbn"


def read_from_the_corpus(phone, name: str, said: str):
    """A member reads a real file of tests/data/pbn/ on the Printing page, as he reaches it."""
    page = phone()
    sign_in_from_the_home_page(page, "carr")
    page.get_by_role("link", name="Printing: score pads, an evening").click()
    page.get_by_label("PBN file").set_input_files(CORPUS / f"{name}.pbn")
    page.get_by_role("button", name="Read the file").click()
    expect(page.get_by_text(f"{said}, from {name}.pbn.")).to_be_visible()
    return page


def test_a_member_reads_a_dealing_programs_file_and_picks_which_boards_to_print(phone, club):
    """Big Deal's hundred boards (tests/data/pbn/SOURCES): a document of boards 37 to 48."""
    page = read_from_the_corpus(phone, "bigdeal-1.2-100-boards", "Boards 1 to 100")
    expect(page.get_by_label("From board")).to_have_value("1")
    expect(page.get_by_label("To board")).to_have_value("100")
    page.get_by_label("From board").fill("37")
    page.get_by_label("To board").fill("48")
    screenshot(page, "hand-records-range")
    assert serious_violations(page) == []

    name, records = download(page, "Hand records (PDF)")
    assert name == "hand-records-37-48.pdf"
    file = (CORPUS / "bigdeal-1.2-100-boards.pbn").read_bytes()
    boards = {board.number: board for board in read_pbn(file)}
    assert sorted(drawn_boards(records)) == list(range(37, 49))
    for number in range(37, 49):
        assert hands_on(records, number) == expected_hands(boards[number], "elwell")
    _, pbn = download(page, "The boards (PBN file)")
    assert [board.number for board in read_pbn(pbn)] == list(range(37, 49))

    # A range of no board: said beside the range, on the page, and nothing made.
    page.get_by_label("From board").fill("101")
    page.get_by_label("To board").fill("120")
    page.get_by_role("button", name="Hand records (PDF)").click()
    expect(
        page.get_by_text("Boards: no board is numbered from 101 to 120; the file holds boards 1")
    ).to_be_visible()
    expect(page.get_by_label("To board")).to_have_value("120")
    screenshot(page, "hand-records-range-refused")
    assert serious_violations(page) == []


def test_a_file_whose_plays_cannot_be_read_is_read_as_its_deals_saying_so(phone, club):
    """rpbridge.net's file (tests/data/pbn/SOURCES): its plays are not in PBN's columns."""
    page = read_from_the_corpus(phone, "rpbridge-2012-world-championship", "Boards 1 to 20")
    expect(page.get_by_text("Read as deals alone, what could not be read skipped:")).to_be_visible()
    expect(page.get_by_text("board 1 (line 22): Play: trick 3 was led by North")).to_be_visible()
    screenshot(page, "hand-records-skipped")
    assert serious_violations(page) == []
    _, records = download(page, "Hand records (PDF)")
    assert sorted(drawn_boards(records)) == list(range(1, 21))
