"""Bad input at a Progressive evening: whatever is sent to its forms, the site answers
without a server error, a refusal says why, and nothing is written that the laws refuse;
an id too long for the database, or an odd number asked for, is a plain answer."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.messages import constants as levels
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.progressive.models import ProgressiveDeal, ProgressivePlayer
from tests.support.evenings import declare, tables_of
from tests.support.examples import examples
from tests.support.html import Forms

HOSTILE = ["", " ", "\x00", "7\x00", "x" * 5000, "é☃𝄞 中文", "-1", "99999999999999999999", "1.5"]
values = st.sampled_from(HOSTILE) | st.text(max_size=30) | st.integers().map(str)


def refused_or_done(response) -> None:
    """A plain answer: a page, or a redirect whose messages say what happened."""
    assert response.status_code in (200, 204, 302, 400, 403, 404, 409, 422), response.status_code


EVENING_FORMS = ["open", "add_member", "add_guest", "remove_player", "draw", "next", "end"]


@pytest.mark.parametrize("name", EVENING_FORMS)
@settings(
    max_examples=examples(40),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_an_evenings_form_is_carried_out_or_refused_with_its_reason(secretary, evening, name, data):
    action = (
        reverse("scorer:progressive:open")
        if name == "open"
        else reverse(f"scorer:progressive:{name}", args=[evening.pk])
    )
    fields = ["key", "seen", "name", "day", "deals_a_round", "member", "guest", "player"]
    sent = {field: data.draw(values) for field in data.draw(st.sets(st.sampled_from(fields)))}
    if data.draw(st.booleans()):
        sent["key"] = str(uuid.uuid4())
    with transaction.atomic():
        response = secretary.post(action, sent)
        refused_or_done(response)
        if response.status_code == 302:
            page = secretary.get(response["Location"])
            for message in page.context["messages"] if page.context else ():
                assert str(message).strip(), "a refusal says why"
                assert message.level in (levels.SUCCESS, levels.ERROR)
        transaction.set_rollback(True)


TABLE_FORMS = ["declaration", "result", "discard", "agree", "withdraw"]


@pytest.mark.parametrize("name", TABLE_FORMS)
@settings(
    max_examples=examples(40),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_tables_form_is_carried_out_or_refused_with_its_reason(secretary, evening, name, data):
    table = tables_of(evening)[0]
    fields = [
        "key", "revision", "dealer", "maker", "trump", "doubles", "more_doubles", "tricks",
        "honours", "chicane_we", "chicane_they", "revokes_we", "revokes_they", "side_agreeing",
    ]  # fmt: skip
    with transaction.atomic():
        if name == "result" and data.draw(st.booleans()):
            declare(secretary, table, trump=data.draw(st.sampled_from(["S", "H", "NT"])))
        sent = {field: data.draw(values) for field in data.draw(st.sets(st.sampled_from(fields)))}
        headers = {"HX-Request": "true"} if data.draw(st.booleans()) else {}
        action = reverse(f"scorer:progressive:{name}", args=[table.pk])
        refused_or_done(secretary.post(action, sent, headers=headers))
        for deal in ProgressiveDeal.objects.filter(recorded_at__isnull=False):
            assert deal.tricks is not None
            assert 0 <= deal.tricks <= 13
        transaction.set_rollback(True)


HUGE = 2**63


@pytest.mark.parametrize(
    "path",
    [
        f"/progressive/{HUGE}/",
        f"/progressive/{HUGE}/live/",
        f"/progressive/{HUGE}/results/",
        f"/progressive/{HUGE}/print/tallies/",
        f"/progressive/tables/{HUGE}/",
        f"/progressive/tables/{HUGE}/deals/1/",
        f"/progressive/tables/1/deals/{HUGE}/",
    ],
)
def test_an_id_too_long_for_the_database_is_not_found(secretary, path):
    assert secretary.get(path).status_code in (404, 286)


@pytest.mark.parametrize("odd", ["9" * 5000, str(HUGE), "-1", "\u00b2", "1.5", ""])
def test_an_odd_round_asked_for_is_a_plain_answer(secretary, evening, odd):
    url = reverse("scorer:progressive:print_tables", args=[evening.pk])
    assert secretary.get(url, {"round": odd}).status_code in (200, 404)


def test_a_guest_named_with_a_nul_is_refused_in_words(secretary, evening, staff):
    from tests.support.evenings import opened

    gathering = opened(staff, name="Another")
    action = reverse("scorer:progressive:add_guest", args=[gathering.pk])
    page = secretary.get(reverse("scorer:progressive:evening", args=[gathering.pk]))
    form = Forms(page.content.decode()).form(action)
    answer = secretary.post(action, {**form["values"], "guest": "Mrs.\x00Hale"}, follow=True)
    assert [str(m) for m in answer.context["messages"]] == [
        "A guest's name: null characters are not allowed."
    ]
    assert not ProgressivePlayer.objects.filter(evening=gathering).exists()
