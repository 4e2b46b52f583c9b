"""Phones following a rubber poll its sheet: cheap when nothing changed."""

from __future__ import annotations

import html
import re

from django.core import signing
from django.test import Client
from django.urls import reverse

from scorer.models import Deal
from scorer.rubbers import live
from scorer.rubbers.live import LIVE_SALT
from tests.support.club import make_member
from tests.support.deal_forms import declare, play
from tests.support.mid_read import revisions_carried, saved_mid_read


def live_url(client, rubber):
    """The poll address the rubber's page gives this phone."""
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    return re.search(r'hx-get="([^"]*/live/[^"]*)"', page).group(1).replace("&amp;", "&")


def test_an_unchanged_sheet_costs_one_query_and_an_empty_answer(
    carr, rubber, django_assert_num_queries
):
    url = live_url(carr, rubber)
    with django_assert_num_queries(1):
        response = carr.get(url)
    assert response.status_code == 204
    assert response.content == b""


def test_a_changed_sheet_is_sent_with_a_notice_for_the_form(carr, rubber):
    url = live_url(carr, rubber)
    play(carr, rubber, trump="D", tricks=9, honours="we:FOUR")
    response = carr.get(url, headers={"HX-Request": "true"})
    text = html.unescape(response.content.decode())
    assert response.status_code == 200
    assert text.lstrip().startswith('<section id="live"')
    assert "First game: We 18, They 0" in text
    assert 'id="notice" class="notice" hx-swap-oob="true"' in text
    # What the other phone did, in words, naming whose it was, and the form as it now
    # stands, for the phone to take at once if nobody has touched its own.
    assert (
        "From Mrs. Carr's phone: Deal 1 declared: Mrs. Carr dealt and made diamonds. "
        "Deal 1 recorded: We 9 tricks; honours We: four." in text
    )
    assert '<template id="fresh-panel">' in text
    assert "Deal 2: the declaration and the result" in text


def test_the_new_sheet_polls_from_its_own_revision(carr, rubber):
    url = live_url(carr, rubber)
    declare(carr, rubber)
    fresh = re.search(r'hx-get="([^"]*)"', carr.get(url).content.decode()).group(1)
    assert carr.get(fresh.replace("&amp;", "&")).status_code == 204


def test_a_token_for_another_rubber_stops_the_polling(carr, rubber, players):
    from scorer.rubbers import writes

    others = [make_member(f"Mr. Other{n}", f"Other{n}") for n in range(4)]
    other = writes.start_rubber(table="T2", members=others, first_dealer=0, user=players[0].user)
    token = signing.dumps({"rubber": other.pk, "user": players[0].user.pk}, salt=LIVE_SALT)
    url = reverse("scorer:live", args=[rubber.pk])
    assert carr.get(url, {"revision": 0, "token": token}).status_code == 286


def test_a_forged_token_stops_the_polling(client, rubber):
    url = reverse("scorer:live", args=[rubber.pk])
    assert client.get(url, {"revision": 0, "token": "forged"}).status_code == 286


def test_a_signed_out_phone_is_sent_no_sheet(carr, rubber):
    url = live_url(carr, rubber)
    declare(carr, rubber)
    carr.logout()
    response = carr.get(url)
    assert response.status_code == 286
    assert response.content == b""


def test_an_old_token_stops_the_polling(carr, rubber, monkeypatch):
    url = live_url(carr, rubber)
    monkeypatch.setattr(live, "LIVE_MAX_AGE", -1)  # every token is now too old
    assert carr.get(url).status_code == 286


def test_a_page_read_while_another_phone_saves_carries_the_revision_it_shows(carr, rubber, players):
    """Mr. Dane's declaration lands while Mrs. Carr's page is being read, between its
    rubber and its deals: her page shows the declaration, and its forms carry the revision
    that has it, so that her next save is not refused as stale."""
    dane = Client()
    dane.force_login(players[1].user)
    with saved_mid_read(Deal, lambda: declare(dane, rubber)) as landed:
        page = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert landed, "his save landed while her page was read"
    assert Deal.objects.filter(rubber=rubber, number=1).exists()
    rubber.refresh_from_db()
    assert "Deal 1: the result" in page
    carried = revisions_carried(page) | {int(re.search(r'data-revision="(\d+)"', page)[1])}
    assert carried == {rubber.revision}
