"""Settings shared by the whole suite."""

from __future__ import annotations

import pytest
from hypothesis import settings

pytest_plugins = ["tests.fixtures"]

# The engine is fast but a rubber replays several deals: no per-example deadline, and a
# fixed number of examples so the suite's time is predictable.
settings.register_profile("default", deadline=None, max_examples=150)
settings.load_profile("default")


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real password hashing is slow by design; the tests need only that it works."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
