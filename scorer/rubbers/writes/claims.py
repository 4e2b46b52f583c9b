"""What every write to a rubber does first and last: it takes its form's key and moves the
rubber's revision on from the one the form was shown at, or is refused as stale; it says
what it did, in words, for the phones that follow the rubber; and a change to the score
makes a side's agreement lapse."""

from __future__ import annotations

import uuid

from django.contrib.auth.models import User
from django.db.models import F

from scorer import engine
from scorer.club.models import person
from scorer.plumbing.keys import Stale, Submission, claim
from scorer.rubbers.models import Rubber
from scorer.rubbers.reads import RubberState

AGREEMENT_FIELDS = [
    "we_agreed_by",
    "we_agreed_at",
    "they_agreed_by",
    "they_agreed_at",
    "agreed_at",
    "agreed_value",
    "abandoned",
]


def refuse_if_agreed(state: RubberState) -> None:
    if state.rubber.agreed:
        raise engine.RubberError(
            "the rubber's value has been agreed: nothing on its sheet changes now (Laws 12, 13)"
        )


def clear_confirmations(rubber: Rubber, because: str = "the score changed") -> str:
    """The score changed: a side's confirmation was for the score before, and lapses. Says
    whose, and why: "Mrs. Carr's agreement for We lapsed: deal 2 was corrected." """
    lapsed = [
        f"{person(by)}'s agreement for {side.label} lapsed"
        for side in engine.SIDES
        if (by := rubber.agreed_by(side)[0]) is not None
    ]
    if not lapsed:
        return ""
    rubber.we_agreed_by = rubber.we_agreed_at = None
    rubber.they_agreed_by = rubber.they_agreed_at = None
    rubber.save(update_fields=AGREEMENT_FIELDS)
    return f"{'; '.join(lapsed)}: {because}."


# The writes that change no figure on the sheet: the other side's agreement, given or taken
# back, does not make a side's own agreement stale.
AGREEING = {"agreement", "withdrawal"}
# Nor does a deal's acceptance make any form stale: it changes no deal and no figure, and
# the other side taps it while this side may be filling in the next deal.
SCORELESS = {"acceptance"}


def claim_rubber(
    state: RubberState, user: User, key: uuid.UUID, revision: int, what: str
) -> Submission | None:
    """Take the write for this form: None if the form was carried out before; Stale if the
    rubber has changed since the form was shown, or since its state was read. A form is
    judged against what its write depends on: one made on a page that has since seen only
    deals accepted goes ahead, and an agreement (or an acceptance) one that has seen only
    the other side's agreement. The caller's transaction undoes the claim if the write is
    then refused."""
    rubber = state.rubber
    claimed = claim(key=key, user=user, what=what, rubber=rubber)
    if claimed is None:
        return None
    passing = SCORELESS | AGREEING if what in AGREEING | SCORELESS else SCORELESS
    if what in AGREEING or revision != rubber.revision:  # the page is behind the rubber
        # Locked first and read as it is now, not as the page read it: on PostgreSQL a
        # write a moment before on another phone is read once committed rather than raced
        # (SQLite writes one at a time). What came between is judged, not merely counted.
        rubber.refresh_from_db(
            fields=[*AGREEMENT_FIELDS, "revision"],
            from_queryset=Rubber.objects.select_for_update(),
        )
        between = Submission.objects.filter(rubber=rubber, revision__gt=revision)
        if set(between.values_list("what", flat=True)) <= passing:
            revision = rubber.revision
    refuse_if_agreed(state)
    # An agreed rubber is never changed (the database refuses): its revision stays.
    moved_on = revision == rubber.revision and Rubber.objects.filter(
        pk=rubber.pk, revision=revision, agreed_at__isnull=True
    ).update(revision=F("revision") + 1)
    if not moved_on:
        raise Stale("The sheet changed on another phone; here it is now.")
    rubber.revision = revision + 1
    claimed.revision = rubber.revision
    return claimed


def told(claimed: Submission, *said: str) -> None:
    """What the write did, in words, for the phones that follow the rubber."""
    claimed.said = " ".join(part for part in said if part)[:500]
    claimed.save(update_fields=["said", "revision"])
