"""A Progressive evening's result laid out for a terminal (`manage.py score --text`): the
standings, each player's place, number, name, points won and lost and net; each round's
tables, the pairs as they cut with their points and the pair that moved on; where
everybody sits next; and who made the best net score.
"""

from __future__ import annotations

from scorer.engine.model import SIDES, Side
from scorer.engine.progressive.evening import EveningScore, RoundScore, Seating, TableScore
from scorer.engine.words import signed

_INDENT = "  "


def evening_text(score: EveningScore) -> str:
    """The evening's result as text, every line ending in a newline."""
    out = [_heading(score), "", *_standings(score)]
    for played in score.rounds:
        out += ["", f"Round {played.number}", *_round(score, played)]
    upcoming = "Next round" if score.rounds else "First round"
    out += ["", upcoming, *_next(score), "", _best(score)]
    return "\n".join(out) + "\n"


def _heading(score: EveningScore) -> str:
    evening = score.evening
    rounds = len(score.rounds)
    played = f"{_count(rounds, 'round')} played" if rounds else "no round played"
    return (
        f"Progressive Bridge: {_count(len(evening.players), 'player')} at "
        f"{_count(evening.tables, 'table')}, {_count(evening.rules.deals_a_round, 'deal')} "
        f"a round; {played}"
    )


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


# -- The standings ---------------------------------------------------------------------------


def _standings(score: EveningScore) -> list[str]:
    """Best first; players sharing a place are marked `=` and listed by number."""
    standings = score.by_place
    shared = {
        place
        for place in (s.place for s in standings)
        if sum(s.place == place for s in standings) > 1
    }
    rows = [
        (
            f"{standing.place}{'=' if standing.place in shared else ''}",
            str(standing.number),
            standing.name,
            str(standing.won),
            str(standing.lost),
            signed(standing.net),
        )
        for standing in standings
    ]
    heads = ("Place", "No.", "Player", "Won", "Lost", "Net")
    widths = [max(len(row[column]) for row in (heads, *rows)) for column in range(6)]

    def line(row: tuple[str, ...]) -> str:
        place, number, name, won, lost, net = (
            text.ljust(width) if column in (0, 2) else text.rjust(width)
            for column, (text, width) in enumerate(zip(row, widths, strict=True))
        )
        return f"{place}  {number}  {name}  {won}  {lost}  {net}".rstrip()

    return [line(heads), *(line(row) for row in rows)]


# -- The rounds ------------------------------------------------------------------------------


def _round(score: EveningScore, played: RoundScore) -> list[str]:
    names = [_pair_names(score, table, side) for table in played.tables for side in SIDES]
    width = max(len(name) for name in names)
    points = max(len(str(table.points[side])) for table in played.tables for side in SIDES)
    lines = []
    for table in played.tables:
        label = f"Table {table.number}"
        for side in SIDES:
            name = _pair_names(score, table, side).ljust(width)
            figure = str(table.points[side]).rjust(points)
            note = _note(score, table, side)
            lines.append(f"{_INDENT}{label:<9}{name}  {figure}{note}".rstrip())
            label = ""
    return lines


def _pair_names(score: EveningScore, table: TableScore, side: Side) -> str:
    return " and ".join(_player(score, number) for number in table.pairs[side])


def _player(score: EveningScore, number: int) -> str:
    return f"{number} {score.evening.players[number - 1]}"


def _note(score: EveningScore, table: TableScore, side: Side) -> str:
    """What the round's points did for the pair: sent it on to the next table (the pair
    written as its two players, "move"), and why when tied; of a round still being
    played, how far it has gone."""
    if not table.played and side is Side.WE:
        deals = score.evening.rules.deals_a_round
        return f"  {len(table.deals)} of {_count(deals, 'deal')} played"
    if table.cut_needed and side is Side.WE:
        return "  tied: the cut decides which pair moves on"
    if table.moves is not side:
        return ""
    to = table.number % score.evening.tables + 1
    tied = " (tied: the cut sent them on)" if table.tie is not None else ""
    return f"  move on to table {to}{tied}"


# -- Where everybody sits next, and the best net ---------------------------------------------


def _next(score: EveningScore) -> list[str]:
    if score.next is None:
        return [f"{_INDENT}Known when every table has finished the round."]
    return [
        f"{_INDENT}{f'Table {seating.table}':<9}{_seated(score, seating)}" for seating in score.next
    ]


def _seated(score: EveningScore, seating: Seating) -> str:
    """The four at the table: the pair that stays, and the pair that arrives from the table
    before; at the first round (or with one table) the four as they sit."""
    if not seating.arrived:
        return ", ".join(_player(score, number) for number in seating.players)
    staying = [number for number in seating.players if number not in seating.arrived]
    before = (seating.table - 2) % score.evening.tables + 1
    stay = " and ".join(_player(score, number) for number in staying)
    come = " and ".join(_player(score, number) for number in seating.arrived)
    return f"{stay} stay; {come} come from table {before}"


def _best(score: EveningScore) -> str:
    if not score.rounds:
        return "No round has been played."
    best = [standing for standing in score.by_place if standing.place == 1]
    names = [f"{standing.name} ({standing.number})" for standing in best]
    net = signed(best[0].net)
    if len(names) == 1:
        return f"Best net score: {names[0]}, {net}."
    listed = f"{', '.join(names[:-1])} and {names[-1]}"
    return f"Best net score, shared: {listed}, {net} each."
