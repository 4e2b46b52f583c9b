"""The club's table ranks Progressive evenings beside the rubbers: each member's evenings
ended in the period, his net points over them (by their results, whether or not they were
played for money) and his best place; guests are not ranked, and an evening not ended, or
drawn outside the period, does not count."""

from __future__ import annotations

import random
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from scorer.progressive import writes
from scorer.rankings.reads import EveningStanding, evenings_table
from tests.support.evenings import members, opened, round_played, seen, tables_of


def evening(staff, players, *, name, guests=(), tricks=9, end=True):
    """An evening of one deal a round, one round played (the pair dealing, We, taking
    `tricks` at no-trump at every table), ended unless told."""
    made = opened(staff, name=name)
    for member in players:
        writes.add_member(evening=made, member=member, seen=seen(made), user=staff)
    for guest in guests:
        writes.add_guest(evening=made, name=guest, seen=seen(made), user=staff)
    writes.draw(evening=made, seen=seen(made), user=staff, rng=random.Random(1905))
    made.refresh_from_db()
    for table in tables_of(made):
        round_played(staff, table, tricks=tricks)
    if end:
        writes.end(evening=made, seen=seen(made), user=staff)
    return made


def net_of(made, member) -> int:
    seat = tables_of(made)[0].seats.filter(player__member=member).first()
    if seat is None:
        seat = tables_of(made)[1].seats.get(player__member=member)
    return 36 if seat.position % 2 == 0 else -36


def period():
    now = timezone.now()
    return now - timedelta(days=1), now + timedelta(days=1)


def test_each_members_evenings_net_and_best_place(db, staff):
    eight = members(8)
    first = evening(staff, eight, name="First")
    second = evening(staff, eight, name="Second", tricks=4)  # We take 4: They gain 36
    table = {row.member: row for row in evenings_table(*period())}
    assert set(table) == set(eight)
    for member in eight:
        nets = [net_of(first, member), -net_of(second, member)]
        assert table[member] == EveningStanding(member, 2, sum(nets), 1 if max(nets) > 0 else 5)
    rows = evenings_table(*period())
    assert [row.net_points for row in rows] == sorted(
        (row.net_points for row in rows), reverse=True
    )


def test_guests_an_evening_not_ended_and_one_outside_the_period_are_not_ranked(db, staff):
    others = members(8, start=6)
    evening(staff, others, name="Before the period")
    start = timezone.now()
    six = members(6)
    evening(staff, six, name="With guests", guests=("Mrs. Hale", "Mr. Vane"))
    evening(staff, others, name="Still playing", end=False)
    ranked = evenings_table(start, start + timedelta(days=1))
    assert sorted(row.member.name for row in ranked) == sorted(m.name for m in six)
    assert len(evenings_table(*period())) == 6 + 8


def test_the_club_tables_page_shows_the_evenings(client, staff):
    eight = members(8)
    evening(staff, eight, name="First")
    client.force_login(eight[0].user)
    today = timezone.localdate()
    page = client.get(
        reverse("ledger:table"),
        {"start": (today - timedelta(days=1)).isoformat(), "end": today.isoformat()},
    ).content.decode()
    assert "<h2>Progressive evenings</h2>" in page
    assert "<td>Mr. Carr</td><td>1</td>" in page
    assert "<td>+36</td>" in page
    assert "<td>−36</td>" in page
