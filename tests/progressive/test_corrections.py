"""Correcting a deal at a table (Laws 12, 13, as far as they apply): there is no game to
conclude, so any part of a recorded deal may be corrected until the round is agreed; each
correction is kept, the deal before and after, the law and the reason, and the database
refuses to change it."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, transaction
from django.urls import reverse

from scorer.progressive.models import ProgressiveCorrection, ProgressiveDeal
from tests.support.evenings import correct, play, tables_of


@pytest.fixture
def table(evening):
    return tables_of(evening, 1)[0]


@pytest.fixture
def player(client, table):
    client.force_login(table.seats.get(position=0).player.member.user)
    return client


def test_the_correction_page_is_reached_from_the_deals_list(player, table):
    play(player, table, trump="H", tricks=8)
    html = player.get(reverse("scorer:progressive:table", args=[table.pk])).content.decode()
    link = reverse("scorer:progressive:correction", args=[table.pk, 1])
    assert f'<a href="{link}">Correct deal 1</a>' in html
    page = player.get(link).content.decode()
    assert "<h1>Correct deal 1</h1>" in page
    dealer = table.seats.get(position=0).player.name
    assert f"As recorded: 1. {dealer} dealt and made hearts — We 8 tricks" in page


def test_tricks_corrected_before_agreement_under_law_12_kept_on_record(player, table):
    play(player, table, trump="H", tricks=8)
    assert correct(player, table, 1, tricks=9, reason="a trick miscounted").status_code == 302
    deal = ProgressiveDeal.objects.get()
    assert deal.tricks == 9
    assert deal.recorded_at is not None
    record = ProgressiveCorrection.objects.get()
    assert (record.number, record.kind, record.law, record.reason) == (
        1,
        "tricks",
        "Law 12",
        "a trick miscounted",
    )
    assert (record.before["tricks"], record.after["tricks"]) == (8, 9)
    html = player.get(reverse("scorer:progressive:table", args=[table.pk])).content.decode()
    assert "“a trick miscounted”" in html
    assert "Corrected under Law 12: a trick miscounted" in html  # beside the figure


def test_honours_corrected_under_law_13(player, table):
    play(player, table, trump="H", tricks=8, honours="we:THREE")
    correct(player, table, 1, honours="they:FOUR", reason="honours miscalled")
    assert ProgressiveCorrection.objects.get().law == "Law 13"
    assert ProgressiveDeal.objects.get().honours == "FOUR"


def test_a_correction_needs_a_reason_and_a_change(player, table):
    play(player, table, trump="H", tricks=8)
    same = correct(player, table, 1, tricks=8)
    assert same.status_code == 422
    assert "there is nothing to correct" in same.content.decode()
    blank = correct(player, table, 1, tricks=9, reason=" ")
    assert blank.status_code == 422
    assert not ProgressiveCorrection.objects.exists()


def test_a_correction_from_a_page_out_of_date_is_refused(player, table):
    play(player, table, trump="H", tricks=8)
    shown = table.__class__.objects.get(pk=table.pk).revision
    correct(player, table, 1, tricks=9)
    late = correct(player, table, 1, tricks=10, at=shown)
    assert late.status_code == 409
    assert ProgressiveDeal.objects.get().tricks == 9


def test_the_database_keeps_each_correction_as_made(player, table):
    play(player, table, trump="H", tricks=8)
    correct(player, table, 1, tricks=9)
    made = ProgressiveCorrection.objects.get()
    with pytest.raises(DatabaseError, match="kept as made"), transaction.atomic():
        ProgressiveCorrection.objects.filter(pk=made.pk).update(reason="nothing happened")
    with pytest.raises(DatabaseError, match="kept as made"), transaction.atomic():
        ProgressiveCorrection.objects.filter(pk=made.pk)._raw_delete(using="default")


def test_the_database_removes_no_recorded_deal(player, table):
    play(player, table, trump="H", tricks=8)
    with pytest.raises(DatabaseError, match="corrected, never removed"), transaction.atomic():
        ProgressiveDeal.objects.all()._raw_delete(using="default")
