"""Whatever the site's writes make of a club, in whatever order, goes out as elwell-club/1
and comes back exactly: a state machine over the writes the pages call (start a rubber of
any game, record its deals, correct or undo one, agree it; form a table of four to nine,
cut for its next rubber, claim entry, break it up; a Progressive evening's players,
members and guests, its terms, the draw, each table's round, a deal corrected before the
round is agreed, the next round, its end; a Duplicate evening's pairs, its start, a
round's results, the director's corrections and entries, its end; a stake, a table
charge, a payment; a substitute at a table), a write the site refuses left refused.
After every step the club is exported (never refused), imported into the emptied
database, and exported again: the very same document; each step's import then undone."""

from __future__ import annotations

import json
import random
import uuid
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from ledger.club.document import export_club, import_club
from ledger.desk import services as desk
from ledger.desk.models import EveningTerms, Stake, TableCharge
from scorer import engine
from scorer.duplicate import reads as duplicate_reads
from scorer.duplicate import writes as duplicate
from scorer.duplicate.models import DuplicateEvening, DuplicateTable
from scorer.engine.duplicate import Comparison, MovementKind
from scorer.progressive import reads as progressive_reads
from scorer.progressive import writes as progressive
from scorer.progressive.models import ProgressiveEvening, ProgressiveTable
from scorer.rubbers import reads, writes
from scorer.rubbers.models import Rubber
from scorer.tables import writes as table_writes
from scorer.tables.models import ARRIVALS, Table
from tests.support import duplicate_evenings as duplicates
from tests.support.club import empty_the_club
from tests.support.evenings import members
from tests.support.evenings import round_played as progressive_round_played
from tests.support.evenings import seen as progressive_seen
from tests.support.examples import examples
from tests.support.games import random_whist_deal

MEMBERS = 16
GUESTS = ("Mrs. Hale", "Mr. Vane", "Miss Tarrant")
Pick = st.integers(0, 2**16)
# Who arrives at a Progressive evening before the draw, or what the staff set meanwhile:
# a stake, or table money alone (stake, table money).
TERMS = {"stake": ("0.25", "0"), "table money": ("0", "0.50")}
ARRIVING = ["member", "member", "member", "guest", *TERMS]
# Rubbers of every game the site offers, Bridge the most often.
GAMES = (engine.BRIDGE, engine.BRIDGE, engine.THREE_HANDED, engine.WHIST)


class Undone(Exception):
    """Undoes one step's import."""


def refused_or_done(write) -> None:
    """A write as the site makes it: done, or refused (in words, or by the database) and
    nothing of it written."""
    try:
        with transaction.atomic():
            write()
    except (ValueError, DatabaseError):  # every refusal in words is a ValueError
        pass


def one_of(items, pick):
    items = list(items)
    return items[pick % len(items)] if items else None


class Club(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.example = transaction.atomic()
        self.example.__enter__()
        self.staff = get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
        self.members = members(MEMBERS)
        self.count = 0

    @initialize(stake=st.booleans())
    def the_club(self, stake):
        """The club has a stake, and a currency to play for, or not yet."""
        if stake:
            self.set_the_stake("0.50")

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.example.__exit__(None, None, None)

    def name(self, kind: str) -> str:
        self.count += 1
        return f"{kind} {self.count}"

    def some(self, pick: int, count: int) -> list:
        return random.Random(pick).sample(self.members, count)

    # -- Rubbers -----------------------------------------------------------------------------

    @rule(pick=Pick, game=st.sampled_from(GAMES))
    def start_a_rubber(self, pick, game):
        refused_or_done(
            lambda: writes.start_rubber(
                table=self.name("Rubber"),
                members=self.some(pick, 3 if game is engine.THREE_HANDED else 4),
                first_dealer=one_of([0, 1, 2, 3, writes.CUT_FOR_PARTNERS], pick),
                user=self.staff,
                rng=random.Random(pick),
                game=game,
            )
        )

    def in_play(self):
        return Rubber.objects.filter(agreed_at__isnull=True).order_by("pk")

    @precondition(lambda self: self.in_play().exists())
    @rule(pick=Pick, tricks=st.integers(0, 13))
    def record_a_deal(self, pick, tricks):
        rubber = one_of(self.in_play(), pick)
        if rubber is None:
            return
        state = reads.rubber_state(rubber)
        if state.sheet.finished or state.in_progress is not None:
            return
        if rubber.game == engine.WHIST.code:
            dealer = engine.side_of_seat(state.next_dealer)
            played = random_whist_deal(random.Random(pick).randint, dealer)
            refused_or_done(lambda: writes.replay(rubber=rubber, deals=[played], user=self.staff))
            return
        refused_or_done(
            lambda: writes.record_deal(
                state=state,
                user=self.staff,
                key=uuid.uuid4(),
                revision=state.rubber.revision,
                declaration=writes.Declaration(
                    state.next_dealer, engine.Maker.DEALER, engine.Trump.NO_TRUMP, 0
                ),
                result=writes.Result(played=True, tricks=tricks, honours_side=None, honours=None),
            )
        )

    @precondition(lambda self: self.in_play().exists())
    @rule(pick=Pick, tricks=st.integers(0, 13))
    def correct_or_undo_a_deal(self, pick, tricks):
        """A deal corrected (Law 13: its tricks) or the last undone (Law 12), with the
        record of the correction kept."""
        rubber = one_of(self.in_play(), pick)
        if rubber is None:
            return
        state = reads.rubber_state(rubber)
        if not state.recorded:
            return
        last = state.recorded[-1]
        if pick % 2 or rubber.game != engine.BRIDGE.code:
            refused_or_done(
                lambda: writes.undo(
                    state=state,
                    user=self.staff,
                    key=uuid.uuid4(),
                    revision=rubber.revision,
                    number=last.number,
                )
            )
            return
        called = last.called()
        refused_or_done(
            lambda: writes.correct(
                state=state,
                user=self.staff,
                key=uuid.uuid4(),
                revision=rubber.revision,
                number=last.number,
                reason="the tricks were miscounted",
                correction=(
                    writes.Declaration(last.dealer, called.maker, called.trump, called.doubles),
                    writes.Result(played=True, tricks=tricks, honours_side=None, honours=None),
                ),
            )
        )

    @precondition(lambda self: self.in_play().exists())
    @rule(pick=Pick)
    def agree_a_rubber(self, pick):
        rubber = one_of(self.in_play(), pick)
        if rubber is None:
            return
        state = reads.rubber_state(rubber)
        refused_or_done(
            lambda: writes.agree(
                state=state,
                user=self.staff,
                key=uuid.uuid4(),
                revision=state.rubber.revision,
                side=None,
            )
        )

    # -- The evening's tables ----------------------------------------------------------------

    def tables(self):
        return Table.objects.filter(broken_up_at__isnull=True).order_by("pk")

    def seen(self, table: Table) -> str:
        return str(Table.objects.values_list("revision", flat=True).get(pk=table.pk))

    @rule(pick=Pick, arrivals=st.integers(4, ARRIVALS))
    def form_a_table(self, pick, arrivals):
        refused_or_done(
            lambda: table_writes.form_table(
                name=self.name("Table"),
                day=timezone.localdate(),
                candidates=self.some(pick, arrivals),
                user=self.staff,
                rng=random.Random(pick),
            )
        )

    @precondition(lambda self: self.tables().exists())
    @rule(pick=Pick)
    def cut_for_the_next_rubber(self, pick):
        table = one_of(self.tables(), pick)
        if table is not None:
            refused_or_done(
                lambda: table_writes.next_rubber(
                    table=table, seen=self.seen(table), user=self.staff, rng=random.Random(pick)
                )
            )

    @precondition(lambda self: self.tables().exists())
    @rule(pick=Pick)
    def claim_entry(self, pick):
        table = one_of(self.tables(), pick)
        if table is not None:
            refused_or_done(
                lambda: table_writes.claim_entry(
                    table=table,
                    member=one_of(self.members, pick),
                    seen=self.seen(table),
                    user=self.staff,
                )
            )

    @precondition(lambda self: self.tables().exists())
    @rule(pick=Pick)
    def appoint_a_substitute(self, pick):
        """Law 27: a player of the rubber in play quits, a member not playing takes his
        seat."""
        table = one_of(self.tables(), pick)
        rubber = Rubber.objects.filter(at_table=table, agreed_at__isnull=True).first()
        if rubber is None:
            return
        seated = [seat.member for seat in rubber.seats.select_related("member")]
        refused_or_done(
            lambda: table_writes.appoint_substitute(
                table=table,
                quitting=one_of(seated, pick),
                substitute=one_of(self.members, pick // 7),
                seen=self.seen(table),
                user=self.staff,
            )
        )

    @precondition(lambda self: self.tables().exists())
    @rule(pick=Pick)
    def break_up_a_table(self, pick):
        table = one_of(self.tables(), pick)
        if table is not None:
            refused_or_done(
                lambda: table_writes.break_up(table=table, seen=self.seen(table), user=self.staff)
            )

    # -- Progressive evenings ----------------------------------------------------------------

    def evenings(self):
        return ProgressiveEvening.objects.filter(ended_at__isnull=True).order_by("pk")

    @rule(
        pick=Pick,
        deals=st.integers(1, 2),
        arriving=st.sampled_from([8, 4, 9, 5, 2]),
        draw=st.booleans(),
    )
    def open_a_progressive_evening(self, pick, deals, arriving, draw):
        """An evening opened, and its players arriving (as `players_arrive`), enough for a
        table or two as often as not."""
        chosen = random.Random(pick)
        arrivals = [chosen.choice(ARRIVING) for _ in range(arriving)]
        refused_or_done(
            lambda: progressive.open_evening(
                name=self.name("Progressive"),
                day=timezone.localdate(),
                deals_a_round=deals,
                user=self.staff,
            )
        )
        evening = self.evenings().last()
        self.players_arrive(pick, arrivals, evening=evening)
        if draw:
            self.draw_the_numbers(pick, evening=evening)

    @precondition(lambda self: self.evenings().filter(drawn_at__isnull=True).exists())
    @rule(pick=Pick, arrivals=st.lists(st.sampled_from(ARRIVING), min_size=1, max_size=5))
    def players_arrive(self, pick, arrivals, evening=None):
        """Players arrive one by one, members or guests, and between them the staff may
        set what the evening is played for."""
        evening = evening or one_of(self.evenings().filter(drawn_at__isnull=True), pick)
        chosen = random.Random(pick)
        coming = iter(chosen.sample(self.members, len(self.members)))
        for what in arrivals:
            if what == "guest":
                refused_or_done(
                    lambda: progressive.add_guest(
                        evening=evening,
                        name=chosen.choice(GUESTS),
                        seen=progressive_seen(evening),
                        user=self.staff,
                    )
                )
            elif what == "member":
                refused_or_done(
                    lambda: progressive.add_member(
                        evening=evening,
                        member=next(coming, self.members[0]),
                        seen=progressive_seen(evening),
                        user=self.staff,
                    )
                )
            else:
                self.terms(evening, *TERMS[what], per=chosen.choice(["hundred", "point"]))

    def terms(self, evening, stake: str, table_money: str, *, per: str) -> None:
        refused_or_done(
            lambda: desk.set_evening_terms(
                evening=evening,
                stake=Decimal(stake),
                per=per,
                table_money=Decimal(table_money),
                user=self.staff,
                seen=desk.terms_seen(EveningTerms.of(evening)),
            )
        )

    @precondition(lambda self: self.evenings().exists())
    @rule(
        pick=Pick, stake=st.sampled_from(["0", "0.25"]), table_money=st.sampled_from(["0", "0.5"])
    )
    def set_what_an_evening_is_played_for(self, pick, stake, table_money):
        evening = one_of(self.evenings(), pick)
        self.terms(evening, stake, table_money, per=one_of(["hundred", "point"], pick))

    @precondition(lambda self: self.evenings().filter(drawn_at__isnull=True).exists())
    @rule(pick=Pick)
    def draw_the_numbers(self, pick, evening=None):
        evening = evening or one_of(self.evenings().filter(drawn_at__isnull=True), pick)
        if evening is not None:
            refused_or_done(
                lambda: progressive.draw(
                    evening=evening,
                    seen=progressive_seen(evening),
                    user=self.staff,
                    rng=random.Random(pick),
                )
            )

    @precondition(lambda self: self.evenings().filter(drawn_at__isnull=False).exists())
    @rule(pick=Pick, tricks=st.integers(0, 13))
    def play_a_tables_round(self, pick, tricks):
        waiting = ProgressiveTable.objects.filter(
            evening__ended_at__isnull=True, agreed_at__isnull=True
        ).order_by("pk")
        table = one_of(waiting, pick)
        if table is not None:
            refused_or_done(lambda: progressive_round_played(self.staff, table, tricks=tricks))

    @precondition(lambda self: self.evenings().filter(drawn_at__isnull=False).exists())
    @rule(pick=Pick, tricks=st.integers(0, 13))
    def a_deal_at_a_progressive_table_then_corrected(self, pick, tricks):
        """A table's first deal recorded, its round not yet agreed; a deal recorded there
        already corrected (its tricks) before the round is agreed."""
        waiting = ProgressiveTable.objects.filter(
            evening__ended_at__isnull=True, agreed_at__isnull=True
        ).order_by("pk")
        table = one_of(waiting, pick)
        if table is None:
            return
        record = progressive_reads.table_record(table.pk)
        if record.in_progress is not None:
            return
        if not record.recorded:
            declaration = writes.Declaration(
                record.next_dealer, engine.Maker.DEALER, engine.Trump.NO_TRUMP, 0
            )
            result = writes.Result(played=True, tricks=tricks, honours_side=None, honours=None)

            def recorded():
                declared = progressive.declare(
                    record=record,
                    user=self.staff,
                    key=uuid.uuid4(),
                    revision=record.table.revision,
                    declaration=declaration,
                )
                progressive.record_result(
                    record=declared,
                    user=self.staff,
                    key=uuid.uuid4(),
                    revision=declared.table.revision,
                    result=result,
                )

            refused_or_done(recorded)
            return
        last = record.recorded[-1]
        called = last.called()
        refused_or_done(
            lambda: progressive.correct(
                record=record,
                user=self.staff,
                key=uuid.uuid4(),
                revision=record.table.revision,
                number=last.number,
                reason="the tricks were miscounted",
                correction=(
                    writes.Declaration(last.dealer, called.maker, called.trump, called.doubles),
                    writes.Result(played=True, tricks=tricks, honours_side=None, honours=None),
                ),
            )
        )

    @precondition(lambda self: self.evenings().filter(drawn_at__isnull=False).exists())
    @rule(pick=Pick, end=st.booleans())
    def next_round_or_end(self, pick, end):
        evening = one_of(self.evenings().filter(drawn_at__isnull=False), pick)
        if evening is None:
            return
        write = progressive.end if end else progressive.next_round
        refused_or_done(
            lambda: write(evening=evening, seen=progressive_seen(evening), user=self.staff)
        )

    # -- Duplicate evenings ------------------------------------------------------------------

    def duplicates(self):
        return DuplicateEvening.objects.filter(ended_at__isnull=True).order_by("pk")

    @rule(pick=Pick, coming=st.sampled_from([6, 6, 5, 2, 0]), start=st.booleans())
    def open_a_duplicate_evening(self, pick, coming, start):
        """An evening opened, and its pairs coming (as `pairs_come`): the six of its three
        tables, most often, a guests' pair among them at times."""
        chosen = random.Random(pick)
        pairs = [chosen.random() < 0.2 for _ in range(coming)]
        refused_or_done(
            lambda: duplicate.open_evening(
                name=self.name("Duplicate"),
                day=timezone.localdate(),
                movement=MovementKind.MITCHELL,
                tables=3,
                boards_a_round=1,
                comparison=Comparison.AVERAGE,
                user=self.staff,
            )
        )
        evening = self.duplicates().last()
        self.pairs_come(pick, pairs, evening=evening)
        if start:
            self.start_a_duplicate_evening(pick, evening=evening)

    @precondition(lambda self: self.duplicates().filter(started_at__isnull=True).exists())
    @rule(pick=Pick, pairs=st.lists(st.booleans(), min_size=1, max_size=6))
    def pairs_come(self, pick, pairs, evening=None):
        """Pairs come one by one, each of two guests (True) or two members."""
        evening = evening or one_of(self.duplicates().filter(started_at__isnull=True), pick)
        chosen = random.Random(pick)
        players = chosen.sample(self.members, len(self.members))
        for n, guests in enumerate(pairs):
            two = (f"Mrs. Hale {n}", f"Mr. Vane {n}") if guests else players[2 * n : 2 * n + 2]
            refused_or_done(
                lambda two=two: duplicate.add_pair(
                    evening=evening,
                    first=two[0],
                    second=two[1],
                    seen=duplicates.seen(evening),
                    user=self.staff,
                )
            )

    @precondition(lambda self: self.duplicates().filter(started_at__isnull=True).exists())
    @rule(pick=Pick)
    def start_a_duplicate_evening(self, pick, evening=None):
        evening = evening or one_of(self.duplicates().filter(started_at__isnull=True), pick)
        if evening is not None:
            refused_or_done(
                lambda: duplicate.start(
                    evening=evening,
                    boards_from=DuplicateEvening.DEALT,
                    seen=duplicates.seen(evening),
                    user=self.staff,
                    rng=random.Random(pick),
                )
            )

    @precondition(lambda self: self.duplicates().filter(started_at__isnull=False).exists())
    @rule(pick=Pick, tricks=st.integers(0, 13))
    def play_a_duplicate_round(self, pick, tricks):
        evening = one_of(self.duplicates().filter(started_at__isnull=False), pick)
        if evening is None:
            return
        rounds = duplicate_reads.evening_record(evening, duplicate_reads.WHOLE).rounds()
        number = 1 + pick % rounds
        if DuplicateTable.objects.filter(evening=evening, round=number).exists():
            refused_or_done(
                lambda: duplicates.round_played(
                    self.staff, evening, number, duplicates.entry("NT", tricks)
                )
            )

    @precondition(lambda self: DuplicateTable.objects.filter(evening__ended_at=None).exists())
    @rule(pick=Pick, tricks=st.integers(0, 13))
    def the_director_corrects_or_enters_a_result(self, pick, tricks):
        table = one_of(
            DuplicateTable.objects.filter(evening__ended_at__isnull=True).order_by("pk"), pick
        )
        if table is None:
            return
        record = duplicate_reads.table_record(table.pk)
        board = one_of(record.boards, pick)
        if board is None:
            return
        refused_or_done(
            lambda: duplicate.correct(
                record=record,
                user=self.staff,
                key=uuid.uuid4(),
                revision=record.table.revision,
                board=board.number,
                entry=duplicates.entry("S", tricks),
                reason="the tricks were miscounted",
            )
        )

    @precondition(lambda self: self.duplicates().filter(started_at__isnull=False).exists())
    @rule(pick=Pick)
    def end_a_duplicate_evening(self, pick):
        evening = one_of(self.duplicates().filter(started_at__isnull=False), pick)
        if evening is not None:
            refused_or_done(
                lambda: duplicate.end(
                    evening=evening, seen=duplicates.seen(evening), user=self.staff
                )
            )

    # -- The ledger --------------------------------------------------------------------------

    @rule(per_hundred=st.sampled_from(["0", "0.50", "1"]))
    def set_the_stake(self, per_hundred):
        refused_or_done(
            lambda: desk.set_stake(
                per_hundred=Decimal(per_hundred),
                currency="GBP",
                smallest_unit=Decimal("0.01"),
                user=self.staff,
                seen=desk.stake_seen(Stake.latest()),
            )
        )

    @rule(basis=st.sampled_from(["rubber", "sitting"]), amount=st.sampled_from(["0.25", "1"]))
    def set_the_table_charge(self, basis, amount):
        refused_or_done(
            lambda: desk.set_table_charge(
                basis=basis,
                amount=Decimal(amount),
                hundreds=None,
                user=self.staff,
                seen=desk.charge_seen(TableCharge.latest()),
            )
        )

    @rule(pick=Pick, amount=st.integers(1, 500))
    def record_a_payment(self, pick, amount):
        payer, payee = random.Random(pick).sample([*self.members, None], 2)
        refused_or_done(
            lambda: desk.record_payment(
                payer=payer,
                payee=payee,
                amount=Decimal(amount) / 100,
                method="cash",
                note="",
                user=self.staff,
            )
        )

    # -- Out and back ------------------------------------------------------------------------

    @invariant()
    def goes_out_and_comes_back_the_same(self):
        exported = json.loads(json.dumps(export_club()))
        with pytest.raises(Undone):
            self.out_and_back(exported)

    @staticmethod
    @transaction.atomic
    def out_and_back(exported: dict) -> None:
        empty_the_club()
        import_club(exported)
        assert json.loads(json.dumps(export_club())) == exported
        raise Undone


def test_whatever_the_writes_make_goes_out_and_comes_back_the_same(db):
    run_state_machine_as_test(
        Club,
        settings=settings(
            max_examples=examples(10),
            stateful_step_count=20,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        ),
    )
