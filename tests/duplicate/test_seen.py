"""Nothing of a board reaches a pair before it has played it: a member of pair 1, during an
evening, asks for every page, part and document a member can reach (another table's page
and the part its phones poll, the travellers, each board's page, the rankings and their
parts, every pair's card, the hand records, the results' documents and files, the
noticeboard, the club's table, his home page), before and after his own play of board 3,
which table 2 has played in round 1. The director sees everything; once the evening has
ended, everyone does."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from scorer.duplicate import live, reads, writes
from scorer.duplicate.models import DuplicateTable
from scorer.engine.duplicate import MovementKind
from tests.support.duplicate_evenings import (
    entry,
    recorded,
    round_played,
    seen,
    started,
    table_of,
)
from tests.support.evenings import poll_of

HTMX = {"HX-Request": "true"}


@dataclass(frozen=True)
class Marks:
    """What the director reads of board 3's one result (pairs 2 and 6, round 1, table 2):
    its line on the table's page, its make and points on the traveller, and its points and
    net on pair 2's and pair 6's cards."""

    line: str
    make: str
    points: str
    cards: tuple[str, ...]

    def found_in(self, text: str) -> list[str]:
        return [mark for mark in (self.line, self.make, self.points, *self.cards) if mark in text]


def card_row(html: str, board: int) -> str:
    """A card's row for a board: its cells from the board's number to the row's end."""
    found = re.search(rf"<td>{board}(?: <span[^<]*</span>)?</td>(.*?)</tr>", html, re.S)
    assert found is not None, f"board {board} is on the card"
    return found[1]


def marks_of(director, evening) -> Marks:
    table = table_of(evening, 1, 2)
    page = director.get(reverse("scorer:duplicate:table", args=[table.pk])).content.decode()
    line = re.search(r'<p class="result">(.*?)\.</p>', page, re.S)
    board = director.get(reverse("scorer:duplicate:board_page", args=[evening.pk, 3]))
    traveller = board.content.decode()
    make = re.search(r'<span class="make">(.*?)</span>', traveller)
    points = re.search(r"<td>(\d+–\d+)</td>", traveller)
    assert line, "the director reads board 3's result at its table"
    assert make, "and on its traveller"
    assert points
    cards = []
    for pair in (2, 6):
        card = director.get(reverse("scorer:duplicate:card", args=[evening.pk, pair]))
        row = card_row(card.content.decode(), 3)
        # its opponent's cell, then its points and net
        cards.append(re.search(r"<td>\d+</td>(<td>[^<]+</td><td>[^<]+</td>)", row)[1])
    return Marks(line[1], make[1], f"<td>{points[1]}</td>", tuple(cards))


@pytest.fixture
def played_at_table_two(staff, sixteen):
    """A Mitchell of four tables, two boards a round: pair 1 (Carr and Dane) plays boards
    1–2 at table 1 in round 1 and board 3 there in round 2 against pair 8; table 2 (pairs
    2 and 6) has played board 3 in round 1, spades made with eleven tricks, and not yet
    board 4."""
    evening = started(staff, sixteen, boards_a_round=2)
    recorded(staff, table_of(evening, 1, 1), 1, entry("NT", 7))
    recorded(staff, table_of(evening, 1, 1), 2, entry("NT", 7))
    recorded(staff, table_of(evening, 1, 2), 3, entry("S", 11))
    return evening


def pdf_text(data: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def every_page(client, evening) -> dict[str, str]:
    """Every page, part and document a signed-in member can reach of the evening, by what
    it is: its text as he reads it (a PDF's text; nothing of a page refused him)."""
    pk = evening.pk
    urls: dict[str, tuple[str, dict[str, str]]] = {}

    def at(name: str, *args: object, query: str = "", htmx: bool = False) -> str:
        url = reverse(f"scorer:duplicate:{name}", args=args) + query
        urls[url] = (url, HTMX if htmx else {})
        return url

    at("evenings")
    at("evening", pk)
    at("travellers", pk)
    at("ranking", pk)
    for number in range(1, 9):
        at("board_page", pk, number)
        at("board_page", pk, number, query="?part=analysed", htmx=True)
        at("card", pk, number)
    for table in DuplicateTable.objects.filter(evening=evening):
        at("table", table.pk)
    for name in (
        "print_boards", "print_curtain_cards", "print_guide_cards", "print_table_cards",
        "print_results", "print_hand_records", "results_csv", "evening_pbn", "results_usebio",
    ):  # fmt: skip
        at(name, pk)
    urls["/"] = ("/", {})
    urls["club's table"] = (reverse("ledger:table"), {})
    urls["noticeboard"] = (reverse("scorer:duplicate:board", args=[live.board_token(evening)]), {})
    found = {}
    for name, (url, headers) in urls.items():
        answer = client.get(url, headers=headers)
        assert answer.status_code in (200, 403), (name, answer.status_code)
        body = answer.content
        if answer.status_code != 200:
            found[name] = ""
        elif body.startswith(b"%PDF"):
            found[name] = pdf_text(body)
        else:
            found[name] = body.decode("utf-8", errors="replace")
    # The parts the pages poll, each asked as of a version before the last result, so
    # that it is drawn again as the evening stands.
    pages = {
        "evening-live": at("evening", pk),
        "ranking-live": at("ranking", pk),
        "travellers-live": at("travellers", pk),
    }
    for number in range(1, 9):
        pages[f"card-live {number}"] = at("card", pk, number)
    for name, url in pages.items():
        poll = poll_of(client.get(url).content.decode(), name.split()[0])
        poll = re.sub(r"version=[^&]*", "version=before", poll)
        found[f"{name} poll"] = client.get(poll, headers=HTMX).content.decode()
    for table in DuplicateTable.objects.filter(evening=evening):
        page = client.get(reverse("scorer:duplicate:table", args=[table.pk])).content.decode()
        poll = re.sub(r"revision=\d+", "revision=0", poll_of(page))
        found[f"table {table.pk} poll"] = client.get(poll, headers=HTMX).content.decode()
        mine = poll_of(page, "mine-live")
        found[f"table {table.pk} mine poll"] = client.get(
            re.sub(r"version=[^&]*", "version=before", mine), headers=HTMX
        ).content.decode()
    return found


def leaks(found: dict[str, str], marks: Marks) -> dict[str, list[str]]:
    return {name: marks.found_in(text) for name, text in found.items() if marks.found_in(text)}


def test_nothing_of_board_3_reaches_pair_1_before_it_plays_it(
    client, director, played_at_table_two, staff, sixteen
):
    evening = played_at_table_two
    marks = marks_of(director, evening)
    client.force_login(sixteen[0].user)  # Mr. Carr, of pair 1
    assert leaks(every_page(client, evening), marks) == {}


def test_board_3_is_pair_1s_once_it_has_played_it(
    client, director, played_at_table_two, staff, sixteen
):
    evening = played_at_table_two
    marks = marks_of(director, evening)
    round_played(staff, evening, 1)
    recorded(staff, table_of(evening, 2, 1), 3, entry("NT", 7))  # pairs 1 and 8
    client.force_login(sixteen[0].user)
    found = every_page(client, evening)
    board = found[reverse("scorer:duplicate:board_page", args=[evening.pk, 3])]
    assert marks.make in board
    assert marks.points in board
    table = found[reverse("scorer:duplicate:table", args=[table_of(evening, 1, 2).pk])]
    assert marks.line in table
    for pair, mark in zip((2, 6), marks.cards, strict=True):
        assert mark in found[reverse("scorer:duplicate:card", args=[evening.pk, pair])]
    # and board 4, which pair 1 plays next, is still not his
    fourth = found[reverse("scorer:duplicate:board_page", args=[evening.pk, 4])]
    assert "shown once your pair has played it" in fourth


def test_the_director_sees_board_3_everywhere(director, played_at_table_two):
    evening = played_at_table_two
    marks = marks_of(director, evening)
    found = every_page(director, evening)
    table = found[reverse("scorer:duplicate:table", args=[table_of(evening, 1, 2).pk])]
    assert marks.line in table
    assert marks.make in found[reverse("scorer:duplicate:travellers", args=[evening.pk])]
    assert "Spades" in found[reverse("scorer:duplicate:results_csv", args=[evening.pk])]


def compared_on_board_5(staff, sixteen):
    """Rounds 1 and 2 played, board 5 made differently at its two tables (pairs 3 and 7
    in round 1, no-trump; pairs 2 and 5 in round 2, hearts), every other board alike."""
    evening = started(staff, sixteen, boards_a_round=2)
    round_played(staff, evening, 1)
    recorded(staff, table_of(evening, 2, 2), 5, entry("H", 10))
    round_played(staff, evening, 2)
    return evening


def test_a_pair_who_has_not_played_a_board_reads_the_rankings_without_it(
    client, director, staff, sixteen
):
    """Boards 5 and 6 are played by pairs 3 and 7 in round 1 and pairs 2 and 5 in round 2,
    pair 1 only in round 3: until then their scores against each other are not in the
    rankings pair 1 reads, nor in its own place."""
    evening = compared_on_board_5(staff, sixteen)
    mine = Client()  # pair 1's phone, beside the director's
    mine.force_login(sixteen[0].user)

    def score_of(page: str, pair: int) -> str:
        return re.search(
            rf"aria-label=\"Pair {pair}(?:'|&#x27;)s card\">{pair}</a></td><td>[^<]*</td>"
            r"<td>([^<]+)</td>",
            page,
        )[1]

    ranking = reverse("scorer:duplicate:ranking", args=[evening.pk])
    whole = director.get(ranking).content.decode()
    assert score_of(whole, 2) != "0", "pair 2 has scored on boards 5 and 6 against pair 3"
    read = mine.get(ranking).content.decode()
    assert score_of(read, 2) == "0", "pair 1 has played none of pair 2's boards compared"
    assert score_of(read, 3) == "0"
    # once pair 1 has played board 5, its comparison is his
    recorded(staff, table_of(evening, 3, 1), 5, entry("NT", 8))
    read = mine.get(ranking).content.decode()
    assert score_of(read, 2) != "0"


def test_the_noticeboard_counts_only_the_boards_every_pair_has_played(client, staff, sixteen):
    evening = compared_on_board_5(staff, sixteen)
    wall = client.get(reverse("scorer:duplicate:board", args=[live.board_token(evening)]))
    page = wall.content.decode()
    assert "<td>+" not in page, "no score of a board a pair has not played"
    assert "<td>−" not in page
    round_played(staff, evening, 3)
    writes.end(evening=evening, seen=seen(evening), user=staff)
    page = client.get(
        reverse("scorer:duplicate:board", args=[live.board_token(evening)])
    ).content.decode()
    assert "<td>+" in page, "every score once the evening has ended"


@pytest.mark.django_db(transaction=True)
def test_a_member_opening_another_tables_page_reads_no_result_of_a_board_he_has_not_played(
    phone, staff
):
    """In Chromium at 360 px: Mr. Carr, of pair 1, goes from his home page to the evening
    and taps table 2, where board 3 has just been played; its page, and its part as it
    follows the table's next result, say that board 3 and board 4 are recorded, and
    nothing of either."""
    from playwright.sync_api import expect

    from tests.support.browser import sign_in
    from tests.support.evenings import members

    players = members(16)
    evening = started(staff, players, boards_a_round=2)
    recorded(staff, table_of(evening, 1, 2), 3, entry("S", 11))
    page = phone()
    sign_in(page, players[0].short_name.lower())
    page.get_by_role("link", name="Duplicate evenings").click()
    page.get_by_role("link", name=re.compile(r"^Duplicate evening")).click()
    page.get_by_role("link", name=re.compile(r"^Table 2: round 1")).click()
    expect(page.get_by_role("heading", name="Round 1, Table 2")).to_be_visible()
    board = page.locator("li.board").filter(has=page.get_by_text("Board 3", exact=True))
    expect(board).to_contain_text("Recorded: shown once your pair has played it.")
    expect(page.locator("#live .standing")).to_have_text("Boards 3 to 4: 1 of 2 recorded.")
    recorded(staff, table_of(evening, 1, 2), 4, entry("H", 9))
    expect(page.locator("#live .standing")).to_have_text("Boards 3 to 4: 2 of 2 recorded.")
    expect(page.locator("li.board").filter(has_text="Recorded: shown once")).to_have_count(2)
    expect(page.get_by_text("From another phone: the table changed.")).to_be_visible()
    text = page.locator("main").inner_text()
    assert "spades" not in text.lower(), text
    assert "hearts" not in text.lower(), text
    assert "tricks" not in text.lower(), text


def test_the_rule_gives_each_reader_his_boards(staff, sixteen):
    """`reads.boards_seen`: a member his pair's boards, someone not playing none, the
    room the boards every pair has played, the director every board; everyone every board
    once the evening has ended. A Howell of two tables, whose two tables play the round's
    boards, passing them across."""
    evening = started(staff, sixteen[:8], tables=2, movement=MovementKind.HOWELL,
                      boards_a_round=2)  # fmt: skip
    carr, outsider = sixteen[0], sixteen[8]
    assert reads.boards_seen(evening, reads.Reader(member=carr.pk)) == frozenset()
    recorded(staff, table_of(evening, 1, 1), 1, entry())
    mine = reads.Reader(member=carr.pk)
    assert reads.boards_seen(evening, mine) == frozenset({1})
    assert reads.boards_seen(evening, reads.Reader(member=outsider.pk)) == frozenset()
    assert reads.boards_seen(evening, reads.Reader()) == frozenset()
    assert reads.boards_seen(evening, reads.ROOM) == frozenset(), "two pairs have played it"
    round_played(staff, evening, 1)
    assert reads.boards_seen(evening, reads.ROOM) == frozenset({1, 2})
    assert reads.boards_seen(evening, mine) == frozenset({1, 2})
    assert reads.boards_seen(evening, reads.WHOLE) is None
    for round_number in (2, 3):
        round_played(staff, evening, round_number)
    writes.end(evening=evening, seen=seen(evening), user=staff)
    evening.refresh_from_db()
    assert reads.boards_seen(evening, reads.Reader(member=outsider.pk)) is None
    assert reads.boards_seen(evening, reads.ROOM) is None
