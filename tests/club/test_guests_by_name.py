"""A guest's name is one person's whatever its capitals: "MRS. HALE" beside a guest "Mrs.
Hale" at one evening is refused as the same guest, by every write that adds a guest (a
Progressive evening's players, a Duplicate evening's pairs) and by the database itself."""

from __future__ import annotations

from importlib import import_module
from unittest import mock

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from scorer.duplicate import writes as duplicate
from scorer.duplicate.models import DuplicatePair, DuplicatePlayer
from scorer.plumbing.keys import Refused
from scorer.progressive import writes as progressive
from scorer.progressive.models import ProgressivePlayer
from tests.support import duplicate_evenings, evenings
from tests.support.html import Forms

IN_OTHER_CAPITALS = (
    "There is a guest of that name this evening already, Mrs. Hale: “MRS. HALE” differs only "
    "in its capitals, and is the same guest. Give the new guest's name another way (with an "
    "initial, say). Nothing was changed."
)
THE_DATABASE_SAYS = (
    "There is a guest of that name this evening already: give the new guest's name another "
    "way (with an initial, say). Nothing was changed."
)


def add_guest(evening, name, user):
    return progressive.add_guest(evening=evening, name=name, seen=evenings.seen(evening), user=user)


def add_pair(evening, first, second, user):
    return duplicate.add_pair(
        evening=evening,
        first=first,
        second=second,
        seen=duplicate_evenings.seen(evening),
        user=user,
    )


def test_a_progressive_guest_in_other_capitals_is_refused_naming_the_guest_there(staff):
    evening = evenings.opened(staff)
    add_guest(evening, "Mrs. Hale", staff)
    with pytest.raises(Refused) as refused:
        add_guest(evening, "  MRS.   HALE ", staff)
    assert str(refused.value) == IN_OTHER_CAPITALS
    assert list(evening.players.values_list("guest", flat=True)) == ["Mrs. Hale"]


def test_the_same_name_at_another_evening_is_another_guest(staff):
    add_guest(evenings.opened(staff, name="Monday"), "Mrs. Hale", staff)
    add_guest(evenings.opened(staff, name="Friday"), "MRS. HALE", staff)
    assert ProgressivePlayer.objects.count() == 2


def test_the_form_refuses_a_guest_in_other_capitals_in_words(client, staff):
    client.force_login(staff)
    secretary = client
    evening = evenings.opened(staff)
    page_of = reverse("scorer:progressive:evening", args=[evening.pk])
    add = reverse("scorer:progressive:add_guest", args=[evening.pk])
    for name in ("Mrs. Hale", "MRS. HALE"):
        form = Forms(secretary.get(page_of).content.decode()).form(add)
        page = secretary.post(add, {**form["values"], "guest": name}, follow=True)
    assert [str(message) for message in page.context["messages"]] == [IN_OTHER_CAPITALS]
    assert ProgressivePlayer.objects.count() == 1


def test_a_duplicate_pair_with_a_guest_in_other_capitals_is_refused(staff):
    evening = duplicate_evenings.opened(staff)
    add_pair(evening, "Mrs. Hale", "Mr. Vane", staff)
    with pytest.raises(Refused) as refused:
        add_pair(evening, "Mr. Ince", "MRS. HALE", staff)
    assert str(refused.value) == IN_OTHER_CAPITALS
    assert DuplicatePair.objects.count() == 1


def test_a_duplicate_pair_of_one_guest_in_two_capitals_is_one_player_named_twice(staff):
    evening = duplicate_evenings.opened(staff)
    with pytest.raises(Refused) as refused:
        add_pair(evening, "Mrs. Hale", "MRS. HALE", staff)
    assert str(refused.value) == (
        "A pair is two players: Mrs. Hale is named twice. Nothing was changed."
    )


@pytest.mark.parametrize("model", [ProgressivePlayer, DuplicatePlayer])
def test_the_database_keeps_a_guests_name_once_an_evening_whatever_its_capitals(staff, model):
    if model is ProgressivePlayer:
        evening = evenings.opened(staff)
        make = {"evening": evening}
        second = {"evening": evening}
    else:
        evening = duplicate_evenings.opened(staff)
        make = {
            "evening": evening,
            "pair": DuplicatePair.objects.create(evening=evening),
            "place": 1,
        }
        second = {
            "evening": evening,
            "pair": DuplicatePair.objects.create(evening=evening),
            "place": 1,
        }
    model.objects.create(guest="Mrs. Hale", **make)
    with pytest.raises(IntegrityError), transaction.atomic():
        model.objects.create(guest="MRS. HALE", **second)


def test_a_progressive_guest_past_the_writes_check_is_refused_by_the_database_in_words(staff):
    """Two phones adding her at once: each passes the check before the other's insert."""
    evening = evenings.opened(staff)
    add_guest(evening, "Mrs. Hale", staff)
    with (
        mock.patch.object(progressive, "same_guest", return_value=None),
        pytest.raises(Refused) as refused,
    ):
        add_guest(evening, "MRS. HALE", staff)
    assert str(refused.value) == THE_DATABASE_SAYS


def test_a_duplicate_guest_past_the_writes_check_is_refused_by_the_database_in_words(staff):
    evening = duplicate_evenings.opened(staff)
    add_pair(evening, "Mrs. Hale", "Mr. Vane", staff)
    with (
        mock.patch.object(duplicate.evening, "same_guest", return_value=None),
        pytest.raises(Refused) as refused,
    ):
        add_pair(evening, "Mr. Ince", "MRS. HALE", staff)
    assert str(refused.value) == THE_DATABASE_SAYS
    assert DuplicatePair.objects.count() == 1


def test_the_migration_stops_naming_an_evening_that_has_a_guest_twice_in_other_capitals():
    """Kept before the constraint existed: the migration that makes it says which evening
    to put right rather than failing on the database's words."""
    migration = import_module("scorer.migrations.0015_guests_by_name_in_any_case")
    kept = {
        "ProgressivePlayer": [("Friday", "Mrs. Hale"), ("Friday", "MRS. HALE"), ("Monday", "x")],
        "DuplicatePlayer": [("Pairs", "Mr. Vane"), ("Other", "MR. VANE")],
    }

    class Rows:
        def __init__(self, rows):
            self.rows = rows

        def exclude(self, **_):
            return self

        def values_list(self, *_):
            return self

        def order_by(self, *_):
            return self.rows

    class Apps:
        def get_model(self, app, model):
            return type(model, (), {"objects": Rows(kept[model])})

    with pytest.raises(RuntimeError) as stopped:
        migration.no_guest_twice_in_other_capitals(Apps(), None)
    assert str(stopped.value) == (
        "A guest's name is one person's whatever its capitals, and these evenings have a guest "
        "twice so: Progressive evening Friday: Mrs. Hale and MRS. HALE. Rename one of each in "
        "the admin (with an initial, say), then migrate again."
    )
    kept["ProgressivePlayer"] = kept["ProgressivePlayer"][:1]
    migration.no_guest_twice_in_other_capitals(Apps(), None)  # nothing twice: it goes on
