"""Printed rubber sheets, blank score pads and evening results, read back from the PDF."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import threading
import uuid
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from pypdf import PdfReader

from scorer.engine import read_rubber
from scorer.models import Club, Rubber
from scorer.plumbing import printer as printing
from scorer.rubbers import writes
from tests.support.club import set_aside
from tests.support.deal_forms import agree, correct, play, revision
from tests.support.html import Forms
from tests.support.pdf import pages
from tests.support.rubbers import deal

SPECIMEN = Path(__file__).resolve().parents[2] / "scorer" / "data" / "elwell-specimen.json"
A4, LETTER = (595, 842), (612, 792)
PRINTED = re.compile(r"Printed \d{1,2} \w+ \d{4}, \d\d:\d\d")
PAD_MARGIN = 10 / 25.4 * 72  # a pad's page margin, 10 mm, in points
# Three honours miscounted on Elwell's specimen: (deal, the honours now, why).
HONOURS_CORRECTED = [
    (1, "we:THREE", "four honours were claimed; there were three"),
    (2, "they:FOUR", "They held four honours, not three, as the cards showed"),
    (5, "we:FOUR", "a fourth honour was found in Mr. Dane's hand after the count"),
]


def sizes(response):
    return [
        (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        for page in PdfReader(io.BytesIO(response.content)).pages
    ]


def size(response):
    return sizes(response)[0]


def heights(response):
    """Each run of text on a PDF answer's first page, with how high it stands above the
    paper's foot, in points."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), tm[4] * cm[1] + tm[5] * cm[3] + cm[5]))

    PdfReader(io.BytesIO(response.content)).pages[0].extract_text(visitor_text=visit)
    return found


def corrected_and_agreed(client, players, rubber, corrections):
    """The rubber with `corrections` ((deal, honours, reason)) made, then agreed by We
    (Mrs. Carr) and They (Miss Fenwick), each for their own side."""
    for number, honours, reason in corrections:
        assert correct(client, rubber, number, honours=honours, reason=reason).status_code == 302
    assert agree(client, rubber, "we").status_code == 302
    fenwick = Client()
    fenwick.force_login(players[1].user)
    assert agree(fenwick, rubber, "they").status_code == 302
    return rubber


@pytest.fixture
def specimen(players):
    """Elwell's specimen played through the table's own steps (Carr and Dane are We)."""
    rubber = writes.start_rubber(
        table="Table 1", members=players, first_dealer=0, user=players[0].user
    )
    writes.replay(
        rubber=rubber,
        deals=read_rubber(json.loads(SPECIMEN.read_text())).deals,
        user=players[0].user,
    )
    set_aside(rubber)  # won, not agreed: the tests start the evening's others beside it
    return rubber


def print_rubber(client, rubber, **params):
    return client.get(reverse("scorer:rubber_print", args=[rubber.pk]), params)


def print_pad(client, *, per_page=1, pages=1, paper="A4", htmx=False):
    return client.get(
        reverse("scorer:pad_print"),
        {"per_page": per_page, "pages": pages, "paper": paper},
        headers={"HX-Request": "true"} if htmx else {},
    )


def test_the_specimens_sheet_prints_on_one_page_with_300_148_and_152(carr, specimen):
    response = print_rubber(carr, specimen)
    text = pages(response)
    assert len(text) == 1
    sheet = text[0]
    for figure in ("300", "148", "300 − 148 = 152 points won by We"):
        assert figure in sheet
    assert "Carr & Dane" in sheet
    assert "Fenwick & Hartley" in sheet
    # The sheet in Elwell's order: the 100 above the other honours, games below the line.
    assert sheet.index("100") < sheet.index("64") < sheet.index("1st game") < sheet.index("Total")
    day = timezone.localdate()
    assert response["Content-Disposition"] == (
        f'inline; filename="rubber-{specimen.pk}-{day.isoformat()}.pdf"'
    )


def test_each_deal_is_printed_with_its_entries_explained(carr, specimen):
    sheet = pages(print_rubber(carr, specimen))[0]
    assert "Mrs. Carr; Diamonds by Mrs. Carr" in sheet
    assert "We 9; We: four" in sheet
    assert "4 honours in one hand (hearts): 64" in sheet
    assert "No-trump by Miss Fenwick (passed)" in sheet


def test_a_rubber_not_yet_agreed_is_printed_provisional(carr, specimen, players, staff):
    assert "PROVISIONAL" in pages(print_rubber(carr, specimen))[0]
    carr.force_login(staff)
    carr.post(
        reverse("scorer:agree", args=[specimen.pk]),
        {"key": uuid.uuid4(), "revision": revision(specimen), "side_agreeing": "both"},
    )
    sheet = pages(print_rubber(carr, specimen))[0]
    assert "PROVISIONAL" not in sheet
    assert "Agreed: We gain 152 points, They lose them." in sheet
    assert "agreed by secretary" in sheet


def test_corrections_are_printed_with_their_reasons_and_laws(carr, rubber):
    play(carr, rubber, trump="S", tricks=8)
    correct(carr, rubber, 1, tricks=9, reason="a trick was miscounted")
    sheet = pages(print_rubber(carr, rubber))[0]
    assert "Deal 1, tricks (Law 12), by Mrs. Carr" in sheet
    assert "“a trick was miscounted”" in sheet


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_a_rubber_with_three_corrections_agreed_by_both_sides_prints_on_one_page(
    carr, players, specimen, paper
):
    rubber = corrected_and_agreed(carr, players, specimen, HONOURS_CORRECTED)

    text = pages(print_rubber(carr, rubber, paper=paper))

    assert len(text) == 1
    sheet = text[0]
    assert sheet.count("honours (Law 13), by Mrs. Carr") == 3
    assert "“a fourth honour was found in Mr. Dane's hand after the count”" in sheet
    assert "We (Carr & Dane): agreed by Mrs. Carr" in sheet
    assert "They (Fenwick & Hartley): agreed by Miss Fenwick" in sheet
    assert "Page 1 of 1" in sheet


@pytest.mark.parametrize(("paper", "corrections"), [("letter", 4), ("letter", 5), ("A4", 5)])
def test_a_sheet_too_long_for_its_page_breaks_between_its_parts(
    carr, players, specimen, paper, corrections
):
    """Past a page, the sheet breaks where a reader expects: between its parts, a heading
    with what follows it, the rubber's value whole; never a line left on its own."""
    miscounts = [
        (1, ("we:THREE", "we:FOUR")[n % 2], f"the honours of deal 1 miscounted, time {n + 1}")
        for n in range(corrections)
    ]
    rubber = corrected_and_agreed(carr, players, specimen, miscounts)

    text = pages(print_rubber(carr, rubber, paper=paper))

    assert len(text) == 2
    value = [page for page in text if "The rubber's value" in page]
    assert len(value) == 1
    for line in ("Agreed: We gain", "agreed by Mrs. Carr", "agreed by Miss Fenwick"):
        assert line in value[0]
    assert "Corrections Deal 1" in " ".join(text), "the heading kept with a correction"


def test_a_long_rubber_flows_onto_a_second_page_with_the_heads_repeated(carr, players):
    rubber = writes.start_rubber(table="T", members=players, first_dealer=0, user=players[0].user)
    # Twenty spade part-scores of one by-card, alternately to each side: no game is won.
    deals = [
        deal("S", (7, 6) if n % 2 == 0 else (6, 7), dealer=("we", "they")[n % 2]) for n in range(20)
    ]
    writes.replay(rubber=rubber, deals=deals, user=players[0].user)
    text = pages(print_rubber(carr, rubber))
    assert len(text) == 2
    for page in text:
        assert "Dealer; the make; doubles" in page  # the deals' heads, on each page
        assert "PROVISIONAL" in page
    assert "Page 1 of 2" in text[0]
    assert "Page 2 of 2" in text[1]


def test_the_club_name_page_number_and_date_printed_are_on_the_page(carr, specimen):
    club = Club.get()
    club.name = 'The "Portland" Club'
    club.save()
    sheet = pages(print_rubber(carr, specimen))[0]
    assert 'The "Portland" Club' in sheet
    assert "Page 1 of 1" in sheet
    assert re.search(r"Printed \d{1,2} \w+ \d{4}, \d\d:\d\d", sheet)


def test_the_paper_is_the_clubs_unless_another_is_asked_for(carr, specimen):
    assert size(print_rubber(carr, specimen)) == A4
    assert size(print_rubber(carr, specimen, paper="letter")) == LETTER
    club = Club.get()
    club.paper = "letter"
    club.save()
    assert size(print_rubber(carr, specimen)) == LETTER
    assert size(print_rubber(carr, specimen, paper="nonsense")) == LETTER


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize(("paper", "dimensions"), [("A4", A4), ("letter", LETTER)])
def test_blank_pads_print_one_two_or_four_forms_to_a_page(carr, per_page, paper, dimensions):
    response = carr.get(
        reverse("scorer:pad_print"), {"per_page": per_page, "pages": 2, "paper": paper}
    )
    text = pages(response)
    assert len(text) == 2
    assert size(response) == dimensions
    for page in text:
        assert page.count("1st game") == per_page
        assert page.count("3d game") == per_page
        assert "Rubber 100, Grand Slam 40, Little Slam 20." in page


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_each_form_of_a_pad_has_lines_for_the_table_the_date_and_the_players(carr, per_page, paper):
    page = pages(print_pad(carr, per_page=per_page, paper=paper))[0]
    assert page.count("Table Date We: & They: &") == per_page


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_every_form_of_a_pad_fits_its_share_of_the_page(carr, per_page, paper):
    """A form taller than its share of the page is not moved to a page of its own: it is
    cut off at the foot. So nothing of the forms may reach into the page's margin."""
    lines = heights(print_pad(carr, per_page=per_page, paper=paper))
    written = [(text, height) for text, height in lines if not PRINTED.match(text)]
    assert [text for text, _ in written].count("Table Date") == per_page
    lowest = min(written, key=lambda line: line[1])
    assert lowest[1] > PAD_MARGIN, f"{lowest[0]!r} runs into the page's foot"


def test_the_values_at_the_foot_of_a_pad_are_the_laws(carr):
    page = pages(carr.get(reverse("scorer:pad_print"), {"per_page": 1, "pages": 1, "paper": "A4"}))[
        0
    ]
    assert "5 honours, 4 in one hand 18 36 54 72 —" in page  # 54, not the misprint
    assert "4 honours in one hand 16 32 48 64 100" in page
    assert "Each trick above six 2 4 6 8 12" in page


def test_the_largest_pad_is_fifty_letter_pages_all_alike(carr):
    """50 pages, 4 forms a page: one page laid out, printed fifty times over, with the
    club's name and the date printed on each; no page numbers, which on a page printed
    over would each read "Page 1 of 1"."""
    response = print_pad(carr, per_page=4, pages=50, paper="letter")

    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 50
    assert sizes(response) == [LETTER] * 50
    drawn = {page.get_contents().get_data() for page in reader.pages}
    assert len(drawn) == 1, "every page draws exactly what the first does"
    text = [" ".join(reader.pages[0].extract_text().split())]
    assert text[0].count("1st game") == 4
    assert text[0].count("Rubber 100, Grand Slam 40, Little Slam 20.") == 4
    assert Club.get().name in text[0]
    assert PRINTED.search(text[0])
    assert "Page" not in text[0]


def test_a_pad_asked_for_badly_is_refused_on_the_printing_page_in_sentences(carr, rubber):
    """The Printing page again, as it was filled in, with each error naming its field; the
    evening's form as it always is (today, and the tables to choose from)."""
    response = carr.get(reverse("scorer:pad_print"), {"per_page": 3, "pages": 0, "paper": "B5"})

    assert response.status_code == 400
    page = response.content.decode()
    assert "<h1>Printing</h1>" in page
    assert "Forms to a page: choose one, two or four." in page
    assert "Pages: give a whole number from 1 to 50." in page
    assert "Paper: choose A4 or US Letter." in page
    assert "Select a valid choice" not in page
    forms = Forms(page)
    pads = forms.form(reverse("scorer:pad_print"))
    assert pads["values"] == {"pages": "0"}  # no chip stands for 3, nor for B5
    assert pads["choices"] == {
        "game": ["bridge", "three-handed", "whist"],
        "per_page": ["1", "2", "4"],
        "paper": ["A4", "letter"],
    }
    evening = forms.form(reverse("scorer:evening"))
    assert evening["values"]["day"] == timezone.localdate().isoformat()
    assert '<option value="Table 1">' in page


def test_a_pad_refused_keeps_what_was_chosen(carr):
    response = carr.get(
        reverse("scorer:pad_print"), {"per_page": 4, "pages": 80, "paper": "letter"}
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "Pages: give a whole number from 1 to 50." in page
    assert "Forms to a page:" not in page
    pads = Forms(page).form(reverse("scorer:pad_print"))
    assert pads["values"] == {"per_page": "4", "pages": "80", "paper": "letter"}


@pytest.mark.parametrize(
    "sent",
    [{}, {"per_page": "", "pages": "", "paper": ""}, {"per_page": "two", "pages": "2.5"}],
)
def test_a_pad_with_a_choice_missing_is_refused_with_every_reason(carr, sent):
    page = carr.get(reverse("scorer:pad_print"), sent).content.decode()
    for reason in (
        "Forms to a page: choose one, two or four.",
        "Pages: give a whole number from 1 to 50.",
        "Paper: choose A4 or US Letter.",
    ):
        assert reason in page


def test_an_evening_lists_each_rubber_and_each_members_points(carr, players, specimen):
    other = writes.start_rubber(
        table="Table 2", members=players, first_dealer=0, user=players[0].user
    )
    play(carr, other, trump="NT", tricks=9)  # We 36 and the first game
    set_aside(other)
    yesterday = writes.start_rubber(
        table="Table 3", members=players, first_dealer=0, user=players[0].user
    )
    Rubber.objects.filter(pk=yesterday.pk).update(started_at=timezone.now() - timedelta(days=1))
    day = timezone.localdate().isoformat()
    page = carr.get(reverse("scorer:evening"), {"day": day}).content.decode()
    assert "Table 1" in page
    assert "Table 2" in page
    assert "Table 3" not in page
    response = carr.get(reverse("scorer:evening"), {"day": day, "print": 1, "paper": "letter"})
    text = pages(response)[0]
    assert "Table 1" in text
    # The sides by their names, and where each rubber stands: the specimen won and not
    # yet agreed; Table 2 in play, so nobody has won anything there yet.
    assert "Carr & Dane won 152 won — awaiting agreement" in text
    assert "Carr & Dane Fenwick & Hartley 1–0 in play" in text
    assert "We won" not in text
    assert "Mrs. Carr 2 0 +188" in text  # 152 and 36, neither agreed
    assert "Miss Fenwick 2 0 −188" in text
    assert size(response) == LETTER
    assert response["Content-Disposition"] == f'inline; filename="evening-{day}.pdf"'


def test_an_evening_can_be_of_one_table(carr, players, specimen):
    writes.start_rubber(table="Table 2", members=players, first_dealer=0, user=players[0].user)
    day = timezone.localdate().isoformat()
    text = pages(carr.get(reverse("scorer:evening"), {"day": day, "table": "Table 2", "print": 1}))
    assert "Table 2" in text[0]
    assert "Table 1" not in text[0]


def test_a_bad_day_is_refused_with_the_reason(carr, db):
    response = carr.get(reverse("scorer:evening"), {"day": "yesterday-ish"})
    assert response.status_code == 400
    assert "Enter a valid date." in response.content.decode()


def test_printing_reads_static_files_from_disk_and_nothing_from_elsewhere():
    fetcher = printing.StaticFiles()
    response = fetcher.fetch(f"{printing.BASE_URL}static/css/print.css")
    assert b"@font-face" in response.read()
    with pytest.raises(ValueError, match="only the site's own static files"):
        fetcher.fetch("https://example.com/tracker.png")
    with pytest.raises(ValueError, match="only the site's own static files"):
        fetcher.fetch(f"{printing.BASE_URL}static/no-such-file.css")


def test_every_font_in_the_pdf_is_the_projects_own(carr, specimen):
    """The fonts ship with the site ("Sheet Serif" in print.css): no machine's own
    fonts stand in, so every machine prints alike."""
    reader = PdfReader(io.BytesIO(print_rubber(carr, specimen).content))
    fonts = {
        str(font.get_object()["/BaseFont"]).split("+")[-1]
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert fonts == {"Sheet-Serif", "Sheet-Serif-Bold"}


def test_printing_needs_a_signed_in_member(client, specimen):
    response = print_rubber(client, specimen)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    assert client.get(reverse("scorer:print")).status_code == 302


def test_the_print_page_offers_pads_and_evenings(carr, db):
    page = carr.get(reverse("scorer:print")).content.decode()
    assert "Blank score pads" in page
    assert "An evening's results" in page


def test_the_print_page_shows_every_choice_with_two_forms_and_the_clubs_paper_chosen(carr):
    club = Club.get()
    club.paper = "letter"
    club.save()

    page = carr.get(reverse("scorer:print")).content.decode()

    forms = Forms(page)
    pads = forms.form(reverse("scorer:pad_print"))
    assert pads["choices"] == {
        "game": ["bridge", "three-handed", "whist"],
        "per_page": ["1", "2", "4"],
        "paper": ["A4", "letter"],
    }
    assert pads["values"] == {"game": "bridge", "per_page": "2", "pages": "5", "paper": "letter"}
    for label in ("One", "Two", "Four", "A4", "US Letter"):
        assert f"<span>{label}</span>" in page
    evening = forms.form(reverse("scorer:evening"))
    assert evening["values"] == {"day": timezone.localdate().isoformat(), "table": ""}
    # Sent as it stands, the form prints five pages, two forms to each, on Letter.
    response = carr.get(pads["action"], pads["values"])
    text = pages(response)
    assert len(text) == 5
    assert text[0].count("1st game") == 2
    assert size(response) == LETTER


def test_the_rubber_page_has_a_print_button(carr, specimen):
    page = carr.get(reverse("scorer:rubber", args=[specimen.pk])).content.decode()
    assert reverse("scorer:rubber_print", args=[specimen.pk]) in page


def test_a_member_name_cannot_break_out_of_the_page_style(carr, specimen):
    club = Club.get()
    club.name = "Evil</style><script>x</script>\\"
    club.save()
    sheet = pages(print_rubber(carr, specimen))[0]
    assert "Evil</style><script>x</script>\\" in sheet


@pytest.mark.parametrize(
    "name",
    [
        'The "Portland" Club',
        'A lone " quote',
        "St John's",
        "The Back\\slash Club",
        "The Form\ffeed Club",
        "The Carriage\rreturn Club",
        "The New\nline Club",
        "Evil</style><style>@page { size: A5 }</style>",
        "Braces } and ; semicolons",
        "Club\f}} @page { size: A5 } @page { @top-center { content: 'x'",
        "Club\r}} @page { size: A5 } @page { @top-center { content: 'x'",
        "Café Müller",
    ],
)
def test_a_club_name_prints_as_written_and_restyles_nothing(carr, name):
    """The name is a CSS string in the page's style: no character in it may end the
    string (a form feed or a return did, and then an @page rule in the name reset the
    paper), nor the style element."""
    club = Club.get()
    club.name = name
    club.save()

    response = print_pad(carr)

    page = pages(response)[0]
    assert " ".join(name.split()) in page  # as a margin box prints it: whitespace run together
    assert size(response) == A4
    assert PRINTED.search(page)


@contextmanager
def busy(printer, *, until_a_document_waits=False):
    """The printer busy with another document (a thread holding its turn) while the block
    runs, or, if asked, only until a document is waiting for its turn."""
    held, finished = threading.Event(), threading.Event()

    def another_document():
        with printer.turn():
            held.set()
            with printer.changed:
                printer.changed.wait_for(
                    lambda: finished.is_set() or (until_a_document_waits and printer.waiting)
                )

    thread = threading.Thread(target=another_document)
    thread.start()
    held.wait()
    try:
        yield
    finally:
        with printer.changed:
            finished.set()
            printer.changed.notify_all()
        thread.join()


# A printer's wait and patience where they are not what a test tries: a bound that keeps a
# broken test from hanging on a machine many times busier than its cores (a new printing
# process, starting WeasyPrint, took over 30 s there), not a timing.
BOUND = 600.0


@pytest.fixture
def printers():
    """`printers(waiting=..., wait=..., patience=..., documents=...)`: a printer of its own,
    its process stopped after the test."""
    made = []

    def make(**bounds):
        made.append(printing.Printer(**bounds))
        return made[-1]

    yield make
    for printer in made:
        printer.stop()


def never_finishes(html, copies):
    """A document its printing process never finishes: it waits for an event nothing sets."""
    threading.Event().wait()


def dies(html, copies):
    """A document whose printing process is killed while it lays it out (short of memory,
    say)."""
    os.kill(os.getpid(), signal.SIGKILL)


def gone(pid):
    return not Path(f"/proc/{pid}").exists()


def refusal(printer):
    """What a one-line document sent to `printer` raised. A printer that would never answer
    fails the test after a minute, rather than hang it: a bound far beyond any patience
    here, not a timing."""
    raised = []

    def send():
        try:
            printer.lay_out("<p>One line.</p>")
        except Exception as error:
            raised.append(error)
        else:
            raised.append(None)

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    thread.join(60)
    assert raised, "the printer never answered"
    return raised[0]


def test_a_document_waits_for_a_busy_printer_and_is_then_refused_in_words(carr, monkeypatch):
    """It waits: the other document done while it waits, it prints. Not done within its
    wait, it is refused in words."""
    with busy(printing.printer, until_a_document_waits=True):
        assert print_pad(carr).status_code == 200
    monkeypatch.setattr(printing.printer, "wait", 0.3)
    with busy(printing.printer):
        response = print_pad(carr)
        plain = print_pad(carr, htmx=True)

    assert response.status_code == 503
    assert escape(printing.BUSY) in response.content.decode()
    assert plain.status_code == 503
    assert plain.content.decode() == printing.BUSY
    assert print_pad(carr).status_code == 200  # the printer free again


def test_a_document_beyond_the_printers_queue_is_refused_at_once(carr, monkeypatch, printers):
    """At once: had it waited, the other document would have made way for it, and it would
    have printed."""
    monkeypatch.setattr(
        printing, "printer", printers(waiting=0, wait=BOUND, patience=BOUND, documents=500)
    )
    with busy(printing.printer, until_a_document_waits=True):
        response = print_pad(carr)

    assert response.status_code == 503
    assert escape(printing.BUSY) in response.content.decode()


def test_the_table_is_answered_while_the_printer_is_busy(carr, rubber):
    poll = Forms(carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()).attribute(
        "hx-get"
    )
    with printing.printer.turn():
        response = carr.get(poll, headers={"HX-Request": "true"})

    assert response.status_code == 204


def test_a_document_the_printing_process_does_not_finish_is_refused_and_the_process_replaced(
    monkeypatch, printers
):
    """A stuck printing process holds nobody for long: the document is refused with words
    once its patience runs out, and the next document gets a new process."""
    stuck = printers(waiting=0, wait=BOUND, patience=BOUND, documents=500)
    stuck.start()
    first = stuck.pid
    with monkeypatch.context() as patched:
        patched.setattr(stuck, "patience", 0.5)
        patched.setattr(printing, "_lay_out", never_finishes)
        refused = refusal(stuck)
    assert isinstance(refused, printing.Busy)
    assert str(refused) == printing.STUCK
    assert stuck.pid is None
    assert gone(first), "the stuck process was stopped"
    assert stuck.lay_out("<p>One line.</p>").startswith(b"%PDF")
    assert stuck.pid != first


def test_a_printing_process_that_never_takes_the_document_up_is_replaced_too(monkeypatch, printers):
    """Held still before it could start on the document (as a machine short of memory
    might hold it), the process is stopped all the same once the document's patience runs
    out, not only once it has started on it."""
    stuck = printers(waiting=0, wait=BOUND, patience=BOUND, documents=500)
    stuck.start()
    first = stuck.pid
    os.kill(first, signal.SIGSTOP)
    with monkeypatch.context() as patched:
        patched.setattr(stuck, "patience", 0.5)
        refused = refusal(stuck)
    assert isinstance(refused, printing.Busy)
    assert str(refused) == printing.STUCK
    assert gone(first), "the stuck process was stopped"
    assert stuck.lay_out("<p>One line.</p>").startswith(b"%PDF")


def test_a_document_whose_printing_process_dies_is_refused_in_words_and_the_process_replaced(
    monkeypatch, printers
):
    died = printers(waiting=0, wait=BOUND, patience=BOUND, documents=500)
    died.start()
    first = died.pid
    with monkeypatch.context() as patched:
        patched.setattr(printing, "_lay_out", dies)
        with pytest.raises(printing.Busy, match="could not finish this document"):
            died.lay_out("<p>One line.</p>")
    assert died.lay_out("<p>One line.</p>").startswith(b"%PDF")
    assert died.pid != first


def test_the_printing_process_is_replaced_after_its_documents(printers):
    fresh = printers(waiting=0, wait=BOUND, patience=BOUND, documents=2)
    pids = []
    for _ in range(3):
        assert fresh.lay_out("<p>One line.</p>").startswith(b"%PDF")
        pids.append(fresh.pid)
    assert pids[0] == pids[1] != pids[2]


def test_the_printing_process_gives_way_to_the_site(printers):
    """It lays documents out at a niceness of 10 above this process's: the phones' polls
    and saves come first."""
    printer = printers(waiting=0, wait=BOUND, patience=BOUND, documents=500)
    printer.lay_out("<p>One line.</p>")
    assert os.getpriority(os.PRIO_PROCESS, printer.pid) == min(
        19, os.getpriority(os.PRIO_PROCESS, 0) + 10
    )
