"""The Progressive evening's read model: its rows read in a few queries, and the engine's
`Evening` built from them, here and nowhere else.

The engine works out everything the pages show from that record each time: each deal's
points, each table's round, who moves, where everybody sits next, the standings and the
places (`scorer.engine.progressive.work_out_evening`). A table's own round, which a save at
the table answers with, is worked out as an evening of that one table (the same deals,
the same rules, the same points), without reading the rest of the evening. A worked-out
evening is kept in this process for as long as nothing in it has changed (its
`fingerprint`), since every phone of the evening asks for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from scorer import engine
from scorer.engine.progressive import (
    Evening,
    EveningScore,
    ProgressiveRules,
    Round,
    Table,
    TableScore,
    work_out_evening,
)
from scorer.plumbing.following import EveningVersions
from scorer.plumbing.following import version_of as evening_version
from scorer.plumbing.kept import Kept
from scorer.plumbing.keys import Submission
from scorer.progressive.models import (
    ProgressiveDeal,
    ProgressiveEvening,
    ProgressivePlayer,
    ProgressiveSeat,
    ProgressiveTable,
)
from scorer.rubbers.models import MOST_POINTS


def rules_of(evening: ProgressiveEvening) -> ProgressiveRules:
    """The evening's settings, as the engine takes them."""
    return ProgressiveRules(
        deals_a_round=evening.deals_a_round, doubling_limit=evening.doubling_limit
    )


def declaring_rules(evening: ProgressiveEvening) -> engine.Rules:
    """The rules a declaration is judged by: the evening's doubling limit, and no more
    doubling than the record holds (as at a rubber)."""
    return engine.BRIDGE.laws.rules(doubling_limit=evening.doubling_limit, most_points=MOST_POINTS)


# -- A table ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableRecord:
    """A table in a round as its page shows it: the four as the cut seated them (We in
    seats 0 and 2, They in 1 and 3, seat 0 dealing first), the deals recorded, and the
    deal in progress, if any."""

    table: ProgressiveTable
    seats: tuple[ProgressivePlayer, ...]
    recorded: tuple[ProgressiveDeal, ...]
    in_progress: ProgressiveDeal | None
    # The round worked out with `recorded`, given by a write that has worked it out.
    worked: TableScore | None = field(default=None, compare=False, repr=False)

    @property
    def evening(self) -> ProgressiveEvening:
        return self.table.evening

    @cached_property
    def score(self) -> TableScore:
        """The table's round so far, worked out by the engine."""
        return self.worked if self.worked is not None else worked_out(self, self.recorded)

    @property
    def next_number(self) -> int:
        return len(self.recorded) + 1

    @property
    def next_dealer(self) -> int:
        """The deal passes to the left of whoever dealt last (Law 32); the cut's lowest
        deals first, from seat 0."""
        last = self.in_progress or (self.recorded[-1] if self.recorded else None)
        return 0 if last is None else engine.next_dealer(last.dealer)

    @property
    def played(self) -> bool:
        """Every deal of the round recorded."""
        return len(self.recorded) >= self.evening.deals_a_round

    def partnership(self, side: engine.Side) -> tuple[ProgressivePlayer, ProgressivePlayer]:
        first, second = engine.seats_of(side)
        return self.seats[first], self.seats[second]

    def side_of(self, player: ProgressivePlayer) -> engine.Side | None:
        for position, seated in enumerate(self.seats):
            if seated.pk == player.pk:
                return engine.side_of_seat(position)
        return None


def table_record(pk: int) -> TableRecord:
    """A table in three queries: the table with its evening, its seats with their
    players, its deals. Raises ProgressiveTable.DoesNotExist."""
    table = ProgressiveTable.objects.select_related("evening").get(pk=pk)
    return _table_record(table, _seats_of([table]), list(table.deals.all()))


def _seats_of(tables: Iterable[ProgressiveTable]) -> dict[int, list[ProgressivePlayer]]:
    seats: dict[int, list[ProgressivePlayer]] = {}
    found = ProgressiveSeat.objects.filter(table__in=list(tables)).select_related("player__member")
    for seat in found.order_by("table", "position"):
        seats.setdefault(seat.table_id, []).append(seat.player)
    return seats


def _table_record(
    table: ProgressiveTable,
    seats: dict[int, list[ProgressivePlayer]],
    deals: list[ProgressiveDeal],
) -> TableRecord:
    in_progress = deals.pop() if deals and deals[-1].in_progress else None
    return TableRecord(table, tuple(seats.get(table.pk, ())), tuple(deals), in_progress)


def worked_out(record: TableRecord, deals: Iterable[ProgressiveDeal]) -> TableScore:
    """A table's round with these recorded deals, as the engine works it out: an evening
    of this one table, the four numbered as they sit (We 1 and 3, They 2 and 4), scored
    as the whole evening scores it. (Who moves is the whole evening's to say.) Raises
    EveningError, placed at round 1, table 1, for a deal the laws refuse."""
    alone = Evening(
        rules_of(record.evening),
        tuple(player.name for player in record.seats),
        (Round((Table(1, engine.Pair((1, 3), (2, 4)), _as_played(deals)),)),),
    )
    return work_out_evening(alone, in_progress=True).rounds[0].tables[0]


def _as_played(deals: Iterable[ProgressiveDeal]) -> tuple[engine.Deal, ...]:
    return tuple(deal.to_engine() for deal in deals)


# -- The evening ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EveningRecord:
    """An evening's rows: its players (by number once drawn, else as they arrived) and its
    tables, round by round, each with its four and its deals."""

    evening: ProgressiveEvening
    players: tuple[ProgressivePlayer, ...]
    tables: tuple[TableRecord, ...]  # by round, then table number

    @property
    def rounds(self) -> int:
        return self.tables[-1].table.round if self.tables else 0

    def round_of(self, number: int) -> tuple[TableRecord, ...]:
        return tuple(record for record in self.tables if record.table.round == number)

    @property
    def current(self) -> tuple[TableRecord, ...]:
        """The last round's tables."""
        return self.round_of(self.rounds)

    @property
    def round_agreed(self) -> bool:
        """The last round agreed at every table (False before the first)."""
        return bool(self.tables) and all(record.table.agreed for record in self.current)

    def by_number(self, number: int) -> ProgressivePlayer:
        return self.players[number - 1]

    def player_of(self, member_pk: int | None) -> ProgressivePlayer | None:
        if member_pk is None:
            return None
        return next((p for p in self.players if p.member_id == member_pk), None)

    def as_evening(self) -> Evening:
        """The engine's Evening: the players' names by number, and each round's tables
        with the pairs as cut (by number), the deals recorded and the cut for a tie."""
        rounds: dict[int, list[Table]] = {}
        for record in self.tables:
            table = record.table
            we, they = (record.partnership(side) for side in engine.SIDES)
            rounds.setdefault(table.round, []).append(
                Table(
                    table.number,
                    engine.Pair(_numbers(we), _numbers(they)),
                    _as_played(record.recorded),
                    engine.Side(table.tie) if table.tie else None,
                )
            )
        return Evening(
            rules_of(self.evening),
            tuple(player.name for player in self.players),
            tuple(Round(tuple(tables)) for _, tables in sorted(rounds.items())),
        )

    @cached_property
    def score(self) -> EveningScore | None:
        """The evening worked out, once the numbers are drawn; None before."""
        if not self.evening.drawn:
            return None
        return _worked_out_evening(self)


def _numbers(pair: tuple[ProgressivePlayer, ProgressivePlayer]) -> tuple[int, int]:
    return _number(pair[0]), _number(pair[1])


def _number(player: ProgressivePlayer) -> int:
    assert player.number is not None, "a player is seated once the numbers are drawn"
    return player.number


def evening_record(evening: ProgressiveEvening) -> EveningRecord:
    """The evening's rows in four queries: its players, its tables, their seats (the
    players read once, each seat naming its player), their deals."""
    players = list(evening.players.select_related("member").order_by("number", "arrived_at", "pk"))
    tables = list(evening.tables.order_by("round", "number"))
    for table in tables:
        table.evening = evening
    by_pk = {player.pk: player for player in players}
    seats: dict[int, list[ProgressivePlayer]] = {}
    placed = ProgressiveSeat.objects.filter(evening=evening).order_by("table", "position")
    for table_pk, player_pk in placed.values_list("table_id", "player_id"):
        seats.setdefault(table_pk, []).append(by_pk[player_pk])
    by_table: dict[int, list[ProgressiveDeal]] = {}
    if tables:
        for deal in ProgressiveDeal.objects.filter(table__evening=evening).order_by(
            "table", "number"
        ):
            by_table.setdefault(deal.table_id, []).append(deal)
    return EveningRecord(
        evening,
        tuple(players),
        tuple(_table_record(table, seats, by_table.get(table.pk, [])) for table in tables),
    )


# -- Keeping a worked-out evening while nothing in it changes -----------------------------------

_versions = EveningVersions(ProgressiveEvening, ProgressiveTable)
version = _versions.version
board_state = _versions.board_state


def version_of(record: EveningRecord) -> str:
    """`version`, as the record read stands."""
    return evening_version(record.evening.revision, [t.table.revision for t in record.tables])


# A worked-out evening is kept by its id, under the moment it opened (which tells apart
# evenings a database has given the same id) and its version.
_worked: Kept[int, EveningScore] = Kept(16)


def _worked_out_evening(record: EveningRecord) -> EveningScore:
    """The evening worked out by the engine, or as this process worked it out before if
    nothing in it has changed since."""
    pk, now = record.evening.pk, (record.evening.opened_at.isoformat(), version_of(record))
    score = _worked.get(pk, now)
    if score is None:
        score = work_out_evening(record.as_evening(), in_progress=not record.evening.ended)
        _worked.keep(pk, now, score)
    return score


def told_since(table_pk: int, revision: int) -> list[str]:
    """What each write at a table after `revision` did, in words, in order."""
    writes = Submission.objects.filter(
        progressive__table_id=table_pk, revision__gt=revision
    ).exclude(said="")
    return list(writes.order_by("revision").values_list("said", flat=True))


def seated(member_pk: int) -> list[ProgressiveTable]:
    """The member's table at each Progressive evening in play: the last round's he sits
    at, for the home page's "Your table" (one query)."""
    seats = (
        ProgressiveSeat.objects.filter(player__member_id=member_pk, evening__ended_at__isnull=True)
        .select_related("table__evening")
        .order_by("evening", "-round")
    )
    tables: dict[int, ProgressiveTable] = {}
    for seat in seats:
        tables.setdefault(seat.evening_id, seat.table)
    return list(tables.values())
