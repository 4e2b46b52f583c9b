"""What a process keeps worked out (an evening's scores, a noticeboard as drawn) is handed
back only for the version it was worked out from, a few at a time, and never from a write
that may yet be undone."""

from __future__ import annotations

import pytest
from django.db import transaction

from scorer.plumbing.kept import Kept


def test_a_value_is_handed_back_only_for_the_version_it_was_worked_out_from():
    kept: Kept[int, str] = Kept(4)
    kept.keep(7, "3.12.2", "the standings at 3.12.2")
    assert kept.get(7, "3.12.2") == "the standings at 3.12.2"
    assert kept.get(7, "3.13.2") is None, "a write since: worked out again"
    assert kept.get(8, "3.12.2") is None, "another evening's"


def test_the_oldest_kept_is_forgotten_first_and_one_kept_again_is_the_newest():
    kept: Kept[int, str] = Kept(2)
    kept.keep(1, "v1", "first")
    kept.keep(2, "v1", "second")
    kept.keep(1, "v2", "first, changed")  # the first evening again: now the newest
    kept.keep(3, "v1", "third")
    assert kept.get(2, "v1") is None
    assert kept.get(1, "v2") == "first, changed"
    assert kept.get(3, "v1") == "third"


@pytest.mark.django_db(transaction=True)
def test_nothing_is_kept_from_inside_a_writes_transaction():
    kept: Kept[int, str] = Kept(4)
    with transaction.atomic():
        kept.keep(1, "v1", "read by a write that may yet be undone")
    assert kept.get(1, "v1") is None
    kept.keep(1, "v1", "read outside any write")
    assert kept.get(1, "v1") == "read outside any write"


def test_forgetting_clears_everything_kept():
    kept: Kept[int, str] = Kept(4)
    kept.keep(1, "v1", "kept")
    kept.clear()
    assert kept.get(1, "v1") is None
