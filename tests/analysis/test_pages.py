"""What the cards allowed where it shows (§12): under each board of the Printing page's
hand records, with the page following the boards' progress; on a Duplicate board's page
beside each result; on a rubber's deal page beside what the table made. "Being analysed"
until the analysis is done, each page's part followed by htmx until then; a Duplicate
board's figures hidden from a pair that has not played it, as its hands are."""

from __future__ import annotations

import html
import json
import re
import uuid
from pathlib import Path

import pytest
from django.urls import reverse

from scorer.analysis import reads
from scorer.analysis.solver import dealers_tricks
from scorer.engine import Trump, allowed_line, compared_words, what_the_cards_allowed
from scorer.engine.cards import Direction, Hand, Hands, read_pbn
from scorer.rubbers import reads as rubbers
from scorer.rubbers import writes
from tests.support.analysis import analyse_now
from tests.support.deal_forms import declare, result
from tests.support.duplicate_evenings import entry, recorded, started, table_of
from tests.support.evenings import members
from tests.support.hand_records import drawn_boards
from tests.support.html import Forms

pytestmark = pytest.mark.django_db

ELWELL = json.loads(
    (Path(__file__).parents[1] / "data" / "elwell-illustrative-hands.json").read_text()
)
NO_6 = Hands.read(ELWELL["deals"][0]["hands"])


def said(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def polls(response, part: str) -> bool:
    return f'?part={part}" hx-trigger="every 2s"' in response.content.decode()


def the_line(hands: Hands, side: str) -> str:
    """As the PDF's text reads back: its spaces run together."""
    line = allowed_line(what_the_cards_allowed(hands, dealers_tricks(hands)), side, "")
    return " ".join(line.split())


# -- The Printing page's hand records ---------------------------------------------------------


def test_the_printing_page_follows_the_boards_analyses_and_the_records_print_them(carr):
    page = carr.post(reverse("scorer:hand_records_deal"), {"boards": 6, "first": 1})
    text = said(page)
    assert "What the cards allowed (double dummy, §12): analysing board 1 of 6." in text
    progress = re.search(r'hx-get="([^"]+)" hx-trigger="every 2s"', page.content.decode())
    assert progress
    url = progress[1].replace("&amp;", "&")
    form = Forms(page.content.decode()).form(reverse("scorer:hand_records_document"))
    values = {**form["values"], "document": "records"}
    before = drawn_boards(carr.post(form["action"], values).content)
    assert {b.number: b.double_dummy for b in before.values()} == dict.fromkeys(
        range(1, 7), "Double dummy: being analysed"
    )

    analyse_now()
    followed = carr.get(url, headers={"HX-Request": "true"})
    assert "analysed, 6 boards; the hand records print it under each board." in said(followed)
    assert "hx-trigger" not in followed.content.decode()  # the page stops following
    boards = Forms(page.content.decode()).form(form["action"])["values"]["boards"]
    by_number = {board.number: board.dealt for board in read_pbn(boards)}
    after = drawn_boards(carr.post(form["action"], values).content)
    for number, drawn in after.items():
        assert drawn.double_dummy == the_line(by_number[number], "Z & Y")


# -- A Duplicate board's page -----------------------------------------------------------------


@pytest.fixture
def played(staff):
    """A Mitchell of three tables, two boards a round, dealt by the site; round 1 played."""
    players = members(12)
    evening = started(staff, players, tables=3, boards_a_round=2)
    for table in (1, 2, 3):
        record = table_of(evening, 1, table)
        for board in [b.number for b in _boards_of(record)]:
            recorded(staff, record, board, entry("H", 8))
    return evening, players


def _boards_of(table):
    from scorer.duplicate import reads as duplicate

    return duplicate.table_record(table.pk).boards


def test_a_duplicate_board_shows_what_the_cards_allowed_beside_each_result(client, played, staff):
    evening, _ = played
    client.force_login(staff)
    url = reverse("scorer:duplicate:board_page", args=[evening.pk, 1])
    waiting = client.get(url)
    assert "What the cards allowed" in said(waiting)
    assert "Double dummy: being analysed" in said(waiting)
    assert polls(waiting, "analysed")
    assert "; the cards allowed" not in said(waiting)

    analyse_now()
    followed = client.get(f"{url}?part=analysed", headers={"HX-Request": "true"})
    assert "hx-trigger" not in followed.content.decode()
    board = evening.boards.get(number=1)
    hands = Hands.at(
        dict(zip(Direction, map(Hand.parse, board.hands), strict=True)),
        Direction.NORTH,
    )
    allowed = what_the_cards_allowed(hands, dealers_tricks(hands))
    text = said(followed)
    assert " ".join(allowed_line(allowed, "N\u2013S", "").split()) in text
    beside = compared_words(allowed, Trump.HEARTS, 8, "N\u2013S")
    assert text.count(beside) == 1  # the one table that has played it: hearts, N–S 8


def test_a_pair_that_has_not_played_the_board_sees_no_figures_of_it(client, played):
    """As its hands and results: hidden until the pair has played it."""
    evening, players = played
    analyse_now()
    client.force_login(players[0].user)  # pair 1, North–South at table 1: boards 1 and 2
    shown = said(client.get(reverse("scorer:duplicate:board_page", args=[evening.pk, 1])))
    assert "Double dummy: NT" in shown
    hidden = client.get(reverse("scorer:duplicate:board_page", args=[evening.pk, 3]))
    assert "Double dummy" not in said(hidden)
    assert "; the cards allowed" not in said(hidden)
    part = client.get(
        reverse("scorer:duplicate:board_page", args=[evening.pk, 3]) + "?part=analysed",
        headers={"HX-Request": "true"},
    )
    assert "Double dummy" not in said(part)


# -- A rubber's deal page ---------------------------------------------------------------------


def test_a_deals_page_shows_what_the_cards_allowed_beside_what_the_table_made(carr, rubber):
    declare(carr, rubber, trump="H")
    state = rubbers.rubber_state_of(rubber.pk)
    writes.enter_hands(
        state=state, user=carr_user(rubber), key=uuid.uuid4(), revision=state.rubber.revision,
        hands=NO_6,
    )  # fmt: skip
    url = reverse("scorer:deal_cards", args=[rubber.pk, 1])
    waiting = carr.get(url)
    assert "What the cards allowed" in said(waiting)
    assert "Double dummy: being analysed" in said(waiting)
    assert polls(waiting, "allowed")

    analyse_now()
    assert result(carr, rubber, tricks=12, honours="we:FOUR_IN_ONE_HAND").status_code == 302
    page = carr.get(url)
    allowed = what_the_cards_allowed(NO_6, dealers_tricks(NO_6))
    assert " ".join(allowed_line(allowed, "Z & Y", "").split()) in said(page)
    assert compared_words(allowed, Trump.HEARTS, 12, "Z & Y") in said(page)
    assert not polls(page, "allowed")
    assert reads.analysed([NO_6])[1].finished


def carr_user(rubber):
    return rubber.started_by
