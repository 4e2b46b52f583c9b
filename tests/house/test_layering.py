"""The house's imports lean one way: the engine imports nothing of the site; a game's package
imports nothing of another game's; the site asks the engine's API (or the modules every
game shares), never a module inside a game's package; and nothing outside the engine counts
round the table. The site's plumbing imports no feature, the scorer nothing of the ledger,
no feature another's views, and the ledger only a feature's public modules; no import runs
in a circle, and the features (and the ledger's jobs) lean one way. Read from each
module's imports, as written (its AST), without running it."""

from __future__ import annotations

import ast
import re
from graphlib import CycleError, TopologicalSorter
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


# -- The site by feature ------------------------------------------------------------------------

PLUMBING = ROOT / "scorer" / "plumbing"
# Where Django looks for things, not features of their own.
NOT_FEATURES = {"engine", "plumbing", "management", "templatetags", "migrations"}
FEATURES = sorted(
    path.parent.name
    for path in (ROOT / "scorer").glob("*/__init__.py")
    if path.parent.name not in NOT_FEATURES
)
JOBS = sorted(
    path.parent.name
    for path in (ROOT / "ledger").glob("*/__init__.py")
    if path.parent.name not in NOT_FEATURES
)
# What the ledger may ask of each feature: its public modules, named as its API.
API = {
    "club": {"models", "club_file", "places"},
    "rubbers": {"models", "reads", "writes", "signals", "club_file", "club_load"},
    "tables": {"models", "reads", "writes", "club_file"},
    "progressive": {"models", "reads", "writes", "signals", "club_file", "club_load"},
    "duplicate": {"models", "reads", "writes", "club_file", "club_load"},
    "printing": {"documents"},
    "home": {"specimen"},
    "rankings": {"reads", "seasons"},
}
MODULES = {module_name(path): path for path in SITE}


def site_imports(path: Path) -> set[str]:
    """The site's modules a file imports (a name imported from a module counts as that
    module)."""
    found = set()
    for name in imported(path):
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name:
            found.add(name)
    return found - {module_name(path)}


def unit_of(name: str) -> str:
    """The feature (scorer.<feature>) or job (ledger.<job>) a module belongs to, or the
    module itself."""
    parts = name.split(".")
    if len(parts) > 2 and parts[0] == "scorer" and parts[1] in FEATURES:
        return ".".join(parts[:2])
    if len(parts) > 2 and parts[0] == "ledger" and parts[1] in JOBS:
        return ".".join(parts[:2])
    return name


def test_the_features_and_jobs_are_found():
    assert {"club", "rubbers", "tables", "printing", "rankings", "progressive", "duplicate"} <= set(
        FEATURES
    )
    assert {"postings", "desk", "settlement", "reports", "club"} <= set(JOBS)


@pytest.mark.parametrize("path", sorted(PLUMBING.rglob("*.py")), ids=module_name)
def test_the_plumbing_imports_no_feature_nor_the_ledger(path):
    above = [
        name
        for name in site_imports(path)
        if not within(name, "scorer.plumbing") and not within(name, "scorer.engine")
    ]
    assert not above, f"{module_name(path)} imports {sorted(above)}"


@pytest.mark.parametrize(
    "path", [p for p in SITE if module_name(p).startswith("scorer")], ids=module_name
)
def test_the_scorer_imports_nothing_of_the_ledger(path):
    ledger = sorted(name for name in imported(path) if within(name, "ledger"))
    assert not ledger, f"{module_name(path)} imports {ledger}: the ledger listens, unknown"


@pytest.mark.parametrize("path", SITE, ids=module_name)
def test_no_feature_imports_another_features_views(path):
    """A feature's pages are its own; the project's address book (config/) alone puts
    them together."""
    me = unit_of(module_name(path))
    if me.startswith("config"):
        return
    crossing = [
        name for name in site_imports(path) if unit_of(name) != me and "views" in name.split(".")
    ]
    assert not crossing, f"{module_name(path)} imports {sorted(crossing)}"


@pytest.mark.parametrize(
    "path", [p for p in SITE if module_name(p).startswith("ledger")], ids=module_name
)
def test_the_ledger_asks_a_feature_only_its_public_modules(path):
    asked = [
        name
        for name in site_imports(path)
        if name.split(".")[0] == "scorer" and unit_of(name) != name
    ]
    internal = [
        name for name in asked if name.split(".")[2] not in API.get(name.split(".")[1], set())
    ]
    assert not internal, f"{module_name(path)} imports {sorted(internal)}: ask their API"


def test_no_import_runs_in_a_circle():
    """Whether at a module's top or inside a function: a deferred import is a circle put
    off, not removed."""
    graph = {name: site_imports(path) for name, path in MODULES.items()}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"imports run in a circle: {' → '.join(error.args[1])}")


def test_the_features_and_the_ledgers_jobs_lean_one_way():
    """The scorer's features, and the ledger's jobs, import each other one way only. The
    jobs' models are the ledger's records, which every job's rows name (a posting names
    its payment and its sitting): an import of a job's models is not counted."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        me = unit_of(name)
        graph.setdefault(me, set()).update(
            unit_of(other)
            for other in site_imports(path)
            if unit_of(other) != me
            and not (other.startswith("ledger.") and other.endswith(".models"))
        )
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"features import each other in a circle: {' → '.join(error.args[1])}")
