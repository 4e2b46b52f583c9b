"""A short, quick-paced club evening against the served site (`make load` plays the full
one and prints its figures): every poll, save and PDF answered, none refused, while a
member prints the largest pad over and over."""

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
    )

    assert tally.errors == []
    assert len(tally.seconds["save"]) >= 3 * 2, "each table declared and recorded deals"
    assert len(tally.seconds["pdf"]) >= 3
    assert len(tally.seconds["pad"]) >= 3, "the largest pad printed again and again"
    assert len(tally.seconds["poll"]) >= 12 * 12
