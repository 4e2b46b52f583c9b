"""`python -m tests.bench [--check] [NAME ...]`: every benchmark, one after another, or
those named. With --check (`make bench-check`), it ends in failure, naming each, when any
target is missed: for use by hand, not in CI, since a shared machine's load moves the
figures."""

from __future__ import annotations

import argparse
import os
import platform
import sys

from tests.bench import (
    analysis,
    cards,
    duplicate,
    duplicate_printing,
    duplicate_site,
    engine,
    fresh_database,
    ledger,
    offline,
    pbn,
    printing,
    progressive,
    progressive_site,
    record,
    table,
    targets,
)

# Those that make a club in the database, each in a database of its own.
ON_THE_SITE = {
    "table",
    "progressive_site",
    "duplicate_site",
    "offline",
    "printing",
    "ledger",
    "record",
}

BENCHMARKS = {
    "engine": engine.main,
    "progressive": progressive.main,
    "duplicate": duplicate.main,
    "cards": cards.main,
    "analysis": analysis.main,
    "pbn": pbn.main,
    "table": table.main,
    "progressive_site": progressive_site.main,
    "duplicate_site": duplicate_site.main,
    "offline": offline.main,
    "printing": printing.main,
    "duplicate_printing": duplicate_printing.main,
    "ledger": ledger.main,
    "record": record.main,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="fail when any target is missed (for use by hand)"
    )
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help=f"run only these: {', '.join(BENCHMARKS)}"
    )
    options = parser.parse_args()
    unknown = sorted(set(options.names) - set(BENCHMARKS))
    if unknown:
        parser.error(f"no benchmark named {', '.join(unknown)}; there are {', '.join(BENCHMARKS)}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    for name, run in BENCHMARKS.items():
        if not options.names or name in options.names:
            if name in ON_THE_SITE:
                fresh_database()
            run()
    if not options.check:
        return 0
    if targets.missed:
        print(f"\n{len(targets.missed)} target(s) missed:", file=sys.stderr)
        for miss in targets.missed:
            print(f"  {miss}", file=sys.stderr)
        return 1
    print("\nEvery target met.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
