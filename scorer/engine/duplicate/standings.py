"""The pairs' cards and standings of a Duplicate evening, from its travellers."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import lcm

from scorer.engine.duplicate.checks import Field, scheduled_by_pair
from scorer.engine.duplicate.model import LINES, Evening, Line
from scorer.engine.duplicate.movements import Scheduled
from scorer.engine.duplicate.scores import CardRow, Mark, PairCard, Standing, Traveller


def cards_of(
    pairs: int,
    travellers: tuple[Traveller, ...],
    evening: Evening,
    missing: tuple[Scheduled, ...],
) -> tuple[PairCard, ...]:
    scheduled = {} if evening.schedule is None else scheduled_by_pair(evening.schedule.results())
    rows: dict[int, list[CardRow]] = {pair: [] for pair in range(1, pairs + 1)}
    for traveller in travellers:
        for row in traveller.results:
            for line in LINES:
                pair = row.pairs[line is Line.EW]
                where = scheduled.get((row.board, pair))
                rows[pair].append(
                    CardRow(
                        row.board,
                        line,
                        row.pairs[line is Line.NS],
                        None if row.points is None else row.points[line],
                        None if row.net is None else row.net[line],
                        row.score[line],
                        traveller.top,
                        None if row.played else Mark.NOT_PLAYED,
                        None if where is None else where.round,
                        None if where is None else where.table,
                    )
                )
    for waiting in missing:
        for pair, line, opponent in (
            (waiting.ns, Line.NS, waiting.ew),
            (waiting.ew, Line.EW, waiting.ns),
        ):
            rows[pair].append(
                CardRow(
                    waiting.board,
                    line,
                    opponent,
                    None,
                    None,
                    None,
                    0,
                    Mark.MISSING,
                    waiting.round,
                    waiting.table,
                )
            )
    return tuple(
        PairCard(pair, tuple(sorted(card, key=_card_order))) for pair, card in rows.items()
    )


def _card_order(row: CardRow) -> tuple[int, int]:
    return (row.round or 0, row.board)


def standings_of(
    field: Field, travellers: tuple[Traveller, ...], matchpoints: bool
) -> tuple[Standing, ...]:
    """Each pair's nets, score, top and boards played, over the results recorded."""
    pairs = range(1, field.count + 1)
    nets = dict.fromkeys(pairs, 0)
    scores: dict[int, list[Fraction]] = {pair: [] for pair in pairs}
    tops = dict.fromkeys(pairs, 0)
    boards = dict.fromkeys(pairs, 0)
    for traveller in travellers:
        for row in traveller.results:
            for pair, line in ((row.ns, Line.NS), (row.ew, Line.EW)):
                scores[pair].append(row.score[line])
                tops[pair] += traveller.top
                if row.net is not None:
                    nets[pair] += row.net[line]
                    boards[pair] += 1
    totals = {pair: _total(scores[pair]) for pair in pairs}
    # under matchpoints a place goes by the percentage (exact), so that a pair that sat
    # out, and so had fewer tops, is ranked fairly (§11); with equal tops it is the same order
    ranked = {
        pair: (totals[pair] / tops[pair] if tops[pair] else Fraction(0))
        if matchpoints
        else totals[pair]
        for pair in pairs
    }
    place = _places((pair, field.line_of(pair), ranked[pair]) for pair in pairs)
    return tuple(
        Standing(
            pair,
            field.names_of(pair),
            field.line_of(pair),
            nets[pair],
            totals[pair],
            tops[pair],
            boards[pair],
            place[pair],
            matchpoints,
        )
        for pair in pairs
    )


def _total(scores: Iterable[Fraction]) -> Fraction:
    """The scores added up exactly, over their least common denominator (the same few
    denominators come again and again: a board's results)."""
    numerator, denominator = 0, 1
    for score in scores:
        below = score.denominator
        if below != denominator:
            common = lcm(denominator, below)
            numerator *= common // denominator
            denominator = common
        numerator += score.numerator * (denominator // below)
    return Fraction(numerator, denominator)


def _places(scores: Iterable[tuple[int, Line | None, Fraction]]) -> dict[int, int]:
    """Each pair's place among those ranked with it (its direction, or all): one more than
    the number on a better score."""
    groups: dict[Line | None, list[tuple[int, Fraction]]] = {}
    for pair, line, score in scores:
        groups.setdefault(line, []).append((pair, score))
    place: dict[int, int] = {}
    for ranked in groups.values():
        ordered = sorted((score for _, score in ranked), reverse=True)
        first: dict[Fraction, int] = {}
        for index, score in enumerate(ordered, 1):
            first.setdefault(score, index)
        for pair, score in ranked:
            place[pair] = first[score]
    return place
