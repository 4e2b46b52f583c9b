"""The club's table reads the agreed rubbers, not the ledger: an evening whose rubbers post
nothing (played for points alone, as Progressive and Duplicate evenings will be) ranks as
one played for money, and a rubber not yet agreed, or abandoned and void, does not count."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from ledger.models import Posting
from ledger.postings.services import post_agreed
from scorer import engine
from scorer.rankings.reads import sharing
from scorer.rubbers import reads, signals, writes
from scorer.rubbers.models import Rubber
from tests.support.ledger import WON_BY_WE, agreed
from tests.support.rubbers import deal


@pytest.fixture
def posting_nothing():
    """The ledger not listening: agreed rubbers post nothing."""
    signals.rubber_agreed.disconnect(post_agreed, dispatch_uid="ledger.post_agreed")
    yield
    signals.rubber_agreed.connect(post_agreed, dispatch_uid="ledger.post_agreed")


def table_of(client, member):
    client.force_login(member.user)
    return client.get(reverse("ledger:table")).content.decode()


def test_rubbers_that_posted_nothing_rank_as_any_other(client, players, staff, posting_nothing):
    agreed(players, staff, WON_BY_WE)
    assert not Posting.objects.exists()
    page = table_of(client, players[1])
    assert "Mrs. Carr" in page
    assert "with Mr. Dane (+" in page  # Mrs. Carr's best partner


def test_a_rubber_not_yet_agreed_does_not_rank(client, players, staff):
    rubber = writes.start_rubber(table="Table 1", members=players, first_dealer=0, user=staff)
    writes.replay(rubber=rubber, deals=WON_BY_WE, user=staff)  # won, not yet agreed
    assert "Mrs. Carr" not in table_of(client, players[1])


def test_a_rubber_abandoned_void_does_not_rank(client, players, staff, club):
    club.abandoned_rubbers_count = False
    club.save()
    rubber = writes.start_rubber(table="Table 1", members=players, first_dealer=0, user=staff)
    writes.replay(rubber=rubber, deals=[deal("NT", (12, 1))], user=staff)
    state = reads.rubber_state(rubber)
    writes.agree(state=state, user=staff, key=uuid.uuid4(), revision=rubber.revision, side=None)
    assert Rubber.objects.get(pk=rubber.pk).abandoned
    assert "Mrs. Carr" not in table_of(client, players[1])


def row_of(page, member) -> tuple[int, int, str]:
    """A member's rubbers, rubbers gained from, and net points, as his row shows them."""
    found = re.search(
        rf"<tr><td>{re.escape(member.name)}.*?</td><td>(\d+)</td><td>(\d+)</td><td>([^<]+)</td>",
        page,
    )
    assert found, f"{member.name} is not in the table"
    return int(found[1]), int(found[2]), found[3]


def test_a_rubber_ranks_its_sides_by_its_agreed_value(client, players, staff, posting_nothing):
    """We (Carr and Dane) gain the rubber's value, They (Fenwick and Hartley) lose it."""
    gained = agreed(players, staff, WON_BY_WE).agreed_value
    assert gained is not None
    assert gained > 0
    page = table_of(client, players[0])
    carr, fenwick, dane, hartley = players
    for member in (carr, dane):
        assert row_of(page, member) == (1, 1, f"+{gained:,}")
    for member in (fenwick, hartley):
        assert row_of(page, member) == (1, 0, f"\u2212{gained:,}")


@pytest.mark.parametrize("code", sorted(engine.GAMES))
def test_each_games_shares_are_so_many_times_the_value(code):
    """What a member's record reads once a game (`sharing`): every share of a value is the
    same seats and partners, taking the value so many times over, whatever the value."""
    game = engine.find_game(code)
    for value in (-700, -1, 0, 1, 8, 152, 1_500):
        assert [(s.seats, s.partners, s.points) for s in game.money.shares(value)] == [
            (seats, partners, times * value) for seats, partners, times in sharing(code)
        ]
