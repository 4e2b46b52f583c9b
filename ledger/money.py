"""Settling up: rounding each member's amount without losing a penny, and the fewest
transfers that settle a set of balances. Plain Python, no Django."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from functools import lru_cache
from itertools import combinations

from babel.numbers import (
    UnknownCurrencyError,
    get_currency_precision,
    get_currency_symbol,
    get_decimal_symbol,
    get_group_symbol,
)

ROUNDING_RULE = (
    "Each member's amount due, with anything brought forward, is rounded to the currency's "
    "smallest unit, half away from nothing; if the rounded amounts do not then add up to "
    "nothing, the difference is made good a unit at a time by the members whose amounts "
    "were rounded furthest, in order of their names where that ties. An amount brought "
    "forward that is not a whole number of units (a payment or settlement in an earlier, "
    "smaller unit) is rounded here with the rest. The settlement always adds up to exactly "
    "nothing."
)

# Every amount is kept as a whole number of millionths of the currency, so that it is
# exact on every database; the ledger takes amounts with at most these places.
PLACES = 6
MILLIONTH = Decimal(1).scaleb(-PLACES)
# The most the ledger takes: a stake above this per hundred points is refused, and so is
# a payment above the second. A rubber is worth at most scorer.rubbers.models.MOST_POINTS, so no
# posting is larger than MOST_POINTS × MOST_STAKE / 100, far inside what is kept exactly.
MOST_STAKE = Decimal(10_000)
MOST_PAYMENT = Decimal(1_000_000_000)
STAKE_PLACES = 4
# Table money: a fixed amount of at most this, or at most this many hundred points at the
# stake (so at most MOST_HUNDREDS × MOST_STAKE a player), to STAKE_PLACES places.
MOST_CHARGE = Decimal(10_000)
MOST_HUNDREDS = Decimal(100)


class Inexact(ValueError):
    """An amount with more places than the ledger keeps."""


def millionths(amount: Decimal | int) -> int:
    """An amount as the whole number of millionths it is; Inexact if it is not one."""
    value = Decimal(amount)
    if not value.is_finite():
        raise Inexact(f"{amount} is not an amount")
    scaled = value.scaleb(PLACES)
    if scaled != scaled.to_integral_value():
        raise Inexact(f"{amount} has more than {PLACES} places")
    return int(scaled)


def from_millionths(units: int | Decimal) -> Decimal:
    return Decimal(units).scaleb(-PLACES).quantize(MILLIONTH)


# Up to this many members with something to pay or receive, the fewest transfers are
# found exactly; beyond, by matching equal debts first and then the largest against the
# largest, which never takes more than one transfer fewer than the members.
EXACT_UP_TO = 14


def round_to_nothing[K: Hashable](
    exact: Mapping[K, Decimal], unit: Decimal, order: Mapping[K, str]
) -> dict[K, Decimal]:
    """Round each amount to `unit` so that the rounded amounts add up to exactly what
    the exact amounts do (nothing, for a settlement). `order` names each member, to break
    ties."""
    rounded = {k: _half_away(value / unit) for k, value in exact.items()}
    target = (sum(exact.values(), Decimal(0)) / unit).to_integral_value()
    difference = int(target - sum(rounded.values(), Decimal(0)))
    if difference:
        step = 1 if difference > 0 else -1

        # Those whose exact amount lay furthest from where it was rounded move first.
        def error(k: K) -> Decimal:
            return (exact[k] / unit - rounded[k]) * step

        movable = sorted(exact, key=lambda k: (-error(k), order[k]))
        for k in movable[: abs(difference)]:
            rounded[k] += step
    return {k: units * unit for k, units in rounded.items()}


def _half_away(units: Decimal) -> Decimal:
    sign = 1 if units >= 0 else -1
    return sign * (abs(units) + Decimal("0.5")).to_integral_value(ROUND_FLOOR)


@dataclass(frozen=True)
class Transfer[K]:
    payer: K
    payee: K
    amount: int  # in the currency's smallest unit


def fewest_transfers[K: Hashable](
    balances: Mapping[K, int], order: Mapping[K, str]
) -> list[Transfer[K]]:
    """Transfers that bring every balance (in smallest units; positive: due to the member)
    to nothing, as few as possible. The fewest is the number of members with a balance
    less the largest number of groups of them whose balances add up to nothing."""
    owing = {k: v for k, v in balances.items() if v}
    if sum(owing.values()) != 0:
        raise ValueError("balances to settle must add up to nothing")
    members = sorted(owing, key=lambda k: order[k])
    groups = _zero_groups(members, owing) if len(members) <= EXACT_UP_TO else [members]
    transfers: list[Transfer[K]] = []
    for group in groups:
        transfers += _settle(group, owing, order)
    return transfers


def _zero_groups[K](members: list[K], owing: Mapping[K, int]) -> list[list[K]]:
    """The members split into the largest number of groups each adding up to nothing
    (dynamic programming over subsets)."""
    n = len(members)
    if n == 0:
        return []
    totals = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        totals[mask] = totals[mask & (mask - 1)] + owing[members[low]]
    best = [0] * (1 << n)
    choice = [0] * (1 << n)
    for mask in range(1, 1 << n):
        for i in range(n):
            if mask >> i & 1 and best[mask ^ (1 << i)] >= best[mask]:
                best[mask], choice[mask] = best[mask ^ (1 << i)], i
        if totals[mask] == 0:
            best[mask] += 1
    # Walk back: a group closes each time the running set adds up to nothing.
    groups: list[list[K]] = []
    current: list[K] = []
    mask = (1 << n) - 1
    while mask:
        if totals[mask] == 0 and current:
            groups.append(current)
            current = []
        i = choice[mask]
        current.append(members[i])
        mask ^= 1 << i
    groups.append(current)
    return [group for group in groups if group]


def _settle[K](group: list[K], owing: Mapping[K, int], order: Mapping[K, str]) -> list[Transfer[K]]:
    """Settle one group: equal and opposite balances pay each other, then the largest
    debtor pays the largest creditor, until nothing is owed."""
    left = {k: owing[k] for k in group}
    transfers: list[Transfer[K]] = []
    for payer, payee in combinations(sorted(left, key=lambda k: order[k]), 2):
        for debtor, creditor in ((payer, payee), (payee, payer)):
            if left[debtor] < 0 and left[creditor] > 0 and -left[debtor] == left[creditor]:
                transfers.append(Transfer(debtor, creditor, left[creditor]))
                left[debtor] = left[creditor] = 0
    while any(left.values()):
        debtor = min(left, key=lambda k: (left[k], order[k]))
        creditor = max(left, key=lambda k: (left[k], order[k]))
        amount = min(-left[debtor], left[creditor])
        transfers.append(Transfer(debtor, creditor, amount))
        left[debtor] += amount
        left[creditor] -= amount
    return transfers


# -- Money in words -----------------------------------------------------------------------
# As people write it, by Babel and the club's locale: "£0.20", "−£0.20", "+£1.50"; one
# minus sign (the typographic one) for people, the plain hyphen in files for machines.

MINUS = "\u2212"
LOCALE = "en_GB"
CENT = Decimal("0.01")


def places(amount: Decimal, currency: str = "", unit: Decimal = CENT) -> int:
    """The places an amount is shown to: the unit's (or the currency's, if more), and more
    only where the amount itself has them (an exact share of a rubber: 0.506616)."""
    shown = _precision(currency)
    needed = -min(0, int(amount.normalize().as_tuple().exponent)) if amount.is_finite() else 0
    of_unit = -min(0, int(unit.normalize().as_tuple().exponent))
    return max(shown, of_unit, min(needed, PLACES))


@lru_cache(maxsize=64)
def _precision(currency: str) -> int:
    """The currency's own places (Babel's CLDR data): 2 for pounds, 0 for yen."""
    try:
        return get_currency_precision(currency) if currency else 2
    except UnknownCurrencyError:
        return 2


@lru_cache(maxsize=64)
def _written(currency: str) -> tuple[str, dict[int, str]]:
    """The currency's sign and the locale's separators, asked of Babel once: its own
    formatting reads its locale data afresh for every amount (half a millisecond each),
    and a settlement or a member's record shows hundreds of amounts."""
    sign = get_currency_symbol(currency, locale=LOCALE) if currency else ""
    separators = {ord(","): get_group_symbol(LOCALE), ord("."): get_decimal_symbol(LOCALE)}
    return sign, separators


def say(amount: Decimal, currency: str = "", unit: Decimal = CENT, *, signed: bool = False) -> str:
    """ "£0.20", "−£0.20"; signed: "+£0.20" too. Without a currency (no stake), the number.
    Written as Babel writes "¤#,##0.00" in the club's locale (a test holds the two alike);
    no amount is rounded, since it is shown to all its places."""
    digits = places(amount, currency, unit)
    sign, separators = _written(currency)
    text = sign + f"{abs(amount):,.{digits}f}".translate(separators)
    if amount < 0:
        return MINUS + text
    return "+" + text if signed and amount > 0 else text


def symbol(currency: str) -> str:
    """The currency as people write it before an amount: "£", "US$"; "" for none."""
    return get_currency_symbol(currency, locale=LOCALE) if currency else ""


def plain(amount: Decimal, unit: Decimal = CENT) -> Decimal:
    """An amount for a file a spreadsheet reads, as a number: at the unit's places (more
    only if the amount has them), written with a hyphen-minus and nothing else: -0.20."""
    return amount.quantize(Decimal(1).scaleb(-places(amount, "", unit)))
