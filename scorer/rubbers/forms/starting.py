"""Starting a rubber: the game, the members in order round the table, its name, and who
deals first."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.db.models import F, Max, Q, QuerySet

from scorer import engine
from scorer.club.models import Club, Member
from scorer.rubbers.models import Rubber
from scorer.rubbers.writes import CUT_FOR_DEAL, CUT_FOR_PARTNERS, CUT_FOR_THE_DUMMY


def members_by_recent_play() -> QuerySet[Member]:
    """Members who played most recently first, then the rest by name."""
    return Member.objects.annotate(last_played=Max("seats__rubber__started_at")).order_by(
        F("last_played").desc(nulls_last=True), "name"
    )


# How a table may cut, as the form sends it, and as the games name it (`seating.cuts`).
CUTS = {CUT_FOR_DEAL: "deal", CUT_FOR_PARTNERS: "partners", CUT_FOR_THE_DUMMY: "dummy"}


class StartRubberForm(forms.Form):
    """The game, the members in order round the table (four, or three playing Three-handed
    Bridge, the dummy's seat left empty), the table's name, and who deals first."""

    SEATS = ("seat_0", "seat_1", "seat_2", "seat_3")

    key = forms.UUIDField(widget=forms.HiddenInput)
    table = forms.CharField(max_length=40, initial="Table 1")
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
    seat_0 = forms.ModelChoiceField(queryset=Member.objects.none(), label="We", required=False)
    seat_1 = forms.ModelChoiceField(queryset=Member.objects.none(), label="They", required=False)
    seat_2 = forms.ModelChoiceField(
        queryset=Member.objects.none(), label="We (three playing: the dummy)", required=False
    )
    seat_3 = forms.ModelChoiceField(queryset=Member.objects.none(), label="They", required=False)
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
    # Sent by "Start it anyway", once told that a chosen member is seated in a rubber
    # still in play at another table.
    anyway = forms.BooleanField(required=False)

    def __init__(self, *args: Any, search: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("key", uuid.uuid4())
        kwargs["initial"].setdefault("game", Club.get().game)
        super().__init__(*args, **kwargs)
        members = members_by_recent_play()
        for name in self.SEATS:
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = members
            field.empty_label = "Choose a member"
        # No name holds a NUL, and PostgreSQL cannot compare text with one.
        self.search = search.replace("\x00", "").strip()

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.SEATS]

    def options(self) -> list[Member]:
        """The members to offer: those matching the search (and any already chosen)."""
        field = self.fields["seat_0"]
        assert isinstance(field, forms.ModelChoiceField)
        assert field.queryset is not None
        members: QuerySet[Member] = field.queryset
        if self.search:
            match = Q(name__icontains=self.search) | Q(short_name__icontains=self.search)
            members = members.filter(match | Q(pk__in=self._chosen()))
        return list(members)

    def _chosen(self) -> list[int]:
        """The members chosen for a seat so far, passing over a seat sent as anything else."""
        chosen = []
        for name in self.SEATS:
            try:
                member = self.fields[name].to_python(self[name].value())
            except forms.ValidationError:
                continue
            if member is not None:
                chosen.append(member.pk)
        return chosen

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
        cut = CUTS.get(data.get("first_dealer", ""))
        if cut is not None and cut not in game.seating.cuts:
            allowed = " or ".join(f"cut for {c}" for c in game.seating.cuts)
            self.add_error("first_dealer", f"At {game.name}, {allowed}, or choose who deals.")
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
