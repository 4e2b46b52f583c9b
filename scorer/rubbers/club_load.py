"""The rubbers' part of the club's file loaded (its schema and export: club_file.py):
each rubber checked by the engine and written as the site would write it, its corrections
undone one by one to the deals as first recorded, each deal's acceptance once, and its
agreement announced (`rubber_agreed`) at its moment, for the ledger to post as it did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import Any

from django.db import models

from scorer import engine
from scorer.analysis import writes as analysis
from scorer.club.club_file import People
from scorer.club.models import Member
from scorer.engine.cards import Hands, dealt
from scorer.plumbing.club_format import (
    ImportRefused,
    refused_as,
)
from scorer.rubbers import reads, signals
from scorer.rubbers.club_file import (
    AcceptanceDoc,
    Agreement,
    CutDoc,
    InProgress,
    RubberDoc,
    SubstituteDoc,
)
from scorer.rubbers.models import MOST_POINTS, Acceptance, Correction, Deal, Rubber, Seat

SUBSTITUTE_FIELDS = ["substitute", "substitute_confirmed_by"]


class RubbersLoader:
    """Each rubber written as the site would, refusing what it refuses: a rubber of any
    game, the game its format names answering every question. `tables`: the evening's
    tables the file lists, by place (the rubbers know them as rows only)."""

    def __init__(self, people: People, tables: Sequence[models.Model]) -> None:
        self.people = people
        self.tables = tables

    def load(self, docs: list[RubberDoc]) -> list[Rubber]:
        return [self._rubber(doc, f"rubbers[{n}]") for n, doc in enumerate(docs)]

    def _rubber(self, data: RubberDoc, where: str) -> Rubber:
        """A rubber of any game: the game its format names answers every question."""
        try:
            game, read = engine.read_any(data.engine_part())
            bounded = replace(read.rules, most_points=MOST_POINTS)  # as the site records it
            sheet = game.laws.work_out(read.deals, bounded)
        except engine.RubberError as error:
            raise ImportRefused(f"{where}: {error}") from None
        if len(data.seats) != len(game.seating.seats) or len(set(data.seats)) != len(data.seats):
            raise ImportRefused(
                f"{where}.seats must name {len(game.seating.seats)} different members: "
                f"{game.name} is played by {len(game.seating.seats)}"
            )
        members = [
            self.people.member(name, f"{where}.seats[{n}]") for n, name in enumerate(data.seats)
        ]
        at_table = self._at_table(data.at_table, f"{where}.at_table")
        rubber = Rubber.objects.create(
            table=data.table,
            at_table_id=None if at_table is None else at_table.pk,
            game=game.code,
            unit=read.rules.unit.value,
            started_at=data.started_at,
            started_by=self.people.user(data.started_by, f"{where}.started_by"),
            doubling_limit=read.rules.doubling_limit,
            spade_convention=read.rules.spade_convention,
            abandoned_counts=data.abandoned_counts,
            first_dealer=data.first_dealer,
            cut=self._cut(data.cut, game, members, f"{where}.cut"),
        )
        Seat.objects.bulk_create(
            Seat(rubber=rubber, member=member, position=position)
            for position, member in zip(game.seating.seats, members, strict=True)
        )
        seated = reads.seated(rubber, rubber.seats.select_related("member"))
        self._players(read, seated, where)
        self._substitutes(rubber, data.substitutes, f"{where}.substitutes")
        self._deals(rubber, game, read, data, where)
        self._corrections(rubber, data, where)
        self._acceptances(rubber, data.accepted, f"{where}.accepted")
        self._agreement(rubber, seated, sheet, data.agreement, f"{where}.agreement")
        return rubber

    @staticmethod
    def _players(
        read: engine.RubberRecord[Any, Any], seated: tuple[Member, ...], where: str
    ) -> None:
        """The players the rubber's format names are the members in its seats."""
        names = engine.Pair((seated[0].name, seated[2].name), (seated[1].name, seated[3].name))
        if read.players is not None and read.players != names:
            raise ImportRefused(f"{where}.players must be the members in its seats, by name")

    def _at_table(self, at: int | None, where: str) -> models.Model | None:
        if at is None:
            return None
        if at >= len(self.tables):
            raise ImportRefused(f"{where} must be the place of a table in `tables`")
        return self.tables[at]

    def _substitutes(self, rubber: Rubber, substitutes: list[SubstituteDoc], where: str) -> None:
        """Law 27: each substitute plays a seat for its member, and is not already playing."""
        seats = {seat.member.user.get_username(): seat for seat in rubber.seats.all()}
        for n, item in enumerate(substitutes):
            place = f"{where}[{n}]"
            seat = seats.get(item.for_)
            if seat is None:
                raise ImportRefused(f"{place}.for must be a player of the rubber")
            if seat.substitute_id is not None:
                raise ImportRefused(f"{place}.for: {seat.member.name} has a substitute already")
            if item.substitute == item.for_:
                raise ImportRefused(
                    f"{place}.substitute: {seat.member.name} cannot be his own substitute; "
                    "a substitute is another member (Law 27)"
                )
            if item.substitute in seats:
                raise ImportRefused(
                    f"{place}.substitute must be another member, not one playing in the rubber "
                    "(Law 27)"
                )
            seat.substitute = self.people.member(item.substitute, f"{place}.substitute")
            seat.substitute_confirmed_by = self.people.user(
                item.confirmed_by, f"{place}.confirmed_by"
            )
            refused_as(place, partial(seat.save, update_fields=SUBSTITUTE_FIELDS))

    def _cut(
        self,
        cut: CutDoc | None,
        game: engine.CardGame[Any, Any],
        seated: list[Member],
        where: str,
    ) -> dict[str, Any] | None:
        """The cut as the site keeps it, by member: each draw by a player at the table."""
        if cut is None:
            return None
        if cut.for_ not in game.seating.cuts:
            allowed = " or ".join(f'"{c}"' for c in game.seating.cuts)
            raise ImportRefused(f"{where}.for: at {game.name} the table cuts for {allowed}")
        by_name = {member.user.get_username(): member for member in seated}
        rounds = []
        for r, drawn in enumerate(cut.rounds):
            names = [draw.member for draw in drawn]
            if len(set(names)) != len(names):
                raise ImportRefused(f"{where}.rounds[{r}]: a player draws once a round")
            for d, draw in enumerate(drawn):
                if draw.member not in by_name:
                    raise ImportRefused(f"{where}.rounds[{r}][{d}].member is not at the table")
            rounds.append([{"member": by_name[d.member].pk, "card": d.card} for d in drawn])
        if len(cut.rounds[0]) != len(seated):
            raise ImportRefused(
                f"{where}.rounds[0]: the first round is cut by all {len(seated)} at the table"
            )
        return {"for": cut.for_, "rounds": rounds}

    def _deals(
        self,
        rubber: Rubber,
        game: engine.CardGame[Any, Any],
        read: engine.RubberRecord[Any, Any],
        data: RubberDoc,
        where: str,
    ) -> None:
        if len(data.recorded) != len(read.deals):
            raise ImportRefused(f"{where}.recorded must give one record for each deal")
        last = data.started_at
        for number, (deal, record) in enumerate(zip(read.deals, data.recorded, strict=True), 1):
            place = f"{where}.recorded[{number - 1}]"
            called = game.laws.called_of(deal)
            row = self._deal_row(rubber, number, called, record.dealer, f"{place}.dealer")
            if isinstance(deal, engine.DealAsCards):  # given by its cards: kept with them
                row.keep_cards(deal.cards)
            if not last <= record.declared_at <= record.recorded_at:
                raise ImportRefused(
                    f"{place}: a deal is declared after the one before it was recorded, "
                    "and recorded after it is declared"
                )
            last = record.recorded_at
            row.declared_at = record.declared_at
            row.declared_by = self.people.user(record.declared_by, f"{place}.declared_by")
            row.recorded_at = record.recorded_at
            row.recorded_by = self.people.user(record.recorded_by, f"{place}.recorded_by")
            row.save()
        if data.in_progress is not None:
            self._in_progress(rubber, game, len(read.deals) + 1, data.in_progress, last, where)

    def _in_progress(
        self,
        rubber: Rubber,
        game: engine.CardGame[Any, Any],
        number: int,
        data: InProgress,
        last: datetime,
        where: str,
    ) -> None:
        place = f"{where}.in_progress"
        if data.declared_at < last:
            raise ImportRefused(f"{place}.declared_at: after the last deal was recorded")
        called = engine.Called(
            engine.Side(data.dealer),
            engine.Trump(data.trump),  # type: ignore[call-arg]  # by value: mypy#10573
            engine.Maker(data.maker),
            data.doubles,
        )
        try:
            game.laws.check_declaration(called, rubber.rules)
        except engine.RubberError as error:
            raise ImportRefused(f"{place}: {error.problem}") from None
        row = self._deal_row(rubber, number, called, data.dealer_seat, f"{place}.dealer_seat")
        if data.hands is not None:
            row.hands = self._hands(game, data.hands, f"{place}.hands")
            analysis.ask_for([Hands.read(data.hands)])
        row.declared_at = data.declared_at
        row.declared_by = self.people.user(data.declared_by, f"{place}.declared_by")
        row.save()

    @staticmethod
    def _hands(game: engine.CardGame[Any, Any], hands: dict[str, str], where: str) -> str:
        """A deal's hands, read by the engine, as the site keeps them."""
        if engine.Record.HANDS not in game.laws.records:
            raise ImportRefused(f"{where}: {game.name} does not record a deal's hands")
        try:
            return dealt.hands_line(Hands.read(hands))
        except engine.RubberError as error:
            raise ImportRefused(f"{where}: {error.problem.removeprefix('hands: ')}") from None

    @staticmethod
    def _deal_row(
        rubber: Rubber, number: int, called: engine.Called, seat: int, where: str
    ) -> Deal:
        """A deal as the site keeps it, dealt from `seat` (not yet saved)."""
        if engine.side_of_seat(seat) is not called.dealer:
            raise ImportRefused(f"{where} must be a seat of the dealer's side")
        row = Deal(rubber=rubber, number=number)
        row.record(called, dealer=seat)
        return row

    def _corrections(self, rubber: Rubber, data: RubberDoc, where: str) -> None:
        """Each correction as made, checked as the rubber's page would show it: undone one
        by one from the deals as they stand, each must give back the deal as it was before,
        and the sheet as it stood then must work out."""
        state = reads.rubber_state(rubber)
        deals = {deal.number: deal.snapshot() for deal in state.recorded}
        made = sorted(enumerate(data.corrections), key=lambda item: item[1].made_at)
        if [n for n, _ in made] != list(range(len(made))):
            raise ImportRefused(f"{where}.corrections must come in the order they were made")
        game = rubber.game_rules
        for n, item in reversed(made):
            place = f"{where}.corrections[{n}]"
            # Deals recorded after it did not stand when it was made: a deal undone in
            # error and recorded again.
            deals = {
                number: kept
                for number, kept in deals.items()
                if datetime.fromisoformat(kept["recorded_at"]) <= item.made_at
            }
            if item.law != game.corrections.law(engine.Kind(item.kind)):
                raise ImportRefused(
                    f"{place}.law: at {game.name} a correction of the {item.kind} is made "
                    f"under {game.corrections.law(engine.Kind(item.kind))}"
                )
            before = item.before.kept()
            after = None if item.after is None else item.after.kept()
            if deals.get(item.number) != after:
                raise ImportRefused(
                    f"{place}: its 'after' is not deal {item.number} as it stands after it"
                )
            if before["recorded_at"] is None:  # a declaration undone: no deal recorded
                deals.pop(item.number, None)
            else:
                deals[item.number] = before
        for n, item in enumerate(data.corrections):
            Correction.objects.create(
                rubber=rubber,
                number=item.number,
                kind=item.kind,
                law=item.law,
                reason=item.reason,
                before=item.before.kept(),
                after=None if item.after is None else item.after.kept(),
                made_by=self.people.user(item.made_by, f"{where}.corrections[{n}].made_by"),
                made_at=item.made_at,
            )
        moments = [(f"{where}.corrections[{n}]", c.made_at) for n, c in enumerate(data.corrections)]
        moments += [(f"{where}.recorded[{n}]", r.recorded_at) for n, r in enumerate(data.recorded)]
        for place, moment in moments:
            try:
                reads.as_it_stood(state, moment)
            except (engine.RubberError, KeyError, ValueError) as error:
                raise ImportRefused(
                    f"{place}: the sheet as it stood then does not work out: {error}"
                ) from None

    def _acceptances(self, rubber: Rubber, accepted: list[AcceptanceDoc], where: str) -> None:
        """Each acceptance of a recorded deal, once a deal."""
        deals = {deal.number: deal for deal in rubber.deals.filter(recorded_at__isnull=False)}
        seen: set[int] = set()
        for n, item in enumerate(accepted):
            place = f"{where}[{n}]"
            if item.number not in deals:
                raise ImportRefused(
                    f"{place}.number: deal {item.number} is not a recorded deal of the rubber"
                )
            if item.number in seen:
                raise ImportRefused(f"{place}.number: deal {item.number} is accepted once")
            seen.add(item.number)
            Acceptance.objects.create(
                deal=deals[item.number],
                accepted_by=self.people.user(item.by, f"{place}.by"),
                accepted_at=item.at,
            )

    def _agreement(
        self,
        rubber: Rubber,
        members: tuple[Member, ...],
        sheet: engine.ScoreSheet,
        agreement: Agreement,
        place: str,
    ) -> None:
        for side in ("we", "they"):
            by, at = getattr(agreement, f"{side}_by"), getattr(agreement, f"{side}_at")
            if (by is None) != (at is None):
                raise ImportRefused(f"{place}: {side}_by and {side}_at go together")
            setattr(rubber, f"{side}_agreed_by", self.people.user(by, f"{place}.{side}_by"))
            setattr(rubber, f"{side}_agreed_at", at)
        rubber.agreed_at = agreement.agreed_at
        rubber.agreed_value = agreement.value
        rubber.abandoned = agreement.abandoned
        if rubber.agreed_at is None:
            if agreement.value is not None or agreement.abandoned:
                raise ImportRefused(f"{place}: a value and an abandonment come with agreed_at")
        else:
            if rubber.we_agreed_at is None or rubber.they_agreed_at is None:
                raise ImportRefused(f"{place}: an agreed rubber was agreed by both sides")
            expected = rubber.game_rules.money.value(
                sheet, abandoned_counts=rubber.abandoned_counts
            )
            if rubber.agreed_value != expected or rubber.abandoned == sheet.finished:
                raise ImportRefused(
                    f"{place}: agreed at {rubber.agreed_value}, but its sheet is worth "
                    f"{expected} to We"
                )
            if rubber.deals.filter(recorded_at__isnull=True).exists():
                raise ImportRefused(f"{place}: an agreed rubber has no deal in progress")
        rubber.save()
        if rubber.agreed_at is not None:  # announced as at the table, at its moment
            refused_as(
                place,
                lambda: signals.rubber_agreed.send(
                    Rubber, rubber=rubber, seats=members, at=rubber.agreed_at
                ),
            )
