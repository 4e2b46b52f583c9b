"""Starting a rubber: the game, the members in order round the table, its name, and who
deals first. Each seat offers tonight's players first (`scorer/rubbers/choosing.py`); what
belongs to some games alone (Three-handed Bridge's unit, its empty seat, its cut) says
which, for the page to show it for those games only."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django import forms

from scorer import engine
from scorer.club import places
from scorer.club.models import Club, Member
from scorer.rubbers import choosing
from scorer.rubbers.models import Rubber
from scorer.rubbers.writes import (
    CUT_FOR_DEAL,
    CUT_FOR_PARTNERS,
    CUT_FOR_THE_DUMMY,
    CUTS,
    cut_refused,
)

type Game = engine.CardGame[Any, Any]

# How a table may cut, as the form sends it, and as the games name it (`seating.cuts`).


@dataclass(frozen=True)
class ForGames:
    """Some of the games: their codes, as the page marks what belongs to them alone
    (`data-games`), and their names, as it says so; both "" for every game."""

    codes: str
    names: str

    @classmethod
    def of(cls, games: Sequence[Game]) -> ForGames:
        if len(games) == len(engine.GAMES):
            return cls("", "")
        return cls(" ".join(g.code for g in games), " and ".join(g.name for g in games))


@dataclass(frozen=True)
class Place:
    """A seat's choice of a member as the page offers it: its legend ("3. We"), and for a
    seat some games leave empty, the row that leaves it so, their codes and what they
    say of it."""

    field: forms.BoundField
    legend: str
    empty: str = ""
    empty_for: str = ""
    note: str = ""


@dataclass(frozen=True)
class DealerChoices:
    """Choices of who deals first that belong to the same games, under a heading naming
    them (none for every game's)."""

    games: ForGames
    groups: list[tuple[str, list[tuple[str, str]]]]


class StartRubberForm(forms.Form):
    """The game, the members in order round the table (four, or three playing Three-handed
    Bridge, the dummy's seat left empty), the table's name, and who deals first."""

    SEATS = ("seat_0", "seat_1", "seat_2", "seat_3")

    key = forms.UUIDField(widget=forms.HiddenInput)
    # Blank unless carried from the rubber just played: another table's name, one broken
    # up among them, is no guess at this one's.
    table = forms.CharField(max_length=40)
    # Left out, the club's game (Bridge, or Short Whist on its Whist nights).
    game = forms.ChoiceField(
        choices=Rubber.GAMES, required=False, widget=forms.RadioSelect, label="The game"
    )
    unit = forms.ChoiceField(
        choices=[
            (engine.Unit.RUBBER.value, "By the rubber"),
            (engine.Unit.GAME.value, "Each game on its own (three playing)"),
        ],
        initial=engine.Unit.RUBBER.value,
        required=False,
        widget=forms.RadioSelect,
        label="Scored",
    )
    seat_0 = forms.ModelChoiceField(queryset=Member.objects.all(), label="We", required=False)
    seat_1 = forms.ModelChoiceField(queryset=Member.objects.all(), label="They", required=False)
    seat_2 = forms.ModelChoiceField(queryset=Member.objects.all(), label="We", required=False)
    seat_3 = forms.ModelChoiceField(queryset=Member.objects.all(), label="They", required=False)
    first_dealer = forms.ChoiceField(
        choices=[
            (CUT_FOR_DEAL, "Cut for deal"),
            (CUT_FOR_PARTNERS, "Cut for partners and deal"),
            (CUT_FOR_THE_DUMMY, "Cut for the dummy (three playing)"),
            ("0", "Seat 1"),
            ("1", "Seat 2"),
            ("2", "Seat 3"),
            ("3", "Seat 4"),
        ],
        initial=CUT_FOR_DEAL,
        widget=forms.RadioSelect,
        label="Who deals first",
    )

    def __init__(self, *args: Any, chooser: Member | None = None, **kwargs: Any) -> None:
        """`chooser`: the member starting the rubber (None, one of the staff), whose
        partners of late are offered after tonight's players."""
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("key", uuid.uuid4())
        kwargs["initial"].setdefault("game", Club.get().game)
        super().__init__(*args, **kwargs)
        self.chooser = chooser

    @cached_property
    def offered(self) -> list[choosing.Group]:
        """The members each seat offers, tonight's players first."""
        return choosing.offered(places.free_to_play(Member.objects.all()), self.chooser)

    def places(self) -> list[Place]:
        """Each seat's choice, round the table; a seat that some games leave empty says
        which, and whose cards it holds (the dummy's, played by its holder)."""
        places = []
        for seat, name in enumerate(self.SEATS):
            field = self[name]
            legend = f"{seat + 1}. {field.label}"
            leaving = [g for g in engine.GAMES.values() if seat not in g.seating.seats]
            if not leaving:
                places.append(Place(field, legend))
                continue
            games = ForGames.of(leaving)
            holders = {g.seating.player_at(seat) + 1 for g in leaving}
            holder = " or ".join(f"seat {n}" for n in sorted(holders))
            places.append(
                Place(
                    field,
                    legend,
                    empty="Left empty: the dummy's place",
                    empty_for=games.codes,
                    note=(
                        f"{games.names}: seat {seat + 1} is the dummy's place, left empty; "
                        f"the holder of the dummy, in {holder}, plays its cards."
                    ),
                )
            )
        return places

    def three_playing(self) -> ForGames:
        """The games scored by the rubber or by the game: those played by three."""
        return ForGames.of([g for g in engine.GAMES.values() if len(g.seating.units) > 1])

    def dealer_choices(self) -> list[DealerChoices]:
        """Who deals first, grouped by the games each choice belongs to: a cut the game
        allows (`seating.cuts`), or a seat, at any game."""
        by_games: dict[ForGames, list[tuple[str, str]]] = {}
        for value, label in self.fields["first_dealer"].choices:  # type: ignore[attr-defined]
            cut = CUTS.get(str(value))
            games = ForGames.of(
                [g for g in engine.GAMES.values() if cut is None or cut in g.seating.cuts]
            )
            by_games.setdefault(games, []).append((str(value), str(label)))
        return [
            DealerChoices(games, [(f"At {games.names}" if games.names else "", choices)])
            for games, choices in by_games.items()
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if "game" not in data:
            return data
        data["game"] = data["game"] or Club.get().game
        game = self.chosen_game()
        players = len(game.seating.seats)
        for seat, name in enumerate(self.SEATS):
            if seat in game.seating.seats and not data.get(name) and name not in self.errors:
                self.add_error(name, "Choose a member for this seat.")
            elif seat not in game.seating.seats and data.get(name):
                self.add_error(name, f"{game.name} is played by {players}: leave this seat empty.")
        seated = [data.get(f"seat_{seat}") for seat in game.seating.seats]
        if all(seated) and len(set(seated)) < players:
            raise forms.ValidationError(
                f"Choose {players} different members, one for each seat."
                if players != 4
                else "Choose four different members, one for each seat."
            )
        refused = cut_refused(game, data.get("first_dealer", ""))
        if refused:
            self.add_error("first_dealer", refused)
        unit = data.get("unit") or engine.Unit.RUBBER.value
        if engine.Unit(unit) not in game.seating.units:
            self.add_error("unit", f"{game.name} is scored by the rubber.")
        return data

    def chosen_game(self) -> engine.CardGame[Any, Any]:
        return engine.find_game(self.cleaned_data["game"])

    def chosen_unit(self) -> engine.Unit:
        return engine.Unit(self.cleaned_data.get("unit") or engine.Unit.RUBBER.value)

    def members(self) -> list[Member]:
        """The players, in the order of the game's seats."""
        return [self.cleaned_data[f"seat_{seat}"] for seat in self.chosen_game().seating.seats]

    def dealer(self) -> int | str:
        value = self.cleaned_data["first_dealer"]
        return value if value in CUTS else int(value)
