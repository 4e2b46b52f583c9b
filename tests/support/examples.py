"""How many examples hypothesis tries: all of them in `make test`, a fifth in `make check`,
the quick loop (TESTS_QUICK=1), so that it stays under a minute."""

from __future__ import annotations

import os

QUICK = os.environ.get("TESTS_QUICK") == "1"


def examples(full: int) -> int:
    return max(5, full // 5) if QUICK else full
