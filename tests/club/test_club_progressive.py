"""Progressive evenings in the club's file: out and back in with everything else, each in
whatever state it was (players arriving, a round being played with a deal in progress, a
correction and one pair's agreement, an evening ended with a tie cut for, played for a
stake and table money, a member's table money waived), the very same document again, the
ledger posting as it did, and every page of each imported evening rendering. A file whose
evening the engine or the site would refuse is refused, naming where, changing nothing."""

from __future__ import annotations

import copy
import json
import random
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ledger.club.document import ImportRefused, export_club, import_club
from ledger.desk import services as desk
from ledger.desk.models import EveningTerms
from ledger.models import Posting
from ledger.settlement import services as settlements
from scorer.engine.progressive import progressive_result_json
from scorer.models import Club
from scorer.progressive import live, reads, writes
from scorer.progressive.models import ProgressiveEvening
from tests.support.club import empty_the_club, make_staff
from tests.support.evenings import (
    agree,
    correct,
    declare,
    members,
    opened,
    play,
    round_played,
    seen,
    tables_of,
)
from tests.support.ledger import set_stake
from tests.support.shared import undone


@pytest.fixture
def secretary(client, staff):
    client.force_login(staff)
    return client


def with_players(staff, players, *, name, guests=()):
    evening = opened(staff, name=name, deals_a_round=2)
    for member in players:
        writes.add_member(evening=evening, member=member, seen=seen(evening), user=staff)
    for guest in guests:
        writes.add_guest(evening=evening, name=guest, seen=seen(evening), user=staff)
    return evening


def draw(staff, evening, seed=1905):
    writes.draw(evening=evening, seen=seen(evening), user=staff, rng=random.Random(seed))
    evening.refresh_from_db()
    return evening


@pytest.fixture
def evenings(secretary, staff):
    return played(secretary, staff)


def played(secretary, staff):
    """Three evenings: one whose players are arriving; one in round 1 with a deal corrected,
    one pair agreed at a table and a deal in progress at the other; one played for a stake
    and table money, ended after two rounds with a tie cut for, its host's table money
    waived. The club lets members open evenings."""
    settings = Club.get()
    settings.members_open_progressive = True
    settings.save()
    set_stake("0.50", staff, at=timezone.now() - timedelta(days=30))
    now = timezone.now()
    sitting = settlements.open_sitting(
        name="Tonight", start=now - timedelta(hours=1), end=now + timedelta(hours=6), user=staff
    )
    # A member plays in one evening at a time: each evening has players of its own.
    nineteen = members(19)

    arriving = with_players(staff, nineteen[16:], name="Arriving", guests=("Mrs. Hale",))

    playing = draw(staff, with_players(staff, nineteen[:8], name="Playing"))
    first, second = tables_of(playing)
    play(secretary, first, trump="H", tricks=8, honours="we:THREE")
    correct(secretary, first, 1, tricks=9, reason="a trick miscounted")
    play(secretary, first, trump="NT", tricks=5)
    agree(secretary, first, "we")
    play(secretary, second, trump="S", tricks=7)
    declare(secretary, second, trump="D", doubles=1)

    ended = draw(staff, with_players(staff, nineteen[8:16], name="Ended"), seed=7)
    desk.set_evening_terms(
        evening=ended,
        stake=Decimal("0.25"),
        per="hundred",
        table_money=Decimal("0.75"),
        user=staff,
        seen="none",
    )
    one, two = tables_of(ended)
    round_played(staff, one, trump="H", tricks=8, honours="we:FOUR")
    # Each pair deals once and takes nine at no-trump: 36 each, a tie, and the cut.
    round_played(staff, two, trump="NT", tricks=9)
    assert tables_of(ended)[1].tie
    writes.next_round(evening=ended, seen=seen(ended), user=staff, rng=random.Random(3))
    for table in tables_of(ended):
        round_played(staff, table, trump="C", tricks=10, honours="they:THREE")
    writes.end(evening=ended, seen=seen(ended), user=staff)
    charge = Posting.objects.filter(evening=ended, kind=Posting.TABLE, member__isnull=False)[0]
    desk.waive(charge=charge, reason="the host", user=staff)
    return {"arriving": arriving, "playing": playing, "ended": ended, "sitting": sitting}


def the_ledger():
    return sorted(
        (p.member.name if p.member else "", p.kind, p.points, p.amount, p.reason)
        for p in Posting.objects.select_related("member")
    )


def worked_out() -> dict[str, object]:
    """Each drawn evening's result, as the engine works it out from the rows."""
    return {
        evening.name: progressive_result_json(reads.evening_record(evening).score)
        for evening in ProgressiveEvening.objects.filter(drawn_at__isnull=False)
    }


def every_page_of(evening: ProgressiveEvening) -> list[str]:
    pages = [
        reverse("scorer:progressive:evenings"),
        reverse("scorer:progressive:evening", args=[evening.pk]),
        reverse("ledger:evening_terms", args=[evening.pk]),
        reverse("scorer:progressive:board", args=[live.board_token(evening)]),
    ]
    if evening.drawn:
        pages += [
            reverse("scorer:progressive:results", args=[evening.pk]),
            reverse("scorer:progressive:print_tallies", args=[evening.pk]),
            reverse("scorer:progressive:print_tables", args=[evening.pk]),
            reverse("scorer:progressive:print_results", args=[evening.pk]),
        ]
    for table in evening.tables.all():
        pages.append(reverse("scorer:progressive:table", args=[table.pk]))
        pages += [
            reverse("scorer:progressive:correction", args=[table.pk, deal.number])
            for deal in table.deals.filter(recorded_at__isnull=False, table__agreed_at=None)
        ]
    return pages


def test_every_evening_comes_back_the_same_posting_as_it_did(evenings):
    exported = json.loads(json.dumps(export_club()))
    ledger, results = the_ledger(), worked_out()
    assert [e["name"] for e in exported["progressive"]] == ["Arriving", "Playing", "Ended"]
    assert exported["club"]["members_open_progressive"] is True
    assert len(exported["evening_terms"]) == 1
    assert next(w for w in exported["waivers"] if "evening" in w)["reason"] == "the host"

    empty_the_club()
    import_club(exported)

    assert json.loads(json.dumps(export_club())) == exported
    assert the_ledger() == ledger
    assert worked_out() == results
    assert EveningTerms.objects.get().words == (
        "£0.25 a hundred points, and £0.75 table money from each member"
    )
    result = settlements.settlement(settlements.Sitting.objects.get())
    assert result.total == 0
    assert sum(line.table_money for line in result.lines if line.house) == Decimal("5.25")


def test_every_page_of_an_imported_evening_renders(evenings):
    exported = json.loads(json.dumps(export_club()))
    empty_the_club()
    import_club(exported)
    client = Client()
    client.force_login(get_user_model().objects.get(username="secretary"))
    pages = [
        page for evening in ProgressiveEvening.objects.all() for page in every_page_of(evening)
    ]
    assert len(pages) > 20
    for page in pages:
        answer = client.get(page)
        assert answer.status_code == 200, page
    playing = ProgressiveEvening.objects.get(name="Playing")
    first = tables_of(playing)[0]
    html = client.get(reverse("scorer:progressive:table", args=[first.pk])).content.decode()
    assert "“a trick miscounted”" in html


def refused(document, match):
    with pytest.raises(ImportRefused, match=match):
        import_club(document)
    assert not ProgressiveEvening.objects.exists()


@pytest.fixture(scope="module")
def exported_file(django_db_setup, django_db_blocker):
    """The three evenings' file, made once for the module, the evenings undone."""
    with undone(django_db_blocker):
        staff = make_staff()
        secretary = Client()
        secretary.force_login(staff)
        played(secretary, staff)
        return json.loads(json.dumps(export_club()))


@pytest.fixture
def exported(db, exported_file):
    return copy.deepcopy(exported_file)


def ended_of(document):
    return document["progressive"][2]


def test_a_deal_the_laws_refuse_is_refused_naming_its_round_table_and_deal(exported):
    deal = ended_of(exported)["rounds"][0]["tables"][0]["deals"][0]
    deal["tricks"] = {"we": 9, "they": 5}
    refused(
        exported,
        r"^progressive\[2\]: round 1, table 1, deal 1: tricks must add up to 13 \(got 9 \+ 5\)$",
    )


def test_a_table_holding_someone_the_moves_did_not_send_there_is_refused(exported):
    second = ended_of(exported)["rounds"][1]["tables"]
    second[0]["we"][0], second[1]["we"][0] = second[1]["we"][0], second[0]["we"][0]
    refused(exported, r"^progressive\[2\]: round 2, table \d: the moves of round 1 sent player")


def test_a_member_named_otherwise_than_in_players_is_refused(exported):
    ended_of(exported)["players"][0] = "Mr. Nobody"
    refused(exported, r"^progressive\[2\]\.people\[0\]\.member: \w+ is Mr\. \w+, not Mr\. Nobody")


def test_a_tie_without_its_cut_is_refused(exported):
    tables = ended_of(exported)["tables"]
    tied = next(n for n, table in enumerate(tables) if table["tie_cut"])
    tables[tied]["tie_cut"] = None
    refused(exported, rf"^progressive\[2\]\.tables\[{tied}\]\.tie_cut: given with the round's tie")


def test_a_round_seated_before_the_one_before_was_agreed_is_refused(exported):
    ended_of(exported)["tables"][0]["agreement"]["agreed_at"] = None
    refused(
        exported,
        r"^progressive\[2\]\.tables\[0\]\.agreement: round 1 is not agreed at table 1 of Ended: "
        "every table agrees its round",
    )


def test_an_evening_played_for_a_stake_with_a_guest_is_refused(exported):
    arriving = exported["progressive"][0]
    guest = next(p for p in arriving["people"] if p["member"] is None)
    after = datetime.fromisoformat(guest["arrived_at"]) + timedelta(seconds=1)
    exported["evening_terms"].append(
        {**exported["evening_terms"][0], "evening": 0, "set_at": after.isoformat()}
    )
    refused(exported, r"^evening_terms\[1\]: .* as a guest, with no account in the ledger")


def test_a_file_without_progressive_evenings_still_imports(exported):
    older = copy.deepcopy(exported)
    for key in ("progressive", "evening_terms"):
        del older[key]
    older["waivers"] = [w for w in older["waivers"] if "evening" not in w]
    del older["club"]["members_open_progressive"]
    import_club(older)
    assert not ProgressiveEvening.objects.exists()
    assert Club.get().members_open_progressive is False
