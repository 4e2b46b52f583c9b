"""The demo club's Duplicate evening (`manage.py seed_demo`): the night before's, ended, a
Mitchell of three tables (ten members and two guests in six pairs), nine boards dealt by
the site, one result corrected by the director; every page of it renders, and a member
reads every board once it has ended."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from scorer.duplicate import reads
from scorer.duplicate.models import DuplicateCorrection, DuplicateEvening, DuplicateTable
from scorer.engine.duplicate import Line


@pytest.fixture
def demo(client, db):
    call_command("seed_demo", stdout=StringIO())
    client.force_login(get_user_model().objects.get(username="secretary"))
    return client


def test_the_demo_holds_a_duplicate_evening_with_dealt_boards_ended(demo):
    evening = DuplicateEvening.objects.get()
    record = reads.evening_record(evening, reads.WHOLE)
    assert evening.ended
    assert (evening.movement, evening.tables, evening.boards_from) == ("mitchell", 3, "dealt")
    assert len(record.pairs) == 6
    assert record.pairs[-1].names == "Mrs. Hale & Mr. Vane"
    assert len(record.boards) == 9
    assert all(board.known for board in record.boards)
    assert len(record.results) == 27
    assert DuplicateCorrection.objects.count() == 1
    score = record.score
    assert score is not None
    assert not score.missing
    for line in (Line.NS, Line.EW):
        assert sum(s.score for s in score.standings if s.direction is line) == 0


def test_every_page_of_the_demos_duplicate_evening_renders(demo):
    evening = DuplicateEvening.objects.get()
    pages = [
        reverse("scorer:duplicate:evenings"),
        reverse("scorer:duplicate:evening", args=[evening.pk]),
        reverse("scorer:duplicate:travellers", args=[evening.pk]),
        reverse("scorer:duplicate:ranking", args=[evening.pk]),
        reverse("scorer:duplicate:print_boards", args=[evening.pk]),
        reverse("scorer:duplicate:print_curtain_cards", args=[evening.pk]),
        *(
            reverse(f"scorer:duplicate:{name}", args=[evening.pk])
            for name in (
                "print_guide_cards",
                "print_table_cards",
                "print_results",
                "print_hand_records",
                "results_csv",
                "evening_pbn",
            )
        ),
        *(reverse("scorer:duplicate:board_page", args=[evening.pk, n]) for n in range(1, 10)),
        *(reverse("scorer:duplicate:card", args=[evening.pk, n]) for n in range(1, 7)),
        *(
            reverse("scorer:duplicate:table", args=[pk])
            for pk in DuplicateTable.objects.filter(evening=evening).values_list("pk", flat=True)
        ),
    ]
    for page in pages:
        assert demo.get(page).status_code == 200, page


def test_a_member_reads_every_board_once_it_has_ended(client, demo):
    client.force_login(get_user_model().objects.get(username="carr"))
    evening = DuplicateEvening.objects.get()
    page = client.get(reverse("scorer:duplicate:travellers", args=[evening.pk])).content.decode()
    assert "Shown once your pair has played it" not in page
    assert page.count('class="totals traveller"') == 9
