"""Hand records on the Printing page: boards dealt here or read from a PBN file, printed as
hand records and curtain cards and given back as PBN, each read back from what was sent;
nothing kept on the server; and every refusal a sentence."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from scorer.analysis.models import Analysis
from scorer.club.models import Club
from scorer.engine.cards import Direction, deal_boards, dealt, pbn_text, read_pbn
from scorer.printing import hand_records
from tests.support.analysis import already_analysed
from tests.support.examples import examples
from tests.support.hand_records import (
    ELWELL_SUITS,
    drawn_boards,
    drawn_cards,
    expected_hands,
    honours_counts,
    suit_lines,
)
from tests.support.html import Forms

A4, LETTER = (595, 842), (612, 792)
DEAL_TEXT = "N:AK43.QJ2.T98.765 QJT9.AK3.AK2.432 8765.T98.Q76.AKQ 2.7654.J543.JT98"
DEAL = "/print/hand-records/deal/"
READ = "/print/hand-records/read/"
DOCUMENT = "/print/hand-records/document/"

# Elwell's Illustrative Hand No. 6 as board 6 (South deals: Z), and a board whose hearts
# leave the dealer's partner void, as PBN writes them; written here as a dealing program
# might, the deal from East, with comments.
ELWELL_6 = """% from Elwell's Illustrative Hands
[Board "6"]
[Dealer "S"]
[Deal "E:9872.T32.T86.KQT KJ.AKQJ8.KQ53.52 QT5.764.J972.876 A643.95.A4.AJ943"]
{ The dealer, Z, makes it hearts, having four honours in one hand. }

[Board "7"]
[Dealer "S"]
[Deal "S:AK2.AKQJ.AKQJ.32 T3.T98765.T98.AK QJ4..765432.QJT9 98765.432..87654"]
"""


def deal(client, boards=8, first=1):
    page = client.get(reverse("scorer:print")).content.decode()
    form = Forms(page).form(DEAL)
    assert form is not None, "the Printing page offers to deal boards"
    return client.post(form["action"], {**form["values"], "boards": boards, "first": first})


def read(client, text: str | bytes, name="club.pbn"):
    upload = io.BytesIO(text.encode("latin-1") if isinstance(text, str) else text)
    upload.name = name
    return client.post(reverse("scorer:hand_records_read"), {"pbn": upload})


def document(client, page, which, **fields):
    """Ask for a document from the boards' page as it stands, with `fields` chosen."""
    form = Forms(page.content.decode()).form(DOCUMENT)
    assert form is not None, "the boards' page offers their documents"
    return client.post(form["action"], {**form["values"], "document": which, **fields})


def shown_boards(page):
    """The boards the page carries, read as the documents will read them."""
    return read_pbn(Forms(page.content.decode()).form(DOCUMENT)["values"]["boards"])


def sizes(pdf: bytes):
    return {
        (round(float(p.mediabox.width)), round(float(p.mediabox.height)))
        for p in PdfReader(io.BytesIO(pdf)).pages
    }


def page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def rows_everywhere():
    return {model: model.objects.count() for model in apps.get_models()}


def test_the_printing_page_has_a_section_for_hand_records(carr):
    page = carr.get(reverse("scorer:print")).content.decode()
    assert '<h2 id="hand-records-heading">Hand records</h2>' in page
    forms = Forms(page)
    dealing = forms.form(DEAL)["values"]
    assert (dealing["boards"], dealing["first"], bool(dealing["csrfmiddlewaretoken"])) == (
        "36",
        "1",
        True,
    )
    assert forms.form(READ) is not None
    assert 'enctype="multipart/form-data"' in page


def test_boards_dealt_are_shown_with_their_documents_and_nothing_is_kept(carr):
    """Nothing but the boards' analyses (§12), kept by their hands: a cache of what the
    cards allowed, asked for as they are dealt."""
    before = rows_everywhere()
    page = deal(carr, boards=8, first=9)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Boards 9 to 16, dealt just now. Nothing is kept here" in text
    boards = shown_boards(page)
    assert [board.number for board in boards] == list(range(9, 17))
    assert all(board.dealt is not None for board in boards)
    for label in ("Hand records (PDF)", "Curtain cards (PDF)", "The boards (PBN file)"):
        assert label in text
    after = rows_everywhere()
    assert after.pop(Analysis) == before.pop(Analysis) + 8
    assert after == before
    assert set(Analysis.objects.values_list("hands", flat=True)) == {
        dealt.hands_line(board.dealt) for board in boards
    }
    # Dealt again, other cards: each deal is a fresh shuffle.
    assert [b.hands for b in shown_boards(deal(carr, 8, 9))] != [b.hands for b in boards]


def test_hand_records_draw_each_boards_hands_where_elwells_diagram_puts_them(carr):
    page = deal(carr, boards=8)
    boards = shown_boards(page)
    response = document(carr, page, "records", layout="elwell", paper="A4")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="hand-records-1-8.pdf"'
    drawn = drawn_boards(response.content)
    assert sorted(drawn) == list(range(1, 9))
    for board in boards:
        on_paper = drawn[board.number]
        for place, (label, lines) in expected_hands(board, "elwell").items():
            assert (on_paper.hands[place].label, on_paper.hands[place].lines) == (label, lines)
        assert on_paper.dealer == f"Dealer: {board.dealer.label}"
        # Z, the dealer, at the foot; Y above him, A on the left, B on the right.
        hands = on_paper.hands
        assert hands["top"].y > hands["left"].y == hands["right"].y > hands["foot"].y
        assert hands["left"].x < hands["top"].x == hands["foot"].x < hands["right"].x
        assert on_paper.honours_head == "Z Y A B Score"
        counts = honours_counts(board, "elwell")
        rows = [line for line in on_paper.honours if line[0].isdigit() or line[0] == "v"]
        assert [" ".join(row.split()[:4]) for row in rows] == counts
    assert [drawn[n].page for n in range(1, 9)] == [1] * 6 + [2] * 2
    assert sizes(response.content) == {A4}


def test_hand_records_by_the_compass_put_north_at_the_top_on_letter(carr):
    page = deal(carr, boards=3)
    boards = shown_boards(page)
    response = document(carr, page, "records", layout="compass", paper="letter")
    drawn = drawn_boards(response.content)
    for board in boards:
        expected = expected_hands(board, "compass")
        assert {
            place: (hand.label, hand.lines) for place, hand in drawn[board.number].hands.items()
        } == expected
        assert drawn[board.number].honours_head == "N S E W Score"
    assert drawn[1].hands["top"].label == "North (dealer)"  # board 1: North deals
    assert sizes(response.content) == {LETTER}


def test_the_honours_of_each_trump_are_counted_and_scored_with_chicane(carr):
    page = read(carr, ELWELL_6)
    assert page.status_code == 200
    assert "Boards 6 to 7, from club.pbn." in page.content.decode()
    drawn = drawn_boards(document(carr, page, "records", layout="elwell", paper="A4").content)
    # Elwell: "The dealer, Z, makes it hearts, having four honours in one hand."
    assert drawn[6].honours == [
        "2 1 2 0 Z & Y: 3 honours 4",
        "0 2 0 3 A & B: 3 honours 8",
        "2 1 1 1 Z & Y: 3 honours 12",
        "4 0 0 1 Z & Y: 4 honours in one hand 64",
        "1 3 0 0 Z & Y: 4 aces 40",
    ]
    # Board 7: hearts, Y has none (chicane, +16); diamonds, B has none (−12).
    assert drawn[7].honours == [
        "2 2 1 0 Z & Y: 4 honours 8",
        "0 3 2 0 Z & Y: 3 honours 8",
        "4 0 1 void Z & Y: 4 honours in one hand 48",
        "\u2212 B\u2019s chicane 12 = 36",
        "4 void 1 0 Z & Y: 4 honours in one hand 64",
        "+ chicane 16 = 80",
        "3 0 1 0 Z & Y: 3 aces 30",
    ]
    assert drawn[7].hands["top"].lines[3] == "\u2665 \u2014"  # Y's hearts: none


def test_curtain_cards_are_a_card_a_hand_board_by_board_eight_a_page(carr):
    page = deal(carr, boards=3)
    boards = shown_boards(page)
    response = document(carr, page, "curtain_cards", layout="elwell", paper="letter")
    assert response["Content-Disposition"] == 'attachment; filename="curtain-cards-1-3.pdf"'
    cards = drawn_cards(response.content)
    seats = ["North", "East", "South", "West"]
    assert [(card.number, card.direction) for card in cards] == [
        (number, seat) for number in (1, 2, 3) for seat in seats
    ]
    assert [card.page for card in cards] == [1] * 8 + [2] * 4
    for card in cards:
        board = boards[card.number - 1]
        hand = board.hand(next(d for d in Direction if d.label == card.direction))
        assert card.lines == suit_lines(hand, ELWELL_SUITS)
        assert card.role.startswith(f"Dealer: {board.dealer.label} \u00b7 ")
    assert cards[0].role == "Dealer: North \u00b7 Z, the dealer"  # board 1: North deals
    assert sizes(response.content) == {LETTER}


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_thirteen_boards_are_three_pages_of_records_and_seven_of_cards_on_either_paper(carr, paper):
    page = deal(carr, boards=13)
    records = document(carr, page, "records", layout="compass", paper=paper).content
    cards = document(carr, page, "curtain_cards", layout="compass", paper=paper).content
    assert page_count(records) == 3  # six a page
    assert page_count(cards) == 7  # eight a page, two boards
    assert sorted(drawn_boards(records)) == list(range(1, 14))
    assert len(drawn_cards(cards)) == 52


def test_every_font_in_the_documents_is_the_projects_own_and_embedded(carr):
    """The suits' signs are DejaVu's, as every other letter: no machine's own font stands
    in for them, so every machine prints alike."""
    page = deal(carr, boards=2)
    ours = {"Sheet-Serif", "Sheet-Serif-Bold", "Sheet-Serif-Italic"}
    for which, italic in (("records", True), ("curtain_cards", False)):
        reader = PdfReader(io.BytesIO(document(carr, page, which).content))
        fonts = [
            font.get_object() for p in reader.pages for font in p["/Resources"]["/Font"].values()
        ]
        names = {str(font["/BaseFont"]).split("+")[-1] for font in fonts}
        assert names == (ours if italic else ours - {"Sheet-Serif-Italic"}), names
        for font in fonts:
            described = (
                font.get("/FontDescriptor")
                or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            )
            assert "/FontFile2" in described.get_object(), font["/BaseFont"]


def test_the_pbn_file_holds_the_boards_shown(carr):
    page = deal(carr, boards=4, first=37)
    response = document(carr, page, "pbn")
    assert response["Content-Disposition"] == 'attachment; filename="boards-37-40.pbn"'
    assert response["Content-Type"] == "text/plain; charset=iso-8859-1"
    assert response.content.startswith(b"% PBN 2.1\r\n% EXPORT\r\n")
    boards = read_pbn(response.content)
    assert [(b.number, b.hands) for b in boards] == [
        (b.number, b.hands) for b in shown_boards(page)
    ]


def test_a_pbn_file_read_back_prints_the_boards_it_holds(carr):
    dealt = deal_boards(3, rng=random.Random(3))
    page = read(carr, pbn_text(dealt), name="tuesday.pbn")
    assert "Boards 1 to 3, from tuesday.pbn." in page.content.decode()
    drawn = drawn_boards(document(carr, page, "records", layout="compass").content)
    for board in dealt:
        assert {p: (h.label, h.lines) for p, h in drawn[board.number].hands.items()} == (
            expected_hands(board, "compass")
        )


def test_a_board_given_once_a_table_is_printed_once_and_in_order(carr):
    results = "\n".join(
        f'[Board "{n}"]\n[Dealer "{d}"]\n[Deal "{d}:{deal}"]\n'
        for n, d, deal in [
            (2, "E", "KJ.AKQJ8.KQ53.52 QT5.764.J972.876 A643.95.A4.AJ943 9872.T32.T86.KQT"),
            (1, "N", "AK2.AKQJ.AKQJ.32 T3.T98765.T98.AK QJ4..765432.QJT9 98765.432..87654"),
            (2, "E", "KJ.AKQJ8.KQ53.52 QT5.764.J972.876 A643.95.A4.AJ943 9872.T32.T86.KQT"),
        ]
    )
    page = read(carr, results)
    assert [board.number for board in shown_boards(page)] == [1, 2]


def test_the_paper_is_the_clubs_unless_another_is_chosen(carr):
    club = Club.get()
    club.paper = "letter"
    club.save()
    page = deal(carr, boards=1)
    assert Forms(page.content.decode()).form(DOCUMENT)["values"]["paper"] == "letter"
    assert sizes(document(carr, page, "records").content) == {LETTER}
    assert sizes(document(carr, page, "records", paper="A4").content) == {A4}


# -- Refusals --------------------------------------------------------------------------------


def refusal(response) -> str:
    return response.content.decode()


@pytest.mark.parametrize("boards", ["0", "101", "x", "", "2.5"])
def test_a_bad_number_of_boards_is_refused_in_a_sentence(carr, boards):
    response = deal(carr, boards=boards)
    assert response.status_code == 400
    page = refusal(response)
    assert "No boards were dealt: put right what is marked below." in page
    assert "Boards to deal: give a whole number from 1 to 100." in page
    assert Forms(page).form(DEAL)["values"]["boards"] == boards


def test_a_pbn_file_with_a_broken_deal_is_refused_naming_the_board_and_line(carr):
    broken = '[Board "1"]\n[Deal "N:AK432.QJ2.T98.765 - - -"]\n'
    response = read(carr, broken, name="broken.pbn")
    assert response.status_code == 400
    page = refusal(response)
    assert "The file was not read: put right what is marked below." in page
    assert "broken.pbn: board 1 (line 2): Deal: North&#x27;s hand holds 14 cards, not 13" in page


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[Board "3"]\n[Dealer "S"]\n', "board 3 does not give its four hands"),
        (
            '[Event "x"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. -"]\n',
            "game 1 has no board number",
        ),
        ("% nothing\n", "the file holds no boards"),
        (
            '[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. -"]\n\n'
            '[Board "1"]\n[Deal "E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. -"]\n',
            "board 1 is given twice with other hands (games 1 and 2)",
        ),
    ],
)
def test_a_pbn_file_that_cannot_be_printed_is_refused_saying_why(carr, text, said):
    response = read(carr, text)
    assert response.status_code == 400
    assert said in refusal(response).replace("&#x27;", "'")


CORPUS = Path(__file__).parents[1] / "data" / "pbn"


def test_a_file_of_more_boards_than_a_document_holds_is_read_and_a_range_picked(carr):
    """Hand records print a hundred boards at most: of a larger file, a person picks which,
    the first hundred offered."""
    page = read(carr, pbn_text(deal_boards(150, rng=random.Random(1))))
    assert page.status_code == 200
    assert "Boards 1 to 150, from club.pbn." in page.content.decode()
    values = Forms(page.content.decode()).form(DOCUMENT)["values"]
    assert (values["first"], values["last"]) == ("1", "100")
    records = document(carr, page, "records", first=101, last=136)
    assert records["Content-Disposition"] == 'attachment; filename="hand-records-101-136.pdf"'
    assert sorted(drawn_boards(records.content)) == list(range(101, 137))
    assert page_count(records.content) == 6


def test_a_range_of_more_boards_than_a_document_holds_is_refused_in_a_sentence(carr):
    page = read(carr, pbn_text(deal_boards(150, rng=random.Random(1))))
    refused = document(carr, page, "curtain_cards", first=1, last=101)
    assert refused.status_code == 400
    assert (
        "Boards: boards 1 to 101 are 101 boards; hand records and curtain cards are printed "
        "for 100 boards at most: choose fewer."
    ) in refused.content.decode()
    none = document(carr, page, "records", first=151, last=160)
    assert "Boards: no board is numbered from 151 to 160; the file holds boards 1 to 150." in (
        none.content.decode()
    )
    backwards = document(carr, page, "records", first=20, last=10)
    assert "To board: give a number from the first board&#x27;s on." in backwards.content.decode()


def test_the_pbn_file_of_a_range_holds_its_boards_however_many(carr):
    page = read(carr, pbn_text(deal_boards(150, rng=random.Random(1))))
    kept = document(carr, page, "pbn", first=11, last=150)
    assert kept["Content-Disposition"] == 'attachment; filename="boards-11-150.pbn"'
    assert [board.number for board in read_pbn(kept.content)] == list(range(11, 151))


def test_a_file_whose_play_cannot_be_read_is_printed_from_its_deals_saying_so(carr):
    """rpbridge.net's file (tests/data/pbn/SOURCES): its plays are not in PBN's columns."""
    page = read(carr, (CORPUS / "rpbridge-2012-world-championship.pbn").read_bytes())
    assert page.status_code == 200
    text = page.content.decode().replace("&#x27;", "'")
    assert "Boards 1 to 20, from club.pbn." in text
    assert "Read as deals alone, what could not be read skipped:" in text
    assert (
        "board 1 (line 22): Play: trick 3 was led by North (the CQ), but East won trick 2 and "
        "leads to trick 3; its play is skipped and its deal read"
    ) in text
    assert "… and 5 more." in text
    kept = document(carr, page, "pbn", first=1, last=20)
    assert b'[Play "S"]\r\nSQ C3 S3 S9\r\n' in kept.content  # as it came


def test_a_tag_value_too_long_for_pbn_is_refused_in_a_sentence(carr):
    response = read(carr, f'[Board "1"]\n[Event "{"x" * 300}"]\n'.encode())
    assert response.status_code == 400
    assert (
        "club.pbn: board 1 (line 2): Event: the value is too long for PBN (300 characters; a "
        "string holds at most 255)"
    ) in refusal(response)


def test_a_tag_too_long_for_a_line_of_pbn_is_refused_in_a_sentence(carr):
    """Within a string's 255 characters, but not a line's with its tag: said, not a 500."""
    response = read(carr, f'[Board "1"]\n[Deal "{DEAL_TEXT}"]\n[Event "{"x" * 250}"]\n')
    assert response.status_code == 400
    assert (
        "The boards cannot be written as PBN: board 1: Event: the value is too long for a line "
        "of PBN (262 characters; at most 255). Nothing was made."
    ) in refusal(response)


def test_no_file_or_an_empty_one_is_refused_in_a_sentence(carr):
    assert "PBN file: choose the file of the boards." in refusal(
        carr.post(reverse("scorer:hand_records_read"), {})
    )
    assert "PBN file: the file chosen is empty." in refusal(read(carr, b""))


def test_a_file_larger_than_a_request_takes_is_refused_in_words(carr):
    response = read(carr, b"%" * (hand_records.MOST_UPLOAD + 1))
    assert response.status_code == 400
    assert (
        "club.pbn: the file is larger than 1 MiB, the most a PBN file of boards may be here: "
        "nothing was read" in refusal(response)
    )


def test_a_body_larger_than_any_pbn_file_is_refused_unread(carr):
    response = read(carr, b"%" * (hand_records.MOST_UPLOAD + 128 * 1024))
    assert response.status_code == 413
    assert (
        "The file is larger than 1 MiB, the most a PBN file of boards may be here: nothing "
        "was read." in refusal(response)
    )


def test_django_keeps_any_upload_the_site_reads_in_memory(settings):
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == hand_records.MOST_BODY
    assert hand_records.MOST_BODY > hand_records.MOST_UPLOAD


def test_boards_sent_back_larger_than_a_form_may_be_are_refused(carr):
    page = deal(carr, boards=1)
    response = document(carr, page, "pbn", boards="%" * (3 * 1024 * 1024))
    assert response.status_code == 413
    assert "nothing was read" in refusal(response)


def test_the_boards_sent_back_are_read_again_and_refused_if_they_are_no_boards(carr):
    page = deal(carr, boards=1)
    response = document(carr, page, "records", boards='[Board "1"]\n[Deal "N:AK"]\n')
    assert response.status_code == 400
    page = refusal(response)
    assert "Nothing was made: put right what is marked below." in page
    assert "The boards: board 1 (line 2): Deal:" in page


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("layout", "sideways", "Layout: choose Elwell&#x27;s diagram or the compass."),
        ("paper", "A3", "Paper: choose A4 or US Letter."),
        ("document", "scorecard", "Choose hand records, curtain cards or the PBN file."),
    ],
)
def test_a_bad_choice_is_refused_keeping_the_boards(carr, field, value, said):
    page = deal(carr, boards=2)
    response = document(carr, page, "records", **{field: value})
    assert response.status_code == 400
    assert said in refusal(response)
    assert [b.hands for b in shown_boards(response)] == [b.hands for b in shown_boards(page)]


def test_hand_records_need_a_signed_in_member_and_a_post(client, carr):
    anonymous = Client()
    for url in (DEAL, READ, DOCUMENT):
        answer = anonymous.post(url, {})
        assert answer.status_code == 302
        assert answer.url.startswith(reverse("login"))
        assert carr.get(url).status_code == 405


def test_a_post_without_the_pages_token_is_refused(players):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(players[0].user)
    for url in (DEAL, READ, DOCUMENT):
        assert phone.post(url, {"boards": "4", "first": "1"}).status_code == 403


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.sampled_from(["boards", "first", "layout", "paper", "document", "pbn"]),
    st.one_of(
        st.sampled_from(["", " ", "\x00", "x" * 5000, "\u202e", "-1", "1e9", "<b>x</b>"]),
        st.text(max_size=50),
    ),
)
def test_any_value_in_any_field_is_answered_without_a_server_error(carr, field, value):
    if field in ("boards", "first"):
        response = deal(carr, **{field: value})
    elif field == "pbn":
        response = read(carr, value.encode("utf-8"))
    else:
        response = document(carr, deal(carr, boards=1), "pbn", **{field: value})
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert 'role="alert"' in refusal(response)


# Boards whose diagrams take the most room: every suit with a void on each side (three
# lines of honours to a trump), and each hand a whole suit (a hand's longest line).
CROWDED = (
    "N:..AKQJT9.AKQJT98 .8765432..765432 AKQJT98.AKQJT9.. 765432..8765432.",
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
)


@pytest.mark.django_db
@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("layout", list(hand_records.Layout))
def test_a_page_holds_the_boards_it_is_given_whatever_the_cards(paper, layout):
    """Six ordinary boards a page; boards whose honours run to a chicane's lines under
    every trump, fewer: each page as it was planned, no board running over onto the next."""
    crowded = "".join(
        f'[Board "{number}"]\n[Dealer "{"NESW"[number % 4]}"]\n[Deal "{CROWDED[number % 2]}"]\n\n'
        for number in range(1, 9)
    )
    boards = (*hand_records.printable(read_pbn(crowded)), *deal_boards(10, first=9))
    already_analysed(hand_records.dealt_hands(boards))
    planned = hand_records.records_context(boards, layout=layout, paper=paper)["pages"]
    assert sum(len(row) for row in planned[0]) == 4  # two rows of crowded boards
    assert [len(board.honours[0].more) for board in planned[0][0]] == [2, 2]
    pdf = hand_records.records_pdf(boards, layout=layout, paper=paper)
    assert page_count(pdf) == len(planned)
    assert list(drawn_boards(pdf)) == list(range(1, 19))


@pytest.mark.django_db
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_the_room_planned_for_a_page_is_the_room_print_css_gives_it(paper):
    """hand_records plans its pages by the heights print.css gives a row of boards and a
    page's title and key: laid out here, each row is as high as planned, and the page has
    the room planned for it."""
    from django.template.loader import render_to_string
    from weasyprint import HTML

    from scorer.plumbing import printer

    crowded = "".join(
        f'[Board "{number}"]\n[Dealer "N"]\n[Deal "{CROWDED[number % 2]}"]\n\n'
        for number in range(1, 3)
    )
    boards = (*hand_records.printable(read_pbn(crowded)), *deal_boards(4, first=3))
    context = hand_records.records_context(boards, layout=hand_records.Layout.ELWELL, paper=paper)
    html = render_to_string("printing/documents/hand_records.html", {"club": Club.get(), **context})
    page = (
        HTML(string=html, base_url=printer.BASE_URL, url_fetcher=printer.StaticFiles())
        .render(stylesheets=[printer._stylesheet()], font_config=printer._fonts())
        .pages[0]
        ._page_box
    )

    def rows(box):
        if box.element_tag == "div" and box.element.get("class") == "row":
            yield box
        else:
            for child in getattr(box, "children", ()):
                yield from rows(child)

    points = 0.75  # a CSS pixel
    laid_out = list(rows(page))
    planned = [
        hand_records.ROW_BASE
        + hand_records.HONOURS_LINE * max(hand_records._honours_lines(board) for board in row)
        for row in context["pages"][0]
    ]
    assert [round(row.margin_height() * points, 1) for row in laid_out] == pytest.approx(
        planned, abs=0.2
    )
    room = (page.content_box_y() + page.height - laid_out[0].position_y) * points
    assert room == pytest.approx(hand_records.PAGE_ROOM[paper], abs=1.0)
