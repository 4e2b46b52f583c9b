"""Where each figure goes on Elwell's score sheet, for any rendering of it.

Honours are written above the line, each side's column rising from it, with the rubber's
100 at the top (or, three playing by games, the game's 50); trick points below the line,
game by game, each in deal order.
"""

from __future__ import annotations

from scorer.engine.bridge.sheet import Game, Sheet, bonus
from scorer.engine.layout import Cell, Column, GameBlock, Item, Layout
from scorer.engine.model import SIDES, Pair, Rules, Side, Unit
from scorer.engine.words import game_heading


def bonus_item(rules: Rules) -> Item:
    """The winners' bonus in words: "the rubber: 100 (Law 11)"."""
    points = bonus(rules)
    if rules.unit is Unit.GAME:
        return Item(Column.HONOURS, points, f"the game: {points} (Bridge for Three Players)")
    return Item(Column.HONOURS, points, f"the rubber: {points} (Law 11)")


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
