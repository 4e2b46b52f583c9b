"""Starting a rubber: the members seated round the table with the club's rules in force,
and who deals first, chosen or cut for."""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import models, transaction

from scorer import engine
from scorer.club import places
from scorer.club.models import Club, Member
from scorer.engine.cutting import Cut, cut_for_deal, cut_for_partners, cut_for_the_dummy
from scorer.plumbing.keys import claim, first_answer
from scorer.rubbers.models import Rubber, Seat

CUT_FOR_DEAL = "cut"
CUT_FOR_PARTNERS = "partners"
CUT_FOR_THE_DUMMY = "dummy"


@transaction.atomic
def start_rubber(
    *,
    table: str,
    members: Sequence[Member],
    first_dealer: int | str,
    user: User,
    rng: random.Random | None = None,
    key: uuid.UUID | None = None,
    game: engine.CardGame[Any, Any] = engine.BRIDGE,
    unit: engine.Unit = engine.Unit.RUBBER,
    at_table: models.Model | None = None,
) -> Rubber:
    """Seat the members round the table with the club's rules in force: four (We, They,
    We, They), or three playing Three-handed Bridge (the dummy's holder, then his left and
    right-hand adversaries: the game says which seats they take). first_dealer is a seat,
    or a cut for deal, for partners and deal, or for the dummy. A form sent again (the same
    key) answers with the rubber the first one started. `at_table`: the table of the
    evening it is begun at (scorer/tables/), whose guards then seat each player in one
    rubber in play at a time; None, a rubber outside the evening's tables. (A row, not
    the tables' model: the tables are built on the rubbers, which know nothing of them.)
    A member playing anywhere now (`scorer.club.places`) is refused by name."""
    claimed = claim(key=key, user=user, what="start") if key is not None else None
    if key is not None and claimed is None:
        first = first_answer(key)
        if first is not None and first.rubber_id is not None:
            return Rubber.objects.get(pk=first.rubber_id)
    if len(members) != len(game.seating.seats):
        raise engine.RubberError(
            f"{game.name} is played by {len(game.seating.seats)}: "
            f"choose {len(game.seating.seats)} members (got {len(members)})"
        )
    refused = cut_refused(game, first_dealer)
    if refused:
        raise engine.RubberError(refused)
    game.laws.rules(unit=unit)  # refuses a unit the game does not allow
    club = Club.get()
    seated, cut = list(members), None
    if first_dealer in (CUT_FOR_DEAL, CUT_FOR_PARTNERS, CUT_FOR_THE_DUMMY):
        rng = rng or random.SystemRandom()
        if first_dealer == CUT_FOR_THE_DUMMY:
            drawn = cut_for_the_dummy(rng)
        elif first_dealer == CUT_FOR_DEAL:
            drawn = cut_for_deal(len(seated), rng)
        else:
            drawn = cut_for_partners(rng)
        cut = _cut_record(drawn, seated, kind=str(first_dealer))
        if first_dealer == CUT_FOR_PARTNERS:
            (dealer, partner), (left, right) = drawn.partnerships
            seated = [seated[dealer], seated[left], seated[partner], seated[right]]
            first_dealer = 0
        elif first_dealer == CUT_FOR_THE_DUMMY:
            # The lowest has the dummy and the deal; the others sit in the order of the cut.
            seated = [seated[player] for player in drawn.order]
            first_dealer = 0
        else:
            first_dealer = game.seating.seats[drawn.dealer]
    assert isinstance(first_dealer, int)
    rubber = Rubber.objects.create(
        table=table,
        at_table_id=None if at_table is None else at_table.pk,
        game=game.code,
        unit=unit.value,
        started_by=user,
        doubling_limit=club.doubling_limit,
        spade_convention=club.spade_convention,
        abandoned_counts=club.abandoned_rubbers_count,
        first_dealer=first_dealer,
        cut=cut,
    )
    Seat.objects.bulk_create(
        Seat(rubber=rubber, member=member, position=position)
        for position, member in zip(game.seating.seats, seated, strict=True)
    )
    # A person sits at one table: each takes his place at this rubber until it is agreed,
    # or the whole start is refused, naming where one of them is playing.
    places.take(seated, rubber=rubber)
    if claimed is not None:
        claimed.rubber = rubber
        claimed.save(update_fields=["rubber"])
    return rubber


CUTS = {CUT_FOR_DEAL: "deal", CUT_FOR_PARTNERS: "partners", CUT_FOR_THE_DUMMY: "dummy"}


def cut_refused(game: engine.CardGame[Any, Any], first_dealer: int | str) -> str:
    """Why the game does not take this cut for the first deal ("" if it does): Bridge and
    Short Whist cut for deal or for partners, Three-handed Bridge for the dummy."""
    cut = CUTS.get(str(first_dealer))
    if cut is None or cut in game.seating.cuts:
        return ""
    allowed = " or ".join(f"cut for {c}" for c in game.seating.cuts)
    return f"At {game.name}, {allowed}, or choose who deals."


def _cut_record(cut: Cut, members: list[Member], *, kind: str) -> dict[str, object]:
    """The cards as drawn, by member, for the rubber's page: "for" the deal ("cut"), for
    partners and deal ("partners"), or for the dummy ("dummy")."""
    return {
        "for": {CUT_FOR_DEAL: "deal"}.get(kind, kind),
        "rounds": [
            [{"member": members[player].pk, "card": str(card)} for player, card in drawn]
            for drawn in cut.rounds
        ],
    }
