"""Printing: the specimen rubber's sheet and a 40-rubber evening as PDF, beside WeasyPrint
laying out a page of one line in the same run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.bench import django_ready, medians

RUNS = 15
EVENING_RUBBERS = 40
TARGETS_MS = {"rubber": 300, "evening": 2000}
SPECIMEN = Path(__file__).resolve().parents[2] / "scorer" / "data" / "elwell-specimen.json"


def main() -> None:
    django_ready()
    from django.utils import timezone
    from weasyprint import HTML

    from scorer import printing, services
    from scorer.models import Rubber

    specimen, rubbers = _rubbers()
    state = services.table_state(specimen)
    evening = list(
        Rubber.objects.filter(pk__in=[r.pk for r in rubbers]).prefetch_related(
            "seats__member", "deals"
        )
    )
    title = f"{timezone.localdate():%A %-d %B %Y}"
    printing.rubber_document(state, [], "A4")  # the stylesheet and fonts, loaded once

    timed = medians(
        RUNS,
        one_line=lambda: HTML(string="<p>One line.</p>").write_pdf(),
        rubber=lambda: printing.rubber_document(state, [], "A4"),
        evening=lambda: printing.evening_document(title, evening, "A4"),
    )
    ms = {name: seconds * 1000 for name, seconds in timed.items()}
    print()
    print(f"Printing, median of {RUNS} runs each")
    print(f"    baseline: WeasyPrint, a page of one line {ms['one_line']:7.1f} ms")
    for name, label in (
        ("rubber", "the specimen rubber's sheet"),
        ("evening", f"an evening of {EVENING_RUBBERS} rubbers"),
    ):
        verdict = "within" if ms[name] <= TARGETS_MS[name] else "OVER"
        print(
            f"    {label:<38}{ms[name]:7.1f} ms  {ms[name] / ms['one_line']:4.1f}×  "
            f"(target {TARGETS_MS[name]} ms: {verdict})"
        )


def _rubbers() -> tuple[Any, list[Any]]:
    """Elwell's specimen, played again at 40 tables, by eight members."""
    from django.contrib.auth import get_user_model

    from scorer import services
    from scorer.engine import read_rubber
    from scorer.models import Member

    users = get_user_model()
    members = [
        Member.objects.create(
            user=users.objects.create_user(f"printing{n}", password="pw"),
            name=f"Member {n}",
            short_name=f"M{n}",
        )
        for n in range(8)
    ]
    deals = read_rubber(json.loads(SPECIMEN.read_text())).deals
    rubbers = []
    for n in range(EVENING_RUBBERS):
        seated = [members[(n + k) % 8] for k in range(4)]
        rubber = services.start_rubber(
            table=f"Table {n % 10 + 1}", members=seated, first_dealer=0, user=seated[0].user
        )
        services.replay(rubber=rubber, deals=deals, user=seated[0].user)
        rubbers.append(rubber)
    return rubbers[0], rubbers
