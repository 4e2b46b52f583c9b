"""What a Duplicate evening's record or a movement gets wrong, placed at its board and
pairs, or at its round and table."""

from __future__ import annotations

from scorer.engine.errors import RubberError


class DuplicateError(RubberError):
    """A refusal naming where it lies: str(error) is the whole message, "board 3, pairs 1
    and 5: tricks must add up to 13 (got 9 + 5)" or "round 2, table 1: pairs 1 and 6 met
    in round 1 already"; `board`, `pairs` (North–South's, then East–West's), `round`,
    `table` and `field` say the same to a program (each None where it does not apply).

    A RubberError, the engine's one exception, so that whatever reads the engine's files
    refuses an evening as it refuses a rubber."""

    def __init__(
        self,
        problem: str,
        *,
        board: int | None = None,
        pairs: tuple[int, int] | None = None,
        round: int | None = None,
        table: int | None = None,
        field: str | None = None,
    ):
        super().__init__(problem, field=field)
        self.board = board
        self.pairs = pairs
        self.round = round
        self.table = table
        where = [
            f"{name} {number}"
            for name, number in (("round", round), ("table", table), ("board", board))
            if number is not None
        ]
        if pairs is not None:
            where.append(f"pairs {pairs[0]} and {pairs[1]}")
        self.args = (f"{', '.join(where)}: {problem}" if where else problem,)
