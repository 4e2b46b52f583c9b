"""A Progressive evening played for money, by what the secretary sees on his phone: from
the evening's page to its money page, a stake a point and table money set; the evening
played and ended from its page; what it posted on its money page and on a member's
statement."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from ledger.models import Posting
from tests.support.browser import screenshot, sign_in, tap
from tests.support.evenings import drawn, members, round_played, tables_of
from tests.support.ledger import set_stake

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_secretary_plays_an_evening_for_a_stake_and_table_money(phone, staff):
    set_stake("0.50", staff, at=timezone.now() - timedelta(days=1))
    eight = members(8)
    evening = drawn(staff, eight)
    staff.set_password("pw")
    staff.save()

    page = phone()
    sign_in(page, staff.username)
    page.get_by_role("link", name="Progressive evenings").click()
    page.get_by_role("link", name=re.compile("^Progressive evening")).click()
    page.get_by_role("link", name="The evening's money").click()
    expect(page.get_by_text("Played for points alone")).to_be_visible()
    page.get_by_label("Stake: each member's net at").fill("0.01")
    tap(page, "Money", "A point")
    page.get_by_label("Table money from each member").fill("1")
    screenshot(page, "progressive-money")
    page.get_by_role("button", name="Set what it is played for").click()
    expect(
        page.get_by_text(
            "Progressive evening is played for £0.01 a point, and £1.00 table money from each "
            "member."
        )
    ).to_be_visible()

    for table in tables_of(evening):  # both tables play their round, We taking 9 at no-trump
        round_played(staff, table)
    page.get_by_role("link", name="← Progressive evening").click()
    expect(
        page.get_by_text(
            "Played for £0.01 a point, and £1.00 table money from each member: posted when "
            "the evening ends."
        )
    ).to_be_visible()
    page.get_by_text("End the evening here").click()
    page.get_by_role("button", name="End the evening after round 1").click()
    expect(page.get_by_text("The evening has ended: the results are final.")).to_be_visible()
    assert Posting.objects.filter(evening=evening, kind=Posting.EVENING).count() == 8

    page.get_by_role("link", name="The evening's money").click()
    winner = tables_of(evening)[0].seats.get(position=0).player
    posted = page.locator("li", has_text=winner.name)
    expect(posted).to_contain_text("+36 points")
    expect(posted).to_contain_text("stake +£0.36")
    expect(posted).to_contain_text("table money −£1.00")
    expect(page.locator("li.house")).to_contain_text("The house (table money): +£8.00")
    screenshot(page, "progressive-money-posted")

    page.get_by_role("link", name="Ledger").click()
    page.get_by_role("link", name=winner.name).click()
    entry = page.locator("li", has_text="Progressive evening, ")
    expect(entry.first).to_contain_text("at £0.01 a point")
    expect(page.locator(".standing")).to_have_text(f"Balance: −£0.64 ({winner.name} owes)")
    screenshot(page, "progressive-money-statement")
