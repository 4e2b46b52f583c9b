"""How many examples hypothesis tries, by the profile the run asks for (TESTS_EXAMPLES):
`full` in `make test`, a tenth in `make check` (`quick`, which TESTS_QUICK=1 also asks
for) so that the loop stays quick, ten times as many in `make properties` (`deep`), run by
hand. Every property runs in each; only its count of examples changes."""

from __future__ import annotations

import os

QUICK = os.environ.get("TESTS_QUICK") == "1"
PROFILE = os.environ.get("TESTS_EXAMPLES") or ("quick" if QUICK else "full")
SHARES = {"quick": 0.1, "full": 1.0, "deep": 10.0}
if PROFILE not in SHARES:
    raise SystemExit(f"TESTS_EXAMPLES is one of {', '.join(SHARES)}, not {PROFILE!r}")


def examples(full: int) -> int:
    """The count of examples for a property that tries `full` in the full profile."""
    return max(3, round(full * SHARES[PROFILE]))
