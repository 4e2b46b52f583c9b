"""docs/elwell-club.md's example is a real club: it imports, and exports as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ledger.club.document import export_club, import_club
from ledger.models import Payment, Posting
from scorer.models import Member, Rubber

DOC = Path(__file__).resolve().parents[2] / "docs" / "elwell-club.md"


def example() -> dict:
    block = re.search(r"```json\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert block, "the document gives an example"
    return json.loads(block[1])


@pytest.mark.django_db
def test_the_documented_example_imports_and_exports_as_it_was():
    document = example()

    counts = import_club(document)

    assert counts == {"members": 4, "rubbers": 1}
    assert sorted(Member.objects.values_list("name", flat=True)) == [
        "Col. Hartley",
        "Miss Fenwick",
        "Mr. Dane",
        "Mrs. Carr",
    ]
    rubber = Rubber.objects.get()
    assert rubber.agreed_value == document["rubbers"][0]["agreement"]["value"]
    assert Payment.objects.count() == 1
    assert Posting.objects.exists(), "the agreed rubber and the payment are posted again"
    assert export_club() == document


def fields(model, seen=None):
    """Each key of a schema model and of the models inside it, as the file writes it."""
    from typing import get_args

    from pydantic import BaseModel

    seen = set() if seen is None else seen
    if model in seen:
        return set()
    seen.add(model)
    keys = set()
    for name, info in model.model_fields.items():
        keys.add((model.__name__, info.alias or name))
        stack = [info.annotation]
        while stack:
            kind = stack.pop()
            if isinstance(kind, type) and issubclass(kind, BaseModel):
                keys |= fields(kind, seen)
            stack.extend(get_args(kind))
    return keys


def test_the_document_names_every_key_of_the_schema():
    from ledger.club.document import ClubDoc

    text = DOC.read_text(encoding="utf-8")
    named = lambda key: f"`{key}`" in text or f'"{key}":' in text  # noqa: E731
    missing = sorted(f"{model}.{key}" for model, key in fields(ClubDoc) if not named(key))
    assert not missing, f"docs/elwell-club.md does not name {missing}"
