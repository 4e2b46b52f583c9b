"""A Duplicate evening played through in Chromium at 360 px, every page reached by what a
person taps: the director opens a Mitchell of four tables and sixteen boards, adds the
eight pairs as they come, starts it with the boards dealt by the site and prints their
hand records (looked at as PNG); each pair's phone goes from its home page to its table;
at each table North–South record each board and East–West accept it with one tap, round
after round, each pair following the link to its next table; the director corrects a
result with his reason, and both phones at the table follow; the rankings by direction
are read, the evening ended, and every document asked for. Half the phones are dark."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from scorer.duplicate.models import DuplicateCorrection, DuplicateResult, DuplicateTable
from scorer.engine.cards import read_pbn
from tests.support.browser import (
    choose,
    screenshot,
    serious_violations,
    sign_in,
    small_targets_and_text,
    tap,
)
from tests.support.duplicate_evenings import started
from tests.support.evenings import members, pdf_as_png

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = 4
ROUNDS = 3


@dataclass
class Pair:
    """A pair's phone, signed in as its first player."""

    page: Page
    number: int
    names: str
    table: int = 0


def shot(page: Page, name: str) -> None:
    """Kept for a person to look at; measured for axe's serious violations, thumbs and
    small text."""
    screenshot(page, f"duplicate-{name}")
    assert serious_violations(page) == [], name
    small, tiny = small_targets_and_text(page)
    assert small == [], f"{name}: {small}"
    assert tiny == [], f"{name}: {tiny}"


def said(page: Page, text: str) -> None:
    expect(page.locator("p.message.done").filter(has_text=text)).to_be_visible()


def answered(page: Page, control, kind: str) -> bytes:
    """Tap a link to a document: it answers 200 with its kind; its body, read again from
    its address (Chromium shows a PDF in a viewer of its own, and saves the others)."""
    with page.expect_response(lambda r: kind in r.headers.get("content-type", "")) as answer:
        if kind == "application/pdf":
            control.click()
        else:
            with page.expect_download():
                control.click()
    assert answer.value.status == 200
    body = page.context.request.get(answer.value.url).body()
    if kind == "application/pdf":
        assert body.startswith(b"%PDF")
        page.wait_for_url(answer.value.url)
        page.go_back()
    return body


def open_and_start(director: Page, players: list) -> None:
    director.get_by_role("link", name="Duplicate evenings").click()
    director.get_by_label("Name").fill("Friday pairs")
    director.get_by_label("The movement").select_option(
        label="Mitchell, 4 tables: 8 pairs, 3 rounds"
    )
    director.get_by_label("Boards a round").fill("4")
    director.get_by_role("button", name="Open the evening").click()
    said(director, "Friday pairs is open: the Mitchell, 4 tables, 8 pairs, 3 rounds of 4 boards")
    for first, second in zip(players[0::2], players[1::2], strict=True):
        choose(director, "First player", first.name)
        choose(director, "Second player", second.name)
        director.get_by_role("button", name="Add the pair").click()
        said(director, f"{first.name} & {second.name} play as a pair.")
    said(director, "8 pairs: every pair is here.")
    shot(director, "pairs")
    tap(director, "The boards", "Dealt by the site")
    director.get_by_role("button", name="Number the pairs and start").click()
    said(director, "Friday pairs has started: 8 pairs numbered, 16 boards dealt by the site")


def to_my_table(pair: Pair, round_number: int) -> None:
    """From the home page, as a member finds his table."""
    page = pair.page
    page.get_by_role("link", name="Bridge scorer").click()
    link = page.get_by_role("link", name=re.compile(rf"^Your table: Round {round_number}, "))
    expect(link).to_be_visible()
    pair.table = int(re.search(r"Table (\d+)", link.inner_text())[1])
    link.click()
    expect(
        page.get_by_role("heading", name=f"Round {round_number}, Table {pair.table}")
    ).to_be_visible()


def board_at(page: Page, board: int):
    return page.locator("li.board").filter(has=page.get_by_text(f"Board {board}", exact=True))


# What North–South make on each board (the make, the dealer's side's tricks), by board.
MAKES = ("No-trump", "♥ Hearts", "♠ Spades", "♦ Diamonds", "♣ Clubs")


def as_it_stands(page: Page, round_number: int, number: int) -> None:
    """The phone's form is the table's as it stands now: its page has followed the other
    phone's last write (a tap on a page not yet followed is refused as stale, as it
    should be)."""
    table = DuplicateTable.objects.get(round=round_number, number=number)
    revision = DuplicateTable.objects.values_list("revision", flat=True).get(pk=table.pk)
    expect(page.locator("#panel form input[name=revision]").first).to_have_value(str(revision))


def play_board(north: Pair, east: Pair, board: int, round_number: int) -> None:
    """North–South record the board; East–West, once their phone shows it, accept it;
    North–South's phone follows before the next."""
    page = north.page
    expect(page.get_by_role("heading", name=f"Board {board}: the result")).to_be_visible()
    as_it_stands(page, round_number, north.table)
    tap(page, "The make", MAKES[board % len(MAKES)])
    tap(page, "Tricks won by", str(6 + (board + north.number + round_number) % 5))
    page.get_by_role("button", name=f"Save board {board}").click()
    expect(board_at(page, board)).to_contain_text(
        "Provisional: East–West have not yet accepted it."
    )
    accept = east.page.get_by_role("button", name=f"Accept board {board}")
    expect(accept).to_be_visible()
    accept.click()
    for phone in (north.page, east.page):
        expect(board_at(phone, board)).to_contain_text("Accepted.")


def move_on(pair: Pair, round_number: int) -> None:
    """The pair's phone, once its round is played, follows the link to its next table."""
    page = pair.page
    expect(page.locator(".words .next")).to_have_text(
        f"Round {round_number}, Table {pair.table} is played."
    )
    if round_number == ROUNDS:
        expect(page.get_by_text(f"(pair {pair.number}): that was the last round.")).to_be_visible()
        return
    mine = page.locator("ul.next-round li").filter(has_text=f"(pair {pair.number}): ")
    link = mine.get_by_role("link", name=re.compile(rf"^Round {round_number + 1}, Table \d+$"))
    pair.table = int(re.search(r"Table (\d+)", link.inner_text())[1])
    link.click()
    expect(
        page.get_by_role("heading", name=f"Round {round_number + 1}, Table {pair.table}")
    ).to_be_visible()


def correct_board_one(director: Page, north: Pair, east: Pair) -> None:
    """The director, from the evening's page, corrects board 1 at table 1: a trick
    miscounted. Both phones at the table follow."""
    director.get_by_role("link", name="Bridge scorer").click()
    director.get_by_role("link", name="Duplicate evenings").click()
    director.get_by_role("link", name=re.compile("^Friday pairs")).click()
    director.get_by_role("link", name=re.compile(r"^Table 1: round 1")).click()
    director.get_by_role("link", name="Correct board 1").click()
    expect(director.get_by_role("heading", name="Correct board 1")).to_be_visible()
    shot(director, "correction")
    tap(director, "Tricks won by", "13")
    director.get_by_label("Why (kept with the result)").fill("a trick miscounted")
    director.get_by_role("button", name="Correct board 1").click()
    said(director, "Board 1 corrected by the director (a trick miscounted)")
    for phone in (north.page, east.page):
        expect(board_at(phone, 1)).to_contain_text("North–South 13 tricks")


def pages_of(pdf: bytes, name: str) -> int:
    """How many pages a PDF has, drawn as PNG for a person to look at."""
    return len(pdf_as_png(pdf, f"duplicate-{name}"))


def text_of(pdf: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages
    )


def test_a_mitchell_of_four_tables_and_sixteen_boards_played_on_eight_phones(phone, staff):
    players = members(2 * 2 * TABLES)
    director = phone(scheme="dark")
    sign_in(director, "secretary")
    open_and_start(director, players)
    shot(director, "started")

    records = answered(
        director, director.get_by_role("link", name="Hand records of the boards (PDF)"),
        "application/pdf",
    )  # fmt: skip
    assert len(pdf_as_png(records, "duplicate-hand-records")) == 3  # six boards a page
    answered(director, director.get_by_role("link", name="Curtain cards (PDF)"), "application/pdf")
    guides = answered(
        director, director.get_by_role("link", name="Guide cards (PDF)"), "application/pdf"
    )
    assert pages_of(guides, "guide-cards") == TABLES  # a card a pair, two to a page
    assert all(
        f"{p.name} & {q.name}" in text_of(guides)
        for p, q in zip(players[0::2], players[1::2], strict=True)
    )
    tables = answered(
        director, director.get_by_role("link", name="Table cards (PDF)"), "application/pdf"
    )
    assert pages_of(tables, "table-cards") == TABLES  # a card a table, a page each

    pairs = []
    for n in range(2 * TABLES):
        first, second = players[2 * n], players[2 * n + 1]
        page = phone(scheme="dark" if n % 2 else "light")
        sign_in(page, first.short_name.lower())
        pairs.append(Pair(page, n + 1, f"{first.name} & {second.name}"))
    for pair in pairs:
        to_my_table(pair, 1)
    assert [pair.table for pair in pairs] == [1, 2, 3, 4, 1, 2, 3, 4]
    shot(pairs[0].page, "table-north-south")
    shot(pairs[5].page, "table-east-west-dark")

    for round_number in range(1, ROUNDS + 1):
        seated = {
            table: (
                next(p for p in pairs if p.table == table and p.number <= TABLES),
                next(p for p in pairs if p.table == table and p.number > TABLES),
            )
            for table in range(1, TABLES + 1)
        }
        for table, (north, east) in seated.items():
            heading = north.page.get_by_role("heading", name=re.compile(r"^Board \d+: the result"))
            expect(heading).to_be_visible()
            first = int(re.search(r"Board (\d+)", heading.inner_text())[1])
            for board in range(first, first + 4):
                play_board(north, east, board, round_number)
                if (round_number, table, board) == (1, 1, 1):
                    correct_board_one(director, north, east)
            if (round_number, table) == (1, 1):
                shot(east.page, "table-played")
            for pair in (north, east):
                move_on(pair, round_number)
        if round_number == 1:
            director.get_by_role("link", name="← Friday pairs").click()
            expect(director.get_by_text(re.compile(r"^Table 4: round 2"))).to_be_visible()
            shot(director, "evening-in-play")

    assert DuplicateResult.objects.count() == 48
    assert DuplicateResult.objects.filter(accepted_at__isnull=True).count() == 0
    assert DuplicateCorrection.objects.get().reason == "a trick miscounted"

    page = pairs[2].page
    page.get_by_role("link", name="← Friday pairs").click()
    page.get_by_role("link", name="The rankings").click()
    expect(page.get_by_role("heading", name="The ranking: North–South")).to_be_visible()
    expect(page.get_by_role("heading", name="The ranking: East–West")).to_be_visible()
    shot(page, "rankings")
    page.get_by_role("link", name="Pair 3's card").click()
    expect(page.get_by_role("heading", name="Pair 3's card")).to_be_visible()
    shot(page, "card")
    page.go_back()
    page.get_by_role("link", name="The travellers").click()
    page.get_by_role("link", name="Board 1", exact=True).click()
    expect(page.get_by_role("heading", name="Board 1")).to_be_visible()
    expect(page.get_by_text("North (dealer)")).to_be_visible()
    shot(page, "board")

    director.get_by_text("End the evening", exact=True).click()
    director.get_by_role("button", name="End the evening: the results are final").click()
    said(director, "Friday pairs has ended: the results are final.")
    shot(director, "ended")
    results = answered(
        director,
        director.get_by_role("link", name="The results (PDF)", exact=True),
        "application/pdf",
    )
    pages_of(results, "results")
    printed = text_of(results)
    assert "Friday pairs" in printed
    assert "North–South" in printed
    assert "East–West" in printed
    with_results = answered(
        director, director.get_by_role("link", name="Hand records with the results (PDF)"),
        "application/pdf",
    )  # fmt: skip
    assert pages_of(with_results, "hand-records-with-results") >= 3
    sheet = answered(director, director.get_by_role("link", name="The results (CSV)"), "text/csv")
    rows = list(csv.reader(io.StringIO(sheet.decode())))
    results_rows = rows[1 : rows.index([])]
    assert len([row for row in results_rows if row[-1] == ""]) == DuplicateResult.objects.count()
    pbn = answered(
        director, director.get_by_role("link", name="The evening (PBN file)"), "text/plain"
    )
    games = read_pbn(pbn)
    played = [game for game in games if dict(game.tags).get("PairNS")]
    assert len(played) == DuplicateResult.objects.count()
    assert {dict(game.tags)["Event"] for game in games} == {"Friday pairs"}

    director.get_by_role("link", name="the noticeboard link").click()
    expect(director.get_by_role("heading", name="Friday pairs")).to_be_visible()
    shot(director, "noticeboard")


def test_a_board_saved_without_a_signal_is_kept_on_the_phone_and_sent_once(phone, staff):
    """North–South's phone loses its signal: each board saved is kept, listed as not yet
    sent, and the next board's form offered at once; when the signal returns they are sent
    in order, once each."""
    players = members(12)
    evening = started(staff, players, tables=3, boards_a_round=2)
    north = Pair(phone(), 1, "Mr. Carr & Mr. Dane")
    sign_in(north.page, players[0].short_name.lower())
    to_my_table(north, 1)
    page = north.page
    expect(page.get_by_role("heading", name="Board 1: the result")).to_be_visible()
    page.context.set_offline(True)

    tap(page, "The make", "♥ Hearts")
    tap(page, "Tricks won by", "9")
    page.get_by_role("button", name="Save board 1").click()
    expect(page.get_by_role("heading", name="Board 2: the result")).to_be_visible()
    tap(page, "The make", "No-trump")
    tap(page, "Tricks won by", "5")
    page.get_by_role("button", name="Save board 2").click()
    pending = page.locator("#offline ol.pending li")
    expect(pending).to_have_count(2)
    expect(pending.first).to_contain_text("Board 1: ")
    expect(pending.first).to_contain_text("The make: ♥ Hearts")
    expect(pending.first).to_contain_text("— not yet sent")
    expect(page.locator("#panel .message")).to_have_text(
        "Every board of the round is kept on this phone: they are sent when the connection returns."
    )
    shot(page, "offline-pending")
    assert not DuplicateResult.objects.filter(evening=evening).exists()

    page.context.set_offline(False)
    status = page.locator("#offline .offline-status")
    expect(status).to_have_text("Sent: the table's record includes this phone's boards.")
    expect(pending).to_have_count(0)
    expect(board_at(page, 2)).to_contain_text("Provisional")
    results = DuplicateResult.objects.filter(evening=evening).order_by("board__number")
    assert [(r.trump, r.tricks_ns, r.tricks_ew) for r in results] == [("H", 9, 4), ("NT", 8, 5)]
