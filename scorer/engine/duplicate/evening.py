"""Working out a Duplicate evening (§11 of the specification): each result for points, the
travellers, the comparison on the same cards, and each pair's score, card and place.

The evening is worked out from its record each time, as a rubber's sheet is:

- Each result is scored for points as in §10 (`points.score_for_points`): the dealer's
  side declares, North–South's points in We's column and East–West's in They's. A pair's
  **net** on a board is its side's points less the adversaries'.
- **The comparison, as the period did it** (`Comparison.AVERAGE`): on each board, each
  direction's average net is taken over the pairs of that direction who played it; a
  pair's score on the board is its net less that average, and its total the sum over its
  boards. **Matchpoints** (`Comparison.MATCHPOINTS`): on each board, 2 for every pair of
  the same direction beaten, 1 for each tie; the top is 2 for each other pair who played
  the board in that direction, and a pair's percentage is its matchpoints over the tops of
  its boards.
- A board two pairs could not play (`NotPlayed`) scores each its direction's average,
  marked: 0 against the average; under matchpoints, half the board's top.
- Averages are kept exact (fractions) and places decided on the exact scores; pairs on the
  same score share the place. A Mitchell ranks North–South and East–West apart, a Howell
  every pair together.

The results are taken as they were played: whatever the movement, no pair may play a board
twice, nor sit against the same pair in both directions (two meetings), and in a Mitchell
North–South are pairs 1 to T and East–West T + 1 to 2T. With the evening's schedule
(`Evening.schedule`, the site's evening) each result must also be one the schedule calls
for, and the results it calls for and nobody has recorded are listed as missing.

An evening in progress (`in_progress=True`) may lack results: the standings and
travellers count what is recorded so far, and every result the schedule calls for that is
not yet recorded is marked missing, on its board's traveller and on both pairs' cards.
Without `in_progress`, a result the schedule calls for and nobody recorded is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.engine.duplicate.borrowed import Entry
from scorer.engine.duplicate.checks import (
    Check,
    Field,
    called_results,
    checked_boards,
    scheduled_by_pair,
)
from scorer.engine.duplicate.deals import score_result
from scorer.engine.duplicate.errors import DuplicateError
from scorer.engine.duplicate.model import Board, Comparison, Evening, Line, Lines, Recorded, Result
from scorer.engine.duplicate.movements import Scheduled
from scorer.engine.duplicate.scores import CardRow, Mark, PairCard, ResultScore, Standing, Traveller
from scorer.engine.duplicate.standings import cards_of, standings_of
from scorer.engine.duplicate.travellers import NOTHING, traveller
from scorer.engine.errors import RubberError
from scorer.engine.model import Deal, Rules

__all__ = [
    "NOTHING",
    "CardRow",
    "DuplicateScore",
    "Mark",
    "PairCard",
    "ResultScore",
    "Standing",
    "Traveller",
    "work_out_duplicate",
]


@dataclass(frozen=True, slots=True)
class DuplicateScore:
    """The evening worked out from its record: the travellers (by board), the standings (by
    pair), and the results still to come (in progress). The pairs' cards are worked out
    from the travellers when asked (`cards`)."""

    evening: Evening
    travellers: tuple[Traveller, ...]
    standings: tuple[Standing, ...]
    missing: tuple[Scheduled, ...]

    @property
    def cards(self) -> tuple[PairCard, ...]:
        """Each pair's board-by-board card, by pair."""
        return cards_of(len(self.standings), self.travellers, self.evening, self.missing)

    def by_place(self, direction: Line | None = None) -> tuple[Standing, ...]:
        """The standings best first (a Mitchell's by direction: give the direction); a
        shared place in the pairs' order."""
        return tuple(
            sorted(
                (s for s in self.standings if direction is None or s.direction is direction),
                key=lambda standing: (standing.place, standing.pair),
            )
        )


def work_out_duplicate(evening: Evening, *, in_progress: bool = False) -> DuplicateScore:
    """Work out the evening; DuplicateError names the board and the pairs (or the field) of
    the first thing the record gets wrong."""
    field = Field.of(evening)
    boards = checked_boards(evening)
    called = called_results(evening, boards)
    scheduled = scheduled_by_pair(called)
    rows: dict[int, list[tuple[Recorded, Deal | None, Lines[Entry] | None]]] = {
        number: [] for number in boards
    }
    recorded: set[tuple[int, int, int]] = set()
    check = Check(field, boards, scheduled)
    scoring = evening.rules.scoring
    for result in evening.results:
        check.result(result)
        recorded.add((result.board, result.ns, result.ew))
        if isinstance(result, Result):
            deal, entries = _scored(boards[result.board], result, scoring)
            rows[result.board].append((result, deal, entries))
        else:
            rows[result.board].append((result, None, None))
    missing = tuple(s for s in called if (s.board, s.ns, s.ew) not in recorded)
    if missing and not in_progress:
        first = missing[0]
        raise DuplicateError(
            f"no result is recorded (round {first.round}, table {first.table}): record it, "
            "or that the board was not played",
            board=first.board,
            pairs=(first.ns, first.ew),
        )
    matchpoints = evening.rules.comparison is Comparison.MATCHPOINTS
    waiting: dict[int, list[Scheduled]] = {}
    for wanted in missing:
        waiting.setdefault(wanted.board, []).append(wanted)
    travellers = tuple(
        traveller(boards[number], rows[number], tuple(waiting.get(number, ())), matchpoints)
        for number in sorted(boards)
    )
    standings = standings_of(field, travellers, matchpoints)
    return DuplicateScore(evening, travellers, standings, missing)


def _scored(board: Board, result: Result, scoring: Rules) -> tuple[Deal, Lines[Entry]]:
    """The result read into its deal and scored for points; the refusal placed at its board
    and pairs."""
    try:
        deal, entries = score_result(board, result, scoring)
    except RubberError as error:
        raise DuplicateError(
            error.problem, board=result.board, pairs=result.pairs, field=error.field
        ) from None
    return deal, Lines.of(entries)
