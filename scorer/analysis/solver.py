"""The double-dummy solver: Bo Haglund's DDS, as endplay bundles it, asked §12's question.

DDS answers for a declarer and a player on lead: with every hand seen, the most tricks the
side on lead can take. In 1905 the dealer plays his own hand and his partner's, whoever
made the trump, and the eldest hand, on his left, leads (§9); so for each trump the leader
is the eldest hand, and the dealer's side takes the tricks his side cannot. In a modern
double-dummy table (`calc_dd_table`, or a PBN file's `DoubleDummyTricks`) that is the
column of the dealer as declarer, whose left-hand opponent leads; never his partner's,
whose left-hand opponent is the dealer's right (tests/analysis/test_solver.py checks it
against tables other programs printed).

Only the analyser's process and the command line import this module: endplay brings
matplotlib and DDS's tables with it (a hundred megabytes), which a server's workers do not
need.
"""

from __future__ import annotations

from functools import cache

import endplay._dds as dds
from endplay.dds import solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Deal, Denom, Player

from scorer.engine import Trump
from scorer.engine.cards import Hands, dealt

DENOMINATIONS = {
    Trump.NO_TRUMP: Denom.nt,
    Trump.HEARTS: Denom.hearts,
    Trump.DIAMONDS: Denom.diamonds,
    Trump.CLUBS: Denom.clubs,
    Trump.SPADES: Denom.spades,
}
# The deal is given to DDS with the dealer sat North, so that the eldest hand is East.
DEALER, ELDEST = Player.north, Player.east


def dealers_tricks(hands: Hands) -> dict[Trump, int]:
    """For each trump, the tricks the dealer's side takes double dummy, the dealer playing
    and the eldest hand leading: §12's five numbers."""
    _one_thread()
    deal = Deal(f"{DEALER.abbr}:{dealt.hands_line(hands)}")
    deal.first = ELDEST
    tricks = {}
    for trump, denomination in DENOMINATIONS.items():
        deal.trump = denomination
        leaders = max(score for _, score in solve_board(deal, SolveMode.OptimalOne))
        tricks[trump] = 13 - leaders
    return tricks


@cache
def _one_thread() -> None:
    """One solve at a time, on one thread: DDS sizes its memory by its threads, and the
    analysis never takes more than a core from the tables."""
    dds.SetMaxThreads(1)
