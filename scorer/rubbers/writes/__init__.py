"""Writing to a rubber: starting it, declaring a deal, recording its result (or the whole
deal at once), accepting a deal for the other side, correcting a deal or undoing the last
entry, agreeing the rubber. This package's API is what it names here; its modules are the
steps.

Every write is guarded twice (scorer/plumbing/keys.py). The form's own key is recorded with
the write, so that a double tap or a form sent again changes nothing. The form also carries
the rubber's revision it was shown at; if the rubber has moved on since (another phone
recorded in between), the write is refused, never applied over a sheet its sender has not
seen. An agreement is announced (`signals.rubber_agreed`) in its own transaction, for the
ledger to post; the scorer does not know who listens.
"""

from __future__ import annotations

from scorer.rubbers.writes.acceptance import accept
from scorer.rubbers.writes.agreement import agree, withdraw
from scorer.rubbers.writes.claims import AGREEMENT_FIELDS
from scorer.rubbers.writes.corrections import ENTERED_IN_ERROR, Corrected, correct, undo
from scorer.rubbers.writes.deals import (
    RESULT_FIELDS,
    Declaration,
    Result,
    as_declared,
    as_recorded,
    declare,
    discard,
    record_deal,
    record_result,
    replay,
)
from scorer.rubbers.writes.hands import enter_hands
from scorer.rubbers.writes.starting import (
    CUT_FOR_DEAL,
    CUT_FOR_PARTNERS,
    CUT_FOR_THE_DUMMY,
    CUTS,
    cut_refused,
    start_rubber,
)

__all__ = [
    "AGREEMENT_FIELDS",
    "CUTS",
    "CUT_FOR_DEAL",
    "CUT_FOR_PARTNERS",
    "CUT_FOR_THE_DUMMY",
    "ENTERED_IN_ERROR",
    "RESULT_FIELDS",
    "Corrected",
    "Declaration",
    "Result",
    "accept",
    "agree",
    "as_declared",
    "as_recorded",
    "correct",
    "cut_refused",
    "declare",
    "discard",
    "enter_hands",
    "record_deal",
    "record_result",
    "replay",
    "start_rubber",
    "undo",
    "withdraw",
]
