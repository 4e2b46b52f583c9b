"""The cards are the engine's: no module of `scorer/engine/cards/` imports Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CARDS = Path(__file__).parents[3] / "scorer" / "engine" / "cards"


def test_no_module_of_the_cards_names_django_in_an_import():
    modules = sorted(CARDS.glob("*.py"))
    assert len(modules) > 5, "the cards' modules were not found"
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), module.name


def test_importing_the_cards_loads_no_django_module():
    code = (
        "import sys, scorer.engine.cards; "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=CARDS.parents[2],
    )
    assert result.stdout.strip() == "[]"
