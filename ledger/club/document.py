"""The whole club as one JSON document, `elwell-club/1` (docs/elwell-club.md), out and
back in: the ledger, which sees every feature, composes their parts. Each part is its
feature's (its club_file.py): the club, its accounts and members (scorer/club/), the
rubbers (scorer/rubbers/), the evening's tables (scorer/tables/), the Progressive evenings
(scorer/progressive/), the Duplicate evenings (scorer/duplicate/), the stakes, table
charges, what each evening was played for, waivers and payments (ledger/desk/) and the
sittings (ledger/settlement/). The
schema below and theirs are the one description of the format: the export fills them in
and writes them out, the import reads the file through them.

The ledger's postings are not written out: they follow from the agreements, waivers and
payments, and an imported closed settlement must come out as it was exported, or the
import is refused. Import goes into an empty club, in one transaction: a file that does
not validate changes nothing. `export_club` of an imported club gives back the document it
came from.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import transaction
from pydantic import Field, ValidationError

from ledger.desk import club_file as desk
from ledger.desk.club_file import (
    DeskLoader,
    EveningTermsDoc,
    PaymentDoc,
    StakeDoc,
    TableChargeDoc,
    WaiverDoc,
)
from ledger.settlement import club_file as settlement
from ledger.settlement.club_file import SettlementLoader, SittingDoc
from ledger.settlement.models import Sitting
from scorer.club import club_file as club
from scorer.club import places
from scorer.club.club_file import Account, ClubSettings, MemberDoc, People
from scorer.club.models import Member
from scorer.duplicate import club_file as duplicate
from scorer.duplicate.club_file import DuplicateDoc
from scorer.duplicate.club_load import DuplicateLoader
from scorer.plumbing.club_format import ImportRefused, Shape, refusal, written
from scorer.progressive import club_file as progressive
from scorer.progressive.club_file import ProgressiveDoc
from scorer.progressive.club_load import ProgressiveLoader
from scorer.progressive.models import ProgressiveEvening
from scorer.rubbers import club_file as rubbers
from scorer.rubbers.club_file import RubberDoc
from scorer.rubbers.club_load import RubbersLoader
from scorer.rubbers.models import Rubber
from scorer.tables import club_file as tables
from scorer.tables.club_file import TableDoc, TablesLoader

FORMAT: Literal["elwell-club/1"] = "elwell-club/1"

# What the commands and the tests use; a file's refusal is ImportRefused, wherever raised.
__all__ = [
    "FORMAT",
    "ClubDoc",
    "ImportRefused",
    "club_document",
    "export_club",
    "import_club",
    "import_club_text",
    "read_document",
]


class ClubDoc(Shape):
    format: Literal["elwell-club/1"]
    club: ClubSettings
    accounts: list[Account]
    members: list[MemberDoc]
    stakes: list[StakeDoc]
    table_charges: Annotated[list[TableChargeDoc], Field(default_factory=list)]
    rubbers: list[RubberDoc]
    waivers: Annotated[list[WaiverDoc], Field(default_factory=list)]
    tables: list[TableDoc] = Field(
        default_factory=list
    )  # absent in files before the tables of an evening
    # Absent in files before Progressive evenings: none, and nothing played for.
    progressive: Annotated[list[ProgressiveDoc], Field(default_factory=list)]
    evening_terms: Annotated[list[EveningTermsDoc], Field(default_factory=list)]
    # Absent in files before Duplicate evenings: none.
    duplicate: Annotated[list[DuplicateDoc], Field(default_factory=list)]
    payments: list[PaymentDoc]
    sittings: list[SittingDoc]


# -- Export -----------------------------------------------------------------------------------


def export_club() -> dict[str, Any]:
    """The whole club, as the file writes it."""
    return written(club_document())


def club_document() -> ClubDoc:
    usernames = club.usernames()
    evening_tables = tables.tables()
    rubber_ids = list(Rubber.objects.order_by("started_at", "id").values_list("pk", flat=True))
    evenings = progressive.evenings()
    evening_ids = [evening.pk for evening in evenings]
    return ClubDoc(
        format=FORMAT,
        club=club.club_settings(),
        accounts=club.accounts(),
        members=club.members(),
        stakes=desk.stakes(),
        table_charges=desk.table_charges(),
        rubbers=rubbers.rubbers(usernames, [table.pk for table in evening_tables]),
        waivers=desk.waivers(rubber_ids, evening_ids),
        tables=tables.table_docs(evening_tables, usernames, rubber_ids),
        progressive=progressive.progressive(evenings, usernames),
        evening_terms=desk.evening_terms(evening_ids),
        duplicate=duplicate.duplicate(duplicate.evenings(), usernames),
        payments=desk.payments(),
        sittings=settlement.sittings(),
    )


# -- Import -----------------------------------------------------------------------------------


def read_document(text: str | bytes) -> ClubDoc:
    """The document's shape, checked; ImportRefused names the first place that is wrong."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ImportRefused(f"the file is not UTF-8 text: {error}") from None
    try:  # pydantic's reader bounds the nesting: a document nested absurdly deep is refused
        return ClubDoc.model_validate_json(text)
    except ValidationError as error:
        raise refusal(error) from None


def import_club(data: Any) -> dict[str, int]:
    """Bring a whole club (parsed JSON) into an empty database; refuse, changing nothing,
    if any part of it does not hold."""
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise ImportRefused(f"the document is not JSON: {error}") from None
    return import_club_text(text)


@transaction.atomic
def import_club_text(text: str | bytes) -> dict[str, int]:
    document = read_document(text)
    if Member.objects.exists() or Rubber.objects.exists() or get_user_model().objects.exists():
        raise ImportRefused(
            "this database already has accounts, members or rubbers: import into a new, empty one"
        )
    return _load(document)


def _load(document: ClubDoc) -> dict[str, int]:
    """The whole file, in the order things happened: the people, the stakes and table
    charges, the evening's tables and the rubbers begun at them (each agreed one posting
    as it did), who belonged to the tables, the Progressive evenings with what each was
    played for set between the arrivals it was set between, then their ends (each
    posting as it did), the Duplicate evenings, then payments, waivers and closings."""
    people = People()
    people.load(document.club, document.accounts, document.members)
    desk_loader = DeskLoader(people)
    for n, stake in enumerate(document.stakes):
        desk_loader.stake(stake, f"stakes[{n}]")
    for n, charge in enumerate(document.table_charges):
        desk_loader.charge(charge, f"table_charges[{n}]")
    tables_loader = TablesLoader(people)
    made = RubbersLoader(people, tables_loader.load_tables(document.tables)).load(document.rubbers)
    tables_loader.load(document.tables, made, [rubber.at_table for rubber in document.rubbers])
    desk_loader.evening_terms(document.evening_terms, len(document.progressive))
    evenings = ProgressiveLoader(people, desk_loader.terms_until)
    loaded = evenings.load(document.progressive)
    evenings.end()  # each evening's terms set before it ends set first
    desk_loader.terms_left(loaded)
    DuplicateLoader(people).load(document.duplicate)
    # Where each member is playing now: a member the file has in play twice is refused.
    twice = places.fill(apps.get_model)
    if twice:
        raise ImportRefused(places.twice(*twice[0]))
    _ledger(document, desk_loader, SettlementLoader(people), loaded)
    return {"members": len(people.members), "rubbers": len(document.rubbers)}


def _ledger(
    document: ClubDoc,
    desk_loader: DeskLoader,
    sittings: SettlementLoader,
    evenings: list[ProgressiveEvening],
) -> None:
    """Payments, waivers and closings, in the order they happened: a payment before a
    closing counts in it."""
    events: list[tuple[datetime, int, int]] = []
    events += [(payment.recorded_at, 0, n) for n, payment in enumerate(document.payments)]
    events += [(waiver.waived_at, 2, n) for n, waiver in enumerate(document.waivers)]
    made: dict[int, Sitting] = {}
    for n, item in enumerate(document.sittings):
        made[n] = sittings.open(item, f"sittings[{n}]")
        if item.closed_at is not None:
            events.append((item.closed_at, 1, n))
    # At one moment: a payment, then a waiver, then a closing.
    for _, what, n in sorted(events, key=lambda event: (event[0], event[1] % 2, event[1])):
        if what == 0:
            desk_loader.payment(document.payments[n], f"payments[{n}]")
        elif what == 2:
            desk_loader.waiver(document.waivers[n], f"waivers[{n}]", evenings)
        else:
            sittings.close(made[n], document.sittings[n], f"sittings[{n}]")
