"""States the site reaches through its own writes go out as elwell-club/1 and come back
exactly: a table formed from seven, eight or nine arrivals (its cut of that many cards),
and a Progressive evening whose stake was replaced by table money after a guest came in
(its terms set again between the arrivals they were set between)."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from ledger.club.document import ImportRefused, export_club, import_club
from ledger.desk import services as desk
from ledger.desk.models import EveningTerms
from ledger.models import Posting
from scorer.plumbing.keys import Refused
from scorer.progressive import writes as progressive
from scorer.progressive.models import ProgressiveEvening
from scorer.tables import writes as table_writes
from scorer.tables.models import ARRIVALS
from tests.support.club import empty_the_club
from tests.support.evenings import members, opened, round_played, seen, tables_of
from tests.support.ledger import set_stake


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("secretary", password="pw", is_staff=True)


def the_same_again() -> dict:
    """Export, import into the emptied club, export again: the very same document."""
    exported = json.loads(json.dumps(export_club()))
    empty_the_club()
    import_club(exported)
    assert json.loads(json.dumps(export_club())) == exported
    return exported


@pytest.mark.parametrize("arrivals", range(7, ARRIVALS + 1))
def test_a_table_formed_from_up_to_every_arrival_the_form_offers_comes_back(staff, arrivals):
    table_writes.form_table(
        name="Table 1",
        day=timezone.localdate(),
        candidates=members(arrivals),
        user=staff,
        rng=random.Random(arrivals),
    )

    exported = the_same_again()

    (cut,) = exported["tables"][0]["cuts"]
    assert len(cut["cards"][0]) == arrivals  # everyone cut
    assert len(exported["tables"][0]["members"]) == 6
    assert len(exported["tables"][0]["claims"]) == arrivals - 6


def test_no_table_is_formed_from_more_than_the_form_offers(staff):
    with pytest.raises(Refused, match=f"{ARRIVALS} candidates at most"):
        table_writes.form_table(
            name="Table 1",
            day=timezone.localdate(),
            candidates=members(ARRIVALS + 1),
            user=staff,
        )


def terms(evening, staff, *, stake: str, table_money: str) -> None:
    desk.set_evening_terms(
        evening=evening,
        stake=Decimal(stake),
        per="hundred",
        table_money=Decimal(table_money),
        user=staff,
        seen=desk.terms_seen(EveningTerms.of(evening)),
    )


def an_evening_whose_stake_gave_way_for_a_guest(staff, *, ended: bool) -> ProgressiveEvening:
    """Three members and a stake; a guest comes in; the stake is replaced by table money
    (the site refuses a stake while a guest plays, not a guest while a stake is set)."""
    set_stake("0.50", staff)
    evening = opened(staff, name="Thursday", deals_a_round=1)
    for member in members(3):
        progressive.add_member(evening=evening, member=member, seen=seen(evening), user=staff)
    terms(evening, staff, stake="0.25", table_money="0")
    progressive.add_guest(evening=evening, name="Mrs. Hale", seen=seen(evening), user=staff)
    terms(evening, staff, stake="0", table_money="0.50")
    if ended:
        progressive.draw(evening=evening, seen=seen(evening), user=staff, rng=random.Random(1))
        evening.refresh_from_db()
        round_played(staff, tables_of(evening)[0])
        progressive.end(evening=evening, seen=seen(evening), user=staff)
    return evening


def the_table_money() -> list[tuple[str, Decimal]]:
    found = Posting.objects.filter(kind=Posting.TABLE, member__isnull=False)
    return sorted((p.member.name, p.amount) for p in found.select_related("member"))


@pytest.mark.parametrize("ended", [False, True], ids=["arriving", "ended"])
def test_terms_replaced_after_a_guest_came_in_come_back(staff, ended):
    an_evening_whose_stake_gave_way_for_a_guest(staff, ended=ended)
    charged = the_table_money()

    exported = the_same_again()

    assert [t["stake"] for t in exported["evening_terms"]] == ["0.25", "0"]
    assert the_table_money() == charged
    assert len(charged) == (3 if ended else 0)


def test_terms_set_after_the_evening_ended_are_refused(staff):
    an_evening_whose_stake_gave_way_for_a_guest(staff, ended=True)
    exported = json.loads(json.dumps(export_club()))
    late = dict(exported["evening_terms"][-1], table_money="0.75")
    ended_at = datetime.fromisoformat(exported["progressive"][0]["ended_at"])
    late["set_at"] = (ended_at + timedelta(seconds=1)).isoformat()
    exported["evening_terms"].append(late)
    empty_the_club()

    with pytest.raises(ImportRefused, match=r"evening_terms\[2\].*Thursday has ended"):
        import_club(exported)
    assert not ProgressiveEvening.objects.exists()
