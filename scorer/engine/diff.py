"""What a correction changed on the sheet, in words, for any game: "deal 2: We 18 → 24
below the line; the first game now ends at deal 3". Each game says which figures of an
entry it compares and how it names them (`bridge.corrections.changes`: below or above the
line; `whist.corrections.changes`: by the order of scoring, "in tricks")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from scorer.engine.model import SIDES, Pair, Side
from scorer.engine.tally import Totalled
from scorer.engine.words import game_ordinal

ARROW = "\u2192"


class _Game(Protocol):
    @property
    def last_deal(self) -> int | None: ...
    @property
    def winner(self) -> Side | None: ...


class _Scored(Protocol):
    @property
    def entries(self) -> Pair[Any]: ...


class _Sheet(Protocol):
    @property
    def games(self) -> Sequence[_Game]: ...
    @property
    def deals(self) -> Sequence[_Scored]: ...
    @property
    def winner(self) -> Side | None: ...
    @property
    def totals(self) -> Pair[Totalled]: ...


def changes(
    before: _Sheet, after: _Sheet, columns: tuple[str, ...], where: Callable[[str], str]
) -> list[str]:
    """Each change from one sheet to the other: entries deal by deal, each of `columns`
    named by `where`, then the ends of games, the rubber, and the totals."""
    entries = _entries(before, after, columns, where)
    return _told(entries + _games(before, after), before, after)


def _told(found: list[str], before: _Sheet, after: _Sheet) -> list[str]:
    """The changes found, then the rubber's winner and the totals if they changed."""
    if before.winner != after.winner:
        found.append(
            f"the rubber is now won by {after.winner.label}"
            if after.winner
            else "the rubber is no longer won"
        )
    totals = [
        f"{side.label} {before.totals[side].total} {ARROW} {after.totals[side].total}"
        for side in SIDES
        if before.totals[side].total != after.totals[side].total
    ]
    if totals:
        found.append("totals: " + ", ".join(totals))
    return found


def _entries(
    before: _Sheet,
    after: _Sheet,
    columns: tuple[str, ...],
    where: Callable[[str], str],
) -> list[str]:
    """Each deal's entries that moved, column by column: "deal 2: We 18 → 24 below the
    line"; or that the deal was removed."""
    found = []
    for number in range(1, max(len(before.deals), len(after.deals)) + 1):
        if number > len(after.deals):
            found.append(f"deal {number} removed")
            continue
        if number > len(before.deals):
            continue
        old, new = before.deals[number - 1].entries, after.deals[number - 1].entries
        moved = [
            f"{side.label} {getattr(old[side], column)} {ARROW} "
            f"{getattr(new[side], column)} {where(column)}"
            for side in SIDES
            for column in columns
            if getattr(old[side], column) != getattr(new[side], column)
        ]
        if moved:
            found.append(f"deal {number}: " + "; ".join(moved))
    return found


def _games(before: _Sheet, after: _Sheet) -> list[str]:
    found = []
    for number in range(1, max(len(before.games), len(after.games)) + 1):
        old = _game(before, number)
        new = _game(after, number)
        if _end(old) == _end(new):
            continue
        name = f"the {game_ordinal(number)} game"
        if new is None or new.winner is None:
            found.append(f"{name} is no longer won")
        else:
            winner = "" if old and old.winner == new.winner else f", won by {new.winner.label}"
            found.append(f"{name} now ends at deal {new.last_deal}{winner}")
    return found


def _game(sheet: _Sheet, number: int) -> _Game | None:
    return sheet.games[number - 1] if number <= len(sheet.games) else None


def _end(game: _Game | None) -> tuple[int | None, object]:
    return (None, None) if game is None else (game.last_deal, game.winner)
