"""What the rules of a Duplicate evening say happens once, the database refuses a second
time, whoever asks (the admin, a script, a person at a database prompt): one result a board
a table, a board played once by a pair, a pair at one table a round, an accepted result
changed only by the director's correction, and the record kept as it started."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone

from scorer.duplicate import guards
from scorer.duplicate.models import (
    DuplicateBoard,
    DuplicateCorrection,
    DuplicateEvening,
    DuplicatePair,
    DuplicatePlay,
    DuplicatePlayer,
    DuplicateResult,
    DuplicateSeat,
)
from tests.support.duplicate_evenings import entry, opened, recorded, table_of


def deleted(table: str, pk: int) -> None:
    """A row deleted as a person at a database prompt would, past Django's own care."""
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table} WHERE id = %s", [pk])


def result_at(evening, table, board, user):
    return DuplicateResult(
        evening=evening, table=table, board=DuplicateBoard.objects.get(evening=evening,
        number=board), played=True, maker="dealer", trump="NT", doubles=0, tricks_ns=7,
        tricks_ew=6, recorded_by=user,
    )  # fmt: skip


def test_one_result_a_board_a_table(evening, staff):
    table = table_of(evening, 1, 1)
    recorded(staff, table, 1, entry())
    with (
        pytest.raises(IntegrityError, match=r"one_result_a_board_a_table|UNIQUE"),
        transaction.atomic(),
    ):
        result_at(evening, table, 1, staff).save()


def test_a_board_played_once_by_a_pair(evening, staff):
    table = table_of(evening, 1, 1)
    result = recorded(staff, table, 1, entry()).results[0]
    row = DuplicateResult.objects.get(pk=result.pk)
    pair = DuplicatePair.objects.get(evening=evening, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        DuplicatePlay.objects.create(result=row, board=row.board, pair=pair)


def test_a_pair_plays_a_board_only_at_its_own_table(evening, staff):
    table = table_of(evening, 1, 1)
    row = DuplicateResult.objects.get(pk=recorded(staff, table, 1, entry()).results[0].pk)
    stranger = DuplicatePair.objects.get(evening=evening, number=2)  # at table 2
    with pytest.raises(DatabaseError, match=guards.PLAY_OF_THE_TABLE), transaction.atomic():
        DuplicatePlay.objects.create(result=row, board=row.board, pair=stranger)


def test_a_pair_at_one_table_a_round(evening):
    pair = DuplicatePair.objects.get(evening=evening, number=1)
    other = table_of(evening, 1, 2)
    with pytest.raises(DatabaseError), transaction.atomic():
        DuplicateSeat.objects.create(table=other, evening=evening, round=1, pair=pair, line="ns")
    assert DuplicateSeat.objects.filter(pair=pair, round=1).count() == 1


def test_an_accepted_result_changes_only_by_the_directors_correction(evening, staff, sixteen):
    table = table_of(evening, 1, 1)
    pk = recorded(staff, table, 1, entry()).results[0].pk
    with pytest.raises(DatabaseError, match=guards.CORRECTED_ONLY), transaction.atomic():
        DuplicateResult.objects.filter(pk=pk).update(tricks_ns=9, tricks_ew=4)
    with pytest.raises(DatabaseError, match=guards.CORRECTED_ONLY), transaction.atomic():
        DuplicateResult.objects.filter(pk=pk).update(tricks_ns=9, tricks_ew=4, version=1)
    with pytest.raises(DatabaseError, match=guards.ACCEPTED_ONCE), transaction.atomic():
        DuplicateResult.objects.filter(pk=pk).update(accepted_at=None, accepted_by=None)
    row = DuplicateResult.objects.get(pk=pk)
    with pytest.raises(DatabaseError, match=guards.DIRECTORS_OWN), transaction.atomic():
        DuplicateCorrection.objects.create(result=row, version=1, reason="mine", before={},
                                           after={}, made_by=sixteen[0].user)  # fmt: skip
    DuplicateCorrection.objects.create(
        result=row, version=1, reason="ruled", before={}, after={}, made_by=staff
    )
    DuplicateResult.objects.filter(pk=pk).update(tricks_ns=9, tricks_ew=4, version=1)
    assert DuplicateResult.objects.get(pk=pk).tricks_ns == 9


def test_a_provisional_result_may_change(evening, staff):
    table = table_of(evening, 1, 1)
    pk = recorded(staff, table, 1, entry(), accept=False).results[0].pk
    DuplicateResult.objects.filter(pk=pk).update(tricks_ns=9, tricks_ew=4)
    assert DuplicateResult.objects.get(pk=pk).tricks_ns == 9


def test_results_and_corrections_are_kept(evening, staff):
    table = table_of(evening, 1, 1)
    pk = recorded(staff, table, 1, entry()).results[0].pk
    with pytest.raises(DatabaseError, match=guards.RESULT_KEPT), transaction.atomic():
        deleted("scorer_duplicateresult", pk)
    with pytest.raises(DatabaseError, match=guards.RESULT_KEPT), transaction.atomic():
        DuplicateResult.objects.filter(pk=pk).update(table=table_of(evening, 1, 2))
    row = DuplicateResult.objects.get(pk=pk)
    correction = DuplicateCorrection.objects.create(
        result=row, version=1, reason="ruled", before={}, after={}, made_by=staff
    )
    with pytest.raises(DatabaseError, match="kept as made"), transaction.atomic():
        DuplicateCorrection.objects.filter(pk=correction.pk).update(reason="other")


def test_no_result_once_the_evening_has_ended(evening, staff):
    DuplicateEvening.objects.filter(pk=evening.pk).update(ended_at=timezone.now())
    with pytest.raises(DatabaseError, match=guards.NOT_IN_PLAY), transaction.atomic():
        result_at(evening, table_of(evening, 1, 1), 1, staff).save()


def test_a_started_evening_keeps_its_pairs_settings_and_boards(evening, sixteen):
    pair = DuplicatePair.objects.get(evening=evening, number=1)
    with pytest.raises(DatabaseError, match=guards.PAIRS_BEFORE_THE_START), transaction.atomic():
        DuplicatePair.objects.filter(pk=pair.pk).update(number=9)
    with pytest.raises(DatabaseError, match=guards.PAIRS_BEFORE_THE_START), transaction.atomic():
        DuplicatePair.objects.create(evening=evening)
    with pytest.raises(DatabaseError, match=guards.PAIRS_BEFORE_THE_START), transaction.atomic():
        DuplicatePlayer.objects.filter(pair=pair, place=1).update(member=sixteen[2])
    with pytest.raises(DatabaseError, match=guards.SETTINGS_KEPT), transaction.atomic():
        DuplicateEvening.objects.filter(pk=evening.pk).update(boards_a_round=2)
    with pytest.raises(DatabaseError, match=guards.STARTED_ONCE), transaction.atomic():
        DuplicateEvening.objects.filter(pk=evening.pk).update(started_at=None, boards_from="")
    board = DuplicateBoard.objects.get(evening=evening, number=1)
    with pytest.raises(DatabaseError, match=guards.BOARD_KEPT), transaction.atomic():
        DuplicateBoard.objects.filter(pk=board.pk).update(north=board.east, east=board.north)
    with pytest.raises(DatabaseError, match=guards.TABLES_KEPT), transaction.atomic():
        deleted("scorer_duplicatetable", table_of(evening, 1, 1).pk)


def test_it_starts_only_with_every_pair_its_movement_seats(staff, sixteen):
    evening = opened(staff, tables=3)
    pair = DuplicatePair.objects.create(evening=evening)
    DuplicatePlayer.objects.create(evening=evening, pair=pair, place=1, member=sixteen[0])
    DuplicatePair.objects.filter(pk=pair.pk).update(number=1)  # one pair of the six
    with pytest.raises(DatabaseError, match=guards.EVERY_PAIR_THERE), transaction.atomic():
        DuplicateEvening.objects.filter(pk=evening.pk).update(
            started_at=timezone.now(), boards_from="table"
        )


def test_a_member_plays_in_one_pair_an_evening(staff, sixteen):
    evening = opened(staff, tables=3)
    first, second = (DuplicatePair.objects.create(evening=evening) for _ in range(2))
    DuplicatePlayer.objects.create(evening=evening, pair=first, place=1, member=sixteen[0])
    with pytest.raises(IntegrityError), transaction.atomic():
        DuplicatePlayer.objects.create(evening=evening, pair=second, place=1, member=sixteen[0])
