"""An elwell-club/1 file is refused whole where the site would refuse what it says: an ended
Progressive evening whose tables never agreed, or ended the moment it was drawn; a
Duplicate board whose hands came after its results; a result recorded or accepted by a
member in neither of its pairs; an ended Duplicate evening with a result not accepted;
evening terms set by a member who is not of the staff. Each file is a real export with one
thing changed; each refusal names the evening, table or board, and nothing is written."""

from __future__ import annotations

import copy
import json
import random
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from ledger.club.document import ImportRefused, export_club, import_club
from ledger.desk import services as desk
from scorer.duplicate import writes as duplicate
from scorer.duplicate.models import DuplicateEvening
from scorer.engine import Trump
from scorer.engine.cards import deal_boards
from scorer.models import Member
from scorer.progressive import writes as progressive
from scorer.progressive.models import ProgressiveEvening
from tests.club.test_club_duplicate import called_honours
from tests.support import duplicate_evenings as duplicates
from tests.support.club import empty_the_club, make_staff
from tests.support.evenings import members, opened, round_played, seen, tables_of
from tests.support.ledger import set_stake
from tests.support.shared import undone

pytestmark = pytest.mark.django_db


def refused(exported: dict, change, match: str) -> str:
    broken = copy.deepcopy(exported)
    change(broken)
    empty_the_club()
    with pytest.raises(ImportRefused, match=match) as error:
        import_club(broken)
    assert not get_user_model().objects.exists()
    assert not Member.objects.exists()
    assert not ProgressiveEvening.objects.exists()
    assert not DuplicateEvening.objects.exists()
    return str(error.value)


def later(moment: str, seconds: float) -> str:
    return (datetime.fromisoformat(moment) + timedelta(seconds=seconds)).isoformat()


def exported_as_is() -> dict:
    """The export, which comes back as it is: the changed files below are refused for
    their change alone."""
    exported = json.loads(json.dumps(export_club()))
    empty_the_club()
    import_club(exported)
    assert json.loads(json.dumps(export_club())) == exported
    return exported


# -- Progressive ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def progressive_ended_file(django_db_setup, django_db_blocker):
    with undone(django_db_blocker):
        return _progressive_ended(make_staff())


@pytest.fixture
def progressive_ended(progressive_ended_file):
    return copy.deepcopy(progressive_ended_file)


def _progressive_ended(staff):
    """Eight members at two tables, played for table money, one round agreed, ended."""
    set_stake("0.50", staff)
    evening = opened(staff)
    for member in members(8):
        progressive.add_member(evening=evening, member=member, seen=seen(evening), user=staff)
    desk.set_evening_terms(
        evening=evening,
        stake=Decimal(0),
        per="hundred",
        table_money=Decimal("0.50"),
        user=staff,
        seen="none",
    )
    progressive.draw(evening=evening, seen=seen(evening), user=staff, rng=random.Random(1))
    evening.refresh_from_db()
    for table in tables_of(evening):
        round_played(staff, table)
    progressive.end(evening=evening, seen=seen(evening), user=staff)
    return exported_as_is()


def test_an_ended_evening_whose_tables_never_agreed_is_refused(progressive_ended):
    def never_agreed(club):
        for table in club["progressive"][0]["tables"]:
            table["agreement"] = dict.fromkeys(table["agreement"])

    said = refused(progressive_ended, never_agreed, r"^progressive\[0\]\.tables\[0\]")
    assert "Progressive evening" in said
    assert "table 1" in said


def test_an_ended_evening_agreed_only_after_it_ended_is_refused(progressive_ended):
    def agreed_after(club):
        evening = club["progressive"][0]
        evening["ended_at"] = evening["drawn_at"]

    said = refused(progressive_ended, agreed_after, r"^progressive\[0\]")
    assert "Progressive evening" in said
    assert "table 1" in said
    assert "agreed" in said


def test_a_round_agreed_before_its_deals_were_played_is_refused(progressive_ended):
    def agreed_before(club):
        table = club["progressive"][0]["tables"][1]
        first = table["recorded"][0]["recorded_at"]
        for key in ("we_at", "they_at", "agreed_at"):
            table["agreement"][key] = later(first, -1)

    said = refused(progressive_ended, agreed_before, r"^progressive\[0\]\.tables\[1\]")
    assert "table 2" in said


def test_terms_set_by_a_member_not_of_the_staff_are_refused(progressive_ended):
    def by_a_member(club):
        club["evening_terms"][0]["set_by"] = club["members"][0]["username"]

    said = refused(progressive_ended, by_a_member, r"^evening_terms\[0\]")
    assert "Progressive evening" in said
    assert "staff" in said


# -- Duplicate --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def duplicate_ended_file(django_db_setup, django_db_blocker):
    with undone(django_db_blocker):
        return _duplicate_ended(make_staff())


@pytest.fixture
def duplicate_ended(duplicate_ended_file):
    return copy.deepcopy(duplicate_ended_file)


def _duplicate_ended(staff):
    """Three tables of a Mitchell, a board a round, every result recorded and accepted,
    ended."""
    evening = duplicates.started(staff, members(12), tables=3, boards_a_round=1)
    duplicates.played_through(staff, evening)
    duplicate.end(evening=evening, seen=duplicates.seen(evening), user=staff)
    return exported_as_is()


@pytest.fixture(scope="module")
def duplicate_at_the_table_file(django_db_setup, django_db_blocker):
    with undone(django_db_blocker):
        return _duplicate_at_the_table(make_staff())


@pytest.fixture
def duplicate_at_the_table(duplicate_at_the_table_file):
    return copy.deepcopy(duplicate_at_the_table_file)


def _duplicate_at_the_table(staff):
    """Boards dealt at the first table: two results recorded with the honours called, then
    the hand record attached."""
    boards = deal_boards(6, rng=random.Random(3))
    evening = duplicates.started(
        staff, members(12), tables=3, boards_a_round=2, boards_from="table"
    )
    for number in (1, 2):
        made = duplicate.Entry(
            trump=Trump.HEARTS,
            tricks=7,
            honours=called_honours(boards[number - 1], Trump.HEARTS),
        )
        duplicates.recorded(staff, duplicates.table_of(evening, 1, 1), number, made)
    duplicate.attach_hands(
        evening=evening, boards=boards, seen=duplicates.seen(evening), user=staff
    )
    return exported_as_is()


def test_a_board_whose_hands_came_after_its_results_and_changed_them_is_refused(
    duplicate_at_the_table,
):
    def hands_over_the_call(club):
        record = club["duplicate"][0]["result_records"][0]
        record["called"] = None  # the hands' honours in place of the table's

    said = refused(duplicate_at_the_table, hands_over_the_call, r"^duplicate\[0\]")
    assert "Board 1" in said
    assert "Duplicate evening" in said


def test_hands_dealt_by_the_site_after_its_results_are_refused(duplicate_ended):
    def dealt_late(club):
        evening = club["duplicate"][0]
        evening["board_records"][0]["known_at"] = later(evening["ended_at"], -1)

    said = refused(duplicate_ended, dealt_late, r"^duplicate\[0\]\.board_records\[0\]")
    assert "Board 1" in said


def the_pairs(club: dict, n: int) -> tuple[list[str], list[str]]:
    """The usernames of the two pairs of the evening's result `n`, North–South first."""
    evening = club["duplicate"][0]
    result = evening["results"][n]
    ns, ew = (evening["people"][result[line] - 1] for line in ("ns", "ew"))
    return [p["member"] for p in ns["players"]], [p["member"] for p in ew["players"]]


def someone_else(club: dict, n: int) -> str:
    ns, ew = the_pairs(club, n)
    return next(m["username"] for m in club["members"] if m["username"] not in ns + ew)


def test_a_result_recorded_by_a_member_in_neither_pair_is_refused(duplicate_ended):
    def by_another(club):
        club["duplicate"][0]["result_records"][0]["recorded_by"] = someone_else(club, 0)

    said = refused(duplicate_ended, by_another, r"^duplicate\[0\]\.result_records\[0\]")
    assert "Board 1" in said
    assert "North–South" in said


def test_a_result_accepted_by_a_member_in_neither_pair_is_refused(duplicate_ended):
    def by_another(club):
        club["duplicate"][0]["result_records"][0]["accepted_by"] = someone_else(club, 0)

    said = refused(duplicate_ended, by_another, r"^duplicate\[0\]\.result_records\[0\]")
    assert "Board 1" in said
    assert "East–West" in said


def test_a_result_accepted_by_its_own_recorder_north_south_is_refused(duplicate_ended):
    def by_north_south(club):
        ns, _ = the_pairs(club, 0)
        club["duplicate"][0]["result_records"][0]["accepted_by"] = ns[0]

    refused(duplicate_ended, by_north_south, r"^duplicate\[0\]\.result_records\[0\].*East–West")


def test_a_result_recorded_and_accepted_by_the_pairs_themselves_comes_back(duplicate_ended):
    """Who may: North–South record, East–West accept (the director either)."""
    club = copy.deepcopy(duplicate_ended)
    ns, ew = the_pairs(club, 0)
    club["duplicate"][0]["result_records"][0]["recorded_by"] = ns[1]
    club["duplicate"][0]["result_records"][0]["accepted_by"] = ew[0]
    empty_the_club()
    import_club(club)
    assert json.loads(json.dumps(export_club())) == club


def test_an_ended_evening_with_a_result_not_accepted_is_refused(duplicate_ended):
    def not_accepted(club):
        record = club["duplicate"][0]["result_records"][-1]
        record["accepted_by"] = record["accepted_at"] = None

    said = refused(duplicate_ended, not_accepted, r"^duplicate\[0\]")
    assert "not yet accepted" in said
    assert "Duplicate evening" in said
