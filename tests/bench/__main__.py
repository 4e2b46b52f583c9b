"""`python -m tests.bench`: every benchmark, one after another."""

from __future__ import annotations

import platform
import sys

from tests.bench import engine


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    engine.main()


if __name__ == "__main__":
    sys.exit(main())
