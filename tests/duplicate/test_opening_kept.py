"""What was typed is kept: a refused "Open a Duplicate evening" comes back with every field
as it was sent (not the defaults), the refusal beside the field it concerns, and nothing
opened; sent again as corrected, it opens the evening asked for."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorer.duplicate.models import DuplicateEvening
from tests.support.html import Forms, submit

EVENINGS = reverse("scorer:duplicate:evenings")
OPEN = reverse("scorer:duplicate:open")

# An evening unlike the form's defaults (a Mitchell of 4 at 4 boards, compared with the
# average, named "Duplicate evening", today) in every field.
SENT = {
    "name": "Friday pairs",
    "day": "2026-12-04",
    "movement": "howell-3",
    "boards_a_round": "3",  # a round of the Howell of 3 is 2 sets: refused
    "comparison": "matchpoints",
}


def refused(client, **fields):
    answer = submit(client, EVENINGS, OPEN, {**SENT, **fields})
    assert answer.status_code == 422
    assert not DuplicateEvening.objects.exists()
    return answer.content.decode()


def kept(html: str) -> dict[str, str]:
    """The opening form's values as the page shows them: its inputs, its checked radio and
    its selected movement."""
    form = Forms(html).form(OPEN)
    assert form is not None
    values = dict(form["values"])
    selected = re.search(r'<option value="([^"]+)"[^>]*\bselected\b', html)
    values["movement"] = selected[1] if selected else ""
    return values


def beside(html: str, field: str) -> str:
    """The refusal shown just after the field's label (its error list)."""
    found = re.search(
        rf'name="{field}".*?</(?:label|select)>\s*(?:</label>\s*)?<ul class="errorlist"[^>]*>'
        r"<li>(.*?)</li>",
        html,
        re.S,
    )
    assert found, f"no refusal beside {field}"
    return found[1]


def test_refused_for_its_boards_a_round_every_field_is_kept(director):
    html = refused(director)
    values = kept(html)
    for field, value in SENT.items():
        assert values[field] == value, field
    assert beside(html, "boards_a_round") == (
        "A round of the Howell, 3 tables is 2 sets of boards, so its boards a round are a "
        "multiple of 2 (got 3)."
    )


@pytest.mark.parametrize(
    ("field", "sent", "said"),
    [
        ("name", "", "This field is required."),
        ("day", "2026-13-40", "Enter a valid date."),
        ("boards_a_round", "0", "Ensure this value is greater than or equal to 1."),
        (
            "comparison",
            "points",
            "Select a valid choice. points is not one of the available choices.",
        ),
    ],
)
def test_a_field_refused_is_kept_as_typed_with_its_refusal_beside_it(director, field, sent, said):
    html = refused(director, **{field: sent})
    values = kept(html)
    if field != "comparison":  # a radio shows only the choices it offers
        assert values[field] == sent
    assert beside(html, field) == said
    for other, value in SENT.items():
        if other != field:
            assert values[other] == value, other


def test_a_movement_not_offered_is_refused_beside_it_and_the_rest_kept(director):
    html = refused(director, movement="mitchell-2")
    assert beside(html, "movement") == (
        "choose one the club is offered: a Mitchell of 3 to 15 tables, or a Howell of 2 to 7."
    )
    values = kept(html)
    for other in ("name", "day", "boards_a_round", "comparison"):
        assert values[other] == SENT[other], other


def test_sent_again_as_corrected_it_opens_the_evening_asked_for(director):
    html = refused(director)
    form = Forms(html).form(OPEN)
    assert form is not None
    answer = director.post(OPEN, {**kept(html), "boards_a_round": "2"})
    assert answer.status_code == 302
    evening = DuplicateEvening.objects.get()
    assert (evening.name, str(evening.day), evening.movement, evening.tables) == (
        "Friday pairs",
        "2026-12-04",
        "howell",
        3,
    )
    assert (evening.boards_a_round, evening.comparison) == (2, "matchpoints")
