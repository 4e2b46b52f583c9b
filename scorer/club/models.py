"""The club and its members: its settings (one row, the rules in force copied onto each
rubber when it starts) and the members, each with his account."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q

from scorer import engine


class Club(models.Model):
    """The club's settings: one row. The rules in force are copied onto each rubber when it
    starts, so a change applies only to rubbers started after it."""

    name = models.CharField(max_length=80, default="The Bridge Club")
    doubling_limit = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="No further double once a trick is worth more than this (footnote to "
        "Law 56). Empty: doubling may go on indefinitely (Law 55).",
    )
    spade_convention = models.BooleanField(
        default=False,
        help_text='The members agree "not to play spades" (the Spade Convention).',
    )
    PAPERS = [("A4", "A4"), ("letter", "US Letter")]
    paper = models.CharField(
        max_length=6, choices=PAPERS, default="A4", help_text="For printed sheets and pads."
    )
    game = models.CharField(
        max_length=12,
        choices=[(game.code, game.name) for game in engine.GAMES.values()],
        default=engine.BRIDGE.code,
        help_text="The game a rubber is of unless its players choose another (on Whist "
        "nights, Short Whist).",
    )
    abandoned_rubbers_count = models.BooleanField(
        default=True,
        help_text="A rubber abandoned before it is won counts its points as they stand "
        "(without the 100). Unticked: an abandoned rubber is void.",
    )
    members_open_progressive = models.BooleanField(
        default=False,
        help_text="Any member may open a Progressive evening and keep it (its players, the "
        "draw, its rounds). Unticked: the staff alone.",
    )
    # Not a rule of the laws but the table's way of working, read as it stands: turned on,
    # it applies to every rubber not yet agreed.
    deals_accepted = models.BooleanField(
        default=False,
        help_text="A player of the other side accepts each deal as it is recorded, with one "
        'tap ("Accept deal 3"); until then the sheet shows it as not yet accepted. The '
        "rubber is still agreed as a whole (Law 13).",
    )

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(pk=1), name="one_club")]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def get(cls) -> Club:
        club, _ = cls.objects.get_or_create(pk=1)
        return club

    @property
    def rules(self) -> engine.Rules:
        return engine.Rules(self.doubling_limit, self.spade_convention)


# A national body's membership number, as its software writes it: digits (the EBU's,
# the ABF's, kept with any leading nought) or letters and digits (the ACBL's "J123456").
NATIONAL_NUMBER = RegexValidator(
    r"^[A-Za-z0-9]{1,20}$", "A national number is letters and digits, 20 at most."
)


class Member(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="member"
    )
    name = models.CharField(
        max_length=60, unique=True, help_text='As the club knows them: "Mrs. Carr".'
    )
    short_name = models.CharField(max_length=16, help_text='For narrow screens: "Carr".')
    national_number = models.CharField(
        max_length=20,
        blank=True,
        validators=[NATIONAL_NUMBER],
        help_text="The member's number with the national body (the EBU's, the ABF's, …), as "
        "its results software knows the member; empty if none.",
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            # One person's number: two members holding it would be one player twice over.
            models.UniqueConstraint(
                fields=["national_number"],
                condition=~Q(national_number=""),
                name="a_national_number_once",
                violation_error_message="That national number is another member's.",
            ),
        ]

    def __str__(self) -> str:
        return self.name


def person(user: Any) -> str:
    """A member by name, anyone else (the staff) by username."""
    member = getattr(user, "member", None)
    return member.name if member is not None else str(user.get_username())


class Place(models.Model):
    """Where a member is playing now: one rubber in play (at a table of the evening or
    not), one Progressive evening or one pair of a Duplicate evening, until it ends. One
    row a member, which the database keeps unique, so that whatever seats a member placed
    already fails on it: a person sits at one table (scorer/club/places.py writes them)."""

    member = models.OneToOneField(Member, on_delete=models.PROTECT, related_name="place")
    rubber = models.ForeignKey(
        "Rubber", on_delete=models.CASCADE, null=True, blank=True, related_name="places"
    )
    progressive = models.ForeignKey(
        "ProgressiveEvening",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="places",
    )
    duplicate = models.ForeignKey(
        "DuplicateEvening", on_delete=models.CASCADE, null=True, blank=True, related_name="places"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(rubber__isnull=False, progressive__isnull=True, duplicate__isnull=True)
                    | Q(rubber__isnull=True, progressive__isnull=False, duplicate__isnull=True)
                    | Q(rubber__isnull=True, progressive__isnull=True, duplicate__isnull=False)
                ),
                name="a_place_at_one_thing",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} playing"
