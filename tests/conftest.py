"""Settings shared by the whole suite."""

from __future__ import annotations

from hypothesis import settings

# The engine is fast but a rubber replays several deals: no per-example deadline, and a
# fixed number of examples so the suite's time is predictable.
settings.register_profile("default", deadline=None, max_examples=150)
settings.load_profile("default")
