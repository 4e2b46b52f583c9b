"""The forms a table fills in: starting a rubber, the declaration, the result.

Forms parse what a phone sends; whether the laws allow it is the rules engine's answer,
given back to the player against the field it concerns.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any, ClassVar

from django import forms
from django.db.models import F, Max, Q, QuerySet
from django.forms.utils import ErrorList
from django.utils.safestring import SafeString

from scorer import engine
from scorer.club.models import Club, Member
from scorer.engine import PENALTY_CHOICES
from scorer.plumbing.keys import KeyedForm
from scorer.rubbers.models import Deal, Rubber
from scorer.rubbers.writes import (
    CUT_FOR_DEAL,
    CUT_FOR_PARTNERS,
    CUT_FOR_THE_DUMMY,
    Declaration,
    Result,
)
from scorer.tables import Whereabouts

CHICANE = [(0, "None"), (1, "One hand"), (2, "Both hands")]
# Doubles chosen by a tap, up to four; more are counted in a field of their own.
MOST_DOUBLES_CHOSEN = 4
DOUBLES = [(n, engine.doubles_choice(n)) for n in range(MOST_DOUBLES_CHOSEN + 1)]


class Errors(ErrorList):
    """A field's errors. Django draws even an empty list through its template, and each
    answer at the table asks for a dozen empty ones: none is drawn as nothing, at once."""

    def render(self, *args: Any, **kwargs: Any) -> SafeString:
        return super().render(*args, **kwargs) if self else SafeString("")

    __str__ = __html__ = render  # Django binds them to its own render


class RubberWrite(forms.Form):
    """What every form sent to a rubber carries: its own key, and the revision of the
    rubber it was shown at."""

    key = forms.UUIDField(widget=forms.HiddenInput)
    revision = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, revision: int = 0, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("key", uuid.uuid4())
        kwargs["initial"].setdefault("revision", revision)
        kwargs.setdefault("error_class", Errors)
        super().__init__(*args, **kwargs)


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


class DeclarationFields(forms.Form):
    """The dealer, the make and the doubles."""

    dealer = forms.TypedChoiceField(
        choices=[(seat, seat) for seat in engine.SEATS], coerce=int, widget=forms.RadioSelect
    )
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
    )
    doubles = forms.TypedChoiceField(
        choices=DOUBLES, coerce=int, initial=0, widget=forms.RadioSelect
    )
    more_doubles = forms.IntegerField(
        min_value=0,
        max_value=1000,
        required=False,
        label="Doubles, counted",
        help_text="For more than four doubles: the number of doubles and redoubles made.",
    )

    def __init__(
        self,
        *args: Any,
        seats: Sequence[str] = (),
        game: engine.CardGame[Any, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        self.game = game or getattr(self, "game", None) or engine.BRIDGE
        super().__init__(*args, **kwargs)
        game = self.game
        if seats:  # the dealer by name, round the table
            field = self.fields["dealer"]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = list(enumerate(seats))
        trump = self.fields["trump"]
        assert isinstance(trump, forms.ChoiceField)
        trump.choices = [(t.value, engine.words.trump_choice(t)) for t in game.laws.trumps]
        if engine.Record.MAKER not in game.laws.records:  # the trump is turned up, not made
            trump.label = "The trump turned up"
        for name in ("maker", "doubles", "more_doubles"):
            if engine.Record(name.removeprefix("more_")) not in game.laws.records:
                self.fields.pop(name, None)

    def passed_reminders(self) -> list[tuple[int, str]]:
        """For each dealer's seat, what passing the make reminds the players of."""
        found = [(seat, self.game.laws.passed_reminder(seat)) for seat in engine.SEATS]
        return [(seat, reminder) for seat, reminder in found if reminder]

    def declaration(self) -> Declaration:
        data = self.cleaned_data
        more = data.get("more_doubles")
        return Declaration(
            dealer=data["dealer"],
            maker=engine.Maker(data.get("maker") or engine.Maker.DEALER.value),
            trump=engine.Trump(data["trump"]),  # type: ignore[call-arg]  # by value: mypy#10573
            doubles=data.get("doubles", 0) if more is None else more,
        )


def chicane_field(side: engine.Side) -> forms.TypedChoiceField:
    """A side's hands void of trumps: none, one or both."""
    return forms.TypedChoiceField(
        choices=CHICANE,
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # any value, not only str (django-stubs)
        initial=0,
        widget=forms.RadioSelect,
        label=f"Chicane: {side.label} void of trumps",
    )


# Whist: the revokes of a deal, each with the penalty its adversaries chose (Law 72), in
# the order claimed. Two are on offer; more in one deal is for a correction's reason.
REVOKE_SLOTS = (1, 2)
REVOKERS = [("", "None"), *((side.value, side.label) for side in engine.SIDES)]
PENALTIES = [(penalty.value, words) for penalty, words in PENALTY_CHOICES.items()]


def revoke_fields(slot: int) -> tuple[forms.ChoiceField, forms.ChoiceField]:
    ordinal = "First" if slot == 1 else "Second"
    return (
        forms.ChoiceField(
            choices=REVOKERS,
            required=False,
            widget=forms.RadioSelect,
            label=f"{ordinal} revoke, by",
        ),
        forms.ChoiceField(
            choices=PENALTIES,
            required=False,
            widget=forms.RadioSelect,
            label=f"{ordinal} revoke: the adversaries' penalty",
        ),
    )


class ResultFields(forms.Form):
    """The result as the players call it: tricks, honours, then (Bridge) chicane and
    revokes, or (Whist) each revoke with its penalty. The honours on offer are those the
    game calls at the trump; the fields, those the game records."""

    tricks = forms.TypedChoiceField(
        choices=[(n, n) for n in range(14)], coerce=int, required=False, widget=forms.RadioSelect
    )
    honours = forms.ChoiceField(required=False, widget=forms.RadioSelect)
    # Chicane and revokes are rare: left out (as at no-trump, where there is no chicane to
    # offer), they are none.
    chicane_we = chicane_field(engine.Side.WE)
    chicane_they = chicane_field(engine.Side.THEY)
    revokes_we = forms.IntegerField(min_value=0, max_value=13, required=False)
    revokes_they = forms.IntegerField(min_value=0, max_value=13, required=False)
    not_played: forms.Field = forms.BooleanField(required=False, widget=forms.HiddenInput)
    revoke_1_by, revoke_1_penalty = revoke_fields(1)
    revoke_2_by, revoke_2_penalty = revoke_fields(2)

    # Which of the game's records each field keeps.
    RECORDS: ClassVar[dict[str, engine.Record]] = {
        "chicane_we": engine.Record.CHICANE,
        "chicane_they": engine.Record.CHICANE,
        "revokes_we": engine.Record.REVOKES,
        "revokes_they": engine.Record.REVOKES,
        "not_played": engine.Record.PLAYED,
        **{
            f"revoke_{n}_{part}": engine.Record.PENALTIES
            for n in REVOKE_SLOTS
            for part in ("by", "penalty")
        },
    }

    def __init__(
        self,
        *args: Any,
        trump: engine.Trump,
        game: engine.CardGame[Any, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        self.game = game or getattr(self, "game", None) or engine.BRIDGE
        super().__init__(*args, **kwargs)
        self.trump = trump
        game = self.game
        self.offered = game.laws.offers(trump)
        honours = self.fields["honours"]
        assert isinstance(honours, forms.ChoiceField)
        honours.choices = [(offer.code, offer.label) for offer in self.offered]
        for name, record in self.RECORDS.items():
            if record not in game.laws.records:
                self.fields.pop(name, None)

    def revoke_slots(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Whist's revokes, each with its penalty, as the form offers them."""
        if "revoke_1_by" not in self.fields:
            return []
        return [(self[f"revoke_{n}_by"], self[f"revoke_{n}_penalty"]) for n in REVOKE_SLOTS]

    def honours_groups(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The calls on offer, We's and They's apart (and aces easy at no-trump, or two
        each at Whist)."""
        calls = self.offered
        groups = [
            (f"{side.label} held", [(c.code, c.label) for c in calls if c.side is side])
            for side in engine.SIDES
        ]
        easy = [(c.code, c.label) for c in calls if c.side is None]
        return groups + ([("", easy)] if easy else [])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("not_played"):
            return data
        if data.get("tricks") in (None, ""):
            self.add_error("tricks", "Tap the number of tricks the dealer's side won.")
        self._check_revokes(data)
        if not data.get("honours"):
            if "honours" not in self.errors:
                self.add_error("honours", "Choose who held the honours, and how.")
        elif engine.Record.CHICANE not in self.game.laws.records:
            pass
        else:
            self._check_chicane(data)
        return data

    def _check_revokes(self, data: dict[str, Any]) -> None:
        """A revoke named needs its penalty, and a penalty its revoke."""
        for n in REVOKE_SLOTS:
            by, penalty = data.get(f"revoke_{n}_by"), data.get(f"revoke_{n}_penalty")
            if by and not penalty:
                self.add_error(
                    f"revoke_{n}_penalty", "Choose the penalty the adversaries took for it."
                )
            elif penalty and not by:
                self.add_error(f"revoke_{n}_by", "Choose the side that revoked.")

    def penalties(self) -> tuple[engine.Revoke, ...]:
        data = self.cleaned_data
        return tuple(
            engine.Revoke(
                engine.Side(data[f"revoke_{n}_by"]), engine.Penalty(data[f"revoke_{n}_penalty"])
            )
            for n in REVOKE_SLOTS
            if data.get(f"revoke_{n}_by")
        )

    def _check_chicane(self, data: dict[str, Any]) -> None:
        """Chicane as the laws allow it with the honours called: refused, in the players'
        words, against the side whose chicane cannot be."""
        call = _call(data.get("honours", ""))
        if call is None:
            return
        chicane = engine.Pair(data.get("chicane_we") or 0, data.get("chicane_they") or 0)
        try:
            refused = engine.chicane_refused(self.trump, call, chicane)
        except engine.RubberError as error:
            self.add_error("honours", error.problem)
            return
        for side, problem in refused:
            self.add_error(None if side is None else f"chicane_{side.value}", problem)

    def result(self) -> Result:
        data = self.cleaned_data
        if data.get("not_played"):
            return Result(played=False)
        call = _call(data["honours"]) or engine.EASY
        return Result(
            played=True,
            tricks=data["tricks"],
            honours_side=call.side,
            honours=call.honours,
            chicane=engine.Pair(data.get("chicane_we") or 0, data.get("chicane_they") or 0),
            revokes=engine.Pair(data.get("revokes_we") or 0, data.get("revokes_they") or 0),
            penalties=self.penalties(),
        )


class DeclarationForm(RubberWrite, DeclarationFields):
    pass


class ResultForm(RubberWrite, ResultFields):
    pass


class CorrectionForm(RubberWrite, DeclarationFields, ResultFields):
    """A recorded deal, all of it, as it should have been, and why.

    Fields the laws no longer let change are shown disabled, so a browser does not send
    them: the view fills them in from the deal as recorded (`values_of`).
    """

    @staticmethod
    def values_of(deal: Deal) -> dict[str, Any]:
        """A recorded deal as this form's values."""
        return {
            "dealer": deal.dealer,
            "maker": deal.maker,
            "trump": deal.trump,
            "doubles": min(deal.doubles, MOST_DOUBLES_CHOSEN),
            "more_doubles": deal.doubles if deal.doubles > MOST_DOUBLES_CHOSEN else None,
            "not_played": "" if deal.played else "on",
            "tricks": deal.tricks,
            "honours": deal.call.code if deal.played else "",
            "chicane_we": deal.chicane_we,
            "chicane_they": deal.chicane_they,
            "revokes_we": deal.revokes_we,
            "revokes_they": deal.revokes_they,
            **{
                f"revoke_{n}_{part}": revoke[part]
                for n, revoke in zip(REVOKE_SLOTS, deal.penalties or (), strict=False)
                for part in ("by", "penalty")
            },
        }

    # The make, as in ResultFields; the field of that name is in `fields` (Django's forms
    # take declared fields off the class, which django-stubs does not know).
    trump: engine.Trump  # type: ignore[assignment]
    reason = forms.CharField(max_length=200, label="Why it is corrected")
    # Under the Spade Convention a deal may be corrected to one that was not played.
    not_played = forms.ChoiceField(
        choices=[("", "Played"), ("on", "Spades not played")],
        required=False,
        widget=forms.RadioSelect,
        label="Played?",
    )

    def __init__(self, *args: Any, recorded_trump: engine.Trump, **kwargs: Any) -> None:
        data = args[0] if args else kwargs.get("data")
        trump = data.get("trump") if data else None
        if trump not in {t.value for t in engine.Trump}:
            trump = recorded_trump.value
        made = engine.Trump(trump)  # type: ignore[call-arg]  # by value: mypy#10573
        super().__init__(*args, trump=made, **kwargs)
        self.fields["honours"].error_messages["invalid_choice"] = (
            f"Choose the honours as called at {self.trump.label}."
        )
        self.trump_shown = self.trump.value  # the make whose honours are on offer


def honour_choices(trump: engine.Trump) -> list[tuple[str, str]]:
    return [(call.code, call.label) for call in engine.calls_on_offer(trump)]


def _call(value: str) -> engine.Call | None:
    """The call a validated choice stands for; None for none chosen."""
    return engine.Call.parse(value) if value else None


class RemovalForm(RubberWrite):
    reason = forms.CharField(max_length=200, label="Why it is removed")


class DiscardForm(RubberWrite):
    """Throwing away the deal in progress: its key and revision alone."""


class NotPlayedForm(RubberWrite):
    """The Spade Convention's spades not played, in one tap: read as a result."""

    not_played = forms.BooleanField(initial=True, widget=forms.HiddenInput)


class AgreementForm(RubberWrite):
    """Which side agrees: We, They, or both (the staff recording that both sides did)."""

    side_agreeing = forms.ChoiceField(
        choices=[("we", "We"), ("they", "They"), ("both", "Both")], widget=forms.HiddenInput
    )

    def side(self) -> engine.Side | None:
        value = self.cleaned_data["side_agreeing"]
        return None if value == "both" else engine.Side(value)


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


# -- Tables of an evening (scorer/tables.py) -----------------------------------------------------

ARRIVALS = 9  # candidates a table can be formed from at once: six places and three waiting


def _members(label: str, *, required: bool = False) -> forms.ModelChoiceField[Member]:
    return forms.ModelChoiceField(
        queryset=Member.objects.order_by("name"),
        required=required,
        label=label,
        empty_label="Choose a member",
    )


class _Candidate(forms.ModelChoiceField):  # type: ignore[type-arg]  # generic in the stubs alone
    """A candidate, named as the evening knows him: "Mr. Dane (Table 1, sitting out)"."""

    def __init__(self, *args: Any, where: Whereabouts | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.where = where

    def label_from_instance(self, obj: Member) -> str:
        return self.where.label(obj) if self.where is not None else obj.name


class FormTableForm(KeyedForm):
    """A new table: its name and its candidates, in the order they came (Law 17). Shown
    with the evening's whereabouts (`where`), it offers only members who may be chosen,
    each member of a table named with it; sent, it takes any member, and forming the
    table says why one may not be chosen."""

    name = forms.CharField(max_length=40, label="Table")

    def __init__(self, *args: Any, where: Whereabouts | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offered = Member.objects.order_by("name")
        if where is not None:
            offered = offered.exclude(pk__in=list(where.playing))
        for n in range(ARRIVALS):
            self.fields[f"candidate_{n}"] = _Candidate(
                queryset=offered,
                required=False,
                label=f"{n + 1}.",
                empty_label="Choose a member",
                where=where,
            )

    def candidates(self) -> list[Member]:
        return [
            member
            for n in range(ARRIVALS)
            if (member := self.cleaned_data.get(f"candidate_{n}")) is not None
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen = self.candidates()
        if len(chosen) < 4:
            raise forms.ValidationError(
                "Choose four candidates at least: a table needs four players."
            )
        if len({member.pk for member in chosen}) != len(chosen):
            raise forms.ValidationError("A candidate is chosen twice.")
        return data


class TableWriteForm(KeyedForm):
    """A write at a table: `seen` is the table's revision when the form was shown."""


class MemberAtTableForm(TableWriteForm):
    member = _members("Member", required=True)


class WithdrawClaimForm(MemberAtTableForm):
    """Withdrawing a claim to enter: the member whose claim it is, as the page lists it."""

    member = forms.ModelChoiceField(queryset=Member.objects.all(), widget=forms.HiddenInput)


class SubstituteForm(TableWriteForm):
    quitting = _members("Who quits", required=True)
    substitute = _members("His substitute", required=True)
    consent = forms.BooleanField(
        label="The other three players consent (Law 27)",
        error_messages={
            "required": "The other three players must consent to a substitute (Law 27)."
        },
    )


class DepartForm(TableWriteForm):
    """The players' agreement to depart from the cut: the four who play instead."""

    def __init__(self, *args: Any, members: Sequence[Member] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        pks = [member.pk for member in members]
        for n in range(4):
            field = _members(f"Player {n + 1}", required=True)
            field.queryset = Member.objects.filter(pk__in=pks).order_by("name")
            self.fields[f"player_{n}"] = field

    def players(self) -> list[Member]:
        return [self.cleaned_data[f"player_{n}"] for n in range(4)]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen = [data.get(f"player_{n}") for n in range(4)]
        if all(chosen) and len({m.pk for m in chosen if m is not None}) != 4:
            raise forms.ValidationError("Four different players: one is chosen twice.")
        return data
