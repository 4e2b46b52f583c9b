"""What the club records of a Progressive evening: its settings, its players (members, or
guests by name) and the numbers they drew, each round's tables as the four cut there, the
deals called at each, the corrections made to them and each pair's agreement of the round.

Nothing is stored that the engine works out: the points, who moves, where everybody sits
next, the standings and places are worked out from these rows each time
(`scorer.progressive.reads`). The database keeps the rules that say "once" (a number drawn
once, one table a player a round, four at a table, a round agreed once): constraints here,
and the guards of `scorer.progressive.guards`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from scorer import engine
from scorer.club.guests import one_guest_of_a_name_an_evening
from scorer.club.models import Member
from scorer.engine.bounds import MOST_DEALS_A_ROUND
from scorer.engine.progressive import DEALS_A_ROUND
from scorer.plumbing.guards import register
from scorer.plumbing.keys import Submission
from scorer.progressive.guards import PROGRESSIVE
from scorer.rubbers.models import Correction, Deal


class ProgressiveEvening(models.Model):
    """A Progressive evening: its name and day, the deals each round plays at a table, and
    the club's doubling limit as it was when the evening opened. `revision` advances with
    every write to the evening (not at its tables), so a form shown before another write
    is refused; `board` is the generation of its noticeboard links (a new one revokes every
    link given before)."""

    name = models.CharField(max_length=80)
    day = models.DateField(help_text="The evening, by the club's clock.")
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    opened_at = models.DateTimeField(default=timezone.now)
    deals_a_round = models.PositiveSmallIntegerField(default=DEALS_A_ROUND)
    doubling_limit = models.PositiveIntegerField(null=True, blank=True)
    drawn_at = models.DateTimeField(
        null=True, blank=True, help_text="When the players drew their numbers."
    )
    ended_at = models.DateTimeField(null=True, blank=True)
    revision = models.PositiveIntegerField(default=0)
    board = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["-day", "-opened_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["day", "name"], name="one_progressive_evening_of_a_name_a_day"
            ),
            models.CheckConstraint(
                condition=Q(deals_a_round__gte=1, deals_a_round__lte=MOST_DEALS_A_ROUND),
                name="deals_a_round_from_1_to_13",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name}, {self.day:%d %b %Y}"

    @property
    def drawn(self) -> bool:
        return self.drawn_at is not None

    @property
    def ended(self) -> bool:
        return self.ended_at is not None


class ProgressivePlayer(models.Model):
    """A player of the evening: a member, or a guest by name; his number once drawn."""

    evening = models.ForeignKey(
        ProgressiveEvening, on_delete=models.PROTECT, related_name="players"
    )
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    guest = models.CharField(max_length=60, blank=True, help_text="A guest, by name.")
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    arrived_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["number", "arrived_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "member"],
                condition=Q(member__isnull=False),
                name="a_member_plays_once_an_evening",
            ),
            one_guest_of_a_name_an_evening("one_guest_of_a_name"),
            models.UniqueConstraint(
                fields=["evening", "number"],
                condition=Q(number__isnull=False),
                name="one_player_a_number",
            ),
            models.CheckConstraint(
                condition=(Q(member__isnull=False) & Q(guest=""))
                | (Q(member__isnull=True) & ~Q(guest="")),
                name="a_member_or_a_guest",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="numbered_from_one"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.member.name if self.member is not None else self.guest

    @property
    def short_name(self) -> str:
        return self.member.short_name if self.member is not None else self.guest


class ProgressiveTable(models.Model):
    """A table in a round: the four the moves sent there cut for partners and deal (Laws
    14–20; `cut`, the cards drawn by player) and sit as its seats say. Its `revision`
    advances with every write at it. Each pair agrees the round once its deals are played;
    when both have, it is `agreed_at` and never changes, and if the pairs tied, the cut
    between one player of each that decided who moves (`tie_cut`, `tie`: the pair it sent
    on) was drawn then."""

    evening = models.ForeignKey(ProgressiveEvening, on_delete=models.PROTECT, related_name="tables")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    cut = models.JSONField(help_text="Rounds of [player, card], as cut for partners and deal.")
    cut_at = models.DateTimeField(default=timezone.now)
    cut_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    revision = models.PositiveIntegerField(default=0)
    we_agreed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    we_agreed_at = models.DateTimeField(null=True, blank=True)
    they_agreed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    they_agreed_at = models.DateTimeField(null=True, blank=True)
    agreed_at = models.DateTimeField(null=True, blank=True)
    tie_cut = models.JSONField(
        null=True, blank=True, help_text="Rounds of [player, card], as cut for a tie."
    )
    tie = models.CharField(
        max_length=4, blank=True, choices=Deal.SIDES, help_text="The pair the cut sent on."
    )

    class Meta:
        ordering = ["evening", "round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "round", "number"], name="one_table_of_a_number_a_round"
            ),
            models.CheckConstraint(
                condition=Q(round__gte=1, number__gte=1), name="rounds_and_tables_from_one"
            ),
            models.CheckConstraint(
                condition=(Q(tie="") & Q(tie_cut__isnull=True))
                | (Q(tie__in=["we", "they"]) & Q(tie_cut__isnull=False)),
                name="a_tie_with_its_cut",
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.round}, table {self.number} of {self.evening}"

    @property
    def label(self) -> str:
        return f"Round {self.round}, Table {self.number}"

    @property
    def agreed(self) -> bool:
        return self.agreed_at is not None

    def agreed_by(self, side: engine.Side) -> tuple[Any, datetime | None]:
        """Who agreed the round for a pair, and when (None, None if nobody yet)."""
        if side is engine.Side.WE:
            return self.we_agreed_by, self.we_agreed_at
        return self.they_agreed_by, self.they_agreed_at


class ProgressiveSeat(models.Model):
    """Where a player sat at a table, as the cut placed him: positions round the table to
    the left from the first dealer, 0; the even seats are We, the odd They. The table's
    evening and round are kept with the seat so that the database itself keeps a player to
    one table a round."""

    table = models.ForeignKey(ProgressiveTable, on_delete=models.PROTECT, related_name="seats")
    evening = models.ForeignKey(ProgressiveEvening, on_delete=models.PROTECT, related_name="+")
    round = models.PositiveSmallIntegerField()
    player = models.ForeignKey(ProgressivePlayer, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_player_a_place"),
            models.UniqueConstraint(
                fields=["evening", "round", "player"], name="one_table_a_player_a_round"
            ),
            models.CheckConstraint(condition=Q(position__lte=3), name="four_at_a_table"),
        ]

    def __str__(self) -> str:
        return f"seat {self.position + 1} at {self.table}: {self.player}"


class ProgressiveDeal(models.Model):
    """A deal as a table records it, as at a rubber: the declaration, then the result. A
    deal whose result is not yet recorded may be changed or discarded; a recorded one is
    corrected (ProgressiveCorrection), never removed. Every deal is played: there is no
    game score for the Spade Convention to look at."""

    table = models.ForeignKey(ProgressiveTable, on_delete=models.PROTECT, related_name="deals")
    number = models.PositiveSmallIntegerField()
    dealer = models.PositiveSmallIntegerField(help_text="The dealer's seat.")
    maker = models.CharField(max_length=7, choices=Deal.MAKERS)
    trump = models.CharField(max_length=2, choices=Deal.TRUMPS)
    doubles = models.PositiveSmallIntegerField(default=0)
    declared_at = models.DateTimeField(default=timezone.now)
    declared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    tricks = models.PositiveSmallIntegerField(null=True, help_text="Won by the dealer's side.")
    honours_side = models.CharField(max_length=4, choices=Deal.SIDES, blank=True)
    honours = models.CharField(
        max_length=24, choices=Deal.HONOURS, blank=True, help_text="Empty: aces easy."
    )
    chicane_we = models.PositiveSmallIntegerField(default=0)
    chicane_they = models.PositiveSmallIntegerField(default=0)
    revokes_we = models.PositiveSmallIntegerField(default=0)
    revokes_they = models.PositiveSmallIntegerField(default=0)
    recorded_at = models.DateTimeField(null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_deal_a_number_a_table"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deals_from_one"),
            models.CheckConstraint(condition=Q(dealer__lte=3), name="a_dealer_at_the_table"),
            models.CheckConstraint(condition=Q(tricks__lte=13), name="thirteen_tricks_a_deal"),
            models.CheckConstraint(
                condition=Q(chicane_we__lte=2, chicane_they__lte=2), name="two_hands_a_pair"
            ),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} at {self.table}"

    DECLARATION_FIELDS = ("dealer", "maker", "trump", "doubles")
    RESULT_FIELDS = (
        "tricks",
        "honours_side",
        "honours",
        "chicane_we",
        "chicane_they",
        "revokes_we",
        "revokes_they",
    )
    CALLED_FIELDS = DECLARATION_FIELDS + RESULT_FIELDS

    @property
    def in_progress(self) -> bool:
        return self.recorded_at is None

    @property
    def played(self) -> bool:
        """Every deal is played (what the rubber's forms ask of a deal)."""
        return True

    penalties: tuple[()] = ()  # Whist's alone (what the rubber's forms ask of a deal)

    @property
    def dealer_side(self) -> engine.Side:
        return engine.side_of_seat(self.dealer)

    @property
    def maker_seat(self) -> int:
        """The seat of the player who made the trump: the dealer, or his partner (Law 45)."""
        return self.dealer if self.maker == engine.Maker.DEALER else engine.partner_of(self.dealer)

    @property
    def call(self) -> engine.Call:
        if not self.honours:
            return engine.EASY
        return engine.Call(engine.Side(self.honours_side), engine.Honours[self.honours])

    def called(self) -> engine.Called:
        """The deal as the table called it; played once its result is recorded."""
        trump = engine.Trump(self.trump)  # type: ignore[call-arg]  # by value: mypy#10573
        return engine.Called(
            self.dealer_side,
            trump,
            engine.Maker(self.maker),
            self.doubles,
            played=None if self.tricks is None else True,
            tricks=self.tricks,
            honours=self.call.code,
            chicane=engine.Pair(self.chicane_we, self.chicane_they),
            revokes=engine.Pair(self.revokes_we, self.revokes_they),
        )

    def to_engine(self) -> engine.Deal:
        """The deal as the engine scores it, for points."""
        return engine.BRIDGE.laws.deal_of(self.called())

    def record(self, called: engine.Called, *, dealer: int) -> None:
        """Write the deal as called into this row, dealt from seat `dealer` (not saved):
        the mapping back from the engine's deal that `called()` is forward, for an import.
        Its result, empty while the deal is in progress (`played` None)."""
        self.dealer = dealer
        self.maker = called.maker.value
        self.trump = called.trump.value
        self.doubles = called.doubles
        played = bool(called.played)
        call = called.call if played else engine.EASY
        self.tricks = called.tricks if played else None
        self.honours_side = call.side.value if call.side else ""
        self.honours = call.honours.name if call.honours else ""
        self.chicane_we, self.chicane_they = called.chicane if played else engine.NONE
        self.revokes_we, self.revokes_they = called.revokes if played else engine.NONE

    def snapshot(self) -> dict[str, Any]:
        return {field: getattr(self, field) for field in self.CALLED_FIELDS}

    @classmethod
    def from_snapshot(cls, table: ProgressiveTable, number: int, values: dict[str, Any]) -> Any:
        """The deal as a snapshot shows it (not saved)."""
        called = {field: values[field] for field in cls.CALLED_FIELDS if field in values}
        return cls(table=table, number=number, **called)


class ProgressiveCorrection(models.Model):
    """A correction to a recorded deal of a round not yet agreed (Laws 12, 13 as far as
    they apply), kept for ever: the database refuses to change or delete one."""

    table = models.ForeignKey(
        ProgressiveTable, on_delete=models.PROTECT, related_name="corrections"
    )
    number = models.PositiveSmallIntegerField(help_text="The deal corrected.")
    kind = models.CharField(max_length=7, choices=Correction.KINDS)
    law = models.CharField(max_length=6)
    reason = models.CharField(max_length=200)
    before = models.JSONField()
    after = models.JSONField()
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    made_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["made_at", "id"]

    def __str__(self) -> str:
        return f"Deal {self.number} at {self.table} corrected ({self.law}): {self.reason}"


class ProgressiveWrite(models.Model):
    """A write at a table, by its form's key (`Submission`, whose `revision` and `said` it
    carries): the phones following the table are told, in order, what the writes since
    their page said."""

    table = models.ForeignKey(ProgressiveTable, on_delete=models.PROTECT, related_name="+")
    submission = models.OneToOneField(
        Submission, on_delete=models.CASCADE, related_name="progressive"
    )

    def __str__(self) -> str:
        return f"{self.submission} at {self.table}"


register(*PROGRESSIVE)
