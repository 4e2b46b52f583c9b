"""Properties of every Duplicate evening, over random evenings played by the movements
offered: the engine agrees with an independent working of §11 written here; against the
average each board's scores add up to nothing in each direction; the matchpoints on a board
add up to what the board allows; the order results come in changes nothing; and an
evening in progress counts what is recorded and lists what is not."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import Deal, Pair, Play, Rules, Side, score_for_points
from scorer.engine.duplicate import (
    Comparison,
    Evening,
    duplicate_json,
    duplicate_result_json,
    loads_duplicate,
    work_out_duplicate,
)
from tests.support.duplicate import names, random_evening
from tests.support.examples import examples


@st.composite
def evenings(draw: st.DrawFn, *, scheduled: bool = False) -> Evening:
    def choose(lo: int, hi: int) -> int:
        return draw(st.integers(lo, hi))

    return random_evening(choose, scheduled=scheduled)


# -- §11, worked out independently -------------------------------------------------------


SEATS = "NESW"  # round the table, the way the deal goes
SUITS = "SHDC"
RANKS = "23456789TJQKA"  # upwards


def counts_by_cards(board, made) -> tuple[tuple, tuple, tuple, tuple]:
    """A result on a board whose hands are known: each direction's tricks, honours (two
    hands each), hands void of trumps and revokes, counted from the hands and the play."""
    held = {
        seat: [
            suit + rank
            for suit, ranks in zip(SUITS, str(hand).split("."), strict=True)
            for rank in ranks
        ]
        for seat, hand in zip(SEATS, board.hands, strict=True)
    }
    trump = made.trump.value
    honours = {suit + "A" for suit in SUITS} if trump == "NT" else {trump + r for r in "AKQJT"}
    count = {seat: len(honours & set(cards)) for seat, cards in held.items()}
    void = {
        seat: trump != "NT" and not any(card[0] == trump for card in cards)
        for seat, cards in held.items()
    }
    side = {"N": 0, "S": 0, "E": 1, "W": 1}
    if made.play is None:
        tricks = (made.tricks.ns, made.tricks.ew)
        revokes = (0, 0) if made.revokes is None else (made.revokes.ns, made.revokes.ew)
    else:
        dealer = SEATS[(board.number - 1) % 4]
        dummy = SEATS[(SEATS.index(dealer) + 2) % 4]
        leader = (SEATS.index(dealer) + 1) % 4
        won, revoked = [0, 0], [0, 0]
        left = {seat: list(cards) for seat, cards in held.items()}
        for trick in made.play:
            led = trick[0][0]
            best, winner = trick[0], leader
            for turn, card in enumerate(trick):
                seat = SEATS[(leader + turn) % 4]
                if card[0] != led and any(c[0] == led for c in left[seat]) and seat != dummy:
                    revoked[side[seat]] += 1
                left[seat].remove(card)
                higher = card[0] == best[0] and RANKS.index(card[1]) > RANKS.index(best[1])
                if turn and (higher or (card[0] == trump and best[0] != trump)):
                    best, winner = card, (leader + turn) % 4
            won[side[SEATS[winner]]] += 1
            leader = winner
        tricks, revokes = tuple(won), tuple(revoked)
    return (
        tricks,
        ((count["N"], count["S"]), (count["E"], count["W"])),
        (void["N"] + void["S"], void["E"] + void["W"]),
        revokes,
    )


def points(board, made, limit: int | None) -> tuple[int, int]:
    """North–South's and East–West's points for a result: scored for points as §10 says,
    the dealer's side (North or South deals boards 1 and 3 of each four) declaring."""
    dealer = Side.WE if board.number % 4 in (1, 3) else Side.THEY
    if board.hands is not None:
        tricks, honours, chicane, revokes = counts_by_cards(board, made)
    else:
        tricks = (made.tricks.ns, made.tricks.ew)
        honours = (made.honours.ns, made.honours.ew)
        chicane = (0, 0) if made.chicane is None else (made.chicane.ns, made.chicane.ew)
        revokes = (0, 0) if made.revokes is None else (made.revokes.ns, made.revokes.ew)
    play = Play(Pair(*tricks), Pair(*honours), Pair(*chicane), Pair(*revokes))
    deal = Deal(dealer, made.trump, made.maker, made.doubles, play)
    entries = score_for_points(deal, Rules(doubling_limit=limit))
    return entries.we.tricks + entries.we.honours, entries.they.tricks + entries.they.honours


def written(value: Fraction):
    """Two places, half away from nought, a whole number as such."""
    with localcontext() as context:
        context.prec = 200
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        rounded = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return int(rounded) if rounded == rounded.to_integral_value() else float(rounded)


def section_11(evening: Evening) -> dict:
    """The evening's result as §11 says, by the plainest means."""
    matchpoints = evening.rules.comparison.value == "matchpoints"
    count = len(evening.pairs) or max(max(r.ns, r.ew) for r in evening.results)
    mitchell = evening.rules.movement.value == "mitchell"
    tables = (count + 1) // 2

    boards = []
    nets = dict.fromkeys(range(1, count + 1), 0)
    scores = {pair: Fraction(0) for pair in range(1, count + 1)}
    tops = dict.fromkeys(range(1, count + 1), 0)
    played_by = dict.fromkeys(range(1, count + 1), 0)
    for board_of in sorted(evening.boards, key=lambda b: b.number):
        board = board_of.number
        on_board = sorted(
            (r for r in evening.results if r.board == board), key=lambda r: (r.ns, r.ew)
        )
        played = [r for r in on_board if r.played]
        scored = {id(r): points(board_of, r, evening.rules.doubling_limit) for r in played}
        ns_net = {id(r): scored[id(r)][0] - scored[id(r)][1] for r in played}
        n = len(played)
        top = 2 * (n - 1) if n else 0
        rows = []
        for r in on_board:
            if not r.played:
                ns = ew = Fraction(top, 2) if matchpoints else Fraction(0)
                rows.append({"ns": r.ns, "ew": r.ew, "played": False, "points": None, "net": None})
            else:
                mine = ns_net[id(r)]
                if matchpoints:
                    ns = ew = Fraction(0)
                    for other in played:
                        if other is r:
                            continue
                        theirs = ns_net[id(other)]
                        ns += 2 if mine > theirs else 1 if mine == theirs else 0
                        ew += 2 if -mine > -theirs else 1 if mine == theirs else 0
                else:
                    average_ns = Fraction(sum(ns_net.values()), n)
                    average_ew = Fraction(sum(-net for net in ns_net.values()), n)
                    ns, ew = mine - average_ns, -mine - average_ew
                nets[r.ns] += mine
                nets[r.ew] -= mine
                played_by[r.ns] += 1
                played_by[r.ew] += 1
                rows.append(
                    {
                        "ns": r.ns,
                        "ew": r.ew,
                        "points": {"ns": scored[id(r)][0], "ew": scored[id(r)][1]},
                        "net": {"ns": mine, "ew": -mine},
                    }
                )
            rows[-1]["score"] = {"ns": written(ns), "ew": written(ew)}
            scores[r.ns] += ns
            scores[r.ew] += ew
            tops[r.ns] += top
            tops[r.ew] += top
        boards.append({"board": board, "results": rows})

    def group(pair):
        return (pair <= tables) if mitchell else None

    def ranked(pair):
        # under matchpoints by the percentage, exact; against the average by the total
        if matchpoints:
            return scores[pair] / tops[pair] if tops[pair] else Fraction(0)
        return scores[pair]

    pairs = []
    for pair in range(1, count + 1):
        better = sum(
            1 for other in scores if group(other) == group(pair) and ranked(other) > ranked(pair)
        )
        percent = None
        if matchpoints and tops[pair]:
            percent = written(scores[pair] * 100 / tops[pair])
        pairs.append(
            {
                "pair": pair,
                "direction": ("ns" if pair <= tables else "ew") if mitchell else None,
                "nets": nets[pair],
                "score": written(scores[pair]),
                "percent": percent,
                "place": 1 + better,
                "boards": played_by[pair],
            }
        )
    return {"format": "elwell-duplicate-result/1", "boards": boards, "pairs": pairs}


@settings(max_examples=examples(100), deadline=None)
@given(evenings())
def test_the_engine_agrees_with_an_independent_working_of_section_11(evening):
    read = loads_duplicate(json.dumps(duplicate_json(evening)))
    assert read == evening
    assert duplicate_result_json(work_out_duplicate(read)) == section_11(evening)


# -- Properties of the engine's own result ------------------------------------------------


@settings(max_examples=examples(100), deadline=None)
@given(evenings())
def test_against_the_average_each_boards_scores_add_up_to_nothing_in_each_direction(evening):
    evening = replace(evening, rules=replace(evening.rules, comparison=Comparison.AVERAGE))
    for traveller in work_out_duplicate(evening).travellers:
        assert sum(row.score.ns for row in traveller.results) == 0
        assert sum(row.score.ew for row in traveller.results) == 0


@settings(max_examples=examples(100), deadline=None)
@given(evenings())
def test_the_matchpoints_on_a_board_add_up_to_what_the_board_allows(evening):
    evening = replace(evening, rules=replace(evening.rules, comparison=Comparison.MATCHPOINTS))
    score = work_out_duplicate(evening)
    for traveller in score.travellers:
        played = sum(1 for row in traveller.results if row.played)
        absent = len(traveller.results) - played
        # n pairs of a direction share n(n − 1) matchpoints; an absent one has half a top.
        expected = played * (played - 1) + absent * max(played - 1, 0)
        assert sum(row.score.ns for row in traveller.results) == expected
        assert sum(row.score.ew for row in traveller.results) == expected
        assert all(0 <= row.score.ns <= traveller.top for row in traveller.results)
    for standing in score.standings:
        assert standing.percent is None or 0 <= standing.percent <= 100


@settings(max_examples=examples(100), deadline=None)
@given(evenings(), st.randoms(use_true_random=False))
def test_the_order_the_results_come_in_changes_nothing(evening, rng):
    shuffled = list(evening.results)
    rng.shuffle(shuffled)
    again = replace(evening, results=tuple(shuffled))
    assert duplicate_result_json(work_out_duplicate(again)) == duplicate_result_json(
        work_out_duplicate(evening)
    )


@settings(max_examples=examples(100), deadline=None)
@given(evenings(scheduled=True), st.data())
def test_an_evening_in_progress_counts_what_is_recorded_and_lists_what_is_not(evening, data):
    kept = data.draw(st.integers(0, len(evening.results)))
    going = replace(evening, results=evening.results[:kept])
    score = work_out_duplicate(going, in_progress=True)
    recorded = {(r.board, r.ns, r.ew) for r in going.results}
    called = evening.schedule.results()
    assert [(s.board, s.ns, s.ew) for s in score.missing] == [
        (s.board, s.ns, s.ew) for s in called if (s.board, s.ns, s.ew) not in recorded
    ]
    for traveller in score.travellers:
        on_board = {(s.ns, s.ew) for s in called if s.board == traveller.board.number}
        assert {(s.ns, s.ew) for s in traveller.missing} | {
            row.pairs for row in traveller.results
        } == on_board
    # What is recorded so far is worked out as the same results in a file would be.
    if going.results:
        as_a_file = replace(going, schedule=None, pairs=names(evening.schedule.movement.pairs))
        written = duplicate_result_json(score)
        for board in written["boards"]:
            board.pop("missing", None)
        assert written == section_11(as_a_file)
