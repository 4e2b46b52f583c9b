"""Properties every sheet has, checked over random valid rubbers."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given
from hypothesis import strategies as st

from scorer.engine import (
    SIDES,
    Pair,
    Rubber,
    RubberError,
    Rules,
    Side,
    read_rubber,
    rubber_json,
    score_deal,
    work_out,
)
from tests.support.rubbers import mirrored, random_deal, random_rubber, random_rules


@st.composite
def rubbers(draw: st.DrawFn) -> tuple[Rules, list]:
    def choose(lo: int, hi: int) -> int:
        return draw(st.integers(lo, hi))

    rules = random_rules(choose)
    return rules, random_rubber(choose, rules)


def longest_valid(deals, rules):
    """The sheet of as many deals as the laws allow, from the first."""
    try:
        return work_out(deals, rules)
    except RubberError as error:
        return work_out(deals[: error.deal - 1], rules)


@given(rubbers())
def test_totals_are_the_sums_of_the_entries(rubber):
    rules, deals = rubber
    sheet = work_out(deals, rules)
    for side in SIDES:
        totals = sheet.totals[side]
        assert totals.tricks == sum(d.entries[side].tricks for d in sheet.deals)
        assert totals.honours == sum(d.entries[side].honours for d in sheet.deals)
        assert totals.rubber == (100 if sheet.winner is side else 0)
        assert totals.total == totals.tricks + totals.honours + totals.rubber
        assert totals.tricks == sum(game.points[side] for game in sheet.games)


@given(rubbers())
def test_each_entry_is_the_sum_of_its_items_and_never_negative(rubber):
    rules, deals = rubber
    for scored in work_out(deals, rules).deals:
        for side in SIDES:
            entry = scored.entries[side]
            assert entry.tricks == sum(i.points for i in entry.items if i.column == "tricks")
            assert entry.honours == sum(i.points for i in entry.items if i.column == "honours")
            assert entry.tricks >= 0
            assert entry.honours >= 0
        assert 0 in (scored.entries.we.tricks, scored.entries.they.tricks)


@given(rubbers())
def test_net_points_are_antisymmetric(rubber):
    rules, deals = rubber
    sheet = work_out(deals, rules)
    assert sheet.net.we == -sheet.net.they
    mirror = work_out([mirrored(deal) for deal in deals], rules)
    assert mirror.net.we == sheet.net.they
    assert mirror.winner == (sheet.winner.other if sheet.winner else None)
    for scored, mirrored_deal in zip(sheet.deals, mirror.deals, strict=True):
        # The same entries, each side's name in the words the other's ("We hold chicane").
        assert _swapped(mirrored_deal.entries.we) == scored.entries.they


def _swapped(entry):
    def swap(text):
        return text.replace("We ", "\0").replace("They ", "We ").replace("\0", "They ")

    items = tuple(replace(item, text=swap(item.text)) for item in entry.items)
    return replace(entry, items=items)


@given(rubbers())
def test_a_game_ends_on_the_deal_that_first_reaches_thirty_and_only_then(rubber):
    rules, deals = rubber
    sheet = work_out(deals, rules)
    points = dict.fromkeys(SIDES, 0)
    game = 1
    for scored in sheet.deals:
        assert scored.game == game
        assert max(points.values()) < 30
        for side in SIDES:
            points[side] += scored.entries[side].tricks
        reached = [side for side in SIDES if points[side] >= 30]
        assert scored.won_game == (reached[0] if reached else None)
        if reached:
            assert sheet.games[game - 1].last_deal == scored.number
            game, points = game + 1, dict.fromkeys(SIDES, 0)
    assert len(sheet.games) == game - (1 if sheet.finished else 0)


@given(rubbers())
def test_a_revoking_side_never_passes_28_in_that_deal(rubber):
    rules, deals = rubber
    sheet = work_out(deals, rules)
    standing = dict.fromkeys(SIDES, 0)
    for scored in sheet.deals:
        play = scored.deal.play
        for side in SIDES:
            after = standing[side] + scored.entries[side].tricks
            if play is not None and play.revokes[side]:
                assert after <= 28
                assert scored.won_game is not side
            standing[side] = after
        if scored.won_game:
            standing = dict.fromkeys(SIDES, 0)


@given(st.data())
def test_a_revoking_side_never_passes_28_from_any_standing(data):
    def choose(lo: int, hi: int) -> int:
        return data.draw(st.integers(lo, hi))

    rules = random_rules(choose)
    standing = Pair(2 * choose(0, 14), 2 * choose(0, 14))  # trick points are even
    deal = random_deal(choose, rules, standing, Side.WE)
    assume(deal.play is not None)  # a deal passed unplayed has no revoke to score
    revokes = Pair(choose(0, 3), choose(1, 3))
    deal = replace(deal, play=replace(deal.play, revokes=revokes))
    entries = score_deal(deal, rules, standing)
    for side in SIDES:
        if revokes[side]:
            assert standing[side] + entries[side].tricks <= 28


@given(rubbers())
def test_doubling_changes_only_trick_entries(rubber):
    rules, deals = rubber
    undoubled = [replace(deal, doubles=0) for deal in deals]
    sheet, plain = work_out(deals, rules), longest_valid(undoubled, rules)
    for doubled, single in zip(sheet.deals, plain.deals, strict=False):
        for side in SIDES:
            assert doubled.entries[side].honours == single.entries[side].honours
            items = doubled.entries[side].items
            assert [i for i in items if i.column == "honours"] == [
                i for i in single.entries[side].items if i.column == "honours"
            ]


@given(rubbers(), st.data())
def test_the_order_of_the_two_hands_within_a_side_changes_nothing(rubber, data):
    rules, deals = rubber

    def reordered(deal):
        if deal.play is None:
            return deal
        flip = data.draw(st.tuples(st.booleans(), st.booleans()))
        we, they = deal.play.honours.we, deal.play.honours.they
        honours = Pair(we[::-1] if flip[0] else we, they[::-1] if flip[1] else they)
        return replace(deal, play=replace(deal.play, honours=honours))

    sheet = work_out(deals, rules)
    other = work_out([reordered(deal) for deal in deals], rules)
    assert [d.entries for d in other.deals] == [d.entries for d in sheet.deals]
    assert (other.games, other.totals) == (sheet.games, sheet.totals)


@given(rubbers())
def test_a_rubber_reads_back_as_it_was_written(rubber):
    rules, deals = rubber
    original = Rubber(rules, tuple(deals), None)
    assert read_rubber(rubber_json(original)) == original


@given(rubbers())
def test_the_rubber_is_won_by_two_games_and_nothing_follows(rubber):
    rules, deals = rubber
    sheet = work_out(deals, rules)
    if sheet.finished:
        assert sheet.games_won[sheet.winner] == 2
        assert sheet.games_won[sheet.winner.other] <= 1
        assert sheet.deals[-1].won_game is sheet.winner
    else:
        assert max(sheet.games_won.we, sheet.games_won.they) < 2
        assert sheet.game.winner is None
