"""The Bridge sheet in words: a deal as the page, the phones following it and the printed
sheet say it; the sheet laid out for a terminal as on Elwell's specimen (We | They, honours
above the line with the rubber's 100 at the top, each game below the line, the totals,
points won); and its last lines. Both Bridges answer the site's questions of words
(`roles.Words`) from here."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.engine import words
from scorer.engine.bridge.laws import declared
from scorer.engine.bridge.layout import layout as layout
from scorer.engine.bridge.sheet import Entry, Sheet
from scorer.engine.called import Called
from scorer.engine.layout import Cell, rows
from scorer.engine.model import Deal, Pair, Side, ThreeHandedRules, Unit
from scorer.engine.tally import game_in_play
from scorer.engine.words import MINUS, game_heading

_MARGIN = 10  # the left margin that names each game

declaration_name = "the declaration"
# The printed sheet's heads for a deal's declaration and its result.
deal_heads = ("Dealer; the make; doubles", "Tricks; honours")
above_the_line = True  # honours above it, apart from the games

result_words = words.result


def declaration_words(called: Called, dealer: str, maker: str) -> str:
    """ "Mrs. Carr dealt and made hearts", or "Mrs. Carr dealt and passed; Mr. Dane made
    hearts, doubled"."""
    return words.declaration(declared(called), dealer, maker)


def row_words(deal: Deal, maker: str) -> tuple[str, str, str, str]:
    """A deal's make, tricks, honours and extras, for a printed row."""
    return (
        words.make(deal, maker),
        words.tricks(deal),
        words.honours(deal),
        "; ".join(words.extras(deal)),
    )


def table_of_values() -> tuple[list[str], list[tuple[str, list[str]]], str]:
    """The table printed under Law 6, for the foot of a blank score pad."""
    heads, lines, foot = words.table_of_values()
    return heads, lines, f"{foot} Honours are not doubled (Law 10)."


def entry_figures(sheet: Sheet, number: int) -> Pair[str]:
    """Each side's figures in deal `number`, for a printed line."""
    entries = sheet.deals[number - 1].entries
    return Pair(figures(entries.we), figures(entries.they))


def figures(entry: Entry) -> str:
    """A side's figures in a deal, for a printed line: "24 below, 8 above", "30 below",
    or "" if it scored nothing."""
    said = [f"{entry.tricks} below"] if entry.tricks else []
    said += [f"{entry.honours} above"] if entry.honours else []
    return ", ".join(said)


@dataclass(frozen=True)
class _Columns:
    width: int  # of each side's column

    def row(self, label: str, we: str, they: str) -> str:
        return f"{label:<{_MARGIN}}{we:>{self.width}}  |{they:>{self.width}}  ".rstrip()

    def rule(self, mark: str) -> str:
        return " " * _MARGIN + mark * (self.width + 2) + "+" + mark * (self.width + 2)

    def block(
        self, cells: Pair[tuple[Cell, ...]], *, label: str = "", upward: bool = False
    ) -> list[str]:
        lines = [
            self.row(label if i == 0 else "", _figure(we), _figure(they))
            for i, (we, they) in enumerate(rows(cells, upward=upward))
        ]
        return lines or [self.row(label, "", "")]


def _figure(cell: Cell | None) -> str:
    return "" if cell is None else str(cell.points)


def sheet_text(sheet: Sheet, players: Pair[tuple[str, str]] | None = None) -> str:
    sheet_layout = layout(sheet)
    totals = Pair(str(sheet.totals.we.total), str(sheet.totals.they.total))
    blocks = [sheet_layout.honours, *(block.cells for block in sheet_layout.games)]
    figures = [str(cell.points) for cells in blocks for cell in (*cells.we, *cells.they)]
    columns = _Columns(width=max(len(text) for text in [*figures, *totals, "They"]) + 3)

    out = []
    if players is not None:
        out += [*names(sheet, players), ""]
    out += [columns.row("", "We", "They"), columns.rule("-")]
    out += columns.block(sheet_layout.honours, upward=True)
    out.append(columns.rule("="))
    for block in sheet_layout.games:
        label = game_heading(block.game.number)
        if sheet.rules.unit is Unit.GAME:
            label = "The game"
        out += columns.block(block.cells, label=label)
        out.append(columns.rule("-"))
    out[-1] = columns.rule("=")
    out += [columns.row("Total", totals.we, totals.they), "", outcome(sheet)]
    return "\n".join(out) + "\n"


def names(sheet: Sheet, players: Pair[tuple[str, str]]) -> list[str]:
    """The sides' players: "We: Mrs. Carr and Mr. Hale"; three playing, the dummy's
    holder sits in both of We's seats, "We: Mrs. Carr with the dummy"."""
    if isinstance(sheet.rules, ThreeHandedRules):
        we = f"{players.we[0]} with the dummy"
    else:
        we = " and ".join(players.we)
    return [f"We: {we}", f"They: {' and '.join(players.they)}"]


def outcome(sheet: Sheet) -> str:
    """The last line of the sheet: points won, or where an unfinished rubber stands."""
    winner, unit = sheet.winner, sheet.rules.unit
    if winner is None:
        game, won = sheet.game, sheet.games_won
        if unit is Unit.GAME:
            return f"Game in progress: We {game.points.we}, They {game.points.they}."
        return (
            f"Rubber in progress: game {game.number}, We {game.points.we}, "
            f"They {game.points.they}; games won: We {won.we}, They {won.they}."
        )
    totals, points = sheet.totals, sheet.net[winner]
    difference = f"{totals[winner].total} {MINUS} {totals[winner.other].total}"
    if points >= 0:
        return f"{difference} = {points} points won by {winner.label}, winners of the {unit}."
    return (
        f"{difference} = {MINUS}{-points}: {winner.label} won the {unit} but lost {-points} points."
    )


def standing(sheet: Sheet, names: Pair[str] | None = None) -> str:
    """The state of the score in words: "Second game: We 18, They 24 — We have a game";
    `names`, the sides' names for We and They, for a list of rubbers."""
    label = names or Pair(Side.WE.label, Side.THEY.label)
    winner = sheet.winner
    if winner is not None:
        points = sheet.net[winner]
        won_or_lost = f"won {points} points" if points >= 0 else f"lost {-points} points"
        if sheet.rules.unit is Unit.GAME:
            return f"{label[winner]} won the game, scored as a unit, and {won_or_lost}"
        won = sheet.games_won
        return (
            f"{label[winner]} won the rubber, {won[winner]} games to {won[winner.other]}, "
            f"and {won_or_lost}"
        )
    if sheet.rules.unit is Unit.GAME:
        game = sheet.game
        return f"The game: {label.we} {game.points.we}, {label.they} {game.points.they}"
    return game_in_play(sheet, names)
