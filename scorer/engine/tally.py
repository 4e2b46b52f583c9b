"""What every game's sheet answers from its games, its totals and its winner, whatever its
entries are: the games each side has won, whether the rubber is over, the points won, the
game in play; and the same in words and in JSON."""

from __future__ import annotations

from typing import Any, Protocol

from scorer.engine.model import Pair, Side
from scorer.engine.words import game_title


class GameLike(Protocol):
    @property
    def number(self) -> int: ...
    @property
    def points(self) -> Pair[int]: ...
    @property
    def winner(self) -> Side | None: ...


class Totalled(Protocol):
    @property
    def total(self) -> int: ...


class ScoreSheet(Protocol):
    """What every game's sheet answers, whatever its entries are (each is a `Tally`)."""

    @property
    def winner(self) -> Side | None: ...
    @property
    def finished(self) -> bool: ...
    @property
    def games_won(self) -> Pair[int]: ...
    @property
    def net(self) -> Pair[int]: ...
    @property
    def totals(self) -> Pair[Totalled]: ...


class Tally[G: GameLike, T: Totalled]:
    """A sheet's games, totals and winner, and what follows from them. (A base for the
    games' sheets, each a frozen dataclass declaring these three fields.)"""

    __slots__ = ()
    games: tuple[G, ...]
    totals: Pair[T]
    winner: Side | None

    @property
    def games_won(self) -> Pair[int]:
        winners = [game.winner for game in self.games]
        return Pair(winners.count(Side.WE), winners.count(Side.THEY))

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def net(self) -> Pair[int]:
        """The difference of the totals: the points won or lost (Law 11 at Bridge; at
        Whist, Law 10's deduction of the losers' game)."""
        difference = self.totals.we.total - self.totals.they.total
        return Pair(difference, -difference)

    @property
    def game(self) -> G:
        """The game in progress, or the last game once the rubber is won."""
        return self.games[-1]


def game_in_play(sheet: Tally[Any, Any], names: Pair[str] | None = None) -> str:
    """ "Second game: We 18, They 24 — We have a game"; with the sides' names, for a list
    of rubbers: "Second game: Carr & Dane 18, Fenwick & Hartley 24 — Carr & Dane have a game"."""
    game, won = sheet.game, sheet.games_won
    we, they = names or (Side.WE.label, Side.THEY.label)
    words = f"{game_title(game.number)} game: {we} {game.points.we}, {they} {game.points.they}"
    if won.we and won.they:
        return f"{words} \u2014 game all"
    if won.we or won.they:
        return f"{words} \u2014 {we if won.we else they} have a game"
    return words


def outcome_json(sheet: Tally[Any, Any]) -> dict[str, Any]:
    """The sheet's "rubber" and "net" parts, as every game's sheet format has them."""
    winner, won, net = sheet.winner, sheet.games_won, sheet.net
    return {
        "rubber": {
            "finished": winner is not None,
            "winner": winner.value if winner else None,
            "games_won": {"we": won.we, "they": won.they},
        },
        "net": {"we": net.we, "they": net.they},
    }


def game_json(game: GameLike) -> dict[str, Any]:
    """A game on the sheet in its JSON: its number, winner and each side's points."""
    return {
        "number": game.number,
        "winner": game.winner.value if game.winner else None,
        "we": game.points.we,
        "they": game.points.they,
    }


def totals_json(totals: Pair[Any], parts: tuple[str, ...]) -> dict[str, Any]:
    """Each side's totals in JSON: the named parts, then the total."""
    return {
        side.value: {
            **{part: getattr(totals[side], part) for part in parts},
            "total": totals[side].total,
        }
        for side in (Side.WE, Side.THEY)
    }
