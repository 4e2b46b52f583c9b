"""Where each figure goes on Elwell's score sheet, for any rendering of it.

Honours are written above the line, each side's column rising from it, with the rubber's
100 at the top (or, three playing by games, the game's 50); trick points below the line,
game by game, each in deal order.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.engine.model import SIDES, Pair, Rules, Side, Unit
from scorer.engine.sheet import Column, Game, Item, Sheet, bonus
from scorer.engine.whist import WhistGame
from scorer.engine.words import game_heading


def bonus_item(rules: Rules) -> Item:
    """The winners' bonus in words: "the rubber: 100 (Law 11)"."""
    points = bonus(rules)
    if rules.unit is Unit.GAME:
        return Item(Column.HONOURS, points, f"the game: {points} (Bridge for Three Players)")
    return Item(Column.HONOURS, points, f"the rubber: {points} (Law 11)")


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

    game: Game | WhistGame
    cells: Pair[tuple[Cell, ...]]
    heading: str = ""


@dataclass(frozen=True, slots=True)
class Layout:
    honours: Pair[tuple[Cell, ...]]  # each side's column from the top down
    games: tuple[GameBlock, ...]


def layout(sheet: Sheet) -> Layout:
    def honours(side: Side) -> tuple[Cell, ...]:
        cells = [
            Cell(entry.honours, d.number, side, Column.HONOURS, entry.items)
            for d in sheet.deals
            if (entry := d.entries[side]).honours
        ]
        if sheet.winner is side:
            item = bonus_item(sheet.rules)
            cells.append(Cell(item.points, None, side, Column.HONOURS, (item,)))
        return tuple(reversed(cells))

    def tricks(game: Game, side: Side) -> tuple[Cell, ...]:
        return tuple(
            Cell(entry.tricks, d.number, side, Column.TRICKS, entry.items)
            for d in sheet.deals
            if d.game == game.number and (entry := d.entries[side]).tricks
        )

    return Layout(
        honours=Pair(honours(Side.WE), honours(Side.THEY)),
        games=tuple(
            GameBlock(
                game, Pair(*(tricks(game, side) for side in SIDES)), game_heading(game.number)
            )
            for game in sheet.games
        ),
    )


def rows(cells: Pair[tuple[Cell, ...]], *, upward: bool) -> list[tuple[Cell | None, Cell | None]]:
    """The two columns side by side, row by row: above the line they rise from it (blank
    rows at the top), below it they run down (blank rows at the bottom)."""
    height = max(len(cells.we), len(cells.they))

    def padded(column: tuple[Cell, ...]) -> list[Cell | None]:
        blank: list[Cell | None] = [None] * (height - len(column))
        return [*blank, *column] if upward else [*column, *blank]

    return list(zip(padded(cells.we), padded(cells.they), strict=True))
