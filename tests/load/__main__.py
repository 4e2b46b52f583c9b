"""`python -m tests.load`: a club evening against the served site (tests/load/evening.py)."""

from __future__ import annotations

import os
import sys

from tests.load.evening import main

if __name__ == "__main__":
    # A document the busy printer refused is told from an error by its words, which the
    # printer's module holds; it reads the site's settings as it is imported.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.exit(main())
