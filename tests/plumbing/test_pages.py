"""Every page of the site, reached as a person reaches it: from the home page, by the links
and buttons it shows, forms filled in by the labels they show. A page whose link is
missing, or a form whose buttons do not render, fails here."""

from __future__ import annotations

import io
import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import expect

from ledger.models import Payment, Sitting, Stake
from scorer.models import Rubber
from tests.support.browser import (
    declare,
    name_the_table_and_seat,
    screenshot,
    serious_violations,
    small_targets_and_text,
    tap,
    tap_honours,
)
from tests.support.club import NAMES, make_member

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def club(db):
    members = [make_member(name, short) for name, short in NAMES]
    get_user_model().objects.create_user(
        "secretary", password="pw", is_staff=True, is_superuser=True
    )
    return members


def sign_in_from_the_home_page(page, username: str) -> None:
    page.goto("/")
    page.get_by_role("link", name="Sign in to score").click()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Rubbers")).to_be_visible()


def pdf_from(page, control) -> bytes:
    """Tap a control that asks for a PDF: it answers with one. (Chromium shows a PDF in a
    viewer of its own, whose page is all the response's body says; the PDF itself is read
    again from the address it came from.)"""
    with page.expect_response(
        lambda r: "application/pdf" in r.headers.get("content-type", "")
    ) as answer:
        control.click()
    assert answer.value.status == 200
    body = page.context.request.get(answer.value.url).body()
    assert body.startswith(b"%PDF")
    page.wait_for_url(answer.value.url)
    page.go_back()  # to the page the PDF was asked for from
    return body


def test_a_player_starts_a_rubber_scores_corrects_and_prints_it_by_what_he_sees(phone, club):
    page = phone()
    sign_in_from_the_home_page(page, "carr")

    page.get_by_role("link", name="Start a rubber").click()
    seated = ["Mrs. Carr", "Miss Fenwick", "Mr. Dane", "Col. Hartley"]
    name_the_table_and_seat(page, "Table 3", dict(enumerate(seated)))
    tap(page, "Who deals first", "Seat 1")
    page.get_by_role("button", name="Start the rubber").click()

    declare(page, 1, "H")
    tap(page, "Tricks won by", "9")
    tap_honours(page, Rubber.objects.get().seats.get(position=0).side, "Simple honours")
    page.get_by_role("button", name="Save the result").click()
    expect(page.get_by_role("heading", name="Deal 2: the declaration")).to_be_visible()

    page.get_by_text("The deals, one by one").click()
    page.get_by_role("link", name="the sheet as it stood then").click()
    expect(page.get_by_text("as it stood after deal 1 was recorded")).to_be_visible()
    page.go_back()
    page.get_by_text("The deals, one by one").click()
    page.get_by_role("link", name="Correct deal 1").click()
    expect(page.get_by_role("heading", name="Correct deal 1")).to_be_visible()
    tap(page, "Tricks won by the dealer's side", "10")
    page.get_by_label("Why it is corrected").fill("tricks miscounted")
    page.get_by_role("button", name="Correct deal 1").click()
    expect(page.get_by_text("Deal 1 corrected")).to_be_visible()

    pdf_from(page, page.get_by_role("link", name="Print this sheet (PDF)"))


def test_the_printing_page_prints_pads_when_tapped(phone, club):
    page = phone()
    sign_in_from_the_home_page(page, "carr")
    page.get_by_role("link", name="Printing: score pads, an evening").click()
    expect(page.get_by_role("heading", name="Printing")).to_be_visible()
    tap(page, "Forms to a page", "Four")
    tap(page, "Paper", "US Letter")
    page.get_by_label("Pages").fill("2")
    screenshot(page, "printing")
    pdf_from(page, page.get_by_role("button", name="Print the pads (PDF)"))


def test_an_evenings_results_are_shown_and_printed_from_the_links(phone, club):
    page = phone()
    sign_in_from_the_home_page(page, "carr")
    page.get_by_role("link", name="Printing: score pads, an evening").click()
    page.get_by_role("button", name="Show the evening").click()
    expect(page.get_by_role("heading", name=re.compile(r"\d{4}"))).to_be_visible()
    pdf_from(page, page.get_by_role("link", name="Print (A4)"))
    page.get_by_role("link", name="Bridge scorer").click()
    page.get_by_role("link", name="Tonight's results").click()
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_text("No rubber was played.")).to_be_visible()


def test_the_secretary_keeps_the_ledger_by_what_he_sees(phone, club):
    carr, fenwick = club[0], club[1]
    page = phone()
    sign_in_from_the_home_page(page, "secretary")
    page.get_by_role("link", name="Ledger").click()
    expect(page.get_by_role("heading", name="The ledger")).to_be_visible()

    page.get_by_text("Change the stake").click()
    page.get_by_label("Money a hundred points").fill("0.50")
    page.get_by_role("button", name="Set the stake from now on").click()
    expect(page.get_by_text("The stake is now")).to_be_visible()
    assert Stake.objects.count() == 1

    page.get_by_text("Open a sitting").click()
    page.get_by_label("Name").fill("Tonight")
    page.get_by_role("button", name="Open it").click()
    expect(page.get_by_role("heading", name="Tonight")).to_be_visible()
    assert Sitting.objects.count() == 1
    pdf_from(page, page.get_by_role("link", name="Print (PDF)"))
    with page.expect_download() as csv:
        page.get_by_role("link", name="Download (CSV)").click()
    assert csv.value.suggested_filename.endswith(".csv")

    page.get_by_label("Paid by").select_option(label=fenwick.name)
    page.get_by_label("Paid to").select_option(label=carr.name)
    page.get_by_label("Amount").fill("1.50")
    tap(page, "How", "Cash")
    page.get_by_role("button", name="Record the payment").click()
    expect(page.get_by_text("Recorded:")).to_be_visible()
    assert Payment.objects.count() == 1

    page.get_by_role("link", name="← The ledger").click()
    page.get_by_role("link", name="Reverse").click()
    expect(page.get_by_role("heading", name="Reverse this payment?")).to_be_visible()
    assert Payment.objects.count() == 1, "asked once more, nothing reversed yet"
    page.get_by_role("button", name="Reverse it").click()
    expect(page.get_by_text("Reversed:")).to_be_visible()
    assert Payment.objects.count() == 2

    page.get_by_role("link", name=fenwick.name).click()
    expect(page.get_by_role("heading", name=f"{fenwick.name}'s account")).to_be_visible()
    page.get_by_role("link", name="The club's table").click()
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("heading", name="The club's table")).to_be_visible()


def test_the_secretary_closes_a_settlement_and_reverses_a_payment_asked_once_more(phone, club):
    """Without JavaScript, as any phone: "Close this settlement" and "Reverse" each lead to
    a page that shows what will be done and asks once more; "Not now" and "Keep it" leave
    everything as it was."""
    from datetime import timedelta

    from django.utils import timezone

    from ledger.desk import services as desk
    from ledger.settlement import services as settlements
    from tests.support.ledger import WON_BY_WE, agreed, set_stake

    secretary = get_user_model().objects.get(username="secretary")
    now = timezone.now()
    set_stake("0.50", secretary, at=now - timedelta(days=1))
    agreed(club, secretary, WON_BY_WE, started=now - timedelta(hours=2))
    sitting = settlements.open_sitting(
        name="Last night", start=now - timedelta(hours=3), end=now, user=secretary
    )
    desk.record_payment(
        payer=club[1], payee=club[0], amount=Decimal("5"), method="cash", note="", user=secretary
    )
    # Each page that asks, read by axe-core (which needs JavaScript) on a phone of its own.
    looking = phone()
    sign_in_from_the_home_page(looking, "secretary")
    for address, name in [
        (f"/ledger/payments/{Payment.objects.get().pk}/reverse/", "reverse-a-payment"),
        (f"/ledger/sittings/{sitting.pk}/close/", "close-a-settlement"),
    ]:
        looking.goto(address)
        screenshot(looking, name)
        assert serious_violations(looking) == [], name

    page = phone(javascript=False)
    sign_in_from_the_home_page(page, "secretary")
    page.get_by_role("link", name="Ledger").click()

    page.get_by_role("link", name="Reverse").click()
    expect(page.get_by_role("heading", name="Reverse this payment?")).to_be_visible()
    expect(page.get_by_text("Miss Fenwick paid Mrs. Carr £5.00")).to_be_visible()
    page.get_by_role("link", name="Keep it").click()
    expect(page.get_by_role("heading", name="The ledger")).to_be_visible()
    assert Payment.objects.count() == 1
    page.get_by_role("link", name="Reverse").click()
    page.get_by_role("button", name="Reverse it").click()
    expect(page.get_by_text("Reversed: Miss Fenwick paid Mrs. Carr £5.00.")).to_be_visible()
    assert Payment.objects.filter(reverses__isnull=False).count() == 1

    page.get_by_role("link", name="Last night").click()
    page.get_by_role("link", name="Close this settlement").click()
    expect(page.get_by_role("heading", name="Close Last night?")).to_be_visible()
    expect(page.get_by_text("Miss Fenwick pays Mrs. Carr £1.42")).to_be_visible()
    page.get_by_role("link", name="Not now").click()
    expect(page.get_by_role("heading", name="Last night")).to_be_visible()
    sitting.refresh_from_db()
    assert not sitting.closed
    page.get_by_role("link", name="Close this settlement").click()
    page.get_by_role("button", name="Close it for good").click()
    expect(page.get_by_text("Closed: this settlement is now fixed for good.")).to_be_visible()
    expect(page.get_by_role("link", name="Close this settlement")).to_have_count(0)
    sitting.refresh_from_db()
    assert sitting.closed


def test_a_member_sees_his_account_changes_his_password_and_signs_out(phone, club):
    page = phone()
    sign_in_from_the_home_page(page, "carr")
    page.get_by_role("link", name="Ledger").click()
    expect(page.get_by_role("heading", name="Mrs. Carr's account")).to_be_visible()
    page.get_by_role("link", name="Password", exact=True).click()
    page.get_by_label("Old password").fill("pw")
    page.get_by_label("New password", exact=True).fill("a longer pass-phrase 1905")
    page.get_by_label("New password confirmation").fill("a longer pass-phrase 1905")
    page.get_by_role("button", name="Change my password").click()
    expect(page.get_by_text("Your password is changed")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("link", name="Sign in to score")).to_be_visible()


def test_the_staff_reach_the_admin_from_the_site(phone, club):
    page = phone()
    sign_in_from_the_home_page(page, "secretary")
    page.get_by_role("link", name="Admin").click()
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_of_the_demo_club_fits_a_phone_light_and_dark(phone, scheme):
    """The demo club, toured by its links as the secretary: each page screenshotted for a
    person to look at, and measured (the phone fixture faults any page wider than 360 px):
    axe's serious violations, every control a thumb taps at least 44 × 44 px, and no text
    under 14 px."""
    call_command("seed_demo", stdout=io.StringIO())
    page = phone(scheme=scheme)
    page.goto("/")

    too_small: list[str] = []

    def shot(name: str) -> None:
        screenshot(page, f"{scheme}-{name}")
        assert serious_violations(page) == [], name
        # Every control a thumb taps, 44 × 44 px at least; no text under 14 px.
        small, tiny = small_targets_and_text(page)
        too_small.extend(f"{name}: {what}" for what in [*small, *tiny])

    shot("home")
    page.get_by_role("link", name="Sign in to score").click()
    shot("sign-in")
    page.get_by_label("Username").fill("secretary")
    page.get_by_label("Password").fill("secretary-1905")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Rubbers")).to_be_visible()
    shot("rubbers")
    page.get_by_role("link", name=re.compile("^Table 2")).click()
    expect(page.get_by_text("Played for £0.50 a hundred points.")).to_be_visible()
    shot("rubber-in-play")
    page.go_back()
    page.get_by_role("link", name=re.compile("^Table 1")).click()
    expect(page.get_by_role("heading", name="Agreed")).to_be_visible()
    shot("rubber-agreed")
    page.get_by_text("The deals, one by one").click()
    shot("rubber-agreed-deals")
    # The specimen was Table 1's first rubber: its page leads to the table of five.
    page.get_by_role("link", name="Table 1: who plays, sits out and waits").click()
    expect(page.get_by_role("heading", name="How the table formed")).to_be_visible()
    expect(page.get_by_role("row", name="Mr. Napier sitting out 0")).to_be_visible()
    expect(page.get_by_text("Mr. Napier belongs to the table and sits out")).to_be_visible()
    shot("table")
    page.get_by_role("link", name="The follow link").click()
    expect(page.get_by_role("heading", name="Table 1")).to_be_visible()
    shot("follow")
    page.get_by_role("link", name="Bridge scorer").click()
    page.get_by_role("link", name="Start a rubber").click()
    shot("start")
    page.get_by_role("link", name="Bridge scorer").click()
    page.get_by_role("link", name="Tonight's results").click()
    shot("evening")
    page.get_by_role("link", name="Bridge scorer").click()
    page.get_by_role("link", name="Tonight's tables").click()
    shot("tables")
    page.get_by_role("link", name="The noticeboard, for a screen on the wall").click()
    expect(page.get_by_role("region", name="Table 1")).to_be_visible()
    shot("noticeboard")
    page.get_by_role("link", name="Bridge scorer").click()
    page.get_by_role("link", name="Printing: score pads, an evening").click()
    shot("printing")
    # Last night's Progressive evening: its page, its results, a table's round, the noticeboard.
    page.get_by_role("link", name="Bridge scorer").click()
    page.get_by_role("link", name="Progressive evenings").click()
    shot("progressive-evenings")
    page.get_by_role("link", name=re.compile("^Progressive evening ")).click()
    expect(page.get_by_text("The evening has ended: the results are final.")).to_be_visible()
    shot("progressive-evening")
    page.get_by_role("link", name="The results", exact=True).click()
    shot("progressive-results")
    page.get_by_role("link", name=re.compile("^Table 2: agreed")).nth(1).click()  # round 2
    expect(page.get_by_text(re.compile("^The pairs tied; one player of each cut"))).to_be_visible()
    shot("progressive-table")
    page.get_by_role("link", name="← Progressive evening").click()
    page.get_by_role("link", name="the noticeboard link").click()
    expect(
        page.get_by_text(re.compile("the evening has ended, and these are its results"))
    ).to_be_visible()
    shot("progressive-noticeboard")
    page.go_back()
    # The night before's Duplicate evening: its page, the travellers, a board, the rankings,
    # a pair's card, a table's round.
    page.get_by_role("link", name="Bridge scorer").click()
    page.get_by_role("link", name="Duplicate evenings").click()
    shot("duplicate-evenings")
    page.get_by_role("link", name=re.compile("^Duplicate evening ")).click()
    expect(page.get_by_role("heading", name="The ranking: North–South")).to_be_visible()
    shot("duplicate-evening")
    page.get_by_role("link", name="The travellers").click()
    shot("duplicate-travellers")
    page.get_by_role("link", name="Board 1", exact=True).click()
    expect(page.get_by_text("Its hands, dealt by the site:")).to_be_visible()
    shot("duplicate-board")
    page.get_by_role("link", name="← The travellers").click()
    page.get_by_role("link", name=re.compile("^← Duplicate evening")).click()
    page.get_by_role("link", name="The rankings").click()
    page.get_by_role("link", name="Pair 1's card").click()
    shot("duplicate-card")
    page.get_by_role("link", name="← The rankings").click()
    page.get_by_role("link", name=re.compile("^← Duplicate evening")).click()
    page.get_by_role("link", name=re.compile("^Table 1: round 3")).click()
    shot("duplicate-table")
    page.get_by_role("link", name="Ledger").click()
    shot("ledger")
    page.get_by_role("link", name=re.compile("^Evening of")).click()
    shot("sitting")
    for folded in ("Each member's figures", "The rubbers and their stakes", "Table money ("):
        page.get_by_text(folded).click()
    expect(page.get_by_text("Waive Carr's table money")).to_be_visible()
    shot("sitting-unfolded")
    page.get_by_role("link", name="← The ledger").click()
    page.get_by_role("link", name="Mrs. Carr").click()
    shot("statement")
    page.get_by_role("link", name="Carr's season, in pictures").click()
    expect(page.get_by_role("heading", name="Mrs. Carr's record")).to_be_visible()
    shot("record")
    page.get_by_role("link", name="Ledger").click()
    page.get_by_role("link", name="The house (table money)").click()
    expect(page.get_by_role("heading", name="The house's account")).to_be_visible()
    expect(page.locator(".standing")).to_have_text("Balance: +£0.40 (owed to the house)")
    shot("house")
    page.get_by_role("link", name="The club's table").click()
    page.get_by_role("button", name="Show").click()
    shot("club-table")
    page.get_by_role("link", name="Password", exact=True).click()
    shot("password")
    assert too_small == [], "\n".join(too_small)
