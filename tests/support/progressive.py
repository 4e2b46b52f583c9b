"""Random valid Progressive evenings, and tables written briefly.

The same recipe as tests/support/rubbers.py: an evening from a source of choices, drawn by
hypothesis in the property tests (so failures shrink) and by random.Random in the
benchmark. Each round is seated as the moves of the round before say, worked out here from
each deal's points (scorer.engine.bridge.points, tested on its own), not by the evening's engine.
"""

from __future__ import annotations

from scorer.engine import NONE, Deal, Pair, Side, points_of, score_for_points
from scorer.engine.progressive import Evening, ProgressiveRules, Round, Table
from tests.support.rubbers import Choose, mirrored, random_deal

NAMES = ("Mrs. Carr", "Mr. Dane", "Miss Eyre", "Mr. Fell", "Mrs. Gale", "Mr. Hood")


def table(
    number: int,
    we: tuple[int, int],
    they: tuple[int, int],
    *deals: Deal,
    tie: str | None = None,
) -> Table:
    """A table of a round in a line: its number, the pairs by number, the deals."""
    return Table(number, Pair(we, they), deals, None if tie is None else Side(tie))


def names(count: int) -> tuple[str, ...]:
    return tuple(f"{NAMES[n % len(NAMES)]} {n // len(NAMES) + 1}" for n in range(count))


def random_evening(
    choose: Choose,
    *,
    tables: int | None = None,
    rounds: int | None = None,
    deals_a_round: int | None = None,
) -> Evening:
    """An evening of 1–3 tables and 0–3 rounds of 1–4 deals, unless told; its tables
    listed in any order, about one table in four tied over the round (its deals played
    back mirrored) and the cut recorded."""
    tables = tables if tables is not None else choose(1, 3)
    rounds = rounds if rounds is not None else choose(0, 3)
    rules = ProgressiveRules(
        deals_a_round=deals_a_round if deals_a_round is not None else choose(1, 4),
        doubling_limit=(None, 100, 200)[choose(0, 2)],
    )
    seating = {t: [4 * t - 3, 4 * t - 2, 4 * t - 1, 4 * t] for t in range(1, tables + 1)}
    played: list[Round] = []
    for _ in range(rounds):
        round_tables = [_random_table(choose, rules, t, seating[t], tables > 1) for t in seating]
        seating = _seated_after(round_tables)
        order = [at for at, _ in round_tables]
        listed = [order.pop(choose(0, len(order) - 1)) for _ in range(len(round_tables))]
        played.append(Round(tuple(listed)))
    return Evening(rules, names(4 * tables), tuple(played))


def _random_table(
    choose: Choose, rules: ProgressiveRules, number: int, four: list[int], several: bool
) -> tuple[Table, Side]:
    """The four cut for partners, then a round of deals, the deal passing to the left;
    with the pair that won the round (by points, or on a tie by the cut, which is drawn
    only when there is a table to move to)."""
    four = list(four)
    partner = four.pop(choose(1, 3))
    first = four.pop(0)
    pairs = [(first, partner), (four[0], four[1])]
    if choose(0, 1):
        pairs.reverse()
    wanted = rules.deals_a_round
    dealer = (Side.WE, Side.THEY)[choose(0, 1)]
    deals: list[Deal] = []
    mirror = wanted % 2 == 0 and choose(0, 3) == 0
    for _ in range(wanted // 2 if mirror else wanted):
        deals.append(random_deal(choose, rules.scoring, NONE, dealer))
        dealer = dealer.other
    if mirror:
        deals += [mirrored(deal) for deal in deals]
    points = [points_of(score_for_points(deal, rules.scoring)) for deal in deals]
    we, they = sum(p.we for p in points), sum(p.they for p in points)
    cut = (Side.WE, Side.THEY)[choose(0, 1)]
    tie = cut if we == they and several else None
    winners = cut if we == they else (Side.WE if we > they else Side.THEY)
    return Table(number, Pair(pairs[0], pairs[1]), tuple(deals), tie), winners


def _seated_after(played: list[tuple[Table, Side]]) -> dict[int, list[int]]:
    """The winners at each table go on to the next, the last table's to the first; with
    one table nobody moves."""
    tables = len(played)
    if tables == 1:
        return {1: list(played[0][0].players)}
    staying = {at.number: list(at.pairs[winners.other]) for at, winners in played}
    arriving = {at.number % tables + 1: list(at.pairs[winners]) for at, winners in played}
    return {t: staying[t] + arriving[t] for t in range(1, tables + 1)}
