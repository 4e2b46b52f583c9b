"""`python -m tests.bench`: every benchmark, one after another."""

from __future__ import annotations

import os
import platform
import sys

from tests.bench import (
    cards,
    duplicate,
    engine,
    ledger,
    offline,
    printing,
    progressive,
    progressive_site,
    record,
    table,
)


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    engine.main()
    progressive.main()
    duplicate.main()
    cards.main()
    table.main()
    progressive_site.main()
    offline.main()
    printing.main()
    ledger.main()
    record.main()


if __name__ == "__main__":
    sys.exit(main())
