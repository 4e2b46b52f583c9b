"""Agreeing the rubber's value, side by side, and taking an agreement back before the other
side has given theirs."""

from __future__ import annotations

from functools import partial

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseBase
from django.views.decorators.http import require_POST

from scorer.plumbing.http import SignedInRequest
from scorer.rubbers import writes
from scorer.rubbers.access import sides_for, state_to_write
from scorer.rubbers.forms.deals import AgreementForm
from scorer.rubbers.views.rubber import render_rubber, write


@login_required
@require_POST
def agree(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """A side agrees the rubber's value (its result, or abandoning it unfinished); the
    staff may record that both sides agreed."""
    state = state_to_write(request, pk)
    form = AgreementForm(request.POST)
    if not form.is_valid():
        return render_rubber(request, state, message="Choose which side agrees.", status=422)
    side = form.side()
    if side not in sides_for(request, state):
        raise PermissionDenied("A player agrees for his own side; the staff for both.")
    return write(request, state, form, partial(writes.agree, side=side))


@login_required
@require_POST
def withdraw(request: SignedInRequest, pk: int) -> HttpResponseBase:
    """Take back a side's agreement before the other side has given theirs."""
    state = state_to_write(request, pk)
    form = AgreementForm(request.POST)
    side = form.side() if form.is_valid() else None
    if side is None or side not in sides_for(request, state):
        raise PermissionDenied("A player takes back his own side's agreement.")
    return write(request, state, form, partial(writes.withdraw, side=side))
