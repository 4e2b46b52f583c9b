"""The evening's own steps: opening it, its pairs as they come, starting it, a hand record
attached to boards dealt at the first table, ending it, and revoking its noticeboard's
links. Each moves the evening's revision on from the one its form was shown at, or is
refused as stale."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scorer.analysis import writes as analysis
from scorer.club import places
from scorer.club.guests import already, guest_name, same_guest
from scorer.club.models import Club, Member, person
from scorer.duplicate.models import (
    DuplicateBoard,
    DuplicateEvening,
    DuplicatePair,
    DuplicatePlayer,
    DuplicateResult,
    DuplicateSeat,
    DuplicateTable,
)
from scorer.duplicate.reads import (
    WHOLE,
    EveningRecord,
    board_of,
    boards_a_set,
    evening_record,
    movement_of,
    pairs_of,
    result_rows,
)
from scorer.duplicate.writes.refusals import NOTHING, in_words
from scorer.engine import RubberError
from scorer.engine.bounds import MOST_BOARDS
from scorer.engine.cards import DIRECTIONS, deal_boards
from scorer.engine.cards import Board as DealtBoard
from scorer.engine.duplicate import (
    Comparison,
    DuplicateError,
    Line,
    MovementKind,
    Result,
    check_call,
    work_out_duplicate,
)
from scorer.plumbing.converters import number as number_of
from scorer.plumbing.keys import Refused, Stale

# -- Opening an evening -------------------------------------------------------------------------


@dataclass(frozen=True)
class Opened:
    evening: DuplicateEvening
    said: str


def opening_refused(movement: MovementKind, tables: int, boards_a_round: int) -> str:
    """Why an evening of this movement at these boards a round cannot open ("" if it can):
    the engine's word on the movement and its sets, and the most boards an evening plays.
    The opening form asks it too, to put the refusal beside its field."""
    try:
        chosen = movement_of(movement, tables)
        size = boards_a_set(chosen, boards_a_round)
    except DuplicateError as error:
        return _sentence(error.problem)
    boards = chosen.sets * size
    if boards > MOST_BOARDS:
        return (
            f"The {chosen.name} at {_boards(boards_a_round)} a round plays {boards} boards; "
            f"an evening plays {MOST_BOARDS} at most. {NOTHING}"
        )
    return ""


@in_words
def open_evening(
    *,
    name: str,
    day: date,
    movement: MovementKind,
    tables: int,
    boards_a_round: int,
    comparison: Comparison,
    user: User,
) -> Opened:
    """A new evening, its movement one the club is offered (checked by the engine), with
    the club's doubling limit as it stands, which it keeps. One of a name a day: opened
    again (two of the staff at once, say), it is the one already open, and said so."""
    refused = opening_refused(movement, tables, boards_a_round)
    if refused:
        raise Refused(refused)
    chosen = movement_of(movement, tables)
    boards = chosen.sets * boards_a_set(chosen, boards_a_round)
    try:
        with transaction.atomic():
            evening = DuplicateEvening.objects.create(
                name=name,
                day=day,
                movement=movement.value,
                tables=tables,
                boards_a_round=boards_a_round,
                comparison=comparison.value,
                doubling_limit=Club.get().doubling_limit,
                opened_by=user,
            )
    except IntegrityError:
        evening = DuplicateEvening.objects.get(name=name, day=day)
        return Opened(
            evening,
            f"{evening.name} was opened already, by {person(evening.opened_by)} at "
            f"{timezone.localtime(evening.opened_at):%H:%M}: here it is. Nothing new was opened.",
        )
    rounds = len(chosen.rounds)
    return Opened(
        evening,
        f"{evening.name} is open: the {chosen.name}, {chosen.pairs} pairs, {rounds} rounds of "
        f"{_boards(boards_a_round)}, {boards} boards in all. Add the pairs as they come.",
    )


def _boards(count: int) -> str:
    return "1 board" if count == 1 else f"{count} boards"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _moved_on(evening: DuplicateEvening, seen: str) -> None:
    """Move the evening's revision on from the one the form was shown at, or refuse."""
    shown = number_of(seen)
    moved = DuplicateEvening.objects.filter(
        pk=evening.pk, revision=shown if shown is not None else -1
    ).update(revision=F("revision") + 1)
    if not moved:
        raise Stale(
            f"{evening.name} changed since this page was shown: here it is now. Nothing was done."
        )
    evening.refresh_from_db()


def _before_the_start(evening: DuplicateEvening) -> None:
    if evening.started:
        raise Refused(f"{evening.name} has started: its pairs are as they started. {NOTHING}")


# -- The pairs, as they come --------------------------------------------------------------------

Player = Member | str  # a member, or a guest by name


@in_words
def add_pair(
    *, evening: DuplicateEvening, first: Player, second: Player, seen: str, user: User
) -> str:
    """A pair of two members, or guests by name, added in the order they come (the order
    numbers them when the evening starts)."""
    _moved_on(evening, seen)
    _before_the_start(evening)
    players = [_player(player) for player in (first, second)]
    first_name, second_name = players
    if first_name == second_name or (
        isinstance(first_name, str)
        and isinstance(second_name, str)
        and same_guest(first_name, [second_name]) is not None
    ):
        raise Refused(f"A pair is two players: {_name(first)} is named twice. {NOTHING}")
    playing = DuplicatePlayer.objects.filter(evening=evening)
    guests = list(playing.exclude(guest="").values_list("guest", flat=True))
    for player in players:
        if isinstance(player, Member):
            if playing.filter(member=player).exists():
                raise Refused(f"{player.name} plays in another pair this evening. {NOTHING}")
        elif (there := same_guest(player, guests)) is not None:
            raise Refused(already(player, there, NOTHING))
    pair = DuplicatePair.objects.create(evening=evening)
    for place, player in enumerate(players, 1):
        DuplicatePlayer.objects.create(
            evening=evening,
            pair=pair,
            place=place,
            member=player if isinstance(player, Member) else None,
            guest=player if isinstance(player, str) else "",
        )
    # They play here until the evening ends.
    places.take((p for p in players if isinstance(p, Member)), duplicate=evening, then=NOTHING)
    names = " & ".join(_name(player) for player in players)
    return f"{names} play as a pair. {_count(evening)}"


def _player(player: Player) -> Player:
    if isinstance(player, Member):
        return player
    return guest_name(player)


def _name(player: Player) -> str:
    return player.name if isinstance(player, Member) else player


def _count(evening: DuplicateEvening) -> str:
    """How many pairs so far, of those the movement seats."""
    pairs = evening.pairs.count()
    wanted = movement_of(evening.kind, evening.tables).pairs
    so_far = "1 pair" if pairs == 1 else f"{pairs} pairs"
    if pairs == wanted:
        return f"{so_far}: every pair is here."
    return f"{so_far} of {wanted}."


@in_words
def remove_pair(*, evening: DuplicateEvening, pair: DuplicatePair, seen: str, user: User) -> str:
    _moved_on(evening, seen)
    _before_the_start(evening)
    names = " & ".join(player.name for player in pair.players.all())
    members = [player.member for player in pair.players.all() if player.member is not None]
    DuplicatePlayer.objects.filter(pair=pair).delete()
    places.free(duplicate=evening, members=members)
    if not DuplicatePair.objects.filter(pk=pair.pk, evening=evening).delete()[0]:
        raise Refused(f"That pair does not play in {evening.name}. {NOTHING}")
    return f"{names} do not play after all. {_count(evening)}"


# -- Starting the evening -----------------------------------------------------------------------


@in_words
def start(
    *,
    evening: DuplicateEvening,
    boards_from: str,
    seen: str,
    user: User,
    boards: Sequence[DealtBoard] = (),
    rng: random.Random | None = None,
) -> str:
    """The evening starts: its pairs numbered in the order they came (in a Mitchell,
    North–South first), its boards made (dealt here from a secure shuffle, read from a PBN
    file, or left to be dealt at the first table, their hands unknown), and each round's
    tables seated as the movement says."""
    _moved_on(evening, seen)
    _before_the_start(evening)
    movement = movement_of(evening.kind, evening.tables)
    pairs = pairs_of(evening)
    if len(pairs) != movement.pairs:
        short = movement.pairs - len(pairs)
        more = f"{short} more" if short > 0 else f"{-short} fewer"
        raise Refused(
            f"The {movement.name} seats {movement.pairs} pairs, and {len(pairs)} are here: "
            f"{more} make the evening. {NOTHING}"
        )
    count = movement.sets * boards_a_set(movement, evening.boards_a_round)
    hands = _hands(boards_from, count, boards, rng)
    for number, pair in enumerate(pairs, 1):
        DuplicatePair.objects.filter(pk=pair.pair.pk).update(number=number)
    now = timezone.now()
    DuplicateBoard.objects.bulk_create(
        _board(evening, number, hands.get(number), boards_from, now)
        for number in range(1, count + 1)
    )
    analysis.ask_for_boards(sorted(hands.items()))
    started = DuplicateEvening.objects.filter(pk=evening.pk, started_at__isnull=True).update(
        started_at=now, boards_from=boards_from
    )
    if not started:
        raise Stale(f"{evening.name} was started meanwhile. {NOTHING}")
    evening.refresh_from_db()
    seat_tables(evening)
    made = {
        DuplicateEvening.DEALT: f"{count} boards dealt by the site: print their hand records "
        "or curtain cards to make them up",
        DuplicateEvening.FILE: f"{count} boards from the file",
        DuplicateEvening.AT_THE_TABLE: f"{count} boards to be dealt at the first table, "
        "their hands unknown",
    }[boards_from]
    return (
        f"{evening.name} has started: {len(pairs)} pairs numbered, {made}; round 1 is "
        "seated. Print the guide cards and table cards."
    )


def _hands(
    boards_from: str, count: int, boards: Sequence[DealtBoard], rng: random.Random | None
) -> dict[int, tuple[str, str, str, str]]:
    """Each board's hands as the evening starts, by number: dealt here, from the file's
    boards 1 to `count`, or none."""
    if boards_from == DuplicateEvening.DEALT:
        dealt = deal_boards(count) if rng is None else deal_boards(count, rng=rng)
        return {board.number or 0: _written(board) for board in dealt}
    if boards_from == DuplicateEvening.FILE:
        given = {board.number: board for board in boards}
        missing = [n for n in range(1, count + 1) if n not in given]
        if missing:
            raise Refused(
                f"The file has no board {missing[0]}: the evening plays boards 1 to {count}. "
                f"{NOTHING}"
            )
        return {number: _written(given[number]) for number in range(1, count + 1)}
    if boards_from == DuplicateEvening.AT_THE_TABLE:
        return {}
    raise Refused("Choose how the boards come: dealt by the site, from a file, or at the table.")


def _written(board: DealtBoard) -> tuple[str, str, str, str]:
    """A board's four hands as PBN writes them, North's first."""
    north, east, south, west = (str(board.hand(direction)) for direction in DIRECTIONS)
    return (north, east, south, west)


def _board(
    evening: DuplicateEvening,
    number: int,
    hands: tuple[str, str, str, str] | None,
    source: str,
    at: datetime,
) -> DuplicateBoard:
    if hands is None:
        return DuplicateBoard(evening=evening, number=number)
    north, east, south, west = hands
    return DuplicateBoard(
        evening=evening,
        number=number,
        north=north,
        east=east,
        south=south,
        west=west,
        source=DuplicateBoard.DEALT if source == DuplicateEvening.DEALT else DuplicateBoard.FILE,
        known_at=at,
    )


def seat_tables(evening: DuplicateEvening) -> None:
    """Each round's tables, and at each its two pairs, as the movement says."""
    by_number = {pair.number: pair.pair for pair in pairs_of(evening)}
    movement = movement_of(evening.kind, evening.tables)
    for round_number, meetings in enumerate(movement.rounds, 1):
        for meeting in sorted(meetings, key=lambda meeting: meeting.table):
            table = DuplicateTable.objects.create(
                evening=evening, round=round_number, number=meeting.table
            )
            DuplicateSeat.objects.bulk_create(
                DuplicateSeat(
                    table=table,
                    evening=evening,
                    round=round_number,
                    pair=by_number[pair],
                    line=line.value,
                )
                for pair, line in ((meeting.ns, Line.NS), (meeting.ew, Line.EW))
            )


# -- A hand record attached, ending, the noticeboard -------------------------------------------


@in_words
def attach_hands(
    *, evening: DuplicateEvening, boards: Sequence[DealtBoard], seen: str, user: User
) -> str:
    """The hands of boards dealt at the first table, from a hand record made at the table
    (a dealing machine's file, say): each board of the file whose hands are unknown takes
    them; a board known already must be given the same. The results recorded so far must
    agree with the cards (their honours and chicane), or nothing is attached."""
    _moved_on(evening, seen)
    if not evening.started:
        raise Refused(f"{evening.name} has not started: its boards are made as it starts.")
    if evening.ended:
        raise Refused(f"{evening.name} has ended: its boards are as they were. {NOTHING}")
    given = {board.number: _written(board) for board in boards}
    attached = []
    now = timezone.now()
    for board in evening.boards.order_by("number"):
        hands = given.get(board.number)
        if hands is None:
            continue
        if board.known:
            if board.hands != hands:
                raise Refused(
                    f"Board {board.number} of the file has other hands than the board's, known "
                    f"already ({board.get_source_display()}). {NOTHING}"
                )
            continue
        board.north, board.east, board.south, board.west = hands
        board.source, board.known_at = DuplicateBoard.RECORD, now
        board.save(update_fields=["north", "east", "south", "west", "source", "known_at"])
        attached.append(board.number)
    if not attached:
        raise Refused(
            f"The file gives no hands for a board of {evening.name} whose hands are unknown. "
            f"{NOTHING}"
        )
    analysis.ask_for_boards((number, given[number]) for number in attached)
    _agreed(evening, attached)
    try:
        work_out_duplicate(evening_record(evening, WHOLE).as_evening(), in_progress=True)
    except RubberError as error:
        raise Refused(f"{_sentence(str(error))} {NOTHING}") from None
    return (
        f"The hands of {_listed(attached)} are attached: the honours and chicane of every "
        "result on them are now the cards'."
    )


def _agreed(evening: DuplicateEvening, attached: Sequence[int]) -> None:
    """Each result called at the table on a board now known agrees with the cards: the
    same call of honours, the same chicane (engine.check_call)."""
    record = evening_record(evening, WHOLE)
    pairs = {row.table.pk: (row.ns.number, row.ew.number) for row in record.tables}
    called = DuplicateResult.objects.filter(evening=evening, board__number__in=attached)
    for row in result_rows(called, pairs):
        board = board_of(row.board, record.by_board[row.board].hands)
        if isinstance(row.recorded, Result):
            try:
                check_call(board, row.recorded)
            except DuplicateError as error:
                placed = DuplicateError(error.problem, board=row.board, pairs=row.recorded.pairs)
                raise Refused(
                    f"{_sentence(str(placed))} Correct the result, or attach the right file. "
                    f"{NOTHING}"
                ) from None


def _listed(numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return f"board {numbers[0]}"
    *first, last = (str(n) for n in numbers)
    return f"boards {', '.join(first)} and {last}"


@in_words
def end(*, evening: DuplicateEvening, seen: str, user: User) -> str:
    """The evening ends once every result the movement calls for is in (a board the pairs
    could not play is recorded so, by the director) and accepted: its results are
    final."""
    _moved_on(evening, seen)
    if not evening.started:
        raise Refused(f"{evening.name} has not started.")
    if evening.ended:
        raise Refused(f"{evening.name} has ended already.")
    record = evening_record(evening, WHOLE)
    all_in(record)
    ended = DuplicateEvening.objects.filter(pk=evening.pk, ended_at__isnull=True).update(
        ended_at=timezone.now()
    )
    if not ended:
        raise Stale(f"{evening.name} ended meanwhile. {NOTHING}")
    places.free(duplicate=evening)
    evening.refresh_from_db()
    return f"{evening.name} has ended: the results are final."


def all_in(record: EveningRecord) -> None:
    """Every result the movement calls for is in, and accepted: an evening ends so (its
    end, and the club's file of an ended one)."""
    try:
        work_out_duplicate(record.as_evening())
    except DuplicateError as error:
        raise Refused(
            f"{_sentence(str(error))} The evening ends once every result is in. {NOTHING}"
        ) from None
    waiting = record.provisional()
    if waiting:
        first = waiting[0]
        more = f" (and {len(waiting) - 1} more)" if len(waiting) > 1 else ""
        raise Refused(
            f"Board {first.board} at table {first.at}, round {first.round}, is not yet "
            f"accepted{more}: East–West accept it, or the director does. {NOTHING}"
        )


@in_words
def revoke_board(*, evening: DuplicateEvening, seen: str, user: User) -> str:
    """Revoke every noticeboard link of the evening given so far."""
    _moved_on(evening, seen)
    DuplicateEvening.objects.filter(pk=evening.pk).update(board=F("board") + 1)
    return (
        f"Every noticeboard link of {evening.name} given so far is revoked; the page shows "
        "a new one."
    )
