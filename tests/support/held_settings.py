"""The production settings and one hook, which sees and holds saves where a test wants them
(tests/support/held.py): the served site's settings in the fault tests."""

from __future__ import annotations

from config.settings import *  # noqa: F403
from tests.support import held

held.install()
