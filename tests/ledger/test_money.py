"""Rounding that loses nothing, and the fewest transfers that settle up."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

from babel.numbers import format_currency, format_decimal
from hypothesis import given
from hypothesis import strategies as st

from ledger.money import LOCALE, MINUS, fewest_transfers, places, round_to_nothing, say

PENNY = Decimal("0.01")


def settles(balances, transfers):
    left = dict(balances)
    for transfer in transfers:
        assert transfer.amount > 0
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    return all(value == 0 for value in left.values())


def fewest_by_brute_force(balances):
    """The members with something owed, less the most groups adding up to nothing."""
    owing = [k for k, v in balances.items() if v]

    def most_groups(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = 0
        for size in range(len(others) + 1):
            for group in combinations(others, size):
                if balances[first] + sum(balances[m] for m in group) == 0:
                    best = max(best, 1 + most_groups([m for m in others if m not in group]))
        return best

    return len(owing) - most_groups(owing)


balances_that_settle = st.lists(st.integers(-500, 500), min_size=1, max_size=7).map(
    lambda values: {f"m{i}": v for i, v in enumerate([*values, -sum(values)])}
)


@given(balances_that_settle)
def test_the_transfers_settle_every_balance(balances):
    assert settles(balances, fewest_transfers(balances, {k: k for k in balances}))


@given(st.lists(st.sampled_from([-30, -20, -10, 10, 20, 30, 50, -50]), min_size=1, max_size=7))
def test_the_transfers_are_as_few_as_a_brute_force_search_finds(values):
    balances = {f"m{i}": v for i, v in enumerate([*values, -sum(values)])}
    transfers = fewest_transfers(balances, {k: k for k in balances})
    assert settles(balances, transfers)
    assert len(transfers) == fewest_by_brute_force(balances)


def test_equal_debts_pay_each_other():
    balances = {"a": -5, "b": 5, "c": -7, "d": 7}
    transfers = fewest_transfers(balances, {k: k for k in balances})
    assert {(t.payer, t.payee, t.amount) for t in transfers} == {("a", "b", 5), ("c", "d", 7)}


def test_many_members_still_settle_in_fewer_transfers_than_members():
    balances = {f"m{i:02}": (i % 7) - 3 for i in range(40)}
    balances["m00"] -= sum(balances.values())
    transfers = fewest_transfers(balances, {k: k for k in balances})
    assert settles(balances, transfers)
    assert len(transfers) < sum(1 for v in balances.values() if v)


def test_balances_that_do_not_add_up_to_nothing_are_refused():
    import pytest

    with pytest.raises(ValueError, match="add up to nothing"):
        fewest_transfers({"a": 1}, {"a": "a"})


amounts = st.decimals(min_value=-1000, max_value=1000, places=6, allow_nan=False)


@given(st.lists(amounts, min_size=1, max_size=12))
def test_rounding_keeps_the_settlement_at_exactly_nothing(values):
    exact = {f"m{i}": v for i, v in enumerate([*values, -sum(values)])}
    rounded = round_to_nothing(exact, PENNY, {k: k for k in exact})
    assert sum(rounded.values()) == 0
    for member, amount in rounded.items():
        assert amount % PENNY == 0
        assert abs(amount - exact[member]) < len(exact) * PENNY  # never far from exact


def test_rounding_is_to_the_nearest_where_that_adds_up():
    exact = {"a": Decimal("1.004"), "b": Decimal("-1.004")}
    assert round_to_nothing(exact, PENNY, {"a": "a", "b": "b"}) == {
        "a": Decimal("1.00"),
        "b": Decimal("-1.00"),
    }


def test_a_penny_left_over_goes_to_the_member_rounded_furthest():
    exact = {"a": Decimal("0.333333"), "b": Decimal("0.333333"), "c": Decimal("-0.666666")}
    rounded = round_to_nothing(exact, PENNY, {"a": "a", "b": "b", "c": "c"})
    assert rounded == {"a": Decimal("0.33"), "b": Decimal("0.33"), "c": Decimal("-0.66")}
    exact = {"a": Decimal("0.005"), "b": Decimal("0.005"), "c": Decimal("-0.010")}
    rounded = round_to_nothing(exact, PENNY, {"a": "Ann", "b": "Bea", "c": "Cy"})
    assert sum(rounded.values()) == 0
    assert rounded == {"a": Decimal("0.00"), "b": Decimal("0.01"), "c": Decimal("-0.01")}


# Amounts as the ledger keeps them: whole millionths, up to its largest payment.
amounts = st.integers(-(10**15), 10**15).map(lambda millionths: Decimal(millionths).scaleb(-6))


@given(
    amounts,
    st.sampled_from(["GBP", "USD", "EUR", "JPY", "CHF", "KWD", ""]),
    st.sampled_from([Decimal("0.01"), Decimal("0.05"), Decimal(1), Decimal("0.0001")]),
    st.booleans(),
)
def test_money_is_written_as_babel_writes_it_in_the_clubs_locale(amount, currency, unit, signed):
    """The ledger writes an amount itself, for speed; Babel's own formatting of the same
    pattern in the same locale is the standard it must meet, sign and all."""
    digits = places(amount, currency, unit)
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    if currency:
        expected = format_currency(
            abs(amount), currency, format="\u00a4" + pattern, locale=LOCALE, currency_digits=False
        )
    else:
        expected = format_decimal(abs(amount), format=pattern, locale=LOCALE)
    if amount < 0:
        expected = MINUS + expected
    elif signed and amount > 0:
        expected = "+" + expected
    assert say(amount, currency, unit, signed=signed) == expected


def test_money_is_written_with_its_sign_and_places():
    assert say(Decimal("0.2"), "GBP") == "£0.20"
    assert say(Decimal("-0.2"), "GBP") == "−£0.20"
    assert say(Decimal("0.2"), "GBP", signed=True) == "+£0.20"
    assert say(Decimal("0.506616"), "GBP") == "£0.506616"
    assert say(Decimal("1234567.5"), "USD") == "US$1,234,567.50"
    assert say(Decimal(1500), "JPY", Decimal(1)) == "JP¥1,500"
    assert say(Decimal("12.5"), "") == "12.50"
