"""A member's national membership number in the club's file: written where he has one and
left out where he has none (as a file before national numbers leaves it out), read back
the same, and a number another member holds, or one not of letters and digits, refused
naming its place."""

from __future__ import annotations

import copy
import json

import pytest
from django.db import IntegrityError, transaction

from ledger.club.document import ImportRefused, export_club, import_club
from scorer.models import Member
from tests.support.club import NAMES, empty_the_club, make_member


@pytest.fixture
def numbered(db):
    """Four members, Mrs. Carr and Mr. Dane with national numbers (one with a leading
    nought, as the ABF writes some), the others without."""
    members = [make_member(name, short) for name, short in NAMES]
    for member, number in zip(members[:2], ("0555002", "J123456"), strict=False):
        member.national_number = number
        member.save(update_fields=["national_number"])
    return json.loads(json.dumps(export_club()))


def by_username(document: dict) -> dict[str, dict]:
    return {member["username"]: member for member in document["members"]}


def test_a_number_is_written_where_a_member_has_one_and_left_out_where_not(numbered):
    members = by_username(numbered)
    assert members["carr"]["national_number"] == "0555002"
    assert members["fenwick"]["national_number"] == "J123456"
    assert "national_number" not in members["dane"]
    assert "national_number" not in members["hartley"]


def test_the_numbers_come_back_as_they_went_out(numbered):
    empty_the_club()
    import_club(numbered)
    assert Member.objects.get(short_name="Carr").national_number == "0555002"
    assert Member.objects.get(short_name="Dane").national_number == ""
    assert json.loads(json.dumps(export_club())) == numbered


def test_a_file_from_before_national_numbers_imports_with_none(numbered):
    older = copy.deepcopy(numbered)
    for member in older["members"]:
        member.pop("national_number", None)
    empty_the_club()
    import_club(older)
    assert set(Member.objects.values_list("national_number", flat=True)) == {""}


def test_a_number_another_member_holds_is_refused_naming_its_place(numbered):
    broken = copy.deepcopy(numbered)
    dane, carr = (
        next(n for n, m in enumerate(broken["members"]) if m["username"] == name)
        for name in ("dane", "carr")
    )
    broken["members"][dane]["national_number"] = "0555002"
    at = max(dane, carr)  # the second to hold it
    empty_the_club()
    with pytest.raises(
        ImportRefused, match=rf"^members\[{at}\].national_number '0555002' is another member's"
    ):
        import_club(broken)
    assert not Member.objects.exists()


@pytest.mark.parametrize("number", ["", "12 34", "100-231", "1" * 21])
def test_a_number_not_of_letters_and_digits_is_refused(numbered, number):
    broken = copy.deepcopy(numbered)
    broken["members"][0]["national_number"] = number
    empty_the_club()
    with pytest.raises(ImportRefused, match=r"^members\[0\].national_number"):
        import_club(broken)


def test_the_database_keeps_a_number_to_one_member(numbered):
    dane = Member.objects.get(short_name="Dane")
    dane.national_number = "0555002"
    with pytest.raises(IntegrityError), transaction.atomic():
        dane.save(update_fields=["national_number"])
    dane.national_number = ""
    dane.save(update_fields=["national_number"])  # many members may hold none
