"""One table a member, one open claim a member, and nobody seated in two rubbers in play
at the evening's tables, by every path into a seat: forming a table, the cut, entry,
Law 26's return, Law 27's substitute. The database holds it whatever asks; and a rubber
outside the evening's tables ("Start a rubber") takes none of its players either."""

from __future__ import annotations

import html
import random
import uuid
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.urls import reverse
from django.utils import timezone

from scorer.models import Candidacy, Membership, Rubber, Seat, Table
from scorer.plumbing.keys import Refused
from scorer.rubbers import writes as rubber_writes
from scorer.tables import reads as table_reads
from scorer.tables import writes as table_writes
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
def three(db):
    """Three candidates at no table."""
    return [
        make_member("Dr. Pryce", "Pryce"),
        make_member("Mr. Quill", "Quill"),
        make_member("Miss Rook", "Rook"),
    ]


def in_play_at_tables(member) -> int:
    """The rubbers in play at tonight's tables that `member` plays in."""
    return sum(
        1
        for seat in Seat.objects.filter(
            rubber__at_table__isnull=False, rubber__agreed_at__isnull=True
        )
        if (seat.substitute_id or seat.member_id) == member.pk
    )


# -- Law 26: helping three candidates form a fresh table ----------------------------------------


def test_law_26_a_player_of_the_rubber_in_play_cannot_help_form_a_fresh_table(six, staff, three):
    table_1 = form(six[:4], staff)  # all four play its first rubber
    helper = six[0]
    with pytest.raises(Refused, match=r"Mrs\. Carr is playing the rubber in play at Table 1"):
        form([helper, *three], staff, name="Table 2")
    assert table_reads.belongs_to(helper) == table_1
    assert len(table_reads.view(fresh(table_1)).places) == 4, (
        "Table 1 keeps its four under its rubber"
    )
    assert not Table.objects.filter(name="Table 2").exists()
    assert in_play_at_tables(helper) == 1


def test_law_26_a_member_sitting_out_the_rubber_in_play_may_help_form_a_fresh_table(
    six, staff, three
):
    table_1 = form(six[:5], staff)
    helper = table_reads.view(table_1).sitting_out[0].member
    table_2 = form([helper, *three], staff, name="Table 2")
    assert table_reads.belongs_to(helper) == table_2
    [claim] = table_reads.view(fresh(table_1)).waiting
    assert claim.member == helper
    assert in_play_at_tables(helper) == 1


def test_law_26_the_return_waits_while_its_member_plays_at_the_table_he_helped_form(
    six, staff, three
):
    table_1 = form(six[:5], staff)
    helper = table_reads.view(table_1).sitting_out[0].member
    table_2 = form([helper, *three], staff, name="Table 2")  # he plays its first rubber
    finish(table_1, staff)
    table_writes.next_rubber(
        table=table_1, seen=str(table_1.revision), user=staff, rng=random.Random(4)
    )
    assert helper not in playing(fresh(table_1))
    assert table_reads.belongs_to(helper) == table_2, (
        "his place at Table 2 is his until he can return"
    )
    [claim] = table_reads.view(fresh(table_1)).waiting
    assert claim.member == helper, "his claim to return waits for the rubber he plays to end"
    reasons = dict(table_reads.view(table_1).last_cut.reasons)
    assert reasons[helper.pk] == "waits: playing a rubber at another table until it ends"
    assert in_play_at_tables(helper) == 1


# -- An open claim, when its member joins another table -----------------------------------------


def test_forming_a_table_settles_the_claim_its_member_held_elsewhere(six, staff, three):
    table_2 = form(six[:4], staff, name="Table 2")
    claimant = six[4]
    table_writes.claim_entry(table=table_2, member=claimant, seen=str(table_2.revision), user=staff)
    table_1 = form([claimant, *three], staff, name="Table 1")
    claim = Candidacy.objects.get(table=table_2, member=claimant)
    assert claim.settled == "withdrawn: a candidate when Table 1 formed"
    assert claim.settled_at is not None
    assert table_reads.view(fresh(table_2)).waiting == []
    # Table 2's next cut does not take him back while he plays at Table 1.
    finish(table_2, staff)
    table_writes.next_rubber(
        table=table_2, seen=str(table_2.revision), user=staff, rng=random.Random(5)
    )
    assert claimant not in playing(fresh(table_2))
    assert table_reads.belongs_to(claimant) == table_1
    assert in_play_at_tables(claimant) == 1


def test_forming_a_table_from_the_page_says_which_claim_it_settled(six, staff, three, client):
    table_2 = form(six[:4], staff, name="Table 2")
    claimant = six[4]
    table_writes.claim_entry(table=table_2, member=claimant, seen=str(table_2.revision), user=staff)
    client.force_login(staff)
    data = {"key": str(uuid.uuid4()), "name": "Table 1"}
    data.update({f"candidate_{n}": m.pk for n, m in enumerate([claimant, *three])})
    page = client.post(reverse("scorer:form_table"), data, follow=True).content.decode()
    assert "Table 1 is formed" in page
    assert "Mrs. Ingram's claim at Table 2 is withdrawn: a candidate at Table 1." in html.unescape(
        page
    )


def test_a_second_claim_is_refused_naming_the_way_out_and_a_member_withdraws_his_own(
    six, staff, three, client
):
    table_1 = form(six[:4], staff)
    table_2 = form([six[4], *three], staff, name="Table 2")
    late = six[5]
    client.force_login(late.user)
    claim_1 = reverse("scorer:table_claim", args=[table_1.pk])
    page_1 = reverse("scorer:table", args=[table_1.pk])
    page_2 = reverse("scorer:table", args=[table_2.pk])
    me = {"member": late.pk}  # the form's choice, as his page has it
    assert submit(client, page_1, claim_1, me).status_code == 302
    answer = submit(client, page_2, reverse("scorer:table_claim", args=[table_2.pk]), me)
    refused = html.unescape(client.get(answer["Location"]).content.decode())
    assert (
        "Mr. Lacey has claimed a place at Table 1 already; a member has one claim at a time. "
        "To claim here instead, withdraw that one first (\u201cWithdraw the claim\u201d at "
        "Table 1)."
    ) in refused
    # His own claim, on Table 1's page, with its button; nobody else's has one for him.
    page = client.get(page_1).content.decode()
    assert "Withdraw the claim" in page
    withdrawn = submit(client, page_1, reverse("scorer:table_withdraw", args=[table_1.pk]))
    assert withdrawn.status_code == 302
    claim = Candidacy.objects.get(table=table_1, member=late)
    assert (claim.settled, claim.settled_at is not None) == ("withdrawn", True)
    assert submit(client, page_2, reverse("scorer:table_claim", args=[table_2.pk]), me)
    assert Candidacy.objects.get(table=table_2, member=late, settled_at__isnull=True)


def test_a_member_withdraws_only_his_own_claim(six, staff, three, client):
    table_1 = form(six[:4], staff)
    table_writes.claim_entry(table=table_1, member=six[5], seen=str(table_1.revision), user=staff)
    client.force_login(three[0].user)
    page = client.get(reverse("scorer:table", args=[table_1.pk])).content.decode()
    assert "Withdraw the claim" not in page
    answer = client.post(
        reverse("scorer:table_withdraw", args=[table_1.pk]),
        {"key": str(uuid.uuid4()), "seen": str(fresh(table_1).revision), "member": six[5].pk},
    )
    assert answer.status_code == 403
    assert Candidacy.objects.filter(member=six[5], settled_at__isnull=True).exists()


# -- Law 27: a substitute is not playing elsewhere -----------------------------------------------


def test_a_player_in_a_rubber_in_play_at_another_table_cannot_be_a_substitute(six, staff, three):
    form(six[:4], staff)
    table_2 = form([six[4], *three], staff, name="Table 2")
    quitting = table_reads.view(table_2).seats[0].member
    with pytest.raises(Refused, match=r"Mrs\. Carr is playing the rubber in play at Table 1"):
        table_writes.appoint_substitute(
            table=table_2,
            quitting=quitting,
            substitute=six[0],
            seen=str(table_2.revision),
            user=staff,
        )
    assert in_play_at_tables(six[0]) == 1
    assert not Seat.objects.filter(substitute=six[0]).exists()


def test_a_member_sitting_out_at_another_table_may_be_a_substitute(six, staff, three):
    table_1 = form(six[:5], staff)
    resting = table_reads.view(table_1).sitting_out[0].member
    table_2 = form([six[5], *three], staff, name="Table 2")
    quitting = table_reads.view(table_2).seats[0].member
    table_writes.appoint_substitute(
        table=table_2, quitting=quitting, substitute=resting, seen=str(table_2.revision), user=staff
    )
    assert resting in playing(fresh(table_2))


def test_a_cut_that_would_seat_a_substitute_playing_elsewhere_says_so(six, staff, three):
    table_1 = form(six[:5], staff)
    resting = table_reads.view(table_1).sitting_out[0].member
    table_2 = form([six[5], *three], staff, name="Table 2")
    quitting = table_reads.view(table_2).seats[0].member
    table_writes.appoint_substitute(
        table=table_2, quitting=quitting, substitute=resting, seen=str(table_2.revision), user=staff
    )
    finish(table_1, staff)  # she sat out: the cut would seat her
    with pytest.raises(Refused, match=r"plays for .* at Table 2 until that rubber ends"):
        table_writes.next_rubber(
            table=table_1, seen=str(table_1.revision), user=staff, rng=random.Random(6)
        )
    assert in_play_at_tables(resting) == 1


# -- "Form a table" offers who may be chosen ---------------------------------------------------


def test_forming_offers_only_who_may_be_chosen_and_names_who_is_elsewhere(six, staff, client):
    table_1 = form(six[:5], staff)
    resting = table_reads.view(table_1).sitting_out[0].member
    players = playing(table_1)
    client.force_login(staff)
    page = client.get(reverse("scorer:tables")).content.decode()
    form_html = page.split('action="/tables/new/"')[1].split("</form>")[0]
    for player in players:
        assert f">{player.name}<" not in form_html, f"{player.name} plays at Table 1"
    assert f">{resting.name} (Table 1, sitting out)<" in form_html
    assert f">{six[5].name}<" in form_html
    names = ", ".join(sorted(player.name for player in players))
    assert f"Not offered, playing the rubber in play at Table 1: {names}." in form_html


# -- Start it anyway: a rubber outside the evening's tables -------------------------------------


def test_a_player_of_a_tables_rubber_in_play_starts_no_rubber_outside_the_tables(
    six, staff, client
):
    """ "Start it anyway" once seated her in a second rubber: a person sits at one table."""
    form(six[:4], staff)
    client.force_login(six[0].user)
    data = {"table": "Side table", "first_dealer": "0", "key": uuid.uuid4()}
    data.update({f"seat_{n}": m.pk for n, m in enumerate([six[0], six[4], six[5], six[1]])})
    asked = client.post(reverse("scorer:start"), data)
    assert asked.status_code == 409
    assert "Start it anyway" not in asked.content.decode()
    assert client.post(reverse("scorer:start"), {**data, "anyway": "on"}).status_code == 409
    with pytest.raises(Refused, match="is playing the rubber in play at Table 1: a member plays"):
        rubber_writes.start_rubber(
            table="Side table",
            members=[six[0], six[4], six[5], six[1]],
            first_dealer=0,
            user=staff,
        )
    assert not Rubber.objects.filter(table="Side table").exists()


# -- The database holds it, whatever asks -------------------------------------------------------


def refused(write):
    with pytest.raises(DatabaseError) as raised, transaction.atomic():
        write()
    return str(raised.value)


def test_the_database_seats_nobody_in_two_rubbers_in_play_at_the_evenings_tables(six, staff):
    table_1 = form(six[:4], staff)
    carr = six[0]
    table_2 = Table.objects.create(name="Table 2", day=table_1.day, formed_by=staff)
    rubber = Rubber.objects.create(
        table="Table 2", at_table=table_2, started_by=staff, first_dealer=0
    )
    said = "a member plays one rubber at a time at the evening's tables"
    assert said in refused(lambda: Seat.objects.create(rubber=rubber, member=carr, position=0))
    seat = Seat.objects.create(rubber=rubber, member=six[4], position=0)
    assert said in refused(lambda: Seat.objects.filter(pk=seat.pk).update(substitute=carr))
    # Rubbers outside the evening's tables are not counted by these guards (the place each
    # member takes keeps him to one: scorer/club/places.py)...
    plain = Rubber.objects.create(table="Side table", started_by=staff, first_dealer=0)
    Seat.objects.create(rubber=plain, member=carr, position=0)
    # ...nor moved to one.
    assert "a rubber's table is never changed" in refused(
        lambda: Rubber.objects.filter(pk=plain.pk).update(at_table=table_2)
    )
    # Another evening's tables are another evening's.
    tomorrow = Table.objects.create(
        name="Table 1", day=table_1.day + timedelta(days=1), formed_by=staff
    )
    later = Rubber.objects.create(
        table="Table 1", at_table=tomorrow, started_by=staff, first_dealer=0
    )
    Seat.objects.create(rubber=later, member=carr, position=0)
    # An agreed rubber frees its players.
    finish(table_1, staff)
    Seat.objects.create(rubber=rubber, member=carr, position=1)


def test_the_database_keeps_a_player_of_the_rubber_in_play_at_its_table(six, staff):
    table_1 = form(six[:5], staff)
    player = playing(table_1)[0]
    resting = table_reads.view(table_1).sitting_out[0].member
    assert "a player of the rubber in play keeps his place at its table" in refused(
        lambda: Membership.objects.filter(member=player, left_at__isnull=True).update(
            left_at=timezone.now()
        )
    )
    Membership.objects.filter(member=resting, left_at__isnull=True).update(left_at=timezone.now())
