"""Where each figure goes on a Whist sheet, as Whist players keep it, for the page and the
printed sheet: below the line, each game's points deal by deal, headed by its score to five
and its value; above the line, the value of each game won (a treble, a double or a single)
and the rubber's two. The same `Layout` as Bridge's, so that one template draws both.
"""

from __future__ import annotations

from scorer.engine.layout import Cell, Column, GameBlock, Item, Layout
from scorer.engine.model import SIDES, Pair, Side
from scorer.engine.whist.sheet import RUBBER_POINTS, WhistEntry, WhistGame, WhistSheet
from scorer.engine.words import game_heading, game_ordinal, game_title


def game_words(game: WhistGame) -> str:
    """ "1st game 5–2, a double" once won (We's score first); "2d game 3–1" in play."""
    score = f"{game_heading(game.number)} {game.points.we}\u2013{game.points.they}"
    if game.winner is None or game.value is None:
        return score
    return f"{score}, a {game.value.label}"


def _value_item(game: WhistGame) -> Item:
    assert game.winner is not None
    assert game.value is not None
    losers = game.points[game.winner.other]
    return Item(
        Column.HONOURS,
        int(game.value),
        f"{game_title(game.number)} game won {game.points[game.winner]} to {losers}: "
        f"a {game.value.label}, {int(game.value)} (Law 8)",
    )


def _entry_cell(entry: WhistEntry, number: int, side: Side) -> Cell:
    items = tuple(Item(Column.TRICKS, item.points, item.text) for item in entry.items)
    return Cell(entry.points, number, side, Column.TRICKS, items)


def layout(sheet: WhistSheet) -> Layout:
    def above(side: Side) -> tuple[Cell, ...]:
        cells = [
            Cell(int(game.value), game.last_deal, side, Column.HONOURS, (_value_item(game),))
            for game in sheet.games
            if game.winner is side and game.value is not None
        ]
        if sheet.winner is side:
            item = Item(Column.HONOURS, RUBBER_POINTS, f"the rubber: {RUBBER_POINTS} (Law 9)")
            cells.append(Cell(RUBBER_POINTS, None, side, Column.HONOURS, (item,)))
        return tuple(reversed(cells))

    def below(game: WhistGame, side: Side) -> tuple[Cell, ...]:
        return tuple(
            _entry_cell(entry, deal.number, side)
            for deal in sheet.deals
            if deal.game == game.number and (entry := deal.entries[side]).points
        )

    return Layout(
        honours=Pair(above(Side.WE), above(Side.THEY)),
        games=tuple(
            GameBlock(game, Pair(*(below(game, side) for side in SIDES)), game_words(game))
            for game in sheet.games
        ),
        total_note=total_note(sheet),
    )


def total_note(sheet: WhistSheet) -> str:
    """What the totals leave out: the points of a game in progress, which has no value
    until it is won, by the losers' score then (Law 8). "" when there are none."""
    game = sheet.game
    if game.winner is not None or not (game.points.we or game.points.they):
        return ""
    return (
        f"The {game_ordinal(game.number)} game, in progress at {game.points.we}\u2013"
        f"{game.points.they}, is not in the totals: a game counts once won, by the losers' "
        "score then (Law 8)."
    )
