"""The Duplicate evening's engine stands alone, as the rest of the engine: importing it loads
nothing from Django (`tests/engine/test_engine_is_pure.py` reads every engine module's
imports, this package's among them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_importing_the_duplicate_engine_loads_no_django_module():
    code = (
        "import sys, scorer.engine.duplicate; "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "[]"
