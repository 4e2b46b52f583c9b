"""The forms of the evening's tables: forming one from its candidates, and each write at a
table, which carries what the page showed of it (its revision) to be refused if it has
changed since."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from django import forms

from scorer.club import places
from scorer.club.models import Member
from scorer.plumbing.keys import KeyedForm
from scorer.rubbers import choosing
from scorer.tables.models import ARRIVALS
from scorer.tables.reads import Whereabouts

FOUR = 4  # candidates a table needs at least


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
    tonight's players first (`scorer/rubbers/choosing.py`), each member of a table named
    with it; sent, it takes any member, and forming the table says why one may not be
    chosen."""

    name = forms.CharField(max_length=40, label="Table")

    def __init__(
        self,
        *args: Any,
        where: Whereabouts | None = None,
        chooser: Member | None = None,
        **kwargs: Any,
    ) -> None:
        """`chooser`: the member forming it (None, one of the staff), whose partners of
        late are offered after tonight's players."""
        super().__init__(*args, **kwargs)
        offered = Member.objects.order_by("name")
        if where is not None:
            offered = offered.exclude(pk__in=list(where.playing))
        for n in range(ARRIVALS):
            self.fields[f"candidate_{n}"] = _Candidate(
                queryset=offered,
                required=False,
                label=f"{n + 1}.",
                where=where,
            )
        self.chooser = chooser
        # Offered: those free to play (a person sits at one table); one sent all the same
        # is refused by the write, naming where he is playing.
        self._offered = places.free_to_play(offered)

    @cached_property
    def offered(self) -> list[choosing.Group]:
        """The members each candidate's list offers, tonight's players first."""
        return choosing.offered(self._offered, self.chooser)

    def places(self) -> list[tuple[forms.BoundField, str]]:
        """Each candidate's choice in the order they came, and its row choosing nobody:
        a table needs four, and those after them may be left empty."""
        return [(self[f"candidate_{n}"], "Nobody" if n >= FOUR else "") for n in range(ARRIVALS)]

    def candidates(self) -> list[Member]:
        return [
            member
            for n in range(ARRIVALS)
            if (member := self.cleaned_data.get(f"candidate_{n}")) is not None
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen = self.candidates()
        if len(chosen) < FOUR:
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


class OwnClaimForm(MemberAtTableForm):
    """A claim to enter made from the table's follow link (its QR code) by the member
    signed in: his own, so his name goes hidden."""

    member = forms.ModelChoiceField(queryset=Member.objects.all(), widget=forms.HiddenInput)


class WithdrawClaimForm(MemberAtTableForm):
    """Withdrawing a claim to enter: the member whose claim it is, as the page lists it."""

    member = forms.ModelChoiceField(queryset=Member.objects.all(), widget=forms.HiddenInput)


class SubstituteForm(TableWriteForm):
    """A substitute for one of the rubber's players (Law 27). Shown with the rubber's
    players (`playing`), it offers them as who quits and, as his substitute, only members
    free to play, by surname; sent, it takes any member, and the write refuses one playing
    elsewhere, naming where."""

    quitting = _members("Who quits", required=True)
    substitute = _members("His substitute", required=True)
    consent = forms.BooleanField(
        label="The other three players consent (Law 27)",
        error_messages={
            "required": "The other three players must consent to a substitute (Law 27)."
        },
    )

    def __init__(self, *args: Any, playing: Sequence[Member] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if playing is None:
            return
        pks = [member.pk for member in playing]
        self.fields["quitting"].queryset = Member.objects.filter(pk__in=pks)  # type: ignore[attr-defined]
        free = places.free_to_play(Member.objects.exclude(pk__in=pks))
        self.fields["substitute"].choices = [  # type: ignore[attr-defined]
            ("", "Choose a member"),
            *((m.pk, m.name) for m in choosing.by_surname(free)),
        ]


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
