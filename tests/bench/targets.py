"""Each benchmark's target, met or missed: the word printed beside its figure, and a note
of every miss, so that `python -m tests.bench --check` (`make bench-check`) ends in failure
when any target is missed. For use by hand, not in CI: on a shared machine the figures move
with the load (docs/benchmarks.md)."""

from __future__ import annotations

missed: list[str] = []


def verdict(figure: float, target: float, what: str) -> str:
    """ "within" if `figure` is at most `target`; "OVER", and noted, if not."""
    if figure <= target:
        return "within"
    missed.append(f"{what}: {figure:,.2f}, target {target:,g}")
    return "OVER"
