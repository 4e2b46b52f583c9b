"""The whole club out as elwell-club/1 and back in; a bad file refused, changing nothing."""

from __future__ import annotations

import copy
import json
import re
from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.club.document import ImportRefused, export_club, import_club
from ledger.desk import services as desk
from ledger.models import Posting, Sitting
from ledger.settlement import services as settlements
from scorer.models import Member, Rubber
from tests.support.club import empty_the_club
from tests.support.deal_forms import correct
from tests.support.examples import examples


@pytest.fixture
def a_club(client, db):
    """The demo club (its stake and table money set before its rubbers, the specimen agreed
    and posted), a correction at Table 2, a payment, and the evening's sitting closed."""
    call_command("seed_demo", stdout=StringIO())
    from django.contrib.auth import get_user_model

    staff = get_user_model().objects.get(username="secretary")
    in_progress = Rubber.objects.get(table="Table 2")
    client.force_login(staff)
    corrected = correct(client, in_progress, 1, reason="honours miscalled", honours="we:FOUR")
    assert corrected.status_code == 302, corrected.content.decode()[:2000]
    carr, fenwick = Member.objects.get(short_name="Carr"), Member.objects.get(short_name="Fenwick")
    desk.record_payment(
        payer=fenwick,
        payee=carr,
        amount=Decimal("0.20"),
        method="cash",
        note="on account",
        user=staff,
    )
    now = timezone.now()
    Rubber.objects.filter(table="Table 2").update(started_at=now - timedelta(days=3))
    # The demo's evening, made to have ended, so that it can be closed.
    Sitting.objects.update(name="Tonight", start=now - timedelta(hours=2), end=now)
    settlements.close(Sitting.objects.get(), staff)
    return export_club()


def test_the_club_comes_back_as_it_went_out(a_club):
    exported = json.loads(json.dumps(a_club))
    empty_the_club()
    counts = import_club(exported)
    assert counts == {"members": 10, "rubbers": 2}
    assert json.loads(json.dumps(export_club())) == exported
    carr = Member.objects.get(short_name="Carr")
    assert sum(p.amount for p in carr.postings.all()) == sum(
        p.amount for p in carr.postings.all() if p.kind != "x"
    )
    assert Posting.objects.exists()


def test_a_bad_deal_is_refused_naming_where_and_nothing_changes(a_club):
    broken = copy.deepcopy(a_club)
    at = next(n for n, r in enumerate(broken["rubbers"]) if r["table"] == "Table 1")
    broken["rubbers"][at]["deals"][2]["tricks"] = {"we": 9, "they": 5}
    empty_the_club()
    with pytest.raises(ImportRefused, match=rf"^rubbers\[{at}\]: deal 3: tricks must add up"):
        import_club(broken)
    assert not Member.objects.exists()
    assert not Rubber.objects.exists()


def test_a_settlement_that_does_not_come_out_as_exported_is_refused(a_club):
    broken = copy.deepcopy(a_club)
    name = next(iter(broken["sittings"][0]["due"]))
    broken["sittings"][0]["due"][name] = "1000.00"
    empty_the_club()
    with pytest.raises(ImportRefused, match="does not come out as exported"):
        import_club(broken)
    assert not Rubber.objects.exists()


def test_an_agreement_that_disagrees_with_its_sheet_is_refused(a_club):
    broken = copy.deepcopy(a_club)
    at = next(n for n, r in enumerate(broken["rubbers"]) if r["table"] == "Table 1")
    broken["rubbers"][at]["agreement"]["value"] += 100
    empty_the_club()
    with pytest.raises(ImportRefused, match=rf"rubbers\[{at}\].agreement: agreed at"):
        import_club(broken)


def test_an_import_goes_into_an_empty_club_only(a_club):
    with pytest.raises(ImportRefused, match="import into a new, empty one"):
        import_club(a_club)


def test_the_commands_write_and_read_the_file(a_club, tmp_path):
    path = tmp_path / "club.json"
    call_command("export_club", str(path), stdout=StringIO())
    empty_the_club()
    out = StringIO()
    call_command("import_club", str(path), stdout=out)
    assert "Imported 10 members and 2 rubbers" in out.getvalue()


def test_the_import_command_says_why_it_refused(db, tmp_path):
    path = tmp_path / "club.json"
    path.write_text('{"format": "elwell-rubber/1"}')
    with pytest.raises(CommandError, match="was not imported, and nothing changed: format must"):
        call_command("import_club", str(path))
    path.write_text("not json")
    with pytest.raises(CommandError, match="is not JSON"):
        call_command("import_club", str(path))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def paths(value, prefix=()):
    """Every place in a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


# Each example is tried and rolled back, so the club built once serves them all.
@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.data())
def test_any_damage_to_the_file_is_refused_with_a_reason_or_imported(a_club, data):
    damaged = copy.deepcopy(a_club)
    places = [p for p in paths(damaged) if p]
    place = data.draw(st.sampled_from(places))
    parent = damaged
    for step in place[:-1]:
        parent = parent[step]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[place[-1]]
    else:
        parent[place[-1]] = data.draw(json_values)

    with pytest.raises(Rollback) as outcome:
        attempt_and_roll_back(damaged)
    said = str(outcome.value)
    # Imported, or refused naming the place in the file where it is wrong: the damaged
    # place itself, or another that refers to it ("rubbers[0].at_table must be the place
    # of a table in `tables`"). No other error.
    if said != "imported":
        assert re.match(r"[a-z_]+", said)[0] in a_club, said


class Rollback(Exception):
    """Undoes one fuzzed import, carrying how it ended."""


def attempt_and_roll_back(document):
    with transaction.atomic():
        empty_the_club()
        try:
            import_club(document)
        except ImportRefused as refused:
            raise Rollback(str(refused)) from None
        raise Rollback("imported")
