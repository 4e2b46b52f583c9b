"""The Progressive evening's table as a kind of table that records deals
(scorer/recording/): its hooks. Bridge for points: every deal is played (there is no game
score for the Spade Convention to look at), and the round is the window for undoing."""

from __future__ import annotations

from typing import Any

from scorer import engine
from scorer.progressive.presenters import pair_names
from scorer.progressive.reads import TableRecord
from scorer.recording.table import Recording
from scorer.rubbers.forms.deals import DealForm, DeclarationForm, UndoForm


class ProgressiveTableKind(Recording[TableRecord]):
    declaration_form_class = DeclarationForm
    deal_form_class = DealForm
    undo_form_class = UndoForm

    routes = "scorer:progressive:"
    undo_kept = "Its declaration stands, for its result to be recorded again."

    def pk(self, record: TableRecord) -> int:
        return record.table.pk

    def next_number(self, record: TableRecord) -> int:
        return record.next_number

    def game(self, record: TableRecord) -> engine.CardGame[Any, Any]:
        return engine.BRIDGE

    def revision(self, record: TableRecord) -> int:
        return record.table.revision

    def seats(self, record: TableRecord) -> list[str]:
        return [player.short_name for player in record.seats]

    def next_dealer(self, record: TableRecord) -> int:
        return record.next_dealer

    def pair_names(self, record: TableRecord) -> engine.Pair[str]:
        return pair_names(record)

    def offers_deal(self, record: TableRecord) -> bool:
        return record.in_progress is None and not record.played and not record.table.agreed

    def undoable(self, record: TableRecord) -> int | None:
        """The last deal recorded, until the round is agreed and while no deal follows it
        (the deal in progress is discarded instead)."""
        if record.table.agreed or record.in_progress is not None or not record.recorded:
            return None
        return record.recorded[-1].number


PROGRESSIVE = ProgressiveTableKind()
