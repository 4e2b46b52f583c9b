"""Elwell's specimen rubber (his book's score sheet, as seven deals): the home page shows it
to a visitor, and the demo club has played it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from scorer import engine

# Beside the engine, not the home page: the engine's tests and the command line read it too.
PATH = Path(__file__).resolve().parents[1] / "data" / "elwell-specimen.json"


@cache
def specimen() -> engine.Rubber:
    """Read once per process: it never changes."""
    return engine.loads(PATH.read_text(encoding="utf-8"))


@cache
def specimen_text() -> str:
    rubber = specimen()
    return engine.sheet_text(rubber.sheet(), rubber.players)
