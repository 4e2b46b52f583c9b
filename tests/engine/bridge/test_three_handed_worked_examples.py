"""Three-handed Bridge worked from Elwell's "Bridge for Three Players" (p. 96 by the book's
index: "Bridge for three players, 96"), in Bridge; its Principles and Rules of Play (1906).

The chapter gives rules, not scores: each figure here is worked by hand from the numbers
of the rules and of the Laws of 1905, the arithmetic written beside it. The dummies'
hands are typed as the book prints them in its Illustrative Hands (p. 73 on), written
"[S] A K J 10 5 2 [C] 2 …"; a hand the book does not print is said to be made up.
"""

from __future__ import annotations

import re

import pytest

from scorer.engine import (
    RubberError,
    Seat,
    Side,
    ThreeHandedRules,
    Trump,
    Unit,
    check_double,
    dummy_declaration,
    may_double,
    work_out,
)
from scorer.engine.cutting import Card
from tests.support.rubbers import deal

BY_GAMES = ThreeHandedRules(unit=Unit.GAME)
BY_RUBBERS = ThreeHandedRules(unit=Unit.RUBBER)

# -- Games worth 50, rubbers worth 100 -------------------------------------------------------


def test_playing_games_the_winners_of_each_game_add_50():
    """ "In playing games, 50 points are added to score of the winning side." (p. 96)

    They deal and make clubs; They win 8 tricks: 2 × 4 = 8, and hold three honours:
    2 × 4 = 8. The dummy's holder deals and makes no-trump; We win 10 tricks: 4 × 12 = 48,
    game, and hold three aces: 30. The game is a unit of its own: We 48 + 30 + 50 = 128,
    They 8 + 8 = 16, and We win 128 − 16 = 112.
    """
    sheet = work_out(
        [
            deal("C", (5, 8), ((1, 1), (2, 1)), dealer="they"),
            deal("NT", (10, 3), ((2, 1), (1, 0)), dealer="we"),
        ],
        BY_GAMES,
    )
    assert (sheet.finished, sheet.winner) == (True, Side.WE)
    assert [(game.points.we, game.points.they) for game in sheet.games] == [(48, 8)]
    assert (sheet.totals.we.rubber, sheet.totals.they.rubber) == (50, 0)
    assert (sheet.totals.we.total, sheet.totals.they.total) == (128, 16)
    assert sheet.net.we == 112


def test_playing_games_the_50_goes_to_the_adversaries_when_they_win_it():
    """ "In playing games, 50 points are added to score of the winning side." (p. 96)

    The dummy's holder makes hearts and loses: They win 9 tricks, 3 × 8 = 24, and hold four
    honours divided, 4 × 8 = 32; then They make no-trump and win 8: 2 × 12 = 24, and game
    at 48. They: 48 + 32 + 50 = 130; We nothing; We lose 130.
    """
    sheet = work_out(
        [
            deal("H", (4, 9), ((1, 0), (2, 2)), dealer="we"),
            deal("NT", (5, 8), ((1, 1), (1, 1)), dealer="they"),
        ],
        BY_GAMES,
    )
    assert sheet.winner is Side.THEY
    assert (sheet.totals.we.rubber, sheet.totals.they.rubber) == (0, 50)
    assert (sheet.totals.we.total, sheet.totals.they.total) == (0, 130)
    assert sheet.net.we == -130


def test_playing_rubbers_the_winners_add_100_once_for_the_rubber_and_nothing_for_a_game():
    """ "In playing rubbers, 100 points are added to the score of the winning side." (p. 96)

    The same two deals as the game worth 50 above win only the first game of a rubber:
    nothing is added for it. A third deal, hearts with 10 tricks (4 × 8 = 32, game), wins
    the rubber, with four honours in one hand (8 × 8 = 64). We: 48 + 32 tricks, 30 + 64
    honours, 100 for the rubber = 274; They 16; We win 258.
    """
    first_game = [
        deal("C", (5, 8), ((1, 1), (2, 1)), dealer="they"),
        deal("NT", (10, 3), ((2, 1), (1, 0)), dealer="we"),
    ]
    after_one = work_out(first_game, BY_RUBBERS)
    assert after_one.finished is False
    assert after_one.totals.we.rubber == 0
    sheet = work_out([*first_game, deal("H", (10, 3), ((4, 0), (1, 0)), dealer="they")], BY_RUBBERS)
    assert (sheet.winner, sheet.totals.we.rubber) == (Side.WE, 100)
    assert (sheet.totals.we.total, sheet.totals.they.total) == (274, 16)
    assert sheet.net.we == 258


# -- The dummy's compulsory declaration ------------------------------------------------------

SUITS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def hand(printed: str) -> list[Card]:
    """A hand as the book prints it: "[S] A K J 10 5 2 [C] 2 [D] A J 9 4 3 [H] A"."""
    cards = []
    for suit, ranks in re.findall(r"\[([SHDC])\]([^\[]*)", printed):
        for rank in ranks.split():
            if rank != "None":
                cards.append(Card(RANKS.get(rank) or int(rank), SUITS[suit]))
    return cards


def test_three_aces_make_a_compulsory_no_trump_however_long_a_suit():
    """ "If the make is passed to dummy, four aces or three aces constitute a compulsory
    'no-trump' declaration" (p. 96).

    Illustrative Hand No. 10, Y's hand: three aces (spades, diamonds, hearts), though six
    spades. (The book's Y, dummy at four, declares no-trump there by choice.)
    """
    found = dummy_declaration(hand("[S] A K J 10 5 2 [C] 2 [D] A J 9 4 3 [H] A"))
    assert found.trump is Trump.NO_TRUMP
    assert found.reason == "No-trump: the dummy holds three aces (Bridge for Three Players)"


def test_four_aces_make_a_compulsory_no_trump():
    """ "four aces or three aces constitute a compulsory 'no-trump' declaration" (p. 96).

    No hand in the book holds four aces; this one is made up: four aces and seven spades.
    """
    found = dummy_declaration(hand("[S] A Q J 10 9 8 7 [H] A [D] A 2 [C] A 3 2"))
    assert found.trump is Trump.NO_TRUMP
    assert found.reason == "No-trump: the dummy holds four aces (Bridge for Three Players)"


def test_otherwise_the_dummy_declares_its_longest_suit_however_weak():
    """ "otherwise, dummy must declare the longest suit." (p. 96)

    Illustrative Hand No. 12, Y's hand: not an honour in it, four spades, three of each
    other suit: spades.
    """
    found = dummy_declaration(hand("[S] 9 8 7 6 [C] 8 3 2 [D] 9 6 2 [H] 10 5 2"))
    assert found.trump is Trump.SPADES
    assert found.reason == "Spades, the longest suit (4 cards) (Bridge for Three Players)"


def test_two_aces_do_not_make_it_no_trump_and_of_two_long_suits_the_one_counting_most():
    """ "When there are two suits of equal length, dummy must select the suit which counts
    most by spots, the ace counting eleven and the other honours ten each." (p. 96)

    Illustrative Hand No. 7, Y's hand: two aces only, so a suit. Spades A 8 7 6 5 count
    11 + 8 + 7 + 6 + 5 = 37; clubs A Q 10 5 4 count 11 + 10 + 10 + 5 + 4 = 40: clubs.
    """
    found = dummy_declaration(hand("[S] A 8 7 6 5 [C] A Q 10 5 4 [D] 8 7 6 [H] None"))
    assert found.trump is Trump.CLUBS
    assert found.reason == (
        "Clubs: spades and clubs have 5 cards each, and clubs count most by spots "
        "(40; spades 37) (Bridge for Three Players)"
    )


def test_the_count_by_spots_comes_before_the_trick_value():
    """ "dummy must select the suit which counts most by spots … If the suits are still
    equal, dummy declares the one having the higher trick valuation." (p. 96)

    Illustrative Hand No. 11, Y's hand: spades A 9 7 5 count 11 + 9 + 7 + 5 = 32, clubs
    K J 3 2 count 10 + 10 + 3 + 2 = 25: spades, though clubs are worth more a trick.
    """
    found = dummy_declaration(hand("[S] A 9 7 5 [C] K J 3 2 [D] K 8 [H] K 10 7"))
    assert found.trump is Trump.SPADES
    assert found.reason == (
        "Spades: spades and clubs have 4 cards each, and spades count most by spots "
        "(32; clubs 25) (Bridge for Three Players)"
    )


def test_still_equal_the_dummy_declares_the_suit_of_higher_trick_value():
    """ "If the suits are still equal, dummy declares the one having the higher trick
    valuation." (p. 96)

    Illustrative Hand No. 1, B's hand: diamonds J 10 8 7 count 10 + 10 + 8 + 7 = 35, hearts
    A J 9 5 count 11 + 10 + 9 + 5 = 35: equal, and hearts (8 a trick) beat diamonds (6).
    """
    found = dummy_declaration(hand("[S] 10 7 5 [C] A 7 [D] J 10 8 7 [H] A J 9 5"))
    assert found.trump is Trump.HEARTS
    assert found.reason == (
        "Hearts: hearts and diamonds have 4 cards each and count 35 by spots each, and "
        "hearts have the higher trick value (Bridge for Three Players)"
    )


# -- Doubling ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "leader", "other_adversary"),
    [
        pytest.param(Seat.HOLDER, Seat.LEFT, Seat.RIGHT, id="the holder deals"),
        pytest.param(Seat.DUMMY, Seat.RIGHT, Seat.LEFT, id="the dummy deals"),
        pytest.param(Seat.LEFT, Seat.DUMMY, Seat.HOLDER, id="the left-hand adversary deals"),
        pytest.param(Seat.RIGHT, Seat.HOLDER, Seat.DUMMY, id="the right-hand adversary deals"),
    ],
)
def test_only_one_adversary_the_leader_can_double(dealer, leader, other_adversary):
    """ "Only one adversary, the leader, can double." … "When the dummy is the leader, his
    partner must look at dummy hand and lead from it before seeing his own cards; and
    dummy alone has the right to double." (p. 96)

    The leader is the player on the dealer's left, round the four seats: holder, left-hand
    adversary, dummy, right-hand adversary.
    """
    assert may_double(dealer, 1) == (leader,)
    check_double(dealer, leader, 1)
    with pytest.raises(RubberError) as refused:
        check_double(dealer, other_adversary, 1)
    assert refused.value.field == "doubles"


@pytest.mark.parametrize(
    "dealer",
    [
        pytest.param(Seat.HOLDER, id="the holder deals"),
        pytest.param(Seat.DUMMY, id="the holder deals for the dummy"),
    ],
)
def test_the_dealer_who_has_seen_the_two_hands_may_not_redouble(dealer):
    """ "If the dealer has seen the two hands, he is not allowed to re-double." (p. 96)

    The dummy's holder deals for himself and for the dummy, and has seen both hands.
    """
    assert may_double(dealer, 2) == ()
    with pytest.raises(RubberError, match=r"has seen the two hands and may not redouble"):
        check_double(dealer, Seat.HOLDER, 2)


def test_doubled_against_the_dummys_holder_and_no_redouble_on_the_sheet():
    """ "Only one adversary, the leader, can double. If the dealer has seen the two hands,
    he is not allowed to re-double." (p. 96); Law 50: "the value of each trick above six is
    doubled, quadrupled, and so on."

    The dummy's holder deals and makes hearts; the leader doubles; We win 9 tricks:
    3 × 8 × 2 = 48. The same deal redoubled is refused.
    """
    doubled = work_out([deal("H", (9, 4), ((2, 1), (1, 1)), dealer="we", doubles=1)], BY_RUBBERS)
    assert doubled.deals[0].entries.we.tricks == 48
    with pytest.raises(RubberError) as refused:
        work_out([deal("H", (9, 4), ((2, 1), (1, 1)), dealer="we", doubles=2)], BY_RUBBERS)
    assert str(refused.value) == (
        "deal 1: doubles: the dealer, the dummy's holder, has seen the two hands and may not "
        "redouble (Bridge for Three Players) (got 2)"
    )


def test_the_adversaries_dealing_have_not_seen_two_hands_and_may_redouble():
    """ "If the dealer has seen the two hands, he is not allowed to re-double." (p. 96): an
    adversary who deals has seen only his own; Law 52: "the dealer and his partner have
    the right to re-double."

    They deal and make no-trump; the dummy's holder doubles (the leader); They redouble
    and win 8 tricks: 2 × 12 × 4 = 96, game.
    """
    sheet = work_out([deal("NT", (5, 8), ((1, 1), (1, 1)), dealer="they", doubles=2)], BY_RUBBERS)
    assert sheet.deals[0].entries.they.tricks == 96
    assert sheet.deals[0].won_game is Side.THEY
