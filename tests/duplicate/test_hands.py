"""Boards whose hands are known (dealt by the site, or read from a file) and boards dealt at
the first table: on a known board the honours and chicane are the cards', never asked; on
an unknown one each result records them as at a rubber, and a hand record attached later
must agree with what the tables called, after which the cards decide."""

from __future__ import annotations

import io
import random

from django.urls import reverse

from scorer.duplicate.models import DuplicateBoard
from scorer.engine import Call, Side, Trump
from scorer.engine.calls import call_of
from scorer.engine.cards import Hands, deal_boards, honours_of, pbn_text
from scorer.engine.duplicate import dealing_line
from tests.support.duplicate_evenings import post_board, seen, started, table_of
from tests.support.html import Forms, submit

TRUMP = Trump.HEARTS


def dealt() -> tuple:
    return deal_boards(6, rng=random.Random(7))


def called(board, trump: Trump = TRUMP) -> str:
    """The call of honours the board's hands give, as the phone's chip says it (the We
    column North–South's)."""
    hands: Hands = board.dealt
    dealer = Side.WE if dealing_line(board.number).value == "ns" else Side.THEY
    side, held = call_of(trump, honours_of(hands, trump, dealer))
    return Call(side, held).code


def wrong(code: str) -> str:
    """Another call at a suit than `code`."""
    return "they:FIVE_IN_ONE_HAND" if code != "they:FIVE_IN_ONE_HAND" else "we:FIVE_IN_ONE_HAND"


def pbn_file(boards, name="record.pbn"):
    file = io.BytesIO(pbn_text(boards).encode())
    file.name = name
    return file


def test_on_a_known_board_the_form_asks_no_honours(client, evening, sixteen):
    client.force_login(sixteen[0].user)
    page = client.get(reverse("scorer:duplicate:table", args=[table_of(evening, 1, 1).pk]))
    html = page.content.decode()
    form = Forms(html).form(
        reverse("scorer:duplicate:record", args=[table_of(evening, 1, 1).pk, 1])
    )
    assert form is not None
    assert "honours" not in form["choices"]
    assert "The board's hands are known: its honours and chicane are worked out from them." in html


def at_the_table(staff, sixteen):
    return started(staff, sixteen[:12], tables=3, boards_a_round=2, boards_from="table")


def test_dealt_at_the_first_table_each_result_records_the_honours(client, staff, sixteen):
    evening = at_the_table(staff, sixteen)
    table = table_of(evening, 1, 1)
    client.force_login(sixteen[0].user)
    refused = post_board(client, table, 1, trump="H", tricks=8, htmx=True)
    assert refused.status_code == 422
    assert "Choose who held the honours, and how." in refused.content.decode()
    answer = post_board(client, table, 1, trump="H", tricks=8, honours="we:FOUR", htmx=True)
    assert answer.status_code == 200
    assert "honours North–South: four" in answer.content.decode()


def test_a_call_not_made_at_the_make_is_refused(client, staff, sixteen):
    evening = at_the_table(staff, sixteen)
    client.force_login(sixteen[0].user)
    answer = post_board(client, table_of(evening, 1, 1), 1, trump="NT", tricks=8,
                        honours="we:FOUR", htmx=True)  # fmt: skip
    assert answer.status_code == 422
    assert "Board 1: honours: &#x27;four&#x27; cannot be called at No-trump." in (
        answer.content.decode()
    )


def attaching(client, evening, file):
    page = reverse("scorer:duplicate:evening", args=[evening.pk])
    answer = submit(client, page, reverse("scorer:duplicate:attach_hands", args=[evening.pk]),
                    {"pbn": file}, follow=True)  # fmt: skip
    return [str(message) for message in answer.context["messages"]]


def test_a_hand_record_attached_later_agreeing_with_the_tables(director, staff, sixteen, client):
    evening = at_the_table(staff, sixteen)
    boards = dealt()
    table = table_of(evening, 1, 1)
    phone = client
    phone.force_login(sixteen[0].user)
    post_board(phone, table, 1, trump="H", tricks=8, honours=called(boards[0]))
    director.force_login(staff)
    said = attaching(director, evening, pbn_file(boards))
    assert said == [
        "The hands of boards 1, 2, 3, 4, 5 and 6 are attached: the honours and chicane of "
        "every result on them are now the cards'."
    ]
    assert {board.source for board in DuplicateBoard.objects.all()} == {"record"}
    html = director.get(reverse("scorer:duplicate:board_page", args=[evening.pk, 1])).content
    assert "from a hand record attached later" in html.decode()


def test_a_hand_record_disagreeing_with_a_table_is_refused(director, staff, sixteen, client):
    evening = at_the_table(staff, sixteen)
    boards = dealt()
    client.force_login(sixteen[0].user)
    post_board(client, table_of(evening, 1, 1), 1, trump="H", tricks=8,
               honours=wrong(called(boards[0])))  # fmt: skip
    director.force_login(staff)
    before = seen(evening)
    said = attaching(director, evening, pbn_file(boards))
    assert said[0].startswith("Board 1, pairs 1 and 4: honours: the hands give ")
    assert said[0].endswith(
        "as called at the table. Correct the result, or attach the right file. Nothing was changed."
    )
    assert not any(board.known for board in DuplicateBoard.objects.all())
    assert seen(evening) == before, "nothing written"
