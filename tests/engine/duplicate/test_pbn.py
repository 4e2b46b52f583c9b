"""A Duplicate evening exported as PBN 2.1 (§9, §11; docs/pbn.md): a game a result, read
back by the project's own PBN reader to the same boards, hands and results (worked out
again from what was read, to the same result), and by endplay, an independent reader, to
the same boards, hands, declarers, contracts and tricks; 1905 has no vulnerability; the
pairs' names in their seats where a pair is two names."""

from __future__ import annotations

import random
import re
from datetime import date
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Card as EndplayCard
from endplay.types import Denom, Player
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import Maker, Trump
from scorer.engine.cards import Board as PbnBoard
from scorer.engine.cards import Direction, PbnError, read_pbn
from scorer.engine.cards.pbn import HEADER, LINE
from scorer.engine.duplicate import (
    Board,
    Comparison,
    DuplicateRules,
    Evening,
    Lines,
    MovementKind,
    NotPlayed,
    Result,
    Schedule,
    duplicate_result_json,
    loads_duplicate,
    mitchell,
    work_out_duplicate,
)
from scorer.engine.duplicate.pbn import evening_pbn
from tests.support.duplicate import random_evening, result
from tests.support.examples import examples

DAY = date(2026, 11, 28)
EVENING_FILE = Path(__file__).resolve().parents[2] / "data" / "duplicate-evening.json"


def seeded(seed: int, **given_) -> Evening:
    rng = random.Random(seed)
    return random_evening(lambda lo, hi: rng.randint(lo, hi), scheduled=True, **given_)


def exported(evening: Evening, names=None, *, with_score=True) -> str:
    score = work_out_duplicate(evening) if with_score else None
    return evening_pbn(title="Club night", day=DAY, evening=evening, score=score, names=names or {})


def tag(game: PbnBoard, name: str) -> str | None:
    return game.tag(name)


def read_back(text: str, evening: Evening) -> Evening:
    """The evening as the PBN file gives it: each game's board (its hands, when given) and
    its result, as the cards' reader reads them, the pairs from PairNS and PairEW."""
    games = read_pbn(text)
    boards: dict[int, Board] = {}
    results = []
    for game in games:
        assert game.number is not None
        assert game.dealer is not None
        hands = None
        if all(hand is not None for hand in game.hands):
            north, east, south, west = game.hands
            hands = (north, east, south, west)
        boards.setdefault(game.number, Board(game.number, hands))
        ns, ew = tag(game, "PairNS"), tag(game, "PairEW")
        if ns is None or ew is None:
            continue  # a board without results
        if game.trump is None:
            results.append(NotPlayed(game.number, int(ns), int(ew)))
            continue
        results.append(_result(game, int(ns), int(ew), known=hands is not None))
    assert sorted(boards) == [board.number for board in evening.boards]
    return Evening(
        evening.rules,
        tuple(boards[number] for number in sorted(boards)),
        tuple(results),
        evening.pairs,
    )


def _result(game: PbnBoard, ns: int, ew: int, *, known: bool) -> Result:
    assert game.dealer is not None
    assert game.trump is not None
    assert game.result is not None
    assert game.declarer is game.dealer, "the dealer plays the hand (§9)"
    dealer_ns = game.dealer in (Direction.NORTH, Direction.SOUTH)
    tricks = (game.result, 13 - game.result) if dealer_ns else (13 - game.result, game.result)
    maker = Maker.DEALER if game.maker is game.dealer else Maker.PARTNER
    assert game.revokes is not None
    revokes = Lines(*game.revokes)
    if known:  # the honours and chicane are the hands'
        play = tuple(tuple(str(card) for card in trick) for trick in game.play) or None
        return Result(
            game.number or 0,
            ns,
            ew,
            game.trump,
            maker,
            game.doubles,
            tricks=None if play else Lines(*tricks),
            revokes=revokes,
            play=play,
        )
    assert game.honours is not None
    assert game.chicane is not None
    n, e, s, w = game.honours
    vn, ve, vs, vw = game.chicane
    return Result(
        game.number or 0,
        ns,
        ew,
        game.trump,
        maker,
        game.doubles,
        tricks=Lines(*tricks),
        honours=Lines((n, s), (e, w)),
        chicane=Lines(vn + vs, ve + vw),
        revokes=revokes,
    )


# -- Read back by the project's reader ---------------------------------------------------------


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 10**6))
def test_the_evening_read_back_is_worked_out_to_the_same_result(seed):
    evening = seeded(seed)
    text = exported(evening)
    again = read_back(text, evening)
    assert duplicate_result_json(work_out_duplicate(again)) == duplicate_result_json(
        work_out_duplicate(evening)
    )


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 10**6))
def test_each_result_is_one_game_with_its_boards_hands_and_1905s_figures(seed):
    evening = seeded(seed)
    score = work_out_duplicate(evening)
    games = read_pbn(exported(evening))
    rows = [row for traveller in score.travellers for row in traveller.results]
    assert len(games) == len(rows)
    written = duplicate_result_json(score)
    figures = {
        (board["board"], row["ns"], row["ew"]): row
        for board in written["boards"]
        for row in board["results"]
    }
    where = {(s.board, s.ns): s for s in evening.schedule.results()}
    hands = {board.number: board.hands for board in evening.boards}
    for game, row in zip(games, rows, strict=True):
        assert (game.number, tag(game, "PairNS"), tag(game, "PairEW")) == (
            row.board,
            str(row.ns),
            str(row.ew),
        )
        assert game.hands == (hands[row.board] or (None, None, None, None))
        assert game.dealer == Direction((row.board - 1) % 4)
        expected = figures[(row.board, row.ns, row.ew)]
        assert tag(game, "ElwellScore") == (
            f"NS {expected['score']['ns']} EW {expected['score']['ew']}"
        )
        if expected["points"] is None:
            assert (game.trump, tag(game, "Score"), tag(game, "ElwellPoints")) == (None, None, None)
        else:
            points, net = expected["points"], expected["net"]
            assert tag(game, "ElwellPoints") == f"NS {points['ns']} EW {points['ew']}"
            assert tag(game, "Score") == f"NS {net['ns']} EW {net['ew']}"
        scheduled = where[(row.board, row.ns)]
        assert (tag(game, "Round"), tag(game, "Table")) == (
            str(scheduled.round),
            str(scheduled.table),
        )


def test_every_game_says_the_event_its_date_and_no_vulnerability():
    text = exported(seeded(7, comparison=Comparison.MATCHPOINTS))
    for game in read_pbn(text):
        assert tag(game, "Event") == "Club night"
        assert tag(game, "Date") == "2026.11.28"
        assert tag(game, "Vulnerable") == "None", "1905 has no vulnerability"
        assert tag(game, "Scoring") == "MatchPoints;MP1;Laws1905"
        assert tag(game, "Competition") == "Pairs"
    assert '[Scoring "Average;Laws1905"]' in exported(seeded(7, comparison=Comparison.AVERAGE))


def test_under_matchpoints_each_game_also_gives_pbns_matchpoints():
    evening = seeded(11, comparison=Comparison.MATCHPOINTS)
    for game in read_pbn(exported(evening)):
        assert tag(game, "ScoreMP") == tag(game, "ElwellScore")


def test_the_file_is_pbn_21s_export_format():
    text = exported(seeded(3))
    lines = text.split("\r\n")
    assert tuple(lines[:2]) == HEADER
    assert text.endswith("\r\n")
    assert "\n" not in text.replace("\r\n", "")
    assert all(len(line) + 2 <= LINE for line in lines)


def test_without_its_score_each_board_is_one_game_of_its_deal():
    evening = seeded(5, dealt=True)
    games = read_pbn(exported(evening, with_score=False))
    assert [(g.number, g.hands) for g in games] == [(b.number, b.hands) for b in evening.boards]
    assert all(g.trump is None and tag(g, "PairNS") is None for g in games)


def test_a_board_not_played_is_a_game_of_its_pairs_without_a_contract():
    evening = loads_duplicate(EVENING_FILE.read_text())
    evening = Evening(
        evening.rules,
        evening.boards,
        (*evening.results[:3], NotPlayed(1, 2, 4)),
        evening.pairs,
    )
    (game,) = [g for g in read_pbn(exported(evening)) if tag(g, "PairNS") == "2" and g.number == 1]
    assert (game.trump, game.declarer, game.result) == (None, None, None)
    assert tag(game, "ElwellScore") == "NS 0 EW 0"


def test_the_pairs_names_are_in_their_seats_where_a_pair_is_two_names():
    evening = loads_duplicate(EVENING_FILE.read_text())  # pairs named by the file
    games = read_pbn(exported(evening))
    first = next(g for g in games if g.number == 1 and tag(g, "PairNS") == "1")
    assert [tag(first, seat) for seat in ("North", "South", "East", "West")] == [
        "Mrs. Carr",
        "Mr. Dane",
        "Mrs. Gale",
        "Mr. Hood",
    ]
    unnamed = Evening(evening.rules, evening.boards, evening.results)
    games = read_pbn(exported(unnamed, {1: "Mrs. Carr & Mr. Dane", 3: "The Gales"}))
    first = next(g for g in games if g.number == 1 and tag(g, "PairNS") == "1")
    assert [tag(first, seat) for seat in ("North", "South", "East", "West")] == [
        "Mrs. Carr",
        "Mr. Dane",
        "?",
        "?",
    ]


def test_a_rounds_and_tables_are_given_only_when_the_schedule_says_them():
    evening = loads_duplicate(EVENING_FILE.read_text())  # a file's evening: no schedule
    assert all(tag(g, "Round") is None for g in read_pbn(exported(evening)))


# -- Read back by endplay ------------------------------------------------------------------------

SEATS = {
    Direction.NORTH: Player.north,
    Direction.EAST: Player.east,
    Direction.SOUTH: Player.south,
    Direction.WEST: Player.west,
}
DENOMS = {
    Trump.SPADES: Denom.spades,
    Trump.HEARTS: Denom.hearts,
    Trump.DIAMONDS: Denom.diamonds,
    Trump.CLUBS: Denom.clubs,
    Trump.NO_TRUMP: Denom.nt,
}


@settings(max_examples=examples(15), deadline=None)
@given(st.integers(0, 10**6))
def test_endplay_reads_the_same_boards_hands_declarers_contracts_and_tricks(seed):
    evening = seeded(seed, dealt=True)
    text = exported(evening)
    # endplay does not read PBN 3.9's revoke mark, '^R' before a card: the cards are the same.
    theirs = endplay_pbn.loads(re.sub(r"\^R ", "", text))
    ours = read_pbn(text)
    assert len(theirs) == len(ours)
    for board, game in zip(theirs, ours, strict=True):
        assert board.board_num == game.number
        assert board.dealer == SEATS[game.dealer]
        for direction, player in SEATS.items():
            cards = {EndplayCard(str(card)) for card in game.hands[direction]}
            assert set(board.deal[player]) == cards
        if game.trump is None:
            assert board.contract.is_passout()
            continue
        assert board.contract.declarer == SEATS[game.dealer]
        assert board.contract.denom == DENOMS[game.trump]
        assert board.contract.level + 6 + board.contract.result == game.result
        played = [EndplayCard(str(card)) for trick in game.play for card in trick]
        assert list(board.play) == played


def test_a_mitchell_of_four_tables_exports_a_game_for_each_of_its_48_results():
    evening = seeded(1, kind=MovementKind.MITCHELL, tables=4, boards_a_set=4)
    assert evening.schedule == Schedule(mitchell(4), 4)
    assert len(read_pbn(exported(evening))) == 48


@pytest.mark.parametrize("comparison", list(Comparison))
def test_the_evenings_rules_say_its_scoring(comparison):
    evening = Evening(DuplicateRules(MovementKind.HOWELL, comparison), (Board(1),))
    (game,) = read_pbn(exported(evening, with_score=False))
    named = "MatchPoints" if comparison is Comparison.MATCHPOINTS else "Average"
    assert tag(game, "Scoring").startswith(named)


def test_a_hand_void_of_trumps_is_the_one_of_its_direction_without_an_honour():
    """On a board whose hands are not known, a direction's chicane is written on the hand
    that held no honour (Law 9: a void hand holds none), and read back scores the same."""
    evening = Evening(
        DuplicateRules(MovementKind.HOWELL),
        (Board(1),),
        (
            result(1, 1, 2, "H", (7, 6), ((3, 0), (1, 1)), chicane=(1, 0)),
            result(1, 3, 4, "S", (6, 7), ((1, 1), (0, 3)), chicane=(0, 1)),
            result(1, 5, 6, "C", (8, 5), ((3, 2), (0, 0)), chicane=(0, 2)),
        ),
    )
    games = read_pbn(exported(evening))
    assert [game.chicane for game in games] == [(0, 0, 1, 0), (0, 1, 0, 0), (0, 1, 0, 1)]
    assert duplicate_result_json(work_out_duplicate(read_back(exported(evening), evening))) == (
        duplicate_result_json(work_out_duplicate(evening))
    )


def test_a_title_too_long_for_a_line_of_pbn_is_refused_in_a_sentence_naming_its_tag():
    evening = loads_duplicate(EVENING_FILE.read_text())
    with pytest.raises(PbnError) as refused:
        evening_pbn(title="A" * 300, day=DAY, evening=evening, score=None, names={})
    assert str(refused.value) == (
        "board 1: Event: the value is too long for a line of PBN (312 characters; at most 255)"
    )
