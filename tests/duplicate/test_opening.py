"""Opening a Duplicate evening, its pairs as they come, and its start: the director (the
club's staff) alone; its movement one the engine offers, its boards a round, its
comparison; the pairs two members or guests each, numbered in the order they came; the
boards dealt by the site, read from a PBN file, or left to the first table."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse

from scorer.club.models import Club
from scorer.duplicate import writes
from scorer.duplicate.models import (
    DuplicateBoard,
    DuplicateEvening,
    DuplicatePair,
    DuplicateSeat,
    DuplicateTable,
)
from scorer.engine.cards import DIRECTIONS, deal_boards, pbn_text
from tests.support.duplicate_evenings import opened, seen, with_pairs
from tests.support.html import Forms, submit
from tests.support.mid_read import revisions_carried, saved_mid_read

EVENINGS = reverse("scorer:duplicate:evenings")
OPEN = reverse("scorer:duplicate:open")


def said(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def opening(client, **fields):
    return submit(client, EVENINGS, OPEN, fields, follow=True)


def test_the_home_page_leads_to_the_evenings(director):
    home = director.get(reverse("scorer:home")).content.decode()
    assert f'href="{EVENINGS}">Duplicate evenings</a>' in home


def test_the_director_opens_an_evening_by_its_movement(director, club):
    Club.objects.filter(pk=club.pk).update(doubling_limit=100)
    page = opening(director, name="Friday pairs", day="2026-12-04", movement="mitchell-4",
                   boards_a_round="4", comparison="matchpoints")  # fmt: skip
    evening = DuplicateEvening.objects.get()
    assert (evening.movement, evening.tables, evening.boards_a_round) == ("mitchell", 4, 4)
    assert (evening.comparison, evening.doubling_limit) == ("matchpoints", 100)
    assert said(page) == [
        "Friday pairs is open: the Mitchell, 4 tables, 8 pairs, 3 rounds of 4 boards, 16 "
        "boards in all. Add the pairs as they come."
    ]


def test_every_movement_the_engine_offers_is_offered_and_no_other(director):
    form = Forms(director.get(EVENINGS).content.decode())
    html = director.get(EVENINGS).content.decode()
    assert "Mitchell, 15 tables: 30 pairs, 15 rounds" in html
    assert "Howell, 3 tables: 6 pairs, 5 rounds" in html
    assert form.form(OPEN) is not None
    page = opening(director, name="Odd", day="2026-12-04", movement="mitchell-2",
                   boards_a_round="2")  # fmt: skip
    assert not DuplicateEvening.objects.exists()
    assert page.status_code == 422  # the form again as sent, the refusal beside the field
    assert (
        "choose one the club is offered: a Mitchell of 3 to 15 tables, or a Howell of 2 to 7."
        in page.content.decode()
    )


def test_a_three_table_howell_plays_an_even_number_of_boards_a_round(director):
    page = opening(director, name="Howell", day="2026-12-04", movement="howell-3",
                   boards_a_round="3")  # fmt: skip
    assert not DuplicateEvening.objects.exists()
    assert page.status_code == 422
    assert (
        "A round of the Howell, 3 tables is 2 sets of boards, so its boards a round are a "
        "multiple of 2 (got 3)." in page.content.decode()
    )


def test_a_member_neither_opens_nor_is_offered_the_form(client, players):
    client.force_login(players[0].user)
    assert Forms(client.get(EVENINGS).content.decode()).form(OPEN) is None
    refused = client.post(OPEN, {"name": "Mine", "day": "2026-12-04", "movement": "mitchell-3"})
    assert refused.status_code == 403
    assert not DuplicateEvening.objects.exists()


def test_opened_twice_at_once_it_is_one_evening(director, staff):
    first = opened(staff, name="Friday")
    page = opening(director, name="Friday", day=str(first.day), movement="mitchell-3",
                   boards_a_round="2")  # fmt: skip
    assert DuplicateEvening.objects.count() == 1
    assert "Friday was opened already, by secretary" in said(page)[0]


def adding(client, evening, **fields):
    page = reverse("scorer:duplicate:evening", args=[evening.pk])
    return submit(client, page, reverse("scorer:duplicate:add_pair", args=[evening.pk]),
                  fields, follow=True)  # fmt: skip


def test_a_pair_is_two_members_or_guests(director, staff, sixteen):
    evening = opened(staff)
    carr, dane = sixteen[0], sixteen[1]
    page = adding(director, evening, first=carr.pk, second_guest="Mrs. Hale")
    assert said(page) == ["Mr. Carr & Mrs. Hale play as a pair. 1 pair of 8."]
    page = adding(director, evening, first=carr.pk, second=dane.pk)
    assert said(page) == ["Mr. Carr plays in another pair this evening. Nothing was changed."]
    page = adding(director, evening, first=dane.pk, second=dane.pk)
    assert said(page) == ["A pair is two players: Mr. Dane is named twice. Nothing was changed."]
    page = adding(director, evening, first_guest="Mrs. Hale", second=dane.pk)
    assert "There is a guest of that name this evening already" in said(page)[0]
    page = adding(director, evening, second=dane.pk)
    assert said(page) == ["First player: choose a member, or give a guest's name."]
    assert DuplicatePair.objects.count() == 1


def test_a_member_playing_is_not_offered_again(director, staff, sixteen):
    evening = opened(staff)
    with_pairs(staff, evening, sixteen[:2])
    html = director.get(reverse("scorer:duplicate:evening", args=[evening.pk])).content.decode()
    assert "Mr. Eyre" in html
    form = html.split("<legend>First player</legend>")[1].split("</fieldset>")[0]
    assert "Mr. Carr" not in form
    assert "Mr. Eyre" in form


def test_a_pair_removed_before_the_start(director, staff, sixteen):
    evening = opened(staff)
    with_pairs(staff, evening, sixteen[:4])
    pair = DuplicatePair.objects.order_by("pk").first()
    assert pair is not None
    page = reverse("scorer:duplicate:evening", args=[evening.pk])
    html = director.get(page).content.decode()
    values = next(f["values"] for f in Forms(html).forms if f["values"].get("pair") == str(pair.pk))
    answer = director.post(reverse("scorer:duplicate:remove_pair", args=[evening.pk]), values,
                           follow=True)  # fmt: skip
    assert said(answer) == ["Mr. Carr & Mr. Dane do not play after all. 1 pair of 8."]
    assert DuplicatePair.objects.count() == 1


def starting(client, evening, **fields):
    page = reverse("scorer:duplicate:evening", args=[evening.pk])
    return submit(client, page, reverse("scorer:duplicate:start", args=[evening.pk]),
                  fields, follow=True)  # fmt: skip


def test_it_starts_with_every_pair_it_seats_and_no_other(director, staff, sixteen):
    evening = opened(staff)
    with_pairs(staff, evening, sixteen[:14])
    page = starting(director, evening, boards_from="dealt")
    assert said(page) == [
        "The Mitchell, 4 tables seats 8 pairs, and 7 are here: 1 more make the evening. "
        "Nothing was changed."
    ]
    assert not DuplicateTable.objects.exists()


def test_started_the_pairs_are_numbered_in_order_and_every_round_seated(director, staff, sixteen):
    evening = opened(staff)
    with_pairs(staff, evening, sixteen)
    page = starting(director, evening, boards_from="dealt")
    assert said(page)[0].startswith(
        "Duplicate evening has started: 8 pairs numbered, 16 boards dealt by the site"
    )
    numbers = list(
        DuplicatePair.objects.order_by("added_at", "pk").values_list("number", flat=True)
    )
    assert numbers == list(range(1, 9))
    assert DuplicateTable.objects.filter(evening=evening).count() == 12  # 3 rounds of 4
    seat = DuplicateSeat.objects.get(evening=evening, round=2, table__number=1, line="ew")
    assert seat.pair.number == 8  # East–West move up a table: pair 8 from table 4
    boards = DuplicateBoard.objects.filter(evening=evening)
    assert boards.count() == 16
    assert all(board.known and board.source == "dealt" for board in boards)


def test_the_boards_come_from_a_pbn_file(director, staff, sixteen):
    evening = opened(staff, tables=3, boards_a_round=2)
    with_pairs(staff, evening, sixteen[:12])
    dealt = deal_boards(8)  # a dealing machine's: more boards than the evening plays
    file = io.BytesIO(pbn_text(dealt).encode())
    file.name = "machine.pbn"
    page = starting(director, evening, boards_from="file", pbn=file)
    assert said(page)[0].startswith(
        "Duplicate evening has started: 6 pairs numbered, 6 boards from the file"
    )
    boards = DuplicateBoard.objects.filter(evening=evening).order_by("number")
    assert [board.hands for board in boards] == [
        tuple(str(board.hand(direction)) for direction in DIRECTIONS) for board in dealt[:6]
    ]
    assert {board.source for board in boards} == {"file"}


def test_a_file_missing_a_board_is_refused_by_its_number(director, staff, sixteen):
    evening = opened(staff, tables=3, boards_a_round=2)
    with_pairs(staff, evening, sixteen[:12])
    file = io.BytesIO(pbn_text(deal_boards(4)).encode())
    file.name = "short.pbn"
    page = starting(director, evening, boards_from="file", pbn=file)
    assert said(page) == ["The file has no board 5: the evening plays boards 1 to 6. Nothing was "
                          "changed."]  # fmt: skip
    assert not DuplicateBoard.objects.exists()


def test_a_file_that_is_not_pbn_is_refused_in_a_sentence(director, staff, sixteen):
    evening = opened(staff, tables=3, boards_a_round=2)
    with_pairs(staff, evening, sixteen[:12])
    file = io.BytesIO(b"\x00\x01 not a board")
    file.name = "nonsense.pbn"
    page = starting(director, evening, boards_from="file", pbn=file)
    assert said(page)[0].startswith("PBN file: nonsense.pbn: ")
    assert not DuplicateEvening.objects.get().started


def test_boards_dealt_at_the_first_table_have_no_hands(director, staff, sixteen):
    evening = opened(staff, tables=3, boards_a_round=2)
    with_pairs(staff, evening, sixteen[:12])
    starting(director, evening, boards_from="table")
    assert DuplicateBoard.objects.filter(evening=evening).count() == 6
    assert not any(board.known for board in DuplicateBoard.objects.all())


def test_a_start_from_a_page_shown_before_another_write_is_refused(director, staff, sixteen):
    evening = opened(staff)
    with_pairs(staff, evening, sixteen[:14])
    page = reverse("scorer:duplicate:evening", args=[evening.pk])
    form = Forms(director.get(page).content.decode()).form(
        reverse("scorer:duplicate:start", args=[evening.pk])
    )
    assert form is not None
    with_pairs(staff, evening, sixteen[14:])  # the eighth pair, on another phone
    assert seen(evening) != form["values"]["seen"]
    answer = director.post(form["action"], {**form["values"], "boards_from": "dealt"}, follow=True)
    assert said(answer) == [
        "Duplicate evening changed since this page was shown: here it is now. Nothing was done."
    ]
    assert not DuplicateEvening.objects.get().started


@pytest.mark.parametrize("kind", ["dealt", "table"])
def test_the_start_form_is_sent_twice_and_starts_once(director, staff, sixteen, kind):
    evening = opened(staff)
    with_pairs(staff, evening, sixteen)
    page = reverse("scorer:duplicate:evening", args=[evening.pk])
    form = Forms(director.get(page).content.decode()).form(
        reverse("scorer:duplicate:start", args=[evening.pk])
    )
    assert form is not None
    data = {**form["values"], "boards_from": kind}
    first = director.post(form["action"], data, follow=True)
    again = director.post(form["action"], data, follow=True)
    assert said(first) == said(again)
    assert DuplicateTable.objects.filter(evening=evening).count() == 12


def test_the_evening_page_read_while_a_pair_comes_carries_the_revision_it_shows(
    director, staff, sixteen
):
    """Another of the staff adds a pair between the page's read of the evening and its
    read of the pairs: the page is read again, showing the pair under the revision that
    has it, so that the director's next tap is not refused as stale."""
    evening = opened(staff)
    with saved_mid_read(
        DuplicatePair,
        lambda: writes.add_pair(
            evening=evening, first=sixteen[0], second=sixteen[1], seen=seen(evening), user=staff
        ),
    ) as landed:
        html = director.get(reverse("scorer:duplicate:evening", args=[evening.pk])).content
    assert landed
    assert 'aria-label="Remove Mr. Carr &amp; Mr. Dane"' in html.decode()
    assert revisions_carried(html.decode(), "seen") == {int(seen(evening))}
