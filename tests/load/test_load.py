"""A short, quick-paced club evening against the served site (`make load` plays the full
one and prints its figures): every poll and save answered, none refused, while a member
prints the largest pad over and over and the server's analyser works out 100 boards dealt
on the Printing page, the page following them; every document printed, or refused in words by the
printer where it waited its turn in vain (on a slow machine; its bounds are
tests/printing/test_printing_bounded.py's). How many are answered in the time, how
quickly, and how many documents were refused depend on the machine: they are `make
load`'s figures, not asserted here."""

from __future__ import annotations

from tests.load.evening import Pace, play


def test_a_short_club_evening_has_no_errors(tmp_path, static_root):
    pace = Pace(poll_every=1.0, deal_every=6.0, result_after=2.0, pdf_every=4.0)

    tally = play(
        tables=3,
        seconds=15,
        directory=tmp_path,
        static_root=static_root,
        pace=pace,
        pad_printer=True,
        analysis=True,
        # A phone waits as long as any answer can take, the printer's wait and patience
        # included: a slow machine makes answers slow, not errors.
        timeout=120,
    )

    assert tally.errors == []
    # Every request sent was answered; how many there were in the time, and how quickly
    # each came, are `make load`'s figures (docs/benchmarks.md), not this test's.
    assert {kind: len(times) for kind, times in tally.seconds.items()} == dict(tally.sent)
    # What the pace asks of every evening, however slow the machine: each of the three
    # recording phones declares a deal within 6 s and records it 2 s later; the sheet
    # printer prints within 4 s; the pad printer begins at once; each phone polls.
    assert tally.sent["save"] >= 3 * 2
    assert tally.sent["pdf"] >= 1
    assert tally.sent["pad"] >= 1
    assert tally.sent["poll"] >= 12
    assert tally.sent["deal"] >= 1  # the 100 boards dealt, their analyses followed
    assert tally.sent["progress"] >= 1
