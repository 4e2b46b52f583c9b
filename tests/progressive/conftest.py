"""The Progressive evening's tests share the club's fixtures (tests/fixtures.py), the
helpers of tests/support/evenings.py, and the suite's phones (a real Chromium at 360 px,
tests/support/phones.py): a test using them is marked `browser` (tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.support.evenings import drawn, members


@pytest.fixture
def eight(db):
    """Eight members: Mr. Carr to Mr. Jupp."""
    return members(8)


@pytest.fixture
def secretary(client, staff):
    """A phone signed in as the club's staff."""
    client.force_login(staff)
    return client


@pytest.fixture
def evening(staff, eight):
    """Eight members drawn at two tables, one deal a round."""
    return drawn(staff, eight)
