"""The sheet as the site shows it: Elwell's layout with the players' names, each figure
with its explanation, the state of play in words, and where each deal's acceptance by the
other side stands. Every figure is the engine's."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scorer import engine
from scorer.club.models import Member, person
from scorer.engine.layout import Cell, Layout, rows
from scorer.rubbers.cards import DiagramView, diagrams
from scorer.rubbers.models import Acceptance, Correction, Deal, Rubber
from scorer.rubbers.reads import RubberState, accepting_side, worked_out


@dataclass(frozen=True)
class Figure:
    """A figure on the sheet with what the page needs to explain it when tapped."""

    cell: Cell
    corrections: tuple[str, ...] = ()  # "Corrected under Law 12: tricks miscounted"
    new: bool = False  # of the deal this phone has just recorded: shown, and scrolled to

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
    total_note: str  # what the totals leave out, as the game says it ("" if nothing)
    outcome: str
    finished: bool
    deals: list[tuple[int, str]]  # each recorded deal's number and its line in words
    # The recorded deals whose hands are known (§9): their numbers, and their diagrams.
    with_hands: list[int] = field(default_factory=list)
    hands: list[DiagramView] = field(default_factory=list)


Key = tuple[engine.Column, int | None, engine.Side]


def _figures(
    cells: engine.Pair[tuple[Cell, ...]],
    notes: dict[int, tuple[str, ...]],
    changed: set[Key],
    *,
    upward: bool,
    new: int | None = None,
) -> list[Row]:
    def figure(cell: Cell | None) -> Figure | None:
        if cell is None:
            return None
        moved = (cell.column, cell.deal, cell.side) in changed
        return Figure(
            cell,
            notes.get(cell.deal or 0, ()) if moved else (),
            new is not None and cell.deal == new,
        )

    return [(figure(we), figure(they)) for we, they in rows(cells, upward=upward)]


def sheet_view(
    state: RubberState, corrections: Iterable[Correction] = (), new: int | None = None
) -> SheetView:
    """The sheet, with the figures corrections changed marked and their corrections told;
    `new`: the deal just recorded on this phone, whose figures are marked as new."""
    sheet, game = state.sheet, state.game
    drawn = game.words.layout(sheet)
    made = sorted(corrections, key=lambda c: (c.made_at, c.pk or 0))
    # The corrections of the deals as they stand: not a deal removed, nor one removed and
    # recorded again since (undone in error), whose corrections were of another deal.
    standing = {deal.number: deal.recorded_at for deal in state.recorded}
    made = [
        c
        for c in made
        if not c.removed
        and (recorded := standing.get(c.number)) is not None
        and c.made_at >= recorded
    ]
    notes: dict[int, tuple[str, ...]] = {}
    for correction in made:
        note = f"Corrected under {correction.law}: {correction.reason}"
        notes[correction.number] = (*notes.get(correction.number, ()), note)
    changed = _changed(state, drawn, made) if notes else set()
    return SheetView(
        names=pair_names(state),
        honours=_figures(drawn.honours, notes, changed, upward=True, new=new),
        games=[
            GameView(
                block.heading,
                _figures(block.cells, notes, changed, upward=False, new=new),
                block.game.winner,
            )
            for block in drawn.games
        ],
        totals=engine.Pair(sheet.totals.we.total, sheet.totals.they.total),
        total_note=drawn.total_note,
        outcome=game.words.outcome(sheet),
        finished=sheet.finished,
        deals=[
            (deal.number, deal_line(state, deal, scored.deal))
            for deal, scored in zip(state.recorded, sheet.deals, strict=True)
        ],
        with_hands=[deal.number for deal in state.recorded if deal.hands],
        hands=diagrams(state),
    )


def _changed(state: RubberState, drawn: Layout, made: list[Correction]) -> set[Key]:
    """The figures of corrected deals that differ from the sheet as the deals were first
    recorded (`made`: the corrections of the deals as they stand, in order): only these
    carry the mark (†), not every figure of a corrected deal."""
    rubber = state.rubber
    first = {deal.number: deal for deal in state.recorded}
    for correction in reversed(made):  # the earliest correction's "before" is the first
        first[correction.number] = Deal.from_snapshot(rubber, correction.number, correction.before)

    def figures(drawing: Layout) -> dict[Key, int]:
        cells = [*drawing.honours.we, *drawing.honours.they]
        for block in drawing.games:
            cells += [*block.cells.we, *block.cells.they]
        return {(c.column, c.deal, c.side): c.points for c in cells if c.deal is not None}

    now = figures(drawn)
    # Up to the last deal corrected: the deals after it were recorded on the sheet as it
    # was corrected (a rubber won first at deal 4 may now go on to deal 5).
    last = max(c.number for c in made)
    try:
        original = worked_out(rubber, (first[n] for n in sorted(first) if n <= last))
    except engine.RubberError:  # the deals as first recorded no longer make a sheet
        return {key for key in now if key[1] in {c.number for c in made}}
    before = figures(state.game.words.layout(original))
    return {key for key, points in now.items() if before.get(key) != points}


def _names(pair: tuple[Member, Member]) -> str:
    """ "Carr & Dane"; three playing, the dummy's holder is both of We: "Carr with the dummy"."""
    if pair[0] == pair[1]:
        return f"{pair[0].short_name} with the dummy"
    return f"{pair[0].short_name} & {pair[1].short_name}"


@dataclass(frozen=True)
class Words:
    standing: str  # "Second game: We 18, They 24 — We have a game"
    next: str  # "Deal 6: Mrs. Carr deals"


def words(state: RubberState) -> Words:
    sheet, game = state.sheet, state.game
    standing = game.words.standing(sheet)
    if sheet.finished:
        return Words(standing, "")
    deal = state.in_progress
    if deal is None:
        seat = state.next_dealer
        # Who deals in fact: a substitute in the seat (Law 27), named for whom she plays.
        player, member = state.player_at(seat), state.seats[seat]
        dealer = game.seating.seat_label(seat, player.name)
        if player != member:
            return Words(
                standing,
                f"Deal {state.next_number}: {dealer} deals, for {member.name} (Law 27).",
            )
        return Words(standing, f"Deal {state.next_number}: {dealer} deals.")
    return Words(
        standing,
        f"Deal {deal.number}: {declaration_words(state, deal)}. The result is to come.",
    )


def declaration_words(state: RubberState, deal: Deal, called: engine.Called | None = None) -> str:
    """ "Mrs. Carr dealt and made hearts" or "Mrs. Carr dealt and passed; Mr. Dane made
    hearts, doubled". `called`: the deal as called, if read already."""
    game = state.game
    dealer = game.seating.seat_label(deal.dealer, state.seats[deal.dealer].name)
    maker = game.seating.seat_label(deal.maker_seat, state.seats[deal.maker_seat].name)
    return game.words.declaration_words(deal.called() if called is None else called, dealer, maker)


# A deal declared and not yet played, as the record of corrections shows an undone
# declaration.
NOT_YET_PLAYED = "declared, not yet played"


def deal_line(state: RubberState, deal: Deal, worked: Any = None) -> str:
    """One recorded deal in a line: "1. Mrs. Carr dealt; … — We 9 tricks; honours We: four".
    `worked`: the deal as the sheet worked it out, for a sheet's own deals (not worked out
    again, deal by deal, for its words). A deal in progress: its declaration, to be played."""
    game, called = state.game, deal.called()
    if called.played is None:
        result = NOT_YET_PLAYED
    else:
        result = game.words.result_words(game.laws.deal_of(called) if worked is None else worked)
    return f"{deal.number}. {declaration_words(state, deal, called)} \u2014 {result}"


def seat_names(state: RubberState) -> list[str]:
    """Each seat as a choice of dealer: the player's short name, or the dummy's."""
    return [state.game.seating.seat_label(seat, m.short_name) for seat, m in enumerate(state.seats)]


@dataclass(frozen=True)
class CorrectionView:
    correction: Correction
    kind: str  # in the game's words: "tricks", "a wrong score"
    by: str
    before: str
    after: str  # "removed" when the deal was


def corrections_view(state: RubberState, corrections: Iterable[Correction]) -> list[CorrectionView]:
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
        kind = state.game.corrections.kind_words(engine.Kind(correction.kind))
        found.append(
            CorrectionView(
                correction, kind, person(correction.made_by), deal_line(state, before), after
            )
        )
    return found


@dataclass(frozen=True)
class AgreementView:
    """Where agreeing the rubber's value stands."""

    agreed: bool
    abandoned: bool
    offered: bool  # confirming now would abandon an unfinished rubber
    value: str  # "We gain 152 points"
    sides: list[tuple[engine.Side, str, str | None, datetime | None]]  # side, pair, by, at


def value_words(state: RubberState) -> str:
    """What the rubber is worth, in words: "We gain 152 points, They lose them"."""
    rubber = state.rubber
    points = rubber.agreed_value if rubber.agreed_value is not None else state.value
    if points == 0:
        return "nobody gains or loses" if not state.sheet.finished else "the sides are level"
    gainer = engine.Side.WE if points > 0 else engine.Side.THEY
    return f"{gainer.label} gain {abs(points)} points, {gainer.other.label} lose them"


def agreement_view(state: RubberState) -> AgreementView:
    rubber = state.rubber
    worth = value_words(state)
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


def cut_view(state: RubberState) -> CutView | None:
    """The cards drawn when the table cut, by name."""
    cut = state.rubber.cut
    if not cut:
        return None
    names = {member.pk: member.name for member in state.seats}
    return CutView(
        kind={"partners": "partners and deal", "dummy": "the dummy"}.get(cut["for"], "deal"),
        rounds=[
            [(names[draw["member"]], draw["card"]) for draw in drawn] for drawn in cut["rounds"]
        ],
        dealer=state.seats[state.rubber.first_dealer].name,
    )


@dataclass(frozen=True)
class RubberRow:
    rubber: Rubber
    names: engine.Pair[str]
    standing: str  # the sides named: "Second game: Carr & Dane 18, Fenwick & Hartley 24"
    finished: bool
    progress: str  # "in play", "won — awaiting agreement", "agreed"


def rubber_rows(states: Iterable[RubberState]) -> list[RubberRow]:
    """Rubbers for a list, each worked out from its deals."""
    rows = []
    for state in states:
        names = pair_names(state)
        rows.append(
            RubberRow(
                state.rubber,
                names,
                state.game.words.standing(state.sheet, names),
                state.sheet.finished,
                progress(state),
            )
        )
    return rows


IN_PLAY = "in play"
AWAITING = "won \u2014 awaiting agreement"


def progress(state: RubberState) -> str:
    """Where a rubber stands as the club sees it: in play, won and awaiting both sides'
    agreement, agreed; or abandoned (counted or void) by agreement."""
    rubber = state.rubber
    if rubber.agreed:
        if rubber.abandoned:
            return "abandoned, counted" if rubber.abandoned_counts else "abandoned, void"
        return "agreed"
    return AWAITING if state.sheet.finished else IN_PLAY


def tricks_legend(side: engine.Side, names: engine.Pair[str]) -> str:
    """What the tricks are counted for: "Tricks won by We (Carr & Dane)"."""
    return f"Tricks won by {side.label} ({names[side]})"


def pair_names(state: RubberState) -> engine.Pair[str]:
    """Each side's players, short: "Carr & Dane"."""
    return engine.Pair(*(_names(state.partnership(side)) for side in engine.SIDES))


@dataclass(frozen=True)
class Waiting:
    """A recorded deal the other side has not yet accepted: its number, and that side."""

    number: int
    side: engine.Side

    @property
    def said(self) -> str:
        return f"Deal {self.number}: not yet accepted by {self.side.label}."


@dataclass(frozen=True)
class AcceptanceView:
    """Where each deal's acceptance by the other side stands (Club.deals_accepted)."""

    lines: dict[int, str]  # each deal's, for its line: "accepted by Miss Fenwick for They"
    waiting: list[Waiting]  # the deals not yet accepted, each with a way to accept it
    last: (
        str  # the last deal's acceptance, once given: "Deal 3: accepted by Miss Fenwick for They."
    )


def acceptance_view(
    state: RubberState, corrections: Iterable[Correction], accepted: dict[int, Acceptance]
) -> AcceptanceView:
    """Each recorded deal accepted, or waiting for the side that is to accept it: the other
    side from whoever wrote it last. A deal the staff entered is the club's own: no side is
    asked to accept it."""
    corrections = list(corrections)
    lines: dict[int, str] = {}
    waiting = []
    for deal in state.recorded:
        side = accepting_side(state, deal, corrections)
        given = accepted.get(deal.number)
        if given is not None:
            lines[deal.number] = f"accepted by {person(given.accepted_by)}" + (
                f" for {side.label}" if side is not None else ""
            )
        elif side is not None:
            lines[deal.number] = f"not yet accepted by {side.label}"
            waiting.append(Waiting(deal.number, side))
    last = state.recorded[-1].number if state.recorded else 0
    shown = f"Deal {last}: {lines[last]}." if last in accepted else ""
    return AcceptanceView(lines, waiting, shown)
