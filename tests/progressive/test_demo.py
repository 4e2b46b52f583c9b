"""The demo club's Progressive evening (`manage.py seed_demo`): last night's, ended, ten
members and two guests at three tables, three rounds of two deals, a tie decided by the
cut; every page of it renders."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from scorer.progressive import reads
from scorer.progressive.models import ProgressiveEvening, ProgressiveTable


@pytest.fixture
def demo(client, db):
    call_command("seed_demo", stdout=StringIO())
    client.force_login(get_user_model().objects.get(username="secretary"))
    return client


def test_the_demo_holds_last_nights_progressive_evening_ended(demo):
    evening = ProgressiveEvening.objects.get()
    record = reads.evening_record(evening)
    assert evening.ended
    assert len(record.players) == 12
    assert sorted(p.name for p in record.players if p.member is None) == ["Mr. Vane", "Mrs. Hale"]
    assert record.rounds == 3
    assert ProgressiveTable.objects.filter(round=2, number=2).exclude(tie="").exists()
    assert record.score is not None
    assert sum(s.net for s in record.score.standings) == 0


def test_every_page_of_the_demos_evening_renders(demo):
    evening = ProgressiveEvening.objects.get()
    pages = [
        reverse("scorer:progressive:evenings"),
        reverse("scorer:progressive:evening", args=[evening.pk]),
        reverse("scorer:progressive:results", args=[evening.pk]),
        reverse("scorer:progressive:print_tallies", args=[evening.pk]),
        reverse("scorer:progressive:print_tables", args=[evening.pk]) + "?round=2",
        reverse("scorer:progressive:print_results", args=[evening.pk]),
        *(reverse("scorer:progressive:table", args=[t.pk]) for t in evening.tables.all()),
    ]
    for page in pages:
        assert demo.get(page).status_code == 200, page
