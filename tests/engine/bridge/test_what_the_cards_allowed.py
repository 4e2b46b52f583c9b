"""What the cards allowed (§12 of the specification): given a board's hands and the
solver's five numbers, each make scored as §10 scores a deal, doubled as the cards
dictate, its net to the dealer's side, and the best make.

Each expected figure is worked by hand here, from the table of values (§1: trick values S 2,
C 4, D 6, H 8, NT 12; honours 2T, 4T, 8T…; the aces 30, 40, 100; chicane 2T; little slam 20,
grand slam 40), the arithmetic written beside it. The solver's numbers are given, not
solved: the engine only reckons (the solver's own tests are tests/analysis/).
"""

from __future__ import annotations

import pytest

from scorer.engine import (
    RubberError,
    Trump,
    allowed_json,
    best_words,
    compared_words,
    make_words,
    tricks_words,
    what_the_cards_allowed,
)
from scorer.engine.cards import Direction, Hand, Hands

NT, H, D, C, S = Trump.NO_TRUMP, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES


def hands(dealer: str, left: str, partner: str, right: str) -> Hands:
    return Hands.of(Hand.parse(dealer), Hand.parse(left), Hand.parse(partner), Hand.parse(right))


# Elwell's Illustrative Hand No. 6 (the dealer Z first, then A, Y, B). By trump, the honours:
# spades Z K J, Y A (3) against A Q 10 (2); clubs Y A J against B K Q 10 (3); diamonds Z K Q,
# Y A (3) against A J, B 10; hearts Z A K Q J (4 in one hand) against B 10; the aces Z one, Y
# three (4 divided). No hand is void of any suit.
ELWELL_6 = hands("KJ.AKQJ8.KQ53.52", "QT5.764.J972.876", "A643.95.A4.AJ943", "9872.T32.T86.KQT")

# The dealer holds the four aces, A K Q J of spades and A K Q of the rest; his partner is void
# of clubs. Honours: spades Z A K Q J (4 in one hand) against A 10; hearts and diamonds Z A K
# Q (3) against A J 10; clubs Z A K Q (3) against A J 10, and Y void (the dealer's side's
# chicane); the aces all in Z's hand.
ACES_AND_A_VOID = hands(
    "AKQJ.AKQ.AKQ.AKQ", "T98.JT98.JT9.JT9", "65432.765.87654.", "7.432.32.8765432"
)


def allowed(board: Hands, **tricks: int):
    return what_the_cards_allowed(board, {Trump(code): n for code, n in tricks.items()})


def test_a_make_that_succeeds_is_not_doubled_and_scores_its_tricks_and_honours():
    """§12: "a make that succeeds is not doubled"; its value is "the deal's points as §10
    scores them (trick points and honour points, the honours … from the hands)".

    Hearts, the dealer's side 10 tricks: 4 by-cards × 8 = 32; Z's four honours in one hand,
    8 × 8 = 64: 96, and nothing to the adversaries. Net +96."""
    hearts = allowed(ELWELL_6, NT=7, H=10, D=7, C=7, S=7)[H]
    assert hearts.doubles == 0
    assert tuple(hearts.points) == (32 + 64, 0)
    assert hearts.net == 96


def test_a_make_that_fails_is_doubled_once_and_the_makers_do_not_redouble():
    """§12: "a make that fails is doubled once by the adversaries (the makers will not
    redouble)".

    Clubs, the dealer's side 5 tricks: the adversaries' 8 make 2 by-cards × 4 × 2 = 16, and
    B's three honours 2 × 4 = 8 (never doubled, Law 10): 24 to them, nothing to the makers.
    Net −24."""
    clubs = allowed(ELWELL_6, NT=7, H=7, D=7, C=5, S=7)[C]
    assert clubs.doubles == 1
    assert tuple(clubs.points) == (0, 16 + 8)
    assert clubs.net == -24


def test_six_tricks_fail_and_the_makers_keep_their_honours():
    """Six tricks are no by-card: the make fails, doubled; the honours are the holders' all
    the same (Law 6).

    Diamonds, 6 tricks: the adversaries' 7 make 1 × 6 × 2 = 12; Z and Y's three honours,
    2 × 6 = 12. Net 0."""
    diamonds = allowed(ELWELL_6, NT=7, H=7, D=6, C=7, S=7)[D]
    assert diamonds.doubles == 1
    assert tuple(diamonds.points) == (12, 12)
    assert diamonds.net == 0


def test_a_slam_goes_to_the_side_that_takes_it():
    """§12: "slams to the side that takes them".

    Hearts, all 13 tricks: 7 × 8 = 56, four honours in one hand 64, grand slam 40: 160.
    Spades, the dealer's side 1 trick: the adversaries' 12 make 6 × 2 × 2 = 24 and a little
    slam, 20: 44 to them; Z and Y's three honours 2 × 2 = 4. Net −40."""
    board = allowed(ELWELL_6, NT=7, H=13, D=7, C=7, S=1)
    assert tuple(board[H].points) == (56 + 64 + 40, 0)
    assert tuple(board[S].points) == (4, 24 + 20)
    assert board[S].net == -40


def test_the_makers_chicane_is_added_to_their_honours_failing_or_not():
    """The honours and chicane from the hands (§12, §9; Law 9: a side with a void hand that
    scores honours adds the chicane).

    Clubs, 9 tricks: 3 × 4 = 12; Z's three honours 2 × 4 = 8 and Y's chicane 2 × 4 = 8: 28.
    Clubs, 5 tricks: the adversaries' 8 make 2 × 4 × 2 = 16; the makers keep 8 + 8 = 16.
    Net 0."""
    assert tuple(allowed(ACES_AND_A_VOID, NT=7, H=7, D=7, C=9, S=7)[C].points) == (12 + 16, 0)
    failing = allowed(ACES_AND_A_VOID, NT=7, H=7, D=7, C=5, S=7)[C]
    assert tuple(failing.points) == (16, 16)
    assert failing.net == 0


def test_the_best_make_is_the_trump_of_the_highest_net():
    """§12: "The best make is the trump of the highest net".

    Elwell's hand 6, NT 9, H 10, D 8, C 7, S 8: no-trump 3 × 12 = 36 + 4 aces 40 = 76;
    hearts 4 × 8 + 64 = 96; diamonds 2 × 6 + 12 = 24; clubs 1 × 4 = 4 less B's honours 8 =
    −4; spades 2 × 2 + 4 = 8. Hearts, +96."""
    board = allowed(ELWELL_6, NT=9, H=10, D=8, C=7, S=8)
    assert board.net == {NT: 76, H: 96, D: 24, C: -4, S: 8}
    assert board.best.trump is H


def test_between_equal_nets_the_higher_trick_value_is_the_best():
    """§12: "between equal nets, the trump of the higher trick value (no-trump, hearts,
    diamonds, clubs, spades)".

    NT 1, H 7, D 8, C 7, S 7: no-trump fails, the adversaries' 12 make 6 × 12 × 2 = 144 and
    a little slam 20, against Z's four aces in one hand 100: −64; hearts 1 × 8 + three
    honours 16 = 24; diamonds 2 × 6 + 12 = 24; clubs 1 × 4 + 8 + Y's chicane 8 = 20; spades
    1 × 2 + four in one hand 16 = 18. Hearts and diamonds tie at 24: hearts."""
    board = allowed(ACES_AND_A_VOID, NT=1, H=7, D=8, C=7, S=7)
    assert board.net == {NT: -64, H: 24, D: 24, C: 20, S: 18}
    assert board.best.trump is H


def test_the_best_make_may_be_one_that_fails():
    """The cards dictate the doubling, and the honours are not doubled (Law 10): six tricks
    at no-trump, doubled, cost the adversaries' 1 × 12 × 2 = 24 against Z's 100 aces:
    +76, more than any trump that succeeds here (hearts 24)."""
    board = allowed(ACES_AND_A_VOID, NT=6, H=7, D=8, C=7, S=7)
    assert board.best.trump is NT
    assert (board.best.doubles, board.best.net) == (1, 76)


def test_the_line_of_the_command_line():
    """§12's line: the board, its dealer, the dealer's side's tricks and net for each make,
    in its order, NT H D C S, and the best."""
    board = allowed(ELWELL_6, NT=9, H=10, D=8, C=7, S=8)
    line = allowed_json(board, board=6, dealer=Direction.SOUTH)
    assert line == {
        "board": 6,
        "dealer": "S",
        "tricks": {"NT": 9, "H": 10, "D": 8, "C": 7, "S": 8},
        "net": {"NT": 76, "H": 96, "D": 24, "C": -4, "S": 8},
        "best": "H",
    }
    assert list(line["tricks"]) == ["NT", "H", "D", "C", "S"]


def test_in_words():
    board = allowed(ACES_AND_A_VOID, NT=6, H=7, D=8, C=7, S=7)
    assert tricks_words(board) == "NT 6  \u2665 7  \u2666 8  \u2663 7  \u2660 7"
    assert best_words(board, "Z & Y") == "best: No-trump, doubled, Z & Y +76"
    assert make_words(board[C]) == "Clubs: 7 tricks, +20"
    assert make_words(allowed(ELWELL_6, NT=7, H=7, D=7, C=5, S=7)[C]) == (
        "Clubs: 5 tricks, doubled, \u221224"
    )


def test_what_a_table_made_beside_what_the_cards_allowed():
    """§12: "beside each result: what the table made against what the cards allowed"."""
    board = allowed(ELWELL_6, NT=9, H=10, D=8, C=5, S=8)
    assert compared_words(board, H, 9, "Z & Y") == "Hearts: Z & Y took 9; the cards allowed 10, +96"
    assert compared_words(board, C, None, "N\u2013S") == (
        "Clubs: the cards allowed 5, doubled, \u221224"
    )


@pytest.mark.parametrize(
    ("tricks", "said"),
    [
        ({NT: 7, H: 7, D: 7, C: 7}, "missing S; got 4"),
        ({NT: 7, H: 7, D: 7, C: 7, S: 14}, "Spades: the dealer's side takes from 0 to 13"),
        ({NT: -1, H: 7, D: 7, C: 7, S: 7}, "No-trump: the dealer's side takes from 0 to 13"),
        ({NT: 7, H: 7, D: "7", C: 7, S: 7}, "Diamonds: the dealer's side takes from 0 to 13"),
    ],
)
def test_five_numbers_from_0_to_13_or_refused_in_words(tricks, said):
    with pytest.raises(RubberError, match=said) as refused:
        what_the_cards_allowed(ELWELL_6, tricks)
    assert refused.value.field == "tricks"
