"""A sitting's pages: opening it, its settlement on screen, as CSV and as PDF, and
closing it."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from ledger.models import Payment, Sitting
from tests.support.html import Forms, Links, follow, submit
from tests.support.ledger import WON_BY_WE, agreed

DESK = reverse("ledger:index")


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
    due = rows[1].index("Due (GBP)")
    assert rows[1][due - 2 : due] == ["Brought forward (GBP)", "Paid during the sitting (GBP)"]
    assert sum(Decimal(row[due]) for row in rows[2:6]) == 0
    # Amounts plain at the unit's places, the currency in the heading: "-1.42", not
    # "-1.420000" or "−£1.42".
    assert sorted(row[due] for row in rows[2:6]) == ["-1.42", "-1.42", "1.42", "1.42"]
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
    assert all(Decimal(row[rows[1].index("Due (GBP)")]) < 0 for row in losers)


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
    assert (carr[4], carr[rows[1].index("Due (GBP)")]) == ("568", "1.42")
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


def test_a_settlement_with_no_stake_in_force_still_says_its_currency(secretary, players, staff):
    """A sitting before the club's first stake: its amounts (here a payment then) are in
    the club's currency all the same, never bare numbers."""
    from ledger.desk import services
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
    assert "Due (GBP)" in rows[1]


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
    from ledger.settlement import services

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


def test_the_sitting_page_leads_with_who_pays_whom_and_folds_the_details(
    secretary, players, staff, stake
):
    """On a phone the desk reads who pays whom and what each is due first; each member's
    figures, the rubbers and the table money are folded below, to be opened."""
    now = timezone.now()
    tonight = Sitting.objects.create(
        name="Tonight",
        start=now - timedelta(hours=2),
        end=now + timedelta(hours=4),
        created_by=staff,
    )
    agreed(players, staff, WON_BY_WE)
    page = secretary.get(reverse("ledger:sitting", args=[tonight.pk])).content.decode()
    order = [
        "<h2>Who pays whom</h2>",
        "Miss Fenwick pays Mrs. Carr £1.42",
        "<h2>What each is due</h2>",
        "<summary>Each member's figures</summary>",
        "<summary>The rubbers and their stakes (1)</summary>",
        "<summary>Table money (0 charges)</summary>",
        '<h2 id="pay">Record a payment</h2>',
    ]
    at = [page.index(text) for text in order]
    assert at == sorted(at), "who pays whom and the totals first, the details folded below"
    folded = page[page.index("<summary>Each member") : page.index('<h2 id="pay">')]
    assert "stakes −£1.42" in folded
    assert "stakes −£1.42" not in page[: page.index("<summary>Each member")]


def test_brought_forward_is_what_was_owed_before_the_sitting_on_the_page_and_in_the_csv(
    secretary, players, staff, stake
):
    """A payment made tonight is not an old debt: the page and the CSV bring forward only
    what was owed before the sitting began, and show tonight's payment apart."""
    from ledger.desk import services

    carr, fenwick = players[0], players[1]
    now = timezone.now()
    tonight = Sitting.objects.create(
        name="Tonight",
        start=now - timedelta(hours=2),
        end=now + timedelta(hours=4),
        created_by=staff,
    )
    services.record_payment(
        payer=fenwick, payee=carr, amount=Decimal("1.00"), method="cash", note="", user=staff
    )
    here = reverse("ledger:sitting", args=[tonight.pk])
    page = secretary.get(here).content.decode()
    assert "brought forward" not in page.split("<summary>")[0].split("What each is due")[1]
    assert "paid £1.00 during the sitting" in page
    assert "received £1.00 during the sitting" in page
    assert "Amount (£)" in page, "the payment's amount in the club's money"
    rows = list(csv.reader(io.StringIO(secretary.get(here, {"format": "csv"}).content.decode())))
    heading = rows[1]
    lines = {row[0]: row for row in rows[2:4]}
    brought = heading.index("Brought forward (GBP)")
    paid = heading.index("Paid during the sitting (GBP)")
    assert (lines["Miss Fenwick"][brought], lines["Miss Fenwick"][paid]) == ("0.00", "1.00")
    assert (lines["Mrs. Carr"][brought], lines["Mrs. Carr"][paid]) == ("0.00", "-1.00")
