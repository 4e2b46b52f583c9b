"""An evening at a table of five and six, from phones at 360 × 740."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from scorer.models import Rubber, Table
from scorer.rubbers import writes as rubber_writes
from scorer.tables import writes as table_writes
from tests.support.browser import choose_candidates, screenshot, sign_in
from tests.support.club import make_member
from tests.support.deal_forms import agree, won

pytestmark = pytest.mark.django_db(transaction=True)

SIX = [
    ("Mrs. Carr", "Carr"),
    ("Miss Fenwick", "Fenwick"),
    ("Mr. Dane", "Dane"),
    ("Col. Hartley", "Hartley"),
    ("Mrs. Ingram", "Ingram"),
    ("Mr. Lacey", "Lacey"),
]


def agree_the_rubber_in_play(*, won_already: bool = False):
    """Played out and agreed elsewhere in the tests (tests/rubbers/test_scoring_on_a_phone.py
    scores a whole rubber on a phone); here the evening around it is what is tried."""
    staff = get_user_model().objects.get(username="secretary")
    client = Client()
    client.force_login(staff)
    rubber = Rubber.objects.get(agreed_at__isnull=True, at_table__isnull=False)
    if not won_already:
        won(client, rubber)
    agree(client, Rubber.objects.get(pk=rubber.pk), "both")


def win_the_rubber_in_play():
    staff = get_user_model().objects.get(username="secretary")
    client = Client()
    client.force_login(staff)
    won(client, Rubber.objects.get(agreed_at__isnull=True, at_table__isnull=False))


def test_a_table_of_five_cuts_out_and_takes_a_sixth(phone):
    members = [make_member(name, short) for name, short in SIX]
    get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    secretary = phone()
    sign_in(secretary, "secretary")
    secretary.get_by_role("link", name="Tonight's tables").click()
    choose_candidates(secretary, [member.name for member in members[:5]])
    screenshot(secretary, "table-forming")
    secretary.get_by_role("button", name="Form the table and cut").click()

    expect(secretary.get_by_role("heading", name="How the table formed")).to_be_visible()
    expect(secretary.get_by_text("sits out the first rubber: cut higher (Law 17)")).to_be_visible()
    expect(secretary.get_by_role("link", name="The rubber in play")).to_be_visible()
    screenshot(secretary, "table-formed")

    # Mr. Lacey arrives during the rubber and claims the next vacancy from his own phone.
    lacey = phone()
    sign_in(lacey, "lacey")
    lacey.get_by_role("link", name="Tonight's tables").click()
    lacey.get_by_role("link", name="Table 1").click()
    lacey.get_by_role("button", name="Claim entry").click()
    expect(
        lacey.get_by_text(
            "the claim is made before the next cut, so entry comes at the end of this rubber "
            "(Law 24)"
        )
    ).to_be_visible()

    secretary.get_by_role("link", name="The rubber in play").click()
    win_the_rubber_in_play()
    # Won, it waits for both sides' agreement before the table cuts for the next.
    expect(secretary.get_by_role("heading", name="Agree the rubber")).to_be_visible()
    expect(secretary.get_by_role("link", name="Next rubber: Table 1's cut")).to_have_count(0)
    agree_the_rubber_in_play(won_already=True)
    secretary.reload()
    # Agreed, the rubber's page sends the table to its cut, not to these four again.
    expect(secretary.get_by_role("link", name="New rubber, same table")).to_have_count(0)
    secretary.get_by_role("link", name="Next rubber: Table 1's cut").click()
    secretary.get_by_role("button", name="Cut for the next rubber").click()
    expect(secretary.get_by_role("heading", name="The cut for the last rubber")).to_be_visible()
    expect(
        secretary.get_by_text("Mr. Lacey enters: claimed before the cut (Law 24)")
    ).to_be_visible()
    expect(secretary.get_by_text("plays: sat out the last rubber (Law 23)")).to_be_visible()
    expect(secretary.locator(".cut li", has_text="sits out")).to_have_count(2)
    screenshot(secretary, "table-cut-out")

    table = Table.objects.get()
    assert table.memberships.filter(left_at__isnull=True).count() == 6
    latest = table.rubbers.order_by("-started_at").first()
    assert latest.seats.count() == 4
    assert latest.seats.filter(member__short_name="Lacey").exists()

    # The follow link opens the table's sheet for anyone, signed out, with no form.
    link = secretary.get_by_role("link", name="the follow link").get_attribute("href")
    kibitzer = phone()
    kibitzer.goto(link)
    expect(kibitzer.get_by_role("heading", name="Table 1")).to_be_visible()
    assert kibitzer.locator("main form").count() == 0
    screenshot(kibitzer, "table-followed")


def test_a_substitute_a_departure_from_the_cut_a_leaver_and_a_break_up_by_their_buttons(phone):
    members = [make_member(name, short) for name, short in SIX]
    staff = get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    page = phone()
    sign_in(page, "secretary")
    page.get_by_role("link", name="Tonight's tables").click()
    choose_candidates(page, [member.name for member in members[:5]])
    page.get_by_role("button", name="Form the table and cut").click()
    expect(page.get_by_role("heading", name="How the table formed")).to_be_visible()
    # Four more play a rubber of their own meanwhile: none is free to be a substitute.
    elsewhere = [make_member(f"Mr. Side{n}", f"Side{n}") for n in range(4)]
    rubber_writes.start_rubber(table="Side", members=elsewhere, first_dealer=0, user=staff)
    page.reload()

    # Law 27: one of the four quits; Mr. Lacey plays for him until the rubber ends.
    table = Table.objects.get()
    seats = table.rubbers.get().seats.order_by("position")
    quitting = seats[0].member
    # Who quits: one of the four playing; his substitute: those free to play, by surname.
    offered = "(select) => [...select.options].map((o) => o.text)"
    assert sorted(page.get_by_label("Who quits").evaluate(offered)[1:]) == sorted(
        seat.member.name for seat in seats
    )
    resting = next(m for m in members[:5] if m not in [seat.member for seat in seats])
    assert page.get_by_label("His substitute").evaluate(offered) == [
        "Choose a member",
        *sorted([resting.name, "Mr. Lacey"], key=lambda name: name.split()[-1]),
    ]
    page.get_by_label("Who quits").select_option(label=quitting.name)
    page.get_by_label("His substitute").select_option(label="Mr. Lacey")
    page.get_by_label("The other three players consent (Law 27)").check()
    page.get_by_role("button", name="Appoint the substitute").click()
    expect(page.locator(".message.done")).to_contain_text(
        f"Mr. Lacey plays for {quitting.name} until the end of this rubber"
    )
    page.get_by_role("link", name="The rubber in play").click()
    expect(page.get_by_text(f"Mr. Lacey plays for {quitting.name} (Law 27)")).to_be_visible()
    page.go_back()

    page.get_by_role("button", name="Revoke the follow link").click()
    expect(page.get_by_text("Every follow link of Table 1 given so far is revoked")).to_be_visible()

    agree_the_rubber_in_play()
    page.reload()
    page.get_by_text("Play otherwise, by agreement").click()
    first_four = [seat.member.name for seat in table.rubbers.get().seats.order_by("position")]
    for n, name in enumerate(first_four):
        page.get_by_label(f"Player {n + 1}").select_option(label=name)
    page.get_by_role("button", name="These four play: we agree").click()
    expect(page.get_by_text("the players agreed to depart from the cut")).to_be_visible()
    expect(page.get_by_text("The players departed from the cut by agreement.")).to_be_visible()

    sitting_out = next(m for m in members[:5] if m.name not in first_four)
    page.get_by_label("Who leaves").select_option(label=sitting_out.name)
    page.get_by_role("button", name="Leave the table").click()
    expect(page.get_by_text(f"{sitting_out.name} has left Table 1.")).to_be_visible()

    agree_the_rubber_in_play()
    page.reload()
    page.get_by_text("Break up the table").click()
    page.get_by_role("button", name="Break up Table 1").click()
    expect(page.get_by_text("Table 1 has broken up.")).to_be_visible()
    screenshot(page, "table-broken-up")

    page.get_by_role("link", name="The noticeboard, for a screen on the wall").click()
    expect(page.get_by_role("heading", name=re.compile("^Tonight's tables"))).to_be_visible()
    screenshot(page, "noticeboard")


def test_a_claim_withdrawn_and_the_noticeboard_revoked_by_their_buttons(phone):
    """Mr. Lacey claims a place at Table 1, thinks better of it and withdraws his claim
    from his own phone; he is not offered the table's other buttons. The secretary revokes
    the noticeboard: the link on the wall stops answering, and the page gives a new one."""
    members = [make_member(name, short) for name, short in SIX]
    staff = get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    table_writes.form_table(
        name="Table 1",
        day=timezone.localdate(),
        candidates=members[:4],
        user=staff,
        rng=random.Random(1),
    )

    lacey = phone()
    sign_in(lacey, "lacey")
    lacey.get_by_role("link", name="Tonight's tables").click()
    lacey.get_by_role("link", name="Table 1").click()
    expect(lacey.get_by_role("button", name="Appoint the substitute")).to_have_count(0)
    expect(lacey.get_by_role("button", name="Leave the table")).to_have_count(0)
    lacey.get_by_role("button", name="Claim entry").click()
    expect(lacey.get_by_text("Mr. Lacey claims entry to Table 1")).to_be_visible()
    waiting = lacey.get_by_role("list").filter(has_text="Mr. Lacey")
    expect(waiting).to_contain_text("Mr. Lacey")
    screenshot(lacey, "table-claim-waiting")
    lacey.get_by_role("button", name="Withdraw the claim").click()
    expect(lacey.get_by_text("Mr. Lacey's claim at Table 1 is withdrawn.")).to_be_visible()
    expect(lacey.get_by_role("button", name="Withdraw the claim")).to_have_count(0)
    expect(lacey.get_by_text("Nobody.")).to_be_visible()

    secretary = phone()
    sign_in(secretary, "secretary")
    secretary.get_by_role("link", name="Tonight's tables").click()
    board = secretary.get_by_role("link", name="The noticeboard, for a screen on the wall")
    old = board.get_attribute("href")
    wall = phone()
    wall.goto(old)
    expect(wall.get_by_role("heading", name="Table 1")).to_be_visible()
    secretary.get_by_role("button", name="Revoke the noticeboard link").click()
    expect(
        secretary.get_by_text("Every noticeboard link of tonight given so far is revoked")
    ).to_be_visible()
    screenshot(secretary, "tables-noticeboard-revoked")
    assert board.get_attribute("href") != old
    wall.reload()
    expect(wall.get_by_text("This noticeboard's link has lapsed or been revoked")).to_be_visible()
