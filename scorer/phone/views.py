"""The site as an app on a phone (docs/offline.md): its manifest, its service worker, the
address it opens at, the forms a phone fills in while offline, and the page it shows for a
page not kept."""

from __future__ import annotations

import json
from types import SimpleNamespace

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET

from scorer import engine
from scorer.phone import app
from scorer.plumbing.http import SignedInRequest
from scorer.rubbers.access import may_write, state_or_404
from scorer.rubbers.forms.deals import DeclarationForm, ResultForm
from scorer.rubbers.models import Rubber
from scorer.rubbers.presenters import pair_names, seat_names, tricks_legend


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """What "Add to home screen" reads: the app's name, icons, colours and first page."""
    icons = [
        {"src": static(f"icons/{name}"), "sizes": f"{size}x{size}", "type": "image/png"}
        | ({"purpose": purpose} if purpose != "any" else {})
        for name, size, purpose in app.ICONS
        if size >= 192
    ]
    icons.append({"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"})
    return JsonResponse(
        {
            "id": "/",
            "name": app.NAME,
            "short_name": app.SHORT_NAME,
            "description": "Score Bridge by the Laws of 1905 at the table, on every phone.",
            "start_url": reverse("scorer:resume"),
            "scope": "/",
            "display": "standalone",
            "background_color": app.PAPER,
            "theme_color": app.PAPER,
            "icons": icons,
        },
        content_type="application/manifest+json",
    )


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker, at the site's root so that its scope is the whole site, told the
    release and the files it keeps. Never cached: the browser compares it on each visit,
    and a new release's worker replaces the old one's files."""
    config = {
        "RELEASE": app.release(),
        "STATIC_FILES": app.kept_static_urls(),
        "OFFLINE_PAGE": reverse("scorer:offline_page"),
        "RESUME_PAGE": reverse("scorer:resume"),
    }
    preamble = "".join(f"const {name} = {json.dumps(value)};\n" for name, value in config.items())
    response = HttpResponse(preamble + app.worker_source(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response


@login_required
@require_GET
def resume(request: SignedInRequest) -> HttpResponseBase:
    """Where the app opens: the phone's worker sends it to the rubber it was following;
    without one, the latest rubber not yet agreed that this member plays in, or the list."""
    member = getattr(request.user, "member", None)
    playing = Rubber.objects.filter(seats__member=member, agreed_at__isnull=True)
    rubber = playing.order_by("-started_at").first() if member else None
    return redirect("scorer:rubber", pk=rubber.pk) if rubber else redirect("scorer:home")


@login_required
@require_GET
def offline_forms(request: SignedInRequest, pk: int) -> HttpResponse:
    """The forms a phone may reach while offline, kept by its worker: the declaration,
    and the result for each make and each side dealing. Its script fills in the deal's
    number, the revision and a key of each form's own."""
    state = state_or_404(pk)
    if not may_write(request, state):
        raise PermissionDenied("Only the rubber's players and the club's staff record in it.")
    names = pair_names(state)
    results = [
        {
            "trump": trump.value,
            "side": side.value,
            "form": ResultForm(trump=trump, game=state.game),
            "deal": SimpleNamespace(number=0, trump=trump.value),
            "legend": tricks_legend(side, names),
        }
        for trump in state.game.laws.trumps
        for side in engine.SIDES
    ]
    # Each seat's side, and who deals after it: the deal passes to the left (Law 32).
    seats = [
        {"side": engine.side_of_seat(seat).value, "next": engine.next_dealer(seat)}
        for seat in engine.SEATS
    ]
    context = {
        "rubber": state.rubber,
        "state": state,
        "game": state.game,
        "declaration": DeclarationForm(seats=seat_names(state), game=state.game),
        "results": results,
        "seats": json.dumps(seats),
    }
    return render(request, "phone/offline.html", context)


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """Shown by the worker for a page it has not kept; the same for every member, so kept
    with the static files."""
    return render(request, "phone/offline_page.html")
