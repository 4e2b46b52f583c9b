"""Odd input gets a clear answer, never a server error: ids too long for the database,
signed data of the wrong shape, a poll from a phone signed out, and club files holding
values the pages could not show."""

from __future__ import annotations

import copy
import json
from io import StringIO

import pytest
from django.core import signing
from django.core.management import call_command
from django.urls import reverse

from ledger.club.document import ImportRefused, import_club, import_club_text
from scorer.models import Member, Rubber
from scorer.rubbers.live import LIVE_SALT
from tests.support.html import Forms
from tests.support.shared import undone

HUGE = 2**63  # one past the largest id the database keeps


@pytest.mark.parametrize(
    "path",
    [
        f"/rubbers/{HUGE}/",
        f"/rubbers/{HUGE}/live/",
        f"/rubbers/{HUGE}/declaration/",
        f"/rubbers/{HUGE}/deals/1/",
        f"/rubbers/1/deals/{HUGE}/",
        f"/rubbers/{HUGE}/print/",
        f"/ledger/members/{HUGE}/",
        f"/ledger/sittings/{HUGE}/",
        f"/ledger/sittings/{HUGE}/print/",
        f"/rubbers/{10**30}/",
    ],
)
def test_an_id_too_long_for_the_database_is_not_found(client, staff, path):
    client.force_login(staff)
    assert client.get(path).status_code == 404


ODD_NUMBERS = ["9" * 5000, str(HUGE), "-1", "\u00b2", "1.5", " 1", ""]


@pytest.mark.parametrize("odd", ODD_NUMBERS)
def test_a_number_asked_for_in_a_query_string_that_no_database_holds_is_no_error(
    client, staff, rubber, odd
):
    """The rubber as it stood after deal N or correction N, a rubber to start "the same"
    as, a settlement's transfer to fill the payment in from: odd numbers name nothing."""
    from django.utils import timezone

    from ledger.settlement import services as settlements

    client.force_login(staff)
    here = reverse("scorer:rubber", args=[rubber.pk])
    assert client.get(here, {"after_deal": odd}).status_code in (200, 404)
    assert client.get(here, {"after_correction": odd}).status_code in (200, 404)
    assert client.get(reverse("scorer:start"), {"same": odd}).status_code == 200
    now = timezone.now()
    sitting = settlements.open_sitting(
        name="Tonight", start=now - timezone.timedelta(hours=1), end=now, user=staff
    )
    page = client.get(reverse("ledger:sitting", args=[sitting.pk]), {"transfer": odd})
    assert page.status_code == 200
    assert "Filled in from" not in page.content.decode()


@pytest.mark.parametrize("payload", [[1, 2], "rubber", 7, None, {"rubber": "1"}])
def test_a_signed_poll_token_of_the_wrong_shape_stops_the_polling(carr, rubber, payload):
    token = signing.dumps(payload, salt=LIVE_SALT)
    url = reverse("scorer:live", args=[rubber.pk])
    assert carr.get(url, {"revision": 0, "token": token}).status_code == 286


def live_url(client, rubber):
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    return Forms(page).attribute("hx-get")


def test_signing_out_stops_a_phones_polling(carr, rubber, client):
    url = live_url(carr, rubber)
    assert carr.get(url.replace("revision=0", "revision=99")).status_code == 200
    carr.post(reverse("logout"))
    assert carr.get(url.replace("revision=0", "revision=99")).status_code == 286


def test_a_token_from_another_session_stops_the_polling(carr, rubber, players, django_user_model):
    url = live_url(carr, rubber)
    from django.test import Client

    other = Client()
    other.force_login(players[0].user)  # the same member, another phone's session
    assert other.get(url.replace("revision=0", "revision=99")).status_code == 286


# -- The club's file ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def the_demo_exported(django_db_setup, django_db_blocker):
    """The demo club's file, made once for the module, the club itself undone."""
    from ledger.club.document import export_club

    with undone(django_db_blocker):
        call_command("seed_demo", stdout=StringIO())
        return json.loads(json.dumps(export_club()))


@pytest.fixture
def demo(db, the_demo_exported):
    """The demo club's file, to change, and a club empty for it."""
    return copy.deepcopy(the_demo_exported)


def refusal(document) -> str:
    with pytest.raises(ImportRefused) as refused:
        import_club(document)
    assert not Member.objects.exists()
    assert not Rubber.objects.exists()
    return str(refused.value)


def test_an_enormous_stake_is_refused(demo):
    damaged = copy.deepcopy(demo)
    damaged["stakes"] = [
        {
            "per_hundred": "1e30",
            "currency": "GBP",
            "smallest_unit": "0.01",
            "valid_from": "2026-11-01T00:00:00+00:00",
            "set_by": "secretary",
        }
    ]
    assert refusal(damaged) == "stakes[0]: A stake is between nothing and 10,000 a hundred points."


def test_a_correction_with_a_bad_time_or_trump_is_refused(demo):
    rubber = next(n for n, r in enumerate(demo["rubbers"]) if r["corrections"] or r["deals"])
    damaged = copy.deepcopy(demo)
    deal = {
        "dealer": 0,
        "maker": "dealer",
        "trump": "H",
        "doubles": 0,
        "played": True,
        "tricks": 7,
        "honours_side": "we",
        "honours": "THREE",
        "chicane_we": 0,
        "chicane_they": 0,
        "revokes_we": 0,
        "revokes_they": 0,
        "recorded_at": "yesterday",
    }
    damaged["rubbers"][rubber]["corrections"] = [
        {
            "number": 1,
            "kind": "tricks",
            "law": "Law 12",
            "reason": "miscounted",
            "before": deal,
            "after": deal,
            "made_by": "secretary",
            "made_at": "2026-11-20T20:00:00+00:00",
        }
    ]
    said = refusal(damaged)
    assert said.startswith(f"rubbers[{rubber}].corrections[0].before.recorded_at is not")
    deal["recorded_at"], deal["trump"] = "2026-11-20T19:00:00+00:00", "X"
    assert refusal(damaged).startswith(
        f"rubbers[{rubber}].corrections[0].before.trump must be 'S', 'C', 'D', 'H' or 'NT'"
    )


def test_a_bogus_cut_is_refused(demo):
    damaged = copy.deepcopy(demo)
    damaged["rubbers"][0]["cut"] = {"for": "deal", "rounds": [[{"member": 7, "card": "Z?"}]]}
    assert refusal(damaged) == "rubbers[0].cut.rounds[0][0].member must be text"
    damaged["rubbers"][0]["cut"]["rounds"] = [[{"member": "secretary", "card": "Z?"}]]
    assert refusal(damaged) == "rubbers[0].cut.rounds[0][0].card is not a card: 'Z?'"
    damaged["rubbers"][0]["cut"]["rounds"] = [[{"member": "secretary", "card": "7♥"}]]
    assert refusal(damaged) == "rubbers[0].cut.rounds[0][0].member is not at the table"


def test_a_payment_reversed_twice_is_refused(demo):
    damaged = copy.deepcopy(demo)
    paid = {
        "payer": "fenwick",
        "payee": "carr",
        "amount": "1",
        "method": "cash",
        "note": "",
        "reverses": None,
        "recorded_by": "secretary",
        "recorded_at": "2026-11-20T20:00:00+00:00",
    }
    back = {**paid, "payer": "carr", "payee": "fenwick", "reverses": 0}
    damaged["payments"] = [
        paid,
        {**back, "recorded_at": "2026-11-20T20:01:00+00:00"},
        {**back, "recorded_at": "2026-11-20T20:02:00+00:00"},
    ]
    assert refusal(damaged) == "payments[2]: That payment has been reversed already."


def test_a_password_hash_that_would_stall_every_sign_in_is_refused(demo):
    damaged = copy.deepcopy(demo)
    damaged["accounts"][0]["password"] = "pbkdf2_sha256$100000000$salt$" + "A" * 43 + "="
    said = refusal(damaged)
    assert said.startswith("accounts[0].password: 100,000,000 iterations is far beyond")


@pytest.mark.parametrize(
    ("where", "value", "said"),
    [
        (
            "doubling_limit",
            2**63,
            "club.doubling_limit input should be less than or equal to 2147483647",
        ),
        ("doubling_limit", 0, "club.doubling_limit input should be greater than or equal to 1"),
    ],
)
def test_club_settings_past_what_the_club_keeps_are_refused(demo, where, value, said):
    damaged = copy.deepcopy(demo)
    damaged["club"][where] = value
    assert refusal(damaged) == said


@pytest.mark.parametrize("start", ["0001-01-01T00:30:00+05:00", "9999-12-31T23:00:00-05:00"])
def test_a_time_at_the_ends_of_the_calendar_is_refused(demo, start):
    damaged = copy.deepcopy(demo)
    damaged["rubbers"][0]["started_at"] = start
    assert refusal(damaged) == "rubbers[0].started_at must be a time between the years 2 and 9998"


def test_a_document_nested_absurdly_deep_is_refused(db):
    with pytest.raises(ImportRefused, match=r"the file is not JSON: .*recursion limit"):
        import_club_text("[" * 100_000 + "]" * 100_000)
