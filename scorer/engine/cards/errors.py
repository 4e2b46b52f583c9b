"""The cards' own errors: a deal's cards or play that §9 refuses, and a PBN file that
cannot be read or written."""

from __future__ import annotations

from scorer.engine.errors import RubberError


class CardError(RubberError):
    """Cards, hands or a play refused, in words naming the field: "hands: the SA is in both
    the dealer's hand and the leader's".

    It is a `RubberError`, so that a reader of elwell-rubber/1 places it at its deal
    (`error.at(3)`: "deal 3: hands: …") as it does every other refusal.
    """

    def at(self, deal: int) -> CardError:
        return CardError(self.problem, deal=deal, field=self.field)


class PbnError(ValueError):
    """A PBN file that cannot be read, or boards that cannot be written as PBN, in words
    naming the board (or the game, when it has no board number), the line and the tag:
    "board 3 (line 41): Deal: North's hand holds 14 cards, not 13".
    """

    def __init__(
        self,
        problem: str,
        *,
        board: int | None = None,
        game: int | None = None,
        line: int | None = None,
        tag: str | None = None,
    ) -> None:
        self.problem = problem
        self.board = board
        self.game = game
        self.line = line
        self.tag = tag
        super().__init__(_placed(problem, board=board, game=game, line=line, tag=tag))


def _placed(
    problem: str, *, board: int | None, game: int | None, line: int | None, tag: str | None
) -> str:
    where = f"board {board}" if board is not None else f"game {game}" if game is not None else ""
    if line is not None:
        where = f"{where} (line {line})" if where else f"line {line}"
    said = f"{tag}: {problem}" if tag else problem
    return f"{where}: {said}" if where else said
