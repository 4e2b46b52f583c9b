"""Properties of any deal and any legal play of it, over random deals and plays: the
engine's count checked against a plain reckoning card by card (`tests/support/cards.py`),
and the sheet of a deal given by its cards the same as the sheet of the deal given by its
counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import Deal, Maker, Pair, Play, Side, Trump, work_out
from scorer.engine.cards import Position, read_cards
from tests.support.cards import POSITIONS, hand_text, honours_held, random_hands, random_play
from tests.support.examples import examples


@st.composite
def played_deals(draw: st.DrawFn):
    def choose(lo: int, hi: int) -> int:
        return draw(st.integers(lo, hi))

    trump = tuple(Trump)[choose(0, 4)]
    dealer = (Side.WE, Side.THEY)[choose(0, 1)]
    hands = random_hands(choose)
    tricks, won, renounces = random_play(choose, hands, trump, revoke_odds=12)
    return trump, dealer, hands, tricks, won, renounces


def worked(deal):
    trump, dealer, hands, tricks, _, _ = deal
    data = {"hands": {p: hand_text(cards) for p, cards in hands.items()}, "play": tricks}
    return read_cards(data, dealer=dealer, trump=trump)


def by_side(dealer, counts):
    """Counts by position, as each side's: the dealer's side's dealer and partner."""
    dealers = counts["dealer"] + counts["partner"]
    theirs = counts["left"] + counts["right"]
    return Pair(dealers, theirs) if dealer is Side.WE else Pair(theirs, dealers)


@settings(max_examples=examples(200))
@given(played_deals())
def test_any_legal_play_gives_tricks_adding_to_thirteen(deal):
    _, dealer, _, _, won, _ = deal
    by_cards = worked(deal)
    assert by_cards.play.tricks.we + by_cards.play.tricks.they == 13
    assert by_cards.play.tricks == by_side(dealer, won)
    assert [by_cards.card_play.won(Position(n)) for n in range(4)] == [won[p] for p in POSITIONS]


@settings(max_examples=examples(200))
@given(played_deals())
def test_honours_add_up_to_five_or_four_aces_at_no_trump(deal):
    trump, dealer, hands, _, _, _ = deal
    honours = worked(deal).play.honours
    assert sum(honours.we) + sum(honours.they) == (4 if trump is Trump.NO_TRUMP else 5)
    held = honours_held(hands, trump)
    dealers, theirs = (held["dealer"], held["partner"]), (held["left"], held["right"])
    assert honours == (Pair(dealers, theirs) if dealer is Side.WE else Pair(theirs, dealers))


@settings(max_examples=examples(200))
@given(played_deals())
def test_revokes_are_the_renounces_of_all_but_the_dummy(deal):
    _, dealer, _, _, _, renounces = deal
    liable = dict.fromkeys(POSITIONS, 0)
    for _, position, _ in renounces:
        if position != "partner":  # the dummy is not liable (Law 65)
            liable[position] += 1
    assert worked(deal).play.revokes == by_side(dealer, liable)


@settings(max_examples=examples(200))
@given(played_deals(), st.integers(0, 3), st.sampled_from(Maker))
def test_the_same_sheet_as_the_same_deal_given_by_its_counts(deal, doubles, maker):
    trump, dealer, hands, _, won, renounces = deal
    held = honours_held(hands, trump)
    void = {
        p: int(trump is not Trump.NO_TRUMP and not any(c[0] == trump.value for c in cards))
        for p, cards in hands.items()
    }
    liable = dict.fromkeys(POSITIONS, 0)
    for _, position, _ in renounces:
        liable[position] += position != "partner"
    dealers = (held["dealer"], held["partner"])
    theirs = (held["left"], held["right"])
    counts = Play(
        tricks=by_side(dealer, won),
        honours=Pair(dealers, theirs) if dealer is Side.WE else Pair(theirs, dealers),
        chicane=by_side(dealer, void),
        revokes=by_side(dealer, liable),
    )
    by_cards = Deal(dealer, trump, maker, doubles, worked(deal).play)
    by_counts = Deal(dealer, trump, maker, doubles, counts)
    assert work_out([by_cards]) == work_out([by_counts])
