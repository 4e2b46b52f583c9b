"""Scoring one deal for points, with no game or rubber around it.

Progressive Bridge and Duplicate Bridge are "played for points, tricks and honours
included, without regard to games or rubbers" (Elwell). A deal is scored as at the rubber
(§1 and §3 of the specification): the side with more than six tricks scores its by-cards,
the holders score honours, chicane and slams, each revoke moves three tricks (Law 87). What
acts on a game has nothing to act on: a revoking side's trick points are not held to 28
(Laws 88–89), and the Spade Convention, which looks at a game's score, does not apply, so
every deal is played. The club's doubling limit applies (the footnote to Law 56).

The values and the words are the sheet's own (`sheet.score_deal`), so that a deal reads
the same at a rubber and at a Progressive evening.
"""

from __future__ import annotations

from scorer.engine.bridge.sheet import Entry, score_deal
from scorer.engine.errors import RubberError
from scorer.engine.model import NONE, PRINTED_LAWS, Deal, Pair, Rules


def score_for_points(deal: Deal, rules: Rules = PRINTED_LAWS) -> Pair[Entry]:
    """Both sides' entries for one deal played for points: each side's trick points and
    honour points (honours, chicane and slams), with the items in words.

    Of `rules`, the doubling limit (and the record's bound on a trick's value) applies; the
    Spade Convention does not. Raises RubberError, naming the field but not the deal's
    number, if the laws do not allow the deal.
    """
    if deal.play is None:
        raise RubberError(
            "played: every deal is played when scoring for points (the Spade Convention "
            "looks at the score of a game, and there is none)",
            field="played",
        )
    return score_deal(deal, rules, NONE, games=False)


def points_of(entries: Pair[Entry]) -> Pair[int]:
    """Each side's points for a deal: its trick points and honour points together, for
    nothing is below or above a line when playing for points."""
    return Pair(entries.we.tricks + entries.we.honours, entries.they.tricks + entries.they.honours)
