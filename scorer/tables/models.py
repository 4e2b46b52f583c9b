"""The evening's tables: who belonged to each and when, the claims to enter, each cut that
began one of its rubbers (with its reasons), and the generation of the noticeboard's
links. A table's rubbers are the rubbers begun at it (`Rubber.at_table`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from scorer.club.models import Member
from scorer.rubbers.models import Rubber

# Candidates a table can be formed from at once: six places and three waiting. The form
# offers this many, forming refuses more, and the club's file takes a cut of this many.
ARRIVALS = 9


class Table(models.Model):
    """A table of an evening: four to six members (Law 21), its rubbers one after another.

    Its `revision` advances with every change to it, so that a form shown before another
    change is refused; `follow` is the generation of its follow link (a new one revokes
    every link given before)."""

    name = models.CharField(max_length=40)
    day = models.DateField(help_text="The evening it belongs to, by the club's clock.")
    formed_at = models.DateTimeField(default=timezone.now)
    formed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    broken_up_at = models.DateTimeField(null=True, blank=True)
    revision = models.PositiveIntegerField(default=0)
    follow = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["day", "name"]
        constraints = [
            models.UniqueConstraint(fields=["day", "name"], name="one_table_of_a_name_an_evening")
        ]

    def __str__(self) -> str:
        return f"{self.name}, {self.day:%d %b %Y}"


class Membership(models.Model):
    """A member belonging to a table, from when he joined until he left it. A member
    belongs to one table at a time: the database refuses a second."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="memberships")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="memberships")
    joined_at = models.DateTimeField(default=timezone.now)
    left_at = models.DateTimeField(null=True, blank=True)
    why_left = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["member"], condition=Q(left_at__isnull=True), name="one_table_at_a_time"
            )
        ]

    def __str__(self) -> str:
        return f"{self.member} at {self.table}"


class Candidacy(models.Model):
    """A claim to enter a table (Laws 22, 24): waiting until it is settled, by entering,
    withdrawing, or the table breaking up. One open claim a member."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="claims")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="claims")
    claimed_at = models.DateTimeField(default=timezone.now)
    # A prior right, and why: his table broke up (Law 28), or he helped form a fresh
    # table and returns (Law 26).
    prior = models.CharField(max_length=200, blank=True)
    settled_at = models.DateTimeField(null=True, blank=True)
    settled = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["claimed_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["member"], condition=Q(settled_at__isnull=True), name="one_claim_at_a_time"
            )
        ]

    def __str__(self) -> str:
        return f"{self.member} for {self.table}"


class TableCut(models.Model):
    """A decision of the laws at a table, with its reasons: the table formed, or who cut
    out for the next rubber; and, where the players agreed to depart from it, who
    confirmed that they did. Each begins one rubber."""

    FORMED, CUT_OUT = "formed", "cut out"

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="cuts")
    rubber = models.OneToOneField(Rubber, on_delete=models.PROTECT, related_name="table_cut")
    kind = models.CharField(max_length=10, choices=[(FORMED, "Formed"), (CUT_OUT, "Cut out")])
    cards = models.JSONField(default=list, help_text="Rounds of [member, card], as cut.")
    reasons = models.JSONField(default=list, help_text="[member, what was decided and why]")
    departed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    made_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["made_at", "id"]

    def __str__(self) -> str:
        return f"{self.table}: {self.kind} at {self.made_at:%H:%M}"


class Noticeboard(models.Model):
    """An evening's noticeboard: the generation of its links, as `Table.follow` is a
    table's (a new one revokes every link given before). No row: the first generation."""

    day = models.DateField(unique=True, help_text="The evening, by the club's clock.")
    generation = models.PositiveIntegerField(default=1)

    def __str__(self) -> str:
        return f"The noticeboard of {self.day:%d %b %Y}"
