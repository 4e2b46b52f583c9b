"""Posting a Progressive evening played for money: the ledger's answer to `evening_ended`,
in the end's own transaction. Each member gains his net at the evening's stake (so much a
point, or so much a hundred points), and pays the house its table money; the nets add up
to nothing, so the stakes do, and each charge is posted back to the house. And the
ledger's answer to `evening_terms`: what an evening is played for, in words."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ledger.desk.models import EveningTerms
from ledger.desk.services import guests_refused
from ledger.money import MOST_PAYMENT, say
from ledger.postings.models import Posting
from ledger.records import HOUSE, LedgerError
from ledger.settlement.models import Sitting
from scorer.club.models import Member
from scorer.progressive.models import ProgressiveEvening
from scorer.progressive.signals import Result

# The most one posting of an evening may be: as much as the most a payment may be, so that
# what an evening posts can be paid off.
MOST_POSTED = MOST_PAYMENT


def post_ended(
    sender: object,
    *,
    evening: ProgressiveEvening,
    results: Sequence[Result],
    at: datetime,
    **kwargs: object,
) -> None:
    """The ledger's answer to `scorer.progressive.signals.evening_ended`."""
    post_evening(evening, results, at=at)


def post_evening(
    evening: ProgressiveEvening, results: Sequence[Result], *, at: datetime
) -> list[Posting]:
    """An ended evening played for money: each member's net at its stake, and each
    member's table money to the house. Refused, in words, where it cannot post as it
    should; the database takes each once."""
    terms = EveningTerms.of(evening)
    if terms is None or not terms.for_money:
        return []
    guests = [result.player.name for result in results if result.player.member is None]
    if terms.stake and guests:
        raise LedgerError(guests_refused(evening, terms, guests))
    assert evening.drawn_at is not None, "an evening ends once its numbers are drawn"
    sitting = Sitting.covering(evening.drawn_at, lock=True)
    if sitting is not None and sitting.closed:
        raise LedgerError(
            f"{sitting.name} is closed, and {evening.name} was drawn in it: its settlement is "
            "never changed, so the evening's money cannot be posted. Tell the secretary."
        )
    day = f"{evening.day:%-d %b %Y}"
    postings = []
    if terms.stake:
        for result in results:
            member = result.player.member
            assert member is not None  # guests refused above
            amount = terms.staked.amount(result.net, terms.stake)
            if abs(amount) > MOST_POSTED:
                raise LedgerError(
                    f"{member.name}'s net of {result.net:,} points at {terms.words} would be "
                    f"{say(amount, terms.currency)}, more than the ledger takes at once "
                    f"({say(MOST_POSTED, terms.currency)}): set a smaller stake."
                )
            postings.append(
                Posting(
                    member=member,
                    kind=Posting.EVENING,
                    evening=evening,
                    points=result.net,
                    amount=amount,
                    currency=terms.currency,
                    counterparty=f"the other players of {evening.name}",
                    reason=f"{evening.name}, {day}: won {result.won:,}, lost {result.lost:,}, "
                    f"place {result.place}",
                    posted_at=at,
                )
            )
    posted = Posting.objects.bulk_create(postings)
    if terms.table_money:
        members = [r.player.member for r in results if r.player.member is not None]
        posted += _table_money(evening, terms, members, day, at)
    return posted


def _table_money(
    evening: ProgressiveEvening,
    terms: EveningTerms,
    members: Sequence[Member],
    day: str,
    at: datetime,
) -> list[Posting]:
    """Each member pays the house the evening's table money, and the house takes the same
    back the other way against his charge."""
    posted = []
    fields = {
        "kind": Posting.TABLE,
        "evening": evening,
        "currency": terms.currency,
        "reason": f"table money, {evening.name}, {day}",
        "posted_at": at,
    }
    for member in members:
        charged = Posting.objects.create(
            member=member, amount=-terms.table_money, counterparty=HOUSE.lower(), **fields
        )
        house = Posting.objects.create(
            member=None,
            against=charged,
            amount=terms.table_money,
            counterparty=member.name,
            **fields,
        )
        posted += [charged, house]
    return posted


def terms(sender: object, *, evening: ProgressiveEvening, **kwargs: object) -> str:
    """The ledger's answer to `evening_terms`: what the evening is played for."""
    found = EveningTerms.of(evening)
    if found is None or not found.for_money:
        return ""
    posted = "posted" if evening.ended else "posted when the evening ends"
    return f"Played for {found.words}: {posted}."
