"""Any club the site can make goes out as elwell-club/1 and comes back whole: exported again,
the imported club is the very same document, and every page of it renders (its rubbers',
its Progressive evenings', the ledger's)."""

from __future__ import annotations

import json
import random
import uuid
from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.club.document import export_club, import_club
from ledger.desk import services as desk
from ledger.models import Payment, Sitting, Stake
from ledger.settlement import services as settlements
from scorer import engine
from scorer.club import places
from scorer.models import Club, Member, Rubber
from scorer.progressive import writes as progressive
from scorer.progressive.models import ProgressiveEvening
from scorer.rubbers import reads, writes
from tests.support.club import empty_the_club, make_member
from tests.support.evenings import opened, round_played, seen, tables_of
from tests.support.examples import examples
from tests.support.ledger import set_stake
from tests.support.rubbers import random_rubber

NAMES = [
    ("Mrs. Carr", "Carr"),
    ("Miss Fenwick", "Fenwick"),
    ("Mr. Dane", "Dane"),
    ("Col. Hartley", "Hartley"),
    ("Mrs. Ingram", "Ingram"),
    ("Mr. Lacey", "Lacey"),
]


class Rollback(Exception):
    """Undoes one example."""


def make_club(data) -> None:
    """A club as the site makes one: members, stakes, rubbers played, corrected, agreed,
    abandoned or in progress, a Progressive evening perhaps, payments and reversals, a
    sitting closed."""
    choose = lambda lo, hi: data.draw(st.integers(lo, hi))  # noqa: E731
    staff = get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    members = [make_member(name, short) for name, short in NAMES[: choose(4, 6)]]
    long_ago = timezone.now() - timedelta(days=10)
    if choose(0, 1):
        set_stake(Decimal(choose(1, 200)) / 100, staff, at=long_ago, unit="0.01")
        if choose(0, 1):
            set_stake(
                Decimal(choose(1, 400)) / 100, staff, at=long_ago + timedelta(days=1), unit="0.05"
            )
    if choose(0, 1):
        Club.objects.update(deals_accepted=True)
    for number in range(choose(1, 3)):
        # A member plays at one table at a time: the four are drawn from those free to play.
        free = [m for m in members if m.pk not in places.placed(members)]
        if len(free) < 4:
            break
        seated = data.draw(st.permutations(free))[:4]
        first = data.draw(
            st.sampled_from([0, 1, 2, 3, writes.CUT_FOR_DEAL, writes.CUT_FOR_PARTNERS])
        )
        rubber = writes.start_rubber(
            table=f"Table {number + 1}",
            members=seated,
            first_dealer=first,
            user=staff,
            rng=random.Random(choose(0, 1000)),
        )
        deals = random_rubber(choose, engine.PRINTED_LAWS, most_deals=6)
        writes.replay(rubber=rubber, deals=deals, user=staff)
        state = reads.rubber_state(rubber)
        if state.recorded and choose(0, 1):  # honours miscalled at the last deal (Law 13)
            _correct_honours(state, staff)
            state = reads.rubber_state(rubber)
        if not state.sheet.finished and choose(0, 1):  # a player's deal, perhaps accepted
            state = _at_the_table(choose, state, seated)
        ending = choose(0, 2)
        if ending == 1 and state.recorded:
            writes.agree(
                state=state, user=staff, key=uuid.uuid4(), revision=state.rubber.revision, side=None
            )
        elif ending == 2 and not state.sheet.finished:
            writes.declare(
                state=state,
                user=staff,
                key=uuid.uuid4(),
                revision=state.rubber.revision,
                declaration=writes.Declaration(
                    state.next_dealer, engine.Maker.DEALER, engine.Trump.CLUBS, 0
                ),
            )
    free = [m for m in members if m.pk not in places.placed(members)]
    if len(free) >= 4 and choose(0, 1):
        _evening(choose, free[:4], staff)
    for _ in range(choose(0, 2)):
        # None: the house, paid its table money or paying a member back.
        payer, payee = data.draw(st.permutations([*members, None]))[:2]
        paid = desk.record_payment(
            payer=payer,
            payee=payee,
            amount=Decimal(choose(1, 9)) / 10,
            method="cash",
            note="",
            user=staff,
        )
        if choose(0, 1):
            desk.reverse_payment(payment=paid, user=staff)
    now = timezone.now()
    sitting = settlements.open_sitting(name="This week", start=long_ago, end=now, user=staff)
    if settlements.closing_refused(sitting, settlements.settlement(sitting), now) is None:
        settlements.close(sitting, staff)


def _evening(choose, four, staff) -> None:
    """A Progressive evening of four members at one table, as its pages write it: a round
    or two played, perhaps a deal in progress, perhaps played for money, perhaps ended."""
    evening = opened(staff, deals_a_round=choose(1, 2))
    for member in four:
        progressive.add_member(evening=evening, member=member, seen=seen(evening), user=staff)
    if Stake.objects.exists() and choose(0, 1):
        desk.set_evening_terms(
            evening=evening,
            stake=Decimal(choose(0, 100)) / 100,
            per=("point", "hundred")[choose(0, 1)],
            table_money=Decimal(choose(0, 3)) / 4,
            user=staff,
            seen="none",
        )
    if not choose(0, 3):
        return  # the players are still arriving
    progressive.draw(
        evening=evening, seen=seen(evening), user=staff, rng=random.Random(choose(0, 1000))
    )
    evening.refresh_from_db()
    for played in range(choose(1, 2)):
        if played:
            progressive.next_round(evening=evening, seen=seen(evening), user=staff)
        trump = ("NT", "S", "H")[choose(0, 2)]
        round_played(
            staff,
            tables_of(evening)[0],
            trump=trump,
            tricks=choose(0, 13),
            honours="" if trump == "NT" else "they:THREE",
        )
    if choose(0, 1):
        progressive.end(evening=evening, seen=seen(evening), user=staff)


def _at_the_table(choose, state, seated):
    """A deal recorded in one save by the first player, perhaps undone in error and recorded
    again, perhaps accepted by the second (of the other side)."""
    carr, fenwick = (state.player_at(seat).user for seat in (0, 1))

    def write(act, user, **given):
        return act(
            state=state, user=user, key=uuid.uuid4(), revision=state.rubber.revision, **given
        )

    declaration = writes.Declaration(
        state.next_dealer, engine.Maker.DEALER, engine.Trump.NO_TRUMP, 0
    )
    result = writes.Result(played=True, tricks=choose(0, 8), honours_side=None, honours=None)
    state = write(writes.record_deal, carr, declaration=declaration, result=result)
    if choose(0, 1):
        state = write(writes.undo, carr, number=state.recorded[-1].number).state
        state = write(writes.record_deal, carr, declaration=declaration, result=result)
    if choose(0, 1):
        number = state.recorded[-1].number
        state = write(writes.accept, fenwick, number=number, side=engine.Side.THEY)
    return reads.rubber_state(state.rubber)


def _correct_honours(state, staff) -> None:
    last = state.recorded[-1]
    if not last.played:
        return
    trump = engine.Trump(last.trump)
    side = engine.Side.THEY if last.honours_side == "we" else engine.Side.WE
    honours = engine.Honours.THREE_ACES if trump is engine.Trump.NO_TRUMP else engine.Honours.THREE
    writes.correct(
        state=state,
        user=staff,
        key=uuid.uuid4(),
        revision=state.rubber.revision,
        number=last.number,
        reason="honours miscalled",
        correction=(
            writes.Declaration(last.dealer, engine.Maker(last.maker), trump, last.doubles),
            writes.Result(played=True, tricks=last.tricks, honours_side=side, honours=honours),
        ),
    )


def every_page(client: Client) -> list[str]:
    pages = [
        reverse("scorer:home"),
        reverse("scorer:evening"),
        reverse("ledger:index"),
        reverse("ledger:table"),
    ]
    for rubber in Rubber.objects.all():
        pages.append(reverse("scorer:rubber", args=[rubber.pk]))
        for deal in rubber.deals.filter(recorded_at__isnull=False):
            pages.append(reverse("scorer:rubber", args=[rubber.pk]) + f"?after_deal={deal.number}")
        for correction in rubber.corrections.all():
            pages.append(
                reverse("scorer:rubber", args=[rubber.pk]) + f"?after_correction={correction.pk}"
            )
    for evening in ProgressiveEvening.objects.all():
        pages += [
            reverse("scorer:progressive:evening", args=[evening.pk]),
            reverse("ledger:evening_terms", args=[evening.pk]),
        ]
        if evening.drawn:
            pages.append(reverse("scorer:progressive:results", args=[evening.pk]))
        pages += [
            reverse("scorer:progressive:table", args=[table.pk]) for table in evening.tables.all()
        ]
    pages += [reverse("ledger:member", args=[m.pk]) for m in Member.objects.all()]
    for sitting in Sitting.objects.all():
        pages += [
            reverse("ledger:sitting", args=[sitting.pk]),
            reverse("ledger:sitting", args=[sitting.pk]) + "?format=csv",
        ]
    return pages


@settings(
    max_examples=examples(15),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.data())
def test_any_club_goes_out_and_comes_back_the_same(db, data):
    with pytest.raises(Rollback):
        round_trip(data)


def round_trip(data) -> None:
    """Make a club, export it, import it into the emptied database, export it again; all
    undone after."""
    with transaction.atomic():
        make_club(data)
        exported = json.loads(json.dumps(export_club()))
        empty_the_club()
        import_club(exported)
        assert json.loads(json.dumps(export_club())) == exported
        client = Client()
        client.force_login(get_user_model().objects.get(username="secretary"))
        for page in every_page(client):
            assert client.get(page).status_code == 200, page
        raise Rollback


def test_the_demo_club_comes_back_and_every_page_renders_printed_too(db):
    call_command("seed_demo", stdout=StringIO())
    exported = json.loads(json.dumps(export_club()))
    empty_the_club()
    import_club(exported)
    assert json.loads(json.dumps(export_club())) == exported
    client = Client()
    client.force_login(get_user_model().objects.get(username="secretary"))
    pages = every_page(client)
    pages += [reverse("scorer:rubber_print", args=[r.pk]) for r in Rubber.objects.all()]
    for evening in ProgressiveEvening.objects.all():
        pages += [
            reverse(f"scorer:progressive:print_{what}", args=[evening.pk])
            for what in ("tallies", "tables", "results")
        ]
    for page in pages:
        assert client.get(page).status_code == 200, page
    assert Payment.objects.count() == len(exported["payments"])
