"""The engine's one exception: a rubber or deal the laws do not allow."""

from __future__ import annotations


class RubberError(ValueError):
    """What is wrong, in words a player can act on, naming the deal and the field.

    str(error) is the whole message: "deal 3: tricks must add up to 13 (got 9 + 5)".
    """

    def __init__(self, problem: str, *, deal: int | None = None, field: str | None = None):
        self.problem = problem
        self.deal = deal
        self.field = field
        super().__init__(problem if deal is None else f"deal {deal}: {problem}")

    def at(self, deal: int) -> RubberError:
        """The same problem, placed at a deal by its number."""
        return RubberError(self.problem, deal=deal, field=self.field)
