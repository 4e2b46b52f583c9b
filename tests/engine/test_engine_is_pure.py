"""The rules engine stands alone: it imports nothing from Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).parent.parent.parent / "scorer" / "engine"


def test_importing_the_engine_loads_no_django_module():
    code = (
        "import sys, scorer.engine; "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ENGINE.parent.parent,
    )
    assert result.stdout.strip() == "[]"


def test_no_engine_module_names_django_in_an_import():
    modules = sorted(ENGINE.rglob("*.py"))
    assert modules, "the engine's modules were not found"
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), module.name
