"""A person sits at one table: a member is in at most one rubber in play (at a table of
the evening or not), one Progressive evening or one Duplicate evening's pair, whatever
the path into a seat, and a refusal names where he is playing (scorer/club/places.py).
Each of issue 33's five paths, through the writes, then the ends of play that free him."""

from __future__ import annotations

import random
import uuid

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from scorer import engine
from scorer.club import places
from scorer.models import Member, Place, ProgressiveEvening, ProgressivePlayer, Rubber, Seat
from scorer.plumbing.keys import Refused
from scorer.progressive import writes as progressive
from scorer.rubbers import reads as rubber_reads
from scorer.rubbers import writes as rubber_writes
from scorer.tables import writes as table_writes
from tests.support import duplicate_evenings
from tests.support.evenings import drawn, members, opened, seen, tables_of

ONE_TABLE = "a member plays at one table at a time"


@pytest.fixture
def eight(db):
    return members(8)


def form(name, four, staff):
    return table_writes.form_table(
        name=name, day=timezone.localdate(), candidates=four, user=staff, rng=random.Random(1)
    )


def add(evening, member, staff):
    return progressive.add_member(evening=evening, member=member, seen=seen(evening), user=staff)


def test_a_member_in_a_rubber_in_play_at_a_table_is_not_taken_into_a_progressive_evening(
    eight, staff
):
    table = form("Table 1", eight[:4], staff)
    evening = opened(staff, name="The Winter Drive")
    with pytest.raises(Refused) as refused:
        add(evening, eight[0], staff)
    assert str(refused.value) == (
        f"Mr. Carr is playing the rubber in play at {table.name}: {ONE_TABLE}. Nothing was changed."
    )
    assert not ProgressivePlayer.objects.filter(evening=evening).exists()


def test_a_member_at_a_progressive_table_in_play_is_not_formed_into_a_table(eight, staff):
    evening = drawn(staff, eight)
    table = next(t for t in tables_of(evening) if t.seats.filter(player__member=eight[0]))
    with pytest.raises(Refused) as refused:
        form("Table 9", [eight[0], *members(3, start=8)], staff)
    assert str(refused.value).startswith(
        f"Mr. Carr is playing at table {table.number} of tonight's Progressive evening, "
        f"{evening.name}: {ONE_TABLE}."
    )
    assert not Rubber.objects.exists()


def test_a_member_is_drawn_in_one_progressive_evening_at_a_time(eight, staff):
    first = drawn(staff, eight)
    second = opened(staff, name="The other room")
    with pytest.raises(Refused, match=f"of tonight's Progressive evening, {first.name}: "):
        add(second, eight[5], staff)
    assert not second.players.exists()


def test_a_member_of_a_duplicate_pair_in_play_is_not_drawn_at_a_progressive_table(staff):
    sixteen = members(16)
    duplicate = duplicate_evenings.started(staff, sixteen)
    evening = opened(staff, name="The Winter Drive")
    with pytest.raises(Refused) as refused:
        add(evening, sixteen[0], staff)
    assert str(refused.value) == (
        f"Mr. Carr is playing in pair 1 of tonight's Duplicate evening, {duplicate.name}: "
        f"{ONE_TABLE}. Nothing was changed."
    )


def test_four_playing_short_whist_from_start_a_rubber_form_no_new_table(eight, staff):
    four = eight[:4]
    whist = rubber_writes.start_rubber(
        table="The card room", members=four, first_dealer=0, user=staff, game=engine.WHIST
    )
    with pytest.raises(
        Refused, match=f"is playing the rubber in play at The card room: {ONE_TABLE}"
    ):
        form("Table 1", four, staff)
    assert list(Rubber.objects.filter(agreed_at__isnull=True)) == [whist]


# -- Each place taken, and freed by the end of play ----------------------------------------------


def test_a_rubber_agreed_frees_its_players(eight, staff):
    rubber = rubber_writes.start_rubber(
        table="The card room", members=eight[:4], first_dealer=0, user=staff
    )
    with pytest.raises(Refused):
        rubber_writes.start_rubber(table="T2", members=eight[:4], first_dealer=0, user=staff)
    state = rubber_reads.rubber_state(rubber)
    rubber_writes.agree(
        state=state, user=staff, key=uuid.uuid4(), revision=rubber.revision, side=None
    )  # abandoned before a deal
    assert rubber_writes.start_rubber(table="T2", members=eight[:4], first_dealer=0, user=staff)


def test_the_evenings_end_frees_its_players(eight, staff):
    from tests.support.evenings import round_played

    evening = drawn(staff, eight)
    for table in tables_of(evening):
        round_played(staff, table)
    progressive.end(evening=evening, seen=seen(evening), user=staff)
    assert not Place.objects.exists()
    form("Table 1", eight[:4], staff)


def test_a_player_removed_before_the_draw_is_free(eight, staff):
    evening = opened(staff)
    add(evening, eight[0], staff)
    player = evening.players.get(member=eight[0])
    progressive.remove_player(evening=evening, player=player, seen=seen(evening), user=staff)
    form("Table 1", eight[:4], staff)


def test_a_duplicate_evenings_end_frees_its_pairs(staff):
    sixteen = members(12)
    evening = duplicate_evenings.started(staff, sixteen, tables=3, boards_a_round=1)
    with pytest.raises(Refused, match="in pair 1 of tonight's Duplicate evening"):
        form("Table 1", sixteen[:4], staff)
    duplicate_evenings.played_through(staff, evening)
    from scorer.duplicate import writes as duplicate

    duplicate.end(evening=evening, seen=duplicate_evenings.seen(evening), user=staff)
    form("Table 1", sixteen[:4], staff)


def test_a_substitute_takes_the_quitting_players_place(eight, staff):
    table = form("Table 1", eight[:4], staff)
    evening = drawn(staff, members(8, start=8))
    quitting = Seat.objects.get(rubber__at_table=table, position=1).member
    busy = evening.players.first().member
    with pytest.raises(Refused, match="A substitute is someone not playing \\(Law 27\\)"):
        table_writes.appoint_substitute(
            table=table, quitting=quitting, substitute=busy, seen=str(table.revision), user=staff
        )
    table.refresh_from_db()
    free = Member.objects.get(pk=eight[4].pk)
    table_writes.appoint_substitute(
        table=table, quitting=quitting, substitute=free, seen=str(table.revision), user=staff
    )
    assert Place.objects.get(member=free).rubber.at_table == table
    assert not Place.objects.filter(member=quitting).exists()
    add(opened(staff, name="Later"), quitting, staff)  # the quitter plays elsewhere


# -- The database keeps it, whatever writes ------------------------------------------------------


def test_the_database_places_a_member_once(eight, staff):
    rubber = rubber_writes.start_rubber(table="T", members=eight[:4], first_dealer=0, user=staff)
    evening = opened(staff)
    with pytest.raises(IntegrityError), transaction.atomic():
        Place.objects.create(member=eight[0], progressive=evening)
    with pytest.raises(IntegrityError), transaction.atomic():
        Place.objects.create(member=eight[5], rubber=rubber, progressive=evening)
    with pytest.raises(IntegrityError), transaction.atomic():
        Place.objects.create(member=eight[5])


def test_a_form_offers_only_the_members_free_to_play(eight, staff):
    form("Table 1", eight[:4], staff)
    free = places.free_to_play(Member.objects.filter(pk__in=[m.pk for m in eight]))
    assert list(free.order_by("pk")) == eight[4:]


def test_what_is_in_play_is_placed_from_the_record_and_a_second_place_is_found(eight, staff):
    """What migration 0015 and the club's file do: place everyone playing now as the record
    says, keeping the first place of a member the record has in two."""
    rubber = rubber_writes.start_rubber(table="T", members=eight[:4], first_dealer=0, user=staff)
    evening = opened(staff)
    add(evening, eight[4], staff)
    ProgressivePlayer.objects.create(evening=evening, member=eight[0])  # behind the site's back
    Place.objects.all().delete()
    from django.apps import apps

    twice = places.fill(apps.get_model)
    assert twice == [(eight[0].pk, {"progressive": evening.pk})]
    assert {p.member_id: p.rubber_id or p.progressive_id for p in Place.objects.all()} == {
        **{m.pk: rubber.pk for m in eight[:4]},
        eight[4].pk: evening.pk,
    }
    assert places.twice(*twice[0]).startswith(
        "Mr. Carr is playing the rubber in play at T, and in tonight's Progressive evening"
    )


def test_each_form_seating_members_offers_only_those_free_to_play(eight, staff):
    """Start a rubber, form a table, a Progressive evening's arrivals, a Duplicate pair:
    a member playing a rubber in play is offered by none of them."""
    from scorer.duplicate.forms import AddPairForm
    from scorer.progressive.forms import arriving
    from scorer.rubbers.forms.starting import StartRubberForm
    from scorer.tables.forms import FormTableForm

    rubber_writes.start_rubber(table="The card room", members=eight[:4], first_dealer=0, user=staff)
    free = {m.name for m in eight[4:]}

    def names(groups):
        return {m.name for group in groups for m in group.members}

    assert names(StartRubberForm(chooser=eight[4]).offered) == free
    assert names(FormTableForm().offered) == free
    assert {m.name for m in arriving(opened(staff), "")} == free
    pair = AddPairForm(evening=duplicate_evenings.opened(staff))
    assert names(pair.offered) == free


def test_a_club_file_with_a_member_in_play_twice_is_refused_whole(eight, staff):
    """The club's file: whoever plays now takes his place as it is read in; a member the
    file has in a rubber in play and in a Progressive evening at once is refused, by name,
    and nothing of the file is written."""
    import json

    from ledger.club.document import ImportRefused, export_club, import_club
    from tests.support.club import empty_the_club

    rubber_writes.start_rubber(table="Table 1", members=eight[:4], first_dealer=0, user=staff)
    evening = opened(staff, name="The Winter Drive")
    add(evening, eight[4], staff)
    document = json.loads(json.dumps(export_club()))
    empty_the_club()
    import_club(document)  # as it went out: each in one place
    assert Place.objects.count() == 5
    carr, evening = Member.objects.get(name="Mr. Carr"), ProgressiveEvening.objects.get()
    ProgressivePlayer.objects.create(evening=evening, member=carr)  # behind the site's back
    twice = json.loads(json.dumps(export_club()))
    empty_the_club()
    with pytest.raises(ImportRefused) as refused:
        import_club(twice)
    assert str(refused.value) == (
        f"Mr. Carr is playing the rubber in play at Table 1, and in tonight's Progressive "
        f"evening, The Winter Drive at once: {ONE_TABLE}"
    )
    assert not Member.objects.exists()
