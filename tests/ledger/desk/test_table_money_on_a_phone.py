"""Table money by what the secretary sees: he sets it on the ledger's page, a rubber is
agreed, the settlement shows it apart from the stakes with the house's line, he waives
the host's, and records a member paying the house."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from ledger.models import Posting, TableCharge
from ledger.settlement import services as settlements
from tests.support.browser import screenshot, tap
from tests.support.club import NAMES, make_member
from tests.support.ledger import WON_BY_WE, agreed, set_stake

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_secretary_charges_table_money_waives_the_hosts_and_is_paid(phone):
    players = [make_member(name, short) for name, short in NAMES]
    secretary = get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    set_stake("0.50", secretary, at=timezone.now() - timedelta(days=1))
    now = timezone.now()
    settlements.open_sitting(
        name="Tonight", start=now - timedelta(hours=2), end=now + timedelta(hours=6), user=secretary
    )

    page = phone()
    page.goto("/")
    page.get_by_role("link", name="Sign in to score").click()
    page.get_by_label("Username").fill("secretary")
    page.get_by_label("Password").fill("pw")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("link", name="Ledger").click()

    page.get_by_text("Change the table money").click()
    tap(page, "Charged to", "Each player, each rubber")
    page.get_by_label("A fixed amount").fill("0.25")
    page.get_by_role("button", name="Set the table money from now on").click()
    expect(page.get_by_text("Table money is now £0.25 each player, each rubber")).to_be_visible()
    assert TableCharge.objects.count() == 1

    agreed(players, secretary, WON_BY_WE)  # at the table, both sides agree

    page.reload()
    expect(page.get_by_role("cell", name="The house (table money)")).to_be_visible()
    page.get_by_role("link", name="Tonight").click()
    expect(page.get_by_role("heading", name="Tonight")).to_be_visible()
    # Who pays whom and what each is due come first; the figures behind them are folded.
    house = page.get_by_role("row", name=re.compile(r"^The house \(table money\)"))
    expect(house).to_contain_text("+£1.00")
    expect(page.get_by_text("Miss Fenwick pays the house")).to_be_visible()
    page.get_by_text("Each member's figures").click()
    fenwick = page.locator("li", has_text="Miss Fenwick: due")
    expect(fenwick).to_contain_text("stakes −£1.42")
    expect(fenwick).to_contain_text("table money −£0.25")

    page.get_by_text("Table money (4 charges)").click()
    carr = page.locator("li", has_text="Mrs. Carr: table money")
    carr.get_by_text("Waive Carr's table money").click()
    carr.get_by_label("Reason").fill("the host")
    carr.get_by_role("button", name="Waive it").click()
    expect(page.get_by_text("Waived: Mrs. Carr's")).to_be_visible()
    expect(house).to_contain_text("+£0.75")
    page.get_by_text("Table money (4 charges)").click()
    expect(page.get_by_text("waived: the host")).to_be_visible()
    assert Posting.objects.filter(kind=Posting.WAIVER).count() == 2

    # Miss Fenwick hands the secretary her table money: the house is owed that much less,
    # a payment made during the sitting, not a debt brought forward.
    page.get_by_label("Paid by").select_option(label="Miss Fenwick")
    page.get_by_label("Paid to").select_option(label="The house (table money)")
    page.get_by_label("Amount (£)").fill("0.25")
    page.get_by_role("button", name="Record the payment").click()
    expect(page.get_by_text("Recorded: Miss Fenwick paid the house £0.25.")).to_be_visible()
    expect(house).to_contain_text("+£0.50")
    expect(house).to_contain_text("received £0.25 during the sitting")
    expect(house).not_to_contain_text("brought forward")

    # Col. Hartley settles with Mr. Dane: the form filled in from "Who pays whom".
    owed = page.locator(".transfers li", has_text="Col. Hartley pays Mr. Dane")
    owed.get_by_role("link", name="Record it as paid").click()
    expect(page.get_by_text("Filled in from “Col. Hartley pays Mr. Dane £1.17”")).to_be_visible()
    expect(page.get_by_label("Paid by")).to_have_value(str(players[3].pk))
    expect(page.get_by_label("Amount")).to_have_value("1.17")
    screenshot(page, "settlement-record-a-transfer")
    page.get_by_role("button", name="Record the payment").click()
    expect(page.get_by_text("Recorded: Col. Hartley paid Mr. Dane £1.17.")).to_be_visible()
    expect(page.locator(".transfers")).not_to_contain_text("Col. Hartley pays Mr. Dane")
    screenshot(page, "table-money-settlement")

    # The house's own account, from the ledger's page: what it was charged, waived and paid.
    page.get_by_role("link", name="← The ledger").click()
    page.get_by_role("link", name="The house (table money)").click()
    expect(page.get_by_role("heading", name="The house's account")).to_be_visible()
    expect(page.locator(".standing")).to_have_text("Balance: +£0.50 (owed to the house)")
    expect(page.get_by_text("Received by cash; against Miss Fenwick")).to_be_visible()
    screenshot(page, "house-account")
    page.get_by_role("link", name="Ledger").click()
    page.get_by_role("link", name="Tonight").click()

    with page.expect_response(
        lambda r: "application/pdf" in r.headers.get("content-type", "")
    ) as answer:
        page.get_by_role("link", name="Print (PDF)").click()
    pdf = page.context.request.get(answer.value.url).body()
    assert pdf.startswith(b"%PDF")
    from tests.support.browser import SCREENSHOTS

    (SCREENSHOTS / "table-money-settlement.pdf").write_bytes(pdf)
