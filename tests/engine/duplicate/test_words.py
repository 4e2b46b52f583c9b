"""A Duplicate result in words, each side named by its direction, as the site's travellers
and phones say it; and a result the table called before its board's hands were known,
checked against the hands known since (a hand record attached later), by its call of
honours and its chicane, not by how a direction's honours were split."""

from __future__ import annotations

import pytest

from scorer.engine import Maker, Trump
from scorer.engine.cards import Hand
from scorer.engine.duplicate import (
    Board,
    DuplicateError,
    DuplicateRules,
    Evening,
    Lines,
    MovementKind,
    Result,
    check_call,
    declaration_words,
    make_words,
    result_words,
    tricks_words,
    work_out_duplicate,
)

# Board 1, dealt by North: North holds the five spade honours and four aces; West has no
# spade.
HANDS = ("AKQJT.AKQ.AKQ.AK", "98765.JT9.JT9.QJ", "432.8765.8765.T9", ".432.432.8765432")
KNOWN = Board(1, tuple(Hand.parse(hand) for hand in HANDS))  # type: ignore[arg-type]


def scored(board: Board, result: Result):
    evening = Evening(DuplicateRules(MovementKind.HOWELL), (board,), (result,))
    return work_out_duplicate(evening).travellers[0].results[0]


def test_the_declaration_names_the_dealer_and_the_maker_by_the_compass():
    made = Result(2, 1, 2, Trump.HEARTS, Maker.PARTNER, 1, tricks=Lines(4, 9),
                  honours=Lines((1, 0), (3, 1)))  # fmt: skip
    assert declaration_words(made) == "East dealt and passed; West made hearts, doubled"
    assert make_words(made) == "♥ by West (passed), doubled"
    dealer = Result(1, 1, 2, Trump.NO_TRUMP, tricks=Lines(9, 4), honours=Lines((2, 0), (2, 0)))
    assert declaration_words(dealer) == "North dealt and made no-trump"
    assert make_words(dealer) == "NT by North"


def test_the_result_names_each_side_by_its_direction():
    made = Result(2, 1, 2, Trump.HEARTS, Maker.PARTNER, 1, tricks=Lines(4, 9),
                  honours=Lines((1, 0), (3, 1)), revokes=Lines(1, 0))  # fmt: skip
    row = scored(Board(2), made)
    assert tricks_words(row.deal) == "East–West 9"
    assert result_words(row.deal) == (
        "East–West 9 tricks; honours East–West: four; North–South revoked 1"
    )
    assert result_words(None) == "not played: each pair scores its direction's average"


def test_a_call_agreeing_with_the_hands_passes_whatever_the_split():
    # North holds the five spade honours: North–South five in one hand, East–West void.
    check_call(KNOWN, Result(1, 1, 2, Trump.SPADES, tricks=Lines(12, 1),
                             honours=Lines((0, 5), (0, 0)), chicane=Lines(0, 1)))  # fmt: skip


def test_a_call_the_hands_do_not_give_is_refused_in_words():
    with pytest.raises(DuplicateError, match="honours: the hands give North–South five in one "
                       "hand, not North–South four as called at the table"):  # fmt: skip
        check_call(KNOWN, Result(1, 1, 2, Trump.SPADES, tricks=Lines(12, 1),
                                 honours=Lines((3, 1), (1, 0)), chicane=Lines(0, 1)))  # fmt: skip


def test_a_chicane_the_hands_do_not_give_is_refused_in_words():
    with pytest.raises(DuplicateError, match="chicane: the hands give East–West 1 hands void "
                       "of trumps, not 0 as called at the table"):  # fmt: skip
        check_call(KNOWN, Result(1, 1, 2, Trump.SPADES, tricks=Lines(12, 1),
                                 honours=Lines((5, 0), (0, 0))))  # fmt: skip


def test_a_board_whose_hands_are_unknown_is_not_checked():
    check_call(Board(1), Result(1, 1, 2, Trump.SPADES, tricks=Lines(7, 6),
                                honours=Lines((3, 0), (2, 0))))  # fmt: skip
