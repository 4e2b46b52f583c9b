"""A deal's forms: the declaration, the result, or the whole deal in one save once it is
over; a correction of either, removing, discarding or undoing a deal, accepting one for the
other side, and agreeing the rubber. Each carries its own key and the rubber's revision it
was shown at."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Sequence
from typing import Any, ClassVar

from django import forms
from django.forms.utils import ErrorList
from django.utils.safestring import SafeString

from scorer import engine
from scorer.engine import PENALTY_CHOICES
from scorer.rubbers.models import Deal
from scorer.rubbers.writes import Declaration, Result

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


def grouped_calls(calls: Sequence[engine.Offer]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Calls of honours as a form offers them: We's and They's apart, then any held by
    neither (aces easy, or two each at Whist)."""
    groups = [
        (f"{side.label} held", [(c.code, c.label) for c in calls if c.side is side])
        for side in engine.SIDES
    ]
    easy = [(c.code, c.label) for c in calls if c.side is None]
    return groups + ([("", easy)] if easy else [])


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

    def revoke_steppers(self) -> list[tuple[forms.BoundField, str]]:
        """Bridge's revokes, each side's counted, as the form offers them."""
        if "revokes_we" not in self.fields:
            return []
        return [(self[f"revokes_{side.value}"], side.label) for side in engine.SIDES]

    def revoke_slots(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Whist's revokes, each with its penalty, as the form offers them."""
        if "revoke_1_by" not in self.fields:
            return []
        return [(self[f"revoke_{n}_by"], self[f"revoke_{n}_penalty"]) for n in REVOKE_SLOTS]

    def honours_groups(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The calls on offer, We's and They's apart (and aces easy at no-trump, or two
        each at Whist)."""
        return grouped_calls(self.offered)

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


@functools.cache
def every_call(game: engine.CardGame[Any, Any]) -> list[tuple[str, str]]:
    """The calls of honours on offer at any of a game's makes, each once (the game's answer
    does not change: kept, for a form drawn with every save)."""
    every = {o.code: o for trump in game.laws.trumps for o in game.laws.offers(trump)}
    return [(offer.code, offer.label) for offer in every.values()]


class DealForm(RubberWrite, DeclarationFields, ResultFields):
    """The whole deal in one save, once it is over: the declaration and the result together,
    judged by both their checks. The honours on offer are every make's, each make's shown
    with it (the page shows those of the make chosen); a call sent for another make is
    refused, naming the make."""

    # The make, as in ResultFields; the field of that name is in `fields` (Django's forms
    # take declared fields off the class, which django-stubs does not know).
    trump: engine.Trump  # type: ignore[assignment]
    # Spades not played under the Spade Convention: a chip beside the result, not a field
    # of its own that a browser would hide (the two steps' form sends it hidden).
    not_played = forms.BooleanField(required=False, label="Spades not played: the maker takes 2")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        data = args[0] if args else kwargs.get("data")
        game = kwargs.get("game") or engine.BRIDGE
        sent = data.get("trump") if data else None
        made = next((t for t in game.laws.trumps if t.value == sent), game.laws.trumps[0])
        super().__init__(*args, trump=made, **kwargs)
        honours = self.fields["honours"]
        assert isinstance(honours, forms.ChoiceField)
        honours.choices = every_call(self.game)

    def suit_honours(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The calls on offer at a suit: the same at every suit."""
        return grouped_calls(self.game.laws.offers(engine.Trump.SPADES))

    def no_trump_honours(self) -> list[tuple[str, list[tuple[str, str]]]]:
        return grouped_calls(self.game.laws.offers(engine.Trump.NO_TRUMP))

    def clean(self) -> dict[str, Any]:
        data = self.cleaned_data
        if data.get("trump"):  # the honours and chicane judged at the make chosen
            self.trump = engine.Trump(data["trump"])  # type: ignore[call-arg]  # by value
        self.offered = self.game.laws.offers(self.trump)
        honours = data.get("honours")
        offered = {offer.code for offer in self.offered}
        if honours and not data.get("not_played") and honours not in offered:
            self.add_error("honours", f"Choose the honours as called at {self.trump.label}.")
        return super().clean()


def honour_choices(trump: engine.Trump) -> list[tuple[str, str]]:
    return [(call.code, call.label) for call in engine.calls_on_offer(trump)]


def _call(value: str) -> engine.Call | None:
    """The call a validated choice stands for; None for none chosen."""
    return engine.Call.parse(value) if value else None


class RemovalForm(RubberWrite):
    reason = forms.CharField(max_length=200, label="Why it is removed")


class DiscardForm(RubberWrite):
    """Throwing away the deal in progress: its key and revision alone."""


class UndoForm(RubberWrite):
    """Undoing the last entry, made in error: the deal it was shown for."""

    number = forms.IntegerField(min_value=1, max_value=1000, widget=forms.HiddenInput)


class AcceptanceForm(RubberWrite):
    """Accepting a recorded deal for the other side: the deal."""

    number = forms.IntegerField(min_value=1, max_value=1000, widget=forms.HiddenInput)


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
