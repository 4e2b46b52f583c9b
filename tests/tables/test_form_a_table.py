"""Who plays tonight, as the evening's tables answer it for the forms that choose players,
and "Form a table" offering its candidates tonight's first."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from scorer.models import Membership, Place, Rubber
from scorer.rubbers import writes
from scorer.tables import reads as table_reads
from scorer.tables import writes as table_writes
from tests.support.club import make_member
from tests.support.tables import finish, form, six_members


@pytest.fixture
def six(db):
    return six_members()


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("secretary", password="pw", is_staff=True)


@pytest.fixture
def others(db):
    return [
        make_member(name, short)
        for name, short in [
            ("Dr. Pryce", "Pryce"),
            ("Mr. Quill", "Quill"),
            ("Miss Rook", "Rook"),
            ("Mr. Abbot", "Abbot"),
        ]
    ]


def test_tonight_is_whoever_sits_or_waits_at_the_evenings_tables_or_played_this_evening(
    six, others, staff
):
    today = timezone.localdate()
    table = form(six[:5], staff)  # five: one sits out
    table_writes.claim_entry(table=table, member=six[5], seen=str(table.revision), user=staff)
    pryce, quill, rook, abbot = others
    apart = writes.start_rubber(
        table="Side", members=[pryce, quill, rook, abbot], first_dealer=0, user=staff
    )
    assert table_reads.tonight(today) == {m.pk for m in [*six, pryce, quill, rook, abbot]}

    # A rubber of yesterday evening is not tonight's.
    Rubber.objects.filter(pk=apart.pk).update(started_at=timezone.now() - timedelta(days=2))
    assert table_reads.tonight(today) == {m.pk for m in six}


def test_a_broken_up_tables_members_are_tonights_by_the_rubbers_they_played(six, staff):
    table = form(six[:4], staff)
    finish(table, staff)
    table_writes.break_up(table=table, seen=str(table.revision), user=staff)
    assert table_reads.tonight(timezone.localdate()) == {m.pk for m in six[:4]}
    # The claims and places of a table broken up go with it.
    assert not Membership.objects.filter(table=table, left_at__isnull=True).exists()


def test_the_candidates_are_offered_tonights_players_first(six, others, staff, client):
    table = form(six[:5], staff)
    resting = table_reads.view(table).sitting_out[0].member
    client.force_login(others[0].user)  # Dr. Pryce, who played with Miss Rook last week
    played = writes.start_rubber(table="Side", members=others, first_dealer=0, user=staff)
    week_ago = timezone.now() - timedelta(days=7)
    # Played and agreed last week: its players are free to play tonight.
    Rubber.objects.filter(pk=played.pk).update(
        started_at=week_ago, agreed_at=week_ago, agreed_value=0
    )
    Place.objects.filter(rubber=played).delete()
    groups = client.get(reverse("scorer:tables")).context["form"].offered
    assert [(g.heading, [m.name for m in g.members]) for g in groups] == [
        ("Tonight", [resting.name, "Dr. Pryce"]),
        ("You played with lately", ["Mr. Abbot", "Mr. Quill", "Miss Rook"]),
        ("Everyone else", [six[5].name]),
    ]
