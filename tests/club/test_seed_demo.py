"""`manage.py seed_demo`: the club `make run` starts with, and what a newcomer finds in it."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from ledger.models import Posting, Sitting, Stake, TableCharge
from ledger.settlement import services as settlements
from scorer import engine
from scorer.models import Candidacy, Member, Rubber, Table
from scorer.rubbers import reads
from scorer.tables import reads as table_reads


def seed():
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


@pytest.fixture
def secretary(client, db):
    seed()
    client.force_login(get_user_model().objects.get(username="secretary"))
    return client


def names(members) -> list[str]:
    return sorted(member.name for member in members)


def test_it_seeds_staff_ten_members_and_two_rubbers_and_prints_the_logins(client, db):
    printed = seed()
    assert "secretary / secretary-1905" in printed
    assert "Mrs. Carr     carr / carr-1905" in printed
    assert "Mr. Napier    napier / napier-1905" in printed
    assert "Mrs. Russell  russell / russell-1905" in printed
    assert Member.objects.count() == 10
    assert Rubber.objects.count() == 2
    for username, password in [("carr", "carr-1905"), ("secretary", "secretary-1905")]:
        signed_in = client.post(
            reverse("login"), {"username": username, "password": password}, follow=True
        )
        assert signed_in.context["user"].get_username() == username


def test_tonights_tables_are_a_table_of_five_and_a_table_of_four_with_one_waiting(secretary):
    page = secretary.get(reverse("scorer:tables"))
    seen = {view.table.name: view for view in page.context["tables"]}
    assert sorted(seen) == ["Table 1", "Table 2"]
    assert names(p.member for p in seen["Table 1"].places) == [
        "Col. Hartley",
        "Miss Fenwick",
        "Mr. Dane",
        "Mr. Napier",
        "Mrs. Carr",
    ]
    assert names(p.member for p in seen["Table 2"].places) == [
        "Dr. Pryce",
        "Miss Moreton",
        "Mr. Lacey",
        "Mrs. Ingram",
    ]
    assert [claim.member.name for claim in seen["Table 2"].waiting] == ["Mrs. Russell"]
    assert "Waiting: Mrs. Russell" in page.content.decode()


def test_at_table_1_one_of_five_sat_out_the_specimen_and_the_page_says_why(secretary):
    table = Table.objects.get(name="Table 1")
    page = secretary.get(reverse("scorer:table", args=[table.pk]))
    view = page.context["view"]
    assert [place.member.name for place in view.sitting_out] == ["Mr. Napier"]
    assert view.between_rubbers  # the specimen agreed: the next cut is the newcomer's to make
    assert [rubber.pk for rubber in view.rubbers] == [Rubber.objects.get(table="Table 1").pk]
    reasons = dict(page.context["reasons"])
    assert reasons["Mr. Napier"].startswith("belongs to the table and sits out the first rubber")
    for player in ["Mrs. Carr", "Mr. Dane", "Miss Fenwick", "Col. Hartley"]:
        assert reasons[player].startswith("plays the first rubber")
    html = page.content.decode()
    assert "How the table formed" in html
    assert "<td>Mr. Napier</td><td>sitting out</td>" in html
    assert "Cut for the next rubber" in html


def test_elwells_specimen_is_table_1s_first_rubber_agreed_by_both_sides(db):
    seed()
    rubber = Rubber.objects.get(table="Table 1")
    state = reads.rubber_state(rubber)
    assert rubber.at_table == Table.objects.get(name="Table 1")
    # Seated as Elwell's book has it: We (Z, Y) Mrs. Carr and Mr. Dane.
    assert [m.name for m in state.seats] == [
        "Mrs. Carr",
        "Miss Fenwick",
        "Mr. Dane",
        "Col. Hartley",
    ]
    assert state.sheet.finished
    assert (state.sheet.totals.we.total, state.sheet.totals.they.total) == (300, 148)
    assert rubber.agreed
    assert rubber.agreed_value == 152
    assert not rubber.abandoned
    assert rubber.agreed_by(engine.Side.WE)[0].member.name == "Mrs. Carr"
    assert rubber.agreed_by(engine.Side.THEY)[0].member.name == "Miss Fenwick"


def test_table_2s_rubber_is_in_progress_with_a_deal_declared_and_a_claim_to_enter_after(db):
    seed()
    table = Table.objects.get(name="Table 2")
    state = reads.rubber_state(Rubber.objects.get(table="Table 2"))
    assert state.rubber.at_table == table
    assert not state.sheet.finished
    assert len(state.recorded) == 2
    assert state.in_progress is not None
    assert state.rubber.cut["for"] == "partners"
    assert table_reads.view(table).in_play == state.rubber
    [claim] = Candidacy.objects.filter(table=table, settled_at__isnull=True)
    assert claim.member.name == "Mrs. Russell"


def test_table_money_is_charged_to_each_player_of_the_agreed_rubber_and_to_no_one_else(db):
    seed()
    charge = TableCharge.latest()
    assert charge is not None
    assert charge.rule == "£0.10 each player, each rubber"
    assert all(charge.valid_from <= rubber.started_at for rubber in Rubber.objects.all())
    specimen = Rubber.objects.get(table="Table 1")
    charged = Posting.objects.filter(kind=Posting.TABLE, member__isnull=False)
    assert {(p.member.name, p.amount, p.rubber) for p in charged} == {
        (name, Decimal("-0.10"), specimen)
        for name in ["Mrs. Carr", "Miss Fenwick", "Mr. Dane", "Col. Hartley"]
    }


def test_the_open_settlement_shows_the_houses_line(secretary):
    sitting = Sitting.objects.get()
    settlement = settlements.settlement(sitting)
    lines = {line.name: line for line in settlement.lines}
    assert lines["The house"].table_money == Decimal("0.40")
    assert lines["The house"].due == Decimal("0.40")
    assert lines["Mrs. Carr"].exact == Decimal("0.76")  # 152 points at £0.50 a hundred
    assert lines["Mrs. Carr"].due == Decimal("0.66")  # less her table money
    assert "Mr. Napier" not in lines  # he sat out: nothing to pay, nothing won
    assert settlement.total == 0
    assert [rubber.table for rubber in settlement.unagreed] == ["Table 2"]
    page = secretary.get(reverse("ledger:sitting", args=[sitting.pk])).content.decode()
    assert "<strong>The house</strong> (table money): due <strong>+£0.40</strong>" in page


def test_seeding_again_changes_nothing(db):
    seed()
    counted = [Member, Rubber, Table, Candidacy, Posting, TableCharge, Stake, Sitting]
    before = [model.objects.count() for model in counted]
    again = seed()
    assert "carr / carr-1905" in again
    assert [model.objects.count() for model in counted] == before


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
