"""The ledger's pages: the secretary's desk, a member's statement, the club's table."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from ledger.models import Payment, Posting, Sitting, Stake
from tests.support.html import Forms, Links, follow, submit
from tests.support.ledger import WON_BY_WE, agreed

DESK = reverse("ledger:index")


@pytest.fixture
def secretary(client, staff):
    client.force_login(staff)
    return client


@pytest.fixture
def evening(players, staff, stake):
    """A sitting just ended, with one rubber We won in it."""
    agreed(players, staff, WON_BY_WE)
    now = timezone.now()
    return Sitting.objects.create(
        name="Last night", start=now - timedelta(days=1), end=now, created_by=staff
    )


def test_the_secretary_sees_the_stake_sittings_and_balances(secretary, evening, players):
    page = secretary.get(reverse("ledger:index")).content.decode()
    assert "£0.50 a hundred points, since" in page
    assert "paid in whole £0.01" in page
    assert "Last night" in page
    assert "Mrs. Carr" in page


def test_the_secretary_sets_the_stake_from_now_on(secretary, stake):
    response = submit(
        secretary,
        DESK,
        reverse("ledger:stake"),
        {"per_hundred": "1.25", "currency": "GBP", "smallest_unit": "0.01"},
    )
    assert response.status_code == 302
    assert Stake.in_force(timezone.now()).per_hundred == Decimal("1.25")
    assert Stake.objects.count() == 2  # the old stake is kept for the rubbers it settles


def test_the_secretary_opens_a_sitting_and_sees_its_settlement(secretary, players, staff, stake):
    agreed(players, staff, WON_BY_WE)
    now = timezone.localtime()
    response = submit(
        secretary,
        DESK,
        reverse("ledger:open"),
        {
            "name": "Tonight",
            "start": (now - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
            "end": (now + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
        },
    )
    sitting = Sitting.objects.get()
    assert response.url == reverse("ledger:sitting", args=[sitting.pk])
    page = secretary.get(response.url).content.decode()
    assert "Who pays whom" in page
    assert "Miss Fenwick pays" in page
    assert "adds up to exactly nothing" in page


def test_the_settlement_downloads_as_csv_and_prints_as_pdf(secretary, evening):
    response = secretary.get(reverse("ledger:sitting", args=[evening.pk]), {"format": "csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert response["Content-Type"] == "text/csv"
    assert rows[1][0] == "Member"
    assert {row[0] for row in rows[2:6]} == {
        "Mrs. Carr",
        "Miss Fenwick",
        "Mr. Dane",
        "Col. Hartley",
    }
    assert sum(Decimal(row[8]) for row in rows[2:6]) == 0
    # Amounts plain at the unit's places, the currency in the heading: "-1.42", not
    # "-1.420000" or "−£1.42".
    assert rows[1][8] == "Due (GBP)"
    assert sorted(row[8] for row in rows[2:6]) == ["-1.42", "-1.42", "1.42", "1.42"]
    # Each rubber with its stake.
    assert ["Table", "Started", "Sides", "Value", "Stake"] in rows
    assert rows[rows.index(["Table", "Started", "Sides", "Value", "Stake"]) + 1][2:] == [
        "Carr & Dane v Fenwick & Hartley",
        "Carr & Dane gained 284",
        "£0.50 a hundred points",
    ]
    # Named by the sitting's own date (it started yesterday), not the day it ended.
    day = timezone.localtime(evening.start).date().isoformat()
    assert response["Content-Disposition"].endswith(f'-{day}.csv"')
    pdf = secretary.get(reverse("ledger:sitting_print", args=[evening.pk]))
    assert pdf["Content-Disposition"].endswith(f'-{day}.pdf"')
    text = " ".join(PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().split())
    assert "Last night" in text
    assert "Who pays whom" in text
    assert "NOT CLOSED" in text
    assert "Miss Fenwick pays Mrs. Carr £1.42" in text
    assert "Carr & Dane v Fenwick & Hartley Carr & Dane gained 284 £0.50 a hundred points" in text


def test_the_secretary_closes_a_settlement_and_it_stays_closed(secretary, evening):
    here = reverse("ledger:sitting", args=[evening.pk])
    asked = follow(secretary, here, "Close this settlement")
    response = submit(secretary, asked, reverse("ledger:close", args=[evening.pk]))
    assert response.status_code == 302
    evening.refresh_from_db()
    assert evening.closed
    page = secretary.get(reverse("ledger:sitting", args=[evening.pk])).content.decode()
    assert "fixed for good" in page
    assert "Close this settlement" not in page
    again = secretary.post(
        reverse("ledger:close", args=[evening.pk]), {"key": uuid.uuid4()}, follow=True
    )
    assert "closed already" in again.content.decode()


def test_the_secretary_records_and_reverses_a_payment(secretary, players, stake):
    carr, fenwick = players[0], players[1]
    submit(
        secretary,
        DESK,
        reverse("ledger:pay"),
        {"payer": fenwick.pk, "payee": carr.pk, "amount": "2.50", "method": "cash", "note": ""},
    )
    payment = Payment.objects.get()
    assert payment.amount == Decimal("2.50")
    reverse_it = reverse("ledger:reverse", args=[payment.pk])
    asked = follow(secretary, DESK, "Reverse")
    assert asked == reverse_it
    first = Forms(secretary.get(asked).content.decode()).form(reverse_it)
    secretary.post(reverse_it, first["values"])
    assert sum(p.amount for p in fenwick.postings.all()) == 0
    assert reverse_it not in secretary.get(DESK).content.decode(), "no second Reverse link"
    again = secretary.post(reverse_it, {"key": uuid.uuid4()}, follow=True)
    assert "reversed already" in again.content.decode()


def test_a_payment_to_oneself_is_refused(secretary, players, stake):
    response = submit(
        secretary,
        DESK,
        reverse("ledger:pay"),
        {"payer": players[0].pk, "payee": players[0].pk, "amount": "1", "method": "cash"},
        follow=True,
    )
    assert '<p class="message" role="alert">A member cannot pay himself.</p>' in (
        response.content.decode()
    )
    assert not Payment.objects.exists()


def test_a_member_sees_his_own_statement_with_its_running_balance(client, players, staff, stake):
    rubber = agreed(players, staff, WON_BY_WE)
    carr = players[0]
    client.force_login(carr.user)
    response = client.get(reverse("ledger:index"))
    assert response.url == reverse("ledger:me")
    page = client.get(response.url).content.decode()
    expected = Decimal(rubber.agreed_value) * Decimal("0.50") / 100
    assert "Mrs. Carr's account" in page
    assert f"Balance: +£{expected:.2f}" in page
    assert "at £0.50 a hundred points" in page  # the rubber's stake, beside its points
    assert "against Miss Fenwick and Col. Hartley" in page
    assert "partnering Mr. Dane" in page


def test_a_member_cannot_see_another_members_statement(client, players, staff, stake):
    client.force_login(players[0].user)
    assert client.get(reverse("ledger:member", args=[players[1].pk])).status_code == 403
    assert client.get(reverse("ledger:member", args=[players[0].pk])).status_code == 200


def test_the_club_table_shows_rubbers_points_and_the_best_partnership(
    client, players, staff, stake
):
    agreed(players, staff, WON_BY_WE)
    client.force_login(players[1].user)
    page = client.get(reverse("ledger:table")).content.decode()
    assert "Mrs. Carr" in page
    assert "with Mr. Dane (+" in page  # Mrs. Carr's best partner


def test_the_club_table_fills_its_date_inputs_as_a_date_input_reads_them(client, players):
    client.force_login(players[1].user)
    page = client.get(reverse("ledger:table"), {"start": "2026-11-01", "end": "2026-11-23"})
    text = page.content.decode()
    assert 'name="start" value="2026-11-01"' in text
    assert 'name="end" value="2026-11-23"' in text


def test_the_club_table_names_a_date_it_cannot_read(client, players):
    client.force_login(players[1].user)
    page = client.get(reverse("ledger:table"), {"start": "1 Nov 2026", "end": "2026-11-23"})
    assert page.status_code == 400
    text = page.content.decode()
    assert "From: Enter a valid date." in text
    assert 'name="end" value="2026-11-23"' in text, "what was given is kept"


@pytest.mark.parametrize(
    ("name", "method", "args"),
    [
        ("ledger:stake", "post", []),
        ("ledger:open", "post", []),
        ("ledger:pay", "post", []),
        ("ledger:sitting", "get", ["sitting"]),
        ("ledger:sitting_print", "get", ["sitting"]),
        ("ledger:close", "get", ["sitting"]),
        ("ledger:close", "post", ["sitting"]),
        ("ledger:reverse", "get", ["payment"]),
        ("ledger:reverse", "post", ["payment"]),
    ],
)
def test_only_the_staff_keep_the_ledger(client, players, staff, stake, evening, name, method, args):
    from ledger import services

    payment = services.record_payment(
        payer=players[1], payee=players[0], amount=Decimal(1), method="cash", note="", user=staff
    )
    objects = {"sitting": evening.pk, "payment": payment.pk}
    client.force_login(players[0].user)
    url = reverse(name, args=[objects[a] for a in args])
    response = getattr(client, method)(
        url, {"per_hundred": "9", "currency": "GBP", "smallest_unit": "0.01"}
    )
    assert response.status_code == 403
    assert Stake.objects.count() == 1
    assert not Sitting.objects.filter(closed_at__isnull=False).exists()
    assert Posting.objects.filter(kind=Posting.PAYMENT).count() == 2


def test_a_stranger_is_sent_to_sign_in(client, db):
    for name in ("ledger:index", "ledger:me", "ledger:table"):
        response = client.get(reverse(name))
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


def test_an_account_that_is_no_member_has_no_statement(db):
    from django.contrib.auth import get_user_model

    visitor = Client()
    visitor.force_login(get_user_model().objects.create_user("visitor", password="pw"))
    assert visitor.get(reverse("ledger:me")).status_code == 403


@pytest.mark.parametrize(
    "back",
    ["https://elsewhere.example/", "//elsewhere.example/", "javascript:alert(1)", "later", "/\r\n"],
)
def test_a_payment_goes_back_only_to_a_page_of_this_site(secretary, players, stake, back):
    data = {"payer": players[1].pk, "payee": players[0].pk, "amount": "1", "method": "cash"}
    response = secretary.post(reverse("ledger:pay"), {**data, "next": back})
    assert response.status_code == 302
    assert response["Location"] == reverse("ledger:index")


def test_a_payment_from_a_sitting_goes_back_to_the_sitting(secretary, players, evening):
    data = {"payer": players[1].pk, "payee": players[0].pk, "amount": "1", "method": "cash"}
    back = reverse("ledger:sitting", args=[evening.pk])
    response = secretary.post(reverse("ledger:pay"), {**data, "next": back})
    assert response["Location"] == back


def test_the_club_table_to_the_last_day_of_the_calendar_is_refused(client, players):
    client.force_login(players[0].user)
    response = client.get(reverse("ledger:table"), {"start": "2026-01-01", "end": "9999-12-31"})
    assert response.status_code == 400
    assert "choose between the years 2 and 9998" in response.content.decode()


@pytest.mark.parametrize(
    ("zone", "start", "end"),
    [
        ("Asia/Tokyo", "0001-01-01T00:00", "2026-11-22T19:00"),  # ahead of UTC: before year 1
        ("America/New_York", "2026-11-22T19:00", "9999-12-31T23:59"),  # behind: after 9999
    ],
)
def test_a_sitting_at_a_moment_utc_has_no_time_for_is_refused(secretary, zone, start, end):
    with timezone.override(ZoneInfo(zone)):
        fields = {"name": "Far", "start": start, "end": end}
        response = secretary.post(reverse("ledger:open"), fields, follow=True)
    assert "choose between the years 2 and 9998" in response.content.decode()
    assert not Sitting.objects.exists()


def test_the_club_table_from_a_day_utc_has_no_time_for_is_refused(client, players):
    client.force_login(players[0].user)
    with timezone.override(ZoneInfo("Asia/Tokyo")):
        period = {"start": "0001-01-01", "end": "2026-11-22"}
        response = client.get(reverse("ledger:table"), period)
    assert response.status_code == 400
    assert "choose between the years 2 and 9998" in response.content.decode()


def test_the_csv_keeps_names_from_becoming_formulas_and_numbers_as_numbers(
    secretary, players, staff, stake
):
    """OWASP's rule: a cell beginning =, +, -, @, a tab or a carriage return is made plain
    text with a leading apostrophe; the amounts, negative ones included, stay numbers."""
    carr = players[0]
    carr.name = '=HYPERLINK("http://evil.example/","x")'
    carr.save()
    agreed(players, staff, WON_BY_WE)
    now = timezone.now()
    sitting = Sitting.objects.create(
        name="+cmd|' /C calc'!A0", start=now - timedelta(days=1), end=now, created_by=staff
    )
    text = secretary.get(reverse("ledger:sitting", args=[sitting.pk]), {"format": "csv"})
    rows = list(csv.reader(io.StringIO(text.content.decode())))
    assert rows[0][0] == "'+cmd|' /C calc'!A0"
    names = [row[0] for row in rows[2:6]]
    assert '\'=HYPERLINK("http://evil.example/","x")' in names
    losers = [row for row in rows[2:6] if row[4].startswith("-")]
    assert len(losers) == 2, "a negative amount is written as the number it is"
    assert all(Decimal(row[8]) < 0 for row in losers)


def test_a_settlement_says_which_rubbers_had_no_stake(secretary, players, staff):
    """A rubber started before any stake was set posts its points and no money: the
    settlement, its CSV and PDF, and the statement say so, rubber by rubber."""
    from tests.support.ledger import set_stake

    now = timezone.now()
    agreed(players, staff, WON_BY_WE, started=now - timedelta(hours=3), table="Table 1")
    set_stake("0.50", staff, at=now - timedelta(hours=2))
    agreed(players, staff, WON_BY_WE, started=now - timedelta(hours=1), table="Table 2")
    sitting = Sitting.objects.create(
        name="Tonight", start=now - timedelta(hours=4), end=now, created_by=staff
    )
    page = secretary.get(reverse("ledger:sitting", args=[sitting.pk])).content.decode()
    assert "No stake: points only" in page
    assert "£0.50 a hundred points" in page
    rows = list(
        csv.reader(
            io.StringIO(
                secretary.get(
                    reverse("ledger:sitting", args=[sitting.pk]), {"format": "csv"}
                ).content.decode()
            )
        )
    )
    stakes = {row[0]: row[4] for row in rows if row[:1] in (["Table 1"], ["Table 2"])}
    assert stakes == {"Table 1": "no stake: points only", "Table 2": "£0.50 a hundred points"}
    # Mrs. Carr gained 284 twice and is due only the second's money: £1.42, not £2.84.
    carr = next(row for row in rows if row[:1] == ["Mrs. Carr"])
    assert (carr[4], carr[8]) == ("568", "1.42")
    secretary.force_login(players[0].user)
    statement = secretary.get(reverse("ledger:me")).content.decode()
    assert "no stake: points only" in statement
    assert "at £0.50 a hundred points" in statement


def test_money_reads_as_people_write_it(secretary, players, staff, stake):
    """One minus sign, the currency's own, and "lost 284", never "lost −284"."""
    agreed(players, staff, WON_BY_WE)
    now = timezone.now()
    sitting = Sitting.objects.create(
        name="Tonight", start=now - timedelta(hours=4), end=now, created_by=staff
    )
    page = secretary.get(reverse("ledger:sitting", args=[sitting.pk])).content.decode()
    assert "due <strong>−£1.42</strong>" in page
    assert "due <strong>+£1.42</strong>" in page
    assert "won 0, lost 284" in page
    assert "−−" not in page
    assert "lost −" not in page
    assert "-1.42" not in page
    assert "GBP" not in page


# -- Closing and reversing ask once more ------------------------------------------------------


def test_closing_a_settlement_asks_once_more_showing_what_it_fixes(secretary, evening):
    here = reverse("ledger:sitting", args=[evening.pk])
    close = reverse("ledger:close", args=[evening.pk])
    assert Forms(secretary.get(here).content.decode()).form(close) is None, (
        "the settlement's page does not close it at a tap"
    )
    asked = follow(secretary, here, "Close this settlement")
    page = secretary.get(asked).content.decode()
    evening.refresh_from_db()
    assert not evening.closed, "asking closes nothing"
    assert "<h1>Close Last night?</h1>" in page
    assert "It cannot be undone." in page
    assert "Miss Fenwick pays Mrs. Carr £1.42" in page
    assert "Miss Fenwick</strong>: due <strong>−£1.42</strong>" in page
    assert '<button type="submit" class="primary">Close it for good</button>' in page
    assert Links(page).to("Not now") == [here]
    response = submit(secretary, asked, close, follow=True)
    evening.refresh_from_db()
    assert evening.closed
    assert "Closed: this settlement is now fixed for good." in response.content.decode()


def test_a_settlement_not_yet_to_be_closed_says_why_and_is_not_offered(
    secretary, players, staff, stake
):
    now = timezone.now()
    tonight = Sitting.objects.create(
        name="Tonight",
        start=now - timedelta(hours=1),
        end=now + timedelta(hours=5),
        created_by=staff,
    )
    here = reverse("ledger:sitting", args=[tonight.pk])
    page = secretary.get(here).content.decode()
    assert Links(page).to("Close this settlement") == []
    assert "Not yet to be closed: Tonight runs until" in page
    asked = secretary.get(reverse("ledger:close", args=[tonight.pk])).content.decode()
    assert "Tonight runs until" in asked
    assert Forms(asked).form(reverse("ledger:close", args=[tonight.pk])) is None


def test_reversing_a_payment_asks_once_more(secretary, players, staff, stake):
    from ledger import services

    carr, fenwick = players[0], players[1]
    payment = services.record_payment(
        payer=fenwick, payee=carr, amount=Decimal("2.50"), method="cash", note="", user=staff
    )
    assert (
        Forms(secretary.get(DESK).content.decode()).form(
            reverse("ledger:reverse", args=[payment.pk])
        )
        is None
    ), "the desk does not reverse a payment at a tap"
    asked = follow(secretary, DESK, "Reverse")
    page = secretary.get(asked).content.decode()
    assert Payment.objects.count() == 1, "asking reverses nothing"
    assert "<h1>Reverse this payment?</h1>" in page
    assert "Miss Fenwick paid Mrs. Carr £2.50</strong> (cash)" in page
    assert Links(page).to("Keep it") == [DESK]
    response = submit(secretary, asked, asked, follow=True)
    assert "Reversed: Miss Fenwick paid Mrs. Carr £2.50." in response.content.decode()
    assert Payment.objects.filter(reverses=payment).count() == 1
    again = secretary.get(asked).content.decode()
    assert "That payment has been reversed already." in again
    assert Forms(again).form(asked) is None


def test_a_settlement_with_no_stake_in_force_still_says_its_currency(secretary, players, staff):
    """A sitting before the club's first stake: its amounts (here a payment then) are in
    the club's currency all the same, never bare numbers."""
    from ledger import services
    from tests.support.ledger import set_stake

    carr, fenwick = players[0], players[1]
    now = timezone.now()
    services.record_payment(
        payer=carr,
        payee=fenwick,
        amount=Decimal("1.60"),
        method="cash",
        note="",
        user=staff,
        at=now - timedelta(hours=25),
    )
    set_stake("0.50", staff, at=now - timedelta(hours=1))
    sitting = Sitting.objects.create(
        name="Before the stake",
        start=now - timedelta(hours=30),
        end=now - timedelta(hours=20),
        created_by=staff,
    )
    here = reverse("ledger:sitting", args=[sitting.pk])
    page = secretary.get(here).content.decode()
    assert "Miss Fenwick pays Mrs. Carr £1.60" in page
    assert "due <strong>+£1.60</strong>" in page
    assert "to whole £0.01" in page
    asked = secretary.get(reverse("ledger:close", args=[sitting.pk])).content.decode()
    assert "Miss Fenwick pays Mrs. Carr £1.60" in asked
    pdf = secretary.get(reverse("ledger:sitting_print", args=[sitting.pk]))
    text = " ".join(PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().split())
    assert "Miss Fenwick pays Mrs. Carr £1.60" in text
    rows = list(csv.reader(io.StringIO(secretary.get(here, {"format": "csv"}).content.decode())))
    assert rows[1][8] == "Due (GBP)"


def test_short_whist_with_no_stake_says_so_in_words_wherever_it_is_shown(secretary, players, staff):
    """Only Bridge's stake set, Whist's left at nothing: a Whist rubber is played for no
    stake, and every page and file says so as it says it of a rubber with none, never
    "£0.00 a point"."""
    from scorer import engine
    from scorer.rubbers import reads, writes
    from tests.support.games import whist
    from tests.support.ledger import set_stake

    now = timezone.now()
    set_stake("0.50", staff, at=now - timedelta(days=1))
    rubber = writes.start_rubber(
        table="Table 2", members=players, first_dealer=0, user=staff, game=engine.WHIST
    )
    deals = [whist((13, 0), (4, 0)), whist((13, 0), (4, 0), dealer="they")]
    writes.replay(rubber=rubber, deals=deals, user=staff)
    rubber.refresh_from_db()
    writes.agree(
        state=reads.rubber_state(rubber),
        user=staff,
        key=uuid.uuid4(),
        revision=rubber.revision,
        side=None,
    )
    sitting = Sitting.objects.create(
        name="Whist night", start=now - timedelta(hours=1), end=timezone.now(), created_by=staff
    )
    zero = "£0.00 a point"
    page = secretary.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "No stake was in force when it started: it posts its points and no money." in page
    assert "Played for" not in page
    here = reverse("ledger:sitting", args=[sitting.pk])
    page = secretary.get(here).content.decode()
    assert '<span class="stake">No stake: points only</span>' in page
    assert zero not in page
    rows = list(csv.reader(io.StringIO(secretary.get(here, {"format": "csv"}).content.decode())))
    assert next(row for row in rows if row[:1] == ["Table 2"])[4] == "no stake: points only"
    pdf = secretary.get(reverse("ledger:sitting_print", args=[sitting.pk]))
    text = " ".join(PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().split())
    assert "Carr & Dane gained 8 No stake: points only" in text
    assert zero not in text
    statement = secretary.get(reverse("ledger:member", args=[players[0].pk])).content.decode()
    assert '<span class="stake">no stake: points only</span>' in statement
    assert zero not in statement
    desk = secretary.get(DESK).content.decode()
    assert "Short Whist, no stake: points only." in desk


def test_a_sitting_opened_for_yesterday_shows_nothing_paid_today(secretary, players, stake):
    """The issue's case through the pages: payments recorded today, then "Open a sitting"
    for yesterday, with no rubber in it. Its page, PDF and closing show nobody owing
    anybody, not today's payments reversed."""
    carr, fenwick, dane = players[:3]
    paid = [("house", fenwick, "1.60"), (dane, fenwick, "1.00"), (carr, "house", "0.25")]
    for payer, payee, amount in paid:
        submit(
            secretary,
            DESK,
            reverse("ledger:pay"),
            {
                "payer": payer if payer == "house" else payer.pk,
                "payee": payee if payee == "house" else payee.pk,
                "amount": amount,
                "method": "cash",
            },
        )
    assert Payment.objects.count() == 3
    day = timezone.localtime() - timedelta(days=1)
    response = submit(
        secretary,
        DESK,
        reverse("ledger:open"),
        {
            "name": "Yesterday",
            "start": day.replace(hour=0, minute=0).strftime("%Y-%m-%dT%H:%M"),
            "end": day.replace(hour=23, minute=0).strftime("%Y-%m-%dT%H:%M"),
        },
    )
    here = response.url
    page = secretary.get(here).content.decode()
    assert "Nobody owes anybody." in page
    assert "pays Miss Fenwick" not in page
    sitting = Sitting.objects.get()
    pdf = secretary.get(reverse("ledger:sitting_print", args=[sitting.pk]))
    text = " ".join(PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().split())
    assert "Nobody owes anybody." in text
    asked = follow(secretary, here, "Close this settlement")
    assert "Nobody owes anybody." in secretary.get(asked).content.decode()
    submit(secretary, asked, asked)
    sitting.refresh_from_db()
    assert sitting.closed
    assert not sitting.transfers.exists()
    assert not sitting.lines.exists()


def test_a_sitting_before_a_closed_settlement_is_refused_in_words(secretary, staff, stake):
    now = timezone.now()
    closed = Sitting.objects.create(
        name="Last night",
        start=now - timedelta(hours=9),
        end=now - timedelta(hours=3),
        created_by=staff,
    )
    from ledger import services

    services.close(closed, staff)
    week_ago = timezone.localtime() - timedelta(days=7)
    response = submit(
        secretary,
        DESK,
        reverse("ledger:open"),
        {
            "name": "Last week",
            "start": week_ago.strftime("%Y-%m-%dT%H:%M"),
            "end": (week_ago + timedelta(hours=5)).strftime("%Y-%m-%dT%H:%M"),
        },
        follow=True,
    )
    said = [str(message) for message in response.context["messages"]]
    assert len(said) == 1
    assert said[0].startswith(
        "Last night is closed, and this sitting would come before it: a closed settlement "
        "has counted everything before it and is never rewritten. Open a sitting from "
    )
    assert Sitting.objects.count() == 1
