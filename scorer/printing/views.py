"""What the club prints: a rubber's sheet, blank score pads, an evening's results (on screen
and as PDF), and the page that offers them."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from scorer.club.models import Club
from scorer.printing import documents
from scorer.printing.forms import EveningForm, PrintForm
from scorer.printing.presenters import evening as evening_lines
from scorer.rubbers import reads
from scorer.rubbers.access import corrections_of, state_or_404
from scorer.rubbers.models import Rubber


@login_required
@require_GET
def rubber_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The rubber's sheet as PDF, for the rubber book."""
    state = state_or_404(pk)
    pdf = documents.rubber_document(
        state, corrections_of(state.rubber), documents.paper(request.GET.get("paper"))
    )
    day = timezone.localtime(state.rubber.started_at).date()
    return _pdf(pdf, documents.filename("rubber", pk, day))


@login_required
@require_GET
def print_page(request: HttpRequest) -> HttpResponse:
    """What can be printed: blank pads, an evening's results, any rubber from its page."""
    club = Club.get()
    return _printing_page(request, PrintForm(initial={"paper": club.paper, "game": club.game}))


@login_required
@require_GET
def pad_print(request: HttpRequest) -> HttpResponse:
    """Blank score pads as PDF; asked for badly, the Printing page again, as it was filled
    in, with what is wrong."""
    form = PrintForm(request.GET)
    if not form.is_valid():
        return _printing_page(request, form, status=400)
    data = form.cleaned_data
    pdf = documents.pad_document(
        data["per_page"], data["pages"], documents.paper(data["paper"]), form.chosen_game()
    )
    return _pdf(pdf, documents.filename("score-pad", None, timezone.localdate()))


def _printing_page(request: HttpRequest, pads: PrintForm, *, status: int = 200) -> HttpResponse:
    return render(
        request,
        "printing/print.html",
        {
            "pads": pads,
            "evening": EveningForm(initial={"day": timezone.localdate()}),
            "tables": Rubber.objects.values_list("table", flat=True).distinct().order_by("table"),
        },
        status=status,
    )


@login_required
@require_GET
def evening(request: HttpRequest) -> HttpResponse:
    """An evening's rubbers, one line each, and each member's points; ?print=1 for PDF."""
    form = EveningForm(request.GET or {"day": timezone.localdate().isoformat()})
    if not form.is_valid():
        return render(request, "printing/evening.html", {"form": form}, status=400)
    day, table = form.cleaned_data["day"], form.cleaned_data["table"]
    rubbers = Rubber.objects.filter(started_at__date=day).order_by("started_at")
    if table:
        rubbers = rubbers.filter(table=table)
    states = reads.states_of(rubbers)
    title = f"{table + ', ' if table else ''}{day:%A %-d %B %Y}"
    if request.GET.get("print"):
        pdf = documents.evening_document(
            title, states, documents.paper(form.cleaned_data["paper"] or None)
        )
        return _pdf(pdf, documents.filename("evening", None, day))
    lines, points = evening_lines(states)
    return render(
        request,
        "printing/evening.html",
        {"form": form, "title": title, "lines": lines, "points": points},
    )


def _pdf(pdf: bytes, name: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response
