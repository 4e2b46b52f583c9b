"""The club's members as the tests make them, and an emptied club (for an import)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection

from scorer.models import Member
from scorer.plumbing import guards

NAMES = [
    ("Mrs. Carr", "Carr"),
    ("Miss Fenwick", "Fenwick"),
    ("Mr. Dane", "Dane"),
    ("Col. Hartley", "Hartley"),
]


def make_staff():  # type: ignore[no-untyped-def]
    """The secretary, of the club's staff."""
    return get_user_model().objects.create_user("secretary", password="pw", is_staff=True)


def make_member(name: str, short_name: str) -> Member:
    user = get_user_model().objects.create_user(short_name.lower(), password="pw")
    return Member.objects.create(user=user, name=name, short_name=short_name)


TABLES = [  # children first
    "scorer_place",
    "scorer_duplicatewrite",
    "scorer_duplicatecorrection",
    "scorer_duplicateplay",
    "scorer_duplicateresult",
    "scorer_duplicateseat",
    "scorer_duplicatetable",
    "scorer_duplicateboard",
    "scorer_duplicateplayer",
    "scorer_duplicatepair",
    "scorer_duplicateevening",
    "ledger_posting",
    "ledger_settlementline",
    "ledger_transfer",
    "ledger_payment",
    "ledger_sitting",
    "ledger_stake",
    "ledger_tablecharge",
    "ledger_eveningterms",
    "scorer_progressivewrite",
    "scorer_progressivecorrection",
    "scorer_progressivedeal",
    "scorer_progressiveseat",
    "scorer_progressivetable",
    "scorer_progressiveplayer",
    "scorer_progressiveevening",
    "scorer_noticeboard",
    "scorer_tablecut",
    "scorer_candidacy",
    "scorer_membership",
    "scorer_correction",
    "scorer_submission",
    "scorer_acceptance",
    "scorer_deal",
    "scorer_seat",
    "scorer_rubber",
    "scorer_table",
    "scorer_member",
    "auth_user",
]


def empty_the_club():
    """As a new database would be (the guard lifted for this, and put back)."""
    present = guards.present(connection)
    guards.remove(connection, present)
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(f"DELETE FROM {table}")
    guards.install(connection, present)


def set_aside(rubber) -> None:  # type: ignore[no-untyped-def]
    """Free a rubber's players to play another while it stays in play: for fixtures that
    keep rubbers of the same four side by side, each a state to try pages and forms on.
    The site never does (a member plays at one table at a time: scorer/club/places.py)."""
    from scorer.models import Place

    Place.objects.filter(rubber=rubber).delete()
