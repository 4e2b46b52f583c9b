"""The players, as they arrive: members tapped in from a list that a search narrows, guests
by name, a player removed before the draw; each form once, and refused when the evening
changed since its page was shown."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from scorer.plumbing.keys import Refused
from scorer.progressive import writes
from scorer.progressive.models import ProgressivePlayer
from tests.support.evenings import opened, seen
from tests.support.html import Forms
from tests.support.mid_read import revisions_carried, saved_mid_read


@pytest.fixture
def gathering(staff):
    return opened(staff)


def page_of(evening) -> str:
    return reverse("scorer:progressive:evening", args=[evening.pk])


def tap_forms(client, evening, search="") -> dict[str, dict]:
    """Each member's button on the tap list, by his name, with what it sends."""
    html = client.get(page_of(evening), {"search": search} if search else {}).content.decode()
    add = reverse("scorer:progressive:add_member", args=[evening.pk])
    parsed = Forms(html)
    buttons = [
        a["aria-label"] for a in parsed.attributes if a.get("aria-label", "").startswith("Add ")
    ]
    forms = [form for form in parsed.forms if form["action"] == add]
    return {
        label.removeprefix("Add "): form["values"]
        for label, form in zip(buttons, forms, strict=True)
    }


def tap(client, evening, name, search=""):
    values = tap_forms(client, evening, search)[name]
    return client.post(
        reverse("scorer:progressive:add_member", args=[evening.pk]), values, follow=True
    )


def said(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def playing(evening) -> list[str]:
    return [player.name for player in evening.players.order_by("arrived_at", "pk")]


def test_the_tap_list_offers_every_member_not_yet_playing(secretary, gathering, players):
    assert sorted(tap_forms(secretary, gathering)) == sorted(p.name for p in players)
    tap(secretary, gathering, "Mrs. Carr")
    assert "Mrs. Carr" not in tap_forms(secretary, gathering)
    assert playing(gathering) == ["Mrs. Carr"]


def test_a_search_narrows_the_list_by_name_or_short_name(secretary, gathering, players):
    assert list(tap_forms(secretary, gathering, "hart")) == ["Col. Hartley"]
    assert list(tap_forms(secretary, gathering, "Miss")) == ["Miss Fenwick"]
    page = secretary.get(page_of(gathering), {"search": "nobody"}).content.decode()
    assert "No member matches “nobody” who is not playing already." in page


def test_a_tap_says_who_plays_and_how_many_make_tables(secretary, gathering, players):
    said_then = []
    for player in players:
        said_then += said(tap(secretary, gathering, player.name))
    assert said_then == [
        "Mrs. Carr plays. 1 player so far.",
        "Miss Fenwick plays. 2 players so far.",
        "Mr. Dane plays. 3 players so far.",
        "Col. Hartley plays. 4 players: 1 table.",
    ]


def test_a_guest_plays_by_name(secretary, gathering):
    add = reverse("scorer:progressive:add_guest", args=[gathering.pk])
    form = Forms(secretary.get(page_of(gathering)).content.decode()).form(add)
    page = secretary.post(add, {**form["values"], "guest": "  Mrs.   Hale "}, follow=True)
    assert said(page) == ["Mrs. Hale plays, as a guest. 1 player so far."]
    guest = ProgressivePlayer.objects.get()
    assert (guest.member, guest.name) == (None, "Mrs. Hale")
    assert "Mrs. Hale (a guest)" in page.content.decode()


def test_a_second_guest_of_the_same_name_is_refused_saying_what_to_do(secretary, gathering):
    add = reverse("scorer:progressive:add_guest", args=[gathering.pk])
    for _ in range(2):
        form = Forms(secretary.get(page_of(gathering)).content.decode()).form(add)
        page = secretary.post(add, {**form["values"], "guest": "Mrs. Hale"}, follow=True)
    assert said(page) == [
        "There is a guest of that name this evening already: give the new guest's name "
        "another way (with an initial, say). Nothing was changed."
    ]
    assert ProgressivePlayer.objects.count() == 1


def test_a_member_is_tapped_in_once_even_from_a_page_shown_before(secretary, gathering, players):
    values = tap_forms(secretary, gathering)["Mrs. Carr"]
    add = reverse("scorer:progressive:add_member", args=[gathering.pk])
    secretary.post(add, values, follow=True)
    again = secretary.post(add, values, follow=True)  # the same form: answered as the first
    assert said(again) == ["Mrs. Carr plays. 1 player so far."]
    assert playing(gathering) == ["Mrs. Carr"]


def test_a_form_shown_before_another_arrival_is_refused_as_stale(secretary, gathering, players):
    forms = tap_forms(secretary, gathering)
    tap(secretary, gathering, "Mrs. Carr")
    add = reverse("scorer:progressive:add_member", args=[gathering.pk])
    late = secretary.post(add, forms["Mr. Dane"], follow=True)
    assert said(late) == [
        "Progressive evening changed since this page was shown: here it is now. Nothing was done."
    ]
    assert playing(gathering) == ["Mrs. Carr"]


def test_the_database_keeps_a_member_to_one_place_an_evening(gathering, players):
    ProgressivePlayer.objects.create(evening=gathering, member=players[0])
    with pytest.raises(IntegrityError), transaction.atomic():
        ProgressivePlayer.objects.create(evening=gathering, member=players[0])


def test_a_player_is_removed_before_the_draw(secretary, gathering, players):
    tap(secretary, gathering, "Mrs. Carr")
    tap(secretary, gathering, "Mr. Dane")
    remove = reverse("scorer:progressive:remove_player", args=[gathering.pk])
    form = Forms(secretary.get(page_of(gathering)).content.decode()).form(remove)
    page = secretary.post(remove, form["values"], follow=True)
    assert said(page) == ["Mrs. Carr does not play after all. 1 player so far."]
    assert playing(gathering) == ["Mr. Dane"]


def test_only_the_keepers_add_players(client, gathering, players):
    client.force_login(players[0].user)
    page = client.get(page_of(gathering)).content.decode()
    assert "Add the players" not in page
    add = reverse("scorer:progressive:add_member", args=[gathering.pk])
    assert client.post(add, {"member": players[0].pk, "seen": "0"}).status_code == 403


def test_the_evening_page_read_while_a_player_arrives_carries_the_revision_it_shows(
    secretary, staff, gathering
):
    """Another of the staff adds a guest between the page's read of the evening and its
    read of the players: the page is read again, showing the guest under the revision
    that has him, so that the secretary's next tap is not refused as stale."""
    with saved_mid_read(
        ProgressivePlayer,
        lambda: writes.add_guest(
            evening=gathering, name="Mr. Oakes", seen=seen(gathering), user=staff
        ),
    ) as landed:
        html = secretary.get(page_of(gathering)).content.decode()
    assert landed
    assert "Mr. Oakes" in html
    assert revisions_carried(html, "seen") == {int(seen(gathering))}


def test_an_evening_seats_the_engines_most_players_and_no_more(staff, monkeypatch):
    """Its file is read back within the engine's bound (scorer/engine/bounds.py): two
    stand for it here, so that the test adds three players, not four hundred and one."""
    monkeypatch.setattr(writes, "MOST_PLAYERS", 2)
    evening = opened(staff)
    for name in ("Mrs. Hale", "Mr. Vane"):
        writes.add_guest(evening=evening, name=name, seen=seen(evening), user=staff)
    with pytest.raises(Refused) as refused:
        writes.add_guest(evening=evening, name="Mr. Ince", seen=seen(evening), user=staff)
    assert str(refused.value) == (
        "Progressive evening seats 2 players at most: nobody more joins it. Nothing was changed."
    )
    assert ProgressivePlayer.objects.count() == 2
