"""A Duplicate evening's results as USEBIO 1.2 (`evening_usebio`): every file keeps the
structure the real files of the programs that write USEBIO show (tests/support/usebio.py),
and an independent reader reads it back to the engine's pairs, players, national numbers,
places and scores, and each board's lines; matchpoints go as an MP_PAIRS event, the
period's comparison against the average as a Butler one in points."""

from __future__ import annotations

import random
import re
from datetime import date
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from scorer.engine.duplicate import (
    Comparison,
    DuplicateScore,
    Evening,
    MovementKind,
    NotPlayed,
    Result,
    figure,
    loads_duplicate,
    work_out_duplicate,
)
from scorer.engine.duplicate.usebio import Player, contract, evening_usebio
from scorer.engine.model import Trump
from tests.support.duplicate import random_evening
from tests.support.usebio import NotUsebio, check_structure, read_usebio

DAY = date(2026, 11, 28)
EVENING_FILE = Path(__file__).resolve().parents[2] / "data" / "duplicate-evening.json"
KINDS = [(kind, comparison) for kind in MovementKind for comparison in Comparison]


def seeded(seed: int, **given) -> Evening:
    rng = random.Random(seed)
    return random_evening(lambda lo, hi: rng.randint(lo, hi), scheduled=True, named=True, **given)


def numbered(evening: Evening) -> dict[int, tuple[Player, Player]]:
    """Each pair's players, the first of each with a national number, the second of odd
    pairs without (a guest, or a member who holds none)."""
    return {
        pair: (
            Player(first, f"{pair:03d}1"),
            Player(second, "" if pair % 2 else f"J{pair}2"),
        )
        for pair, (first, second) in enumerate(evening.pairs, 1)
    }


def written(evening: Evening, players=None) -> tuple[DuplicateScore, bytes]:
    score = work_out_duplicate(evening)
    data = evening_usebio(
        club="The Elwell Club",
        title="Thursday's Duplicate",
        day=DAY,
        evening=evening,
        score=score,
        players=numbered(evening) if players is None else players,
    )
    return score, data


def exactly(value: Fraction) -> Decimal:
    """A figure as the engine writes it, rounded to two places."""
    return Decimal(str(figure(value)))


@pytest.mark.parametrize(("kind", "comparison"), KINDS)
def test_every_file_keeps_the_structure_the_real_files_show(kind, comparison):
    for seed in range(4):
        _, data = written(seeded(seed, kind=kind, comparison=comparison, dealt=bool(seed % 2)))
        check_structure(data)
        assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM')


@pytest.mark.parametrize(("kind", "comparison"), KINDS)
def test_it_reads_back_to_the_engines_pairs_players_numbers_places_and_scores(kind, comparison):
    evening = seeded(21, kind=kind, comparison=comparison)
    score, data = written(evening)
    read = read_usebio(data)
    players = numbered(evening)
    assert set(read.pairs) == {str(s.pair) for s in score.standings}
    for standing in score.standings:
        pair = read.pairs[str(standing.pair)]
        assert pair.direction == {None: "", "ns": "NS", "ew": "EW"}[standing.direction]
        assert [(p.name, p.number) for p in pair.players] == [
            (p.name, p.national_number or None) for p in players[standing.pair]
        ]
        assert pair.place == standing.place
        assert pair.boards == standing.boards
        assert pair.total == exactly(standing.score)
        percent = standing.percent
        assert pair.percentage == (None if percent is None else exactly(percent))


@pytest.mark.parametrize(("kind", "comparison"), KINDS)
def test_each_boards_lines_read_back_to_its_traveller(kind, comparison):
    evening = seeded(22, kind=kind, comparison=comparison)
    score, data = written(evening)
    read = read_usebio(data)
    results = [row for traveller in score.travellers for row in traveller.results]
    assert len(read.lines) == len(results), "a line a result recorded"
    kind_of_points = {Comparison.MATCHPOINTS: "MATCH_POINTS", Comparison.AVERAGE: "BUTLER_POINTS"}
    for line, row in zip(read.lines, results, strict=True):
        assert (line.board, line.ns, line.ew) == (row.board, str(row.ns), str(row.ew))
        assert line.kind == kind_of_points[comparison]
        assert line.points == (exactly(row.score.ns), exactly(row.score.ew))
        board = evening.boards[row.board - 1]
        if row.net is None:
            assert line.score == "A5050", "not played: each its direction's average"
            assert line.contract is line.played_by is line.tricks is None
            continue
        assert line.score == str(row.net.ns)
        assert isinstance(row.recorded, Result)
        assert row.deal is not None
        assert line.contract == contract(row.recorded)
        assert line.played_by == board.dealer.letter, "the dealer plays the hand in 1905"
        tricks = row.deal.play.tricks[board.dealing_line.side]
        assert line.tricks == str(tricks)


def test_the_average_is_a_butler_event_its_datum_each_boards_average():
    evening = seeded(23, kind=MovementKind.HOWELL, comparison=Comparison.AVERAGE)
    score, data = written(evening)
    read = read_usebio(data)
    assert (read.event_type, read.scoring, read.winner_type) == ("BUTLER_PAIRS", None, "1")
    played = {t.board.number: t.average for t in score.travellers if t.average is not None}
    assert read.averages == {board: exactly(average.ns) for board, average in played.items()}
    for traveller in score.travellers:
        for row in traveller.results:
            if row.net is not None and traveller.average is not None:
                assert row.score.ns == row.net.ns - traveller.average.ns


def test_matchpoints_are_an_mp_pairs_event_with_two_winners_in_a_mitchell():
    evening = seeded(24, kind=MovementKind.MITCHELL, comparison=Comparison.MATCHPOINTS)
    _, data = written(evening)
    read = read_usebio(data)
    assert (read.event_type, read.scoring, read.winner_type) == ("MP_PAIRS", "MATCH_POINTS", "2")
    assert read.averages == {}
    assert all(p.percentage is not None for p in read.pairs.values())


def test_the_club_the_event_and_its_day_are_named():
    _, data = written(seeded(25))
    read = read_usebio(data)
    assert (read.club, read.description, read.date) == (
        "The Elwell Club",
        "Thursday's Duplicate",
        "28/11/2026",
    )


def test_a_board_the_pairs_could_not_play_is_an_artificial_average():
    evening = loads_duplicate(EVENING_FILE.read_text())
    evening = Evening(evening.rules, evening.boards, (*evening.results[:3], NotPlayed(1, 2, 4)))
    _, data = written(evening)
    (line,) = [line for line in read_usebio(data).lines if (line.board, line.ns) == (1, "2")]
    assert (line.score, line.contract, line.points) == ("A5050", None, (0, 0))


def test_the_boards_hands_are_written_by_the_compass_when_known():
    evening = seeded(26, dealt=True)
    _, data = written(evening)
    hands = read_usebio(data).hands
    assert set(hands) == {board.number for board in evening.boards}
    for board in evening.boards:
        assert board.hands is not None
        by_compass = dict(zip(("North", "East", "South", "West"), board.hands, strict=True))
        assert hands[board.number] == {
            direction: tuple(str(hand).split(".")) for direction, hand in by_compass.items()
        }
    _, undealt = written(seeded(26, dealt=False))
    assert read_usebio(undealt).hands == {}


@pytest.mark.parametrize(
    ("trump", "doubles", "said"),
    [
        (Trump.HEARTS, 0, "H"),
        (Trump.NO_TRUMP, 0, "NT"),
        (Trump.SPADES, 1, "SX"),
        (Trump.CLUBS, 3, "CXXX"),
    ],
)
def test_a_declaration_is_a_contract_without_a_level(trump, doubles, said):
    evening = loads_duplicate(EVENING_FILE.read_text())
    result = evening.results[0]
    assert isinstance(result, Result)
    assert contract(Result(**{**_fields(result), "trump": trump, "doubles": doubles})) == said


def _fields(result: Result) -> dict:
    return {name: getattr(result, name) for name in result.__slots__}


def test_names_are_written_as_given_and_read_back_whole():
    evening = loads_duplicate(EVENING_FILE.read_text())
    players = {
        1: (Player("Mrs. O'Hara & <Co>", "0555002"), Player("Mr. Dane")),
        2: (Player("Mme. Lefèvre"), Player("Miss Eyre–Fell")),
    }
    _, data = written(evening, players)
    read = read_usebio(data)
    assert [(p.name, p.number) for p in read.pairs["1"].players] == [
        ("Mrs. O'Hara & <Co>", "0555002"),
        ("Mr. Dane", None),
    ]
    assert [p.name for p in read.pairs["2"].players] == ["Mme. Lefèvre", "Miss Eyre–Fell"]
    assert [p.name for p in read.pairs["3"].players] == list(evening.pairs[2]), (
        "a pair not given is named as the evening names it"
    )


def _renamed(old: str, new: str):
    return lambda text: re.sub(rf"<{old}>(.*?)</{old}>", rf"<{new}>\1</{new}>", text, count=1)


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (
            lambda text: re.sub(r"<PLAYER_NAME>[^<]*</PLAYER_NAME>", "", text, count=1),
            "lacks <PLAYER_NAME>",
        ),
        (_renamed("PLACE", "RANK"), "has no <RANK>"),
        (_renamed("TOTAL_SCORE", "PLACE"), "has <PLACE> twice"),
        (lambda text: text.replace('Version="1.2"', 'Version="1.1"'), "the root"),
        (lambda text: text.replace("<SCORE>", "<SCORE>x", 1), "SCORE is 'x"),
        (_renamed("NS_BUTLER_POINTS", "NS_MATCH_POINTS"), "not one kind of points"),
        (lambda text: text.replace("<PLAYER_NAME>", "<PLAYER_NAME><B/>", 1), "holds text alone"),
    ],
)
def test_the_structure_check_refuses_a_file_that_departs_from_it(damage, said):
    _, data = written(loads_duplicate(EVENING_FILE.read_text()), {})
    check_structure(data)
    damaged = damage(data.decode())
    assert damaged != data.decode()
    with pytest.raises(NotUsebio, match=said):
        check_structure(damaged.encode())
