"""A rubber as the club records it: who sat where, each deal as called and, where the club
asks for it, accepted by the other side, the corrections made under Laws 12 and 13, and the
agreement of its value.

Scores are never stored: a rubber's sheet is worked out by the rules engine from its deals
every time it is shown.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from scorer import engine
from scorer.club.models import Member
from scorer.engine.cards import ByCards, Hands, dealt

if TYPE_CHECKING:
    from django.contrib.auth.models import User

# The most points a side may have in a rubber here. Doubling may go on without end (Law
# 55), but the record keeps a rubber's value in a whole number of 32 bits, and the ledger
# its money exactly at any stake it takes: a deal that would pass this is refused when it
# is recorded, naming the deal and this bound, never at agreement.
MOST_POINTS = 10_000_000


class Rubber(models.Model):
    """A rubber of one of the club's games at a table. Its game answers every question of
    the laws (`game_rules`); nothing here tests which game it is."""

    GAMES = [(game.code, game.name) for game in engine.GAMES.values()]
    UNITS = [(unit.value, f"By the {unit.value}") for unit in engine.Unit]

    table = models.CharField(max_length=40)
    # The table of the evening it was played at, when it was begun from one (issue 14);
    # rubbers started on their own name a table only.
    at_table = models.ForeignKey(
        "Table", on_delete=models.PROTECT, null=True, blank=True, related_name="rubbers"
    )
    game = models.CharField(max_length=12, choices=GAMES, default=engine.BRIDGE.code)
    # Three playing, the three may score each game as a unit of its own.
    unit = models.CharField(max_length=6, choices=UNITS, default=engine.Unit.RUBBER.value)
    started_at = models.DateTimeField(default=timezone.now, db_index=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    # The club's rules in force when the rubber started.
    doubling_limit = models.PositiveIntegerField(null=True, blank=True)
    spade_convention = models.BooleanField(default=False)
    first_dealer = models.PositiveSmallIntegerField(help_text="The seat that dealt first.")
    cut = models.JSONField(
        null=True, blank=True, help_text="The cards drawn, when the table cut for deal."
    )
    abandoned_counts = models.BooleanField(
        default=True, help_text="If abandoned, the points count as they stand (else void)."
    )
    # Advances with every change, so that a phone can tell whether its page is current
    # (one indexed read) and a save from a stale page is refused.
    revision = models.PositiveIntegerField(default=0)
    players = models.ManyToManyField(
        Member, through="Seat", through_fields=("rubber", "member"), related_name="rubbers"
    )
    # Agreeing the rubber's value: one player of each side confirms (or the staff for
    # both). A change to the score clears a confirmation not yet matched by the other side.
    we_agreed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    we_agreed_at = models.DateTimeField(null=True, blank=True)
    they_agreed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    they_agreed_at = models.DateTimeField(null=True, blank=True)
    # Set once both sides agree, and never changed: the rubber is then locked, and this is
    # what the ledger posts (points to We; negative when They gain).
    agreed_at = models.DateTimeField(null=True, blank=True)
    agreed_value = models.IntegerField(null=True, blank=True)
    abandoned = models.BooleanField(default=False, help_text="Agreed before it was won.")

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            models.CheckConstraint(condition=Q(first_dealer__lte=3), name="first_dealer_a_seat"),
            models.CheckConstraint(
                condition=Q(game__in=list(engine.GAMES)), name="a_game_the_club_plays"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table}, {self.started_at:%d %b %Y}"

    @property
    def game_rules(self) -> engine.CardGame[Any, Any]:
        """The rubber's game, which answers every question of its laws."""
        return engine.find_game(self.game)

    @property
    def rules(self) -> engine.Rules:
        return self.game_rules.laws.rules(
            doubling_limit=self.doubling_limit,
            spade_convention=self.spade_convention,
            unit=engine.Unit(self.unit),
            most_points=MOST_POINTS,
        )

    @property
    def agreed(self) -> bool:
        return self.agreed_at is not None

    def agreed_by(self, side: engine.Side) -> tuple[User | None, datetime | None]:
        """Who confirmed for a side, and when (None, None if nobody yet)."""
        if side is engine.Side.WE:
            return self.we_agreed_by, self.we_agreed_at
        return self.they_agreed_by, self.they_agreed_at


class Seat(models.Model):
    """Where a player sat. Positions run round the table to the left, from 0; the even
    seats are We, the odd seats They, so that the deal passes from side to side."""

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="seats")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    # Law 27: a player quitting during the rubber appoints a substitute, with the other
    # three's consent, for the rest of it. The seat, and the rubber's posting, stay his.
    substitute = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="substituted"
    )
    substitute_confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["rubber", "position"], name="one_player_a_seat"),
            models.UniqueConstraint(fields=["rubber", "member"], name="one_seat_a_player"),
            models.CheckConstraint(condition=Q(position__lte=3), name="four_seats"),
            models.CheckConstraint(
                condition=~Q(substitute=F("member")), name="a_substitute_is_another"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.position + 1}: {self.member}"

    @property
    def side(self) -> engine.Side:
        return engine.side_of_seat(self.position)


class Deal(models.Model):
    """A deal as the table records it: the declaration before the play, then the result.

    A deal whose result is not yet recorded is in progress: it may be edited or discarded
    freely. Its declaration, with its time, is the moment that concludes the previous game
    (Law 12).
    """

    MAKERS = [(maker.value, maker.value) for maker in engine.Maker]
    TRUMPS = [(trump.value, trump.label) for trump in engine.Trump]
    SIDES = [(side.value, side.label) for side in engine.Side]
    HONOURS = [(honours.name, honours.text) for honours in engine.Honours]

    rubber = models.ForeignKey(Rubber, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    dealer = models.PositiveSmallIntegerField(help_text="The dealer's seat.")
    maker = models.CharField(max_length=7, choices=MAKERS)
    trump = models.CharField(max_length=2, choices=TRUMPS)
    doubles = models.PositiveSmallIntegerField(default=0)
    declared_at = models.DateTimeField(default=timezone.now)
    declared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    # The result, empty while the deal is in progress.
    played = models.BooleanField(null=True, help_text="False: spades not played (Convention).")
    tricks = models.PositiveSmallIntegerField(null=True, help_text="Won by the dealer's side.")
    honours_side = models.CharField(max_length=4, choices=SIDES, blank=True)
    honours = models.CharField(
        max_length=24, choices=HONOURS, blank=True, help_text="Empty: aces easy."
    )
    chicane_we = models.PositiveSmallIntegerField(default=0)
    chicane_they = models.PositiveSmallIntegerField(default=0)
    revokes_we = models.PositiveSmallIntegerField(default=0)
    revokes_they = models.PositiveSmallIntegerField(default=0)
    # Whist: each revoke, in the order its penalty was claimed: [{"by": "they", "penalty":
    # "tricks"}] (the penalty the adversaries chose, Law 72).
    penalties = models.JSONField(default=list, blank=True)
    recorded_at = models.DateTimeField(null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # The cards, where a player entered them or the club's file gave them (§9): the four
    # hands, the dealer's first, then round to his left, as PBN writes a hand
    # (scorer/engine/cards/dealt.py: `hands_line`), and the play, its cards in the order
    # played. Empty: not known. The result as called agrees with them (`check_cards`).
    hands = models.CharField(max_length=67, blank=True, default="")
    play = models.CharField(max_length=155, blank=True, default="")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["rubber", "number"], name="one_deal_a_number"),
            models.CheckConstraint(condition=Q(dealer__lte=3), name="dealer_a_seat"),
            models.CheckConstraint(condition=Q(tricks__lte=13), name="thirteen_tricks"),
            models.CheckConstraint(
                condition=Q(chicane_we__lte=2, chicane_they__lte=2), name="two_hands_a_side"
            ),
            models.CheckConstraint(condition=Q(play="") | ~Q(hands=""), name="played_from_hands"),
            # Spades not played (the Spade Convention) keep no cards: elwell-rubber/1 has none.
            models.CheckConstraint(
                condition=~Q(played=False) | Q(hands=""), name="unplayed_without_cards"
            ),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} of {self.rubber}"

    @property
    def in_progress(self) -> bool:
        return self.recorded_at is None

    @property
    def dealer_side(self) -> engine.Side:
        return engine.side_of_seat(self.dealer)

    @property
    def maker_seat(self) -> int:
        """The seat of the player who made the trump: the dealer, or his partner (Law 45)."""
        return self.dealer if self.maker == engine.Maker.DEALER else engine.partner_of(self.dealer)

    # The deal as called at the table: its declaration, then its result. A correction
    # records all of them, before and after.
    DECLARATION_FIELDS = ("dealer", "maker", "trump", "doubles")
    RESULT_FIELDS = (
        "played",
        "tricks",
        "honours_side",
        "honours",
        "chicane_we",
        "chicane_they",
        "revokes_we",
        "revokes_they",
        "penalties",
    )
    CALLED_FIELDS = DECLARATION_FIELDS + RESULT_FIELDS

    def snapshot(self) -> dict[str, Any]:
        values = {field: getattr(self, field) for field in self.CALLED_FIELDS}
        values["recorded_at"] = self.recorded_at.isoformat() if self.recorded_at else None
        return values

    @classmethod
    def from_snapshot(cls, rubber: Rubber, number: int, values: dict[str, Any]) -> Deal:
        """The deal as a snapshot shows it (not saved)."""
        called = {field: values[field] for field in cls.CALLED_FIELDS if field in values}
        recorded_at = values.get("recorded_at")
        return cls(
            rubber=rubber,
            number=number,
            recorded_at=datetime.fromisoformat(recorded_at) if recorded_at else None,
            **called,
        )

    def called(self) -> engine.Called:
        """The deal as the table called it, for the rubber's game to read."""
        trump = engine.Trump(self.trump)  # type: ignore[call-arg]  # by value: mypy#10573
        return engine.Called(
            self.dealer_side,
            trump,
            engine.Maker(self.maker),
            self.doubles,
            played=self.played,
            tricks=self.tricks,
            honours=self.call.code,
            chicane=engine.Pair(self.chicane_we, self.chicane_they),
            revokes=engine.Pair(self.revokes_we, self.revokes_they),
            penalties=tuple(
                engine.Revoke(engine.Side(p["by"]), engine.Penalty(p["penalty"]))
                for p in self.penalties or ()
            ),
        )

    def record(self, called: engine.Called, *, dealer: int | None = None) -> None:
        """Write the deal as called into this row (not saved): the one mapping from the
        engine's deal to the row, as `called()` is the one back, for the table's writes,
        a replay and an import alike. Its declaration, dealt from seat `dealer` (by
        default the row's own); its result as called, empty while the deal is in progress
        (`played` None), and nothing but that when it was not played."""
        if dealer is not None:
            self.dealer = dealer
        self.maker = called.maker.value
        self.trump = called.trump.value
        self.doubles = called.doubles
        self.played = called.played
        played = bool(called.played)
        call = called.call if played else engine.EASY
        self.tricks = called.tricks if played else None
        self.honours_side = call.side.value if call.side else ""
        self.honours = call.honours.name if call.honours else ""
        self.chicane_we, self.chicane_they = called.chicane if played else engine.NONE
        self.revokes_we, self.revokes_they = called.revokes if played else engine.NONE
        self.penalties = [
            {"by": revoke.by.value, "penalty": revoke.penalty.value}
            for revoke in (called.penalties if played else ())
        ]

    @property
    def call(self) -> engine.Call:
        """The honours as called (aces easy, or at Whist two each, if none were scored)."""
        if not self.honours:
            return engine.EASY
        return engine.Call(engine.Side(self.honours_side), engine.Honours[self.honours])

    def to_engine(self) -> Any:
        """The recorded deal as the rubber's game works it out."""
        return self.rubber.game_rules.laws.deal_of(self.called())

    # The cards (§9), read by the engine's readers of elwell-rubber/1's `hands` and `play`.

    def known_hands(self) -> Hands | None:
        """The four hands, if known."""
        return Hands.read(dealt.hands_json(self.hands)) if self.hands else None

    def keep_cards(self, by_cards: ByCards) -> None:
        """Write a deal's cards as the engine read them into this row (not saved)."""
        self.hands = dealt.hands_line(by_cards.hands)
        card_play = by_cards.card_play
        self.play = "" if card_play is None else dealt.play_line(card_play)

    def by_cards(self) -> ByCards | None:
        """The recorded deal's cards with its result as called, as the engine reads a deal
        given by its cards (its honours and chicane from the hands, and with a play its
        tricks and revokes); None if its cards are not known or it was not played."""
        if not self.hands or not self.played:
            return None
        return dealt.by_cards_of(self.called(), self.hands, self.play)

    def as_cards(self) -> Any:
        """The recorded deal as the engine reads one given by its cards (a DealAsCards), or
        as `to_engine` if its cards are not known."""
        by_cards = self.by_cards()
        if by_cards is None:
            return self.to_engine()
        declared = self.to_engine()
        return engine.DealAsCards(
            declared.dealer,
            declared.trump,
            declared.maker,
            declared.doubles,
            by_cards.play,
            cards=by_cards,
        )

    def check_cards(self) -> None:
        """The result as called agrees with the deal's cards, if they are known: a
        RubberError naming the deal and the field otherwise (§9)."""
        hands = self.known_hands()
        if hands is None:
            return
        try:
            dealt.check_called(self.called(), hands, self.play)
        except engine.RubberError as error:
            raise error.at(self.number) from None


class Acceptance(models.Model):
    """A player of the other side's word that a recorded deal stands as entered (when the
    club asks for it, `Club.deals_accepted`): given once a deal, which the database keeps
    unique; a correction of the deal takes it away, for the deal to be accepted afresh.
    Which side was to accept is not kept: it is the other side from whoever wrote the deal
    last (`presenters.acceptance_view`)."""

    deal = models.OneToOneField(Deal, on_delete=models.CASCADE, related_name="acceptance")
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    accepted_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"Deal {self.deal.number} accepted"


class Correction(models.Model):
    """A correction to a recorded deal, made under Law 12 or 13 and kept for ever: the
    database itself refuses to change or delete one (see the migration's triggers)."""

    KINDS = [(kind.value, kind.value) for kind in engine.Kind]

    rubber = models.ForeignKey(Rubber, on_delete=models.PROTECT, related_name="corrections")
    number = models.PositiveSmallIntegerField(help_text="The deal corrected.")
    kind = models.CharField(max_length=7, choices=KINDS)
    law = models.CharField(max_length=6)
    reason = models.CharField(max_length=200)
    before = models.JSONField()
    after = models.JSONField(null=True, blank=True, help_text="Empty: the deal was removed.")
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    made_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["made_at", "id"]

    def __str__(self) -> str:
        return f"Deal {self.number} corrected ({self.law}): {self.reason}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("A correction is kept as it was made: it cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ValueError("A correction is kept as it was made: it cannot be deleted.")

    @property
    def removed(self) -> bool:
        return self.after is None
