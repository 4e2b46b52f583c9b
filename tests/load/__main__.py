"""`python -m tests.load`: a club evening against the served site (tests/load/evening.py)."""

from __future__ import annotations

import sys

from tests.load.evening import main

if __name__ == "__main__":
    sys.exit(main())
