"""The play of the cards: who leads, who wins a trick, the tricks won and the revokes
(§9; Laws 65, 85, 96), and a play refused by name."""

from __future__ import annotations

import itertools

import pytest

from scorer.engine import Pair, Side, Trump
from scorer.engine.cards import (
    Card,
    CardError,
    Hands,
    Position,
    play_out,
    read_play,
    trick_winner,
)
from tests.support.cards import completed

DEALT = {
    "dealer": "AK43.QJ2.T98.765",
    "left": "QJT9.AK3.AK2.432",
    "partner": "8765.T98.Q76.AKQ",
    "right": "2.7654.J543.JT98",
}
HANDS = Hands.read(DEALT)


def cards(*names):
    return [Card.parse(name) for name in names]


def test_a_trick_is_won_by_the_highest_card_of_the_suit_led():
    assert trick_winner(cards("D4", "D2", "DK", "D7"), Trump.NO_TRUMP) == 2
    # A higher card of another suit does not win, without trumps.
    assert trick_winner(cards("D4", "SA", "D2", "HA"), Trump.NO_TRUMP) == 0


def test_a_trick_is_won_by_the_highest_trump_in_it():
    assert trick_winner(cards("D4", "S2", "DA", "D7"), Trump.SPADES) == 1
    assert trick_winner(cards("D4", "S2", "DA", "S3"), Trump.SPADES) == 3
    assert trick_winner(cards("SA", "S2", "DA", "S3"), Trump.SPADES) == 0


def test_the_eldest_hand_leads_and_each_winner_leads_to_the_next_trick():
    play = read_play(
        HANDS, Trump.NO_TRUMP, completed(DEALT, Trump.NO_TRUMP, [["SQ", "S5", "S2", "SA"]])
    )
    tricks = play.tricks
    assert tricks[0].leader is Position.LEFT  # the eldest hand, on the dealer's left
    assert tricks[0].winner is Position.DEALER
    for before, after in itertools.pairwise(tricks):
        assert after.leader is before.winner
    assert sum(play.won(position) for position in Position) == 13


def test_tricks_won_go_to_the_sides_by_the_dealer():
    play = play_out(
        HANDS, Trump.NO_TRUMP, [cards(*trick) for trick in completed(DEALT, Trump.NO_TRUMP, [])]
    )
    dealers = play.won(Position.DEALER) + play.won(Position.PARTNER)
    assert play.tricks_won(Side.WE) == Pair(dealers, 13 - dealers)
    assert play.tricks_won(Side.THEY) == Pair(13 - dealers, dealers)


def test_a_revoke_is_a_card_of_another_suit_played_while_holding_the_suit_led_law_85():
    # The leader's partner holds the S2 and throws the H4 to a spade.
    play = read_play(
        HANDS, Trump.NO_TRUMP, completed(DEALT, Trump.NO_TRUMP, [["SQ", "S5", "H4", "SA"]])
    )
    assert [(r.trick, r.position, str(r.card)) for r in play.revokes] == [(1, Position.RIGHT, "H4")]
    assert play.revokes_by(Side.WE) == Pair(0, 1)
    assert play.revokes_by(Side.THEY) == Pair(1, 0)


def test_a_hand_void_of_the_suit_led_does_not_revoke():
    # The leader's partner's one spade gone, his heart to the second spade is no revoke.
    play = read_play(
        HANDS,
        Trump.NO_TRUMP,
        completed(DEALT, Trump.NO_TRUMP, [["SQ", "S5", "S2", "SA"], ["SK", "S9", "S6", "H4"]]),
    )
    assert play.revokes == ()


def test_each_revoke_counts_law_96():
    play = read_play(
        HANDS,
        Trump.NO_TRUMP,
        completed(DEALT, Trump.NO_TRUMP, [["SQ", "S5", "H4", "SA"], ["SK", "S9", "S6", "H5"]]),
    )
    assert play.revokes_by(Side.WE) == Pair(0, 2)


def test_the_dummys_revoke_is_not_penalised_and_its_trick_stands_law_65():
    # Spades trumps: the dummy (the dealer's partner) holds the ace, king and queen of clubs
    # but trumps the leader's C2 with the S8, and wins the trick.
    play = read_play(
        HANDS, Trump.SPADES, completed(DEALT, Trump.SPADES, [["C2", "S8", "CJ", "C5"]])
    )
    first = play.tricks[0]
    assert first.winner is Position.PARTNER  # the trick stands good
    assert [r.position for r in play.revokes] == [Position.PARTNER]
    assert not play.revokes[0].penalised
    assert play.revokes_by(Side.WE) == Pair(0, 0)


def test_the_dealers_own_revoke_is_penalised():
    play = read_play(
        HANDS, Trump.SPADES, completed(DEALT, Trump.SPADES, [["C2", "CA", "CJ", "S3"]])
    )
    assert play.revokes_by(Side.WE) == Pair(1, 0)


def refused(play, trump=Trump.NO_TRUMP):
    with pytest.raises(CardError) as refusal:
        read_play(HANDS, trump, play)
    assert refusal.value.field == "play"
    return str(refusal.value)


def test_a_play_of_twelve_tricks_is_refused():
    play = completed(DEALT, Trump.NO_TRUMP, [])
    assert refused(play[:12]) == "play must have 13 tricks (got 12)"


def test_a_trick_of_three_cards_is_refused():
    play = completed(DEALT, Trump.NO_TRUMP, [])
    play[4] = play[4][:3]
    assert refused(play).startswith("play: trick 5 must be a list of 4 cards, one from each hand")


def test_a_card_not_written_as_a_card_is_refused():
    play = completed(DEALT, Trump.NO_TRUMP, [])
    play[2][1] = "S10"
    assert refused(play).startswith('play: trick 3: "S10" is not a card (a suit S, H, D or C')


def test_the_first_trick_led_by_another_than_the_eldest_hand_is_refused():
    play = completed(DEALT, Trump.NO_TRUMP, [])
    play[0] = ["SA", "SQ", "S5", "S2"]  # the dealer leads
    assert refused(play) == (
        "play: trick 1 was led by the dealer (the SA), but the leader, on the dealer's left, "
        "leads to the first trick"
    )


def test_a_trick_led_by_another_than_the_last_winner_is_refused():
    play = completed(DEALT, Trump.NO_TRUMP, [["SQ", "S5", "S2", "SA"]])  # the dealer wins
    play[1] = ["S9", "S6", "H4", "SK"]  # the leader leads again
    assert refused(play) == (
        "play: trick 2 was led by the leader (the S9), but the dealer won trick 1 and leads "
        "to trick 2"
    )


def test_a_card_its_player_did_not_hold_is_refused():
    play = completed(DEALT, Trump.NO_TRUMP, [])
    play[0] = ["SQ", "SA", "S2", "S5"]  # the dummy's S5 and the dealer's SA exchanged
    assert refused(play) == (
        "play: trick 1: the dealer's partner played the SA, which he did not hold "
        "(the dealer held it)"
    )


def test_a_card_played_twice_is_refused():
    play = completed(DEALT, Trump.NO_TRUMP, [["SQ", "S5", "S2", "SA"], ["SK", "S9", "S6", "H4"]])
    play[2][0] = "SA"
    assert refused(play) == "play: trick 3: the SA was played already, in trick 1"


def test_a_play_that_is_not_a_list_of_tricks_is_refused():
    assert refused({"1": []}).startswith("play must be a list of 13 tricks")
