"""Duplicate results written briefly, and random valid Duplicate evenings.

The same recipe as tests/support/rubbers.py: an evening from a source of choices, drawn by
hypothesis in the property tests (so failures shrink) and by random.Random in the
benchmark. An evening is played by one of the movements offered: every result it calls for
is recorded, in any order, a few as not played, and now and then a result repeats an
earlier one on the same board, so that ties are met. About half the boards have their
hands known (dealt by `tests/support/cards.py`'s shuffle): their results give no honours
nor chicane, and one in two gives its play (a legal one, now and then with a revoke)
rather than its tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scorer.engine import Maker, Trump, most_doubles
from scorer.engine.cards import Hand
from scorer.engine.duplicate import (
    Board,
    Comparison,
    DuplicateRules,
    Evening,
    Lines,
    MovementKind,
    NotPlayed,
    Recorded,
    Result,
    Schedule,
    movement_for,
)
from tests.support.cards import hand_text, random_hands
from tests.support.cards import random_play as random_card_play
from tests.support.rubbers import TRUMPS, Choose, random_play

NAMES = ("Mrs. Carr", "Mr. Dane", "Miss Eyre", "Mr. Fell", "Mrs. Gale", "Mr. Hood")


def result(
    board: int,
    ns: int,
    ew: int,
    trump: str = "H",
    tricks: tuple[int, int] = (7, 6),
    honours: tuple[Sequence[int], Sequence[int]] | None = None,
    *,
    maker: str = "dealer",
    doubles: int = 0,
    chicane: tuple[int, int] = (0, 0),
    revokes: tuple[int, int] = (0, 0),
) -> Result:
    """A result in a line: tricks and honours as (North–South, East–West).

    Honours default to a split that scores nothing at no-trump and 3 for East–West
    otherwise, so that a test about tricks is not disturbed by them.
    """
    made = Trump(trump)
    if honours is None:
        honours = ((1, 1), (1, 1)) if made is Trump.NO_TRUMP else ((1, 1), (2, 1))
    ns_held, ew_held = honours
    return Result(
        board,
        ns,
        ew,
        made,
        Maker(maker),
        doubles,
        tricks=Lines(*tricks),
        honours=Lines((ns_held[0], ns_held[1]), (ew_held[0], ew_held[1])),
        chicane=Lines(*chicane) if chicane != (0, 0) else None,
        revokes=Lines(*revokes) if revokes != (0, 0) else None,
    )


def names(count: int) -> tuple[tuple[str, str], ...]:
    """Two names for each of `count` pairs."""
    people = [f"{NAMES[n % len(NAMES)]} {n // len(NAMES) + 1}" for n in range(2 * count)]
    return tuple((people[2 * n], people[2 * n + 1]) for n in range(count))


def random_result(choose: Choose, board: int, ns: int, ew: int, limit: int | None) -> Result:
    """A result the laws allow, its counts as at a rubber (the board's hands unknown)."""
    trump = TRUMPS[choose(0, 4)]
    most = most_doubles(trump, limit)
    doubles = max(0, choose(0, 9 + min(3, 3 if most is None else most)) - 9)
    play = random_play(choose, trump)
    return Result(
        board,
        ns,
        ew,
        trump,
        (Maker.DEALER, Maker.PARTNER)[choose(0, 1)],
        doubles,
        tricks=Lines.of(play.tricks),
        honours=Lines.of(play.honours),
        chicane=Lines.of(play.chicane)
        if choose(0, 1) or play.chicane.we or play.chicane.they
        else None,
        revokes=Lines.of(play.revokes) if play.revokes.we or play.revokes.they else None,
    )


def dealt_board(choose: Choose, number: int) -> Board:
    """A board with its hands known, shuffled and dealt from its dealer's left."""
    by_position = random_hands(choose)  # the dealer's hand first, round to his left
    dealer = (number - 1) % 4  # N, E, S, W
    seats = [""] * 4
    for place, cards in enumerate(by_position.values()):
        seats[(dealer + place) % 4] = hand_text(cards)
    north, east, south, west = (Hand.parse(text) for text in seats)
    return Board(number, (north, east, south, west))


def random_result_by_cards(
    choose: Choose, board: Board, ns: int, ew: int, limit: int | None
) -> Result:
    """A result on a board whose hands are known: no honours nor chicane; its play (legal,
    one time in twenty a revoke) or, one time in two, only its tricks."""
    counted = random_result(choose, board.number, ns, ew, limit)
    if choose(0, 1):
        return Result(
            board.number,
            ns,
            ew,
            counted.trump,
            counted.maker,
            counted.doubles,
            tricks=counted.tricks,
            revokes=counted.revokes,
        )
    assert board.hands is not None
    dealer = (board.number - 1) % 4
    positions = ("dealer", "left", "partner", "right")
    cards = {
        position: [str(card) for card in board.hands[(dealer + place) % 4]]
        for place, position in enumerate(positions)
    }
    tricks, _, _ = random_card_play(choose, cards, counted.trump, revoke_odds=20)
    return Result(
        board.number,
        ns,
        ew,
        counted.trump,
        counted.maker,
        counted.doubles,
        play=tuple(tuple(trick) for trick in tricks),
    )


def random_evening(
    choose: Choose,
    *,
    kind: MovementKind | None = None,
    tables: int | None = None,
    boards_a_set: int | None = None,
    comparison: Comparison | None = None,
    named: bool | None = None,
    scheduled: bool = False,
    dealt: bool | None = None,
    short: bool = False,
) -> Evening:
    """An evening played by a movement offered (a Mitchell of 3–5 tables or a Howell of
    2–4 unless told), 1–2 boards a set unless told; about one result in twelve not played,
    one in five repeating an earlier result on its board; the results in any order.
    With `scheduled` the evening carries its schedule, as the site's does; with `short` it
    is played a pair short (§11: the highest pair missing, its opponents sitting out)."""
    if kind is None:
        kind = (MovementKind.MITCHELL, MovementKind.HOWELL)[choose(0, 1)]
    if tables is None:
        tables = choose(3, 5) if kind is MovementKind.MITCHELL else choose(2, 4)
    schedule = Schedule(movement_for(kind, tables, short=short), boards_a_set or choose(1, 2))
    rules = DuplicateRules(
        kind,
        comparison or (Comparison.AVERAGE, Comparison.MATCHPOINTS)[choose(0, 1)],
        (None, 100, 200)[choose(0, 2)],
    )
    boards = tuple(
        dealt_board(choose, number)
        if (dealt if dealt is not None else choose(0, 1))
        else Board(number)
        for number in range(1, schedule.boards + 1)
    )
    played: dict[int, list[Result]] = {}
    results: list[Recorded] = []
    for wanted in schedule.results():
        earlier = played.get(wanted.board, [])
        if choose(0, 11) == 0:
            results.append(NotPlayed(wanted.board, wanted.ns, wanted.ew))
            continue
        if earlier and choose(0, 4) == 0:
            model = earlier[choose(0, len(earlier) - 1)]
            made = replace(model, ns=wanted.ns, ew=wanted.ew)
        elif boards[wanted.board - 1].hands is not None:
            made = random_result_by_cards(
                choose, boards[wanted.board - 1], wanted.ns, wanted.ew, rules.doubling_limit
            )
        else:
            made = random_result(choose, wanted.board, wanted.ns, wanted.ew, rules.doubling_limit)
        played.setdefault(wanted.board, []).append(made)
        results.append(made)
    listed = [results.pop(choose(0, len(results) - 1)) for _ in range(len(results))]
    if named is None:
        named = bool(choose(0, 1))
    pairs = names(schedule.movement.playing) if named else ()
    return Evening(rules, boards, tuple(listed), pairs, schedule if scheduled else None)


def shared_boards_evening(
    choose: Choose, *, tables: int, rounds: int, boards_a_round: int
) -> Evening:
    """A Mitchell-seated evening in which every table plays the same boards each round
    (copies of each board, as a large club deals them): North–South pair t at table t
    meets East–West pair T + 1 + (t + r − 2) mod T in round r, on boards
    (r − 1) × k + 1 … r × k. Every pair plays every board; each board is played at every
    table. The results are listed round by round, table by table, as they would come in."""
    rules = DuplicateRules(MovementKind.MITCHELL, Comparison.MATCHPOINTS, None)
    results: list[Recorded] = []
    for number in range(1, rounds + 1):
        for table in range(1, tables + 1):
            ew = tables + (table + number - 2) % tables + 1
            for board in range((number - 1) * boards_a_round + 1, number * boards_a_round + 1):
                results.append(random_result(choose, board, table, ew, None))
    boards = tuple(Board(number) for number in range(1, rounds * boards_a_round + 1))
    return Evening(rules, boards, tuple(results), names(2 * tables))
