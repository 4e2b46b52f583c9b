"""elwell-club/1 carries every game and the tables of an evening: a Three-handed Bridge and
a Short Whist rubber, agreed and posted, and a table of six with its claims, substitute and
cuts, go out and come back the same; damage peculiar to them is refused, naming the place."""

from __future__ import annotations

import copy
import json
import random
import uuid
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ledger.club.document import ImportRefused, export_club, import_club
from ledger.desk import services as desk
from ledger.models import Posting, Stake
from scorer import engine
from scorer.models import Candidacy, Club, Deal, Membership, Rubber, Seat, Table, TableCut
from scorer.rubbers import reads, writes
from scorer.tables import reads as table_reads
from scorer.tables import writes as table_writes
from tests.support.club import empty_the_club, make_member
from tests.support.games import the_rubber_of_the_format, whist
from tests.support.rubbers import deal

NAMES = [
    ("Mrs. Carr", "Carr"),
    ("Miss Fenwick", "Fenwick"),
    ("Mr. Dane", "Dane"),
    ("Col. Hartley", "Hartley"),
    ("Mrs. Ingram", "Ingram"),
    ("Mr. Lacey", "Lacey"),
    ("Miss Moore", "Moore"),
    ("Mr. North", "North"),
    ("Mrs. Orme", "Orme"),
    ("Mr. Pike", "Pike"),
    ("Miss Quill", "Quill"),
]


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("secretary", password="pw", is_staff=True)


@pytest.fixture
def members(db):
    return [make_member(name, short) for name, short in NAMES]


def agree_it(rubber, staff):
    state = reads.rubber_state(Rubber.objects.get(pk=rubber.pk))
    writes.agree(
        state=state, user=staff, key=uuid.uuid4(), revision=state.rubber.revision, side=None
    )


def played(rubber, deals, staff):
    writes.replay(rubber=rubber, deals=deals, user=staff)
    agree_it(rubber, staff)
    return Rubber.objects.get(pk=rubber.pk)


@pytest.fixture
def games_club(staff, members):
    """A club whose Whist nights are its default, at £0.50 a hundred and £0.05 a point: a
    Three-handed rubber played by games (cut for the dummy) and a Short Whist rubber with
    a revoke and its penalty, each agreed and posted."""
    club = Club.get()
    club.game = engine.WHIST.code
    club.save()
    desk.set_stake(
        per_hundred=Decimal("0.50"),
        per_point=Decimal("0.05"),
        currency="GBP",
        smallest_unit=Decimal("0.01"),
        user=staff,
        seen=desk.stake_seen(None),
        at=timezone.now() - timezone.timedelta(days=1),
    )
    three = writes.start_rubber(
        table="Table 1",
        members=members[:3],
        first_dealer=writes.CUT_FOR_THE_DUMMY,
        user=staff,
        rng=random.Random(5),
        game=engine.THREE_HANDED,
        unit=engine.Unit.GAME,
    )
    played(three, [deal("NT", (12, 1))], staff)
    short = writes.start_rubber(
        table="Table 2",
        members=members[3:7],
        first_dealer=0,
        user=staff,
        game=engine.WHIST,
    )
    revoked = whist((7, 6), (2, 2), dealer="they", revokes=(("we", "add"),))
    played(
        short, [*the_rubber_of_the_format()[:3], revoked, *the_rubber_of_the_format()[3:]], staff
    )
    return export_club()


def the_same_again(exported):
    document = json.loads(json.dumps(exported))
    empty_the_club()
    import_club(document)
    assert json.loads(json.dumps(export_club())) == document
    return document


def test_a_three_handed_and_a_whist_rubber_come_back_the_same_and_post_again(games_club):
    postings = sorted(Posting.objects.values_list("member__name", "points", "amount"))
    assert len(postings) == 7  # three shares, four shares

    document = the_same_again(games_club)

    three = Rubber.objects.get(table="Table 1")
    short = Rubber.objects.get(table="Table 2")
    assert (three.game, three.unit) == ("three-handed", "game")
    assert [seat.position for seat in three.seats.all()] == [0, 1, 3]
    assert three.cut["for"] == "dummy"
    assert short.game == "whist"
    assert short.deals.get(number=4).penalties == [{"by": "we", "penalty": "add"}]
    assert Club.get().game == "whist"
    assert Stake.objects.get().per_point == Decimal("0.05")
    assert document["rubbers"][1]["format"] == "whist-rubber/1"
    assert sorted(Posting.objects.values_list("member__name", "points", "amount")) == postings


def rubber_of(document, game_format):
    return next(n for n, r in enumerate(document["rubbers"]) if r["format"] == game_format)


def refused(document, match):
    empty_the_club()
    with pytest.raises(ImportRefused, match=match):
        import_club(document)
    assert not Rubber.objects.exists()


def test_a_three_handed_rubber_names_three_seats(games_club):
    broken = copy.deepcopy(games_club)
    broken["rubbers"][0]["seats"].append("pike")
    refused(broken, r"^rubbers\[0\]\.seats must name 3 different members: Three-handed Bridge")


def test_a_three_handed_cut_is_for_the_dummy(games_club):
    broken = copy.deepcopy(games_club)
    broken["rubbers"][0]["cut"]["for"] = "partners"
    refused(broken, r'^rubbers\[0\]\.cut\.for: at Three-handed Bridge the table cuts for "dummy"')


def test_a_three_handed_dealer_who_has_seen_two_hands_does_not_redouble(games_club):
    broken = copy.deepcopy(games_club)
    broken["rubbers"][0]["deals"][0]["doubles"] = 2
    refused(broken, r"^rubbers\[0\]: deal 1: doubles: the dealer, the dummy's holder")


def test_a_whist_deal_has_no_doubling(games_club):
    broken = copy.deepcopy(games_club)
    broken["rubbers"][1]["deals"][0]["doubles"] = 1
    refused(broken, r"^rubbers\[1\]: deal 1: doubles")


def test_a_whist_revoke_names_a_penalty_whist_knows(games_club):
    broken = copy.deepcopy(games_club)
    broken["rubbers"][1]["deals"][3]["revokes"][0]["penalty"] = "forfeit"
    refused(broken, r"^rubbers\[1\]: deal 4: .*penalty")


def test_a_whist_rubber_agreed_at_another_value_is_refused(games_club):
    broken = copy.deepcopy(games_club)
    broken["rubbers"][1]["agreement"]["value"] += 1
    refused(broken, r"^rubbers\[1\]\.agreement: agreed at")


def test_the_players_named_are_the_members_seated(games_club):
    broken = copy.deepcopy(games_club)
    broken["rubbers"][1]["players"]["we"].reverse()
    refused(broken, r"^rubbers\[1\]\.players must be the members in its seats")


def test_a_club_game_must_be_one_the_engine_knows(games_club):
    broken = copy.deepcopy(games_club)
    broken["club"]["game"] = "piquet"
    refused(broken, r"^club\.game must be one of 'bridge', 'three-handed', 'whist'")


def test_a_file_from_before_the_games_and_tables_still_imports(games_club):
    older = copy.deepcopy(games_club)
    del older["tables"], older["club"]["game"], older["stakes"][0]["per_point"]
    for rubber in older["rubbers"]:
        del rubber["substitutes"], rubber["at_table"]
    empty_the_club()
    import_club(older)
    assert Club.get().game == "bridge"
    assert Stake.objects.get().per_point == 0


# -- Tables of an evening ---------------------------------------------------------------------


def form(candidates, staff, name, seed):
    return table_writes.form_table(
        name=name,
        day=timezone.localdate(),
        candidates=candidates,
        user=staff,
        rng=random.Random(seed),
    )


def seen(table):
    table.refresh_from_db()
    return str(table.revision)


def won_and_agreed(table, staff):
    rubber = table.rubbers.get(agreed_at__isnull=True)
    played(rubber, [deal("NT", (12, 1)), deal("NT", (12, 1), dealer="they")], staff)


@pytest.fixture
def tables_club(staff, members):
    """Table 1 of six: its first rubber agreed, the second in play with a substitute, and
    a claim waiting; Table 2 of four, its rubber agreed and the table broken up."""
    table = form(members[:6], staff, "Table 1", seed=1)
    won_and_agreed(table, staff)
    table_writes.next_rubber(table=table, seen=seen(table), user=staff, rng=random.Random(2))
    in_play = table_reads.view(table)
    sitting_out = in_play.sitting_out[0].member
    table_writes.appoint_substitute(
        table=table,
        quitting=in_play.seats[0].member,
        substitute=sitting_out,
        seen=seen(table),
        user=staff,
    )
    table_writes.claim_entry(table=table, member=members[6], seen=seen(table), user=staff)
    other = form(members[7:11], staff, "Table 2", seed=3)
    won_and_agreed(other, staff)
    table_writes.break_up(table=other, seen=seen(other), user=staff)
    return export_club()


def test_the_tables_of_an_evening_come_back_the_same(tables_club):
    assert [len(t["cuts"]) for t in tables_club["tables"]] == [2, 1]

    the_same_again(tables_club)

    table_1, table_2 = Table.objects.order_by("formed_at")
    assert table_1.rubbers.count() == 2
    assert Membership.objects.filter(table=table_1, left_at__isnull=True).count() == 6
    assert Candidacy.objects.get(settled_at__isnull=True).member.short_name == "Moore"
    assert Seat.objects.filter(substitute__isnull=False).count() == 1
    assert table_2.broken_up_at is not None
    assert not Membership.objects.filter(table=table_2, left_at__isnull=True).exists()
    assert TableCut.objects.count() == 3
    client = Client()
    client.force_login(get_user_model().objects.get(username="secretary"))  # imported afresh
    for table in (table_1, table_2):
        assert client.get(reverse("scorer:table", args=[table.pk])).status_code == 200


def test_a_member_open_at_two_tables_is_refused_in_words(tables_club):
    broken = copy.deepcopy(tables_club)
    member = broken["tables"][0]["members"][0]["member"]
    broken["tables"][1]["broken_up_at"] = None
    for membership in broken["tables"][1]["members"]:
        membership["left_at"], membership["why_left"] = None, ""
    broken["tables"][1]["members"][0]["member"] = member
    refused(broken, r"^tables\[1\]\.members\[0\]: .* belongs to a table still \(tables\[0\]")


def test_a_claim_open_twice_is_refused_in_words(tables_club):
    broken = copy.deepcopy(tables_club)
    waiting = next(c for c in broken["tables"][0]["claims"] if c["settled_at"] is None)
    broken["tables"][0]["claims"].append(dict(waiting))
    refused(broken, r"^tables\[0\]\.claims\[\d\]: Miss Moore has a claim waiting already")


def test_a_table_cut_naming_a_rubber_of_another_table_is_refused(tables_club):
    broken = copy.deepcopy(tables_club)
    broken["tables"][0]["cuts"][0]["rubber"] = broken["tables"][1]["cuts"][0]["rubber"]
    refused(broken, r"^tables\[0\]\.cuts\[0\]\.rubber must be the place in `rubbers` of a rubber")


def test_a_substitute_is_not_the_seat_s_own_member(tables_club):
    broken = copy.deepcopy(tables_club)
    at = next(n for n, r in enumerate(broken["rubbers"]) if r["substitutes"])
    substitute = broken["rubbers"][at]["substitutes"][0]
    substitute["substitute"] = substitute["for"]
    refused(broken, rf"^rubbers\[{at}\]\.substitutes\[0\]\.substitute: .* his own substitute")


def test_a_broken_up_table_keeps_no_member(tables_club):
    broken = copy.deepcopy(tables_club)
    broken["tables"][1]["members"][0]["left_at"] = None
    broken["tables"][1]["members"][0]["why_left"] = ""
    refused(broken, r"^tables\[1\]\.members\[0\]\.left_at: Table 2 broke up")


def test_a_deal_of_an_imported_whist_rubber_is_kept_as_the_table_keeps_it(games_club):
    the_same_again(games_club)
    row = Deal.objects.filter(rubber__game="whist").get(number=1)
    assert (row.maker, row.doubles, row.played) == ("dealer", 0, True)
