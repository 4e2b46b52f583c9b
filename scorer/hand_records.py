"""Hand records and curtain cards: a set of boards printed as PDF, each board's four hands
in a diagram with the honours each trump would give, or each hand on a card of its own
to sort the cards into boards (docs/printing.md).

The boards come dealt here (`deal_boards`) or from a PBN file; nothing is kept. What
each board says is the engine's (`scorer.engine.cards.records`); this module checks that
the boards can be printed, lays them out through the club's printer, and holds the forms
of the Printing page's section that asks for them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile

from scorer import printing
from scorer.engine.cards import (
    MOST_BYTES,
    Board,
    Direction,
    Hands,
    PbnError,
    read_pbn,
)
from scorer.engine.cards import records as said
from scorer.engine.cards.records import Layout
from scorer.models import Club

MOST_BOARDS = 100  # a document of 100 boards takes a few seconds; an evening has 36 or so
MOST_BODY = MOST_BYTES + 64 * 1024  # a PBN file, and the few other fields of its form
BOARDS_A_PAGE = 6  # hand records: three rows of two
BOARDS_A_ROW = 2
CARDS_A_PAGE = 8  # curtain cards: two boards a page, each hand a card to cut out
CARDS_A_ROW = 2


class Unprintable(ValueError):
    """Boards that cannot be printed as hand records, in a sentence naming the board."""


def printable(boards: Iterable[Board]) -> tuple[Board, ...]:
    """The boards a hand record prints, in order of their numbers: each with its number,
    dealer and four hands (the fourth may be found from three). A board given more than
    once with the same hands, as a file of results gives it once a table, is printed
    once; given with other hands, it is refused."""
    found: dict[int, tuple[int, Board]] = {}
    for game, board in enumerate(boards, 1):
        if board.number is None:
            raise Unprintable(
                f"game {game} has no board number (its Board tag): a hand record names "
                "each board by its number"
            )
        hands = board.dealt
        if hands is None:
            raise Unprintable(
                f"board {board.number} does not give its four hands (or three, the fourth "
                "found from them): a hand record prints each board's hands"
            )
        if board.number in found:
            first, earlier = found[board.number]
            if earlier.dealt != hands:
                raise Unprintable(
                    f"board {board.number} is given twice with other hands (games {first} "
                    f"and {game}): a board is one deal"
                )
            continue
        found[board.number] = (game, board)
    if not found:
        raise Unprintable("the file holds no boards")
    if len(found) > MOST_BOARDS:
        raise Unprintable(
            f"the file holds {len(found):,} boards; hand records are printed for "
            f"{MOST_BOARDS} boards at most: print them in parts"
        )
    return tuple(board for _, (_, board) in sorted(found.items()))


def title(boards: Sequence[Board]) -> str:
    """ "Boards 1 to 36", after the event's name when the boards give one."""
    named = said.boards_named([board.number or 0 for board in boards])
    event = boards[0].tag("Event") if boards else None
    return f"{event}: {named}" if event and event != "?" else named


def records_context(boards: Sequence[Board], *, layout: Layout, paper: str) -> dict[str, Any]:
    """What hand records print: each board as the engine draws it, a page at a time and
    on each page a row at a time."""
    return {
        "paper": paper,
        "title": title(boards),
        "layout": layout,
        "pages": [
            _pages(page, BOARDS_A_ROW)
            for page in _pages([_diagram(board, layout) for board in boards], BOARDS_A_PAGE)
        ],
        "key": said.HONOURS_KEY,
        "heads": (said.HONOURS_HEAD, said.SCORE_HEAD),
    }


def curtain_cards_context(boards: Sequence[Board], *, layout: Layout, paper: str) -> dict[str, Any]:
    """What curtain cards print: each board's four hands, a card each, a page of cards at a
    time (two boards), on each page a row at a time."""
    cards = [card for board in boards for card in _curtain_cards(board, layout)]
    return {
        "paper": paper,
        "title": title(boards),
        "layout": layout,
        "pages": [_pages(page, CARDS_A_ROW) for page in _pages(cards, CARDS_A_PAGE)],
    }


def records_pdf(boards: Sequence[Board], *, layout: Layout, paper: str) -> bytes:
    """Hand records as PDF: several boards a page."""
    context = records_context(boards, layout=layout, paper=paper)
    return printing.render("print/hand_records.html", context)


def curtain_cards_pdf(boards: Sequence[Board], *, layout: Layout, paper: str) -> bytes:
    """Curtain cards as PDF: eight cards a page, to be cut out along their rules."""
    context = curtain_cards_context(boards, layout=layout, paper=paper)
    return printing.render("print/curtain_cards.html", context)


def _pages[T](items: Sequence[T], size: int) -> list[Sequence[T]]:
    """Items a page at a time: each page is laid out on its own, so that a page holds
    the same number whatever the cards, and the count of pages is known."""
    return [items[at : at + size] for at in range(0, len(items), size)]


def _diagram(board: Board, layout: Layout) -> said.Diagram:
    return said.diagram(*_dealt(board), layout)


def _curtain_cards(board: Board, layout: Layout) -> tuple[said.CurtainCard, ...]:
    return said.curtain_cards(*_dealt(board), layout)


def _dealt(board: Board) -> tuple[int, Direction, Hands]:
    """A printable board's number, dealer and hands (`printable` has checked them)."""
    number, dealer, hands = board.number, board.dealer, board.dealt
    if number is None or dealer is None or hands is None:
        raise Unprintable(f"board {number} cannot be printed")  # pragma: no cover
    return number, dealer, hands


def write_new(path: str | os.PathLike[str], data: bytes) -> None:
    """The whole file, or none: never over a file that is there, never half written.
    OSError (FileExistsError for a file that is there) if it cannot be written."""
    with open(path, "xb") as file:
        try:
            file.write(data)
        except OSError:
            file.close()
            os.unlink(path)
            raise


# -- The Printing page's section --------------------------------------------------------------

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
    """Boards from a PBN file, as a dealing program or dealing machine writes it."""

    FILE_WANTED = "PBN file: choose the file of the boards."
    FILE_EMPTY = "PBN file: the file chosen is empty."

    pbn = forms.FileField(
        label="PBN file",
        widget=forms.FileInput(attrs={"accept": ".pbn,text/plain"}),
        error_messages={"required": FILE_WANTED, "invalid": FILE_WANTED, "empty": FILE_EMPTY},
    )

    def clean_pbn(self) -> tuple[Board, ...]:
        """The file's boards, read up to one byte past what the reader takes, so that a
        larger file is refused in its words."""
        upload: UploadedFile[bytes] = self.cleaned_data["pbn"]
        self.name = upload.name or "the file"
        try:
            return printable(read_pbn(upload.read(MOST_BYTES + 1)))
        except (PbnError, Unprintable) as error:
            raise forms.ValidationError(f"{self.name}: {error}") from None


class DocumentForm(forms.Form):
    """The boards dealt or read, carried in the page as PBN (nothing is kept on the
    server), the layout and paper, and which document to make of them."""

    BOARDS_WANTED = "The boards: deal them again, or read their file again."
    LAYOUT_CHOSEN = "Layout: choose Elwell's diagram or the compass."
    PAPER_CHOSEN = f"Paper: choose {' or '.join(label for _, label in Club.PAPERS)}."
    DOCUMENT_CHOSEN = "Choose hand records, curtain cards or the PBN file."

    boards = forms.CharField(
        widget=forms.HiddenInput,
        max_length=MOST_BYTES,
        strip=False,
        error_messages={"required": BOARDS_WANTED, "max_length": BOARDS_WANTED},
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
            return printable(read_pbn(self.cleaned_data["boards"]))
        except (PbnError, Unprintable) as error:
            raise forms.ValidationError(f"The boards: {error}") from None
