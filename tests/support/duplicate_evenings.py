"""Duplicate evenings at the site, for the tests: pairs of members, an evening opened and
started through the writes, each round's results recorded and accepted, and a table's forms
sent as a phone sends them (a board's result, an acceptance, the director's correction)."""

from __future__ import annotations

import random
import uuid
from typing import Any

from django.urls import reverse
from django.utils import timezone

from scorer.duplicate import reads, writes
from scorer.duplicate.models import DuplicateEvening, DuplicateTable
from scorer.engine import Trump
from scorer.engine.duplicate import Comparison, MovementKind
from tests.support.evenings import members


def opened(
    user: Any,
    *,
    tables: int = 4,
    movement: MovementKind = MovementKind.MITCHELL,
    boards_a_round: int = 4,
    comparison: Comparison = Comparison.AVERAGE,
    name: str = "Duplicate evening",
) -> DuplicateEvening:
    return writes.open_evening(
        name=name,
        day=timezone.localdate(),
        movement=movement,
        tables=tables,
        boards_a_round=boards_a_round,
        comparison=comparison,
        user=user,
    ).evening


def seen(evening: DuplicateEvening) -> str:
    return str(DuplicateEvening.objects.values_list("revision", flat=True).get(pk=evening.pk))


def with_pairs(user: Any, evening: DuplicateEvening, players: list[Any]) -> DuplicateEvening:
    """The members added two by two, in order: pair 1 the first two, and so on."""
    for first, second in zip(players[::2], players[1::2], strict=True):
        writes.add_pair(evening=evening, first=first, second=second, seen=seen(evening), user=user)
    return evening


def started(
    user: Any,
    players: list[Any] | None = None,
    *,
    tables: int = 4,
    movement: MovementKind = MovementKind.MITCHELL,
    boards_a_round: int = 4,
    comparison: Comparison = Comparison.AVERAGE,
    boards_from: str = DuplicateEvening.DEALT,
    boards: tuple[Any, ...] = (),
    seed: int = 1905,
) -> DuplicateEvening:
    """An evening of these members (as many as it seats, made if not given), started: its
    boards dealt by a seeded shuffle (so that a test may rely on them), or as asked."""
    evening = opened(
        user,
        tables=tables,
        movement=movement,
        boards_a_round=boards_a_round,
        comparison=comparison,
    )
    if players is None:
        players = members(4 * tables)
    with_pairs(user, evening, players)
    writes.start(
        evening=evening,
        boards_from=boards_from,
        boards=boards,
        seen=seen(evening),
        user=user,
        rng=random.Random(seed),
    )
    evening.refresh_from_db()
    return evening


def table_of(evening: DuplicateEvening, round_number: int, number: int) -> DuplicateTable:
    return DuplicateTable.objects.get(evening=evening, round=round_number, number=number)


def revision(table: DuplicateTable) -> int:
    return DuplicateTable.objects.values_list("revision", flat=True).get(pk=table.pk)


def entry(
    trump: str = "NT", tricks: int = 7, *, honours: str | None = None, **extra: Any
) -> writes.Entry:
    """A board's result in a line: the dealer's direction's tricks; honours as called
    ("we:THREE": North–South's simple honours) where the hands are unknown."""
    from scorer.engine import Call

    made = Trump(trump)  # type: ignore[call-arg]  # by value: mypy#10573
    call = Call.parse(honours) if honours else None
    return writes.Entry(trump=made, tricks=tricks, honours=call, **extra)


def recorded(
    user: Any, table: DuplicateTable, board: int, made: writes.Entry, *, accept: bool = True
) -> reads.TableRecord:
    """A board's result written as the table's page writes it, then accepted."""
    record = reads.table_record(table.pk)
    record = writes.record(
        record=record, user=user, key=uuid.uuid4(), revision=record.table.revision,
        board=board, entry=made,
    )  # fmt: skip
    if accept:
        record = writes.accept(
            record=record, user=user, key=uuid.uuid4(), revision=record.table.revision,
            board=board,
        )  # fmt: skip
    return record


def round_played(
    user: Any, evening: DuplicateEvening, round_number: int, made: writes.Entry | None = None
) -> None:
    """Every table's boards of a round not yet recorded there recorded (no-trump, 7 tricks
    to the dealer's side, unless given), and every result of the round accepted."""
    for table in DuplicateTable.objects.filter(evening=evening, round=round_number):
        record = reads.table_record(table.pk)
        for board in record.boards:
            row = record.result_on(board.number)
            if row is None:
                recorded(user, table, board.number, made or entry())
            elif not row.accepted:
                record = reads.table_record(table.pk)
                writes.accept(
                    record=record, user=user, key=uuid.uuid4(),
                    revision=record.table.revision, board=board.number,
                )  # fmt: skip


def played_through(user: Any, evening: DuplicateEvening) -> None:
    for round_number in range(1, reads.evening_record(evening, reads.WHOLE).rounds() + 1):
        round_played(user, evening, round_number)


# -- As a phone sends them --------------------------------------------------------------------


def board_data(
    *,
    trump: str = "NT",
    tricks: int = 7,
    maker: str = "dealer",
    doubles: int = 0,
    honours: str | None = None,
    chicane: tuple[int, int] = (0, 0),
    revokes: tuple[int, int] = (0, 0),
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "maker": maker,
        "trump": trump,
        "doubles": doubles,
        "tricks": tricks,
        "chicane_ns": chicane[0],
        "chicane_ew": chicane[1],
        "revokes_ns": revokes[0],
        "revokes_ew": revokes[1],
        **extra,
    }
    if honours is not None:
        data["honours"] = honours
    return data


def post_board(client, table, board, *, key=None, at=None, htmx=False, **fields):  # type: ignore[no-untyped-def]
    """North–South's save of a board, as their phone sends it."""
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(table) if at is None else at,
        **board_data(**fields),
    }
    headers = {"HX-Request": "true"} if htmx else {}
    url = reverse("scorer:duplicate:record", args=[table.pk, board])
    return client.post(url, data, headers=headers)


def post_accept(client, table, board, *, key=None, at=None, htmx=False):  # type: ignore[no-untyped-def]
    data = {"key": key or uuid.uuid4(), "revision": revision(table) if at is None else at}
    headers = {"HX-Request": "true"} if htmx else {}
    url = reverse("scorer:duplicate:accept", args=[table.pk, board])
    return client.post(url, data, headers=headers)


def post_correction(client, table, board, *, reason="a trick miscounted", key=None, at=None,  # type: ignore[no-untyped-def]
                    played="yes", **fields):  # fmt: skip
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(table) if at is None else at,
        "reason": reason,
        "played": played,
        **(board_data(**fields) if played == "yes" else {}),
    }
    return client.post(reverse("scorer:duplicate:correct", args=[table.pk, board]), data)
