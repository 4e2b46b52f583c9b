"""Each board's analysis asked for once, kept by its hands, worked out a board at a time by
whoever claims it, and never lost: a claim whose process is gone is taken up again, a
board the solver fails on is given up after three tries and said so."""

from __future__ import annotations

import random
import socket
from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.utils import timezone

from scorer.analysis import analyser, reads, writes
from scorer.analysis.models import Analysis
from scorer.analysis.solver import dealers_tricks
from scorer.engine import what_the_cards_allowed
from scorer.engine.cards import deal_boards, dealt
from tests.support.analysis import analyse_now

pytestmark = pytest.mark.django_db

DEALS = [board.dealt for board in deal_boards(4, rng=random.Random(4))]


def test_a_deal_is_asked_for_once_however_often_it_is_dealt():
    writes.ask_for(DEALS[:2])
    writes.ask_for([DEALS[1], DEALS[0], DEALS[2]])
    assert list(Analysis.objects.order_by("id").values_list("hands", flat=True)) == [
        dealt.hands_line(hands) for hands in DEALS[:3]
    ]


def test_the_database_keeps_a_deal_once():
    Analysis.objects.create(hands=dealt.hands_line(DEALS[0]))
    with pytest.raises(IntegrityError):
        Analysis.objects.create(hands=dealt.hands_line(DEALS[0]))


def test_the_database_keeps_five_numbers_or_none():
    with pytest.raises(IntegrityError):
        Analysis.objects.create(hands="x", no_trump=7, solved_at=timezone.now())


def test_the_waiting_boards_are_solved_oldest_first_and_read_as_the_engine_reckons_them():
    writes.ask_for(DEALS[:3])
    first = analyser.claim_next("here:1")
    assert first.hands == dealt.hands_line(DEALS[0])
    analyser.solve(first, "here:1")
    (one, two, _three), progress = reads.analysed(DEALS[:3])
    assert str(progress) == "analysing board 2 of 3"
    assert one.allowed == what_the_cards_allowed(DEALS[0], dealers_tricks(DEALS[0]))
    assert (two.allowed, two.waiting) == (None, "being analysed")
    assert analyse_now() == 2
    assert str(reads.analysed(DEALS[:3])[1]) == "analysed, 3 boards"


def test_a_board_claimed_is_not_claimed_again_while_its_claim_stands():
    writes.ask_for(DEALS[:2])
    assert analyser.claim_next("here:1").hands == dealt.hands_line(DEALS[0])
    assert analyser.claim_next("there:2").hands == dealt.hands_line(DEALS[1])
    assert analyser.claim_next("elsewhere:3") is None


def test_a_claim_older_than_any_solve_is_taken_up_again():
    writes.ask_for(DEALS[:1])
    analyser.claim_next("a host gone:1")
    Analysis.objects.update(claimed_at=timezone.now() - analyser.LEASE - timedelta(seconds=1))
    assert analyser.claim_next("here:2") is not None


def test_an_analyser_starting_takes_up_its_hosts_claims_and_no_other_hosts():
    """One analyser a host (it holds the server's lock): any claim of its host's, then, is
    of a process gone, its worker restarted or killed."""
    writes.ask_for(DEALS[:2])
    Analysis.objects.filter(hands=dealt.hands_line(DEALS[0])).update(
        claimed_by=f"{socket.gethostname()}:99999999", claimed_at=timezone.now()
    )
    Analysis.objects.filter(hands=dealt.hands_line(DEALS[1])).update(
        claimed_by="another-host:1", claimed_at=timezone.now()
    )
    assert analyser.release_this_hosts_claims() == 1
    assert analyse_now() == 1
    assert reads.analysed(DEALS[:2])[1].done == 1


def test_a_board_the_solver_fails_on_is_given_up_after_three_tries(monkeypatch):
    from scorer.analysis import solver

    def fails(hands):
        raise RuntimeError("DDS: out of memory")

    monkeypatch.setattr(solver, "dealers_tricks", fails)
    writes.ask_for(DEALS[:1])
    assert analyse_now() == 3
    assert analyse_now() == 0
    (board,), progress = reads.analysed(DEALS[:1])
    assert board.waiting == "could not be analysed"
    assert progress.finished
    assert str(progress) == "analysed, 1 board (1 could not be)"


def test_a_board_never_asked_for_is_being_analysed():
    (board,), progress = reads.analysed(DEALS[:1])
    assert board.waiting == "being analysed"
    assert str(progress) == "analysing board 1 of 1"
