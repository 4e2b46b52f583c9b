"""The browser tests' own fixtures; their phones, a real headless Chromium at 360 × 740, are
the whole suite's (tests/support/phones.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def table(db):
    """Four members at a table, Mrs. Carr dealing first."""
    from scorer import writes
    from tests.support.club import make_member

    players = [
        make_member(name, short)
        for name, short in [
            ("Mrs. Carr", "Carr"),
            ("Miss Fenwick", "Fenwick"),
            ("Mr. Dane", "Dane"),
            ("Col. Hartley", "Hartley"),
        ]
    ]
    return writes.start_rubber(
        table="Table 2", members=players, first_dealer=0, user=players[0].user
    )
