"""What a Progressive evening prints, through the club's printer
(scorer/printing/documents.py, scorer/plumbing/printer.py): the tally cards, one a player
(his number, and a line a round for his table, his partner, and the points he won and lost,
as the period's progressive tallies), each round's table cards (its deals with their
points), and the evening's results."""

from __future__ import annotations

from typing import Any

from scorer import engine
from scorer.printing.documents import paper as paper
from scorer.printing.documents import render
from scorer.progressive import presenters
from scorer.progressive.models import ProgressiveEvening
from scorer.progressive.reads import EveningRecord

# Lines ruled on a tally card for rounds still to come, while the evening goes on.
TALLY_LINES = 6


def filename(kind: str, evening: ProgressiveEvening) -> str:
    """ "progressive-tallies-2026-11-24.pdf" """
    return f"progressive-{kind}-{evening.day.isoformat()}.pdf"


def tallies_document(record: EveningRecord, paper: str) -> bytes:
    """A tally card a player, four to a page: his number and name, a line a round (the
    table, his partner, the points won and lost), ruled lines for the rounds to come while
    the evening goes on, and at its foot his totals, net and place."""
    cards = presenters.tallies(record)
    blank = 0 if record.evening.ended else max(0, TALLY_LINES - record.rounds)
    return render(
        "progressive/print/tallies.html",
        {
            "paper": paper,
            "evening": record.evening,
            "pages": [
                [(card, _place(card.standing, record)) for card in cards[n : n + 4]]
                for n in range(0, len(cards), 4)
            ],
            "blank": range(blank),
            "ended": record.evening.ended,
        },
    )


def _place(standing: Any, record: EveningRecord) -> str:
    score = record.score
    if standing is None or score is None or not score.rounds:
        return ""
    return presenters.place_words(standing, score.standings)


def tables_document(record: EveningRecord, round_number: int, paper: str) -> bytes:
    """A round's table cards, one a table: the four as cut, each deal in a line with each
    pair's points, the round's totals, and who moved on."""
    cards = []
    for line in presenters.round_lines(record, round_number):
        table = line.record
        rows = []
        for deal, scored in zip(table.recorded, table.score.deals, strict=True):
            maker = table.seats[deal.maker_seat].name
            make, tricks, honours, extras = engine.BRIDGE.words.row_words(scored.deal, maker)
            rows.append(
                {
                    "number": deal.number,
                    "dealer": table.seats[deal.dealer].name,
                    "make": make,
                    "tricks": tricks,
                    "honours": honours,
                    "extras": extras,
                    "points": scored.points,
                }
            )
        cards.append(
            {
                "line": line,
                "rows": rows,
                "blank": range(max(0, record.evening.deals_a_round - len(rows))),
                "totals": table.score.points,
                "tie": presenters.tie_cut_words(table),
            }
        )
    return render(
        "progressive/print/tables.html",
        {"paper": paper, "evening": record.evening, "round": round_number, "cards": cards},
    )


def results_document(context: dict[str, Any], paper: str) -> bytes:
    """The evening's results: the places, each player's won, lost and net, each round's
    tables."""
    return render("progressive/print/results.html", {"paper": paper, **context})
