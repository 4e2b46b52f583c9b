"""Bridge for three players (Elwell, "Bridge for Three Players"): the dummy's holder and the
dummy against the other two; rubbers worth 100 or games worth 50; who may double; the
dummy's compulsory declaration; the cut for the dummy; and each player's share."""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest

from scorer.engine import (
    BRIDGE,
    THREE_HANDED,
    Pair,
    RubberError,
    Rules,
    Seat,
    Side,
    Staked,
    ThreeHandedRules,
    Trump,
    Unit,
    check_double,
    cut_for_the_dummy,
    dummy_declaration,
    loads,
    may_double,
    read_rubber,
    rubber_json,
    sheet_json,
    sheet_text,
    window,
    work_out,
)
from scorer.engine.bridge.layout import layout
from scorer.engine.bridge.three_handed import DOUBLING, DUMMY_DECLARATION, holder, leader, spots
from scorer.engine.cutting import Card
from tests.support.rubbers import deal

BY_RUBBERS = ThreeHandedRules(unit=Unit.RUBBER)
BY_GAMES = ThreeHandedRules(unit=Unit.GAME)
GAME = deal("NT", (12, 1))  # wins a game in one deal
PART = deal("S", (8, 5))


# -- The sides and the unit -----------------------------------------------------------------


def test_playing_rubbers_the_scoring_is_bridges_and_the_rubber_is_worth_100():
    deals = [GAME, deal("NT", (1, 12)), PART, GAME]
    three, four = work_out(deals, BY_RUBBERS), work_out(deals, Rules())
    assert [d.entries for d in three.deals] == [d.entries for d in four.deals]
    assert (three.winner, three.totals.we.rubber, three.net) == (Side.WE, 100, four.net)


def test_playing_games_each_game_is_a_unit_of_its_own_and_its_winners_add_50():
    sheet = work_out([PART, GAME], BY_GAMES)
    assert (sheet.finished, sheet.winner) == (True, Side.WE)
    assert len(sheet.games) == 1
    assert (sheet.games_won.we, sheet.games_won.they) == (1, 0)
    assert (sheet.totals.we.rubber, sheet.totals.they.rubber) == (50, 0)
    bonus = layout(sheet).honours.we[0]
    assert (bonus.points, bonus.explanation) == (50, ("the game: 50 (Bridge for Three Players)",))


def test_playing_games_the_sheet_ends_with_the_game():
    with pytest.raises(RubberError) as refused:
        work_out([GAME, PART], BY_GAMES)
    assert str(refused.value) == (
        "deal 2: the game was won at deal 1 and is scored as a unit of its own, "
        "so no deal may follow (Bridge for Three Players)"
    )


def test_a_game_lost_by_the_dummys_side_is_theirs_with_the_50():
    sheet = work_out([deal("NT", (1, 12))], BY_GAMES)
    assert (sheet.winner, sheet.totals.they.rubber, sheet.net.we) == (
        Side.THEY,
        50,
        -142,
    )  # 72 + slam 20 + 50


def test_the_rubber_or_game_in_words():
    sheet = work_out([PART, GAME], BY_GAMES)
    assert (
        THREE_HANDED.words.standing(sheet)
        == "We won the game, scored as a unit, and won 142 points"
    )
    assert THREE_HANDED.words.outcome(sheet) == (
        "146 − 4 = 142 points won by We, winners of the game."
    )
    assert THREE_HANDED.words.standing(work_out([PART], BY_GAMES)) == "The game: We 4, They 0"
    assert (
        THREE_HANDED.words.outcome(work_out([PART], BY_GAMES)) == "Game in progress: We 4, They 0."
    )


def test_law_12_the_game_scored_as_a_unit_stays_open_until_its_value_is_agreed():
    sheet = work_out([PART, GAME], BY_GAMES)
    verdict = window(sheet, 1, next_trump_declared=False, agreed=False).tricks
    assert verdict.allowed
    assert verdict.reason == (
        "Deal 1's tricks may be corrected: the game is scored as a unit of its own, "
        "open until its value is agreed (Law 12)."
    )


# -- Doubling --------------------------------------------------------------------------------


def test_a_dealer_who_has_seen_the_two_hands_may_not_redouble():
    with pytest.raises(RubberError) as refused:
        work_out([PART, deal("H", (8, 5), dealer="we", doubles=2)], BY_RUBBERS)
    assert str(refused.value) == (
        "deal 2: doubles: the dealer, the dummy's holder, has seen the two hands and may not "
        "redouble (Bridge for Three Players) (got 2)"
    )
    assert refused.value.field == "doubles"


def test_the_dummys_side_may_be_doubled_once_and_the_adversaries_redoubled():
    sheet = work_out(
        [deal("H", (8, 5), dealer="we", doubles=1), deal("H", (5, 8), dealer="they", doubles=3)],
        BY_RUBBERS,
    )
    assert [d.entries.we.tricks or d.entries.they.tricks for d in sheet.deals] == [32, 128]


def test_four_players_may_redouble_as_ever():
    assert work_out([deal("H", (8, 5), dealer="we", doubles=2)], Rules()).deals[0]


def test_the_clubs_doubling_limit_applies_to_three_as_to_four():
    rules = ThreeHandedRules(doubling_limit=100)
    with pytest.raises(RubberError, match=r"with the club's doubling limit of 100"):
        work_out([deal("NT", (8, 5), dealer="they", doubles=5)], rules)


def test_only_the_leader_may_double():
    assert leader(Seat.HOLDER) is Seat.LEFT
    assert may_double(Seat.HOLDER, 1) == (Seat.LEFT,)
    with pytest.raises(RubberError) as refused:
        check_double(Seat.HOLDER, Seat.RIGHT, 1)
    assert str(refused.value) == (
        "doubles: only the leader, the holder's left-hand adversary, may double "
        "(Bridge for Three Players)"
    )


def test_when_the_dummy_is_the_leader_the_dummy_alone_may_double():
    assert may_double(Seat.LEFT, 1) == (Seat.DUMMY,)
    check_double(Seat.LEFT, Seat.DUMMY, 1)
    with pytest.raises(RubberError) as refused:
        check_double(Seat.LEFT, Seat.HOLDER, 1)
    assert str(refused.value) == (
        "doubles: the dummy is the leader, and the dummy alone may double: its holder doubles "
        "from the dummy's hand before seeing his own (Bridge for Three Players)"
    )


def test_the_dummys_holder_dealing_for_himself_or_the_dummy_may_not_redouble():
    for dealer in (Seat.HOLDER, Seat.DUMMY):
        assert may_double(dealer, 2) == ()
        with pytest.raises(RubberError) as refused:
            check_double(dealer, Seat.HOLDER, 2)
        assert str(refused.value) == (
            "doubles: the dealer, the dummy's holder, has seen the two hands and may not "
            "redouble (Bridge for Three Players)"
        )


def test_the_adversaries_dealing_may_redouble_and_the_leader_double_again():
    assert may_double(Seat.RIGHT, 2) == (Seat.RIGHT, Seat.LEFT)
    assert may_double(Seat.RIGHT, 3) == (Seat.HOLDER,)
    with pytest.raises(RubberError, match=r"^doubles: only the declarers may redouble"):
        check_double(Seat.RIGHT, Seat.HOLDER, 2)


def test_the_seats_sides():
    assert [seat.side for seat in Seat] == [Side.WE, Side.THEY, Side.WE, Side.THEY]


# -- The dummy's compulsory declaration -----------------------------------------------------


def hand(text: str) -> list[Card]:
    """ "♠ A K 3 ♥ ..." in the cut's cards: ace 1, knave 11, queen 12, king 13."""
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
    cards, suit = [], ""
    for word in text.split():
        if word in "♠♥♦♣":
            suit = word
        else:
            cards.append(Card(ranks.get(word) or int(word), suit))
    return cards


def test_three_aces_make_the_dummys_declaration_no_trump():
    found = dummy_declaration(hand("♠ A 2 3 4 5 6 7 ♥ A 2 3 ♦ A 2 ♣ 2"))
    assert found.trump is Trump.NO_TRUMP
    assert found.reason == "No-trump: the dummy holds three aces (Bridge for Three Players)"


def test_four_aces_make_it_no_trump():
    found = dummy_declaration(hand("♠ A 2 3 4 5 6 7 ♥ A 2 3 ♦ A 2 ♣ A"))
    assert (found.trump, found.reason) == (
        Trump.NO_TRUMP,
        "No-trump: the dummy holds four aces (Bridge for Three Players)",
    )


def test_otherwise_the_longest_suit():
    found = dummy_declaration(hand("♠ 2 3 4 5 6 7 ♥ A K Q ♦ A K ♣ 2 3"))
    assert found.trump is Trump.SPADES
    assert found.reason == "Spades, the longest suit (6 cards) (Bridge for Three Players)"


def test_of_two_suits_of_equal_length_the_one_counting_most_by_spots():
    # Clubs: 11 + 10 + 2 + 3 + 4 = 30; hearts: 10 + 9 + 8 + 7 + 6 = 40.
    found = dummy_declaration(hand("♠ 2 3 ♥ 10 9 8 7 6 ♦ 2 ♣ A K 2 3 4"))
    assert found.trump is Trump.HEARTS
    assert found.reason == (
        "Hearts: hearts and clubs have 5 cards each, and hearts count most by spots "
        "(40; clubs 30) (Bridge for Three Players)"
    )


def test_still_equal_the_one_of_higher_trick_value():
    # Diamonds and spades alike: K Q 9 2 = 31 each.
    found = dummy_declaration(hand("♠ K Q 9 2 ♥ 3 4 ♦ K Q 9 2 ♣ 5 6 7"))
    assert found.trump is Trump.DIAMONDS
    assert found.reason == (
        "Diamonds: spades and diamonds have 4 cards each and count 31 by spots each, and "
        "diamonds have the higher trick value (Bridge for Three Players)"
    )


def test_by_spots_the_ace_counts_eleven_the_other_honours_ten_the_rest_their_pips():
    assert [spots(card) for card in hand("♠ A K Q J 10 9 2")] == [11, 10, 10, 10, 10, 9, 2]


def test_the_dummys_hand_must_be_thirteen_cards_each_once():
    with pytest.raises(RubberError, match=r"^hand: the dummy holds 13 cards \(got 12\)$"):
        dummy_declaration(hand("♠ A 2 3 4 5 6 7 ♥ A 2 3 ♦ A 2"))
    with pytest.raises(RubberError, match=r"^hand: the A♠ is given twice$"):
        dummy_declaration(hand("♠ A A 3 4 5 6 7 ♥ A 2 3 ♦ A 2 ♣ 2"))


def test_the_rules_are_given_in_words_for_a_reminder():
    assert DUMMY_DECLARATION in THREE_HANDED.laws.reminders
    assert DOUBLING in THREE_HANDED.laws.reminders
    assert "three aces make it no-trump" in DUMMY_DECLARATION


# -- The cut for the dummy -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_the_lowest_has_the_dummy_first_then_in_the_order_of_the_cut(seed):
    cut = cut_for_the_dummy(random.Random(seed))
    assert sorted(cut.order) == [0, 1, 2]
    first = dict(cut.rounds[0])
    ranks = [first[player].rank for player in cut.order]
    assert ranks == sorted(ranks)
    if len(set(ranks)) < 3:  # a tie decides an order, so it was cut again
        assert len(cut.rounds) > 1
    assert [holder(cut, turn) for turn in (1, 2, 3, 4)] == [*cut.order, cut.order[0]]
    assert cut.dealer == cut.order[0]


# -- Money: each player's share -------------------------------------------------------------


def test_the_dummys_holder_gains_or_loses_the_value_twice_each_adversary_once():
    shares = THREE_HANDED.money.shares(152)
    assert [(s.seats, s.points) for s in shares] == [((0, 2), 304), ((1,), -152), ((3,), -152)]
    assert sum(share.points for share in shares) == 0
    assert shares[0].adversaries == (1, 3)
    assert shares[1].partners == (3,)


def test_three_handed_is_staked_by_the_hundred():
    assert THREE_HANDED.money.staked is Staked.PER_HUNDRED
    assert THREE_HANDED.money.staked.amount(-304, Decimal("0.50")) == Decimal("-1.52")


# -- The format ------------------------------------------------------------------------------

RUBBER = {
    "format": "elwell-rubber/1",
    "rules": {
        "game": "three-handed",
        "unit": "game",
        "doubling_limit": None,
        "spade_convention": False,
    },
    "players": {"dummy": "Mrs. Carr", "they": ["Mr. Ash", "Miss Dove"]},
    "deals": [
        {
            "dealer": "we",
            "maker": "partner",
            "trump": "S",
            "doubles": 1,
            "tricks": {"we": 8, "they": 5},
            "honours": {"we": [1, 1], "they": [2, 1]},
        },
        {
            "dealer": "they",
            "maker": "dealer",
            "trump": "NT",
            "doubles": 0,
            "tricks": {"we": 12, "they": 1},
            "honours": {"we": [2, 1], "they": [1, 0]},
        },
    ],
}


def test_a_three_handed_rubber_is_read_from_elwell_rubber_1():
    rubber = read_rubber(RUBBER)
    assert rubber.rules == ThreeHandedRules(None, False, Unit.GAME)
    assert rubber.players == Pair(("Mrs. Carr", "Mrs. Carr"), ("Mr. Ash", "Miss Dove"))
    assert rubber_json(rubber) == RUBBER
    assert THREE_HANDED.format.read_rubber(RUBBER) == rubber


def test_its_sheet_is_elwell_sheet_1_with_the_50_and_the_dummys_holder():
    rubber = loads(json.dumps(RUBBER))
    data = sheet_json(rubber.sheet(), rubber.players)
    assert data["players"] == {"dummy": "Mrs. Carr", "they": ["Mr. Ash", "Miss Dove"]}
    assert data["games"] == [{"number": 1, "winner": "we", "we": 80, "they": 0}]
    assert data["rubber"] == {"finished": True, "winner": "we", "games_won": {"we": 1, "they": 0}}
    assert data["totals"]["we"] == {"tricks": 80, "honours": 50, "rubber": 50, "total": 180}
    assert data["net"] == {"we": 176, "they": -176}


def test_its_text_names_the_dummys_holder_with_the_dummy():
    rubber = loads(json.dumps(RUBBER))
    text = sheet_text(rubber.sheet(), rubber.players)
    assert text.startswith("We: Mrs. Carr with the dummy\nThey: Mr. Ash and Miss Dove\n")
    assert "The game" in text
    assert text.endswith("180 − 4 = 176 points won by We, winners of the game.\n")


def refused(change) -> RubberError:
    data = json.loads(json.dumps(RUBBER))
    change(data)
    with pytest.raises(RubberError) as error:
        read_rubber(data).sheet()
    return error.value


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["rules"].pop("unit"), "rules.unit is missing"),
        (
            lambda r: r["rules"].update(unit="deal"),
            "rules.unit must be one of 'rubber', 'game' (got \"deal\")",
        ),
        (
            lambda r: r["rules"].update(game="whist"),
            "rules.game must be 'bridge' or 'three-handed' (got \"whist\") "
            "(Short Whist is written as whist-rubber/1)",
        ),
        (
            lambda r: r.update(players={"we": ["A", "B"], "they": ["C", "D"]}),
            "players must be an object with 'dummy' (the player who has the dummy) and 'they'",
        ),
        (
            lambda r: r["players"].update(dummy=""),
            'players.dummy must be the name of the player who has the dummy (got "")',
        ),
        (
            lambda r: r["players"].update(they=["Mr. Ash"]),
            'players.they must be a list of two names (got ["Mr. Ash"])',
        ),
        (
            lambda r: r["deals"][0].update(doubles=2),
            "deal 1: doubles: the dealer, the dummy's holder, has seen the two hands and may "
            "not redouble (Bridge for Three Players) (got 2)",
        ),
    ],
)
def test_every_refusal_names_the_field(change, message):
    assert str(refused(change)) == message


def test_four_players_cannot_score_by_games():
    def by_games(data):
        del data["rules"]["game"]
        data["players"] = {"we": ["A", "B"], "they": ["C", "D"]}

    assert str(refused(by_games)) == (
        'rules.unit: only Three-handed Bridge chooses its unit (rules.game "three-handed"); '
        "four players play rubbers (Law 1)"
    )
    with pytest.raises(RubberError, match=r"^rules.unit: Bridge is scored by the rubber"):
        BRIDGE.laws.rules(unit=Unit.GAME)


def test_each_game_reads_only_its_own_rubbers():
    with pytest.raises(RubberError, match="a rubber of Three-handed Bridge, not of Bridge"):
        BRIDGE.format.read_rubber(RUBBER)
    four = {**RUBBER, "rules": {"doubling_limit": None, "spade_convention": False}}
    four["players"] = {"we": ["A", "B"], "they": ["C", "D"]}
    with pytest.raises(RubberError, match='says "game": "three-handed"'):
        THREE_HANDED.format.read_rubber(four)


def test_the_clubs_rules_for_bridge_are_three_handed_by_rubbers():
    sheet = THREE_HANDED.laws.work_out([GAME, GAME], Rules(doubling_limit=100))
    assert sheet.rules == ThreeHandedRules(100, False, Unit.RUBBER)
    assert sheet.totals.we.rubber == 100
    assert THREE_HANDED.laws.rules(unit=Unit.GAME) == BY_GAMES
