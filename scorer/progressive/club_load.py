"""The Progressive evenings' part of the club's file loaded (its schema and export:
club_file.py): each evening read and worked out by the engine before anything is written,
then written row by row in the order the site writes them (its players, the draw, each
round's tables with their cuts, seats, deals, corrections and agreements), each refusal
naming its place in the file. An evening that ended ends last (`end`), once whatever keeps
the money has what it was played for, and its end is announced at its moment, for the
ledger to post as it did."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from typing import Any

from scorer import engine
from scorer.club.club_file import People
from scorer.club.models import Member
from scorer.engine.progressive import (
    Evening,
    Table,
    read_progressive,
    work_out_evening,
)
from scorer.plumbing.club_format import ImportRefused, refused_as
from scorer.progressive import reads, writes
from scorer.progressive.club_file import (
    Cut,
    DealSnapshot,
    ProgressiveDoc,
    RoundTableDoc,
    TableAgreement,
)
from scorer.progressive.models import (
    ProgressiveCorrection,
    ProgressiveDeal,
    ProgressiveEvening,
    ProgressivePlayer,
    ProgressiveSeat,
    ProgressiveTable,
)
from scorer.rubbers.club_file import InProgress

# What the club keeps of an evening beyond its play (the ledger's terms, which the site
# sets or refuses by who plays at that moment, and never once it has ended), brought in up
# to a moment: called with the evening's place in the file before each player arrives and
# before it ends, with that moment, so that what was set before is set before again.
Before = Callable[[int, ProgressiveEvening, datetime], None]


def _nothing_kept(n: int, evening: ProgressiveEvening, at: datetime) -> None:
    return None


class ProgressiveLoader:
    """Each evening written as the site would write it, refusing what it refuses."""

    def __init__(self, people: People, before: Before = _nothing_kept) -> None:
        self.people = people
        self.before = before
        self.evenings: list[ProgressiveEvening] = []
        self.docs: list[ProgressiveDoc] = []

    def load(self, docs: list[ProgressiveDoc]) -> list[ProgressiveEvening]:
        """Every evening, as it stood before any of them ended."""
        self.docs = docs
        self.evenings = [self._evening(n, doc) for n, doc in enumerate(docs)]
        return self.evenings

    def end(self) -> None:
        """The evenings that ended end, each announced at its moment."""
        for n, (evening, doc) in enumerate(zip(self.evenings, self.docs, strict=True)):
            ended_at = doc.ended_at
            if ended_at is None:
                continue
            where = f"progressive[{n}].ended_at"
            self.before(n, evening, ended_at)

            agreed_after = evening.tables.filter(agreed_at__gt=ended_at)
            if table := agreed_after.order_by("round", "number").first():
                raise ImportRefused(
                    f"{where}: {evening.name} ended before table {table.number} agreed round "
                    f"{table.round}: every table agrees the round before the evening ends"
                )

            def ending(evening: ProgressiveEvening = evening, at: datetime = ended_at) -> None:
                ProgressiveEvening.objects.filter(pk=evening.pk).update(ended_at=at)
                evening.ended_at = at
                writes.announce_end(reads.evening_record(evening), at)

            refused_as(where, ending)

    # -- An evening --------------------------------------------------------------------------

    def _evening(self, index: int, data: ProgressiveDoc) -> ProgressiveEvening:
        where = f"progressive[{index}]"
        read = self._read(data, where)
        if len(data.people) != len(read.players):
            raise ImportRefused(f"{where}.people must give one player for each of `players`")
        if data.drawn_at is None and (read.rounds or data.ended_at is not None):
            raise ImportRefused(
                f"{where}.drawn_at: an evening is played, and ends, once its numbers are drawn"
            )
        if data.drawn_at is not None and not read.rounds:
            raise ImportRefused(f"{where}.rounds: round 1 is seated as the numbers are drawn")
        if data.drawn_at is not None and data.drawn_at < data.opened_at:
            raise ImportRefused(f"{where}.drawn_at: the numbers are drawn after it opened")
        if data.ended_at is not None and data.drawn_at and data.ended_at < data.drawn_at:
            raise ImportRefused(f"{where}.ended_at: an evening ends after its numbers are drawn")
        tables = [(n, table) for n, played in enumerate(read.rounds, 1) for table in played.tables]
        if len(data.tables) != len(tables):
            raise ImportRefused(
                f"{where}.tables must give one record for each table of each round ({len(tables)})"
            )
        evening = refused_as(
            where,
            lambda: ProgressiveEvening.objects.create(
                name=data.name,
                day=data.day,
                opened_by=self.people.user(data.opened_by, f"{where}.opened_by"),
                opened_at=data.opened_at,
                deals_a_round=read.rules.deals_a_round,
                doubling_limit=read.rules.doubling_limit,
                board=data.board,
            ),
        )
        players = self._players(index, evening, read, data)
        if data.drawn_at is not None:
            drawn_at = data.drawn_at
            refused_as(
                f"{where}.drawn_at",
                lambda: ProgressiveEvening.objects.filter(pk=evening.pk).update(drawn_at=drawn_at),
            )
            evening.drawn_at = drawn_at
        # When each round was agreed at its last table: the next is seated after it.
        agreed: dict[int, datetime] = {}
        for n, ((round_number, table), doc) in enumerate(zip(tables, data.tables, strict=True)):
            seated = data.drawn_at if round_number == 1 else agreed.get(round_number - 1)
            _TableLoader(self.people, evening, players, f"{where}.tables[{n}]").load(
                round_number, table, doc, seated
            )
            if doc.agreement.agreed_at is not None:
                agreed[round_number] = max(
                    doc.agreement.agreed_at, agreed.get(round_number, doc.agreement.agreed_at)
                )
        waiting = [
            (n, round_number, table.number)
            for n, ((round_number, table), doc) in enumerate(zip(tables, data.tables, strict=True))
            if doc.agreement.agreed_at is None
            and (round_number < len(read.rounds) or data.ended_at is not None)
        ]
        if waiting:
            n, round_number, number = waiting[0]
            raise ImportRefused(
                f"{where}.tables[{n}].agreement: round {round_number} is not agreed at table "
                f"{number} of {data.name}: every table agrees its round before the next is "
                "seated or the evening ends"
            )
        return evening

    def _read(self, data: ProgressiveDoc, where: str) -> Evening:
        """The evening as the engine reads it, and works it out: whole tables, everyone
        where the moves sent him, each deal by the laws, each tie with its cut."""
        try:
            read = read_progressive(data.engine_part())
            if read.rounds:
                work_out_evening(read, in_progress=data.ended_at is None)
        except engine.RubberError as error:
            raise ImportRefused(f"{where}: {error}") from None
        return read

    def _players(
        self, index: int, evening: ProgressiveEvening, read: Evening, data: ProgressiveDoc
    ) -> list[ProgressivePlayer]:
        """The players by number once drawn (else as they arrived): a member, whose name is
        his name in `players`, or a guest by that name; written in the order they arrived,
        each after what was set for the evening before him."""
        where = f"progressive[{index}]"
        made: dict[int, ProgressivePlayer] = {}
        people = list(enumerate(zip(data.people, read.players, strict=True)))
        for n, (person, name) in sorted(people, key=lambda item: (item[1][0].arrived_at, item[0])):
            self.before(index, evening, person.arrived_at)
            place = f"{where}.people[{n}]"
            member: Member | None = None
            if person.member is not None:
                member = self.people.member(person.member, f"{place}.member")
                if member.name != name:
                    raise ImportRefused(
                        f"{place}.member: {person.member} is {member.name}, not {name} "
                        f"(players[{n}])"
                    )
            elif len(name) > 60:
                raise ImportRefused(f"{where}.players[{n}]: a guest's name is 60 letters at most")
            create = partial(
                ProgressivePlayer.objects.create,
                evening=evening,
                member=member,
                guest="" if member is not None else name,
                number=n + 1 if data.drawn_at is not None else None,
                arrived_at=person.arrived_at,
            )
            made[n] = refused_as(place, create)
        return [made[n] for n in range(len(people))]


class _TableLoader:
    """A table of a round: its four seated as they cut, its deals, corrections and
    agreement, written in the order the site writes them."""

    def __init__(
        self,
        people: People,
        evening: ProgressiveEvening,
        players: Sequence[ProgressivePlayer],
        where: str,
    ) -> None:
        self.people = people
        self.evening = evening
        self.players = players
        self.where = where
        self.named = where  # the table in words, once it is read

    def load(
        self, round_number: int, read: Table, data: RoundTableDoc, seated: datetime | None
    ) -> None:
        """`seated`: when the round could be seated (the draw, or the last agreement of the
        round before), which its cut follows."""
        where = self.where
        self.named = f"table {read.number} of round {round_number} of {self.evening.name}"
        four = [read.pairs.we[0], read.pairs.they[0], read.pairs.we[1], read.pairs.they[1]]
        if any(not 1 <= number <= len(self.players) for number in four):
            raise ImportRefused(f"{where}: its pairs name players the evening does not have")
        if seated is not None and data.cut_at < seated:
            raise ImportRefused(
                f"{where}.cut_at: {self.named} cut before the round was seated (the draw, or "
                "the round before agreed at every table)"
            )
        table = refused_as(
            where,
            lambda: ProgressiveTable.objects.create(
                evening=self.evening,
                round=round_number,
                number=read.number,
                cut=self._cut(data.cut, four, f"{where}.cut"),
                cut_at=data.cut_at,
                cut_by=self.people.user(data.cut_by, f"{where}.cut_by"),
            ),
        )
        refused_as(
            where,
            lambda: ProgressiveSeat.objects.bulk_create(
                ProgressiveSeat(
                    table=table,
                    evening=self.evening,
                    round=round_number,
                    player=self.players[number - 1],
                    position=position,
                )
                for position, number in enumerate(four)
            ),
        )
        played = self._deals(table, read, data, data.cut_at)
        self._corrections(table, data)
        self._agreed_in_turn(data, played)
        self._agreement(table, read, data.agreement, data.tie_cut, four)

    def _agreed_in_turn(self, data: RoundTableDoc, played: datetime) -> None:
        """As the site agrees a round: each pair once its deals are played (`played`, the
        last recorded), the round when the later of them did, nothing corrected after."""
        agreement, place = data.agreement, f"{self.where}.agreement"
        for side, at in (("We", agreement.we_at), ("They", agreement.they_at)):
            if at is not None and at < played:
                raise ImportRefused(
                    f"{place}: {side} agreed {self.named} before its deals were played"
                )
        if agreement.agreed_at is None or agreement.we_at is None or agreement.they_at is None:
            return  # agreed by both, or not agreed (`_agreement`)
        if agreement.agreed_at != max(agreement.we_at, agreement.they_at):
            raise ImportRefused(
                f"{place}.agreed_at: {self.named} is agreed when the later pair agrees it"
            )
        if any(item.made_at > agreement.agreed_at for item in data.corrections):
            raise ImportRefused(
                f"{self.where}.corrections: nothing of {self.named} is corrected once its "
                "round is agreed"
            )

    def _cut(self, cut: Cut, four: Sequence[int], where: str) -> list[list[list[Any]]]:
        """A cut as the site keeps it: rounds of [player's id, card], each drawn by one of
        those it was cut between."""
        rounds = []
        for r, drawn in enumerate(cut):
            numbers = [draw.player for draw in drawn]
            if len(set(numbers)) != len(numbers):
                raise ImportRefused(f"{where}[{r}]: a player draws once a round")
            for d, draw in enumerate(drawn):
                if draw.player not in four:
                    raise ImportRefused(f"{where}[{r}][{d}].player is not at the table")
            rounds.append([[self.players[d.player - 1].pk, d.card] for d in drawn])
        return rounds

    def _deals(
        self, table: ProgressiveTable, read: Table, data: RoundTableDoc, after: datetime
    ) -> datetime:
        """The deals as recorded, one after another after the cut: when the last was."""
        where = self.where
        if len(data.recorded) != len(read.deals):
            raise ImportRefused(f"{where}.recorded must give one record for each deal")
        last = after
        for number, (deal, record) in enumerate(zip(read.deals, data.recorded, strict=True), 1):
            place = f"{where}.recorded[{number - 1}]"
            if not last <= record.declared_at <= record.recorded_at:
                raise ImportRefused(
                    f"{place}: a deal is declared after the one before it was recorded, "
                    "and recorded after it is declared"
                )
            last = record.recorded_at
            row = self._row(table, number, engine.BRIDGE.laws.called_of(deal), record.dealer, place)
            row.declared_at = record.declared_at
            row.declared_by = self.people.user(record.declared_by, f"{place}.declared_by")
            row.recorded_at = record.recorded_at
            row.recorded_by = self.people.user(record.recorded_by, f"{place}.recorded_by")
            refused_as(place, row.save)
        if data.in_progress is not None:
            self._in_progress(table, len(read.deals) + 1, data.in_progress, last)
        return last

    def _in_progress(
        self, table: ProgressiveTable, number: int, data: InProgress, last: datetime
    ) -> None:
        place = f"{self.where}.in_progress"
        if data.declared_at < last:
            raise ImportRefused(f"{place}.declared_at: after the last deal was recorded")
        called = engine.Called(
            engine.Side(data.dealer),
            engine.Trump(data.trump),  # type: ignore[call-arg]  # by value: mypy#10573
            engine.Maker(data.maker),
            data.doubles,
        )
        try:
            engine.BRIDGE.laws.check_declaration(called, reads.declaring_rules(self.evening))
        except engine.RubberError as error:
            raise ImportRefused(f"{place}: {error.problem}") from None
        row = self._row(table, number, called, data.dealer_seat, f"{place}.dealer_seat")
        row.declared_at = data.declared_at
        row.declared_by = self.people.user(data.declared_by, f"{place}.declared_by")
        refused_as(place, row.save)

    @staticmethod
    def _row(
        table: ProgressiveTable, number: int, called: engine.Called, seat: int, where: str
    ) -> ProgressiveDeal:
        """A deal as the site keeps it, dealt from `seat` (not yet saved)."""
        if engine.side_of_seat(seat) is not called.dealer:
            raise ImportRefused(f"{where} must be a seat of the dealer's side")
        row = ProgressiveDeal(table=table, number=number)
        row.record(called, dealer=seat)
        return row

    def _corrections(self, table: ProgressiveTable, data: RoundTableDoc) -> None:
        """Each correction as made: undone one by one from the deals as they stand, each
        must give back the deal as it was before."""
        where = self.where
        deals = {
            deal.number: deal.snapshot() for deal in table.deals.filter(recorded_at__isnull=False)
        }
        made = sorted(enumerate(data.corrections), key=lambda item: item[1].made_at)
        if [n for n, _ in made] != list(range(len(made))):
            raise ImportRefused(f"{where}.corrections must come in the order they were made")
        for n, item in reversed(made):
            place = f"{where}.corrections[{n}]"
            kind = engine.Kind(item.kind)
            if item.law != engine.law(kind):
                raise ImportRefused(
                    f"{place}.law: a correction of the {item.kind} is made under {engine.law(kind)}"
                )
            if deals.get(item.number) != _kept(item.after):
                raise ImportRefused(
                    f"{place}: its 'after' is not deal {item.number} as it stands after it"
                )
            deals[item.number] = _kept(item.before)
        for n, item in enumerate(data.corrections):
            create = partial(
                ProgressiveCorrection.objects.create,
                table=table,
                number=item.number,
                kind=item.kind,
                law=item.law,
                reason=item.reason,
                before=_kept(item.before),
                after=_kept(item.after),
                made_by=self.people.user(item.made_by, f"{where}.corrections[{n}].made_by"),
                made_at=item.made_at,
            )
            refused_as(f"{where}.corrections[{n}]", create)

    def _agreement(
        self,
        table: ProgressiveTable,
        read: Table,
        agreement: TableAgreement,
        tie_cut: Cut | None,
        four: Sequence[int],
    ) -> None:
        place = f"{self.where}.agreement"
        for side in ("we", "they"):
            by, at = getattr(agreement, f"{side}_by"), getattr(agreement, f"{side}_at")
            if (by is None) != (at is None):
                raise ImportRefused(f"{place}: {side}_by and {side}_at go together")
            setattr(table, f"{side}_agreed_by", self.people.user(by, f"{place}.{side}_by"))
            setattr(table, f"{side}_agreed_at", at)
        table.agreed_at = agreement.agreed_at
        if table.agreed_at is None:
            if read.tie is not None or tie_cut is not None:
                raise ImportRefused(
                    f"{self.where}.tie_cut: a tie is cut for when the round is agreed"
                )
        else:
            if table.we_agreed_at is None or table.they_agreed_at is None:
                raise ImportRefused(f"{place}: a round agreed was agreed by both pairs")
            if (
                len(read.deals) != self.evening.deals_a_round
                or table.deals.filter(recorded_at__isnull=True).exists()
            ):
                raise ImportRefused(f"{place}: a round is agreed once its deals are all played")
            if (read.tie is None) != (tie_cut is None):
                raise ImportRefused(
                    f'{self.where}.tie_cut: given with the round\'s tie (its "tie"), and only then'
                )
        table.tie = "" if read.tie is None else read.tie.value
        table.tie_cut = (
            None if tie_cut is None else self._cut(tie_cut, four, f"{self.where}.tie_cut")
        )
        refused_as(
            place,
            lambda: table.save(
                update_fields=[
                    "we_agreed_by",
                    "we_agreed_at",
                    "they_agreed_by",
                    "they_agreed_at",
                    "agreed_at",
                    "tie",
                    "tie_cut",
                ]
            ),
        )


def _kept(snapshot: DealSnapshot) -> dict[str, Any]:
    """A deal's snapshot as the site keeps it (`ProgressiveDeal.snapshot`)."""
    return snapshot.model_dump(mode="python")
