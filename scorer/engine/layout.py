"""The figures of a score sheet and where each goes, for any game and any rendering of it.

A sheet is drawn as Elwell draws it: two columns, We and They; figures above the line, each
side's column rising from it; below it, game by game, each in deal order. Each game says
where its figures go (`bridge.layout`, `whist.layout`); the text, the page and the printed
sheet draw the same `Layout`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorer.engine.model import Pair, Side
from scorer.engine.tally import GameLike


class Column(StrEnum):
    """Below the line, trick points count toward game; above it, honours, chicane and
    slam do not (Law 2)."""

    TRICKS = "tricks"
    HONOURS = "honours"


@dataclass(frozen=True, slots=True)
class Item:
    """One reason for points in an entry: "4 honours in one hand (hearts): 64"."""

    column: Column
    points: int
    text: str


@dataclass(frozen=True, slots=True)
class Cell:
    """A figure on the sheet: its points, the deal it came from (None for the winners'
    bonus), and the items that make it up."""

    points: int
    deal: int | None
    side: Side
    column: Column
    items: tuple[Item, ...]

    @property
    def explanation(self) -> tuple[str, ...]:
        """The items behind the figure, those that count for it first."""
        counting = [item.text for item in self.items if item.column is self.column]
        return tuple(counting)


@dataclass(frozen=True, slots=True)
class GameBlock:
    """A game below the line: its heading ("2d game"; at Whist with its end, "1st game:
    5 to 2, We, a double"), the game itself, and each side's figures in it."""

    game: GameLike
    cells: Pair[tuple[Cell, ...]]
    heading: str = ""


@dataclass(frozen=True, slots=True)
class Layout:
    honours: Pair[tuple[Cell, ...]]  # each side's column from the top down
    games: tuple[GameBlock, ...]
    # What the totals leave out, in words, if anything: at Whist, a game in progress has
    # no value until it is won (Law 8), so its points are not in them.
    total_note: str = ""


def rows(cells: Pair[tuple[Cell, ...]], *, upward: bool) -> list[tuple[Cell | None, Cell | None]]:
    """The two columns side by side, row by row: above the line they rise from it (blank
    rows at the top), below it they run down (blank rows at the bottom)."""
    height = max(len(cells.we), len(cells.they))

    def padded(column: tuple[Cell, ...]) -> list[Cell | None]:
        blank: list[Cell | None] = [None] * (height - len(column))
        return [*blank, *column] if upward else [*column, *blank]

    return list(zip(padded(cells.we), padded(cells.they), strict=True))
