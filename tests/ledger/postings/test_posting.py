"""An agreed rubber posts to its players' accounts once and only once."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.desk import services as desk
from ledger.models import Posting
from ledger.postings.services import post_rubber
from ledger.records import LedgerError
from ledger.settlement import services as settlements
from scorer.engine import RubberError
from scorer.models import Club
from scorer.rubbers import reads, writes
from tests.support.examples import examples
from tests.support.ledger import WON_BY_WE, agreed, set_stake
from tests.support.rubbers import deal, random_rubber, random_rules


def balance(member):
    return sum((p.amount for p in member.postings.all()), Decimal(0))


def test_an_agreed_rubber_posts_its_points_to_each_player_at_the_stake(players, staff, stake):
    rubber = agreed(players, staff, WON_BY_WE)
    value = rubber.agreed_value
    postings = {p.member: p for p in Posting.objects.filter(rubber=rubber)}
    assert len(postings) == 4
    carr = players[0]
    assert [postings[m].points for m in players] == [value, -value, value, -value]
    assert postings[carr].amount == Decimal(value) * Decimal("0.50") / 100
    assert postings[carr].counterparty == "Miss Fenwick and Col. Hartley"
    assert "partnering Mr. Dane" in postings[carr].reason
    assert sum(p.amount for p in postings.values()) == 0


def test_agreeing_again_or_a_retried_request_posts_nothing_more(players, staff, stake):
    rubber = writes.start_rubber(table="Table 1", members=players, first_dealer=0, user=staff)
    writes.replay(rubber=rubber, deals=WON_BY_WE, user=staff)
    seen, key = reads.rubber_state(rubber), uuid.uuid4()
    writes.agree(state=seen, user=staff, key=key, revision=seen.rubber.revision, side=None)
    # The same form sent again (a retried request) is answered as the first was.
    again = writes.agree(state=seen, user=staff, key=key, revision=seen.rubber.revision, side=None)
    assert again.rubber.agreed_at is not None
    assert Posting.objects.filter(rubber=rubber).count() == 4
    # A new agreement of the agreed rubber is refused, in words.
    rubber.refresh_from_db()
    with pytest.raises(RubberError, match="the rubber's value has been agreed: nothing on its"):
        writes.agree(
            state=reads.rubber_state(rubber),
            user=staff,
            key=uuid.uuid4(),
            revision=rubber.revision,
            side=None,
        )
    assert Posting.objects.filter(rubber=rubber).count() == 4


def test_the_database_takes_a_rubbers_postings_only_once(players, staff, stake):
    rubber = agreed(players, staff, WON_BY_WE)
    with pytest.raises(IntegrityError), transaction.atomic():
        post_rubber(rubber, players)  # as a second staff member's agreement would
    assert Posting.objects.filter(rubber=rubber).count() == 4


def test_two_staff_agreeing_at_once_post_once(players, staff, stake):
    rubber = writes.start_rubber(table="T", members=players, first_dealer=0, user=staff)
    writes.replay(rubber=rubber, deals=WON_BY_WE, user=staff)
    seen = reads.rubber_state(rubber)  # both pages show the same state
    writes.agree(state=seen, user=staff, key=uuid.uuid4(), revision=seen.rubber.revision, side=None)
    other = reads.rubber_state_of(rubber.pk)
    with pytest.raises(RubberError, match="has been agreed"):
        writes.agree(
            state=other, user=staff, key=uuid.uuid4(), revision=seen.rubber.revision - 1, side=None
        )
    assert Posting.objects.filter(rubber=rubber).count() == 4


def test_an_abandoned_rubber_posts_if_it_counts_and_not_if_void(players, staff, stake, club):
    counted = agreed(players, staff, [deal("H", (9, 4))])
    assert counted.abandoned
    assert Posting.objects.filter(rubber=counted).count() == 4
    club.abandoned_rubbers_count = False
    club.save()
    void = agreed(players, staff, [deal("H", (9, 4))], table="Table 2")
    assert (void.abandoned, void.agreed_value) == (True, 0)
    assert not Posting.objects.filter(rubber=void).exists()


def test_a_changed_stake_applies_only_to_rubbers_started_after_it(players, staff, stake):
    before = agreed(players, staff, WON_BY_WE)
    set_stake("2.00", staff)
    after = agreed(players, staff, WON_BY_WE, table="Table 2")
    old = Posting.objects.get(rubber=before, member=players[0])
    new = Posting.objects.get(rubber=after, member=players[0])
    assert old.amount == Decimal(old.points) * Decimal("0.50") / 100
    assert new.amount == Decimal(new.points) * Decimal("2.00") / 100
    # A rubber started before the change but agreed after it still settles at the old stake.
    started_earlier = timezone.now() - timezone.timedelta(hours=1)
    set_stake("5.00", staff)
    late = agreed(players, staff, WON_BY_WE, started=started_earlier, table="Table 3")
    posting = Posting.objects.get(rubber=late, member=players[0])
    assert posting.amount == Decimal(posting.points) * Decimal("0.50") / 100


def test_without_a_stake_rubbers_post_their_points_and_no_money(players, staff):
    rubber = agreed(players, staff, WON_BY_WE)
    assert {p.amount for p in Posting.objects.filter(rubber=rubber)} == {Decimal(0)}


def test_the_ledger_is_only_added_to(players, staff, stake):
    agreed(players, staff, WON_BY_WE)
    posting = Posting.objects.first()
    posting.amount = Decimal(1000)
    with pytest.raises(ValueError, match="cannot be changed"):
        posting.save()
    with pytest.raises(ValueError, match="cannot be deleted"):
        posting.delete()
    with pytest.raises(DatabaseError, match="only added to"), transaction.atomic():
        Posting.objects.update(amount=0)
    with pytest.raises(DatabaseError, match="only added to"), transaction.atomic():
        Posting.objects.all().delete()


def test_a_payment_posts_to_payer_and_payee_and_balances(players, staff, stake):
    carr, fenwick = players[0], players[1]
    desk.record_payment(
        payer=fenwick, payee=carr, amount=Decimal("1.50"), method="cash", note="", user=staff
    )
    assert balance(fenwick) == Decimal("1.50")
    assert balance(carr) == Decimal("-1.50")
    posting = fenwick.postings.get()
    assert (posting.counterparty, posting.reason) == ("Mrs. Carr", "paid by cash")


@pytest.mark.parametrize(
    ("amount", "message"),
    [(Decimal("0"), "more than nothing"), (Decimal("1.005"), "whole units of 0.01")],
)
def test_a_payment_of_no_money_or_part_of_a_penny_is_refused(
    players, staff, stake, amount, message
):
    with pytest.raises(LedgerError, match=message):
        desk.record_payment(
            payer=players[1], payee=players[0], amount=amount, method="cash", note="", user=staff
        )
    assert not Posting.objects.exists()


# Each example rolls back what it wrote, so the function's fixtures serve every example.
@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.data())
def test_every_posting_and_settlement_adds_up_to_nothing(players, staff, data):
    """Random rubbers, at random stakes, among four members: each rubber's postings add up
    to nothing, and so does the settlement of them all."""

    def choose(lo: int, hi: int) -> int:
        return data.draw(st.integers(lo, hi))

    class Rollback(Exception):
        pass

    try:
        with transaction.atomic():
            for number in range(choose(1, 4)):
                cents = choose(1, 999)
                set_stake(
                    Decimal(cents) / 100, staff, at=timezone.now() - timezone.timedelta(days=9)
                )
                rules = random_rules(choose)
                Club.objects.filter(pk=Club.get().pk).update(
                    doubling_limit=rules.doubling_limit, spade_convention=rules.spade_convention
                )
                deals = random_rubber(choose, rules)
                rubber = agreed(players, staff, deals, table=f"T{number}")
                amounts = [p.amount for p in Posting.objects.filter(rubber=rubber)]
                assert sum(amounts) == 0
            sitting = settlements.open_sitting(
                name="Evening",
                start=timezone.now() - timezone.timedelta(days=1),
                end=timezone.now() + timezone.timedelta(seconds=1),
                user=staff,
            )
            result = settlements.settlement(sitting)
            assert sum(line.rounded for line in result.lines) == 0
            assert sum(line.due for line in result.lines) == 0
            raise Rollback
    except Rollback:
        pass
