"""The record is changed only by the site's own services: the admin shows rubbers, seats,
deals and agreements read-only, and the database itself refuses what would rewrite
history, whatever asks."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta

import pytest
from django.db import DatabaseError, connection, transaction
from django.urls import reverse
from django.utils import timezone

from ledger.models import Posting
from ledger.records import LedgerError
from ledger.settlement import services as settlements
from scorer import engine
from scorer.models import Club, Deal, Rubber, Seat
from scorer.rubbers import reads, writes
from tests.support.club import set_aside
from tests.support.ledger import set_stake
from tests.support.pdf import pages
from tests.support.rubbers import deal


def refused(sql, *params):
    with (
        pytest.raises(DatabaseError) as raised,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params)
    return str(raised.value)


@pytest.fixture
def won(rubber, staff):
    """Rubber won by We in two deals, not yet agreed."""
    writes.replay(
        rubber=rubber, deals=[deal("NT", (12, 1)), deal("NT", (12, 1), dealer="they")], user=staff
    )
    rubber.refresh_from_db()
    set_aside(rubber)  # won, not agreed: the tests start the same four's others beside it
    return rubber


@pytest.fixture
def agreed_rubber(won, staff):
    state = reads.rubber_state(won)
    writes.agree(state=state, user=staff, key=uuid.uuid4(), revision=won.revision, side=None)
    won.refresh_from_db()
    return won


@pytest.fixture
def admin(client, staff):
    staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    return client


def test_an_agreed_rubber_cannot_be_changed_in_the_database(agreed_rubber):
    assert "agreed rubber is never changed" in refused(
        "UPDATE scorer_rubber SET agreed_value = 1 WHERE id = %s", agreed_rubber.pk
    )
    assert "agreed rubber is never changed" in refused(
        "UPDATE scorer_rubber SET agreed_at = NULL WHERE id = %s", agreed_rubber.pk
    )
    assert "deals of an agreed rubber" in refused(
        "UPDATE scorer_deal SET tricks = 7 WHERE rubber_id = %s", agreed_rubber.pk
    )
    assert "keep their seats" in refused(
        "UPDATE scorer_seat SET position = 3 - position WHERE rubber_id = %s", agreed_rubber.pk
    )
    assert "kept" in refused("DELETE FROM scorer_rubber WHERE id = %s", agreed_rubber.pk)


def test_a_recorded_deal_is_removed_only_by_a_correction(won):
    assert "removed only by a correction" in refused(
        "DELETE FROM scorer_deal WHERE rubber_id = %s AND number = 2", won.pk
    )
    assert "keep their seats" in refused("DELETE FROM scorer_seat WHERE rubber_id = %s", won.pk)
    assert "cannot be deleted" in refused("DELETE FROM scorer_rubber WHERE id = %s", won.pk)
    assert Deal.objects.filter(rubber=won).count() == 2


def test_a_deal_in_progress_may_be_discarded_and_a_fresh_rubber_deleted(rubber, staff):
    state = reads.rubber_state(rubber)
    writes.declare(
        state=state,
        user=staff,
        key=uuid.uuid4(),
        revision=rubber.revision,
        declaration=writes.Declaration(0, engine.Maker.DEALER, engine.Trump.HEARTS, 0),
    )
    Deal.objects.filter(rubber=rubber).delete()
    Rubber.objects.filter(pk=rubber.pk).delete()
    assert not Seat.objects.filter(rubber_id=rubber.pk).exists()


def test_stakes_and_closed_settlements_are_kept(players, staff):
    stake = set_stake("0.50", staff, at=timezone.now() - timedelta(days=1))
    assert "stake is kept" in refused(
        "UPDATE ledger_stake SET per_hundred = 0 WHERE id = %s", stake.pk
    )
    assert "stake is kept" in refused("DELETE FROM ledger_stake WHERE id = %s", stake.pk)
    now = timezone.now()
    sitting = settlements.open_sitting(
        name="Last night", start=now - timedelta(hours=5), end=now, user=staff
    )
    settlements.close(sitting, staff)
    assert "never changed" in refused(
        'UPDATE ledger_sitting SET "end" = %s WHERE id = %s', now + timedelta(days=1), sitting.pk
    )


def test_nothing_posts_into_a_closed_settlement(players, staff, won):
    now = timezone.now()
    started = won.started_at
    sitting = settlements.open_sitting(
        name="Tonight",
        start=started - timedelta(hours=1),
        end=now + timedelta(seconds=1),
        user=staff,
    )
    # Its rubber unagreed, the settlement cannot close; the database refuses a posting into
    # a closed one whatever wrote it.
    with pytest.raises(LedgerError, match="not yet agreed"):
        settlements.close(sitting, staff, at=now + timedelta(seconds=2))
    type(sitting).objects.filter(pk=sitting.pk).update(closed_at=now, closed_by=staff)
    state = reads.rubber_state(won)
    with pytest.raises(LedgerError, match="Tonight is closed, and this rubber started in it"):
        writes.agree(state=state, user=staff, key=uuid.uuid4(), revision=won.revision, side=None)
    won.refresh_from_db()
    assert not won.agreed
    assert not Posting.objects.filter(rubber=won).exists()


def test_the_admin_shows_a_rubber_and_changes_nothing(admin, agreed_rubber):
    change = reverse("admin:scorer_rubber_change", args=[agreed_rubber.pk])
    page = admin.get(change)
    assert page.status_code == 200
    text = page.content.decode()
    assert 'name="_save"' not in text, "no Save button on a rubber"
    assert '<input type="text" name="table"' not in text
    assert admin.post(change, {"table": "Renamed", "agreed_value": 0}).status_code == 403
    agreed_rubber.refresh_from_db()
    assert agreed_rubber.table == "Table 1"
    assert (
        admin.post(
            reverse("admin:scorer_rubber_delete", args=[agreed_rubber.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert Rubber.objects.filter(pk=agreed_rubber.pk).exists()


def test_the_admin_deletes_only_a_rubber_started_by_mistake(admin, players, staff, won):
    mistake = writes.start_rubber(table="Table 9", members=players, first_dealer=0, user=staff)
    changelist = reverse("admin:scorer_rubber_changelist")
    answer = admin.post(
        changelist,
        {"action": "delete_selected", "_selected_action": [won.pk, mistake.pk], "post": "yes"},
    )
    assert answer.status_code == 403, "a rubber with recorded deals is not the admin's to delete"
    assert Rubber.objects.filter(pk__in=[won.pk, mistake.pk]).count() == 2
    admin.post(
        changelist, {"action": "delete_selected", "_selected_action": [mistake.pk], "post": "yes"}
    )
    assert not Rubber.objects.filter(pk=mistake.pk).exists()


def test_a_lower_doubling_limit_applies_to_rubbers_started_after_it(admin, players, staff):
    """A rubber keeps the limit it started under: its no-trump doubled three times (a
    trick worth 12 × 2 × 2 × 2 = 96, Law 55) still reads 96 on its pages once the club
    lowers its limit to 12; a rubber started after may double no-trump once at most (no
    further double once a trick is worth more than 12: footnote to Law 56)."""
    played = writes.start_rubber(table="Table 5", members=players, first_dealer=0, user=staff)
    set_aside(played)  # the same four start another under the new limit, below
    writes.replay(rubber=played, deals=[deal("NT", (7, 6), doubles=3)], user=staff)
    club = Club.get()
    club.doubling_limit = 12
    club.save()

    assert reads.rubber_state(played).sheet.deals[0].entries.we.tricks == 96
    page = admin.get(reverse("scorer:rubber", args=[played.pk])).text
    assert "96" in page
    printed = " ".join(pages(admin.get(reverse("scorer:rubber_print", args=[played.pk]))))
    assert "96 below" in printed
    for page in (  # and every other page that shows it stands
        reverse("scorer:home"),
        reverse("scorer:evening"),
        reverse("admin:scorer_rubber_changelist"),
        reverse("admin:scorer_rubber_change", args=[played.pk]),
    ):
        assert admin.get(page).status_code == 200, page

    later = writes.start_rubber(table="Table 6", members=players, first_dealer=0, user=staff)
    with pytest.raises(engine.RubberError, match="the club's doubling limit of 12"):
        writes.replay(rubber=later, deals=[deal("NT", (7, 6), doubles=2)], user=staff)


def _shown(page: str) -> str:
    """What the admin's form carries of the record as it was shown."""
    return re.search(r'name="seen" value="([0-9a-f]+)"', page).group(1)


def test_the_clubs_settings_saved_over_another_staff_members_change_are_refused(admin):
    Club.get()
    change = reverse("admin:scorer_club_change", args=[1])
    settings = {"name": "The Elwell Club", "paper": "A4", "game": "bridge"}
    first = {**settings, "doubling_limit": "100", "seen": _shown(admin.get(change).text)}
    second = {**settings, "spade_convention": "on", "seen": first["seen"]}  # the same page
    assert admin.post(change, first).status_code == 302
    refused = admin.post(change, second)
    assert refused.status_code == 200
    assert "was changed by another member of the staff since this page was shown" in " ".join(
        refused.text.split()
    )
    club = Club.get()
    assert (club.doubling_limit, club.spade_convention) == (100, False)
    # The first form sent again (a double tap) finds its own values: answered as before.
    assert admin.post(change, first).status_code == 302
    assert Club.get().doubling_limit == 100


def test_a_member_saved_over_another_staff_members_change_is_refused(admin, players):
    carr = players[0]
    change = reverse("admin:scorer_member_change", args=[carr.pk])
    shown = _shown(admin.get(change).text)
    member = {"short_name": carr.short_name, "user": carr.user.pk}
    assert (
        admin.post(change, {**member, "name": "Mrs. Carr-Ingram", "seen": shown}).status_code == 302
    )
    refused = admin.post(change, {**member, "name": "Mrs. Kerr", "seen": shown})
    assert refused.status_code == 200
    carr.refresh_from_db()
    assert carr.name == "Mrs. Carr-Ingram"
