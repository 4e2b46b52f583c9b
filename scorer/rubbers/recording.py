"""The rubber as a kind of table that records deals (scorer/recording/): its hooks."""

from __future__ import annotations

from typing import Any

from scorer import engine
from scorer.recording.table import Recording
from scorer.rubbers.forms.deals import DealForm, DeclarationForm, UndoForm
from scorer.rubbers.presenters import pair_names, seat_names
from scorer.rubbers.reads import RubberState


class RubberTable(Recording[RubberState]):
    declaration_form_class = DeclarationForm
    deal_form_class = DealForm
    undo_form_class = UndoForm

    routes = "scorer:"

    def pk(self, record: RubberState) -> int:
        return record.rubber.pk

    def next_number(self, record: RubberState) -> int:
        return record.next_number

    def game(self, record: RubberState) -> engine.CardGame[Any, Any]:
        return record.game

    def revision(self, record: RubberState) -> int:
        return record.rubber.revision

    def seats(self, record: RubberState) -> list[str]:
        return seat_names(record)

    def next_dealer(self, record: RubberState) -> int:
        return record.next_dealer

    def pair_names(self, record: RubberState) -> engine.Pair[str]:
        return pair_names(record)

    def spades_unplayed(self, record: RubberState) -> bool:
        """The Spade Convention, both sides under 20: a game's score to look at."""
        spades = engine.Called(engine.side_of_seat(record.next_dealer), engine.Trump.SPADES)
        return record.game.laws.may_go_unplayed(
            spades, record.rubber.rules, record.sheet.game.points
        )

    def offers_deal(self, record: RubberState) -> bool:
        rubber_over = record.sheet.finished or record.rubber.agreed
        return record.in_progress is None and not rubber_over

    def undoable(self, record: RubberState) -> int | None:
        """The deal in progress's declaration, or the last deal recorded while Law 12
        still allows its removal."""
        if record.in_progress is not None:
            return record.in_progress.number
        if not record.recorded:
            return None
        number = record.recorded[-1].number
        window = record.game.corrections.window(
            record.sheet, number, next_trump_declared=False, agreed=record.rubber.agreed
        )
        return number if window[engine.Kind.TRICKS].allowed else None


RUBBER = RubberTable()
