"""Writing a Progressive evening: opening it, its players as they arrive, drawing their
numbers, seating each round with its cuts, ending it; and at each table, as at a rubber,
the declaration, the result, a correction and each pair's agreement of the round.

Every write happens once and never over a page its sender has not seen
(scorer/plumbing/keys.py): the evening's writes run inside `keys.carry_out` and move the
evening's revision on from the one their form was shown at; a table's writes claim their
form's key and move the table's revision on, as a rubber's do, each by one, and say what
they did for the phones that follow the table. What the laws decide (whole tables, the
moves, each deal's points) is the engine's; what must happen once, the database also
refuses a second time (scorer/progressive/guards.py), and its refusal is said in words.
"""

from __future__ import annotations

import functools
import random
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime

from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scorer import engine
from scorer.club import places
from scorer.club.guests import ALREADY, already, guest_name, same_guest
from scorer.club.models import Club, Member, person
from scorer.engine.bounds import MOST_PLAYERS
from scorer.engine.cutting import Cut, cut_for_partners, cut_in_order
from scorer.engine.progressive import (
    Evening,
    EveningError,
    Seating,
    TableScore,
    work_out_evening,
)
from scorer.plumbing.converters import number as number_of
from scorer.plumbing.keys import Refused, Stale, Submission, claim
from scorer.progressive import guards, signals
from scorer.progressive.models import (
    ProgressiveCorrection,
    ProgressiveDeal,
    ProgressiveEvening,
    ProgressivePlayer,
    ProgressiveSeat,
    ProgressiveTable,
    ProgressiveWrite,
)
from scorer.progressive.reads import (
    EveningRecord,
    TableRecord,
    declaring_rules,
    evening_record,
    rules_of,
    table_record,
    worked_out,
)
from scorer.rubbers.writes import Declaration, Result

# The database's refusals, in words: the checks below say it first, by name; these answer
# a write that raced past them and met the database.
_DATABASE_SAYS = {
    guards.NUMBERS_DRAWN_ONCE: "The numbers are drawn, once: nothing was changed.",
    guards.JOINS_BEFORE_THE_DRAW: (
        "The numbers are drawn: nobody joins the evening now. Nothing was changed."
    ),
    guards.EVERY_PLAYER_DRAWS: "Every player draws a number: nothing was changed.",
    guards.ROUND_AGREED_ONCE: "The round is agreed at this table: nothing on it changes now.",
    guards.AGREED_DEALS_KEPT: "The round is agreed at this table: nothing on it changes now.",
    guards.ENDED_EVENING: "The evening has ended: no round follows it. Nothing was changed.",
    "a_member_plays_once_an_evening": "plays this evening already: nothing was changed.",
    "one_guest_of_a_name": f"{ALREADY} Nothing was changed.",
    "one_table_of_a_number_a_round": "That round is seated already: nothing was changed.",
    "one_table_a_player_a_round": "That round is seated already: nothing was changed.",
}


def _in_words[**P, R](write: Callable[P, R]) -> Callable[P, R]:
    """A write whole or not at all, the database's refusal of it said in words."""

    @functools.wraps(write)
    def in_words(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            with transaction.atomic():
                return write(*args, **kwargs)
        except DatabaseError as error:
            said = next((words for why, words in _DATABASE_SAYS.items() if why in str(error)), None)
            if said is None:
                raise
            raise Refused(said) from None

    return in_words


# -- Opening an evening -------------------------------------------------------------------------


@dataclass(frozen=True)
class Opened:
    evening: ProgressiveEvening
    said: str


@_in_words
def open_evening(*, name: str, day: date, deals_a_round: int, user: User) -> Opened:
    """A new evening with the club's doubling limit as it stands, which it keeps. One of a
    name a day: opened again (two of the staff at once, say), it is the one already open,
    and said so."""
    club = Club.get()
    try:
        with transaction.atomic():
            evening = ProgressiveEvening.objects.create(
                name=name,
                day=day,
                deals_a_round=deals_a_round,
                doubling_limit=club.doubling_limit,
                opened_by=user,
            )
    except IntegrityError:
        evening = ProgressiveEvening.objects.get(name=name, day=day)
        return Opened(
            evening,
            f"{evening.name} was opened already, by {person(evening.opened_by)} at "
            f"{timezone.localtime(evening.opened_at):%H:%M}: here it is. Nothing new was opened.",
        )
    limit = (
        "doubling without limit (Law 55)"
        if evening.doubling_limit is None
        else f"the club's doubling limit of {evening.doubling_limit} (Law 56)"
    )
    return Opened(
        evening,
        f"{evening.name} is open: {_deals(evening.deals_a_round)} a round, {limit}. Add the "
        "players as they arrive.",
    )


def _deals(count: int) -> str:
    return "1 deal" if count == 1 else f"{count} deals"


def _moved_on(evening: ProgressiveEvening, seen: str) -> None:
    """Move the evening's revision on from the one the form was shown at, or refuse."""
    shown = number_of(seen)
    moved = ProgressiveEvening.objects.filter(
        pk=evening.pk, revision=shown if shown is not None else -1
    ).update(revision=F("revision") + 1)
    if not moved:
        raise Stale(
            f"{evening.name} changed since this page was shown: here it is now. Nothing was done."
        )
    evening.refresh_from_db()


def _before_the_draw(evening: ProgressiveEvening) -> None:
    if evening.drawn:
        raise Refused(
            f"The numbers of {evening.name} are drawn: the players are as drawn. Nothing was "
            "changed."
        )


# -- The players, as they arrive ---------------------------------------------------------------


def _room_for_one_more(evening: ProgressiveEvening) -> None:
    """An evening seats the engine's MOST_PLAYERS at most: its file is read back so."""
    if evening.players.count() >= MOST_PLAYERS:
        raise Refused(
            f"{evening.name} seats {MOST_PLAYERS} players at most: nobody more joins it. "
            "Nothing was changed."
        )


@_in_words
def add_member(*, evening: ProgressiveEvening, member: Member, seen: str, user: User) -> str:
    _moved_on(evening, seen)
    _before_the_draw(evening)
    if evening.players.filter(member=member).exists():
        raise Refused(f"{member.name} plays this evening already: nothing was changed.")
    _room_for_one_more(evening)
    ProgressivePlayer.objects.create(evening=evening, member=member)
    # He plays here, at one table after another, until the evening ends.
    places.take([member], progressive=evening, then="Nothing was changed.")
    return f"{member.name} plays. {_count(evening)}"


@_in_words
def add_guest(*, evening: ProgressiveEvening, name: str, seen: str, user: User) -> str:
    _moved_on(evening, seen)
    _before_the_draw(evening)
    name = guest_name(name)
    guests = evening.players.exclude(guest="").values_list("guest", flat=True)
    there = same_guest(name, guests)
    if there is not None:
        raise Refused(already(name, there, "Nothing was changed."))
    _room_for_one_more(evening)
    ProgressivePlayer.objects.create(evening=evening, guest=name)
    return f"{name} plays, as a guest. {_count(evening)}"


@_in_words
def remove_player(
    *, evening: ProgressiveEvening, player: ProgressivePlayer, seen: str, user: User
) -> str:
    _moved_on(evening, seen)
    _before_the_draw(evening)
    if not evening.players.filter(pk=player.pk).delete()[0]:
        raise Refused(f"{player.name} does not play this evening.")
    if player.member is not None:
        places.free(progressive=evening, members=[player.member])
    return f"{player.name} does not play after all. {_count(evening)}"


def _count(evening: ProgressiveEvening) -> str:
    """How many play so far, and whether they make whole tables."""
    players = evening.players.count()
    tables, over = divmod(players, 4)
    playing = "1 player" if players == 1 else f"{players} players"
    if players and not over:
        return f"{playing}: {'1 table' if tables == 1 else f'{tables} tables'}."
    return f"{playing} so far."


# -- Drawing the numbers, and seating each round -----------------------------------------------


@_in_words
def draw(
    *, evening: ProgressiveEvening, seen: str, user: User, rng: random.Random | None = None
) -> str:
    """The players draw their numbers, in a shuffle no one can foresee (the system's own
    randomness); 1–4 sit at table 1, 5–8 at table 2, and so on, and each table cuts for
    partners and deal. A number of players that does not make whole tables is refused in
    the engine's words, saying how many more or fewer would."""
    _moved_on(evening, seen)
    _before_the_draw(evening)
    rng = rng or random.SystemRandom()
    players = list(evening.players.order_by("arrived_at", "pk"))
    names = tuple(player.name for player in players)
    try:
        work_out_evening(Evening(rules_of(evening), names), in_progress=True)
    except EveningError as error:
        raise Refused(_sentence(error.problem.removeprefix("players: "))) from None
    rng.shuffle(players)
    for number, player in enumerate(players, 1):
        ProgressivePlayer.objects.filter(pk=player.pk, number__isnull=True).update(number=number)
    drawn = ProgressiveEvening.objects.filter(pk=evening.pk, drawn_at__isnull=True).update(
        drawn_at=timezone.now()
    )
    if not drawn:
        raise Stale(f"The numbers of {evening.name} were drawn meanwhile: nothing was changed.")
    evening.refresh_from_db()
    first = evening_record(evening).score  # with no round played: the first round's seating
    _seat(evening, 1, user, rng, None if first is None else first.next)
    tables = len(players) // 4
    return (
        f"The numbers are drawn: {len(players)} players at "
        f"{'1 table' if tables == 1 else f'{tables} tables'}. Each table has cut for partners "
        "and deal: round 1 is seated."
    )


@_in_words
def next_round(
    *, evening: ProgressiveEvening, seen: str, user: User, rng: random.Random | None = None
) -> str:
    """Once every table has agreed the round, seat the next as the moves say (the engine's
    seating: the pair that stays, then the pair that arrives), each table cutting again."""
    _moved_on(evening, seen)
    record = _agreed_round(evening, "the next round is seated")
    score = record.score
    number = record.rounds + 1
    _seat(
        evening, number, user, rng or random.SystemRandom(), None if score is None else score.next
    )
    return (
        f"Round {number} is seated as the moves of round {record.rounds} said; each table has "
        "cut for partners and deal."
    )


@_in_words
def end(*, evening: ProgressiveEvening, seen: str, user: User) -> str:
    """The evening ends after a round every table has agreed: its results are final, and
    announced (`signals.evening_ended`) in the same transaction, for the ledger to post an
    evening played for money; its refusal leaves the evening as it was."""
    _moved_on(evening, seen)
    record = _agreed_round(evening, "it ends")
    at = timezone.now()
    ended = ProgressiveEvening.objects.filter(pk=evening.pk, ended_at__isnull=True).update(
        ended_at=at
    )
    if not ended:
        raise Stale(f"{evening.name} ended meanwhile: nothing was changed.")
    evening.ended_at = at
    places.free(progressive=evening)
    announce_end(record, at)
    rounds = "1 round" if record.rounds == 1 else f"{record.rounds} rounds"
    return f"{evening.name} has ended after {rounds}: the results are final."


def announce_end(record: EveningRecord, at: datetime) -> None:
    """Say that the evening has ended, with each player's result, to whoever listens."""
    score = record.score
    assert score is not None, "an evening ends once its numbers are drawn"
    results = [
        signals.Result(record.by_number(s.number), s.won, s.lost, s.net, s.place)
        for s in score.standings
    ]
    signals.evening_ended.send(ProgressiveEvening, evening=record.evening, results=results, at=at)


def _agreed_round(evening: ProgressiveEvening, then: str) -> EveningRecord:
    if not evening.drawn:
        raise Refused(f"The numbers of {evening.name} are not yet drawn.")
    if evening.ended:
        raise Refused(f"{evening.name} has ended.")
    record = evening_record(evening)
    waiting = [t.table.number for t in record.current if not t.table.agreed]
    if waiting:
        tables = _listed(waiting)
        raise Refused(
            f"Round {record.rounds} is not yet agreed at table{'s' if len(waiting) > 1 else ''} "
            f"{tables}: every table agrees the round before {then}."
        )
    return record


def _listed(numbers: Sequence[int]) -> str:
    *first, last = (str(n) for n in numbers)
    return f"{', '.join(first)} and {last}" if first else last


def _seat(
    evening: ProgressiveEvening,
    round_number: int,
    user: User,
    rng: random.Random,
    seating: Sequence[Seating] | None,
) -> None:
    """Each table of the round: its four, as the engine's seating says, cut for partners
    and deal (Laws 14–20): the two lowest play the two highest, the lowest deals, seated
    round the table from him."""
    assert seating is not None, "a round is seated once the round before is finished"
    by_number = {p.number: p for p in evening.players.all()}
    for seat in seating:
        four = [by_number[n] for n in seat.players]
        drawn = cut_for_partners(rng)
        (dealer, partner), (left, right) = drawn.partnerships
        table = ProgressiveTable.objects.create(
            evening=evening,
            round=round_number,
            number=seat.table,
            cut=_cards(drawn, four),
            cut_by=user,
        )
        ProgressiveSeat.objects.bulk_create(
            ProgressiveSeat(
                table=table, evening=evening, round=round_number, player=player, position=n
            )
            for n, player in enumerate((four[dealer], four[left], four[partner], four[right]))
        )


def _cards(cut: Cut, players: Sequence[ProgressivePlayer]) -> list[list[list[object]]]:
    """The cards as drawn, round by round: [player, card]."""
    return [[[players[who].pk, str(card)] for who, card in drawn] for drawn in cut.rounds]


# -- At a table --------------------------------------------------------------------------------

# Each write takes the table as its caller read it, and returns the table after it; the
# revision makes one read enough (each write moves it on by one).


@transaction.atomic
def declare(
    *, record: TableRecord, user: User, key: uuid.UUID, revision: int, declaration: Declaration
) -> TableRecord:
    """Record the declaration of the next deal, or change the deal in progress."""
    claimed = _claim(record, user, key, revision, "progressive decl")
    if claimed is None:
        return table_record(record.table.pk)
    deal = _declared(record, user, declaration)
    if deal.pk is None:
        deal.save()
    else:
        deal.save(update_fields=[*ProgressiveDeal.DECLARATION_FIELDS, "declared_at", "declared_by"])
    changed = "'s declaration changed" if record.in_progress else " declared"
    _told(claimed, f"Deal {deal.number}{changed}: {declaration_words(record, deal)}.")
    return replace(record, in_progress=deal, worked=record.score)


@transaction.atomic
def record_deal(
    *,
    record: TableRecord,
    user: User,
    key: uuid.UUID,
    revision: int,
    declaration: Declaration,
    result: Result,
) -> TableRecord:
    """Record a whole deal once it is over, in one write: judged by the declaration's
    checks, then the result's, as the two steps would be."""
    claimed = _claim(record, user, key, revision, "progressive deal")
    if claimed is None:
        return table_record(record.table.pk)
    if record.in_progress is not None:
        raise engine.RubberError(
            "its declaration was saved on its own: record its result below",
            deal=record.in_progress.number,
        )
    deal = _declared(record, user, declaration)
    return _recorded(claimed, record, user, deal, result, declared=True)


def _declared(record: TableRecord, user: User, declaration: Declaration) -> ProgressiveDeal:
    """The next deal (or the deal in progress) declared so, checked, not yet saved."""
    if record.played and record.in_progress is None:
        raise engine.RubberError(
            f"the round's {_deals(record.evening.deals_a_round)} are played: no deal follows; "
            "the pairs agree the round",
            deal=record.next_number,
        )
    deal = record.in_progress or ProgressiveDeal(table=record.table, number=record.next_number)
    _write_declaration(deal, declaration)
    try:
        engine.BRIDGE.laws.check_declaration(deal.called(), declaring_rules(record.evening))
    except engine.RubberError as error:
        raise error.at(deal.number) from None
    deal.declared_at = timezone.now()
    deal.declared_by = user
    return deal


@transaction.atomic
def discard(*, record: TableRecord, user: User, key: uuid.UUID, revision: int) -> TableRecord:
    """Throw away the deal in progress: until its result is recorded it is nobody's score."""
    claimed = _claim(record, user, key, revision, "progressive discard")
    if claimed is None:
        return table_record(record.table.pk)
    record.table.deals.filter(recorded_at__isnull=True).delete()
    if record.in_progress is not None:
        _told(claimed, f"Deal {record.in_progress.number} was discarded before it was played.")
    return replace(record, in_progress=None, worked=record.score)


@transaction.atomic
def record_result(
    *, record: TableRecord, user: User, key: uuid.UUID, revision: int, result: Result
) -> TableRecord:
    """Record the result of the deal in progress, once the engine scores the round with
    it."""
    claimed = _claim(record, user, key, revision, "progressive result")
    if claimed is None:
        return table_record(record.table.pk)
    deal = record.in_progress
    if deal is None:
        raise engine.RubberError("no deal is in progress: declare one first")
    return _recorded(claimed, record, user, deal, result, declared=False)


def _recorded(
    claimed: Submission,
    record: TableRecord,
    user: User,
    deal: ProgressiveDeal,
    result: Result,
    *,
    declared: bool,
) -> TableRecord:
    """The deal's result written and the round worked out with it; said as a rubber's
    save is ("Deal 5 recorded: …"), its declaration too if this write made it."""
    _write_result(deal, result)
    recorded = (*record.recorded, deal)
    score = _worked_out(record, recorded)
    deal.recorded_at = timezone.now()
    deal.recorded_by = user
    if declared:
        deal.save()
    else:
        deal.save(update_fields=[*ProgressiveDeal.RESULT_FIELDS, "recorded_at", "recorded_by"])
    scored = score.deals[-1]
    words = f"{declaration_words(record, deal)} \u2014 " if declared else ""
    _told(
        claimed,
        f"Deal {deal.number} recorded: {words}{engine.BRIDGE.words.result_words(scored.deal)}; "
        f"{points_words(scored.points)}.",
    )
    return replace(record, recorded=recorded, in_progress=None, worked=score)


@transaction.atomic
def undo(
    *, record: TableRecord, user: User, key: uuid.UUID, revision: int, number: int
) -> TableRecord:
    """Undo the last deal's result, entered in error, until the round is agreed: the deal
    is back in progress as it was declared, for its result again (or to be discarded). A
    pair's lone agreement, given on the figures before, lapses."""
    claimed = _claim(record, user, key, revision, "progressive undo")
    if claimed is None:
        return table_record(record.table.pk)
    last = record.recorded[-1] if record.recorded and record.in_progress is None else None
    if last is None or last.number != number:
        raise engine.RubberError(f"deal {number} is not the last entry: correct it instead")
    ProgressiveDeal.objects.filter(pk=last.pk).update(
        recorded_at=None, recorded_by=None, tricks=None
    )
    lapsed = _clear_agreements(record.table, f"deal {number}'s result was undone")
    said = f"Deal {number}'s result undone (entered in error): {declaration_words(record, last)}."
    _told(claimed, " ".join(part for part in (said, lapsed) if part))
    return table_record(record.table.pk)


def points_words(points: engine.Pair[int]) -> str:
    """ "We 24, They 0" """
    return f"We {points.we}, They {points.they}"


def _worked_out(record: TableRecord, deals: Sequence[ProgressiveDeal]) -> TableScore:
    """The round worked out with these deals; the engine's refusal as the deal's own."""
    try:
        return worked_out(record, deals)
    except EveningError as error:
        raise engine.RubberError(error.problem, deal=error.deal, field=error.field) from None


def _write_declaration(deal: ProgressiveDeal, declaration: Declaration) -> None:
    deal.dealer = declaration.dealer
    deal.maker = declaration.maker.value
    deal.trump = declaration.trump.value
    deal.doubles = declaration.doubles


def _write_result(deal: ProgressiveDeal, result: Result) -> None:
    if not result.played:
        raise engine.RubberError(
            "every deal is played when scoring for points (the Spade Convention looks at the "
            "score of a game, and there is none)",
            deal=deal.number,
            field="played",
        )
    deal.tricks = result.tricks
    deal.honours_side = result.honours_side.value if result.honours_side else ""
    deal.honours = result.honours.name if result.honours else ""
    deal.chicane_we, deal.chicane_they = result.chicane
    deal.revokes_we, deal.revokes_they = result.revokes


def declaration_words(record: TableRecord, deal: ProgressiveDeal) -> str:
    """ "Mrs. Carr dealt and made hearts" """
    dealer = record.seats[deal.dealer].name
    maker = record.seats[deal.maker_seat].name
    return engine.BRIDGE.words.declaration_words(deal.called(), dealer, maker)


# -- Corrections (Laws 12, 13, as far as they apply) -------------------------------------------


@dataclass(frozen=True)
class Corrected:
    record: TableRecord
    said: str  # what the correction changed, and whose agreement lapsed by it


@transaction.atomic
def correct(
    *,
    record: TableRecord,
    user: User,
    key: uuid.UUID,
    revision: int,
    number: int,
    reason: str,
    correction: tuple[Declaration, Result],
) -> Corrected:
    """Correct recorded deal `number`: any part of it, until the round is agreed at the
    table (there is no game to conclude, so Law 12's window is the round's, as Law 13's
    is). The correction is kept, with the deal before and after; the round is worked out
    again, and a pair's lone agreement lapses."""
    claimed = _claim(record, user, key, revision, "progressive fix")
    if claimed is None:
        return Corrected(table_record(record.table.pk), "")
    if not reason.strip():
        raise engine.RubberError("a correction needs a reason", field="reason")
    if not 1 <= number <= len(record.recorded):
        raise engine.RubberError(f"there is no recorded deal {number} to correct")
    deal = record.recorded[number - 1]
    corrected = ProgressiveDeal.from_snapshot(record.table, number, deal.snapshot())
    _write_declaration(corrected, correction[0])
    _write_result(corrected, correction[1])
    kind = engine.kind_of_change(deal.to_engine(), corrected.to_engine())
    if kind is None:
        raise engine.RubberError(f"deal {number} is already so: there is nothing to correct")
    try:
        engine.BRIDGE.laws.check_declaration(corrected.called(), declaring_rules(record.evening))
    except engine.RubberError as error:
        raise error.at(number) from None
    deals = tuple(corrected if d.number == number else d for d in record.recorded)
    before, score = record.score, _worked_out(record, deals)
    law = engine.law(kind)
    ProgressiveCorrection.objects.create(
        table=record.table,
        number=number,
        kind=kind.value,
        law=law,
        reason=reason.strip(),
        before=deal.snapshot(),
        after=corrected.snapshot(),
        made_by=user,
    )
    corrected.pk = deal.pk  # the same deal, as corrected: its recording stays as it was
    corrected.recorded_at, corrected.recorded_by_id = deal.recorded_at, deal.recorded_by_id
    corrected.declared_at, corrected.declared_by_id = deal.declared_at, deal.declared_by_id
    corrected.save(update_fields=list(ProgressiveDeal.CALLED_FIELDS))
    was, now = before.deals[number - 1].points, score.deals[number - 1].points
    lapsed = _clear_agreements(record.table, f"deal {number} was corrected")
    said = " ".join(
        part
        for part in (
            f"Deal {number} corrected ({law}: {reason.strip()}): {points_words(now)}, "
            f"was {points_words(was)}; the round stands at {points_words(score.points)}.",
            lapsed,
        )
        if part
    )
    _told(claimed, said)
    return Corrected(replace(record, recorded=deals, worked=score), said)


# -- Agreeing the round -------------------------------------------------------------------------

AGREEMENT_FIELDS = [
    "we_agreed_by",
    "we_agreed_at",
    "they_agreed_by",
    "they_agreed_at",
    "agreed_at",
    "tie_cut",
    "tie",
]


@transaction.atomic
def agree(
    *,
    record: TableRecord,
    user: User,
    key: uuid.UUID,
    revision: int,
    side: engine.Side | None,
    rng: random.Random | None = None,
) -> TableRecord:
    """A pair agrees the round once its deals are played; side None: the keepers record
    that both did. When both have, the round is fixed; if the pairs tied and there is a
    table to move to, one player of each cuts, and the higher card's pair moves on."""
    claimed = _claim(record, user, key, revision, "progressive agree")
    if claimed is None:
        return table_record(record.table.pk)
    if record.in_progress is not None:
        raise engine.RubberError(
            f"deal {record.in_progress.number} is declared: record its result or discard it "
            "before the round is agreed"
        )
    wanted = record.evening.deals_a_round
    if not record.played:
        raise engine.RubberError(
            f"{len(record.recorded)} of the round's {_deals(wanted)} played: the round is "
            "agreed once they all are"
        )
    table, now = record.table, timezone.now()
    for each in engine.SIDES if side is None else (side,):
        setattr(table, f"{each.value}_agreed_by", user)
        setattr(table, f"{each.value}_agreed_at", now)
    said = [f"{person(user)} for {' and '.join(s.label for s in _sides(side))}: agreed."]
    if table.we_agreed_at and table.they_agreed_at:
        table.agreed_at = now
        points = record.score.points
        said = [f"The round is agreed: {points_words(points)}."]
        several = record.evening.tables.filter(round=table.round).count() > 1
        if points.we == points.they and several:
            said.append(_cut_for_the_tie(record, rng or random.SystemRandom()))
    table.save(update_fields=AGREEMENT_FIELDS)
    _told(claimed, " ".join(said))
    return record


def _sides(side: engine.Side | None) -> tuple[engine.Side, ...]:
    return engine.SIDES if side is None else (side,)


def _cut_for_the_tie(record: TableRecord, rng: random.Random) -> str:
    """The pairs tied: one player of each (the first seated of each) cuts; the higher card
    sends his pair on to the next table, ties cutting again (Laws 14, 19)."""
    table = record.table
    cutting = [record.seats[0], record.seats[1]]  # We's first, They's first
    drawn = cut_in_order(2, rng)
    higher = drawn.order[-1]
    moves = engine.Side.WE if higher == 0 else engine.Side.THEY
    table.tie_cut = _cards(drawn, cutting)
    table.tie = moves.value
    cards = "; then ".join(
        ", ".join(f"{cutting[who].name} {card}" for who, card in each) for each in drawn.rounds
    )
    movers = " and ".join(p.name for p in record.partnership(moves))
    return f"The pairs tied: the cut ({cards}) sends {movers} on."


@transaction.atomic
def withdraw(
    *, record: TableRecord, user: User, key: uuid.UUID, revision: int, side: engine.Side
) -> TableRecord:
    """Take back a pair's agreement, until the other pair has agreed too."""
    claimed = _claim(record, user, key, revision, "progressive withdraw")
    if claimed is None:
        return table_record(record.table.pk)
    table = record.table
    setattr(table, f"{side.value}_agreed_by", None)
    setattr(table, f"{side.value}_agreed_at", None)
    table.save(update_fields=AGREEMENT_FIELDS)
    _told(claimed, f"{person(user)} took back {side.label}'s agreement.")
    return record


def _clear_agreements(table: ProgressiveTable, because: str) -> str:
    """The round's points changed: a pair's agreement was for the points before, and
    lapses. Says whose, and why."""
    lapsed = [
        f"{person(by)}'s agreement for {side.label} lapsed"
        for side in engine.SIDES
        if (by := table.agreed_by(side)[0]) is not None
    ]
    if not lapsed:
        return ""
    table.we_agreed_by = table.we_agreed_at = None
    table.they_agreed_by = table.they_agreed_at = None
    table.save(update_fields=AGREEMENT_FIELDS)
    return f"{'; '.join(lapsed)}: {because}."


# The writes that change no figure: the other pair's agreement, given or taken back, does
# not make a pair's own agreement stale.
_AGREEING = {"progressive agree", "progressive withdraw"}


def _claim(
    record: TableRecord, user: User, key: uuid.UUID, revision: int, what: str
) -> Submission | None:
    """Take the write for this form: None if the form was carried out before; Stale if the
    table has changed since the form was shown. An agreement is judged against the points
    alone, as a rubber's is."""
    table = record.table
    claimed = claim(key=key, user=user, what=what)
    if claimed is None:
        return None
    if what in _AGREEING:
        # Locked first, so that on PostgreSQL the other pair's agreement a moment before is
        # read once committed rather than raced.
        table.refresh_from_db(
            fields=[*AGREEMENT_FIELDS, "revision"],
            from_queryset=ProgressiveTable.objects.select_for_update(),
        )
        between = Submission.objects.filter(
            progressive__table=table, revision__gt=revision
        ).values_list("what", flat=True)
        if set(between) <= _AGREEING:
            revision = table.revision
    if table.agreed:
        raise engine.RubberError(
            "the round is agreed at this table: nothing on it changes now (Laws 12, 13)"
        )
    moved_on = revision == table.revision and ProgressiveTable.objects.filter(
        pk=table.pk, revision=revision, agreed_at__isnull=True
    ).update(revision=F("revision") + 1)
    if not moved_on:
        raise Stale("The table's sheet changed on another phone; here it is now.")
    table.revision = revision + 1
    claimed.revision = table.revision
    claimed.save(update_fields=["revision"])
    ProgressiveWrite.objects.create(table=table, submission=claimed)
    return claimed


def _told(claimed: Submission, said: str) -> None:
    """What the write did, in words, for the phones that follow the table."""
    claimed.said = said[:500]
    claimed.save(update_fields=["said"])


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


@_in_words
def revoke_board(*, evening: ProgressiveEvening, seen: str, user: User) -> str:
    """Revoke every noticeboard link of the evening given so far."""
    _moved_on(evening, seen)
    ProgressiveEvening.objects.filter(pk=evening.pk).update(board=F("board") + 1)
    return (
        f"Every noticeboard link of {evening.name} given so far is revoked; the page shows "
        "a new one."
    )
