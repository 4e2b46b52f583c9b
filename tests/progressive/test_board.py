"""The noticeboard: a signed link for a screen on the wall, showing the standings and the
round's tables live, read-only (no form, no sign-in), until those who keep the evening
revoke it."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from tests.support.evenings import play, poll_of, tables_of
from tests.support.html import Forms


def board_link(client, evening) -> str:
    html = client.get(reverse("scorer:progressive:evening", args=[evening.pk])).content.decode()
    found = re.search(
        r'<a href="http://testserver(/progressive/board/[^"]+)">the noticeboard', html
    )
    assert found, "the keepers' page gives the noticeboard's link"
    return found.group(1)


def test_the_board_shows_the_standings_and_tables_to_anyone_with_the_link(secretary, evening):
    link = board_link(secretary, evening)
    play(secretary, tables_of(evening)[0], trump="NT", tricks=9)
    wall = Client()  # nobody signed in
    html = wall.get(link).content.decode()
    assert "<h1>Progressive evening</h1>" in html
    assert "<h2>Round 1</h2>" in html
    assert ">+36</td></tr>" in html
    assert "<form" not in html
    assert "Sign in" not in html  # nothing of the site around it: it is for the wall


def test_the_board_follows_the_evening_an_unchanged_poll_costing_nothing(secretary, evening):
    wall = Client()
    html = wall.get(board_link(secretary, evening)).content.decode()
    live = poll_of(html, "board")
    assert wall.get(live).status_code == 204
    play(secretary, tables_of(evening)[1], trump="NT", tricks=9)
    changed = wall.get(live)
    assert changed.status_code == 200
    assert changed.content.decode().lstrip().startswith('<div id="board"')


def test_a_revoked_link_shows_nothing_and_the_page_gives_a_new_one(secretary, evening):
    link = board_link(secretary, evening)
    html = secretary.get(reverse("scorer:progressive:evening", args=[evening.pk])).content
    action = reverse("scorer:progressive:revoke_board", args=[evening.pk])
    form = Forms(html.decode()).form(action)
    secretary.post(action, form["values"])
    assert Client().get(link).status_code == 404
    renewed = board_link(secretary, evening)
    assert renewed != link
    assert Client().get(renewed).status_code == 200


def test_only_the_keepers_see_and_revoke_the_link(client, evening):
    client.force_login(evening.players.get(number=1).member.user)
    html = client.get(reverse("scorer:progressive:evening", args=[evening.pk])).content.decode()
    assert "the noticeboard link" not in html
    action = reverse("scorer:progressive:revoke_board", args=[evening.pk])
    assert client.post(action, {"seen": "0"}).status_code == 403


def test_a_forged_link_is_a_plain_not_found(client):
    assert client.get("/progressive/board/not-a-token/").status_code == 404
