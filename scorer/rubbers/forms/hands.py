"""The card picker's forms (§9): a step of it (the hands picked so far, carried in the page,
and the cards chosen for the next), and the four hands sent to be kept. Which cards make a
hand is the engine's to say (`scorer.engine.cards.dealt`)."""

from __future__ import annotations

from typing import Any

from django import forms

from scorer.engine.cards import CARDS, CardError, Hand, Hands, dealt
from scorer.rubbers.forms.deals import Errors, RubberWrite

PICKED_DAMAGED = "The hands picked so far were damaged on the way: pick them again."
HANDS_DAMAGED = "The hands were damaged on the way: pick them again."


def sentence(problem: str) -> str:
    return f"{problem[0].upper()}{problem[1:]}."


class PickForm(forms.Form):
    """A step of the picker: the hands picked before it, as a line (none to three), the
    cards chosen for the next hand, and the rubber's revision when picking began. Nothing
    is written until the four hands are sent."""

    picked = forms.CharField(required=False, max_length=67, strip=False, widget=forms.HiddenInput)
    revision = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    cards = forms.MultipleChoiceField(
        required=False,
        choices=[(str(card), str(card)) for card in CARDS],
        error_messages={"invalid_choice": "Choose the cards among those shown."},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("error_class", Errors)
        super().__init__(*args, **kwargs)

    def clean_picked(self) -> tuple[Hand, ...]:
        line: str = self.cleaned_data["picked"]
        texts = line.split(" ") if line else []
        if len(texts) >= len(dealt.PICKED):
            raise forms.ValidationError(PICKED_DAMAGED)
        picked: list[Hand] = []
        for position, text in zip(dealt.PICKED, texts, strict=False):
            try:
                cards = [str(card) for card in Hand.parse(text)]
                picked.append(dealt.picked_hand(cards, picked, dealt.position_words(position)))
            except CardError:
                raise forms.ValidationError(PICKED_DAMAGED) from None
        return tuple(picked)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        picked = data.get("picked")
        if picked is None:
            return data
        position = dealt.PICKED[len(picked)]
        try:
            data["hand"] = dealt.picked_hand(
                data.get("cards", []), picked, dealt.position_words(position)
            )
        except CardError as error:
            self.add_error("cards", sentence(error.problem))
        return data


class HandsForm(RubberWrite):
    """The four hands, sent to be kept with the deal in progress."""

    hands = forms.CharField(max_length=67, strip=False, widget=forms.HiddenInput)

    def clean_hands(self) -> Hands:
        try:
            return Hands.read(dealt.hands_json(self.cleaned_data["hands"]))
        except CardError:
            raise forms.ValidationError(HANDS_DAMAGED) from None
