"""The desk's forms: the stake, table money and its waivers, a payment (who paid whom: a
member or the house) and its reversal."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django import forms
from django.forms.models import ModelChoiceIterator, ModelChoiceIteratorValue

from ledger.desk.models import Payment, TableCharge
from ledger.money import MOST_CHARGE, MOST_HUNDREDS, MOST_PAYMENT, MOST_STAKE, STAKE_PLACES
from ledger.records import HOUSE
from scorer.club.models import Member
from scorer.plumbing.keys import KeyedForm


class StakeForm(KeyedForm):
    """A new stake; `seen` is the stake in force when the form was shown."""

    per_hundred = forms.DecimalField(
        min_value=Decimal(0),
        max_value=MOST_STAKE,
        decimal_places=STAKE_PLACES,
        label="Money a hundred points",
        widget=forms.NumberInput(attrs={"step": "0.0001", "inputmode": "decimal"}),
    )
    per_point = forms.DecimalField(
        min_value=Decimal(0),
        max_value=MOST_STAKE,
        decimal_places=STAKE_PLACES,
        initial=Decimal(0),
        required=False,
        label="Short Whist: money a point",
        widget=forms.NumberInput(attrs={"step": "0.0001", "inputmode": "decimal"}),
    )
    currency = forms.RegexField(
        regex=r"^[A-Za-z]{3}$",
        initial="GBP",
        label="Currency",
        error_messages={"invalid": "Enter the currency's three letters, as GBP or USD."},
    )
    smallest_unit = forms.DecimalField(
        min_value=Decimal("0.0001"),
        max_value=Decimal(100),
        decimal_places=4,
        initial=Decimal("0.01"),
        label="Smallest unit of the currency",
        widget=forms.NumberInput(attrs={"step": "0.0001", "inputmode": "decimal"}),
    )


class TableChargeForm(KeyedForm):
    """Table money from now on; `seen` is the charge in force when the form was shown.
    A fixed amount, or so many hundred points at the stake: one of the two."""

    basis = forms.ChoiceField(
        choices=TableCharge.BASES,
        initial=TableCharge.PER_RUBBER,
        widget=forms.RadioSelect,
        label="Charged to",
    )
    amount = forms.DecimalField(
        required=False,
        min_value=Decimal(0),
        max_value=MOST_CHARGE,
        decimal_places=STAKE_PLACES,
        label="A fixed amount",
        widget=forms.NumberInput(attrs={"step": "0.0001", "inputmode": "decimal"}),
    )
    hundreds = forms.DecimalField(
        required=False,
        min_value=Decimal(0),
        max_value=MOST_HUNDREDS,
        decimal_places=STAKE_PLACES,
        label="Or hundreds of points at the stake",
        widget=forms.NumberInput(attrs={"step": "0.0001", "inputmode": "decimal"}),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        given = [data[name] for name in ("amount", "hundreds") if name in data]
        if len(given) == 2 and (given[0] is None) == (given[1] is None):
            raise forms.ValidationError(
                "Give table money as a fixed amount or as hundreds of points at the "
                "stake: one of the two (0 for none)."
            )
        return data


class WaiverForm(KeyedForm):
    """Waiving one member's table money, with the reason."""

    reason = forms.CharField(
        max_length=150, label="Reason", help_text="The host, the director, a guest night."
    )


THE_HOUSE = "house"

if TYPE_CHECKING:  # generic to the type checker only
    _MemberChoices = ModelChoiceIterator[Member]
    _MemberField = forms.ModelChoiceField[Member]
else:
    _MemberChoices, _MemberField = ModelChoiceIterator, forms.ModelChoiceField


class _MembersAndTheHouse(_MemberChoices):
    """The house first, after the empty choice, then every member."""

    def __iter__(self) -> Iterator[tuple[ModelChoiceIteratorValue | str, str]]:
        choices = super().__iter__()
        if self.field.empty_label is not None:
            yield next(choices)
        yield (THE_HOUSE, f"{HOUSE} (table money)")
        yield from choices

    def __len__(self) -> int:
        return super().__len__() + 1


class PartyField(_MemberField):
    """A member, or the house (cleaned to None): who pays or is paid."""

    iterator = _MembersAndTheHouse

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            queryset=Member.objects.all(), empty_label="Choose a member or the house", **kwargs
        )

    def clean(self, value: Any) -> Member | None:
        if value == THE_HOUSE:
            return None
        member: Member = super().clean(value)
        return member


class PaymentForm(KeyedForm):
    # Nobody is chosen to begin with, so that payer and payee are never the same by default.
    payer = PartyField(label="Paid by")
    payee = PartyField(label="Paid to")
    amount = forms.DecimalField(
        min_value=Decimal("0.0001"),
        max_value=MOST_PAYMENT,
        decimal_places=4,
        widget=forms.NumberInput(attrs={"step": "any", "inputmode": "decimal"}),
    )
    method = forms.ChoiceField(
        choices=Payment.METHODS, initial="cash", widget=forms.RadioSelect, label="How"
    )
    note = forms.CharField(max_length=200, required=False)

    def clean(self) -> dict[str, object]:
        super().clean()
        data = self.cleaned_data
        if "payer" in data and "payee" in data and data["payer"] == data["payee"]:
            raise forms.ValidationError(
                "A member cannot pay himself." if data["payer"] else "The house cannot pay itself."
            )
        return data


class ReverseForm(KeyedForm):
    """Reversing a payment recorded by mistake."""
