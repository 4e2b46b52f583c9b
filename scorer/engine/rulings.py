"""What the laws say of a correction, in any game: what it changes, whether that is still
allowed and why, and one correction judged. Each game's corrections (`bridge.corrections`,
`whist.corrections`) answer in these terms, naming its own laws."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """What a correction changes: anything that can alter a trick entry, or only the
    honour entries."""

    TRICKS = "tricks"
    HONOURS = "honours"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a kind of correction is still allowed, and the law's reason either way."""

    allowed: bool
    reason: str


@dataclass(frozen=True, slots=True)
class Window:
    """What may still be corrected in one deal."""

    tricks: Verdict
    honours: Verdict

    def __getitem__(self, kind: Kind) -> Verdict:
        if kind is Kind.TRICKS:
            return self.tricks
        if kind is Kind.HONOURS:
            return self.honours
        raise KeyError(kind)  # so that a template's window.tricks reads the attribute


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the laws say of one correction: what it changes, the law that governs it,
    and whether that law still allows it, with the law's reason."""

    kind: Kind
    law: str
    allowed: bool
    reason: str
