"""The ledger's reports: each member's statement (the house's too), with the balance after
each posting, and every balance at once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import Sum
from django.utils import timezone

from ledger.desk.models import EveningTerms
from ledger.desk.services import Stakes
from ledger.postings.models import Posting
from ledger.records import NO_STAKE, NOTHING
from scorer.club.models import Member

# How a statement names the game of an evening's posting.
PROGRESSIVE = "Progressive Bridge"

# -- Reports -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatementRow:
    posting: Posting
    balance: Decimal  # after this posting
    # A rubber's or an evening's: "£0.50 a hundred points", "no stake: points only"; else ""
    stake: str
    game: str  # a rubber's game: "Bridge", "Short Whist"; an evening's; else ""

    @property
    def at_stake(self) -> str:
        """ "at £0.50 a hundred points", or "no stake: points only" """
        return self.stake if self.stake in (NO_STAKE, "") else f"at {self.stake}"

    @property
    def when(self) -> datetime:
        """The row's one date: a rubber's start, which its reason names; else when it
        was posted."""
        rubber = self.posting.rubber
        return rubber.started_at if rubber is not None else self.posting.posted_at

    @property
    def said(self) -> str:
        """The posting's reason, its date said once, at the row's head: "Bridge rubber at
        Table 1, 20:15, partnering Mr. Dane" (kept as "…, 25 Nov 2026 20:15, …")."""
        reason, rubber = self.posting.reason, self.posting.rubber
        if rubber is None:
            return reason
        started = timezone.localtime(rubber.started_at)
        return reason.replace(f"{started:%d %b %Y %H:%M}", f"{started:%H:%M}")

    @property
    def abandoned(self) -> bool:
        """A rubber abandoned before it was won, and counted as it stood."""
        rubber = self.posting.rubber
        return rubber is not None and rubber.abandoned


def statement(member: Member | None) -> list[StatementRow]:
    """Every posting to a member's account (None: the house's), oldest first, with the
    balance after each."""
    rows, balance, stakes = [], NOTHING, Stakes()
    terms: dict[int, str] = {}  # an evening's stake, in words, read once an evening
    postings = Posting.objects.filter(member=member).select_related("rubber", "evening")
    for posting in postings.order_by("posted_at", "id"):
        balance += posting.amount
        rubber, evening = posting.rubber, posting.evening
        if rubber is not None:
            game = rubber.game_rules
            rows.append(
                StatementRow(posting, balance, stakes.words(rubber.started_at, game), game.name)
            )
        elif evening is not None and posting.kind == Posting.EVENING:
            if evening.pk not in terms:
                found = EveningTerms.of(evening)
                terms[evening.pk] = found.stake_words if found else NO_STAKE
            rows.append(StatementRow(posting, balance, terms[evening.pk], PROGRESSIVE))
        else:
            rows.append(StatementRow(posting, balance, "", ""))
    return rows


def balances() -> dict[int | None, Decimal]:
    """Every member's balance, and the house's (None), in one query."""
    totals = Posting.objects.values("member").annotate(total=Sum("amount"))
    return {row["member"]: row["total"] for row in totals}
