"""The Duplicate evening's engine stands alone, as the rest of the engine: it imports
nothing from Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULES = sorted((ROOT / "scorer" / "engine" / "duplicate").glob("*.py"))


def test_importing_the_duplicate_engine_loads_no_django_module():
    code = (
        "import sys, scorer.engine.duplicate; "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "[]"


def test_no_module_of_it_names_django_in_an_import():
    assert len(MODULES) > 5, "the Duplicate engine's modules were not found"
    for module in MODULES:
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), module.name
