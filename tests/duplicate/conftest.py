"""The Duplicate evening's tests share the club's fixtures (tests/fixtures.py), the
helpers of tests/support/duplicate_evenings.py, and the suite's phones (a real Chromium at
360 px, tests/support/phones.py): a test using them is marked `browser` (tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.support.duplicate_evenings import started
from tests.support.evenings import members


@pytest.fixture
def sixteen(db):
    """Sixteen members, Mr. Carr to Mr. Rudd: eight pairs, two by two (Carr and Dane pair
    1, Eyre and Fell pair 2, … Quin and Rudd pair 8)."""
    return members(16)


@pytest.fixture
def director(client, staff):
    """A phone signed in as the club's staff, who directs."""
    client.force_login(staff)
    return client


@pytest.fixture
def evening(staff, sixteen):
    """A Mitchell of four tables, four boards a round (16 boards, 3 rounds), its boards
    dealt by a seeded shuffle: pairs 1–4 North–South, 5–8 East–West."""
    return started(staff, sixteen)
