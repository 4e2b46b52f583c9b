"""The director's part: the late and missing results listed for him, his entry of a
missing one (or that the pairs could not play the board) and his correction of any, with
his reason, kept in the record like a correction; an accepted result changed by nobody
else; the evening ended once every result is in and accepted."""

from __future__ import annotations

from django.urls import reverse

from scorer.duplicate import reads
from scorer.duplicate.models import DuplicateCorrection, DuplicateEvening, DuplicateResult
from tests.support.duplicate_evenings import (
    entry,
    post_accept,
    post_board,
    post_correction,
    recorded,
    round_played,
    table_of,
)
from tests.support.html import submit


def said(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def test_the_director_corrects_an_accepted_result_with_his_reason(director, evening, staff):
    table = table_of(evening, 1, 1)
    recorded(staff, table, 1, entry("H", 9))
    answer = post_correction(director, table, 1, trump="H", tricks=10, reason="a trick miscounted")
    assert answer.status_code == 302
    result = DuplicateResult.objects.get()
    assert (result.tricks_ns, result.version) == (10, 1)
    correction = DuplicateCorrection.objects.get()
    assert (correction.reason, correction.made_by) == ("a trick miscounted", staff)
    assert correction.before["tricks_ns"] == 9
    assert correction.after["tricks_ns"] == 10
    page = director.get(answer["Location"])
    assert said(page)[0].startswith(
        "Board 1 corrected by the director (a trick miscounted): North dealt and made hearts"
    )
    assert "; it was North–South" in said(page)[0]


def test_a_correction_needs_a_reason(director, evening, staff):
    table = table_of(evening, 1, 1)
    recorded(staff, table, 1, entry("H", 9))
    answer = post_correction(director, table, 1, trump="H", tricks=10, reason="   ")
    assert answer.status_code == 422
    assert "Give the reason: it is kept with the result." in answer.content.decode()
    assert DuplicateResult.objects.get().tricks_ns == 9


def test_only_the_director_corrects(client, evening, sixteen, staff):
    table = table_of(evening, 1, 1)
    recorded(staff, table, 1, entry("H", 9))
    client.force_login(sixteen[0].user)
    assert post_correction(client, table, 1, trump="H", tricks=10).status_code == 403
    assert client.get(reverse("scorer:duplicate:correct", args=[table.pk, 1])).status_code == 403
    assert DuplicateResult.objects.get().tricks_ns == 9


def test_the_director_enters_a_missing_result_accepted_and_kept(director, evening, staff):
    table = table_of(evening, 1, 2)
    answer = post_correction(director, table, 5, trump="S", tricks=8, reason="the slip was lost")
    assert answer.status_code == 302
    result = DuplicateResult.objects.get()
    assert (result.accepted_by, result.version) == (staff, 1)
    assert DuplicateCorrection.objects.get().entered


def test_the_director_records_a_board_the_pairs_could_not_play(director, evening):
    table = table_of(evening, 1, 2)
    answer = post_correction(director, table, 6, played="no", reason="out of time")
    assert answer.status_code == 302
    result = DuplicateResult.objects.get()
    assert not result.played
    page = director.get(reverse("scorer:duplicate:board_page", args=[evening.pk, 6]))
    assert "not played" in page.content.decode()


def test_north_south_cannot_record_a_board_not_played(client, evening, sixteen):
    table = table_of(evening, 1, 1)
    client.force_login(sixteen[0].user)
    answer = post_board(client, table, 1, played="no", htmx=True)
    assert answer.status_code == 200, "the form has no such choice: the board is recorded"
    assert DuplicateResult.objects.get().played


def test_late_and_missing_results_are_listed_for_the_director(director, evening, staff):
    recorded(staff, table_of(evening, 1, 1), 1, entry(), accept=False)
    round_played(staff, evening, 1)
    # Round 2 reached at table 1, table 2 still to record its round 1: nothing late yet.
    recorded(staff, table_of(evening, 2, 1), 5, entry(), accept=False)
    page = director.get(reverse("scorer:duplicate:evening", args=[evening.pk])).content.decode()
    assert "Board 5: round 2, table 1, pairs 1 and 8" in page
    assert "None: no table is behind the others." in page
    recorded(staff, table_of(evening, 3, 1), 9, entry(), accept=False)
    page = director.get(reverse("scorer:duplicate:evening", args=[evening.pk])).content.decode()
    assert "Board 6: round 2, table 1, pairs 1 and 8" in page
    assert f"{reverse('scorer:duplicate:correct', args=[table_of(evening, 2, 1).pk, 6])}" in page


def test_the_evening_ends_once_every_result_is_in_and_accepted(director, evening, staff):
    page = reverse("scorer:duplicate:evening", args=[evening.pk])
    for round_number in (1, 2):
        round_played(staff, evening, round_number)
    answer = submit(director, page, reverse("scorer:duplicate:end", args=[evening.pk]),
                    follow=True)  # fmt: skip
    assert said(answer) == [
        "Board 9, pairs 1 and 6: no result is recorded (round 3, table 1): record it, or "
        "that the board was not played. The evening ends once every result is in. Nothing "
        "was changed."
    ]
    recorded(staff, table_of(evening, 3, 1), 9, entry("H", 8), accept=False)
    for number in (1, 2, 3, 4):
        table = table_of(evening, 3, number)
        for board in reads.table_record(table.pk).boards:
            if board.number != 9:
                recorded(staff, table, board.number, entry())
    answer = submit(director, page, reverse("scorer:duplicate:end", args=[evening.pk]),
                    follow=True)  # fmt: skip
    assert said(answer) == [
        "Board 9 at table 1, round 3, is not yet accepted: East–West accept it, or the "
        "director does. Nothing was changed."
    ]
    assert not DuplicateEvening.objects.get().ended
    assert post_accept(director, table_of(evening, 3, 1), 9).status_code == 302
    answer = submit(director, page, reverse("scorer:duplicate:end", args=[evening.pk]),
                    follow=True)  # fmt: skip
    assert said(answer) == ["Duplicate evening has ended: the results are final."]
    assert DuplicateEvening.objects.get().ended


def test_an_ended_evening_takes_no_result(client, evening, staff, sixteen):
    from scorer.duplicate import writes
    from tests.support.duplicate_evenings import played_through, seen

    played_through(staff, evening)
    writes.end(evening=evening, seen=seen(evening), user=staff)
    table = table_of(evening, 1, 1)
    client.force_login(staff)
    answer = post_correction(client, table, 1, trump="H", tricks=10)
    assert answer.status_code == 422
    assert "the evening has ended: its results are final." in answer.content.decode().lower()
