"""Bridge worked from the sources: the chapter on scoring, the specimen sheet and the
Illustrative Hands of J. B. Elwell's Bridge; its Principles and Rules of Play (1906,
Project Gutenberg eBook #38000), its Laws of Bridge, revised 1905, and the same laws as
revised in 1907 (printed with a book of Bridge Axioms).

Pages are Elwell's, found by his index (the etext keeps no page numbers): "Trick values,
table of, 3", "Table of honour values, 7", "Specimen score-sheet, 8", "Illustrative
hands, 73", "Laws of bridge, 101", "Revoke, the, 121". The Laws are cited by number; the
1907 revision, unnumbered, by its heading.

Where the source prints a figure (its tables, the specimen sheet, "the dealer makes a
grand slam") that figure is the expected value; where it gives only the rule, the figure
is worked by hand from the law's numbers, the arithmetic written beside it. The sheet's
side We is the dealer Z and his partner Y, as on the specimen; They are A and B.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.engine import BRIDGE, PRINTED_LAWS, RubberError, Rules, Side, loads, work_out
from tests.support.rubbers import deal

ROOT = Path(__file__).resolve().parents[3]
TRUMPS = ("S", "C", "D", "H")


def entries(*deals, rules=PRINTED_LAWS):
    """The entries of the last of the deals."""
    return work_out(deals, rules).deals[-1].entries


# -- Tricks (Law 4; the table of trick values, p. 3) -----------------------------------------

# "TABLE OF TRICK VALUES (For each trick over six.)" (p. 3)
TRICK_VALUES = {"S": 2, "C": 4, "D": 6, "H": 8, "NT": 12}


@pytest.mark.parametrize(("trump", "value"), TRICK_VALUES.items())
def test_the_table_of_trick_values(trump, value):
    """ "When [S] are trumps each trick counts 2" … "When there are no trumps each trick
    counts 12" (p. 3; Law 4). One by-card scores the table's figure."""
    assert entries(deal(trump, (7, 6))).we.tricks == value


# -- Doubling and redoubling (Laws 50, 10; the footnote to Law 55) ---------------------------


def test_law_50_doubled_the_trick_value_is_doubled_and_the_honours_are_not():
    """Law 50: "the value of each trick above six is doubled, quadrupled, and so on." Law 10:
    "The value of honours … is in nowise affected by doubling or redoubling."

    We make diamonds, doubled; We win 9 tricks: 3 × 6 × 2 = 36, which wins the game that
    3 × 6 = 18 undoubled would not. Four honours divided: 24 (p. 7), doubled or not.
    """
    doubled = work_out([deal("D", (9, 4), ((2, 2), (1, 0)), doubles=1)]).deals[0]
    assert (doubled.entries.we.tricks, doubled.entries.we.honours) == (36, 24)
    assert doubled.won_game is Side.WE
    undoubled = work_out([deal("D", (9, 4), ((2, 2), (1, 0)))]).deals[0]
    assert (undoubled.entries.we.tricks, undoubled.entries.we.honours) == (18, 24)
    assert undoubled.won_game is None


def test_law_50_redoubled_the_trick_value_is_quadrupled():
    """Law 50: "… doubled, quadrupled, and so on." Law 52: "the dealer and his partner
    have the right to re-double."

    We make hearts; They double, We redouble; We win 9 tricks: 3 × 8 × 4 = 96.
    """
    assert entries(deal("H", (9, 4), ((2, 1), (1, 1)), doubles=2)).we.tricks == 96


def test_law_50_and_so_on_a_third_double_multiplies_by_eight():
    """Law 50: "doubled, quadrupled, and so on"; Law 53: "their adversaries shall have the
    right to again double."

    We make no-trump; doubled, redoubled, doubled again; We win 8 tricks:
    2 × 12 × 8 = 192.
    """
    assert entries(deal("NT", (8, 5), doubles=3)).we.tricks == 192


def test_a_doubled_make_that_fails_scores_the_doubled_tricks_to_the_adversaries():
    """ "The trick score is credited to the side that wins more than six tricks" (The Object
    of the Game, p. 2); Law 50.

    We make hearts and They double; They win 8 tricks: 2 × 8 × 2 = 32, and the game.
    """
    sheet = work_out([deal("H", (5, 8), ((1, 1), (2, 1)), doubles=1)])
    assert (sheet.deals[0].entries.we.tricks, sheet.deals[0].entries.they.tricks) == (0, 32)
    assert sheet.deals[0].won_game is Side.THEY


@pytest.mark.parametrize(("limit", "most"), [(100, 4), (200, 5)])
def test_the_doubling_limit_of_the_footnote_to_law_55(limit, most):
    """Footnote to Law 55: "In some clubs, doubling ceases whenever the value of the odd
    trick exceeds one hundred points; in other clubs the limit is placed at two hundred
    points."

    At no-trump the odd trick is worth 12, 24, 48, 96, 192, 384 after 0 … 5 doubles: over
    100 after the fourth, over 200 after the fifth, and no double after that.
    """
    rules = Rules(doubling_limit=limit)
    assert entries(deal("NT", (7, 6), doubles=most), rules=rules).we.tricks == 12 * 2**most
    with pytest.raises(RubberError, match=rf"^deal 1: doubles: .* at most {most} times"):
        work_out([deal("NT", (7, 6), doubles=most + 1)], rules)


# -- Honours (Law 6; the table of honour values, p. 7; the 1907 revision) -------------------

# Each holding of the side that scores, and the other side's (the rest of the honours).
HOLDINGS = {
    "3 honours": ((2, 1), (1, 1)),
    "4 honours": ((2, 2), (1, 0)),
    "4 honours in one hand": ((4, 0), (1, 0)),
    "5 honours": ((3, 2), (0, 0)),
    "5 honours, 4 in one hand": ((4, 1), (0, 0)),
    "5 honours in one hand": ((5, 0), (0, 0)),
    "3 aces": ((2, 1), (1, 0)),
    "4 aces": ((2, 2), (0, 0)),
    "4 aces in one hand": ((4, 0), (0, 0)),
}

# "TABLE SHOWING VALUE OF HONOURS" (p. 7), as printed: spades, clubs, diamonds, hearts;
# its no-trump rows are the aces.
TABLE_OF_HONOURS = {
    "3 honours": (4, 8, 12, 16),
    "4 honours": (8, 16, 24, 32),
    "5 honours": (10, 20, 30, 40),
    "4 honours in one hand": (16, 32, 48, 64),
    "5 honours, 4 in one hand": (18, 36, 54, 72),  # "4 Honours in one hand, 5th in the partner's"
    "5 honours in one hand": (20, 40, 60, 80),
    "3 aces": 30,
    "4 aces": 40,
    "4 aces in one hand": 100,
}

# The table under Law 6 (p. 101), as printed: spades, clubs, diamonds, hearts, no-trump.
LAW_6 = {
    "3 honours": (4, 8, 12, 16, 30),
    "4 honours": (8, 16, 24, 32, 40),
    "4 honours in one hand": (16, 32, 48, 64, 100),
    "5 honours": (10, 20, 30, 40, None),
    "5 honours, 4 in one hand": (18, 36, 64, 72, None),  # 64 for diamonds: see below
    "5 honours in one hand": (20, 40, 60, 80, None),
    "chicane": (4, 8, 12, 16, None),
}

# The same table in the 1907 revision, under "SCORING".
REVISED_1907 = {**LAW_6, "5 honours, 4 in one hand": (18, 36, 54, 72, None)}

# The same rows at no-trump, where the honours are the aces.
NO_TRUMP_ROW = {
    "3 honours": "3 aces",
    "4 honours": "4 aces",
    "4 honours in one hand": "4 aces in one hand",
}


def figure(row: str, trump: str) -> int:
    """What the engine scores for a row of a table: the holding's honours, or for the
    chicane row three honours with the partner void of trumps less three honours without."""
    if row == "chicane":
        void = entries(deal(trump, (7, 6), ((3, 0), (1, 1)), chicane=(1, 0))).we.honours
        return void - entries(deal(trump, (7, 6), ((3, 0), (1, 1)))).we.honours
    if trump == "NT":
        row = NO_TRUMP_ROW.get(row, row)
    ours, theirs = HOLDINGS[row]
    return entries(deal(trump, (7, 6), (ours, theirs))).we.honours


def cells(table) -> list:
    found = []
    for row, printed in table.items():
        if isinstance(printed, int):
            found.append(pytest.param(row, "NT", printed, id=f"{row}-NT"))
            continue
        for trump, cell in zip((*TRUMPS, "NT"), printed, strict=False):
            if cell is not None:
                found.append(pytest.param(row, trump, cell, id=f"{row}-{trump}"))
    return found


@pytest.mark.parametrize(("row", "trump", "printed"), cells(TABLE_OF_HONOURS))
def test_the_table_showing_value_of_honours_figure_for_figure(row, trump, printed):
    """ "TABLE SHOWING VALUE OF HONOURS" (p. 7), every figure as printed."""
    assert figure(row, trump) == printed


@pytest.mark.parametrize(("row", "trump", "printed"), cells(REVISED_1907))
def test_the_1907_revisions_table_figure_for_figure(row, trump, printed):
    """The table of the 1907 revision ("SCORING": "Honours are credited to the original
    holders and are valued as follows"), every figure as printed, chicane included."""
    assert figure(row, trump) == printed


@pytest.mark.parametrize(("row", "trump", "printed"), cells(LAW_6))
def test_the_table_under_law_6_figure_for_figure_but_its_misprint(row, trump, printed):
    """The table under Law 6 (p. 101), every figure as printed but one: diamonds, 5 honours
    with 4 in one hand, printed 64. The book's own table (p. 7: "54") and the 1907 revision
    ("54") give 9 × 6 = 54, and so does the engine."""
    if (row, trump) == ("5 honours, 4 in one hand", "D"):
        assert printed == 64
        assert figure(row, trump) == TABLE_OF_HONOURS[row][2] == REVISED_1907[row][2] == 9 * 6
    else:
        assert figure(row, trump) == printed


# -- Chicane and double chicane (Law 9; p. 7) ------------------------------------------------


def test_law_9_chicane_adds_three_honours_to_the_side_that_scores_honours():
    """ "CHICANE, a hand which is without a trump, adds the value of three honours to the
    honour score." (p. 7) Law 9: "if partner of player having chicane scores honours he
    adds the value of three honours to his honour score".

    Hearts: Z holds four honours in one hand (64, p. 7) and Y no trump: 64 + 16 (three
    honours at hearts, the table's chicane) = 80.
    """
    scored = entries(deal("H", (7, 6), ((4, 0), (1, 0)), chicane=(1, 0)))
    assert scored.we.honours == 64 + 16
    assert scored.they.honours == 0


def test_law_9_chicane_is_deducted_from_the_adversaries_honour_score():
    """Law 9: "if the adversaries score honours, it deducts an equal value from their
    honour score."

    Clubs: They hold four honours divided (16, p. 7); Y has no club: three honours at
    clubs, 8, come off: 16 − 8 = 8.
    """
    scored = entries(deal("C", (7, 6), ((1, 0), (2, 2)), chicane=(1, 0)))
    assert scored.they.honours == 16 - 8
    assert scored.we.honours == 0


def test_law_9_double_chicane_is_deducted_from_the_adversaries_whole_honour_score():
    """ "DOUBLE CHICANE, a player and partner having no trumps, adds the value of four
    honours to the honour score." (p. 7) Law 9: "Double Chicane (a player and his partner
    both void of trumps) is equal in value to four honours, and the value thereof may be
    deducted from the total honour score of the adversaries."

    Diamonds: Z and Y hold no diamond; They hold all five honours, four in one hand (54,
    p. 7), and win twelve tricks (little slam, 20): 74. Four honours at diamonds, 24, come
    off: 74 − 24 = 50. Their tricks: 6 × 6 = 36.
    """
    scored = entries(deal("D", (1, 12), ((0, 0), (4, 1)), chicane=(2, 0)))
    assert (scored.they.tricks, scored.they.honours) == (36, 54 + 20 - 24)
    assert scored.we.honours == 0


# -- Slams (Laws 7, 8; p. 7; the Illustrative Hands) ------------------------------------------


def test_illustrative_hand_6_the_dealer_makes_a_grand_slam():
    """Illustrative Hand No. 6: "The score is love-all. The dealer, Z, makes it hearts,
    having four honours in one hand." … "The dealer makes a grand slam." Law 7: "If a
    player and his partner make thirteen tricks … they score Grand Slam and add forty
    points to their honour count."

    Z holds A K Q J of hearts, B the 10. Tricks: 7 × 8 = 56, the game. Honours: four in
    one hand, 64 (p. 7), and the grand slam, 40: 104.
    """
    sheet = work_out([deal("H", (13, 0), ((4, 0), (0, 1)))])
    scored = sheet.deals[0].entries
    assert (scored.we.tricks, scored.we.honours) == (56, 64 + 40)
    assert "grand slam: 40" in scored.we.explanation
    assert sheet.deals[0].won_game is Side.WE


def test_illustrative_hand_7_a_little_slam_wins_the_rubber():
    """Illustrative Hand No. 7: "The score is 18 to 0 in favour of the dealer, Z, who has a
    game in and makes it diamonds, having four honours." … "The dealer makes a little
    slam." Law 8: "Little slam is twelve tricks similarly scored, and adds twenty points
    to the honour count."

    Z holds A Q J 10 of diamonds, B the king. Tricks: 6 × 6 = 36; 18 + 36 = 54, the game
    and the rubber. Honours: four in one hand, 48 (p. 7), and the little slam, 20: 68.
    Before it: no-trump, 4 by-cards (48, the first game); diamonds, 3 by-cards (18), They
    holding three honours (12). We: 48 + 18 + 36 + 68 + 100 = 270; They 12; 258 won.
    """
    sheet = work_out(
        [
            deal("NT", (10, 3), ((1, 1), (1, 1))),
            deal("D", (9, 4), ((1, 1), (2, 1))),
            deal("D", (12, 1), ((4, 0), (0, 1))),
        ]
    )
    scored = sheet.deals[2].entries
    assert (scored.we.tricks, scored.we.honours) == (36, 48 + 20)
    assert (sheet.winner, sheet.totals.we.rubber) == (Side.WE, 100)
    assert (sheet.totals.we.total, sheet.totals.they.total, sheet.net.we) == (270, 12, 258)


def test_illustrative_hand_10_a_passed_no_trump_little_slam_with_four_aces():
    """Illustrative Hand No. 10: "The score is love-all. The dealer, Z, passes the make. Y
    declares no-trump." … "The dealer makes a little slam."

    Y holds the aces of spades, diamonds and hearts, Z the ace of clubs: four aces, 40
    (p. 7). Tricks: 6 × 12 = 72; honours 40 + 20 = 60.
    """
    scored = entries(deal("NT", (12, 1), ((1, 3), (0, 0)), maker="partner"))
    assert (scored.we.tricks, scored.we.honours) == (72, 40 + 20)
    assert "little slam: 20" in scored.we.explanation


def test_law_7_tricks_gained_by_the_revoke_penalty_make_no_slam():
    """Law 7: "If a player and his partner make thirteen tricks, independently of any
    tricks gained by the revoke penalty, they score Grand Slam".

    Hearts: We win 10 tricks in play and They revoke: 10 + 3 = 13 on the score (Law 87),
    7 × 8 = 56, but no slam; We hold two honours and score nothing above the line.
    """
    scored = entries(deal("H", (10, 3), ((1, 1), (2, 1)), revokes=(0, 1)))
    assert (scored.we.tricks, scored.we.honours) == (56, 0)


# -- Revokes (Laws 87, 89) ------------------------------------------------------------------


def test_law_89_a_revoke_in_the_deal_that_would_win_the_game_holds_the_side_to_28():
    """Law 89: "Under no circumstances can the revoking side score game in that hand.
    Whatever their previous score may have been, the side revoking cannot attain a higher
    score toward game than twenty-eight." (p. 121) The 1907 axioms: "The revoking side
    cannot win the game on that hand, nor score more than 28 points."

    We stand at 18 (diamonds, 3 by-cards). We make hearts and win 11 tricks in play, but
    revoke once: three tricks to They (Law 87), 8 left, 2 × 8 = 16, and 18 + 16 = 34
    would be game. Held to 28: 10 count and 6 are lost. The game goes on at 28, and the
    next deal's 2 (spades, the odd trick) wins it at 30.
    """
    sheet = work_out(
        [
            deal("D", (9, 4), ((2, 1), (1, 1))),
            deal("H", (11, 2), ((2, 1), (1, 1)), revokes=(1, 0)),
            deal("S", (7, 6), ((2, 1), (1, 1))),
        ]
    )
    revoked = sheet.deals[1]
    assert (revoked.entries.we.tricks, revoked.won_game) == (10, None)
    assert "revoke: held to 28 toward game (Law 89) — 6 points lost" in (
        revoked.entries.we.explanation
    )
    assert sheet.deals[2].won_game is Side.WE
    assert sheet.games[0].points.we == 18 + 10 + 2


def test_law_87_the_adversaries_of_the_revoking_side_may_win_the_game_with_its_tricks():
    """Law 87: "The penalty for a revoke is three tricks taken from the revoking player and
    added to those of the adversaries." (p. 121)

    We make no-trump and win only 6 tricks in play, but They revoke: 6 + 3 = 9, 3 × 12 =
    36, and the game to We.
    """
    sheet = work_out([deal("NT", (6, 7), ((1, 1), (1, 1)), revokes=(0, 1))])
    assert (sheet.deals[0].entries.we.tricks, sheet.deals[0].entries.they.tricks) == (36, 0)
    assert sheet.deals[0].won_game is Side.WE


# -- The Spade Convention ------------------------------------------------------------------

CONVENTION = Rules(spade_convention=True)


def test_the_spade_convention_an_unplayed_spade_make_takes_two_on_the_score():
    """Spade Convention I: "Where players agree 'not to play spades' the rule is, that if
    the spade make is not doubled, the hand shall be played where either side is 20 or
    over." II: "the spade maker may take two on the score".

    Love-all: They make spades, not doubled, and the hand is not played: They 2 below the
    line, nothing above it.
    """
    scored = entries(deal("S", None, dealer="they"), rules=CONVENTION)
    assert (scored.they.tricks, scored.they.honours) == (2, 0)
    assert (scored.we.tricks, scored.we.honours) == (0, 0)


def test_the_spade_convention_at_twenty_the_hand_shall_be_played():
    """Spade Convention I: "the hand shall be played where either side is 20 or over."

    We stand at 18 (diamonds, 3 by-cards) and make spades, unplayed: 18 + 2 = 20. They
    then make spades: with We at 20 the hand must be played.
    """
    before = [deal("D", (9, 4), ((2, 1), (1, 1))), deal("S", None)]
    assert work_out(before, CONVENTION).game.points.we == 20
    with pytest.raises(RubberError) as refused:
        work_out([*before, deal("S", None, dealer="they")], CONVENTION)
    assert str(refused.value) == (
        "deal 3: played: with We at 20 in this game, the hand must be played (Spade Convention I)"
    )


def test_the_spade_convention_a_doubled_spade_make_is_played():
    """Spade Convention I: "if the spade make is not doubled" it may go unplayed; doubled,
    it is played."""
    with pytest.raises(RubberError, match=r"^deal 1: played: a doubled spade make must be played"):
        work_out([deal("S", None, doubles=1)], CONVENTION)


# -- A rubber lost on the adversaries' tricks ---------------------------------------------------


def test_illustrative_hand_12_the_dealer_loses_three_by_cards_and_the_rubber():
    """Illustrative Hand No. 12: "The score is 24 to 0 against the dealer on the rubber
    game. The dealer, Z, makes it no-trump" … "The dealer loses three by-cards and the
    rubber." Law 11: "one hundred points are added to the score of the winners of the
    rubber."

    Z holds the aces of clubs and hearts, A of diamonds, B of spades: aces easy, no
    honours. They win 9 tricks: 3 × 12 = 36; 24 + 36 = 60, the game and the rubber.
    Before it: We won the first game (no-trump, 48), They the second (no-trump, 48), and
    They stand at 24 (hearts, 3 by-cards, with three honours, 16). They:
    48 + 24 + 36 + 16 + 100 = 224; We 48; They win 176.
    """
    sheet = work_out(
        [
            deal("NT", (10, 3), ((1, 1), (1, 1))),
            deal("NT", (3, 10), ((1, 1), (1, 1)), dealer="they"),
            deal("H", (4, 9), ((1, 1), (2, 1)), dealer="they"),
            deal("NT", (4, 9), ((2, 0), (1, 1))),
        ]
    )
    scored = sheet.deals[3].entries
    assert (scored.they.tricks, scored.they.honours, scored.we.honours) == (36, 0, 0)
    assert (sheet.winner, sheet.totals.they.rubber) == (Side.THEY, 100)
    assert (sheet.totals.they.total, sheet.totals.we.total, sheet.net.they) == (224, 48, 176)


# -- The specimen score-sheet (p. 8) ---------------------------------------------------------

# Elwell's specimen score-sheet (p. 8, "THE METHOD OF SCORING"), as printed: each side's
# honours from the top of the column down (the 100 for the rubber at the top), and each
# game's trick points, in order.
PRINTED_SHEET = {
    "honours": {"we": [100, 64, 4, 30, 24], "they": [8, 40, 16]},
    "games": [
        {"we": [18, 12], "they": [16]},  # "1st Game."
        {"we": [], "they": [60]},  # "2d Game."
        {"we": [8, 40], "they": [8]},  # "Rubber."
    ],
    "total": {"we": 300, "they": 148},
    "won": 152,
}


def test_the_specimen_score_sheet_figure_for_figure():
    """The specimen score-sheet (p. 8): "After the rubber has been won the honour score and
    the trick score of each side are added, and the leaser [sic] total deducted from the
    greater." At its foot: "Total." We 300, They 148, and "152 points won."

    The book prints the sheet, not the deals; scorer/data/elwell-specimen.json is seven
    deals that make it. Worked out, every figure stands where the book prints it.
    """
    rubber = loads((ROOT / "scorer" / "data" / "elwell-specimen.json").read_text())
    sheet = rubber.sheet()
    laid_out = BRIDGE.words.layout(sheet)
    assert {
        side.value: [cell.points for cell in laid_out.honours[side]] for side in Side
    } == PRINTED_SHEET["honours"]
    assert [
        {side.value: [cell.points for cell in block.cells[side]] for side in Side}
        for block in laid_out.games
    ] == PRINTED_SHEET["games"]
    assert {side.value: sheet.totals[side].total for side in Side} == PRINTED_SHEET["total"]
    assert sheet.net.we == PRINTED_SHEET["won"]


def test_the_specimens_expected_sheet_file_holds_the_printed_figures():
    """tests/data/elwell-specimen.out.json, against which test_specimen.py checks the
    sheet's JSON, holds the book's figures (p. 8): each deal's honours, in order, rise from
    the line; each game's trick points run down from it."""
    expected = json.loads((ROOT / "tests" / "data" / "elwell-specimen.out.json").read_text())
    for side in ("we", "they"):
        honours = [d[side]["honours"] for d in expected["deals"] if d[side]["honours"]]
        rubber = [expected["totals"][side]["rubber"]] if expected["totals"][side]["rubber"] else []
        assert [*rubber, *reversed(honours)] == PRINTED_SHEET["honours"][side]
        for number, printed in enumerate(PRINTED_SHEET["games"], 1):
            tricks = [
                d[side]["tricks"]
                for d in expected["deals"]
                if d["game"] == number and d[side]["tricks"]
            ]
            assert tricks == printed[side]
        assert expected["totals"][side]["total"] == PRINTED_SHEET["total"][side]
    assert expected["net"] == {"we": 152, "they": -152}
