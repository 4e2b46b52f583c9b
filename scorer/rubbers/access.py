"""Who may see and write a rubber: any member sees it; its players and the staff record in
it; a player agrees for his own side, the staff for either or both. A substitute (Law 27)
records and agrees as the player she replaces could."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from scorer import engine
from scorer.plumbing.reading import page_read_or_404
from scorer.rubbers import live, reads
from scorer.rubbers.models import Correction, Rubber


def corrections_of(rubber: Rubber) -> list[Correction]:
    return list(rubber.corrections.select_related("made_by__member"))


def state_or_404(pk: int, *, at_one_moment: bool = True) -> reads.RubberState:
    """The rubber as it stood at one moment, for a page: its sheet and the revision its
    forms carry (`read_at_one_moment`). A write reads it as it stands, and checks the
    revision its page carried under its own lock."""
    return page_read_or_404(
        lambda: reads.rubber_state_of(pk),
        lambda state: state.rubber.revision,
        lambda: live.revision_of(pk),
        at_one_moment=at_one_moment,
        missing=Rubber.DoesNotExist,
        absent=f"There is no rubber {pk}.",
    )


def state_to_write(request: HttpRequest, pk: int) -> reads.RubberState:
    """The rubber, if this user may record in it: one of its players (a substitute too), or
    the staff."""
    state = state_or_404(pk, at_one_moment=False)
    if not may_write(request, state):
        raise PermissionDenied("Only the rubber's four players and the club's staff record deals.")
    return state


def may_write(request: HttpRequest, state: reads.RubberState) -> bool:
    user = request.user
    return user.is_staff or any(member.user_id == user.pk for member in state.players)


def sides_for(request: HttpRequest, state: reads.RubberState) -> set[engine.Side | None]:
    """The sides this user may agree for: his own; the staff, either or both (None)."""
    if request.user.is_staff:
        return {engine.Side.WE, engine.Side.THEY, None}
    return {
        engine.side_of_seat(position)
        for position, member in enumerate(state.seats)
        if request.user.pk in (member.user_id, state.player_at(position).user_id)
    }
