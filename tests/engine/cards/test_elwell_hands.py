"""Elwell's own illustrative hands worked out from the cards, as his book prints them.

From J. B. Elwell, *Bridge; its Principles and Rules of Play* (1906), the chapter of
illustrative hands after "Second-hand plays". Each hand is given in his diagram (Y at the
top, A left, B right, Z the dealer below) and its play as his table prints it: a row a
trick, the columns A, Y, B, Z, the winning card underlined (here marked *). The book's
underlining is a second reckoning of each trick's winner, beside the engine's.
"""

from __future__ import annotations

import pytest

from scorer.engine import Deal, Maker, Pair, Side, Trump, work_out
from scorer.engine.cards import CardError, Position, read_cards

# The table's columns, A Y B Z, as positions from the dealer Z.
COLUMNS = (Position.LEFT, Position.PARTNER, Position.RIGHT, Position.DEALER)


def played(table: str) -> tuple[list[list[str]], list[Position]]:
    """The book's table as tricks in the order played (each from its leader, the first by
    A, each next by the winner the book marks), and the winners it marks."""
    tricks, winners, leader = [], [], Position.LEFT
    for row in table.strip().splitlines():
        cells = dict(zip(COLUMNS, row.split(), strict=True))
        winner = next(p for p, card in cells.items() if card.endswith("*"))
        cards = {p: card.rstrip("*") for p, card in cells.items()}
        tricks.append([cards[Position((leader + turn) % 4)] for turn in range(4)])
        winners.append(winner)
        leader = winner
    return tricks, winners


def hands(z: str, a: str, y: str, b: str) -> dict[str, str]:
    return {"dealer": z, "left": a, "partner": y, "right": b}


# Illustrative Hand No. 6, "Allowing the weaker of the two hands to 'ruff' before leading
# trumps": love-all; Z makes it hearts, having four honours in one hand. "The dealer makes
# a grand slam."
HAND_6 = hands(
    z="KJ.AKQJ8.KQ53.52",
    a="QT5.764.J972.876",
    y="A643.95.A4.AJ943",
    b="9872.T32.T86.KQT",
)
TABLE_6 = """
D2  DA* D6  D3
D7  D4  D8  DK*
D9  H5* DT  D5
H4  H9  H2  HA*
H6  C3  H3  HK*
H7  C4  HT  HQ*
C6  C9  CT  HJ*
DJ  CJ  S2  DQ*
S5  S3  S7  SK*
SQ  SA* S8  SJ
ST  S4  S9  H8*
C7  CA* CQ  C2
C8  S6* CK  C5
"""

# No. 7, "Trumping your own trick to get the lead into the right hand": Z, 18 to 0 with a
# game in, makes it diamonds, having four honours. "The dealer makes a little slam."
HAND_7 = hands(
    z="2.AQ.AQJT.J98632",
    a="KJ93.KJT842.543.",
    y="A8765..876.AQT54",
    b="QT4.97653.K92.K7",
)
TABLE_7 = """
HT  D6* H3  HQ
D3  D7  D2  DQ*
S3  SA* S4  S2
D4  D8  D9  DJ*
D5  S5  DK  DA*
H2  CT  CK* C2
H4  S6  H5  HA*
H8  CQ* C7  C3
HJ  CA* H6  C6
HK  C5  H7  C8*
S9  C4  H9  C9*
SJ  S7  ST  CJ*
SK  S8  SQ  DT*
"""

# No. 10, "Leading through": love-all; Z passes the make, Y declares no-trump. "The dealer
# makes a little slam."
HAND_10 = hands(
    z="9764.632.T75.AQ3",
    a="Q83.K54.K862.K84",
    y="AKJT52.A.AJ943.2",
    b=".QJT987.Q.JT9765",
)
TABLE_10 = """
D2  D3  DQ* D5
H4  HA* HQ  H2
S3  SK* C5  S4
C4  C2  C9  CA*
S8  ST* C6  S6
SQ  SA* H7  S7
HK  S2  C7  S9*
D6  D4  H8  DT*
D8  D9* CT  D7
DK  DA* H9  H3
C8  DJ* CJ  H6
H5  SJ* HT  C3
CK  S5* HJ  CQ
"""

# No. 2, "Playing for the longest suit in the two hands": love-all; Z makes it no-trump.
# "The dealer wins nine tricks." At trick 11 the book prints Y's card as the four of
# clubs, which Z held and had played at trick 9: Y, out of hearts and clubs, throws the
# four of spades.
HAND_2 = hands(
    z="A93.AQT2.T9.AJT4",
    a="KJT2.63.QJ754.98",
    y="864.954.A63.7652",
    b="Q75.KJ87.K82.KQ3",
)
TABLE_2 = """
D5  D3  DK* D9
DJ* D6  D8  DT
D4  DA* D2  S3
C8  C2  CQ  CA*
C9  C5  CK* CJ
H3  H9* H7  H2
H6  H4  H8  HT*
S2  C6  C3  CT*
ST  C7* S5  C4
D7  H5  HJ  HQ*
DQ  {y11}  HK  HA*
SJ  S6  S7  SA*
SK* S8  SQ  S9
"""


@pytest.mark.parametrize(
    ("deal", "table", "trump"),
    [
        (HAND_6, TABLE_6, Trump.HEARTS),
        (HAND_7, TABLE_7, Trump.DIAMONDS),
        (HAND_10, TABLE_10, Trump.NO_TRUMP),
        (HAND_2, TABLE_2.format(y11="S4"), Trump.NO_TRUMP),
    ],
)
def test_each_trick_is_won_by_the_card_elwell_underlines(deal, table, trump):
    tricks, winners = played(table)
    worked = read_cards({"hands": deal, "play": tricks}, dealer=Side.WE, trump=trump)
    assert [trick.winner for trick in worked.card_play.tricks] == winners
    assert worked.card_play.revokes == ()


def test_hand_6_hearts_four_honours_in_one_hand_and_a_grand_slam():
    tricks, _ = played(TABLE_6)
    worked = read_cards({"hands": HAND_6, "play": tricks}, dealer=Side.WE, trump=Trump.HEARTS)
    assert worked.worked_out == {
        "honours": {"we": [4, 0], "they": [0, 1]},  # Z A K Q J, B the ten
        "chicane": {"we": 0, "they": 0},
        "tricks": {"we": 13, "they": 0},
        "revokes": {"we": 0, "they": 0},
    }
    sheet = work_out([Deal(Side.WE, Trump.HEARTS, play=worked.play)])
    assert sheet.deals[0].entries.we.explanation == (
        "Hearts, 7 by-cards: 7 × 8 = 56",
        "4 honours in one hand (hearts): 64",
        "grand slam: 40",
    )


def test_hand_7_diamonds_four_honours_in_the_dealers_hand_and_a_little_slam():
    tricks, _ = played(TABLE_7)
    worked = read_cards({"hands": HAND_7, "play": tricks}, dealer=Side.WE, trump=Trump.DIAMONDS)
    assert worked.play.honours == Pair((4, 0), (0, 1))  # Z A Q J T, B the king
    assert worked.play.tricks == Pair(12, 1)
    sheet = work_out([Deal(Side.WE, Trump.DIAMONDS, play=worked.play)])
    assert sheet.deals[0].entries.we.explanation == (
        "Diamonds, 6 by-cards: 6 × 6 = 36",
        "4 honours in one hand (diamonds): 48",
        "little slam: 20",
    )


def test_hand_10_the_make_passed_four_aces_divided_and_a_little_slam():
    tricks, _ = played(TABLE_10)
    worked = read_cards({"hands": HAND_10, "play": tricks}, dealer=Side.WE, trump=Trump.NO_TRUMP)
    # The dealer plays both hands though his partner declared: Y's three aces, Z's one.
    assert worked.worked_out["honours"] == {"we": [1, 3], "they": [0, 0]}
    assert worked.play.tricks == Pair(12, 1)
    deal = Deal(Side.WE, Trump.NO_TRUMP, Maker.PARTNER, play=worked.play)
    assert work_out([deal]).deals[0].entries.we.explanation == (
        "No-trump, 6 by-cards: 6 × 12 = 72",
        "4 aces: 40",
        "little slam: 20",
    )


def test_hand_2_the_dealer_wins_nine_tricks_with_the_four_aces_between_his_hands():
    tricks, _ = played(TABLE_2.format(y11="S4"))
    worked = read_cards({"hands": HAND_2, "play": tricks}, dealer=Side.WE, trump=Trump.NO_TRUMP)
    assert worked.play.tricks == Pair(9, 4)
    assert worked.worked_out["honours"] == {"we": [3, 1], "they": [0, 0]}  # Z three, Y one
    assert work_out([Deal(Side.WE, Trump.NO_TRUMP, play=worked.play)]).deals[
        0
    ].entries.we.explanation == ("No-trump, 3 by-cards: 3 × 12 = 36", "4 aces: 40")


def test_hand_2_as_printed_is_refused_naming_the_card_y_did_not_hold():
    tricks, _ = played(TABLE_2.format(y11="C4"))
    with pytest.raises(CardError) as refused:
        read_cards({"hands": HAND_2, "play": tricks}, dealer=Side.WE, trump=Trump.NO_TRUMP)
    assert str(refused.value) == (
        "play: trick 11: the dealer's partner played the C4, which he did not hold "
        "(the dealer held it, and played it in trick 9)"
    )
