"""`manage.py seed_demo`: the club `make run` starts with."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from ledger.models import Sitting, Stake
from scorer import reads
from scorer.models import Member, Rubber


def seed():
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def test_it_seeds_staff_eight_members_and_two_rubbers_and_prints_the_logins(client, db):
    printed = seed()
    assert "secretary / secretary-1905" in printed
    assert "Mrs. Carr     carr / carr-1905" in printed
    assert Member.objects.count() == 8
    for username, password in [("carr", "carr-1905"), ("secretary", "secretary-1905")]:
        signed_in = client.post(
            reverse("login"), {"username": username, "password": password}, follow=True
        )
        assert signed_in.context["user"].get_username() == username


def test_elwells_specimen_is_already_played(db):
    seed()
    state = reads.table_state(Rubber.objects.get(table="Table 1"))
    assert state.sheet.finished
    assert (state.sheet.totals.we.total, state.sheet.totals.they.total) == (300, 148)


def test_one_rubber_is_in_progress_with_a_deal_declared(db):
    seed()
    state = reads.table_state(Rubber.objects.get(table="Table 2"))
    assert not state.sheet.finished
    assert len(state.recorded) == 2
    assert state.in_progress is not None
    assert state.rubber.cut["for"] == "deal"


def test_seeding_again_changes_nothing(db):
    seed()
    again = seed()
    assert "carr / carr-1905" in again
    assert (Member.objects.count(), Rubber.objects.count()) == (8, 2)


def test_the_rubbers_are_played_for_a_stake_in_tonights_open_sitting(db):
    seed()
    stake = Stake.latest()
    assert stake is not None
    assert stake.words == "£0.50 a hundred points"
    [sitting] = Sitting.objects.all()
    assert sitting.closed_at is None
    assert sitting.name == f"Evening of {timezone.localdate():%-d %B %Y}"
    for rubber in Rubber.objects.all():
        assert Stake.in_force(rubber.started_at) == stake
        assert sitting.start <= rubber.started_at < sitting.end
