"""Starting a rubber: the form, with tonight's players free to play offered first, and
nothing started while a member chosen is still seated in a rubber in play elsewhere
(named, with its page, to be finished or abandoned there) or playing anywhere else (the
refusal of `scorer.club.places`, in words)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from scorer.club.models import Member
from scorer.plumbing.converters import number
from scorer.plumbing.http import SignedInRequest
from scorer.plumbing.keys import Refused
from scorer.rubbers import reads, signals, writes
from scorer.rubbers.forms.starting import StartRubberForm
from scorer.rubbers.models import Rubber
from scorer.rubbers.presenters import rubber_rows


@login_required
@require_http_methods(["GET", "POST"])
def start_rubber(request: SignedInRequest) -> HttpResponse:
    member = getattr(request.user, "member", None)
    if member is None and not request.user.is_staff:
        raise PermissionDenied("Only members of the club and its staff may start a rubber.")
    elsewhere: list[tuple[Member, reads.RubberState]] = []
    if request.method == "POST":
        form = StartRubberForm(request.POST, chooser=member)
        if form.is_valid():
            members = form.members()
            elsewhere = reads.seated_elsewhere(members)
            if not request.user.is_staff and member not in members:
                form.add_error(None, "You may start only a rubber you are playing in.")
            elif not elsewhere:
                try:
                    rubber = writes.start_rubber(
                        table=form.cleaned_data["table"],
                        members=members,
                        first_dealer=form.dealer(),
                        user=request.user,
                        key=form.cleaned_data["key"],
                        game=form.chosen_game(),
                        unit=form.chosen_unit(),
                    )
                except Refused as refused:  # playing elsewhere: a person sits at one table
                    form.add_error(None, str(refused))
                else:
                    return redirect("scorer:rubber", pk=rubber.pk)
    else:
        form = StartRubberForm(initial=_same_table(request), chooser=member)
    context = {
        "form": form,
        "elsewhere": list(
            zip((m for m, _ in elsewhere), rubber_rows(s for _, s in elsewhere), strict=True)
        ),
        # What a rubber started now is played for: no stake in force is said before it starts.
        "terms": signals.terms_of(None),
    }
    # 409: nothing started while players chosen are seated in a rubber in play elsewhere.
    status = 422 if form.errors else 409 if elsewhere else 200
    return render(request, "rubbers/start.html", context, status=status)


def _same_table(request: HttpRequest) -> dict[str, Any]:
    """The game and seats of an earlier rubber, for "New rubber, same table", and its
    table's name unless it was a table of the evening: that table's next rubber is its cut
    (and it may have broken up since), not this form."""
    same = number(request.GET.get("same", ""))
    rubber = Rubber.objects.filter(pk=same).first() if same is not None else None
    if rubber is None:
        return {}
    game = rubber.game_rules
    initial: dict[str, Any] = {"game": game.code, "unit": rubber.unit}
    if rubber.at_table_id is None:
        initial["table"] = rubber.table
    by_seat = {seat.position: seat.member_id for seat in rubber.seats.all()}
    players = game.seating.next_seating(tuple(by_seat[seat] for seat in game.seating.seats))
    for seat, member in zip(game.seating.seats, players, strict=True):
        initial[f"seat_{seat}"] = member
    return initial
