"""What the club records of a Duplicate evening: its settings (the movement, its tables, the
boards a round, the comparison), its pairs (each two members or guests by name) and their
numbers, its boards and, when known, their hands, each round's tables and who sat there,
each result as North–South recorded it and East–West accepted it, and the director's
corrections and entries.

Nothing is stored that the engine works out: the schedule (which boards each table plays
and which pairs meet) follows from the movement, and the points, nets, scores, travellers,
standings and places from the results, each time (`scorer.duplicate.reads`). The rules
that say "once" are the database's: one result a board a table, a board played once by a
pair, a pair at one table a round (the constraints here), and an accepted result changed
only by the director's correction (the guards of `scorer.duplicate.guards`).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from scorer.club.guests import one_guest_of_a_name_an_evening
from scorer.club.models import Member
from scorer.duplicate.guards import DUPLICATE
from scorer.engine.duplicate import Comparison, Line, MovementKind
from scorer.plumbing.guards import register
from scorer.plumbing.keys import Submission

# Boards a round: eight make a long evening already; a table plays a round in that time.
MOST_BOARDS_A_ROUND = 8

MOVEMENTS = [(kind.value, kind.label) for kind in MovementKind]
COMPARISONS = [
    (Comparison.AVERAGE.value, "Against each direction's average (as the period did it)"),
    (Comparison.MATCHPOINTS.value, "Matchpoints (the modern way)"),
]
DIRECTIONS = [(line.value, line.label) for line in Line]
TRUMPS = [("S", "Spades"), ("C", "Clubs"), ("D", "Diamonds"), ("H", "Hearts"), ("NT", "No-trump")]
MAKERS = [("dealer", "Dealer"), ("partner", "Passed to partner")]


class DuplicateEvening(models.Model):
    """A Duplicate evening: its name and day, the movement and its number of tables, the
    boards a round at each table, how the pairs are compared, and the club's doubling
    limit as it was when the evening opened. It starts once its pairs are all there (they
    are numbered, the boards made, each round's tables seated) and ends once every result
    is in. `revision` advances with every write to the evening (not at its tables), so a
    form shown before another write is refused; `board` is the generation of its
    noticeboard links (a new one revokes every link given before)."""

    DEALT, FILE, AT_THE_TABLE = "dealt", "file", "table"
    BOARDS_FROM = [
        (DEALT, "Dealt by the site"),
        (FILE, "From a PBN file"),
        (AT_THE_TABLE, "Dealt at the first table"),
    ]

    name = models.CharField(max_length=80)
    day = models.DateField(help_text="The evening, by the club's clock.")
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    opened_at = models.DateTimeField(default=timezone.now)
    movement = models.CharField(max_length=8, choices=MOVEMENTS)
    tables = models.PositiveSmallIntegerField()
    boards_a_round = models.PositiveSmallIntegerField()
    comparison = models.CharField(
        max_length=11, choices=COMPARISONS, default=Comparison.AVERAGE.value
    )
    doubling_limit = models.PositiveIntegerField(null=True, blank=True)
    boards_from = models.CharField(
        max_length=5, choices=BOARDS_FROM, blank=True, help_text="Empty until it starts."
    )
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    revision = models.PositiveIntegerField(default=0)
    board = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["-day", "-opened_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["day", "name"], name="one_duplicate_evening_of_a_name_a_day"
            ),
            models.CheckConstraint(
                condition=Q(movement__in=[kind.value for kind in MovementKind]),
                name="a_mitchell_or_a_howell",
            ),
            models.CheckConstraint(
                condition=Q(tables__gte=2, tables__lte=15), name="duplicate_tables_2_to_15"
            ),
            models.CheckConstraint(
                condition=Q(boards_a_round__gte=1, boards_a_round__lte=MOST_BOARDS_A_ROUND),
                name="boards_a_round_1_to_8",
            ),
            models.CheckConstraint(
                condition=Q(comparison__in=[c.value for c in Comparison]),
                name="average_or_matchpoints",
            ),
            models.CheckConstraint(
                condition=(Q(started_at__isnull=True) & Q(boards_from=""))
                | (Q(started_at__isnull=False) & Q(boards_from__in=["dealt", "file", "table"])),
                name="boards_made_as_it_starts",
            ),
            models.CheckConstraint(
                condition=Q(ended_at__isnull=True) | Q(started_at__isnull=False),
                name="ended_once_started",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name}, {self.day:%d %b %Y}"

    @property
    def started(self) -> bool:
        return self.started_at is not None

    @property
    def ended(self) -> bool:
        return self.ended_at is not None

    @property
    def kind(self) -> MovementKind:
        return MovementKind(self.movement)


class DuplicatePair(models.Model):
    """A pair of the evening, its two players (`players`), numbered once it starts in the
    order the pairs were added: in a Mitchell North–South are pairs 1 to T, East–West T + 1
    to 2T."""

    evening = models.ForeignKey(DuplicateEvening, on_delete=models.PROTECT, related_name="pairs")
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    added_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["number", "added_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "number"],
                condition=Q(number__isnull=False),
                name="one_duplicate_pair_a_number",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="pairs_numbered_from_one"),
        ]

    def __str__(self) -> str:
        return f"Pair {self.number or '?'} of {self.evening}"


class DuplicatePlayer(models.Model):
    """One of a pair's two: a member, or a guest by name. The pair's evening is kept with
    the player so that the database itself keeps a member to one pair an evening."""

    evening = models.ForeignKey(DuplicateEvening, on_delete=models.PROTECT, related_name="+")
    pair = models.ForeignKey(DuplicatePair, on_delete=models.PROTECT, related_name="players")
    place = models.PositiveSmallIntegerField(help_text="First or second of the pair.")
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    guest = models.CharField(max_length=60, blank=True, help_text="A guest, by name.")

    class Meta:
        ordering = ["pair", "place"]
        constraints = [
            models.UniqueConstraint(fields=["pair", "place"], name="two_players_a_pair"),
            models.UniqueConstraint(
                fields=["evening", "member"],
                condition=Q(member__isnull=False),
                name="a_member_in_one_pair_an_evening",
            ),
            one_guest_of_a_name_an_evening("one_duplicate_guest_of_a_name"),
            models.CheckConstraint(
                condition=(Q(member__isnull=False) & Q(guest=""))
                | (Q(member__isnull=True) & ~Q(guest="")),
                name="a_duplicate_member_or_a_guest",
            ),
            models.CheckConstraint(condition=Q(place__in=[1, 2]), name="first_or_second"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.member.name if self.member is not None else self.guest

    @property
    def short_name(self) -> str:
        return self.member.short_name if self.member is not None else self.guest


class DuplicateBoard(models.Model):
    """A board of the evening, made as it starts: its number (which says its dealer) and,
    when known, its four hands as PBN writes them (`AK43.QJ2.T98.765`), North's first;
    empty while unknown (dealt at the first table), until a hand record is attached.
    `source` says where the hands came from."""

    DEALT, FILE, RECORD = "dealt", "file", "record"
    SOURCES = [
        (DEALT, "dealt by the site"),
        (FILE, "from a PBN file"),
        (RECORD, "from a hand record attached later"),
    ]

    evening = models.ForeignKey(DuplicateEvening, on_delete=models.PROTECT, related_name="boards")
    number = models.PositiveSmallIntegerField()
    north = models.CharField(max_length=16, blank=True)
    east = models.CharField(max_length=16, blank=True)
    south = models.CharField(max_length=16, blank=True)
    west = models.CharField(max_length=16, blank=True)
    source = models.CharField(max_length=6, choices=SOURCES, blank=True)
    known_at = models.DateTimeField(null=True, blank=True, help_text="When its hands were known.")

    class Meta:
        ordering = ["evening", "number"]
        constraints = [
            models.UniqueConstraint(fields=["evening", "number"], name="one_board_of_a_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="boards_numbered_from_one"),
            models.CheckConstraint(
                condition=(
                    Q(north="") & Q(east="") & Q(south="") & Q(west="") & Q(source="")
                    & Q(known_at__isnull=True)
                )
                | (
                    ~Q(north="") & ~Q(east="") & ~Q(south="") & ~Q(west="")
                    & Q(source__in=["dealt", "file", "record"]) & Q(known_at__isnull=False)
                ),
                name="four_hands_or_none",
            ),
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"Board {self.number} of {self.evening}"

    @property
    def known(self) -> bool:
        return bool(self.north)

    @property
    def hands(self) -> tuple[str, str, str, str] | None:
        """The four hands as written, North's first; None while unknown."""
        if not self.known:
            return None
        return (self.north, self.east, self.south, self.west)


class DuplicateTable(models.Model):
    """A table in a round, seated as the movement says when the evening starts: its
    North–South and East–West pairs (`seats`). Its `revision` advances with every write
    at it, so that a phone's form shown before another phone's write is refused."""

    evening = models.ForeignKey(DuplicateEvening, on_delete=models.PROTECT, related_name="+")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    revision = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["evening", "round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "round", "number"], name="one_duplicate_table_a_round"
            ),
            models.CheckConstraint(
                condition=Q(round__gte=1, number__gte=1), name="duplicate_rounds_from_one"
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.round}, table {self.number} of {self.evening}"

    @property
    def label(self) -> str:
        return f"Round {self.round}, Table {self.number}"


class DuplicateSeat(models.Model):
    """A pair at a table in a round, and its direction there. The table's evening and
    round are kept with the seat so that the database itself keeps a pair to one table a
    round."""

    table = models.ForeignKey(DuplicateTable, on_delete=models.PROTECT, related_name="seats")
    evening = models.ForeignKey(DuplicateEvening, on_delete=models.PROTECT, related_name="+")
    round = models.PositiveSmallIntegerField()
    pair = models.ForeignKey(DuplicatePair, on_delete=models.PROTECT, related_name="seats")
    line = models.CharField(max_length=2, choices=DIRECTIONS)

    class Meta:
        ordering = ["table", "line"]
        constraints = [
            models.UniqueConstraint(fields=["table", "line"], name="one_pair_a_direction"),
            models.UniqueConstraint(
                fields=["evening", "round", "pair"], name="a_pair_at_one_table_a_round"
            ),
            models.CheckConstraint(condition=Q(line__in=["ns", "ew"]), name="ns_or_ew"),
        ]

    def __str__(self) -> str:
        return f"{self.pair} {self.line} at {self.table}"


class DuplicateResult(models.Model):
    """A board's result at a table, as North–South recorded it (or the director entered
    it): the make, who made it (the dealer, or his partner), the doubles and the tricks
    each direction won; the honours in each hand, North's, South's, East's and West's, and
    each direction's hands void of trumps, only on a board whose hands are unknown (else
    the cards give them); revokes; or that the pairs could not play it (`played` false).
    The tricks may be left to a `play` (the thirteen tricks, from a file); a result so
    given is kept as given, so that the club's file comes back as it went.

    Until East–West accept it, it is provisional and North–South may change it; once
    accepted, only the director's correction changes it (`version`, one more with each
    correction, which is kept)."""

    evening = models.ForeignKey(DuplicateEvening, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey(DuplicateTable, on_delete=models.PROTECT, related_name="results")
    board = models.ForeignKey(DuplicateBoard, on_delete=models.PROTECT, related_name="results")
    played = models.BooleanField(default=True)
    maker = models.CharField(max_length=7, choices=MAKERS, blank=True)
    trump = models.CharField(max_length=2, choices=TRUMPS, blank=True)
    doubles = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks_ew = models.PositiveSmallIntegerField(null=True, blank=True)
    honours_n = models.PositiveSmallIntegerField(null=True, blank=True)
    honours_s = models.PositiveSmallIntegerField(null=True, blank=True)
    honours_e = models.PositiveSmallIntegerField(null=True, blank=True)
    honours_w = models.PositiveSmallIntegerField(null=True, blank=True)
    chicane_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    chicane_ew = models.PositiveSmallIntegerField(null=True, blank=True)
    revokes_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    revokes_ew = models.PositiveSmallIntegerField(null=True, blank=True)
    play = models.JSONField(null=True, blank=True, help_text="The tricks as played, if given.")
    recorded_at = models.DateTimeField(default=timezone.now)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    version = models.PositiveIntegerField(default=0, help_text="Corrections made to it.")

    FIELDS = (
        "played", "maker", "trump", "doubles", "tricks_ns", "tricks_ew", "honours_n",
        "honours_s", "honours_e", "honours_w", "chicane_ns", "chicane_ew", "revokes_ns",
        "revokes_ew", "play",
    )  # fmt: skip

    class Meta:
        ordering = ["table", "board"]
        constraints = [
            models.UniqueConstraint(fields=["table", "board"], name="one_result_a_board_a_table"),
            models.CheckConstraint(
                condition=(
                    Q(played=True) & Q(maker__in=["dealer", "partner"]) & ~Q(trump="")
                    & Q(doubles__isnull=False)
                )
                | (
                    Q(played=False) & Q(maker="") & Q(trump="") & Q(doubles__isnull=True)
                    & Q(tricks_ns__isnull=True) & Q(honours_n__isnull=True)
                    & Q(chicane_ns__isnull=True) & Q(revokes_ns__isnull=True)
                    & Q(play__isnull=True)
                ),
                name="a_result_played_or_not",
            ),
            models.CheckConstraint(
                condition=(Q(tricks_ns__isnull=True) & Q(tricks_ew__isnull=True))
                | (Q(tricks_ns__lte=13) & Q(tricks_ew__lte=13)),
                name="tricks_of_both_directions",
            ),
            models.CheckConstraint(
                condition=(
                    Q(honours_n__isnull=True) & Q(honours_s__isnull=True)
                    & Q(honours_e__isnull=True) & Q(honours_w__isnull=True)
                )
                | (
                    Q(honours_n__lte=5) & Q(honours_s__lte=5) & Q(honours_e__lte=5)
                    & Q(honours_w__lte=5)
                ),
                name="honours_of_four_hands",
            ),
            models.CheckConstraint(
                condition=(Q(chicane_ns__isnull=True) & Q(chicane_ew__isnull=True))
                | (Q(chicane_ns__lte=2) & Q(chicane_ew__lte=2)),
                name="chicane_of_both_directions",
            ),
            models.CheckConstraint(
                condition=(Q(revokes_ns__isnull=True) & Q(revokes_ew__isnull=True))
                | (Q(revokes_ns__isnull=False) & Q(revokes_ew__isnull=False)),
                name="revokes_of_both_directions",
            ),
            models.CheckConstraint(
                condition=(Q(accepted_at__isnull=True) & Q(accepted_by__isnull=True))
                | (Q(accepted_at__isnull=False) & Q(accepted_by__isnull=False)),
                name="accepted_by_someone",
            ),
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"Board {self.board_id} at {self.table}"

    @property
    def accepted(self) -> bool:
        return self.accepted_at is not None

    def snapshot(self) -> dict[str, Any]:
        """The result as recorded, for a correction's record of before and after."""
        return {field: getattr(self, field) for field in self.FIELDS}


class DuplicatePlay(models.Model):
    """A pair's play of a board, two to a result (its North–South pair's and its
    East–West pair's): the rows by which the database itself keeps a board to one play a
    pair."""

    result = models.ForeignKey(DuplicateResult, on_delete=models.PROTECT, related_name="+")
    board = models.ForeignKey(DuplicateBoard, on_delete=models.PROTECT, related_name="+")
    pair = models.ForeignKey(DuplicatePair, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["board", "pair"], name="a_board_played_once_by_a_pair"),
        ]

    def __str__(self) -> str:
        return f"{self.pair} on board {self.board_id}"


class DuplicateCorrection(models.Model):
    """The director's entry of a missing result (`before` None) or his correction of one,
    with his reason, kept for ever: the result as it was and as it is after (`version`,
    the result's version after it)."""

    result = models.ForeignKey(
        DuplicateResult, on_delete=models.PROTECT, related_name="corrections"
    )
    version = models.PositiveIntegerField()
    reason = models.CharField(max_length=200)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField()
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    made_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["made_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["result", "version"], name="one_correction_a_version"),
        ]

    def __str__(self) -> str:
        return f"{self.result}: {self.reason}"

    @property
    def entered(self) -> bool:
        """The director entered the result, missing until then."""
        return self.before is None


class DuplicateWrite(models.Model):
    """A write at a table, by its form's key (`Submission`, whose `revision` and `said` it
    carries): the phones following the table are told, in order, what the writes since
    their page said."""

    table = models.ForeignKey(DuplicateTable, on_delete=models.PROTECT, related_name="+")
    submission = models.OneToOneField(
        Submission, on_delete=models.CASCADE, related_name="duplicate"
    )

    def __str__(self) -> str:
        return f"{self.submission} at {self.table}"


register(*DUPLICATE)
