"""The forms of printing: blank score pads, an evening's results, and hand records (boards
dealt here or read from a PBN file, and the documents made of them)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile

from scorer import engine
from scorer.club.models import Club
from scorer.engine.cards import Board
from scorer.engine.cards.records import Layout
from scorer.printing.hand_records import (
    MOST_BOARDS,
    MOST_UPLOAD,
    Unprintable,
    picked,
    read_boards,
)
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


# -- Hand records ----------------------------------------------------------------------------

LAYOUTS = [(layout.value, layout.label) for layout in Layout]


class DealForm(forms.Form):
    """Boards dealt here, from a secure shuffle: how many, and the first one's number."""

    BOARDS_WANTED = f"Boards to deal: give a whole number from 1 to {MOST_BOARDS}."
    FIRST_WANTED = "First board: give a whole number from 1 to 10,000."

    boards = forms.IntegerField(
        min_value=1,
        max_value=MOST_BOARDS,
        initial=36,
        label="Boards to deal",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value"), BOARDS_WANTED
        ),
    )
    first = forms.IntegerField(
        min_value=1,
        max_value=10_000,
        initial=1,
        label="First board",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value"), FIRST_WANTED
        ),
    )


class PbnForm(forms.Form):
    """Boards from a PBN file, as a dealing program or dealing machine writes it: their
    deals, what cannot be read of a board's play skipped and said (`skipped`)."""

    FILE_WANTED = "PBN file: choose the file of the boards."
    FILE_EMPTY = "PBN file: the file chosen is empty."

    pbn = forms.FileField(
        label="PBN file",
        widget=forms.FileInput(attrs={"accept": ".pbn,text/plain"}),
        error_messages={"required": FILE_WANTED, "invalid": FILE_WANTED, "empty": FILE_EMPTY},
    )

    def clean_pbn(self) -> tuple[Board, ...]:
        """The file's boards, read up to one byte past what a request takes, so that a
        larger file is refused in words, and parsed in the printer's process."""
        upload: UploadedFile[bytes] = self.cleaned_data["pbn"]
        self.name = upload.name or "the file"
        try:
            read = read_boards(upload.read(MOST_UPLOAD + 1))
        except Unprintable as error:
            raise forms.ValidationError(f"{self.name}: {error}") from None
        self.skipped = read.skipped
        return read.boards


class DocumentForm(forms.Form):
    """The boards dealt or read, carried in the page as PBN (nothing is kept on the
    server), which of them (from board, to board: a document of hand records or curtain
    cards holds MOST_BOARDS at most), the layout and paper, and which document to make."""

    BOARDS_WANTED = "The boards: deal them again, or read their file again."
    RANGE_WANTED = "Boards: give the first and the last board's number, whole numbers from 1."
    LAYOUT_CHOSEN = "Layout: choose Elwell's diagram or the compass."
    PAPER_CHOSEN = f"Paper: choose {' or '.join(label for _, label in Club.PAPERS)}."
    DOCUMENT_CHOSEN = "Choose hand records, curtain cards or the PBN file."

    boards = forms.CharField(
        widget=forms.HiddenInput,
        max_length=MOST_UPLOAD,
        strip=False,
        error_messages={"required": BOARDS_WANTED, "max_length": BOARDS_WANTED},
    )
    first = forms.IntegerField(
        min_value=1,
        label="From board",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages=dict.fromkeys(("required", "invalid", "min_value"), RANGE_WANTED),
    )
    last = forms.IntegerField(
        min_value=1,
        label="To board",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages=dict.fromkeys(("required", "invalid", "min_value"), RANGE_WANTED),
    )
    layout = forms.ChoiceField(
        choices=LAYOUTS,
        initial=Layout.ELWELL.value,
        widget=forms.RadioSelect,
        label="Layout",
        error_messages={"required": LAYOUT_CHOSEN, "invalid_choice": LAYOUT_CHOSEN},
    )
    paper = forms.ChoiceField(
        choices=Club.PAPERS,
        widget=forms.RadioSelect,
        label="Paper",
        error_messages={"required": PAPER_CHOSEN, "invalid_choice": PAPER_CHOSEN},
    )
    document = forms.ChoiceField(
        choices=[
            ("records", "Hand records (PDF)"),
            ("curtain_cards", "Curtain cards (PDF)"),
            ("pbn", "The boards (PBN file)"),
        ],
        error_messages={"required": DOCUMENT_CHOSEN, "invalid_choice": DOCUMENT_CHOSEN},
    )

    def clean_boards(self) -> tuple[Board, ...]:
        try:
            return read_boards(self.cleaned_data["boards"]).boards
        except Unprintable as error:
            raise forms.ValidationError(f"The boards: {error}") from None

    def clean(self) -> dict[str, Any]:
        """The boards picked: those numbered from the first to the last, no more than a
        document of hand records holds (the PBN file takes any number)."""
        data = super().clean() or {}
        boards, first, last = data.get("boards"), data.get("first"), data.get("last")
        if boards is None or first is None or last is None:
            return data
        if last < first:
            self.add_error("last", "To board: give a number from the first board's on.")
            return data
        most = None if data.get("document") == "pbn" else MOST_BOARDS
        try:
            data["picked"] = picked(boards, first, last, most=most)
        except Unprintable as error:
            self.add_error("last", f"Boards: {error}.")
        return data
