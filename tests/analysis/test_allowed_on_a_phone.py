"""What the cards allowed, on a phone at 360 px in a real Chromium, reached by links: the
Printing page following eight boards' analyses while the analyser works them out, then
their hand records printed with each board's line, read back and drawn as PNG; a
Duplicate board's page and a rubber's deal page saying "being analysed", then showing the
figures once the analysis is done, without being opened again."""

from __future__ import annotations

import re
import subprocess
import uuid

import pytest
from playwright.sync_api import expect

from scorer.engine import Trump
from scorer.engine.cards import read_pbn
from scorer.rubbers import reads as rubbers
from scorer.rubbers import writes
from tests.support.analysis import analyse_now
from tests.support.browser import SCREENSHOTS, screenshot, serious_violations, sign_in
from tests.support.deal_forms import declare as declared
from tests.support.duplicate_evenings import entry, recorded, started, table_of
from tests.support.evenings import members
from tests.support.hand_records import drawn_boards

pytestmark = pytest.mark.django_db(transaction=True)
LINE = re.compile(
    r"^Double dummy: NT \d+ ♥ \d+ ♦ \d+ ♣ \d+ ♠ \d+; best: [A-Za-z-]+(, doubled)?, Z & Y [+−]?\d+$"
)


def test_the_printing_page_follows_the_analysis_and_the_records_print_it(phone, staff):
    members(1)  # Mr. Carr
    page = phone()
    sign_in(page, "carr")
    page.get_by_role("link", name="Printing: score pads, an evening").click()
    page.get_by_label("Boards to deal").fill("8")
    page.get_by_role("button", name="Deal the boards").click()
    status = page.get_by_role("status")
    expect(status).to_contain_text("analysing board 1 of 8")
    screenshot(page, "analysis-hand-records-waiting")
    analyse_now()  # the analyser's work, done here; the page finds it by itself
    expect(status).to_contain_text("analysed, 8 boards; the hand records print it")
    assert serious_violations(page) == []
    screenshot(page, "analysis-hand-records-done")
    with page.expect_download() as kept:
        page.get_by_role("button", name="Hand records (PDF)").click()
    pdf = kept.value.path().read_bytes()
    with page.expect_download() as kept:
        page.get_by_role("button", name="The boards (PBN file)").click()
    boards = read_pbn(kept.value.path().read_bytes())
    drawn = drawn_boards(pdf)
    assert sorted(drawn) == [board.number for board in boards]
    for board in drawn.values():
        assert LINE.match(board.double_dummy), board.double_dummy
    kept_pdf = SCREENSHOTS / "analysis-hand-records.pdf"
    kept_pdf.write_bytes(pdf)
    drawing = ["pdftoppm", "-png", "-r", "100", "-f", "1", "-l", "1"]
    subprocess.run(
        [*drawing, str(kept_pdf), str(SCREENSHOTS / "analysis-hand-records")], check=True
    )


def test_a_duplicate_board_shows_the_figures_once_they_are_worked_out(phone, staff):
    players = members(12)
    evening = started(staff, players, tables=3, boards_a_round=2)
    table = table_of(evening, 1, 1)
    recorded(staff, table, 1, entry("H", 8))
    page = phone()
    sign_in(page, "carr")  # pair 1, which has played board 1
    page.get_by_role("link", name="Duplicate evenings").click()
    page.get_by_role("link", name=re.compile("^Duplicate evening")).click()
    page.get_by_role("link", name="The travellers").click()
    page.get_by_role("link", name="Board 1", exact=True).click()
    expect(page.get_by_role("heading", name="What the cards allowed")).to_be_visible()
    expect(page.get_by_text("Double dummy: being analysed")).to_be_visible()
    analyse_now()
    expect(page.get_by_text(re.compile(r"^Double dummy: NT \d+"))).to_be_visible()
    expect(
        page.get_by_text(re.compile(r"^Hearts: N–S took 8; the cards allowed \d+"))
    ).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(page) == []
    screenshot(page, "analysis-duplicate-board")


def test_a_deals_page_shows_what_the_cards_allowed(phone, browser_rubber, carr_hands):
    page = phone()
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    page.get_by_text("The deals, one by one").click()
    page.get_by_role("link", name="Deal 1: the cards").click()
    expect(page.get_by_text("Double dummy: being analysed")).to_be_visible()
    analyse_now()
    expect(page.get_by_text(re.compile(r"^Double dummy: NT \d+"))).to_be_visible()
    expect(
        page.get_by_text(re.compile(r"^Hearts: Z & Y took 12; the cards allowed \d+"))
    ).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert serious_violations(page) == []
    screenshot(page, "analysis-deal-page")


@pytest.fixture
def carr_hands(browser_rubber):
    """Deal 1 declared hearts by Mrs. Carr, Elwell's hand No. 6 entered, 12 tricks."""
    import json
    from pathlib import Path

    from django.test import Client

    from scorer.engine.cards import Hands
    from tests.support.deal_forms import result

    no_6 = Hands.read(
        json.loads((Path(__file__).parents[1] / "data" / "elwell-illustrative-hands.json")
                   .read_text())["deals"][0]["hands"]
    )  # fmt: skip
    client = Client()
    carr = browser_rubber.started_by
    client.force_login(carr)
    declared(client, browser_rubber, trump=Trump.HEARTS.value)
    state = rubbers.rubber_state_of(browser_rubber.pk)
    writes.enter_hands(
        state=state, user=carr, key=uuid.uuid4(), revision=state.rubber.revision, hands=no_6
    )
    assert (
        result(client, browser_rubber, tricks=12, honours="we:FOUR_IN_ONE_HAND").status_code == 302
    )
