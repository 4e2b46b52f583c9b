"""The demo club of `make run` (`manage.py seed_demo`), and its logins.

A staff account and ten members; a stake of £0.50 a hundred and table money of £0.10 a
rubber from each player; tonight's sitting open, and its two tables formed as the members
came. Table 1, of five, has played Elwell's specimen rubber, agreed by both sides and
posted to the ledger, and one of its five sat it out; Table 2, of four, has a rubber in
progress, and a candidate waits to enter it. Last night's Progressive evening, ten members
and two guests at three tables, three rounds of two deals, a tie at one table decided by
the cut, has ended; and the night before's Duplicate evening, a Mitchell of three tables
(the ten members and two guests in six pairs), nine boards dealt by the site, one result
corrected by the director, has ended too. Everything is written through the site's own
services, as its pages write it. Running it again changes nothing and prints the logins
again.
"""

from __future__ import annotations

import random
import uuid
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from ledger.desk import services as desk
from ledger.desk.models import TableCharge
from ledger.settlement import services as settlements
from scorer import engine
from scorer.club.models import Club, Member
from scorer.duplicate import reads as duplicate_reads
from scorer.duplicate import writes as duplicate
from scorer.engine.duplicate import Comparison, MovementKind
from scorer.home import specimen as elwell
from scorer.progressive import reads as progressive_reads
from scorer.progressive import writes as progressive
from scorer.rubbers import reads, writes
from scorer.rubbers.models import Rubber
from scorer.tables import writes as table_writes

STAFF = ("secretary", "secretary-1905")
STAKE = Decimal("0.50")  # a hundred points
TABLE_MONEY = Decimal("0.10")  # from each player, each rubber
MEMBERS = [
    ("Mrs. Carr", "Carr"),
    ("Mr. Dane", "Dane"),
    ("Miss Fenwick", "Fenwick"),
    ("Col. Hartley", "Hartley"),
    ("Mrs. Ingram", "Ingram"),
    ("Mr. Lacey", "Lacey"),
    ("Miss Moreton", "Moreton"),
    ("Mr. Napier", "Napier"),
    ("Dr. Pryce", "Pryce"),
    ("Mrs. Russell", "Russell"),
]
# The members who hold a national body's number (made up for the demo): it goes into the
# Duplicate evening's USEBIO file. Dr. Pryce and Mrs. Russell have none.
NATIONAL_NUMBERS = {
    "Carr": "100231",
    "Dane": "100418",
    "Fenwick": "100562",
    "Hartley": "100677",
    "Ingram": "100795",
    "Lacey": "100834",
    "Moreton": "100916",
    "Napier": "101047",
}


def login(short_name: str) -> tuple[str, str]:
    username = short_name.lower()
    return username, f"{username}-1905"


def logins() -> list[tuple[str, str, str]]:
    """Each member's name, username and password, by name."""
    return [
        (member.name, *login(member.short_name))
        for member in Member.objects.select_related("user").order_by("name")
    ]


@transaction.atomic
def seed() -> None:
    """The demo club, written through the site's own services."""
    users = get_user_model()
    club = Club.get()
    club.name = "The Elwell Club"
    club.save()
    staff = users.objects.create_user(STAFF[0], password=STAFF[1], is_staff=True, is_superuser=True)
    members = {}
    for name, short_name in MEMBERS:
        username, password = login(short_name)
        user = users.objects.create_user(username, password=password)
        members[short_name] = Member.objects.create(
            user=user,
            name=name,
            short_name=short_name,
            national_number=NATIONAL_NUMBERS.get(short_name, ""),
        )
    _ledger(staff)
    # The evenings past first, as they were played: a member plays at one table at a
    # time, and tonight's rubbers are in play.
    _progressive(staff, members)
    _duplicate(staff, members)
    day = timezone.localdate()
    _table_1(day, members)
    _table_2(day, members)
    assert Rubber.objects.count() == 2


def _ledger(staff: User) -> None:
    """The stake and the table money first, so that the rubbers are played for them;
    the evening's sitting from midnight to the small hours, as the secretary's desk
    would open it."""
    desk.set_stake(
        per_hundred=STAKE,
        currency="GBP",
        smallest_unit=Decimal("0.01"),
        user=staff,
        seen=desk.stake_seen(None),
    )
    desk.set_table_charge(
        basis=TableCharge.PER_RUBBER,
        amount=TABLE_MONEY,
        hundreds=None,
        user=staff,
        seen=desk.charge_seen(None),
    )
    today = timezone.localdate()
    midnight = datetime.combine(today, time.min, timezone.get_current_timezone())
    settlements.open_sitting(
        name=f"Evening of {today:%-d %B %Y}",
        start=midnight,
        end=midnight + timedelta(hours=30),
        user=staff,
    )


def _table_1(day: date, members: dict[str, Member]) -> None:
    """Five candidates, in the order they came: the cut (the demo's cards are always
    the same ones) sends Mr. Napier out of the first rubber and seats Elwell's specimen
    as his book has it: We (Z, Y) Mrs. Carr and Mr. Dane, They (A, B) Miss Fenwick and
    Col. Hartley, Mrs. Carr dealing. Mrs. Carr keeps the score; the rubber won, each
    side agrees it (Mrs. Carr for We, Miss Fenwick for They), and it posts its points,
    its money and its table money."""
    carr, fenwick = members["Carr"], members["Fenwick"]
    came = [carr, members["Napier"], fenwick, members["Hartley"], members["Dane"]]
    table = table_writes.form_table(
        name="Table 1", day=day, candidates=came, user=carr.user, rng=random.Random(1905)
    )
    rubber = table.rubbers.get()
    writes.replay(rubber=rubber, deals=elwell.specimen().deals, user=carr.user)
    for side, player in [(engine.Side.WE, carr), (engine.Side.THEY, fenwick)]:
        rubber.refresh_from_db()
        writes.agree(
            state=reads.rubber_state(rubber),
            user=player.user,
            key=uuid.uuid4(),
            revision=rubber.revision,
            side=side,
        )


def _table_2(day: date, members: dict[str, Member]) -> None:
    """Four candidates: a rubber in progress, two deals played (We have the first
    game), the third declared, its result to come; and Mrs. Russell, come since,
    claims entry at the end of it (Law 24)."""
    ingram, russell = members["Ingram"], members["Russell"]
    came = [ingram, members["Lacey"], members["Moreton"], members["Pryce"]]
    table = table_writes.form_table(
        name="Table 2", day=day, candidates=came, user=ingram.user, rng=random.Random(1905)
    )
    rubber = table.rubbers.get()
    first = engine.side_of_seat(rubber.first_dealer)
    writes.replay(
        rubber=rubber,
        deals=[
            _deal(first, "H", 9, ((3, 0), (1, 1))),
            _deal(first.other, "NT", 4, ((2, 1), (1, 0))),
        ],
        user=ingram.user,
    )
    rubber.refresh_from_db()
    state = reads.rubber_state(rubber)
    writes.declare(
        state=state,
        user=ingram.user,
        key=uuid.uuid4(),
        revision=rubber.revision,
        declaration=writes.Declaration(
            dealer=state.next_dealer,
            maker=engine.Maker.PARTNER,
            trump=engine.Trump.DIAMONDS,
            doubles=1,
        ),
    )
    table.refresh_from_db()
    table_writes.claim_entry(
        table=table, member=russell, seen=str(table.revision), user=russell.user
    )


def _progressive(staff: User, members: dict[str, Member]) -> None:
    """Last night's Progressive evening, kept by the secretary: the ten members and two
    guests, drawn at three tables (the demo's shuffle and cuts always the same), three
    rounds of two deals; in round 2 the pairs at table 2 tie, and the cut decides who
    moves on. The evening has ended."""
    evening = progressive.open_evening(
        name="Progressive evening",
        day=timezone.localdate() - timedelta(days=1),
        deals_a_round=2,
        user=staff,
    ).evening

    def seen() -> str:
        evening.refresh_from_db()
        return str(evening.revision)

    for member in members.values():
        progressive.add_member(evening=evening, member=member, seen=seen(), user=staff)
    for guest in ("Mrs. Hale", "Mr. Vane"):
        progressive.add_guest(evening=evening, name=guest, seen=seen(), user=staff)
    progressive.draw(evening=evening, seen=seen(), user=staff, rng=random.Random(1905))
    for round_number in (1, 2, 3):
        record = progressive_reads.evening_record(evening)
        for table in record.current:
            deals = _PROGRESSIVE.get((round_number, table.table.number), _NO_TRUMP_NINE)
            _play_round(table.table.pk, deals, staff)
        if round_number < 3:
            progressive.next_round(
                evening=evening, seen=seen(), user=staff, rng=random.Random(round_number)
            )
    progressive.end(evening=evening, seen=seen(), user=staff)


# The Progressive evening's deals at each table, round by round (the dealer's pair's make,
# its tricks, the honours as called): two deals of no-trump, each won by the first dealer's
# pair with 9 tricks, unless given.
_NO_TRUMP_NINE = (("NT", 9, ""), ("NT", 4, ""))
_PROGRESSIVE = {
    (1, 2): (("H", 10, "we:FOUR"), ("S", 6, "they:THREE")),
    (1, 3): (("D", 8, "they:THREE"), ("C", 9, "we:FOUR_IN_ONE_HAND")),
    (2, 1): (("NT", 7, "we:THREE_ACES"), ("H", 8, "they:THREE")),
    (2, 2): (("NT", 9, ""), ("NT", 9, "")),  # each pair 36 as dealer: a tie, and the cut
    (3, 3): (("S", 11, "we:FIVE"), ("NT", 5, "")),
}


def _play_round(pk: int, deals: tuple[tuple[str, int, str], ...], user: User) -> None:
    """A table's round, deal by deal as its page records them, then both pairs' agreement
    (a tie cut for by the demo's cards)."""
    for trump, tricks, honours in deals:
        record = progressive_reads.table_record(pk)
        made = engine.Trump(trump)  # type: ignore[call-arg]  # by value: mypy#10573
        record = progressive.declare(
            record=record,
            user=user,
            key=uuid.uuid4(),
            revision=record.table.revision,
            declaration=writes.Declaration(record.next_dealer, engine.Maker.DEALER, made, 0),
        )
        call = engine.Call.parse(honours) if honours else engine.EASY
        progressive.record_result(
            record=record,
            user=user,
            key=uuid.uuid4(),
            revision=record.table.revision,
            result=writes.Result(
                played=True, tricks=tricks, honours_side=call.side, honours=call.honours
            ),
        )
    record = progressive_reads.table_record(pk)
    progressive.agree(
        record=record,
        user=user,
        key=uuid.uuid4(),
        revision=record.table.revision,
        side=None,
        rng=random.Random(1905),
    )


def _deal(
    dealer: engine.Side, trump: str, tricks: int, honours: tuple[tuple[int, int], ...]
) -> engine.Deal:
    """A deal in which the dealer's side took `tricks`; honours as (We's, They's)."""
    won = (
        engine.Pair(tricks, 13 - tricks)
        if dealer is engine.Side.WE
        else engine.Pair(13 - tricks, tricks)
    )
    play = engine.Play(won, engine.Pair(honours[0], honours[1]))
    made = engine.Trump(trump)  # type: ignore[call-arg]  # by value: mypy#10573
    return engine.Deal(dealer, made, engine.Maker.DEALER, 0, play)


def _duplicate(staff: User, members: dict[str, Member]) -> None:
    """The night before's Duplicate evening, directed by the secretary: a Mitchell of three
    tables, three boards a round, its nine boards dealt by the site (the demo's shuffle
    always the same); each result as its North–South recorded it and its East–West
    accepted it, made from the board's number and the table's (the same every time), and
    one corrected by the director. The evening has ended."""
    evening = duplicate.open_evening(
        name="Duplicate evening",
        day=timezone.localdate() - timedelta(days=2),
        movement=MovementKind.MITCHELL,
        tables=3,
        boards_a_round=3,
        comparison=Comparison.AVERAGE,
        user=staff,
    ).evening

    def seen() -> str:
        evening.refresh_from_db()
        return str(evening.revision)

    people: list[Member | str] = [*members.values(), "Mrs. Hale", "Mr. Vane"]
    for first, second in zip(people[0::2], people[1::2], strict=True):
        duplicate.add_pair(evening=evening, first=first, second=second, seen=seen(), user=staff)
    duplicate.start(
        evening=evening, boards_from="dealt", seen=seen(), user=staff, rng=random.Random(1905)
    )
    record = duplicate_reads.evening_record(evening, duplicate_reads.WHOLE)
    for row in record.tables:
        table = duplicate_reads.table_record(row.table.pk)
        for board in table.boards:
            made = _DUPLICATE[(board.number + row.table.number) % len(_DUPLICATE)]
            table = duplicate.record(
                record=table, user=staff, key=uuid.uuid4(), revision=table.table.revision,
                board=board.number, entry=made,
            )  # fmt: skip
            table = duplicate.accept(
                record=table, user=staff, key=uuid.uuid4(), revision=table.table.revision,
                board=board.number,
            )  # fmt: skip
    table = duplicate_reads.table_record(record.table_at[(2, 1)].table.pk)
    duplicate.correct(
        record=table,
        user=staff,
        key=uuid.uuid4(),
        revision=table.table.revision,
        board=table.boards[0].number,
        entry=duplicate.Entry(trump=engine.Trump.SPADES, tricks=10),
        reason="a trick miscounted at the table",
    )
    duplicate.end(evening=evening, seen=seen(), user=staff)


# The Duplicate evening's results, chosen by board and table: the make and the tricks the
# dealer's side won.
_DUPLICATE = (
    duplicate.Entry(trump=engine.Trump.NO_TRUMP, tricks=9),
    duplicate.Entry(trump=engine.Trump.HEARTS, tricks=8),
    duplicate.Entry(trump=engine.Trump.SPADES, tricks=7, maker=engine.Maker.PARTNER),
    duplicate.Entry(trump=engine.Trump.NO_TRUMP, tricks=6),
    duplicate.Entry(trump=engine.Trump.DIAMONDS, tricks=10, doubles=1),
    duplicate.Entry(trump=engine.Trump.CLUBS, tricks=5),
)
