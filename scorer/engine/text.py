"""The sheet laid out for a terminal as on Elwell's specimen: We | They, honours above the
line with the rubber's 100 at the top, each game below the line, the totals, points won."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.engine.model import Pair, Side
from scorer.engine.sheet import MINUS, Sheet

_ORDINALS = ("1st", "2d", "3d")  # as Elwell heads them
_MARGIN = 10  # the left margin that names each game


@dataclass(frozen=True)
class _Layout:
    width: int  # of each side's column

    def row(self, label: str, we: str, they: str) -> str:
        return f"{label:<{_MARGIN}}{we:>{self.width}}  |{they:>{self.width}}  ".rstrip()

    def rule(self, mark: str) -> str:
        return " " * _MARGIN + mark * (self.width + 2) + "+" + mark * (self.width + 2)

    def block(
        self, columns: Pair[list[str]], *, label: str = "", upward: bool = False
    ) -> list[str]:
        """Rows of entries; above the line they rise from it, below it they run down."""
        height = max(len(columns.we), len(columns.they), 1)

        def padded(cells: list[str]) -> list[str]:
            blank = [""] * (height - len(cells))
            return blank + cells if upward else cells + blank

        we, they = padded(columns.we), padded(columns.they)
        return [self.row(label if i == 0 else "", we[i], they[i]) for i in range(height)]


def sheet_text(sheet: Sheet, players: Pair[tuple[str, str]] | None = None) -> str:
    honours = _honours(sheet)
    games = [_tricks(sheet, game.number) for game in sheet.games]
    totals = Pair(str(sheet.totals.we.total), str(sheet.totals.they.total))
    cells = [totals.we, totals.they, "They"]
    for columns in (honours, *games):
        cells += columns.we + columns.they
    layout = _Layout(width=max(len(cell) for cell in cells) + 3)

    out = []
    if players is not None:
        out += [f"We: {' and '.join(players.we)}", f"They: {' and '.join(players.they)}", ""]
    out += [layout.row("", "We", "They"), layout.rule("-")]
    out += layout.block(honours, upward=True)
    out.append(layout.rule("="))
    for game, columns in zip(sheet.games, games, strict=True):
        out += layout.block(columns, label=f"{_ORDINALS[game.number - 1]} game")
        out.append(layout.rule("-"))
    out[-1] = layout.rule("=")
    out += [layout.row("Total", totals.we, totals.they), "", _outcome(sheet)]
    return "\n".join(out) + "\n"


def _honours(sheet: Sheet) -> Pair[list[str]]:
    """Each side's honour entries, top to bottom: the 100, then the latest entry first."""

    def column(side: Side) -> list[str]:
        entries = [str(d.entries[side].honours) for d in sheet.deals if d.entries[side].honours]
        if sheet.totals[side].rubber:
            entries.append(str(sheet.totals[side].rubber))
        return entries[::-1]

    return Pair(column(Side.WE), column(Side.THEY))


def _tricks(sheet: Sheet, game: int) -> Pair[list[str]]:
    def column(side: Side) -> list[str]:
        deals = (d for d in sheet.deals if d.game == game and d.entries[side].tricks)
        return [str(d.entries[side].tricks) for d in deals]

    return Pair(column(Side.WE), column(Side.THEY))


def _outcome(sheet: Sheet) -> str:
    winner = sheet.winner
    if winner is None:
        game, won = sheet.game, sheet.games_won
        return (
            f"Rubber in progress: game {game.number}, We {game.points.we}, "
            f"They {game.points.they}; games won: We {won.we}, They {won.they}."
        )
    totals, points = sheet.totals, sheet.net[winner]
    difference = f"{totals[winner].total} {MINUS} {totals[winner.other].total}"
    if points >= 0:
        return f"{difference} = {points} points won by {winner.label}, winners of the rubber."
    return (
        f"{difference} = {MINUS}{-points}: {winner.label} won the rubber but lost {-points} points."
    )
