"""What a Progressive evening's record gets wrong, placed at its round, table and deal."""

from __future__ import annotations

from scorer.engine.errors import RubberError


class EveningError(RubberError):
    """A refusal naming where it lies: str(error) is the whole message, "round 2, table 1,
    deal 3: tricks must add up to 13 (got 9 + 5)"; `round`, `table`, `deal` and `field` say
    the same to a program (each None where it does not apply).

    A RubberError, the engine's one exception, so that whatever reads the engine's files
    refuses an evening as it refuses a rubber."""

    def __init__(
        self,
        problem: str,
        *,
        round: int | None = None,
        table: int | None = None,
        deal: int | None = None,
        field: str | None = None,
    ):
        super().__init__(problem, deal=deal, field=field)
        self.round = round
        self.table = table
        where = [
            f"{name} {number}"
            for name, number in (("round", round), ("table", table), ("deal", deal))
            if number is not None
        ]
        self.args = (f"{', '.join(where)}: {problem}" if where else problem,)
