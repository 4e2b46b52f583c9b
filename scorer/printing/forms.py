"""The forms of printing: blank score pads, and an evening's results."""

from __future__ import annotations

from typing import Any

from django import forms

from scorer import engine
from scorer.club.models import Club
from scorer.rubbers.models import Rubber


class PrintForm(forms.Form):
    """Blank score pads: how many forms to a page, how many pages, which paper. Each error
    is a sentence that names its field, as the Printing page shows it."""

    MOST_PAGES = 50
    PER_PAGE_CHOSEN = "Forms to a page: choose one, two or four."
    PAGES_WANTED = f"Pages: give a whole number from 1 to {MOST_PAGES}."
    PAPER_CHOSEN = f"Paper: choose {' or '.join(label for _, label in Club.PAPERS)}."

    GAME_CHOSEN = "Game: choose one of the club's games."

    game = forms.ChoiceField(
        choices=Rubber.GAMES,
        required=False,
        widget=forms.RadioSelect,
        label="Game",
        error_messages={"invalid_choice": GAME_CHOSEN},
    )
    per_page = forms.TypedChoiceField(
        choices=[(1, "One"), (2, "Two"), (4, "Four")],
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
        label="Forms to a page",
        error_messages={"required": PER_PAGE_CHOSEN, "invalid_choice": PER_PAGE_CHOSEN},
    )
    pages = forms.IntegerField(
        min_value=1,
        max_value=MOST_PAGES,
        initial=5,
        label="Pages",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={
            "required": PAGES_WANTED,
            "invalid": PAGES_WANTED,
            "min_value": PAGES_WANTED,
            "max_value": PAGES_WANTED,
        },
    )
    paper = forms.ChoiceField(
        choices=Club.PAPERS,
        widget=forms.RadioSelect,
        label="Paper",
        error_messages={"required": PAPER_CHOSEN, "invalid_choice": PAPER_CHOSEN},
    )

    def chosen_game(self) -> engine.CardGame[Any, Any]:
        """The game the pads are for: the one chosen, or the club's."""
        return engine.find_game(self.cleaned_data.get("game") or Club.get().game)


class EveningForm(forms.Form):
    """An evening's results: a day, one table or all, and the paper when printed."""

    day = forms.DateField(
        label="Day", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    table = forms.CharField(
        max_length=40,
        required=False,
        label="Table (all if empty)",
        widget=forms.TextInput(attrs={"list": "tables"}),
    )
    paper = forms.ChoiceField(choices=Club.PAPERS, required=False)
