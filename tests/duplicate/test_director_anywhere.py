"""The director anywhere: every result on a traveller, a pair's card and a board's page
offers him "Correct" (and "Enter" where one is missing), at whichever round it was played,
and brings him back there once his word is saved; members never see these links."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.duplicate import reads
from scorer.duplicate.models import DuplicateCorrection, DuplicateResult
from tests.support.browser import screenshot, sign_in, small_targets_and_text, tap
from tests.support.duplicate_evenings import entry, recorded, round_played, started, table_of
from tests.support.evenings import members


def three_rounds_but_one(staff, players):
    """The Mitchell of four tables played through its three rounds, but for the first
    board of round 2 at table 1 (pair 1 North–South): its result is missing. Returns the
    evening and that board."""
    evening = started(staff, players)
    round_played(staff, evening, 1)
    first = reads.table_record(table_of(evening, 2, 1).pk).boards[0]
    for number in (1, 2, 3, 4):
        table = table_of(evening, 2, number)
        for board in reads.table_record(table.pk).boards:
            if board != first:
                recorded(staff, table, board.number, entry())
    round_played(staff, evening, 3)
    return evening, first.number


def looked_at(page: Page, name: str) -> None:
    screenshot(page, f"director-anywhere-{name}")
    small, tiny = small_targets_and_text(page)
    assert (small, tiny) == ([], []), name


@pytest.mark.django_db(transaction=True)
def test_the_director_corrects_round_one_from_its_traveller_and_enters_from_a_card(phone, staff):
    _, missing = three_rounds_but_one(staff, members(16))
    assert DuplicateResult.objects.filter(board__number=missing, table__round=2).count() == 0
    director = phone()
    sign_in(director, "secretary")
    director.get_by_role("link", name="Duplicate evenings").click()
    director.get_by_role("link", name=re.compile("^Duplicate evening")).click()
    director.get_by_role("link", name="The travellers").click()
    # board 1 was played in round 1 at table 1, pairs 1 and 5: three rounds ago
    board_one = director.locator("section").filter(
        has=director.get_by_role("heading", name="Board 1", exact=True)
    )
    expect(board_one.get_by_role("row").filter(has_text="1 v 5")).to_contain_text("North–South 7")
    looked_at(director, "travellers")
    board_one.get_by_role("link", name="Correct board 1, pairs 1 v 5").click()
    expect(director.get_by_role("heading", name="Correct board 1")).to_be_visible()
    expect(director.get_by_text("Round 1, Table 1: North–South pair 1")).to_be_visible()
    looked_at(director, "correct")
    tap(director, "Tricks won by", "9")
    director.get_by_label("Why (kept with the result)").fill("a trick miscounted")
    director.get_by_role("button", name="Correct board 1").click()
    expect(
        director.get_by_role("status").filter(has_text="Board 1 corrected by the director")
    ).to_be_visible()
    expect(director.get_by_role("heading", name="The travellers")).to_be_visible()
    board_one = director.locator("section").filter(
        has=director.get_by_role("heading", name="Board 1", exact=True)
    )
    expect(board_one.get_by_role("row").filter(has_text="1 v 5")).to_contain_text("North–South 9")
    correction = DuplicateCorrection.objects.get()
    assert (correction.result.table.round, correction.reason) == (1, "a trick miscounted")

    # the missing result, from pair 1's card
    director.get_by_role("link", name="← Duplicate evening").click()
    director.get_by_role("link", name="The rankings").click()
    director.get_by_role("link", name="Pair 1's card").click()
    looked_at(director, "card")
    director.get_by_role("link", name=f"Enter board {missing}").click()
    expect(director.get_by_role("heading", name=f"Enter board {missing}")).to_be_visible()
    expect(director.get_by_text(f"No result is recorded on board {missing}")).to_be_visible()
    tap(director, "The make", "♠ Spades")
    tap(director, "Tricks won by", "8")
    director.get_by_label("Why (kept with the result)").fill("the slip was lost")
    director.get_by_role("button", name=f"Enter board {missing}").click()
    expect(
        director.get_by_role("status").filter(has_text=f"Board {missing} entered by the director")
    ).to_be_visible()
    expect(director.get_by_role("heading", name="Pair 1's card")).to_be_visible()
    expect(director.get_by_role("link", name=f"Correct board {missing}")).to_be_visible()
    expect(director.get_by_role("link", name=f"Enter board {missing}")).to_have_count(0)
    entered = DuplicateResult.objects.get(board__number=missing, table__round=2)
    assert entered.accepted_by == staff


def test_the_board_page_offers_the_director_each_result_and_the_missing(client, staff):
    evening, missing = three_rounds_but_one(staff, members(16))
    client.force_login(staff)
    page = client.get(reverse("scorer:duplicate:board_page", args=[evening.pk, missing]))
    html = page.content.decode()
    table = table_of(evening, 2, 1)
    back = f"?back=/duplicate/{evening.pk}/boards/{missing}/"
    assert f'href="/duplicate/tables/{table.pk}/boards/{missing}/correct/{back}"' in html
    assert f"Enter board {missing}</a>" in html
    assert html.count(">Correct</a>") == 2  # the two results recorded on it


@pytest.mark.parametrize("where", ["travellers", "board", "card"])
def test_a_member_sees_no_correct_and_no_enter(client, staff, where):
    players = members(16)
    evening, _ = three_rounds_but_one(staff, players)
    client.force_login(players[0].user)  # Mr. Carr, of pair 1: he has played every board
    address = {
        "travellers": reverse("scorer:duplicate:travellers", args=[evening.pk]),
        "board": reverse("scorer:duplicate:board_page", args=[evening.pk, 1]),
        "card": reverse("scorer:duplicate:card", args=[evening.pk, 1]),
    }[where]
    html = client.get(address).content.decode()
    assert "North–South 7" in html or where == "card"  # he sees the results themselves
    assert "/correct/" not in html
    assert ">Correct" not in html
    assert "Enter board" not in html


def test_a_result_corrected_from_afar_goes_back_only_within_the_site(client, staff):
    evening, _ = three_rounds_but_one(staff, members(16))
    client.force_login(staff)
    table = table_of(evening, 1, 1)
    address = reverse("scorer:duplicate:correct", args=[table.pk, 1])
    page = client.get(f"{address}?back=https://example.com/").content.decode()
    assert 'name="back"' not in page
    page = client.get(f"{address}?back=/duplicate/{evening.pk}/travellers/").content.decode()
    assert f'name="back" value="/duplicate/{evening.pk}/travellers/"' in page
