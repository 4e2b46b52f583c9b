"""Working out a Progressive evening (§10 of the specification): each deal for points, each
table's round, who moves, where everybody sits next, and each player's score and place.

The evening is replayed from its record each time, as a rubber's sheet is:

- Players 1–4 begin at table 1, 5–8 at table 2, and so on; their number is a multiple of
  four.
- At each table the round's deals are scored for points (`points.score_for_points`). After
  the round the pair with more points there moves to the next table (table t to t + 1, the
  last to table 1) and the other pair stays. **Interpretation:** on a tie, a cut between
  one player of each pair decides, and the record says which pair it sent on. With one
  table nobody moves.
- Each round's tables must hold the players the moves of the round before sent there.
- A player's points won are the sum, over every deal he played, of his side's points; his
  points lost, of the adversaries'; his net is won less lost. The best net wins; ties share
  the place (1, 1, 3). All the nets add up to nothing.

The seating for a round lists each table's players as the pair that stays, then the pair
that arrives from the table before it; at the first round, the four by number; with one
table, the four as they sat (We's pair, then They's).

An evening in progress (`in_progress=True`) may have its last round partly played: some
tables not yet cut for partners, fewer deals than the round's, a tie waiting for its cut.
The standings then count every deal played so far, and the next round's seating is known
only once every table has finished the round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorer.engine.bridge.points import points_of, score_for_points
from scorer.engine.bridge.sheet import Entry
from scorer.engine.errors import RubberError
from scorer.engine.model import SIDES, Deal, Pair, Rules, Side
from scorer.engine.progressive.errors import EveningError
from scorer.engine.progressive.model import AT_A_TABLE, Evening, Round, Table


@dataclass(frozen=True, slots=True)
class DealPoints:
    """A deal as scored for points at a table: its number in the round, the deal, each
    side's entry (the items in the sheet's words) and each side's points."""

    number: int
    deal: Deal
    entries: Pair[Entry]
    points: Pair[int]


@dataclass(frozen=True, slots=True)
class TableScore:
    """One table's round, worked out.

    points: each pair's points over the round's deals played so far.
    winners: the pair with more points once the round's deals are all played, or on a tie
    the pair the cut sent on; None before then, or while a tie waits for its cut.
    moves: the pair that moves on to the next table: the winners, but nobody with one table.
    cut_needed: the pairs tied over the whole round, there are tables to move to, and the
    cut is not yet recorded.
    """

    number: int
    pairs: Pair[tuple[int, int]]
    deals: tuple[DealPoints, ...]
    points: Pair[int]
    played: bool  # every deal of the round played
    tie: Side | None
    winners: Side | None
    moves: Side | None
    cut_needed: bool

    @property
    def finished(self) -> bool:
        """The round is over here: its deals played, and who moves on decided."""
        return self.played and not self.cut_needed

    @property
    def players(self) -> tuple[int, int, int, int]:
        """We's two, then They's, as cut."""
        we, they = self.pairs
        return (we[0], we[1], they[0], they[1])


@dataclass(frozen=True, slots=True)
class RoundScore:
    """A round, worked out: its tables by number (in progress, those cut for so far)."""

    number: int
    tables: tuple[TableScore, ...]
    finished: bool  # every table has played the round, and every tie is cut


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits at a table for a round: the pair that stays, then the pair that arrived
    from the table before (`arrived`); at the first round the four by number, and with one
    table the four as they sat. The four cut again there for partners and deal."""

    table: int
    players: tuple[int, int, int, int]
    arrived: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's score over the evening so far."""

    number: int
    name: str
    won: int
    lost: int
    place: int  # 1 for the best net; players on the same net share a place

    @property
    def net(self) -> int:
        return self.won - self.lost


@dataclass(frozen=True, slots=True)
class EveningScore:
    """The evening worked out from its record.

    standings: each player's, by number. next: where everybody sits for the round after
    the last one recorded (the first round's seating before any is played), a Seating a
    table; None while the last round is still being played.
    """

    evening: Evening
    rounds: tuple[RoundScore, ...]
    standings: tuple[Standing, ...]
    next: tuple[Seating, ...] | None

    @property
    def by_place(self) -> tuple[Standing, ...]:
        """The standings best first; a shared place in the players' order."""
        return tuple(sorted(self.standings, key=lambda standing: (standing.place, standing.number)))

    def table_of(self, player: int) -> int | None:
        """The table a player sits at for the next round, or None while it is not known."""
        if self.next is None:
            return None
        for seating in self.next:
            if player in seating.players:
                return seating.table
        raise ValueError(f"there is no player {player}")


def work_out_evening(evening: Evening, *, in_progress: bool = False) -> EveningScore:
    """Replay the evening's rounds and return its score; EveningError names the round, the
    table and the deal of the first thing the record gets wrong.

    Without `in_progress` the evening is taken as finished, as a file records one: every
    round's tables each played the round's deals, every tie with its cut. With it, the last
    round may be partly played."""
    tables = _check_players(evening.players)
    scoring = evening.rules.scoring
    seating: dict[int, Seating] | None = _first_seating(tables)
    won = [0] * (len(evening.players) + 1)  # by player number; [0] unused
    lost = [0] * (len(evening.players) + 1)
    rounds: list[RoundScore] = []
    for number, played in enumerate(evening.rounds, 1):
        assert seating is not None  # a round before the last is finished, or refused
        partly = in_progress and number == len(evening.rounds)
        scored = _work_out_round(evening, scoring, number, played, seating, partly=partly)
        for table in scored.tables:
            _add_points(table, won, lost)
        rounds.append(scored)
        seating = _seating_after(scored, tables) if scored.finished else None
    standings = _standings(evening.players, won, lost)
    after = None if seating is None else tuple(seating[table] for table in sorted(seating))
    return EveningScore(evening, tuple(rounds), standings, after)


def _first_seating(tables: int) -> dict[int, Seating]:
    """Players 1–4 at table 1, 5–8 at table 2, and so on."""
    return {
        table: Seating(table, (4 * table - 3, 4 * table - 2, 4 * table - 1, 4 * table))
        for table in range(1, tables + 1)
    }


# -- The players ---------------------------------------------------------------------------


def _check_players(players: tuple[str, ...]) -> int:
    """The number of tables the players make, or the refusal saying how many more or fewer
    would make whole ones."""
    count = len(players)
    over = count % AT_A_TABLE
    if count and not over:
        return count // AT_A_TABLE
    more = AT_A_TABLE - over
    if count < AT_A_TABLE:
        raise EveningError(
            f"players: {_players(count)} cannot make a table of four; "
            f"{_players(more, 'more')} would make one",
            field="players",
        )
    tables = count // AT_A_TABLE
    raise EveningError(
        f"players: {_players(count)} do not make whole tables of four; "
        f"{_players(more, 'more')} would make {_tables(tables + 1)}, "
        f"or {_players(over, 'fewer')} {_tables(tables)}",
        field="players",
    )


def _players(count: int, how: str = "") -> str:
    words = f"{count} {how}" if how else str(count)
    return f"{words} player" if count == 1 else f"{words} players"


def _tables(count: int) -> str:
    return "1 table" if count == 1 else f"{count} tables"


def _who(evening: Evening, number: int) -> str:
    return f"player {number} ({evening.players[number - 1]})"


# -- A round -------------------------------------------------------------------------------


def _work_out_round(
    evening: Evening,
    scoring: Rules,
    number: int,
    played: Round,
    seating: dict[int, Seating],
    *,
    partly: bool,
) -> RoundScore:
    by_number = _check_tables(evening, number, played, partly=partly)
    _check_each_plays_once(evening, number, by_number.values())
    for table in by_number.values():
        _check_seating(evening, number, table, seating)
    several = evening.tables > 1
    scored = tuple(
        _work_out_table(evening, scoring, number, by_number[table], several, partly=partly)
        for table in sorted(by_number)
    )
    finished = len(scored) == evening.tables and all(table.finished for table in scored)
    return RoundScore(number, scored, finished)


def _check_tables(
    evening: Evening, number: int, played: Round, *, partly: bool
) -> dict[int, Table]:
    """Each table once, numbered from 1 to the number of tables; in a round still being
    played, a table not yet cut for partners may be missing."""
    tables = evening.tables
    made = f"{_players(len(evening.players))} make {_tables(tables)}"
    by_number: dict[int, Table] = {}
    for table in played.tables:
        if not 1 <= table.number <= tables:
            raise EveningError(f"there is no table {table.number} ({made})", round=number)
        if table.number in by_number:
            raise EveningError(f"table {table.number} is listed twice", round=number)
        by_number[table.number] = table
    if not partly:
        for table_number in range(1, tables + 1):
            if table_number not in by_number:
                raise EveningError(f"table {table_number} is missing ({made})", round=number)
    return by_number


def _check_each_plays_once(evening: Evening, number: int, tables: Iterable[Table]) -> None:
    last = len(evening.players)
    at: dict[int, int] = {}
    for table in tables:
        for player in table.players:
            if not 1 <= player <= last:
                raise EveningError(
                    f"there is no player {player} (the players are numbered 1 to {last})",
                    round=number,
                    table=table.number,
                    field="players",
                )
            if at.get(player) == table.number:
                raise EveningError(
                    f"{_who(evening, player)} is named twice at the table",
                    round=number,
                    table=table.number,
                    field="players",
                )
            if player in at:
                raise EveningError(
                    f"{_who(evening, player)} plays at both table {at[player]} and "
                    f"table {table.number}",
                    round=number,
                    field="players",
                )
            at[player] = table.number


def _check_seating(
    evening: Evening, number: int, table: Table, seating: dict[int, Seating]
) -> None:
    """The table holds the four the moves of the round before sent there."""
    expected = seating[table.number].players
    for player in table.players:
        if player in expected:
            continue
        sent_to = next(seat.table for seat in seating.values() if player in seat.players)
        if number == 1:
            reason = (
                f"{_who(evening, player)} begins at table {sent_to} (players 1 to 4 begin "
                "at table 1, 5 to 8 at table 2, and so on)"
            )
        else:
            reason = (
                f"the moves of round {number - 1} sent {_who(evening, player)} to table "
                f"{sent_to}, not here; table {table.number} holds players {_listed(expected)}"
            )
        raise EveningError(reason, round=number, table=table.number, field="players")


def _listed(numbers: Iterable[int]) -> str:
    *first, last = (str(number) for number in sorted(numbers))
    return f"{', '.join(first)} and {last}" if first else last


# -- A table -------------------------------------------------------------------------------


def _work_out_table(
    evening: Evening,
    scoring: Rules,
    round_number: int,
    table: Table,
    several: bool,
    *,
    partly: bool,
) -> TableScore:
    wanted = evening.rules.deals_a_round
    count = len(table.deals)
    if count > wanted or (count < wanted and not partly):
        raise EveningError(
            f"{_deals(count)} {'was' if count == 1 else 'were'} played, but a round is "
            f"{_deals(wanted)}",
            round=round_number,
            table=table.number,
            field="deals",
        )
    deals = tuple(
        _deal_points(deal, scoring, round_number, table.number, number)
        for number, deal in enumerate(table.deals, 1)
    )
    we = sum(deal.points.we for deal in deals)
    they = sum(deal.points.they for deal in deals)
    played = count == wanted
    _check_tie(round_number, table, Pair(we, they), played=played, several=several)
    tied = played and we == they
    cut_needed = tied and several and table.tie is None
    if cut_needed and not partly:
        raise EveningError(
            f"the pairs tied at {we} points, and no cut is recorded to say which pair "
            'moves on ("tie": "we" or "they")',
            round=round_number,
            table=table.number,
            field="tie",
        )
    winners = None
    if played:
        winners = table.tie if tied else (Side.WE if we > they else Side.THEY)
    return TableScore(
        number=table.number,
        pairs=table.pairs,
        deals=deals,
        points=Pair(we, they),
        played=played,
        tie=table.tie,
        winners=winners,
        moves=winners if several else None,
        cut_needed=cut_needed,
    )


def _deals(count: int) -> str:
    return "1 deal" if count == 1 else f"{count} deals"


def _deal_points(
    deal: Deal, scoring: Rules, round_number: int, table: int, number: int
) -> DealPoints:
    """One deal scored for points; the laws' refusal placed at its round, table and deal."""
    try:
        entries = score_for_points(deal, scoring)
    except RubberError as error:
        raise EveningError(
            error.problem, round=round_number, table=table, deal=number, field=error.field
        ) from None
    return DealPoints(number, deal, entries, points_of(entries))


def _check_tie(
    round_number: int, table: Table, points: Pair[int], *, played: bool, several: bool
) -> None:
    """A cut is recorded only for a tie over the whole round, with a table to move to."""
    if table.tie is None:
        return
    if not several:
        reason = "with one table nobody moves"
    elif not played:
        reason = "the round's deals are not all played"
    elif points.we != points.they:
        reason = f"the pairs did not tie (We {points.we}, They {points.they})"
    else:
        return
    raise EveningError(
        f"a cut is recorded for a tie, but {reason}",
        round=round_number,
        table=table.number,
        field="tie",
    )


def _add_points(table: TableScore, won: list[int], lost: list[int]) -> None:
    """Each player wins his side's points and loses the adversaries'."""
    for side in SIDES:
        for player in table.pairs[side]:
            won[player] += table.points[side]
            lost[player] += table.points[side.other]


# -- Moving --------------------------------------------------------------------------------


def _seating_after(played: RoundScore, tables: int) -> dict[int, Seating]:
    """The winners at table t move to table t + 1 (the last to table 1), the losers stay;
    with one table nobody moves."""
    if tables == 1:
        (table,) = played.tables
        return {1: Seating(1, table.players)}
    staying: dict[int, tuple[int, int]] = {}
    arriving: dict[int, tuple[int, int]] = {}
    for table in played.tables:
        movers = table.moves
        assert movers is not None  # a finished round's tables have decided who moves
        staying[table.number] = table.pairs[movers.other]
        arriving[table.number % tables + 1] = table.pairs[movers]
    return {
        number: Seating(number, staying[number] + arriving[number], arriving[number])
        for number in range(1, tables + 1)
    }


# -- The individual score ------------------------------------------------------------------


def _standings(players: tuple[str, ...], won: list[int], lost: list[int]) -> tuple[Standing, ...]:
    """Each player's won, lost and place: one more than the number with a better net."""
    nets = sorted(
        (won[number] - lost[number] for number in range(1, len(players) + 1)), reverse=True
    )
    place_of: dict[int, int] = {}
    for index, net in enumerate(nets, 1):
        place_of.setdefault(net, index)
    return tuple(
        Standing(number, name, won[number], lost[number], place_of[won[number] - lost[number]])
        for number, name in enumerate(players, 1)
    )
