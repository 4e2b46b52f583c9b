"""Every model of the app `scorer`, imported from the feature it belongs to so that Django
finds them all: the club and its members (scorer/club/), each write's key
(scorer/plumbing/keys.py), the rubbers (scorer/rubbers/), the evening's tables
(scorer/tables/), the Progressive evenings (scorer/progressive/), the Duplicate
evenings (scorer/duplicate/) and the boards' analyses (scorer/analysis/). Their tables in the
database keep the app's name (scorer_rubber, ...)."""

from __future__ import annotations

from scorer.analysis.models import Analysis
from scorer.club.models import Club, Member, Place
from scorer.duplicate.models import (
    DuplicateBoard,
    DuplicateCorrection,
    DuplicateEvening,
    DuplicatePair,
    DuplicatePlay,
    DuplicatePlayer,
    DuplicateResult,
    DuplicateSeat,
    DuplicateTable,
    DuplicateWrite,
)
from scorer.plumbing.keys import Submission
from scorer.progressive.models import (
    ProgressiveCorrection,
    ProgressiveDeal,
    ProgressiveEvening,
    ProgressivePlayer,
    ProgressiveSeat,
    ProgressiveTable,
    ProgressiveWrite,
)
from scorer.rubbers.models import Acceptance, Correction, Deal, Rubber, Seat
from scorer.tables.models import Candidacy, Membership, Noticeboard, Table, TableCut

__all__ = [
    "Acceptance",
    "Analysis",
    "Candidacy",
    "Club",
    "Correction",
    "Deal",
    "DuplicateBoard",
    "DuplicateCorrection",
    "DuplicateEvening",
    "DuplicatePair",
    "DuplicatePlay",
    "DuplicatePlayer",
    "DuplicateResult",
    "DuplicateSeat",
    "DuplicateTable",
    "DuplicateWrite",
    "Member",
    "Membership",
    "Noticeboard",
    "Place",
    "ProgressiveCorrection",
    "ProgressiveDeal",
    "ProgressiveEvening",
    "ProgressivePlayer",
    "ProgressiveSeat",
    "ProgressiveTable",
    "ProgressiveWrite",
    "Rubber",
    "Seat",
    "Submission",
    "Table",
    "TableCut",
]
