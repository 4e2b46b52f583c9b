"""The house's imports lean one way: the engine imports nothing of the site; a game's package
imports nothing of another game's; the site asks the engine's API (or the modules every
game shares), never a module inside a game's package; and nothing outside the engine counts
round the table. Read from each module's imports, as written (its AST), without running it."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import ModuleType

import pytest

from scorer.engine import GAMES

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "scorer" / "engine"
SITE = [
    path
    for folder in ("scorer", "ledger", "config")
    for path in sorted((ROOT / folder).rglob("*.py"))
    if not path.is_relative_to(ENGINE) and "migrations" not in path.parts
]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module the file imports, by its full name: `from a.b import c` counts as a.b
    and a.b.c, since c may be a module."""
    found: set[str] = set()
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the file's package upward
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def game_packages() -> set[str]:
    """The engine's packages that hold a game of the registry: where its roles are answered
    (a role answered by a module the games share, as money and seating may be, names none)."""
    found = set()
    for game in GAMES.values():
        for role in (game.laws, game.format, game.words, game.corrections, game.money):
            where = role.__name__ if isinstance(role, ModuleType) else type(role).__module__
            parts = where.split(".")
            if len(parts) > 3 and parts[:2] == ["scorer", "engine"]:
                found.add(".".join(parts[:3]))
    return found


def test_the_games_are_found_in_their_packages():
    assert game_packages() == {"scorer.engine.bridge", "scorer.engine.whist"}


@pytest.mark.parametrize("path", sorted(ENGINE.rglob("*.py")), ids=module_name)
def test_the_engine_imports_nothing_of_the_site(path):
    site = [
        name
        for name in imported(path)
        if name.split(".")[0] in ("django", "ledger", "config")
        or (within(name, "scorer") and name != "scorer" and not within(name, "scorer.engine"))
    ]
    assert not site, f"{module_name(path)} imports {sorted(site)}"


@pytest.mark.parametrize("package", sorted(game_packages()))
def test_a_games_package_imports_nothing_of_another_games(package):
    others = game_packages() - {package}
    folder = ROOT.joinpath(*package.split("."))
    for path in sorted(folder.rglob("*.py")):
        crossing = [name for name in imported(path) for other in others if within(name, other)]
        assert not crossing, f"{module_name(path)} imports {sorted(crossing)}"


@pytest.mark.parametrize("path", SITE, ids=module_name)
def test_the_site_asks_the_engines_api_not_a_games_modules(path):
    inside = [
        name for name in imported(path) for package in game_packages() if within(name, package)
    ]
    assert not inside, f"{module_name(path)} imports {sorted(inside)}: ask scorer.engine"


# Counting round the table: "% 4", or "% len(SEATS)", "% len(engine.SEATS)".
ROUND_THE_TABLE = re.compile(r"%\s*(?:4\b|len\(\s*(?:engine\.)?SEATS\s*\))")


@pytest.mark.parametrize(
    "path",
    [*SITE, *sorted((ROOT / "static" / "js").glob("*.js"))],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_nothing_outside_the_engine_counts_round_the_table(path):
    counted = [
        f"line {number}: {line.strip()}"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if ROUND_THE_TABLE.search(line)
    ]
    assert not counted, f"{path.relative_to(ROOT)} counts seats itself: {counted}"
