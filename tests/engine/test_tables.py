"""Tables of four to six (Laws 17, 21–28), as tables of cases, and over random evenings."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import RubberError
from scorer.engine.cutting import PACK, Card
from scorer.engine.tables import (
    FULL,
    Candidate,
    Claim,
    Member,
    check_substitute,
    cut_out,
    form,
    keeps_right_of_reentry,
    runs,
)

EVENING = datetime(2026, 11, 23, 19, 0, tzinfo=UTC)


class Dealt(random.Random):
    """A pack that gives the cards named, in order, to whoever cuts: "A", "7", "K" …"""

    def __init__(self, *ranks: str) -> None:
        super().__init__(1905)
        self.ranks = list(ranks)

    def shuffle(self, x) -> None:  # type: ignore[override]
        names = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
        wanted = []
        rest = [Card(rank, suit) for rank, suit in PACK]
        for rank in self.ranks:
            card = next(c for c in rest if c.rank == names.index(rank) + 1)
            rest.remove(card)
            wanted.append(card)
        self.ranks = []
        x[:] = rest + list(reversed(wanted))  # popped from the end: the first named first


# -- Forming (Laws 17, 21, 22, 25, 28) --------------------------------------------------------


def test_law_17_with_five_candidates_the_four_lowest_play_first():
    formed = form([Candidate(n) for n in range(5)], Dealt("9", "2", "K", "5", "A"))
    assert set(formed.playing) == {0, 1, 3, 4}
    assert set(formed.members) == {0, 1, 2, 3, 4}
    assert formed.waiting == ()
    said = {why.who: why.said for why in formed.reasons}
    assert said[2].startswith("belongs to the table and sits out the first rubber")


def test_laws_21_and_22_with_seven_candidates_six_belong_and_the_seventh_waits():
    formed = form([Candidate(n) for n in range(7)], Dealt("9", "2", "K", "5", "A", "7", "3"))
    assert formed.waiting == (2,)  # the king: highest
    assert len(formed.members) == FULL
    assert set(formed.playing) == {1, 4, 6, 3}  # 2, A, 3, 5


def test_law_22_with_nine_candidates_three_wait_in_the_order_of_the_cut():
    formed = form(
        [Candidate(n) for n in range(9)], Dealt("9", "2", "K", "5", "A", "7", "3", "Q", "10")
    )
    assert formed.waiting == (8, 7, 2)  # 10, Q, K
    assert [why.said for why in formed.reasons if why.who == 8] == [
        "waits for the first vacancy, first in turn (Laws 21, 22)"
    ]


def test_law_25_those_who_played_at_no_other_table_have_the_prior_right():
    # Seven candidates, two of whom played elsewhere: though they cut lowest, the five
    # fresh belong first, and the two cut for the one place left.
    candidates = [Candidate(n, played_elsewhere=n < 2) for n in range(7)]
    formed = form(candidates, Dealt("A", "2", "9", "10", "J", "Q", "K"))
    assert set(formed.members) == {0, 2, 3, 4, 5, 6}
    assert formed.waiting == (1,)
    said = {why.who: why.said for why in formed.reasons}
    assert "a prior right: played at no other table tonight (Law 25)" in said[2]
    assert "cut in among those who had played at another table (Law 25)" in said[0]


def test_law_28_players_of_a_broken_table_keep_a_prior_right():
    candidates = [Candidate(n, played_elsewhere=True, broken_up=n == 6) for n in range(7)]
    formed = form(candidates, Dealt("A", "2", "3", "4", "5", "6", "K"))
    assert 6 in formed.members
    assert formed.waiting == (5,)


def test_a_table_needs_four_and_nobody_twice():
    with pytest.raises(RubberError, match="a table needs four players; 3 are candidates"):
        form([Candidate(n) for n in range(3)], random.Random(1))
    with pytest.raises(RubberError, match="named twice"):
        form([Candidate(1), Candidate(1), Candidate(2), Candidate(3)], random.Random(1))


# -- Cutting out (Laws 23, 24) -----------------------------------------------------------------


def test_law_23_the_longest_run_goes_out_for_a_claimant():
    members = [Member(1, 3), Member(2, 1), Member(3, 1), Member(4, 1)]
    claim = Claim(9, EVENING - timedelta(minutes=5))
    after = cut_out(members, [claim], cut_at=EVENING, rng=random.Random(1))
    assert after.entering == (9,)
    assert after.out == (1,)
    assert set(after.playing) == {2, 3, 4, 9}
    said = {why.who: why.said for why in after.reasons}
    assert said[1] == "sits out: has played 3 rubbers running, more than those who play (Law 23)"
    assert said[9] == "enters: claimed before the cut (Law 24)"


def test_law_23_equal_runs_cut_and_the_highest_go_out():
    members = [Member(n, 2) for n in range(1, 5)]
    claims = [Claim(8, EVENING - timedelta(minutes=2)), Claim(9, EVENING - timedelta(minutes=1))]
    after = cut_out(members, claims, cut_at=EVENING, rng=Dealt("5", "K", "2", "J"))
    assert set(after.out) == {2, 4}  # the king and the knave
    assert after.cut
    said = {why.who: why.said for why in after.reasons}
    assert said[2].startswith("sits out: all who tied had played 2 rubbers running")
    assert "K" in said[2]


def test_law_24_a_claim_after_the_cut_waits_a_rubber():
    members = [Member(n, 1) for n in range(1, 5)]
    late = Claim(9, EVENING + timedelta(seconds=1))
    after = cut_out(members, [late], cut_at=EVENING, rng=random.Random(1))
    assert after.entering == ()
    assert after.waiting == (9,)
    assert after.out == ()
    assert [why.said for why in after.reasons if why.who == 9] == [
        "waits a rubber: claimed after the cut began (Law 24)"
    ]


def test_a_claimant_playing_a_rubber_at_another_table_waits_until_it_ends():
    """A member plays one rubber at a time: his claim, prior right and all, keeps its
    place and waits, and the next claimant enters where there is room."""
    members = [Member(n, 1) for n in range(1, 5)]
    claims = [
        Claim(8, EVENING - timedelta(hours=1), prior=True, playing_elsewhere=True),
        Claim(9, EVENING - timedelta(minutes=1)),
    ]
    after = cut_out(members, claims, cut_at=EVENING, rng=random.Random(1))
    assert after.entering == (9,)
    assert after.waiting == (8,)
    assert 8 not in after.playing
    assert [why.said for why in after.reasons if why.who == 8] == [
        "waits: playing a rubber at another table until it ends"
    ]


def test_law_21_nobody_cuts_into_a_full_table():
    members = [Member(n, 1 if n < 5 else 0) for n in range(1, 7)]
    after = cut_out(
        members, [Claim(9, EVENING - timedelta(hours=1))], cut_at=EVENING, rng=random.Random(2)
    )
    assert after.entering == ()
    assert after.waiting == (9,)


def test_law_22_a_prior_right_goes_before_the_order_of_announcement():
    members = [Member(n, 1 if n < 5 else 0) for n in range(1, 6)]  # five: one place left
    claims = [
        Claim(8, EVENING - timedelta(hours=1)),
        Claim(9, EVENING - timedelta(minutes=1), prior=True),
    ]
    after = cut_out(members, claims, cut_at=EVENING, rng=random.Random(3))
    assert after.entering == (9,)
    assert after.waiting == (8,)


@pytest.mark.parametrize("size", [5, 6])
def test_five_and_six_take_turns_over_ten_rubbers(size):
    """Nobody with fewer consecutive rubbers sits out before one with more, and nobody
    sits out twice running while another has played more."""
    rng = random.Random(size)
    members = list(range(1, size + 1))
    history: list[tuple[int, ...]] = [tuple(members[:4])]
    for _ in range(10):
        counted = runs(members, history)
        after = cut_out([Member(m, counted[m]) for m in members], [], cut_at=EVENING, rng=rng)
        assert len(after.playing) == 4
        assert len(after.out) == size - 4
        assert max(counted[m] for m in after.playing) <= min(counted[m] for m in after.out)
        assert all(counted[m] > 0 for m in after.out), "who sat out last plays now"
        history.append(after.playing)
    played = [sum(m in rubber for rubber in history) for m in members]
    assert max(played) - min(played) <= 2


def test_runs_are_worked_out_from_the_rubbers_in_order():
    rubbers = [(1, 2, 3, 4), (1, 2, 3, 5), (2, 3, 4, 5)]
    assert runs([1, 2, 3, 4, 5], rubbers) == {1: 0, 2: 3, 3: 3, 4: 1, 5: 2}


# -- Moving and substitutes (Laws 26, 27) -------------------------------------------------------


def test_law_26_moving_forfeits_reentry_unless_it_makes_a_fresh_table_of_three_candidates():
    assert keeps_right_of_reentry(3)
    assert not keeps_right_of_reentry(4)
    assert not keeps_right_of_reentry(2)


def test_law_27_a_substitute_is_someone_not_playing_appointed_by_a_player():
    check_substitute(quitting=1, substitute=9, playing=(1, 2, 3, 4))
    with pytest.raises(RubberError, match="only a player in the rubber"):
        check_substitute(quitting=7, substitute=9, playing=(1, 2, 3, 4))
    with pytest.raises(RubberError, match="already playing"):
        check_substitute(quitting=1, substitute=2, playing=(1, 2, 3, 4))


# -- Random evenings ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_evenings_keep_every_table_whole(data, seed):
    """Arrivals, claims and rubbers in any order: a table never exceeds six, every rubber
    has four distinct players of its table, and nobody is at two places at once."""
    rng = random.Random(seed)
    people = list(range(1, 15))
    arriving = data.draw(st.lists(st.sampled_from(people), min_size=4, max_size=12, unique=True))
    formed = form([Candidate(who) for who in arriving], rng)
    members = list(formed.members)
    waiting = list(formed.waiting)
    history = [formed.playing]
    clock = EVENING
    for _ in range(data.draw(st.integers(1, 8))):
        clock += timedelta(minutes=30)
        newcomers = data.draw(st.lists(st.sampled_from(people), max_size=3, unique=True))
        claims = [Claim(who, clock - timedelta(minutes=1)) for who in waiting]
        claims += [
            Claim(who, clock + timedelta(minutes=d % 2))  # some before the cut, some after
            for d, who in enumerate(newcomers)
            if who not in members and who not in waiting
        ]
        counted = runs(members, history)
        after = cut_out([Member(m, counted[m]) for m in members], claims, cut_at=clock, rng=rng)
        members += list(after.entering)
        waiting = list(after.waiting)
        assert len(members) <= FULL
        assert len(set(members)) == len(members)
        assert len(set(after.playing)) == 4
        assert set(after.playing) <= set(members)
        assert not set(waiting) & set(members)
        history.append(after.playing)
