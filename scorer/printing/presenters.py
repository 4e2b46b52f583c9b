"""What goes on the printed documents that the rubber's page does not show: a line for
each recorded deal with both sides' entries, and an evening's rubbers with each member's
points over them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorer import engine
from scorer.club.models import Member
from scorer.rubbers.models import Rubber
from scorer.rubbers.presenters import IN_PLAY, pair_names, progress
from scorer.rubbers.reads import RubberState


@dataclass(frozen=True)
class DealRow:
    """A recorded deal in a line of the printed sheet, with both sides' entries."""

    number: int
    dealer: str
    make: str  # "hearts by Mr. Dane (passed), doubled"
    tricks: str  # "We 9", or "not played"
    honours: str  # "We: four in one hand", "aces easy"
    extras: str  # chicane and revokes, if any
    we: EntryLine
    they: EntryLine


@dataclass(frozen=True)
class EntryLine:
    """A side's entry in a deal, as the rubber's game words it: "24 below, 8 above" (at
    Whist, "3 points"), then how they were made."""

    figures: str
    explanation: tuple[str, ...]


def deal_rows(state: RubberState) -> list[DealRow]:
    rows, game = [], state.game
    for deal, scored in zip(state.recorded, state.sheet.deals, strict=True):
        maker = game.seating.seat_label(deal.maker_seat, state.seats[deal.maker_seat].name)
        make, tricks, honours, extras = game.words.row_words(scored.deal, maker)
        figures = game.words.entry_figures(state.sheet, scored.number)
        rows.append(
            DealRow(
                number=deal.number,
                dealer=game.seating.seat_label(deal.dealer, state.seats[deal.dealer].name),
                make=make,
                tricks=tricks,
                honours=honours,
                extras=extras,
                we=EntryLine(figures.we, scored.entries.we.explanation),
                they=EntryLine(figures.they, scored.entries.they.explanation),
            )
        )
    return rows


@dataclass(frozen=True)
class EveningRubber:
    rubber: Rubber
    names: engine.Pair[str]
    games: str  # "2–1"
    points: int  # to We: agreed if agreed, else as the sheet stands
    outcome: str  # "Carr & Dane won 152", "level"; "" while the rubber is in play
    status: str  # "in play", "won — awaiting agreement", "agreed", "abandoned, void"


@dataclass(frozen=True)
class MemberTotal:
    member: Member
    rubbers: int
    agreed: int  # points from agreed rubbers
    provisional: int  # points from rubbers not yet agreed, as their sheets stand


@dataclass(frozen=True)
class PointsTable:
    """Each member's points over the rubbers of games reckoned alike: Bridge's by the
    hundred, Short Whist's by the point, never added together."""

    games: str  # "Bridge", "Bridge and Three-handed Bridge", "Short Whist"
    totals: list[MemberTotal]


def evening(states: Iterable[RubberState]) -> tuple[list[EveningRubber], list[PointsTable]]:
    """Each rubber in a line, and each member's points over them, a table for each way
    the games played reckon their points (as the engine stakes them)."""
    lines: list[EveningRubber] = []
    totals: dict[engine.Staked, dict[int, list[Any]]] = {}
    games: dict[engine.Staked, list[str]] = {}
    for state in states:
        rubber, sheet = state.rubber, state.sheet
        points = rubber.agreed_value if rubber.agreed_value is not None else state.value
        won, names = sheet.games_won, pair_names(state)
        status = progress(state)
        if status == IN_PLAY:
            said = ""
        elif points == 0:
            said = "level"
        else:
            gainer = engine.Side.WE if points > 0 else engine.Side.THEY
            said = f"{names[gainer]} {'gained' if rubber.abandoned else 'won'} {abs(points)}"
        lines.append(
            EveningRubber(
                rubber=rubber,
                names=names,
                games=f"{won.we}\u2013{won.they}",
                points=points,
                outcome=said,
                status=status,
            )
        )
        staked = state.game.money.staked
        named = games.setdefault(staked, [])
        if state.game.name not in named:
            named.append(state.game.name)
        scale = totals.setdefault(staked, {})
        for share in state.game.money.shares(points):
            member = state.seats[share.seats[0]]
            total = scale.setdefault(member.pk, [member, 0, 0, 0])
            total[1] += 1
            total[2 if rubber.agreed else 3] += share.points
    tables = [
        PointsTable(
            " and ".join(sorted(games[staked], key=len)),
            sorted(
                (MemberTotal(*total) for total in totals[staked].values()),
                key=lambda total: (-(total.agreed + total.provisional), total.member.name),
            ),
        )
        for staked in engine.Staked
        if staked in totals
    ]
    return lines, tables
