"""Table money: a charge the staff set (kept, like the stake) posts with each rubber's
agreement to each player and to the house, once; a waiver posts it back, once; the
settlement shows it apart from the stakes, and still adds up to nothing with the house."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from ledger.desk import services as desk
from ledger.models import Payment, Posting, SettlementLine, Sitting, TableCharge, Transfer
from ledger.postings.services import post_table_money
from ledger.records import LedgerError
from ledger.reports import reads as reports
from ledger.settlement import services as settlements
from scorer.plumbing.keys import Stale
from tests.support.html import Forms, submit
from tests.support.ledger import WON_BY_WE, agreed

DESK = reverse("ledger:index")


def set_charge(by, *, amount=None, hundreds=None, basis="rubber", at=None):
    return desk.set_table_charge(
        basis=basis,
        amount=None if amount is None else Decimal(amount),
        hundreds=None if hundreds is None else Decimal(hundreds),
        user=by,
        seen=desk.charge_seen(TableCharge.latest()),
        at=at or timezone.now() - timedelta(days=30),
    )


def tonight(staff, *, ended=False):
    now = timezone.now()
    end = now + timedelta(seconds=1) if ended else now + timedelta(hours=6)
    return settlements.open_sitting(
        name="Tonight", start=now - timedelta(hours=6), end=end, user=staff
    )


def table_money(rubber=None, **filters):
    postings = Posting.objects.filter(kind__in=[Posting.TABLE, Posting.WAIVER], **filters)
    if rubber is not None:
        postings = postings.filter(rubber=rubber)
    return postings


def total(postings):
    return postings.aggregate(total=Sum("amount"))["total"] or Decimal(0)


def test_a_rubber_charges_each_player_once_and_the_house_takes_it(players, staff, stake):
    set_charge(staff, amount="0.25")
    rubber = agreed(players, staff, WON_BY_WE)
    charged = {p.member: p for p in table_money(rubber, member__isnull=False)}
    assert set(charged) == set(players)
    assert {p.amount for p in charged.values()} == {Decimal("-0.25")}
    house = table_money(rubber, member__isnull=True)
    assert sorted(p.counterparty for p in house) == sorted(m.name for m in players)
    assert {p.against for p in house} == set(charged.values())
    assert total(house) == Decimal("1.00")
    # The stakes between the players, the table money, and the house: nothing in all.
    assert total(Posting.objects.filter(rubber=rubber)) == 0
    assert total(Posting.objects.filter(rubber=rubber, kind=Posting.RUBBER)) == 0


def test_the_database_takes_a_rubbers_table_money_only_once(players, staff, stake):
    set_charge(staff, amount="0.25")
    rubber = agreed(players, staff, WON_BY_WE)
    with pytest.raises(IntegrityError), transaction.atomic():
        post_table_money(rubber, players, None, at=timezone.now())
    charge = table_money(rubber, member=players[0]).get()
    with pytest.raises(IntegrityError), transaction.atomic():
        Posting.objects.create(  # the house's half twice
            member=None,
            kind=Posting.TABLE,
            against=charge,
            rubber=rubber,
            amount=Decimal("0.25"),
            currency="GBP",
            counterparty="x",
            reason="x",
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        Posting.objects.create(  # a stake's posting to nobody
            member=None,
            kind=Posting.RUBBER,
            rubber=rubber,
            amount=Decimal("1"),
            currency="GBP",
            counterparty="x",
            reason="x",
        )
    assert table_money(rubber).count() == 8


def test_table_money_by_the_stake_is_so_many_hundred_points_at_the_rubbers_stake(
    players, staff, stake
):
    set_charge(staff, hundreds="2")  # at £0.50 a hundred: £1.00 a player
    rubber = agreed(players, staff, WON_BY_WE)
    assert {p.amount for p in table_money(rubber, member__isnull=False)} == {Decimal("-1.00")}
    assert "the stake of 200 points each player, each rubber" in str(TableCharge.latest())


def test_without_a_stake_or_a_charge_no_table_money_posts(players, staff):
    set_charge(staff, amount="0.25")
    rubber = agreed(players, staff, WON_BY_WE)  # no stake: no currency to charge in
    assert not table_money(rubber).exists()


def test_a_charge_applies_to_rubbers_started_after_it(players, staff, stake):
    before = agreed(players, staff, WON_BY_WE, started=timezone.now() - timedelta(hours=2))
    set_charge(staff, amount="0.25", at=timezone.now() - timedelta(hours=1))
    after = agreed(players, staff, WON_BY_WE, table="Table 2")
    assert not table_money(before).exists()
    assert table_money(after).count() == 8


def test_a_charge_once_a_sitting_posts_once_to_each_player_however_many_rubbers(
    players, staff, stake, stranger
):
    set_charge(staff, amount="0.50", basis="sitting")
    sitting = tonight(staff)
    agreed(players, staff, WON_BY_WE)
    agreed([stranger, *players[1:]], staff, WON_BY_WE, table="Table 2")
    charged = table_money(member__isnull=False, kind=Posting.TABLE)
    assert sorted(p.member.name for p in charged) == sorted(
        [*(m.name for m in players), stranger.name]
    )
    assert {p.sitting for p in charged} == {sitting}
    assert total(table_money()) == 0
    with pytest.raises(IntegrityError), transaction.atomic():
        Posting.objects.create(
            member=players[0],
            kind=Posting.TABLE,
            sitting=sitting,
            amount=Decimal("-0.50"),
            currency="GBP",
            counterparty="the house",
            reason="again",
        )


def test_a_waiver_posts_the_charge_back_once_with_its_reason(players, staff, stake):
    set_charge(staff, amount="0.25")
    rubber = agreed(players, staff, WON_BY_WE)
    host = players[0]
    charge = table_money(rubber, member=host, kind=Posting.TABLE).get()
    waiver = desk.waive(charge=charge, reason="the host", user=staff)
    assert (waiver.amount, waiver.reason) == (Decimal("0.25"), "table money waived: the host")
    assert total(table_money(rubber, member=host)) == 0
    assert total(table_money(rubber, member__isnull=True)) == Decimal("0.75")
    assert Posting.objects.filter(pk=charge.pk).exists(), "the charge is kept"
    with pytest.raises(Stale, match="waived already"):
        desk.waive(charge=charge, reason="the host, again", user=staff)
    with pytest.raises(IntegrityError), transaction.atomic():
        Posting.objects.create(
            member=host,
            kind=Posting.WAIVER,
            against=charge,
            rubber=rubber,
            amount=Decimal("0.25"),
            currency="GBP",
            counterparty="the house",
            reason="twice",
        )
    assert table_money(rubber, kind=Posting.WAIVER).count() == 2


def test_a_waiver_needs_a_reason_and_a_members_charge(players, staff, stake):
    set_charge(staff, amount="0.25")
    rubber = agreed(players, staff, WON_BY_WE)
    charge = table_money(rubber, member=players[0]).get()
    with pytest.raises(LedgerError, match="Say why"):
        desk.waive(charge=charge, reason="  ", user=staff)
    stakes = Posting.objects.filter(rubber=rubber, kind=Posting.RUBBER).first()
    with pytest.raises(LedgerError, match="Only a member's table money"):
        desk.waive(charge=stakes, reason="why not", user=staff)
    assert not table_money(rubber, kind=Posting.WAIVER).exists()


def test_the_settlement_shows_table_money_apart_and_adds_up_to_nothing_with_the_house(
    players, staff, stake
):
    set_charge(staff, amount="0.25")
    sitting = tonight(staff, ended=True)
    rubber = agreed(players, staff, WON_BY_WE)
    desk.waive(
        charge=table_money(rubber, member=players[0]).get(), reason="the director", user=staff
    )
    result = settlements.settlement(sitting)
    lines = {line.name: line for line in result.lines}
    assert result.lines[-1].house
    carr, fenwick, house = lines["Mrs. Carr"], lines["Miss Fenwick"], lines["The house"]
    assert (carr.exact, carr.table_money, carr.due) == (Decimal("1.42"), 0, Decimal("1.42"))
    assert (fenwick.exact, fenwick.table_money) == (Decimal("-1.42"), Decimal("-0.25"))
    assert fenwick.due == Decimal("-1.67")
    assert (house.exact, house.table_money, house.due) == (0, Decimal("0.75"), Decimal("0.75"))
    assert sum(line.due for line in result.lines) == 0
    paid_to_house = sum(t.amount for t in result.transfers if t.payee is None)
    assert paid_to_house == Decimal("0.75")
    closed = settlements.close(sitting, staff, at=timezone.now() + timedelta(seconds=2))
    assert [line.due for line in closed.lines] == [line.due for line in result.lines]
    kept = SettlementLine.objects.get(sitting=sitting, member__isnull=True)
    assert (kept.table_money, kept.due) == (Decimal("0.75"), Decimal("0.75"))
    assert Transfer.objects.filter(sitting=sitting, payee__isnull=True).exists()
    with pytest.raises(LedgerError, match="closed"):
        desk.waive(charge=table_money(rubber, member=players[1]).get(), reason="late", user=staff)


def test_table_money_rounds_with_the_rest_to_whole_units(players, staff):
    from tests.support.ledger import set_stake

    set_stake("0.33", staff, at=timezone.now() - timedelta(days=30), unit="0.05")
    set_charge(staff, hundreds="0.1")  # 0.033 a player
    sitting = tonight(staff, ended=True)
    agreed(players, staff, WON_BY_WE)
    result = settlements.settlement(sitting)
    assert sum(line.money for line in result.lines) == 0
    assert sum(line.due for line in result.lines) == 0
    assert all(line.due % Decimal("0.05") == 0 for line in result.lines)
    settlements.close(sitting, staff, at=timezone.now() + timedelta(seconds=2))
    balances = reports.balances()
    assert all(balance % Decimal("0.05") == 0 for balance in balances.values())
    assert sum(balances.values()) == 0


def test_a_charge_is_kept_as_set_and_a_stale_form_is_refused(players, staff, stake):
    first = set_charge(staff, amount="0.25")
    with pytest.raises(Stale, match="table money was changed"):
        desk.set_table_charge(
            basis="rubber", amount=Decimal("1"), hundreds=None, user=staff, seen="none"
        )
    with pytest.raises(ValueError, match="kept as made"):
        first.save()
    with pytest.raises(DatabaseError, match="kept as set"), transaction.atomic():
        TableCharge.objects.update(amount=Decimal("9"))
    with pytest.raises(IntegrityError), transaction.atomic():
        TableCharge.objects.create(basis="rubber", amount=1, hundreds=1, set_by=staff)
    with pytest.raises(LedgerError, match="one of the two"):
        set_charge(staff, amount="1", hundreds="1")
    assert TableCharge.objects.count() == 1


# -- The pages -----------------------------------------------------------------------------------


@pytest.fixture
def secretary(client, staff):
    client.force_login(staff)
    return client


def test_the_secretary_sets_table_money_waives_it_and_reads_the_settlement(
    secretary, players, staff, stake
):
    response = submit(
        secretary, DESK, reverse("ledger:charge"), {"basis": "rubber", "amount": "0.25"}
    )
    assert response.status_code == 302
    desk = secretary.get(DESK).content.decode()
    assert "£0.25 each player, each rubber" in desk
    sitting = tonight(staff)
    rubber = agreed(players, staff, WON_BY_WE)
    here = reverse("ledger:sitting", args=[sitting.pk])
    page = secretary.get(here).content.decode()
    assert "The house" in page
    assert "table money" in page
    charge = table_money(rubber, member=players[0]).get()
    waive = reverse("ledger:waive", args=[charge.pk])
    form = Forms(page).form(waive)
    assert form is not None
    sent = {**form["values"], "reason": "the host"}
    first = secretary.post(waive, sent, follow=True)
    assert "Waived" in first.content.decode()
    again = secretary.post(waive, sent, follow=True)  # the same form sent twice: once
    assert table_money(rubber, kind=Posting.WAIVER).count() == 2
    assert "waived: the host" in again.content.decode()
    # Another member of the staff, on a page shown before the waiver: refused, saying why.
    stale = {**sent, "key": str(uuid.uuid4()), "reason": "a guest"}
    refused = secretary.post(waive, stale, follow=True)
    assert table_money(rubber, kind=Posting.WAIVER).count() == 2
    assert "has been waived already: nothing more was changed" in refused.content.decode()
    assert "Waive Carr's table money" not in secretary.get(here).content.decode()


def test_a_stale_table_money_form_is_refused_saying_what_it_is_now(secretary, staff, stake):
    page = secretary.get(DESK).content.decode()
    set_charge(staff, amount="0.10")
    form = Forms(page).form(reverse("ledger:charge"))
    response = secretary.post(
        reverse("ledger:charge"), {**form["values"], "amount": "0.50"}, follow=True
    )
    assert "table money was changed since this page was shown" in response.content.decode()
    assert TableCharge.objects.count() == 1


def test_a_table_money_form_with_both_or_neither_says_so(secretary, stake):
    for fields in ({"amount": "", "hundreds": ""}, {"amount": "1", "hundreds": "2"}):
        response = submit(secretary, DESK, reverse("ledger:charge"), fields, follow=True)
        assert "one of the two" in response.content.decode()
    assert not TableCharge.objects.exists()


def test_the_settlements_csv_and_pdf_show_table_money_apart(secretary, players, staff, stake):
    set_charge(staff, amount="0.25")
    sitting = tonight(staff)
    rubber = agreed(players, staff, WON_BY_WE)
    desk.waive(charge=table_money(rubber, member=players[0]).get(), reason="the host", user=staff)
    response = secretary.get(reverse("ledger:sitting", args=[sitting.pk]), {"format": "csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    heading = rows[1]
    assert heading[-1] == "Table money (GBP)"
    lines = {row[0]: row for row in rows[2:7]}
    assert lines["The house"][-1] == "0.75"
    assert lines["Miss Fenwick"][-1] == "-0.25"
    assert sum(Decimal(row[heading.index("Due (GBP)")]) for row in lines.values()) == 0
    assert ["Table money", "Member", "Charged (GBP)", "Waived"] in rows
    pdf = secretary.get(reverse("ledger:sitting_print", args=[sitting.pk]))
    text = " ".join(PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().split())
    assert "Table money" in text
    assert "The house" in text
    assert "table money waived: the host" not in text
    assert "the host" in text


def test_a_statement_shows_table_money_apart_from_the_stakes(secretary, players, staff, stake):
    set_charge(staff, amount="0.25")
    agreed(players, staff, WON_BY_WE)
    page = secretary.get(reverse("ledger:member", args=[players[1].pk])).content.decode()
    assert "Stakes between players −£1.42" in page
    assert "Table money −£0.25" in page


def test_a_sitting_in_which_nobody_was_charged_says_so(secretary, staff, stake):
    sitting = Sitting.objects.create(
        name="Quiet", start=timezone.now() - timedelta(days=2), end=timezone.now(), created_by=staff
    )
    page = secretary.get(reverse("ledger:sitting", args=[sitting.pk])).content.decode()
    assert "No table money was charged" in page


# -- Paying the house ------------------------------------------------------------------------


def test_a_member_pays_the_house_his_table_money_and_the_house_is_square(players, staff, stake):
    set_charge(staff, amount="0.25")
    agreed(players, staff, WON_BY_WE)
    fenwick = players[1]
    before = reports.balances()
    assert before[None] == Decimal("1.00")
    paid = desk.record_payment(
        payer=fenwick, payee=None, amount=Decimal("0.25"), method="cash", note="", user=staff
    )
    assert str(paid) == "Miss Fenwick paid the house £0.25"
    halves = {p.member: p for p in Posting.objects.filter(payment=paid)}
    assert (halves[fenwick].amount, halves[fenwick].counterparty) == (Decimal("0.25"), "the house")
    assert (halves[None].amount, halves[None].counterparty) == (Decimal("-0.25"), "Miss Fenwick")
    after = reports.balances()
    assert after[None] == Decimal("0.75")
    assert after[fenwick.pk] == before[fenwick.pk] + Decimal("0.25")
    assert sum(after.values()) == 0
    # A mistake is put right the other way: the house pays him back.
    back = desk.reverse_payment(payment=paid, user=staff)
    assert (back.payer, back.payee) == (None, fenwick)
    assert str(back).startswith("The house paid Miss Fenwick £0.25")
    assert reports.balances() == before


def test_the_house_cannot_pay_itself_nor_post_a_payment_twice(players, staff, stake):
    with pytest.raises(LedgerError, match="The house cannot pay itself"):
        desk.record_payment(
            payer=None, payee=None, amount=Decimal("1"), method="cash", note="", user=staff
        )
    with pytest.raises(IntegrityError, match="names_a_member"), transaction.atomic():
        Payment.objects.create(amount=1, currency="GBP", method="cash", recorded_by=staff)
    paid = desk.record_payment(
        payer=players[0], payee=None, amount=Decimal("1"), method="cash", note="", user=staff
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Posting.objects.create(
            member=None, kind=Posting.PAYMENT, payment=paid, amount=-1, currency="GBP"
        )
    assert Posting.objects.filter(payment=paid).count() == 2


def test_a_payment_to_the_house_settles_what_the_last_settlement_said(players, staff, stake):
    set_charge(staff, amount="0.25")
    last = tonight(staff, ended=True)
    agreed(players, staff, WON_BY_WE)
    closed = settlements.close(last, staff, at=timezone.now() + timedelta(seconds=2))
    owed = [t for t in closed.transfers if t.payee is None]
    assert owed, "the losers pay the house its table money"
    for transfer in owed:
        desk.record_payment(
            payer=transfer.payer,
            payee=None,
            amount=transfer.amount,
            method="cash",
            note="",
            user=staff,
        )
    assert reports.balances()[None] == 0
    later = timezone.now() + timedelta(hours=1)
    week = settlements.open_sitting(
        name="Next", start=later, end=later + timedelta(hours=6), user=staff
    )
    assert all(line.member is not None for line in settlements.settlement(week).lines), (
        "the house, paid, is not brought forward"
    )


def test_the_secretary_records_a_payment_to_the_house_from_the_desk(secretary, players, stake):
    page = secretary.get(DESK).content.decode()
    assert '<option value="house">The house (table money)</option>' in page
    response = submit(
        secretary,
        DESK,
        reverse("ledger:pay"),
        {"payer": str(players[0].pk), "payee": "house", "amount": "0.50"},
        follow=True,
    )
    assert "Recorded: Mrs. Carr paid the house £0.50." in response.content.decode()
    assert Payment.objects.get().payee is None
    refused = submit(
        secretary,
        DESK,
        reverse("ledger:pay"),
        {"payer": "house", "payee": "house", "amount": "0.50"},
        follow=True,
    )
    assert "The house cannot pay itself." in refused.content.decode()
    assert Payment.objects.count() == 1


def test_a_payment_with_the_house_goes_out_in_the_clubs_file_and_comes_back(players, staff, stake):
    from ledger.club.document import export_club, import_club
    from tests.support.club import empty_the_club

    paid = desk.record_payment(
        payer=players[2], payee=None, amount=Decimal("0.30"), method="cash", note="", user=staff
    )
    desk.reverse_payment(payment=paid, user=staff)
    exported = export_club()
    assert [(p["payer"], p["payee"]) for p in exported["payments"]] == [
        ("dane", None),
        (None, "dane"),
    ]
    empty_the_club()
    import_club(exported)
    assert export_club() == exported


def test_the_houses_account_is_for_the_staff_and_lists_its_table_money(
    secretary, client, players, staff, stake
):
    set_charge(staff, amount="0.25")
    agreed(players, staff, WON_BY_WE)
    desk.record_payment(
        payer=players[1], payee=None, amount=Decimal("0.25"), method="cash", note="", user=staff
    )
    page = " ".join(secretary.get(reverse("ledger:house")).content.decode().split())
    assert "The house's account" in page
    assert "Balance: +£0.75 (owed to the house)" in page
    assert page.count('class="table-money">Table money</span>') == 4
    assert "Received by cash; against Miss Fenwick" in page
    client.force_login(players[0].user)
    assert client.get(reverse("ledger:house")).status_code == 403


def test_a_closed_settlements_transfer_is_offered_for_recording_until_it_is_paid(
    secretary, players, staff, stake
):
    set_charge(staff, amount="0.25")
    now = timezone.now()
    sitting = settlements.open_sitting(
        name="Last night", start=now - timedelta(hours=6), end=now - timedelta(hours=1), user=staff
    )
    agreed(players, staff, WON_BY_WE, started=now - timedelta(hours=2))
    closed = settlements.close(sitting, staff)
    here = reverse("ledger:sitting", args=[sitting.pk])
    page = secretary.get(here).content.decode()
    assert page.count("Record it as paid") == len(closed.transfers)
    to_house = next(n for n, t in enumerate(closed.transfers) if t.payee is None)
    filled = Forms(secretary.get(here, {"transfer": to_house}).content.decode())
    form = filled.form(reverse("ledger:pay"))
    assert form is not None
    chosen = closed.transfers[to_house]
    assert form["values"]["amount"] == str(chosen.amount.normalize())
    assert "Filled in from" in secretary.get(here, {"transfer": to_house}).content.decode()
    # The selects as filled in (the page's parser reads inputs only).
    submit(
        secretary,
        f"{here}?transfer={to_house}",
        reverse("ledger:pay"),
        {"payer": str(chosen.payer.pk), "payee": "house"},
    )
    paid = Payment.objects.get()
    assert paid.payee is None
    page = secretary.get(here).content.decode()
    assert page.count("Record it as paid") == len(closed.transfers) - 1
    desk.reverse_payment(payment=paid, user=staff)  # recorded by mistake: owed again
    assert settlements.still_owed(settlements.settlement(sitting)) == [True] * len(closed.transfers)
    for odd in ("99", "x", "-1", "²", "9" * 5000):
        response = secretary.get(here, {"transfer": odd})
        assert response.status_code == 200
        assert "Filled in from" not in response.content.decode()
