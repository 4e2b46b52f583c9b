"""A result read into the deal it scores: the one place a Duplicate result becomes a
`Deal` of the engine (§11).

The board's dealer makes the trump or passes it; his side is the declaring side, so a
board dealt by North or South is declared by North–South and one dealt by East or West by
East–West. The deal is scored with North–South in We's column and East–West in They's.

On a board whose hands are not known, the result records its honours and chicane as at a
rubber. The counts are checked here, in the directions' names; what the laws say of the
declaration (the club's doubling limit) is checked when the deal is scored.
"""

from __future__ import annotations

from functools import lru_cache

from scorer.engine.duplicate.borrowed import Entry, score_for_points
from scorer.engine.duplicate.errors import DuplicateError
from scorer.engine.duplicate.model import LINES, Board, Line, Lines, Result
from scorer.engine.model import Deal, Holding, Pair, Play, Rules, Trump

NO_COUNTS = Lines(0, 0)


@lru_cache(maxsize=8192)
def score_result(board: Board, result: Result, rules: Rules) -> tuple[Deal, Pair[Entry]]:
    """The result read into its deal and scored for points (`points.score_for_points`), or
    a RubberError naming the field. Kept once worked out, so that an evening worked out
    again after each new result reads and scores only the new one."""
    deal = deal_of(board, result)
    return deal, score_for_points(deal, rules)


def deal_of(board: Board, result: Result) -> Deal:
    """The deal a result scores, or DuplicateError naming the field (the caller places it
    at the board and the pairs)."""
    if board.hands is not None:
        raise DuplicateError(
            "hands: a board's hands cannot be read yet; record the honours and chicane "
            "of each result instead",
            field="hands",
        )
    if result.play is not None:
        raise DuplicateError(
            "play: the play can be followed only on a board whose hands are known",
            field="play",
        )
    if result.tricks is None:
        raise DuplicateError("tricks is missing", field="tricks")
    if result.honours is None:
        raise DuplicateError(
            "honours is missing: on a board whose hands are not known, each result "
            "records the honours",
            field="honours",
        )
    chicane = result.chicane or NO_COUNTS
    revokes = result.revokes or NO_COUNTS
    check_counts(result.trump, result.tricks, result.honours, chicane, revokes)
    play = Play(result.tricks.sides, result.honours.sides, chicane.sides, revokes.sides)
    return Deal(board.dealing_line.side, result.trump, result.maker, result.doubles, play)


def check_counts(
    trump: Trump,
    tricks: Lines[int],
    honours: Lines[Holding],
    chicane: Lines[int],
    revokes: Lines[int],
) -> None:
    """The counts a result records, as the sheet checks a deal's, said by direction."""
    for line in LINES:
        if tricks[line] < 0:
            raise _refuse(
                f"tricks cannot be negative (got {tricks[line]} for {line.label})", "tricks"
            )
    if tricks.ns + tricks.ew != 13:
        raise _refuse(f"tricks must add up to 13 (got {tricks.ns} + {tricks.ew})", "tricks")
    for line in LINES:
        if min(honours[line]) < 0:
            raise _refuse(
                f"honours cannot be negative (got {list(honours[line])} for {line.label})",
                "honours",
            )
    held = sum(honours.ns) + sum(honours.ew)
    if trump is Trump.NO_TRUMP and held != 4:
        raise _refuse(f"honours: the aces at no-trump must add up to 4 (got {held})", "honours")
    if trump is not Trump.NO_TRUMP and held != 5:
        raise _refuse(f"honours must add up to 5 (got {held})", "honours")
    for line in LINES:
        _check_chicane(trump, line, chicane[line], honours[line])
    for line in LINES:
        if revokes[line] < 0:
            raise _refuse(
                f"revokes cannot be negative (got {revokes[line]} for {line.label})", "revokes"
            )


def _check_chicane(trump: Trump, line: Line, void_hands: int, held: Holding) -> None:
    if not 0 <= void_hands <= 2:
        raise _refuse(
            f"chicane is 0, 1 or 2 hands void of trumps (got {void_hands} for {line.label})",
            "chicane",
        )
    if void_hands and trump is Trump.NO_TRUMP:
        raise _refuse(
            "chicane: there is no chicane at no-trump, where there are no trumps (Law 9)",
            "chicane",
        )
    if void_hands > held.count(0):
        hands = "a hand" if void_hands == 1 else "both hands"
        raise _refuse(
            f"chicane: {hands} of {line.label} void of trumps can hold no honours, "
            f"but {line.label} hold honours {list(held)}",
            "chicane",
        )


def _refuse(problem: str, field: str) -> DuplicateError:
    return DuplicateError(problem, field=field)
