"""The forms of a Duplicate evening: opening it (its movement among those the engine
offers), a pair added or removed, starting it (how the boards come), a hand record
attached, and the evening's steps, each carrying its key and the evening's revision it was
shown at (`seen`); at a table, a board's result in one save (the make, the doubles, the
tricks, and on a board whose hands are unknown the honours and chicane), East–West's
acceptance, and the director's entry or correction with his reason, each carrying the
table's revision. The chips and their words are the rubber's (scorer/rubbers/forms/deals.py),
each side named by its direction."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone

from scorer import engine
from scorer.club import places
from scorer.club.models import Member
from scorer.duplicate.models import (
    COMPARISONS,
    MOST_BOARDS_A_ROUND,
    DuplicateEvening,
    DuplicatePair,
)
from scorer.duplicate.writes import Entry, opening_refused
from scorer.engine.calls import call_of
from scorer.engine.cards import Board, dealer_of
from scorer.engine.duplicate import (
    Comparison,
    Line,
    Lines,
    Movement,
    MovementKind,
    dealing_line,
    offered,
)
from scorer.plumbing.keys import KeyedForm
from scorer.printing.hand_records import MOST_UPLOAD, Unprintable, read_boards
from scorer.rubbers import choosing
from scorer.rubbers.forms.deals import CHICANE, DOUBLES, Errors, RubberWrite

# -- The evening ---------------------------------------------------------------------------------


def movement_choice(movement: Movement) -> tuple[str, str]:
    """ "mitchell-4", "Mitchell, 4 tables: 8 pairs, 3 rounds" """
    rounds = len(movement.rounds)
    return (
        f"{movement.kind.value}-{movement.tables}",
        f"{movement.name}: {movement.pairs} pairs, {rounds} rounds",
    )


class OpenEveningForm(KeyedForm):
    name = forms.CharField(max_length=80, label="Name", initial="Duplicate evening")
    day = forms.DateField(
        label="Day", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    movement = forms.ChoiceField(
        label="The movement",
        choices=[movement_choice(movement) for movement in offered()],
        initial="mitchell-4",
        error_messages={
            "invalid_choice": "choose one the club is offered: a Mitchell of 3 to 15 tables, "
            "or a Howell of 2 to 7."
        },
        help_text="Mitchell: North–South stay, East–West move, each direction ranked apart. "
        "Howell: every pair meets every other, all ranked together.",
    )
    boards_a_round = forms.IntegerField(
        min_value=1,
        max_value=MOST_BOARDS_A_ROUND,
        initial=4,
        label="Boards a round",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text="At each table, the boards played before the pairs move.",
    )
    comparison = forms.ChoiceField(
        label="The pairs compared",
        choices=COMPARISONS,
        initial=Comparison.AVERAGE.value,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("day", timezone.localdate())
        super().__init__(*args, **kwargs)

    def clean(self) -> dict[str, Any]:
        """A movement that cannot take these boards a round refused beside the boards (the
        write asks the same, `opening_refused`)."""
        data = super().clean() or {}
        if "movement" in data and data.get("boards_a_round") is not None:
            movement, tables = self.chosen()
            refused = opening_refused(movement, tables, data["boards_a_round"])
            if refused:
                self.add_error("boards_a_round", refused)
        return data

    def chosen(self) -> tuple[MovementKind, int]:
        """The movement's kind and tables."""
        kind, _, tables = self.cleaned_data["movement"].partition("-")
        return MovementKind(kind), int(tables)


class EveningWriteForm(KeyedForm):
    """A step of the evening: `seen` is the evening's revision when the form was shown."""


class AddPairForm(EveningWriteForm):
    """Two players, each a member or a guest by name."""

    first = forms.ModelChoiceField(
        queryset=Member.objects.none(), required=False, label="First player"
    )
    first_guest = forms.CharField(
        max_length=60, required=False, label="First player, if a guest: the name"
    )
    second = forms.ModelChoiceField(
        queryset=Member.objects.none(), required=False, label="Second player"
    )
    second_guest = forms.CharField(
        max_length=60, required=False, label="Second player, if a guest: the name"
    )

    def __init__(self, *args: Any, evening: DuplicateEvening, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        playing = Member.objects.filter(
            pk__in=evening.pairs.values("players__member").exclude(players__member=None)
        )
        free = Member.objects.exclude(pk__in=playing.values("pk")).order_by("name")
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = free
        # Offered: those free to play (a person sits at one table); one sent all the same
        # is refused by the write, naming where he is playing.
        self._offered = places.free_to_play(free)

    @cached_property
    def offered(self) -> list[choosing.Group]:
        """The members each player's tap list offers: tonight's players first, then the
        rest, each by surname (the director plays with nobody)."""
        return choosing.offered(self._offered, None)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in ("first", "second"):
            member, guest = data.get(name), " ".join((data.get(f"{name}_guest") or "").split())
            if member is None and not guest:
                self.add_error(name, "choose a member, or give a guest's name.")
            elif member is not None and guest:
                self.add_error(name, "a member or a guest, not both.")
        return data

    def players(self) -> tuple[Member | str, Member | str]:
        data = self.cleaned_data
        first, second = (data[name] or data[f"{name}_guest"] for name in ("first", "second"))
        return first, second


class RemovePairForm(EveningWriteForm):
    pair = forms.ModelChoiceField(queryset=DuplicatePair.objects.all(), widget=forms.HiddenInput)


class PbnField(forms.FileField):
    """A PBN file of boards, as a dealing machine or another club writes it: its boards,
    read (each with its four hands), or a sentence naming what is wrong. Only the deals
    are wanted: what cannot be read of a board's play is skipped, and said (`skipped`)."""

    skipped: tuple[str, ...] = ()

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", "PBN file")
        kwargs.setdefault("widget", forms.FileInput(attrs={"accept": ".pbn,text/plain"}))
        super().__init__(**kwargs)

    def clean(self, data: Any, initial: Any = None) -> Any:
        upload: UploadedFile[bytes] | None = super().clean(data, initial)
        if not upload:
            return ()
        name = upload.name or "the file"
        try:
            read = read_boards(upload.read(MOST_UPLOAD + 1))
        except Unprintable as error:
            raise forms.ValidationError(f"{name}: {error}") from None
        self.skipped = read.skipped
        return read.boards


def skipped_said(form: forms.Form) -> str:
    """What reading the form's PBN file skipped, in sentences to follow what was done."""
    field = form.fields["pbn"]
    skipped = field.skipped if isinstance(field, PbnField) else ()
    if not skipped:
        return ""
    return " Read as deals alone, what could not be read skipped: " + " ".join(skipped)


class StartForm(EveningWriteForm):
    boards_from = forms.ChoiceField(
        label="The boards",
        choices=DuplicateEvening.BOARDS_FROM,
        initial=DuplicateEvening.DEALT,
        widget=forms.RadioSelect,
        error_messages={"required": "The boards: choose how they come."},
    )
    pbn = PbnField(required=False, help_text="For boards from a PBN file.")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("boards_from") == DuplicateEvening.FILE and not data.get("pbn"):
            self.add_error("pbn", "Choose the PBN file the boards come from.")
        return data

    def boards(self) -> tuple[Board, ...]:
        found: tuple[Board, ...] = self.cleaned_data.get("pbn") or ()
        return found


class AttachHandsForm(EveningWriteForm):
    pbn = PbnField(label="The hand record (PBN file)")


# -- At a table ----------------------------------------------------------------------------------


def chicane_field(line: Line) -> forms.TypedChoiceField:
    """A direction's hands void of trumps: none, one or both."""
    return forms.TypedChoiceField(
        choices=CHICANE,
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # any value, not only str (django-stubs)
        initial=0,
        widget=forms.RadioSelect,
        label=f"Chicane: {line.label} void of trumps",
    )


def revokes_field(line: Line) -> forms.IntegerField:
    return forms.IntegerField(
        min_value=0, max_value=13, required=False, label=f"Revokes by {line.label}"
    )


class BoardForm(RubberWrite):
    """A board's result in one save, as North–South record it: the make and who made it,
    the doubles, the tricks the dealer's direction won; on a board whose hands are unknown,
    the honours as called and chicane; revokes. On a board whose hands are known the
    honours and chicane are the cards': the form does not ask them."""

    maker = forms.ChoiceField(
        choices=[("dealer", "Dealer"), ("partner", "Passed to partner")],
        initial="dealer",
        widget=forms.RadioSelect,
        label="Made by",
    )
    trump = forms.ChoiceField(
        choices=[(t.value, engine.words.trump_choice(t)) for t in engine.Trump],
        widget=forms.RadioSelect,
        label="The make",
        error_messages={"required": "Tap the make."},
    )
    doubles = forms.TypedChoiceField(
        choices=DOUBLES, coerce=int, initial=0, widget=forms.RadioSelect, label="Doubles"
    )
    more_doubles = forms.IntegerField(
        min_value=0,
        max_value=1000,
        required=False,
        label="Doubles, counted",
        help_text="For more than four doubles: the number of doubles and redoubles made.",
    )
    tricks = forms.TypedChoiceField(
        choices=[(n, n) for n in range(14)],
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": "Tap the number of tricks the dealer's side won."},
    )
    honours = forms.ChoiceField(required=False, widget=forms.RadioSelect, label="Honours")
    chicane_ns = chicane_field(Line.NS)
    chicane_ew = chicane_field(Line.EW)
    revokes_ns = revokes_field(Line.NS)
    revokes_ew = revokes_field(Line.EW)

    def __init__(self, *args: Any, board: int, known: bool, **kwargs: Any) -> None:
        kwargs.setdefault("error_class", Errors)
        super().__init__(*args, **kwargs)
        self.board = board
        self.known = known
        dealing = dealing_line(board)
        self.fields["tricks"].label = f"Tricks won by {dealing.label} (the dealer's side)"
        self.fields["maker"].label = f"Made by ({dealer_of(board).label} deals)"
        honours = self.fields["honours"]
        assert isinstance(honours, forms.ChoiceField)
        honours.choices = [(call.code, call.label) for call in self.calls()]
        if known:
            for name in ("honours", "chicane_ns", "chicane_ew"):
                self.fields.pop(name)

    @staticmethod
    def calls() -> list[engine.Call]:
        """Every call of honours at a suit, then at no-trump (aces easy last)."""
        at_a_suit = engine.calls_on_offer(engine.Trump.HEARTS)
        return [*at_a_suit, *engine.calls_on_offer(engine.Trump.NO_TRUMP)]

    def _groups(self, no_trump: bool) -> list[tuple[str, list[tuple[str, str]]]]:
        made = engine.Trump.NO_TRUMP if no_trump else engine.Trump.HEARTS
        calls = engine.calls_on_offer(made)
        groups = [
            (
                f"{line.label} held",
                [(c.code, c.label) for c in calls if c.side is line.side],
            )
            for line in (Line.NS, Line.EW)
        ]
        easy = [(c.code, c.label) for c in calls if c.side is None]
        return groups + ([("", easy)] if easy else [])

    def suit_groups(self) -> list[tuple[str, list[tuple[str, str]]]]:
        return self._groups(no_trump=False)

    def no_trump_groups(self) -> list[tuple[str, list[tuple[str, str]]]]:
        return self._groups(no_trump=True)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.known and "honours" in self.fields and not data.get("honours"):
            self.add_error("honours", "Choose who held the honours, and how.")
        return data

    def entry(self) -> Entry:
        data = self.cleaned_data
        more = data.get("more_doubles")
        honours = data.get("honours")
        return Entry(
            played=True,
            maker=engine.Maker(data["maker"]),
            trump=engine.Trump(data["trump"]),  # type: ignore[call-arg]  # by value: mypy#10573
            doubles=data.get("doubles", 0) if more is None else more,
            tricks=data["tricks"],
            honours=engine.Call.parse(honours) if honours else None,
            chicane=Lines(data.get("chicane_ns") or 0, data.get("chicane_ew") or 0),
            revokes=Lines(data.get("revokes_ns") or 0, data.get("revokes_ew") or 0),
        )

    @staticmethod
    def values_of(recorded: Any) -> dict[str, Any]:
        """A result as recorded, as this form's values (a change, or a correction)."""
        if not getattr(recorded, "played", False) or not hasattr(recorded, "trump"):
            return {}
        tricks = recorded.tricks
        dealing = dealing_line(recorded.board)
        values: dict[str, Any] = {
            "maker": recorded.maker.value,
            "trump": recorded.trump.value,
            "doubles": min(recorded.doubles, 4),
            "more_doubles": recorded.doubles if recorded.doubles > 4 else None,
            "tricks": None if tricks is None else tricks[dealing],
        }
        if recorded.honours is not None:
            side, held = call_of(recorded.trump, recorded.honours.sides)
            values["honours"] = engine.Call(side, held).code
        chicane = recorded.chicane or Lines(0, 0)
        revokes = recorded.revokes or Lines(0, 0)
        values |= {
            "chicane_ns": chicane.ns,
            "chicane_ew": chicane.ew,
            "revokes_ns": revokes.ns,
            "revokes_ew": revokes.ew,
        }
        return values


class AcceptForm(RubberWrite):
    """East–West's acceptance of a board's result: its key and the table's revision."""


class DirectorForm(BoardForm):
    """The director's entry or correction of a board's result: as North–South's form, or
    that the pairs could not play the board; and his reason, kept."""

    played = forms.ChoiceField(
        choices=[("yes", "Played"), ("no", "Not played: each pair scores its average")],
        initial="yes",
        widget=forms.RadioSelect,
        label="The board",
    )
    reason = forms.CharField(
        max_length=200,
        label="Why (kept with the result)",
        error_messages={"required": "Give the reason: it is kept with the result."},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.data.get("played") == "no":  # nothing else is asked of a board not played
            for name in ("maker", "trump", "doubles", "tricks", "honours"):
                if name in self.fields:
                    self.fields[name].required = False

    def clean(self) -> dict[str, Any]:
        if self.data.get("played") == "no":
            return forms.Form.clean(self) or {}
        return super().clean()

    def entry(self) -> Entry:
        if self.cleaned_data.get("played") == "no":
            return Entry(played=False)
        return super().entry()
