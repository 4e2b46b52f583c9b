"""The sheet as the site shows it: Elwell's layout with the players' names, each figure
with its explanation, and the state of play in words. Every figure is the engine's."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User

from scorer import engine
from scorer.engine import words as say
from scorer.engine.layout import Cell, layout, rows
from scorer.engine.text import outcome, standing
from scorer.models import Correction, Deal, Member, Rubber
from scorer.reads import TableState


@dataclass(frozen=True)
class Figure:
    """A figure on the sheet with what the page needs to explain it when tapped."""

    cell: Cell
    corrections: tuple[str, ...] = ()  # "Corrected under Law 12: tricks miscounted"

    @property
    def id(self) -> str:
        return f"{self.cell.column}-{self.cell.deal or 'rubber'}-{self.cell.side}"

    @property
    def heading(self) -> str:
        where = f"Deal {self.cell.deal}" if self.cell.deal else "The rubber"
        return f"{where}, {self.cell.side.label}"


Row = tuple[Figure | None, Figure | None]


@dataclass(frozen=True)
class GameView:
    label: str
    rows: list[Row]
    winner: engine.Side | None


@dataclass(frozen=True)
class SheetView:
    names: engine.Pair[str]
    honours: list[Row]
    games: list[GameView]
    totals: engine.Pair[int]
    outcome: str
    finished: bool
    deals: list[tuple[int, str]]  # each recorded deal's number and its line in words


def _figures(
    cells: engine.Pair[tuple[Cell, ...]], notes: dict[int, tuple[str, ...]], *, upward: bool
) -> list[Row]:
    def figure(cell: Cell | None) -> Figure | None:
        return None if cell is None else Figure(cell, notes.get(cell.deal or 0, ()))

    return [(figure(we), figure(they)) for we, they in rows(cells, upward=upward)]


def sheet_view(state: TableState, corrections: Iterable[Correction] = ()) -> SheetView:
    """The sheet, with the figures of corrected deals marked and their corrections told."""
    sheet = state.sheet
    drawn = layout(sheet)
    notes: dict[int, tuple[str, ...]] = {}
    for correction in corrections:
        if not correction.removed:
            note = f"Corrected under {correction.law}: {correction.reason}"
            notes[correction.number] = (*notes.get(correction.number, ()), note)
    return SheetView(
        names=pair_names(state),
        honours=_figures(drawn.honours, notes, upward=True),
        games=[
            GameView(
                engine.game_heading(block.game.number),
                _figures(block.cells, notes, upward=False),
                block.game.winner,
            )
            for block in drawn.games
        ],
        totals=engine.Pair(sheet.totals.we.total, sheet.totals.they.total),
        outcome=outcome(sheet),
        finished=sheet.finished,
        deals=[(deal.number, deal_line(state, deal)) for deal in state.recorded],
    )


def _names(pair: tuple[Member, Member]) -> str:
    return f"{pair[0].short_name} & {pair[1].short_name}"


@dataclass(frozen=True)
class Words:
    standing: str  # "Second game: We 18, They 24 — We have a game"
    next: str  # "Deal 6: Mrs. Carr deals"


def words(state: TableState) -> Words:
    sheet = state.sheet
    if sheet.finished:
        return Words(standing(sheet), "")
    deal = state.in_progress
    if deal is None:
        dealer = state.seats[state.next_dealer]
        return Words(standing(sheet), f"Deal {state.next_number}: {dealer.name} deals.")
    return Words(
        standing(sheet),
        f"Deal {deal.number}: {declaration_words(state, deal)}. The result is to come.",
    )


def declaration_words(state: TableState, deal: Deal) -> str:
    """ "Mrs. Carr dealt and made hearts" or "Mrs. Carr dealt and passed; Mr. Dane made
    hearts, doubled" """
    return say.declaration(
        deal.declaration(), state.seats[deal.dealer].name, state.seats[deal.maker_seat].name
    )


def deal_line(state: TableState, deal: Deal) -> str:
    """One recorded deal in a line: "1. Mrs. Carr dealt; … — We 9 tricks; honours We: four"."""
    return f"{deal.number}. {declaration_words(state, deal)} \u2014 {say.result(deal.to_engine())}"


@dataclass(frozen=True)
class CorrectionView:
    correction: Correction
    by: str
    before: str
    after: str  # "removed" when the deal was


def corrections_view(state: TableState, corrections: Iterable[Correction]) -> list[CorrectionView]:
    """Each correction in words: the deal before and after, who made it and why."""
    rubber = state.rubber
    found = []
    for correction in corrections:
        before = Deal.from_snapshot(rubber, correction.number, correction.before)
        after = (
            "removed"
            if correction.after is None
            else deal_line(state, Deal.from_snapshot(rubber, correction.number, correction.after))
        )
        found.append(
            CorrectionView(correction, person(correction.made_by), deal_line(state, before), after)
        )
    return found


def person(user: User) -> str:
    """A member by name, anyone else (the staff) by username."""
    member = getattr(user, "member", None)
    return member.name if member is not None else user.get_username()


@dataclass(frozen=True)
class AgreementView:
    """Where agreeing the rubber's value stands."""

    agreed: bool
    abandoned: bool
    offered: bool  # confirming now would abandon an unfinished rubber
    value: str  # "We gain 152 points"
    sides: list[tuple[engine.Side, str, str | None, datetime | None]]  # side, pair, by, at


def agreement_view(state: TableState) -> AgreementView:
    rubber = state.rubber
    points = rubber.agreed_value if rubber.agreed else state.value
    assert points is not None
    if points == 0:
        worth = "nobody gains or loses" if not state.sheet.finished else "the sides are level"
    else:
        gainer = engine.Side.WE if points > 0 else engine.Side.THEY
        worth = f"{gainer.label} gain {abs(points)} points, {gainer.other.label} lose them"
    sides = []
    for side in engine.SIDES:
        by, at = rubber.agreed_by(side)
        sides.append((side, _names(state.partnership(side)), person(by) if by else None, at))
    return AgreementView(
        agreed=rubber.agreed,
        abandoned=rubber.abandoned or (not rubber.agreed and not state.sheet.finished),
        offered=not state.sheet.finished,
        value=worth,
        sides=sides,
    )


@dataclass(frozen=True)
class CutView:
    kind: str
    rounds: list[list[tuple[str, str]]]
    dealer: str


def cut_view(state: TableState) -> CutView | None:
    """The cards drawn when the table cut, by name."""
    cut = state.rubber.cut
    if not cut:
        return None
    names = {member.pk: member.name for member in state.seats}
    return CutView(
        kind="partners and deal" if cut["for"] == "partners" else "deal",
        rounds=[
            [(names[draw["member"]], draw["card"]) for draw in drawn] for drawn in cut["rounds"]
        ],
        dealer=state.seats[state.rubber.first_dealer].name,
    )


@dataclass(frozen=True)
class RubberRow:
    rubber: Rubber
    names: engine.Pair[str]
    standing: str
    finished: bool


def rubber_rows(states: Iterable[TableState]) -> list[RubberRow]:
    """Rubbers for a list, each worked out from its deals."""
    return [
        RubberRow(state.rubber, pair_names(state), standing(state.sheet), state.sheet.finished)
        for state in states
    ]


def pair_names(state: TableState) -> engine.Pair[str]:
    """Each side's players, short: "Carr & Dane"."""
    return engine.Pair(*(_names(state.partnership(side)) for side in engine.SIDES))


# -- For printing ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DealRow:
    """A recorded deal in a line of the printed sheet, with both sides' entries."""

    number: int
    dealer: str
    make: str  # "hearts by Mr. Dane (passed), doubled"
    tricks: str  # "We 9", or "not played"
    honours: str  # "We: four in one hand", "aces easy"
    extras: str  # chicane and revokes, if any
    we: engine.Entry
    they: engine.Entry


def deal_rows(state: TableState) -> list[DealRow]:
    rows = []
    for deal, scored in zip(state.recorded, state.sheet.deals, strict=True):
        recorded = scored.deal
        rows.append(
            DealRow(
                number=deal.number,
                dealer=state.seats[deal.dealer].name,
                make=say.make(recorded, state.seats[deal.maker_seat].name),
                tricks=say.tricks(recorded),
                honours=say.honours(recorded),
                extras="; ".join(say.extras(recorded)),
                we=scored.entries.we,
                they=scored.entries.they,
            )
        )
    return rows


@dataclass(frozen=True)
class EveningRubber:
    rubber: Rubber
    names: engine.Pair[str]
    games: str  # "2–1"
    points: int  # to We: agreed if agreed, else as the sheet stands
    outcome: str  # "We won 152", "They won 40", "level"
    status: str  # "agreed", "provisional", "abandoned", "abandoned, void"


@dataclass(frozen=True)
class MemberTotal:
    member: Member
    rubbers: int
    agreed: int  # points from agreed rubbers
    provisional: int  # points from rubbers not yet agreed, as their sheets stand


def evening(states: Iterable[TableState]) -> tuple[list[EveningRubber], list[MemberTotal]]:
    """Each rubber in a line, and each member's points over them."""
    lines: list[EveningRubber] = []
    totals: dict[int, list[Any]] = {}
    for state in states:
        rubber, sheet = state.rubber, state.sheet
        points = rubber.agreed_value if rubber.agreed_value is not None else state.value
        won = sheet.games_won
        lines.append(
            EveningRubber(
                rubber=rubber,
                names=pair_names(state),
                games=f"{won.we}\u2013{won.they}",
                points=points,
                outcome=(
                    "level"
                    if points == 0
                    else f"{'We' if points > 0 else 'They'} won {abs(points)}"
                ),
                status=_status(rubber),
            )
        )
        for share in engine.BRIDGE.shares(points):
            member = state.seats[share.seats[0]]
            total = totals.setdefault(member.pk, [member, 0, 0, 0])
            total[1] += 1
            total[2 if rubber.agreed else 3] += share.points
    members = sorted(
        (MemberTotal(*total) for total in totals.values()),
        key=lambda total: (-(total.agreed + total.provisional), total.member.name),
    )
    return lines, members


def _status(rubber: Rubber) -> str:
    if not rubber.agreed:
        return "provisional"
    if rubber.abandoned:
        return "abandoned" if rubber.abandoned_counts else "abandoned, void"
    return "agreed"
