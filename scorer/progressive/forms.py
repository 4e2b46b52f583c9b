"""The forms of a Progressive evening's own: opening it, a member or a guest arriving, a
player removed before the draw, and the evening's steps (the draw, the next round, the
end, revoking the noticeboard), each carrying its key and the evening's revision it was
shown at (`seen`).

At a table the forms are the rubber's own (scorer/rubbers/forms/deals.py): the declaration,
the result, a correction, an agreement, discarding a deal; they carry the table's revision.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Q, QuerySet
from django.utils import timezone

from scorer.club import places
from scorer.club.models import Member
from scorer.engine.bounds import MOST_DEALS_A_ROUND
from scorer.plumbing.keys import KeyedForm
from scorer.progressive.models import ProgressiveEvening, ProgressivePlayer
from scorer.rubbers.forms.deals import ResultForm


class OpenEveningForm(KeyedForm):
    name = forms.CharField(max_length=80, label="Name", initial="Progressive evening")
    day = forms.DateField(
        label="Day", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    deals_a_round = forms.IntegerField(
        min_value=1,
        max_value=MOST_DEALS_A_ROUND,
        initial=4,
        label="Deals a round",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text="At each table, the deals played before the winners move on.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("day", timezone.localdate())
        super().__init__(*args, **kwargs)


class EveningWriteForm(KeyedForm):
    """A step of the evening: `seen` is the evening's revision when the form was shown."""


class AddMemberForm(EveningWriteForm):
    member = forms.ModelChoiceField(queryset=Member.objects.all(), widget=forms.HiddenInput)


class AddGuestForm(EveningWriteForm):
    guest = forms.CharField(max_length=60, label="A guest's name")


class RemovePlayerForm(EveningWriteForm):
    player = forms.ModelChoiceField(
        queryset=ProgressivePlayer.objects.all(), widget=forms.HiddenInput
    )


def arriving(evening: ProgressiveEvening, search: str) -> QuerySet[Member]:
    """The members not yet playing, those matching the search if one is given."""
    members = places.free_to_play(Member.objects.all()).exclude(
        pk__in=evening.players.filter(member__isnull=False).values("member")
    )
    search = search.replace("\x00", "").strip()  # no name holds a NUL
    if search:
        members = members.filter(Q(name__icontains=search) | Q(short_name__icontains=search))
    return members.order_by("name")


class PointsResultForm(ResultForm):
    """The rubber's result form, less its one-tap "spades not played": playing for points,
    every deal is played (there is no game score for the Spade Convention to look at)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields.pop("not_played", None)
