"""The rubber's page and the club's list of rubbers."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.support.deal_forms import declare, play


def page(client, rubber):
    return client.get(reverse("scorer:rubber", args=[rubber.pk]))


def test_a_stranger_is_sent_to_sign_in(client, rubber):
    response = page(client, rubber)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_a_player_sees_the_sheet_and_the_declaration_of_deal_1(carr, rubber):
    text = page(carr, rubber).content.decode()
    assert "Carr &amp; Dane" in text
    assert "Fenwick &amp; Hartley" in text
    assert "First game: We 0, They 0" in text
    assert "Deal 1: Mrs. Carr deals." in text
    assert "Deal 1: the declaration" in text


def test_another_member_may_look_but_not_record(client, rubber, stranger):
    client.force_login(stranger.user)
    text = page(client, rubber).content.decode()
    assert "First game: We 0, They 0" in text
    assert "You are following this rubber" in text
    assert "Save the declaration" not in text


def test_the_staff_may_record(client, rubber, staff):
    client.force_login(staff)
    assert "Save the declaration" in page(client, rubber).content.decode()


def test_the_sheet_shows_the_engines_figures_each_with_its_explanation(carr, rubber):
    play(carr, rubber, trump="D", tricks=9, honours="we:FOUR")
    text = page(carr, rubber).content.decode()
    assert 'popovertarget="tricks-1-we"' in text
    assert "Diamonds, 3 by-cards: 3 × 6 = 18" in text
    assert "4 honours (diamonds): 24" in text
    assert "First game: We 18, They 0" in text
    assert "Deal 2: Miss Fenwick deals." in text


def test_a_deal_in_progress_shows_the_result_step(carr, rubber):
    declare(carr, rubber, trump="NT", maker="partner", doubles=1)
    text = page(carr, rubber).content.decode()
    assert "Deal 1: the result" in text
    assert "Mrs. Carr dealt and passed; Mr. Dane made no-trump, doubled." in text
    assert "Aces easy" in text
    assert "Chicane: We" not in text  # no chicane at no-trump


def test_a_won_rubber_says_so_and_offers_a_new_one_at_the_same_table(carr, rubber):
    for _ in range(3):  # the dealer's side takes 12 each time: We, They, We
        play(carr, rubber, trump="NT", tricks=12)
    text = page(carr, rubber).content.decode()
    assert "won the rubber" in text
    assert f'href="{reverse("scorer:start")}?same={rubber.pk}"' in text
    assert "Save the declaration" not in text


def test_the_list_of_rubbers_shows_those_in_play_and_those_finished(carr, rubber, players):
    play(carr, rubber, trump="NT", tricks=12)
    text = carr.get(reverse("scorer:home")).content.decode()
    assert "At the tables" in text
    # The pairs by name, not "We" and "They", which mean nothing in a list.
    assert (
        "Second game: Carr &amp; Dane 0, Fenwick &amp; Hartley 0 — Carr &amp; Dane have a game"
        in text
    )
    assert "Carr &amp; Dane v Fenwick &amp; Hartley" in text
    assert ">In play<" in text


def test_the_list_marks_a_rubber_won_but_not_yet_agreed(carr, rubber, players):
    from django.test import Client

    from tests.support.deal_forms import agree, won

    fenwick = Client()
    won(carr, rubber)
    text = carr.get(reverse("scorer:home")).content.decode()
    assert ">Won — awaiting agreement<" in text
    fenwick.force_login(players[1].user)  # for They
    assert agree(carr, rubber, "we").status_code == 302
    assert agree(fenwick, rubber, "they").status_code == 302
    text = carr.get(reverse("scorer:home")).content.decode()
    assert "<h2>Agreed</h2>" in text
    assert ">Agreed<" in text


def test_a_signed_out_visitor_sees_the_specimen_and_a_way_to_sign_in(client, db):
    text = client.get(reverse("scorer:home")).content.decode()
    assert "152 points won by We" in text
    assert reverse("login") in text


def test_htmx_is_served_by_the_site_itself(carr, rubber):
    text = page(carr, rubber).content.decode()
    scripts = re.findall(r'<script src="([^"]+)"', text)
    assert "/static/django_htmx/htmx-2.min.js" in scripts
    assert all(src.startswith("/static/") for src in scripts)  # nothing from elsewhere
