"""Hand records, from the Printing page: boards dealt here or read from a PBN file, then
what is made of them: hand records and curtain cards as PDF, and the boards as a PBN
file. Nothing is kept on the server but the boards' analyses (§12), asked for as they are
dealt or read and worked out in the background, the page following their progress: the
page that shows the boards carries them, as PBN, to each document asked for from it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_POST

from scorer.analysis import reads as analyses
from scorer.analysis import writes as asking
from scorer.club.models import Club
from scorer.engine.cards import Board, PbnError, deal_boards, pbn_bytes, pbn_text
from scorer.engine.cards.records import Layout, boards_named
from scorer.printing import hand_records
from scorer.printing.forms import DealForm, DocumentForm, PbnForm
from scorer.printing.hand_records import MOST_BODY

TOO_LARGE = f"{hand_records.TOO_LARGE[0].upper()}{hand_records.TOO_LARGE[1:]}."
NOTHING_KEPT = "Nothing is kept here: download the PBN file to keep them."

type View = Callable[[HttpRequest], HttpResponse]


def bounded(view: View) -> View:
    """A post that may be large: refused in a sentence, unread, beyond MOST_BODY bytes,
    or beyond Django's bound on a form's fields; its CSRF token checked only once it is
    known to be within them (Django's check reads the whole body)."""
    protected = csrf_protect(view)

    @csrf_exempt
    def within(request: HttpRequest) -> HttpResponse:
        length = request.META.get("CONTENT_LENGTH") or "0"
        if not length.isdigit() or int(length) > MOST_BODY:
            return _page(request, refusal=TOO_LARGE, status=413)
        try:
            return protected(request)
        except RequestDataTooBig:
            return _page(request, refusal=TOO_LARGE, status=413)

    within.__doc__ = view.__doc__
    return within


@login_required
@require_POST
def deal(request: HttpRequest) -> HttpResponse:
    """Boards dealt from a secure shuffle, shown with what can be made of them."""
    form = DealForm(request.POST)
    if not form.is_valid():
        return _page(request, deal_form=form, status=400)
    boards = deal_boards(form.cleaned_data["boards"], first=form.cleaned_data["first"])
    asked = asking.ask_for(hand_records.dealt_hands(boards))
    summary = f"{boards_named(_numbers(boards))}, dealt just now."
    return _boards_page(request, boards, summary, asked)


@login_required
@require_POST
@bounded
def read(request: HttpRequest) -> HttpResponse:
    """Boards read from a PBN file, shown with what can be made of them."""
    form = PbnForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, pbn_form=form, status=400)
    boards: tuple[Board, ...] = form.cleaned_data["pbn"]
    asked = asking.ask_for(hand_records.dealt_hands(boards))
    summary = f"{boards_named(_numbers(boards))}, from {form.name}."
    return _boards_page(request, boards, summary, asked, skipped=form.skipped)


@login_required
@require_POST
@bounded
def document(request: HttpRequest) -> HttpResponse:
    """Hand records or curtain cards as PDF, or the boards as a PBN file, to download."""
    form = DocumentForm(request.POST)
    if not form.is_valid():
        return _page(request, documents=form, status=400)
    boards: tuple[Board, ...] = form.cleaned_data["picked"]
    numbers = _numbers(boards)
    span = f"{numbers[0]}" if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"
    chosen = form.cleaned_data["document"]
    if chosen == "pbn":
        return _download(pbn_bytes(boards), "text/plain; charset=iso-8859-1", f"boards-{span}.pbn")
    layout = Layout(form.cleaned_data["layout"])
    paper = form.cleaned_data["paper"]
    if chosen == "records":
        pdf = hand_records.records_pdf(boards, layout=layout, paper=paper)
        return _download(pdf, "application/pdf", f"hand-records-{span}.pdf")
    pdf = hand_records.curtain_cards_pdf(boards, layout=layout, paper=paper)
    return _download(pdf, "application/pdf", f"curtain-cards-{span}.pdf")


@login_required
@require_GET
def analysis_progress(request: HttpRequest) -> HttpResponse:
    """How far the boards' analyses have got, for the page that shows them: every two
    seconds until they are done."""
    ids = [int(part) for part in request.GET.get("ids", "").split(",") if part.isdigit()]
    ids = ids[: hand_records.MOST_BOARDS]
    return render(request, "printing/hand_records.html#analysis", _analysis(request, ids))


def _analysis(request: HttpRequest, ids: Sequence[int]) -> dict[str, Any]:
    url = reverse("scorer:hand_records_analysis")
    return {
        "progress": analyses.progress_of(ids),
        "progress_url": f"{url}?ids={','.join(map(str, ids))}",
    }


def _numbers(boards: Sequence[Board]) -> list[int]:
    return [board.number or 0 for board in boards]


def _boards_page(
    request: HttpRequest,
    boards: Sequence[Board],
    summary: str,
    asked: Sequence[int],
    skipped: Sequence[str] = (),
) -> HttpResponse:
    """The boards, carried as PBN, and the range picked at first: every board, or the
    first a document holds."""
    try:
        carried = pbn_text(boards)
    except PbnError as error:  # a tag too long for export's line, say
        refusal = f"The boards cannot be written as PBN: {error}. Nothing was made."
        return _page(request, refusal=refusal, status=400)
    first, last = hand_records.first_picked(boards)
    documents = DocumentForm(
        initial={
            "boards": carried,
            "first": first,
            "last": last,
            "layout": Layout.ELWELL.value,
            "paper": Club.get().paper,
        }
    )
    return _page(
        request,
        documents=documents,
        summary=f"{summary} {NOTHING_KEPT}",
        skipped=skipped,
        **_analysis(request, asked),
    )


def _page(
    request: HttpRequest,
    *,
    documents: DocumentForm | None = None,
    summary: str = "",
    deal_form: DealForm | None = None,
    pbn_form: PbnForm | None = None,
    refusal: str = "",
    skipped: Sequence[str] = (),
    status: int = 200,
    **analysis: Any,
) -> HttpResponse:
    return render(
        request,
        "printing/hand_records.html",
        {
            "documents": documents,
            "summary": summary,
            "skipped": skipped,
            "deal": deal_form,
            "pbn": pbn_form,
            "refusal": refusal,
            **analysis,
        },
        status=status,
    )


def _download(data: bytes, kind: str, name: str) -> HttpResponse:
    response = HttpResponse(data, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
