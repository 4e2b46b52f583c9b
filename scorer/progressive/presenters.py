"""The Progressive evening as its pages say it: a table's round deal by deal, each figure
with how it was made; where the evening stands, who moves where and who sits where next;
each player's place, table and partner; the results. Every figure and every word of the
laws is the engine's; this module only lays them out by name."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorer import engine
from scorer.club.models import person
from scorer.engine.progressive import EveningScore, RoundScore, Seating, Standing, TableScore
from scorer.progressive.models import ProgressiveCorrection, ProgressiveDeal, ProgressivePlayer
from scorer.progressive.reads import EveningRecord, TableRecord
from scorer.rubbers.presenters import CutView

# -- A table's round ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Points:
    """What the sheet's figure tag draws: the points, and how they were made."""

    points: int
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class PointsFigure:
    """A pair's points in a deal, tapped for how they were made (the sheet's `figure`)."""

    cell: Points
    id: str
    heading: str
    corrections: tuple[str, ...] = ()


@dataclass(frozen=True)
class DealRow:
    number: int
    we: PointsFigure
    they: PointsFigure
    line: str  # the deal in words: "1. Mrs. Carr dealt and made hearts — We 9 tricks; …"
    new: bool = False  # the deal this phone has just recorded: its figures marked


@dataclass(frozen=True)
class PointsSheet:
    """A table's round: each deal's points for each pair, and the round's totals."""

    names: engine.Pair[str]
    rows: list[DealRow]
    totals: engine.Pair[int]
    played: int
    wanted: int


def pair_names(record: TableRecord) -> engine.Pair[str]:
    """ "Carr & Dane" for each pair."""
    return engine.Pair(
        *(
            " & ".join(player.short_name for player in record.partnership(side))
            for side in engine.SIDES
        )
    )


def points_sheet(
    record: TableRecord,
    corrections: list[ProgressiveCorrection] | None = None,
    new: int | None = None,
) -> PointsSheet:
    score = record.score
    notes: dict[int, tuple[str, ...]] = {}
    for correction in corrections or ():
        note = f"Corrected under {correction.law}: {correction.reason}"
        notes[correction.number] = (*notes.get(correction.number, ()), note)
    rows = []
    for deal, scored in zip(record.recorded, score.deals, strict=True):
        figures = [
            PointsFigure(
                Points(scored.points[side], scored.entries[side].explanation or ("Nothing.",)),
                f"points-{deal.number}-{side.value}",
                f"Deal {deal.number}, {side.label}",
                notes.get(deal.number, ()),
            )
            for side in engine.SIDES
        ]
        line = deal_line(record, deal)
        rows.append(DealRow(deal.number, figures[0], figures[1], line, deal.number == new))
    return PointsSheet(
        names=pair_names(record),
        rows=rows,
        totals=score.points,
        played=len(record.recorded),
        wanted=record.evening.deals_a_round,
    )


def declaration_words(record: TableRecord, deal: ProgressiveDeal) -> str:
    """ "Mrs. Carr dealt and made hearts", as at a rubber."""
    dealer, maker = record.seats[deal.dealer].name, record.seats[deal.maker_seat].name
    return engine.BRIDGE.words.declaration_words(deal.called(), dealer, maker)


def deal_line(record: TableRecord, deal: ProgressiveDeal) -> str:
    """ "1. Mrs. Carr dealt and made hearts — We 9 tricks; honours We: simple honours" """
    result = engine.BRIDGE.words.result_words(deal.to_engine())
    return f"{deal.number}. {declaration_words(record, deal)} \u2014 {result}"


@dataclass(frozen=True)
class Words:
    standing: str  # "After 2 of 4 deals: We 24, They 8"
    next: str  # "Deal 3: Mrs. Carr deals."


def words(record: TableRecord) -> Words:
    score, wanted = record.score, record.evening.deals_a_round
    played = len(record.recorded)
    points = f"We {score.points.we}, They {score.points.they}"
    if not played:
        standing = f"No deal played yet: {points}"
    elif played < wanted:
        standing = f"After {played} of {wanted} deals: {points}"
    else:
        standing = f"The round: {points}"
    if record.table.agreed:
        return Words(standing, "")
    deal = record.in_progress
    if deal is not None:
        said = declaration_words(record, deal)
        return Words(standing, f"Deal {deal.number}: {said}. The result is to come.")
    if played < wanted:
        dealer = record.seats[record.next_dealer].name
        return Words(standing, f"Deal {record.next_number}: {dealer} deals.")
    return Words(standing, "The round's deals are played: each pair agrees the round.")


def cut_view(record: TableRecord) -> CutView:
    """The cards cut for partners and deal, by name, as a rubber's page shows them."""
    names = {player.pk: player.name for player in record.seats}
    return CutView(
        kind="partners and deal",
        rounds=[[(names[who], card) for who, card in drawn] for drawn in record.table.cut],
        dealer=record.seats[0].name,
    )


def tie_cut_words(record: TableRecord) -> str:
    """The cut that decided a tie, in words; "" if the pairs did not tie."""
    table = record.table
    if not table.tie_cut:
        return ""
    names = {player.pk: player.name for player in record.seats}
    cards = "; cut again: ".join(
        ", ".join(f"{names[who]} {card}" for who, card in drawn) for drawn in table.tie_cut
    )
    movers = " and ".join(p.name for p in record.partnership(engine.Side(table.tie)))
    return (
        f"The pairs tied; one player of each cut, and the higher card moves: {cards}. "
        f"{movers} move on."
    )


@dataclass(frozen=True)
class AgreementView:
    agreed: bool
    sides: list[tuple[engine.Side, str, str | None, datetime | None]]  # side, pair, by, at
    points: str


def agreement_view(record: TableRecord) -> AgreementView:
    table, names = record.table, pair_names(record)
    sides = []
    for side in engine.SIDES:
        by, at = table.agreed_by(side)
        sides.append((side, names[side], person(by) if by else None, at))
    points = record.score.points
    return AgreementView(table.agreed, sides, f"We {points.we}, They {points.they}")


@dataclass(frozen=True)
class CorrectionView:
    correction: ProgressiveCorrection
    by: str
    before: str
    after: str


def corrections_view(
    record: TableRecord, corrections: list[ProgressiveCorrection]
) -> list[CorrectionView]:
    def line(correction: ProgressiveCorrection, values: dict[str, object]) -> str:
        return deal_line(
            record, ProgressiveDeal.from_snapshot(record.table, correction.number, values)
        )

    return [
        CorrectionView(
            correction,
            person(correction.made_by),
            line(correction, correction.before),
            line(correction, correction.after),
        )
        for correction in corrections
    ]


# -- The evening ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mine:
    """A player's own evening, as his phone shows it."""

    player: ProgressivePlayer
    standing: Standing | None
    place: str  # "3rd", "1st, shared"; "" before a deal is played
    of: int  # players
    table: TableRecord | None  # his table in the last round
    partner: ProgressivePlayer | None
    against: tuple[ProgressivePlayer, ...]
    goes: str = ""  # once the round is agreed everywhere: where he goes next, and whom he meets


def mine(record: EveningRecord, player: ProgressivePlayer | None) -> Mine | None:
    if player is None:
        return None
    score = record.score
    standing = score.standings[player.number - 1] if score and player.number else None
    table = next((t for t in record.current if t.side_of(player) is not None), None)
    partner: ProgressivePlayer | None = None
    against: tuple[ProgressivePlayer, ...] = ()
    if table is not None:
        side = table.side_of(player)
        assert side is not None
        partner = next(p for p in table.partnership(side) if p.pk != player.pk)
        against = table.partnership(side.other)
    place = place_words(standing, score.standings) if score and standing else ""
    goes = where_next(record, player)
    return Mine(player, standing, place, len(record.players), table, partner, against, goes)


def where_next(record: EveningRecord, player: ProgressivePlayer) -> str:
    """Where this player goes once the round is agreed at every table, as the engine seats
    the next round: "Move to table 2 for round 2, with Mr. Gale; there Mr. Eyre and Mr.
    Fell stay. The four cut again for partners." ("" while the round is played, or at the end.)
    Partners are cut afresh at every table: there are no pairs to number."""
    score = record.score
    if not record.round_agreed or record.evening.ended or score is None or score.next is None:
        return ""
    seating = next((s for s in score.next if player.number in s.players), None)
    if seating is None:
        return ""
    names = [record.by_number(n).name for n in seating.players if n != player.number]
    arrived = player.number in seating.arrived
    beside = [
        record.by_number(n).name
        for n in seating.players
        if n != player.number and (n in seating.arrived) == arrived
    ]
    there = [name for name in names if name not in beside]
    went = f"Move to table {seating.table}" if arrived else f"Stay at table {seating.table}"
    with_ = f", with {' and '.join(beside)}" if beside else ""
    meets = f"; there {' and '.join(there)} {'stay' if arrived else 'arrive'}" if there else ""
    after = f"{went} for round {record.rounds + 1}{with_}{meets}"
    return f"{after}. The four cut again for partners."


def compact_place(standing: Standing, standings: tuple[Standing, ...]) -> str:
    """ "3", or "1=" when shared, as a table of standings prints it."""
    shared = sum(s.place == standing.place for s in standings) > 1
    return f"{standing.place}{'=' if shared else ''}"


def ordinal(place: int) -> str:
    """ "1st", "2nd", "3rd", "11th" """
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def place_words(standing: Standing, standings: tuple[Standing, ...]) -> str:
    """ "3rd", or "1st, shared" """
    shared = sum(s.place == standing.place for s in standings) > 1
    return f"{ordinal(standing.place)}{', shared' if shared else ''}"


@dataclass(frozen=True)
class TableLine:
    """A table of a round, for the evening's page and its results."""

    record: TableRecord
    score: TableScore | None
    names: engine.Pair[str]  # full names: "Mrs. Carr and Mr. Dane"
    moves: str  # "Mrs. Carr and Mr. Dane move to table 2", "" until known


def names_of(record: TableRecord, side: engine.Side) -> str:
    return " and ".join(player.name for player in record.partnership(side))


def round_lines(record: EveningRecord, number: int) -> list[TableLine]:
    """A round's tables, each with its points as worked out for the whole evening and, once
    known, where its winners went."""
    score = record.score
    played: RoundScore | None = None
    if score is not None and 1 <= number <= len(score.rounds):
        played = score.rounds[number - 1]
    ended = record.evening.ended and number == record.rounds
    after = None if ended else _seating_after(score, number)
    lines = []
    for table_record in record.round_of(number):
        table_score = None
        if played is not None:
            table_score = next(t for t in played.tables if t.number == table_record.table.number)
        names = engine.Pair(*(names_of(table_record, side) for side in engine.SIDES))
        lines.append(TableLine(table_record, table_score, names, _moves(table_score, names, after)))
    return lines


def _seating_after(score: EveningScore | None, number: int) -> tuple[Seating, ...] | None:
    """Where everybody sat the round after round `number`: the next round as played, or
    the engine's next seating after the last."""
    if score is None:
        return None
    if number == len(score.rounds):
        return score.next
    return tuple(
        Seating(table.number, table.players, table.players) for table in score.rounds[number].tables
    )


def _moves(
    score: TableScore | None, names: engine.Pair[str], after: tuple[Seating, ...] | None
) -> str:
    """Where the table's winners went (or, after the evening's last round, who won it)."""
    if score is None or score.winners is None:
        return ""
    tied = ", the cut deciding the tie" if score.tie is not None else ""
    if after is None:
        return f"{names[score.winners]} won the round{tied}."
    if score.moves is None:
        return ""
    movers = set(score.pairs[score.moves])
    to = next((seating.table for seating in after if movers <= set(seating.players)), None)
    return f"{names[score.moves]} move to table {to}{tied}." if to is not None else ""


@dataclass(frozen=True)
class NextTable:
    table: int
    staying: list[str]
    arriving: list[str]


def next_seating(record: EveningRecord) -> list[NextTable]:
    """Who sits where in the next round, by name: the pair that stays, then the pair that
    arrives; [] while the round is being played."""
    score = record.score
    if score is None or score.next is None or not record.tables:
        return []
    return [
        NextTable(
            seating.table,
            [record.by_number(n).name for n in seating.players if n not in seating.arrived],
            [record.by_number(n).name for n in seating.arrived],
        )
        for seating in score.next
    ]


@dataclass(frozen=True)
class TallyLine:
    round: int
    table: int
    partner: str
    won: int
    lost: int


@dataclass(frozen=True)
class Tally:
    """A player's tally card: his number, and a line a round."""

    player: ProgressivePlayer
    lines: list[TallyLine]
    standing: Standing | None


def tallies(record: EveningRecord) -> list[Tally]:
    """Each player's tally: each round's table, partner, points won and lost."""
    score = record.score
    lines: dict[int, list[TallyLine]] = {player.pk: [] for player in record.players}
    for table_record in record.tables:
        assert score is not None  # tables are seated once the numbers are drawn
        table = table_record.table
        points = score.rounds[table.round - 1].tables[table.number - 1].points
        for side in engine.SIDES:
            first, second = table_record.partnership(side)
            for player, partner in ((first, second), (second, first)):
                lines[player.pk].append(
                    TallyLine(
                        table.round, table.number, partner.name, points[side], points[side.other]
                    )
                )
    return [
        Tally(
            player,
            lines[player.pk],
            score.standings[player.number - 1] if score and player.number else None,
        )
        for player in record.players
    ]
