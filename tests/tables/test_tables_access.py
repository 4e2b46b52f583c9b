"""Who acts at a table: its members and the staff cut for its next rubber, play otherwise
by agreement and break it up; the players of its rubber in play appoint a substitute
(Law 27). Anyone else is refused in words, and is not offered the buttons."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorer.models import Rubber, Seat, TableCut
from scorer.tables import reads as table_reads
from tests.support.club import make_member
from tests.support.html import submit
from tests.support.tables import finish, form, fresh, playing, six_members


@pytest.fixture
def six(db):
    return six_members()


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("secretary", password="pw", is_staff=True)


@pytest.fixture
def outsider(db):
    """At no table."""
    return make_member("Mrs. Outram", "Outram")


BUTTONS = ["Cut for the next rubber", "These four play: we agree", "Break up Table 1"]


def writes_between_rubbers(table, four):
    seen = str(fresh(table).revision)
    players = {f"player_{n}": member.pk for n, member in enumerate(four)}
    return [
        ("scorer:table_next", {}),
        ("scorer:table_depart", players),
        ("scorer:table_break_up", {}),
    ], seen


def test_an_outsider_cannot_cut_depart_or_break_up_a_table_and_is_not_offered_to(
    six, staff, outsider, client
):
    table = form(six[:4], staff)
    four = playing(table)
    finish(table, staff)
    client.force_login(outsider.user)
    page = client.get(reverse("scorer:table", args=[table.pk])).content.decode()
    for button in BUTTONS:
        assert button not in page
    sends, seen = writes_between_rubbers(table, four)
    for name, fields in sends:
        answer = client.post(
            reverse(name, args=[table.pk]), {"key": str(uuid.uuid4()), "seen": seen, **fields}
        )
        assert answer.status_code == 403, name
        assert "Only the members of Table 1 and the club&#x27;s staff" in answer.content.decode()
    assert str(fresh(table).revision) == seen, "nothing was done"
    assert table.rubbers.count() == 1
    assert fresh(table).broken_up_at is None


@pytest.mark.parametrize("who", ["member", "staff"])
def test_a_member_of_the_table_or_the_staff_cut_for_the_next_rubber(six, staff, client, who):
    table = form(six[:5], staff)
    resting = table_reads.view(table).sitting_out[0].member
    finish(table, staff)
    client.force_login(resting.user if who == "member" else staff)
    page = reverse("scorer:table", args=[table.pk])
    for button in BUTTONS:
        assert button in client.get(page).content.decode()
    assert submit(client, page, reverse("scorer:table_next", args=[table.pk])).status_code == 302
    assert table.rubbers.count() == 2


def test_a_member_of_the_table_breaks_it_up(six, staff, client):
    table = form(six[:4], staff)
    finish(table, staff)
    client.force_login(six[0].user)
    page = reverse("scorer:table", args=[table.pk])
    answer = submit(client, page, reverse("scorer:table_break_up", args=[table.pk]))
    assert answer.status_code == 302
    assert fresh(table).broken_up_at is not None


def test_only_the_rubbers_players_and_the_staff_appoint_a_substitute(six, staff, outsider, client):
    table = form(six[:5], staff)
    resting = table_reads.view(table).sitting_out[0].member
    four = playing(table)
    page = reverse("scorer:table", args=[table.pk])
    action = reverse("scorer:table_substitute", args=[table.pk])
    # Mrs. Outram, at no table, would appoint herself, ticking the others' consent; the
    # member sitting out is of the table, but not a player of its rubber.
    for who in (outsider, resting):
        client.force_login(who.user)
        assert "Appoint the substitute" not in client.get(page).content.decode()
        answer = client.post(
            action,
            {
                "key": str(uuid.uuid4()),
                "seen": str(fresh(table).revision),
                "quitting": four[0].pk,
                "substitute": outsider.pk,
                "consent": "on",
            },
        )
        assert answer.status_code == 403
        assert (
            "Only the players of the rubber in play at Table 1, whose consent it takes (Law 27), "
            "and the club&#x27;s staff appoint a substitute." in answer.content.decode()
        )
    assert not Seat.objects.filter(substitute__isnull=False).exists()
    # A player of the rubber may, for the four.
    client.force_login(four[1].user)
    assert "Appoint the substitute" in client.get(page).content.decode()
    answer = submit(
        client,
        page,
        action,
        {"quitting": four[0].pk, "substitute": outsider.pk, "consent": "on"},
    )
    assert answer.status_code == 302
    seat = Seat.objects.get(substitute__isnull=False)
    assert (seat.member, seat.substitute, seat.substitute_confirmed_by) == (
        four[0],
        outsider,
        four[1].user,
    )


def test_an_outsiders_refused_cut_begins_no_rubber_and_records_no_cut(six, staff, outsider, client):
    table = form(six[:4], staff)
    finish(table, staff)
    client.force_login(outsider.user)
    client.post(
        reverse("scorer:table_next", args=[table.pk]),
        {"key": str(uuid.uuid4()), "seen": str(fresh(table).revision)},
    )
    assert TableCut.objects.filter(table=table).count() == 1
    assert Rubber.objects.filter(at_table=table, agreed_at__isnull=True).count() == 0


def test_the_other_three_consent_to_a_substitute_not_the_player_who_quits(
    six, staff, outsider, client
):
    table = form(six[:4], staff)
    quitting = playing(table)[0]
    client.force_login(quitting.user)
    page = reverse("scorer:table", args=[table.pk])
    answer = submit(
        client,
        page,
        reverse("scorer:table_substitute", args=[table.pk]),
        {"quitting": quitting.pk, "substitute": outsider.pk, "consent": "on"},
        follow=True,
    )
    assert (
        f"The other three players consent to {quitting.name}&#x27;s substitute (Law 27): one "
        "of them confirms it, or the staff." in answer.content.decode()
    )
    assert not Seat.objects.filter(substitute__isnull=False).exists()
