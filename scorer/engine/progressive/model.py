"""An evening of Progressive Bridge as recorded: the players by number, the evening's
rules, and each round's tables with their pairs as cut and the deals played there.

These are plain values, as a file or the site records them; what they score, who moves
and where everybody sits next is worked out from them (`evening.work_out_evening`).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.engine.model import Deal, Pair, Rules, Side

DEALS_A_ROUND = 4  # "a stated number of hands", the evening's setting (§10)
AT_A_TABLE = 4

# Two players' numbers: a pair as the four at a table cut for partners (Laws 14–20).
Partners = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ProgressiveRules:
    """The evening's settings: the deals each round plays at a table, and the club's
    doubling limit (the footnote to Law 56; None: doubling goes on, Law 55). The Spade
    Convention has no game score to look at, so it is no setting here: every deal is
    played."""

    deals_a_round: int = DEALS_A_ROUND
    doubling_limit: int | None = None

    @property
    def scoring(self) -> Rules:
        """The rules each deal is scored by, for points."""
        return Rules(doubling_limit=self.doubling_limit)


@dataclass(frozen=True, slots=True)
class Table:
    """One table in one round: its number, the two pairs as the four cut (by the players'
    numbers), the deals played there so far in order, and, when the pairs tied over the
    round, the pair the cut sends on (None otherwise)."""

    number: int
    pairs: Pair[Partners]
    deals: tuple[Deal, ...] = ()
    tie: Side | None = None

    @property
    def players(self) -> tuple[int, int, int, int]:
        """We's two, then They's, as cut."""
        we, they = self.pairs
        return (we[0], we[1], they[0], they[1])


@dataclass(frozen=True, slots=True)
class Round:
    """A round: every table's play, each table listed once."""

    tables: tuple[Table, ...]


@dataclass(frozen=True, slots=True)
class Evening:
    """A Progressive evening: its rules, the players' names (player 1 first: a player's
    number is his place in this list) and the rounds played or being played."""

    rules: ProgressiveRules
    players: tuple[str, ...]
    rounds: tuple[Round, ...] = ()

    @property
    def tables(self) -> int:
        """Four players to a table: 1–4 begin at table 1, 5–8 at table 2, and so on."""
        return len(self.players) // AT_A_TABLE
