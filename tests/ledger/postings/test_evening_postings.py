"""A Progressive evening played for money posts when it ends, in the end's own transaction:
each member his net at the evening's stake (so much a point, or so much a hundred points),
exactly, the stakes adding up to nothing; each member his table money to the house, posted
back to the house against his charge. Nothing posts by default; guests, who have no
account, are never charged, and an evening with guests is not played for a stake; the
settlement of the sitting it was drawn in counts it, and waits for it to end; the
members' statements show it."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import DatabaseError, IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from ledger.desk import services as desk
from ledger.desk.models import EveningTerms
from ledger.postings.evenings import post_evening
from ledger.postings.models import Posting
from ledger.settlement import services as settlements
from ledger.settlement.models import Sitting
from scorer.progressive import signals
from scorer.progressive.models import ProgressiveEvening
from tests.support.evenings import agree, members, opened, play, seen, tables_of
from tests.support.html import Forms
from tests.support.ledger import set_stake

CENT = Decimal("0.01")


@pytest.fixture
def club_stake(staff):
    """The club's stake, which gives the ledger its currency (GBP)."""
    return set_stake("0.50", staff, at=timezone.now() - timezone.timedelta(days=30))


@pytest.fixture
def eight(db):
    return members(8)


@pytest.fixture
def secretary(client, staff):
    client.force_login(staff)
    return client


def drawn_with(staff, players, *, guests=()):
    """An evening of these members (and guests), one deal a round, drawn and seated."""
    import random

    from scorer.progressive import writes

    evening = opened(staff)
    for member in players:
        writes.add_member(evening=evening, member=member, seen=seen(evening), user=staff)
    for guest in guests:
        writes.add_guest(evening=evening, name=guest, seen=seen(evening), user=staff)
    writes.draw(evening=evening, seen=seen(evening), user=staff, rng=random.Random(1905))
    evening.refresh_from_db()
    return evening


def terms(evening, staff, *, stake="0", per="point", table_money="0"):
    return desk.set_evening_terms(
        evening=evening,
        stake=Decimal(stake),
        per=per,
        table_money=Decimal(table_money),
        user=staff,
        seen=desk.terms_seen(EveningTerms.of(evening)),
    )


def play_round_one(client, evening):
    """Round 1, one deal a table, the dealer's pair (We) winning: at table 1 no-trump,
    three by-cards (3 × 12 = 36), aces easy; at table 2 hearts, two by-cards (2 × 8 = 16)
    and simple honours to We (2 × 8 = 16): 32. Returns each player's net by member."""
    first, second = tables_of(evening)
    play(client, first, trump="NT", tricks=9)
    play(client, second, trump="H", tricks=8, honours="we:THREE")
    nets = {}
    for table, points in ((first, 36), (second, 32)):
        agree(client, table, "both")
        for seat in table.seats.select_related("player__member"):
            nets[seat.player] = points if seat.position % 2 == 0 else -points
    return nets


def end(client, evening):
    """The evening's page's "End the evening after round 1", as the keeper taps it."""
    page = client.get(reverse("scorer:progressive:evening", args=[evening.pk])).content.decode()
    form = Forms(page).form(reverse("scorer:progressive:end", args=[evening.pk]))
    assert form is not None, "the page offers to end the evening"
    return client.post(form["action"], form["values"], follow=True)


def said(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def stakes_posted(evening) -> dict[str, Decimal]:
    return {
        p.member.name: p.amount
        for p in Posting.objects.filter(evening=evening, kind=Posting.EVENING)
    }


def test_an_evening_posts_nothing_by_default(secretary, staff, eight, club_stake):
    evening = drawn_with(staff, eight)
    play_round_one(secretary, evening)
    assert said(end(secretary, evening)) == [
        "Progressive evening has ended after 1 round: the results are final."
    ]
    assert not Posting.objects.filter(evening=evening).exists()


def test_each_members_net_posts_at_so_much_a_point_exactly(secretary, staff, eight, club_stake):
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.01", per="point")
    nets = play_round_one(secretary, evening)
    end(secretary, evening)
    posted = Posting.objects.filter(evening=evening, kind=Posting.EVENING)
    assert {p.member: (p.points, p.amount) for p in posted} == {
        player.member: (net, Decimal(net) * CENT) for player, net in nets.items()
    }
    assert sorted(p.amount for p in posted) == [Decimal(n) for n in (
        "-0.36", "-0.36", "-0.32", "-0.32", "0.32", "0.32", "0.36", "0.36")]  # fmt: skip
    assert sum(p.amount for p in posted) == 0
    assert all(type(p.amount) is Decimal and p.currency == "GBP" for p in posted)


def test_each_members_net_posts_at_so_much_a_hundred_points_exactly(
    secretary, staff, eight, club_stake
):
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.50", per="hundred")
    play_round_one(secretary, evening)
    end(secretary, evening)
    # 36 points at £0.50 a hundred is £0.18; 32, £0.16: to the penny, as it comes.
    assert sorted(stakes_posted(evening).values()) == [Decimal(n) for n in (
        "-0.18", "-0.18", "-0.16", "-0.16", "0.16", "0.16", "0.18", "0.18")]  # fmt: skip


def test_a_net_not_a_whole_number_of_pence_is_kept_exactly(secretary, staff, eight, club_stake):
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.0125", per="hundred")
    play_round_one(secretary, evening)
    end(secretary, evening)
    # 36 × 0.0125 / 100 = 0.0045; 32 × 0.0125 / 100 = 0.004: kept to the millionth.
    assert sorted(stakes_posted(evening).values()) == [Decimal(n) for n in (
        "-0.0045", "-0.0045", "-0.004", "-0.004",
        "0.004", "0.004", "0.0045", "0.0045")]  # fmt: skip


def test_table_money_is_charged_to_each_member_and_posted_back_to_the_house(
    secretary, staff, eight, club_stake
):
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.01", per="point", table_money="1.25")
    play_round_one(secretary, evening)
    end(secretary, evening)
    charges = Posting.objects.filter(evening=evening, kind=Posting.TABLE, member__isnull=False)
    house = Posting.objects.filter(evening=evening, kind=Posting.TABLE, member__isnull=True)
    assert sorted(c.member.name for c in charges) == sorted(m.name for m in eight)
    assert {c.amount for c in charges} == {Decimal("-1.25")}
    assert {h.against_id for h in house} == {c.pk for c in charges}
    assert sum(h.amount for h in house) == Decimal("10.00")
    # The stakes add up to nothing among the members, and the table money with the house.
    everything = Posting.objects.filter(evening=evening)
    assert sum(p.amount for p in everything) == 0
    assert sum(p.amount for p in everything if p.kind == Posting.EVENING) == 0


def test_guests_are_not_charged_table_money(secretary, staff, club_stake):
    six = members(6)
    evening = drawn_with(staff, six, guests=("Mrs. Hale", "Mr. Vane"))
    terms(evening, staff, table_money="1")
    play_round_one(secretary, evening)
    end(secretary, evening)
    charged = Posting.objects.filter(evening=evening, kind=Posting.TABLE, member__isnull=False)
    assert sorted(c.member.name for c in charged) == sorted(m.name for m in six)
    assert not Posting.objects.filter(evening=evening, kind=Posting.EVENING).exists()


def test_an_evening_with_a_guest_played_for_a_stake_is_not_ended_but_told_why(
    secretary, staff, club_stake
):
    seven = members(7)
    evening = drawn_with(staff, seven, guests=("Mrs. Hale",))
    # Terms set before the guest came would let a stake through: the end refuses it.
    EveningTerms.objects.create(
        evening=evening, stake=Decimal("0.01"), per="point", currency="GBP", set_by=staff
    )
    play_round_one(secretary, evening)
    response = end(secretary, evening)
    assert said(response) == [
        "Mrs. Hale plays Progressive evening as a guest, with no account in the ledger: an "
        "evening with guests is played for points, and table money from the members alone, "
        "not for a stake (£0.01 a point). Set the evening's stake at nothing."
    ]
    evening.refresh_from_db()
    assert not evening.ended
    assert not Posting.objects.filter(evening=evening).exists()


def test_an_evening_posts_once(secretary, staff, eight, club_stake):
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.01", per="point", table_money="1")
    play_round_one(secretary, evening)
    end(secretary, evening)
    evening.refresh_from_db()
    again = [signals.Result(p.player, 0, 0, 0, 1) for p in evening.tables.get(number=1).seats.all()]
    with pytest.raises(IntegrityError, match=r"an_evening_posts_once|UNIQUE"), transaction.atomic():
        post_evening(evening, again[:1], at=timezone.now())
    EveningTerms.objects.create(
        evening=evening,
        stake=Decimal(0),
        table_money=Decimal(1),
        currency="GBP",
        set_by=staff,
        replaces=EveningTerms.of(evening),
    )
    with pytest.raises(IntegrityError, match=r"money_once_an_evening|UNIQUE"), transaction.atomic():
        post_evening(evening, again[:1], at=timezone.now())


def test_an_evenings_posting_is_kept_as_posted(secretary, staff, eight, club_stake):
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.01")
    play_round_one(secretary, evening)
    end(secretary, evening)
    posting = Posting.objects.filter(evening=evening).first()
    with pytest.raises(DatabaseError, match="only added to"), transaction.atomic():
        Posting.objects.filter(pk=posting.pk).update(amount=Decimal(5))


def test_the_members_statement_shows_the_evening(secretary, staff, eight, club_stake):
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.01", per="point", table_money="1")
    nets = play_round_one(secretary, evening)
    end(secretary, evening)
    winner = next(player for player, net in nets.items() if net == 36)
    page = secretary.get(reverse("ledger:member", args=[winner.member.pk])).content.decode()
    assert "Progressive evening" in page
    assert "Progressive Bridge" in page
    assert "+36 points" in page
    assert "at £0.01 a point" in page
    assert "+£0.36" in page
    assert "Table money" in page
    assert "−£1.00" in page
    assert reverse("scorer:progressive:evening", args=[evening.pk]) in page
    # Stakes between players, and table money, each apart; the balance of both.
    assert "Stakes between players +£0.36" in page
    assert "Table money −£1.00" in page
    assert "Balance: −£0.64" in page


def test_the_evening_page_says_what_it_is_played_for(secretary, staff, eight, club_stake):
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.50", per="hundred", table_money="1")
    page = secretary.get(reverse("scorer:progressive:evening", args=[evening.pk]))
    assert (
        "Played for £0.50 a hundred points, and £1.00 table money from each member: posted "
        "when the evening ends." in page.content.decode()
    )


def test_the_settlement_counts_the_evening_in_the_sitting_it_was_drawn_in(
    secretary, staff, eight, club_stake
):
    now = timezone.now()
    sitting = settlements.open_sitting(
        name="Tonight",
        start=now - timezone.timedelta(hours=1),
        end=now + timezone.timedelta(hours=5),
        user=staff,
    )
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.01", per="point", table_money="1")
    nets = play_round_one(secretary, evening)
    waiting = settlements.settlement(sitting)
    assert waiting.unended == [evening]
    assert settlements.unended(waiting) == (
        "Progressive evening of Tonight, played for money, has not yet ended: end it first, "
        "so that its money is posted."
    )
    end(secretary, evening)
    result = settlements.settlement(sitting)
    assert result.unended == []
    lines = {line.name: line for line in result.lines}
    for player, net in nets.items():
        line = lines[player.name]
        assert line.rubbers == 0
        assert line.net_points == net
        assert line.exact == Decimal(net) * CENT
        assert line.table_money == Decimal("-1")
    assert lines["The house"].table_money == Decimal(8)
    assert result.total == 0
    assert len(result.charges) == 8
    # The host's table money waived on the sitting's page, as a rubber's is.
    host = result.charges[0]
    desk.waive(charge=host.charge, reason="the host", user=staff)
    waived = settlements.settlement(sitting)
    lines = {line.name: line for line in waived.lines}
    assert lines[host.member.name].table_money == 0
    assert lines["The house"].table_money == Decimal(7)
    assert waived.total == 0


def test_nothing_of_an_evening_posts_into_a_closed_settlement(secretary, staff, eight, club_stake):
    now = timezone.now()
    evening = drawn_with(staff, eight)
    terms(evening, staff, stake="0.01", per="point")
    Sitting.objects.create(
        name="Tonight",
        start=now - timezone.timedelta(hours=1),
        end=now + timezone.timedelta(hours=5),
        created_by=staff,
        closed_at=now,
        closed_by=staff,
    )
    play_round_one(secretary, evening)
    assert said(end(secretary, evening)) == [
        "Tonight is closed, and Progressive evening was drawn in it: its settlement is never "
        "changed, so the evening's money cannot be posted. Tell the secretary."
    ]
    assert not ProgressiveEvening.objects.get(pk=evening.pk).ended
    # Nor behind the site's back: the database refuses it.
    member = eight[0]
    with pytest.raises(DatabaseError, match="sitting is closed"), transaction.atomic():
        Posting.objects.create(
            member=member,
            kind=Posting.EVENING,
            evening=evening,
            amount=Decimal(1),
            currency="GBP",
            counterparty="x",
            reason="x",
        )
