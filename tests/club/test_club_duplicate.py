"""Duplicate evenings in the club's file: out and back in with everything else, each in
whatever state it was (pairs coming, one a pair of guests; in play, with provisional and
accepted results, a director's correction and his entry of a board not played; dealt at the
first table with the honours called and a hand record attached later; ended), the very
same document again, and every page of each imported evening rendering. A file whose
evening the engine or the site would refuse is refused, naming where, changing nothing."""

from __future__ import annotations

import copy
import json
import random
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from ledger.club.document import ImportRefused, export_club, import_club
from scorer.duplicate import reads, writes
from scorer.duplicate.models import DuplicateEvening, DuplicateResult
from scorer.engine import Call, Side, Trump
from scorer.engine.calls import call_of
from scorer.engine.cards import deal_boards, honours_of
from scorer.engine.duplicate import dealing_line
from tests.support.club import empty_the_club, make_staff
from tests.support.duplicate_evenings import (
    entry,
    opened,
    played_through,
    recorded,
    round_played,
    seen,
    started,
    table_of,
    with_pairs,
)
from tests.support.evenings import members
from tests.support.shared import undone


def called_honours(board, trump: Trump) -> Call:
    dealer = Side.WE if dealing_line(board.number).value == "ns" else Side.THEY
    return Call(*call_of(trump, honours_of(board.dealt, trump, dealer)))


@pytest.fixture
def evenings(staff):
    played(staff)
    return DuplicateEvening.objects.order_by("opened_at")


def played(staff) -> None:
    """Four evenings: pairs coming, one of guests; in play (a result provisional, one
    corrected by the director, a board he recorded as not played); dealt at the first
    table, the honours called, and its hand record attached later; ended."""
    people = members(16)
    coming = opened(staff, name="Coming", tables=3)
    with_pairs(staff, coming, members(2, start=40))  # a member plays one evening at a time
    writes.add_pair(evening=coming, first="Mrs. Hale", second="Mr. Vane", seen=seen(coming),
                    user=staff)  # fmt: skip

    playing = started(staff, people, tables=4)
    playing.name = "Playing"
    DuplicateEvening.objects.filter(pk=playing.pk).update(name="Playing")
    round_played(staff, playing, 1, entry("H", 9))
    recorded(staff, table_of(playing, 2, 1), 5, entry("S", 8), accept=False)
    record = reads.table_record(table_of(playing, 1, 2).pk)
    writes.correct(record=record, user=staff, key=uuid.uuid4(), revision=record.table.revision,
                   board=5, entry=entry("NT", 10), reason="a trick miscounted")  # fmt: skip
    record = reads.table_record(table_of(playing, 2, 2).pk)
    writes.correct(record=record, user=staff, key=uuid.uuid4(), revision=record.table.revision,
                   board=9, entry=writes.Entry(played=False), reason="out of time")  # fmt: skip

    boards = deal_boards(6, rng=random.Random(3))
    at_table = started(staff, members(12, start=16), tables=3, boards_a_round=2,
                       boards_from="table")  # fmt: skip
    DuplicateEvening.objects.filter(pk=at_table.pk).update(name="At the table")
    for number in (1, 2):
        made = writes.Entry(trump=Trump.HEARTS, tricks=7,
                            honours=called_honours(boards[number - 1], Trump.HEARTS))  # fmt: skip
        recorded(staff, table_of(at_table, 1, 1), number, made)
    writes.attach_hands(evening=at_table, boards=boards, seen=seen(at_table), user=staff)

    ended = started(staff, members(12, start=28), tables=3, boards_a_round=1)
    DuplicateEvening.objects.filter(pk=ended.pk).update(name="Ended")
    played_through(staff, ended)
    writes.end(evening=ended, seen=seen(ended), user=staff)


def test_every_evening_goes_out_and_comes_back_the_same(evenings):
    exported = json.loads(json.dumps(export_club()))
    assert [doc["name"] for doc in exported["duplicate"]] == [
        "Coming", "Playing", "At the table", "Ended",
    ]  # fmt: skip
    called = [r["called"] for r in exported["duplicate"][2]["result_records"]]
    assert all(c is not None for c in called), "the honours called, kept beside the cards'"
    empty_the_club()
    import_club(exported)
    assert json.loads(json.dumps(export_club())) == exported
    assert DuplicateResult.objects.filter(version__gt=0).count() == 2
    client = Client()
    client.force_login(get_user_model().objects.get(username="secretary"))
    for evening in DuplicateEvening.objects.all():
        pages = [reverse("scorer:duplicate:evening", args=[evening.pk])]
        if evening.started:
            pages += [
                reverse(f"scorer:duplicate:{name}", args=[evening.pk])
                for name in ("travellers", "ranking")
            ]
            pages += [reverse("scorer:duplicate:card", args=[evening.pk, 1])]
        for page in pages:
            assert client.get(page).status_code == 200, page


def refused(exported, change) -> str:
    broken = copy.deepcopy(exported)
    change(broken["duplicate"])
    empty_the_club()
    with pytest.raises(ImportRefused) as error:
        import_club(broken)
    assert not DuplicateEvening.objects.exists()
    return str(error.value)


@pytest.fixture(scope="module")
def exported_file(django_db_setup, django_db_blocker):
    """The four evenings' file, made once for the module, the evenings undone."""
    with undone(django_db_blocker):
        played(make_staff())
        return json.loads(json.dumps(export_club()))


@pytest.fixture
def exported(db, exported_file):
    return copy.deepcopy(exported_file)


def test_a_result_the_movement_does_not_call_for_is_refused(exported):
    def swap(evenings):
        evenings[1]["results"][0]["ew"] = 6

    assert refused(exported, swap).startswith("duplicate[1]: board 1, pairs 1 and 6: ")


def test_a_result_the_laws_refuse_is_refused(exported):
    def thirteen(evenings):
        evenings[3]["results"][0]["tricks"] = {"ns": 7, "ew": 7}

    assert refused(exported, thirteen) == (
        "duplicate[3]: board 1, pairs 1 and 4: tricks must add up to 13 (got 7 + 7)"
    )


def test_an_ended_evening_has_every_result(exported):
    def lost(evenings):
        evenings[3]["results"].pop()
        evenings[3]["result_records"].pop()

    assert "no result is recorded" in refused(exported, lost)


def test_a_correction_must_end_in_the_result_as_it_stands(exported):
    def changed(evenings):
        for record in evenings[1]["result_records"]:
            if record["corrections"] and record["corrections"][0]["before"] is not None:
                record["corrections"][0]["after"]["tricks_ns"] = 3

    assert refused(exported, changed).endswith(
        "corrections: the last one's `after` is not the result as it stands"
    )


def test_the_honours_called_must_agree_with_the_cards(exported):
    def wrong(evenings):
        record = evenings[2]["result_records"][0]
        held = record["called"]["honours"]
        held["ns"], held["ew"] = held["ew"], held["ns"]

    said = refused(exported, wrong)
    assert said.startswith("duplicate[2].result_records[0].called: honours: the hands give ")
    assert said.endswith("as called at the table")


def test_a_pair_named_for_a_member_of_another_name_is_refused(exported):
    def renamed(evenings):
        evenings[0]["pairs"]["1"][0] = "Mr. Nobody"

    assert "is Mr. Kemp40, not Mr. Nobody (pairs.1)" in refused(exported, renamed)


def test_a_file_before_duplicate_evenings_has_none(db, evenings):
    exported = json.loads(json.dumps(export_club()))
    del exported["duplicate"]
    empty_the_club()
    import_club(exported)
    assert not DuplicateEvening.objects.exists()
    assert get_user_model().objects.filter(username="secretary").exists()
