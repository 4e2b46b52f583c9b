"""Tables of four to six: forming them, cutting out, entry, moving, substitutes and breaking
up (Laws 17 and 21–28 of 1905).

Members are named by whatever ids the caller uses (ints). Every decision comes with its
reason in words, naming the law, for the table's page to show.

- Forming (Laws 17, 21, 25): those who have neither belonged to nor played at another table
  have the prior right; the rest cut for what places are left. Six make a full table
  (Law 21); those left over wait, in the order of the cut, for the first vacancy (Law 22).
  With more than four at the table, the four who cut lowest play first (Law 17).
- Cutting out (Law 23): at the end of a rubber, with candidates claiming admission or with
  five or six at the table, those who have played the greater number of consecutive
  rubbers withdraw; where that ties, they cut and the highest are out.
- Entry (Law 24): a claim counts if made before anyone at the table cuts for the next
  rubber; one made after waits a rubber. A claimant still playing a rubber at another
  table waits until it ends: a member plays one rubber at a time.
- Moving (Law 26): cutting into another table forfeits the right of re-entry to one's own,
  unless it enables three candidates to form a fresh table.
- Substitutes (Law 27): appointed with the other three's consent, for the rest of the
  rubber only; the rubber posts to the member who appointed him (an interpretation: the
  laws say the substitute's own rights are not affected, so the rubber is not his).
- Breaking up (Law 28): the remaining players have a prior right at other tables.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from scorer.engine.cutting import Card, Cut, cut_in_order
from scorer.engine.errors import RubberError

PLAYERS = 4  # who play a rubber
FULL = 6  # a full table (Law 21)


@dataclass(frozen=True, slots=True)
class Candidate:
    """Someone wanting a place at a table being formed, in the order they came."""

    who: int
    played_elsewhere: bool = False  # belonged to or played at another table (Law 25)
    broken_up: bool = False  # his table broke up: a prior right here (Law 28)


@dataclass(frozen=True, slots=True)
class Why:
    """A decision about one member, in words."""

    who: int
    said: str


@dataclass(frozen=True, slots=True)
class Formation:
    members: tuple[int, ...]  # who belong to the table, the four to play first leading
    playing: tuple[int, ...]  # the four who play the first rubber
    waiting: tuple[int, ...]  # for the first vacancy, in order (Law 22)
    cut: tuple[tuple[tuple[int, Card], ...], ...]  # the cards, by member, round by round
    reasons: tuple[Why, ...]


def form(candidates: Sequence[Candidate], rng: random.Random) -> Formation:
    """A new table from its candidates (Laws 17, 21, 22, 25, 28)."""
    ids = [candidate.who for candidate in candidates]
    if len(set(ids)) != len(ids):
        raise RubberError("a candidate is named twice")
    if len(candidates) < PLAYERS:
        raise RubberError(f"a table needs four players; {len(candidates)} are candidates")
    drawn = cut_in_order(len(candidates), rng)
    place = {index: n for n, index in enumerate(drawn.order)}
    # Prior right first (Laws 25, 28), then by the cut (Law 17).
    ranked = sorted(range(len(candidates)), key=lambda i: (_played(candidates[i]), place[i]))
    belong = ranked[:FULL]
    playing = sorted(belong, key=place.__getitem__)[:PLAYERS]
    members = playing + [i for i in belong if i not in playing]
    waiting = ranked[FULL:]
    reasons = [_formed(candidates[i], i in playing, candidates, ranked) for i in members]
    reasons += [
        Why(candidates[i].who, f"waits for the first vacancy, {_nth(n)} in turn (Laws 21, 22)")
        for n, i in enumerate(waiting, 1)
    ]
    return Formation(
        members=tuple(ids[i] for i in members),
        playing=tuple(ids[i] for i in playing),
        waiting=tuple(ids[i] for i in waiting),
        cut=_by_member(drawn, ids),
        reasons=tuple(reasons),
    )


def _played(candidate: Candidate) -> bool:
    return candidate.played_elsewhere and not candidate.broken_up


def _formed(
    candidate: Candidate, plays: bool, candidates: Sequence[Candidate], ranked: list[int]
) -> Why:
    if candidate.broken_up:
        right = "a prior right: that player's table broke up (Law 28)"
    elif candidate.played_elsewhere:
        right = "cut in among those who had played at another table (Law 25)"
    elif any(_played(other) for other in candidates):
        right = "a prior right: played at no other table tonight (Law 25)"
    else:
        right = "a candidate when the table formed (Law 17)"
    how = "plays the first rubber: cut among the four lowest (Law 17)"
    if not plays:
        how = "belongs to the table and sits out the first rubber: cut higher (Law 17)"
    if len(candidates) <= PLAYERS:
        how = "plays the first rubber"
    return Why(candidate.who, f"{how}; {right}")


# -- Cutting out (Laws 23, 24) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Member:
    """A member of the table and his run of consecutive rubbers (0: he sat out the last,
    or has just joined)."""

    who: int
    run: int


@dataclass(frozen=True, slots=True)
class Claim:
    """A candidate's claim to enter, and when it was made."""

    who: int
    at: datetime
    prior: bool = False  # a prior right: his table broke up (Law 28), or Law 26's return
    playing_elsewhere: bool = False  # in a rubber at another table: he enters after it


@dataclass(frozen=True, slots=True)
class NextRubber:
    playing: tuple[int, ...]  # the four who play it
    out: tuple[int, ...]  # members who sit it out
    entering: tuple[int, ...]  # candidates who join the table now
    waiting: tuple[int, ...]  # candidates still waiting, in order
    cut: tuple[tuple[tuple[int, Card], ...], ...]  # a cut to decide ties, if one was needed
    reasons: tuple[Why, ...]


def cut_out(
    members: Sequence[Member],
    claims: Sequence[Claim],
    *,
    cut_at: datetime,
    rng: random.Random,
) -> NextRubber:
    """Who plays the next rubber at a table (Laws 21–24)."""
    ids = [member.who for member in members]
    if len(set(ids)) != len(ids):
        raise RubberError("a member of the table is named twice")
    if not PLAYERS <= len(members) <= FULL:
        raise RubberError(f"a table has four to six members; this one has {len(members)}")
    reasons: list[Why] = []
    free = [claim for claim in _in_order(claims) if not claim.playing_elsewhere]
    in_time = [claim for claim in free if claim.at < cut_at]
    late = [claim for claim in free if claim.at >= cut_at]
    room = FULL - len(members)
    entering = [claim.who for claim in in_time[:room] if claim.who not in ids]
    for who in entering:
        reasons.append(Why(who, "enters: claimed before the cut (Law 24)"))
    waiting = [claim.who for claim in in_time[room:]]
    for who in waiting:
        reasons.append(Why(who, "waits: the table is full with six (Law 21)"))
    for claim in late:
        reasons.append(Why(claim.who, "waits a rubber: claimed after the cut began (Law 24)"))
        waiting.append(claim.who)
    for claim in _in_order(claims):
        if claim.playing_elsewhere:
            reasons.append(Why(claim.who, ELSEWHERE))
            waiting.append(claim.who)

    pool = [*members, *(Member(who, 0) for who in entering)]
    going = len(pool) - PLAYERS
    if going == 0:
        return NextRubber(
            playing=tuple(m.who for m in pool),
            out=(),
            entering=tuple(entering),
            waiting=tuple(waiting),
            cut=(),
            reasons=tuple(reasons),
        )
    # The greater runs go out; where the last place out is tied, the tied cut, highest out.
    by_run = sorted(pool, key=lambda m: -m.run)
    threshold = by_run[going - 1].run
    surely_out = [m for m in by_run if m.run > threshold]
    tied = [m for m in by_run if m.run == threshold]
    places = going - len(surely_out)
    rounds: tuple[tuple[tuple[int, Card], ...], ...] = ()
    if places == len(tied):
        cut_out_ = tied
    else:
        drawn = cut_in_order(len(tied), rng)
        highest_first = list(reversed(drawn.order))
        cut_out_ = [tied[i] for i in highest_first[:places]]
        rounds = _by_member(drawn, [m.who for m in tied])
    out = [*surely_out, *cut_out_]
    out_ids = {m.who for m in out}
    for member in out:
        cut = bool(rounds) and member in cut_out_
        reasons.append(Why(member.who, _why_out(member, threshold, cut, rounds)))
    playing = [m.who for m in pool if m.who not in out_ids]
    for member in pool:
        if member.who in out_ids or member.who in entering:
            continue
        reasons.append(Why(member.who, _why_in(member, threshold)))
    return NextRubber(
        playing=tuple(playing),
        out=tuple(m.who for m in out),
        entering=tuple(entering),
        waiting=tuple(waiting),
        cut=rounds,
        reasons=tuple(reasons),
    )


ELSEWHERE = "waits: playing a rubber at another table until it ends"


def _in_order(claims: Sequence[Claim]) -> list[Claim]:
    """A prior right first (Laws 26, 28), then by the order of announcement (Law 22)."""
    return sorted(claims, key=lambda claim: (not claim.prior, claim.at))


def _why_out(
    member: Member, threshold: int, by_cut: bool, rounds: tuple[tuple[tuple[int, Card], ...], ...]
) -> str:
    runs = _rubbers(member.run)
    if not by_cut:
        return f"sits out: has played {runs} running, more than those who play (Law 23)"
    cards = [str(card) for drawn in rounds for who, card in drawn if who == member.who]
    cut = f" ({', then '.join(cards)})" if cards else ""
    if threshold == 0:
        return "sits out: of those who had not yet played, cut highest" + cut + " (Law 23)"
    return f"sits out: all who tied had played {runs} running; cut highest{cut} (Law 23)"


def _why_in(member: Member, threshold: int) -> str:
    if member.run == 0:
        return "plays: sat out the last rubber (Law 23)"
    if member.run < threshold:
        return f"plays: has played {_rubbers(member.run)} running, fewer than those out (Law 23)"
    return "plays: cut lower than those out (Law 23)"


def _rubbers(n: int) -> str:
    return "one rubber" if n == 1 else f"{n} rubbers"


def _by_member(drawn: Cut, ids: Sequence[int]) -> tuple[tuple[tuple[int, Card], ...], ...]:
    return tuple(tuple((ids[player], card) for player, card in round_) for round_ in drawn.rounds)


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


# -- Runs, moving, substitutes --------------------------------------------------------------


def runs(members: Sequence[int], rubbers: Sequence[Sequence[int]]) -> dict[int, int]:
    """Each member's run of consecutive rubbers, from the table's rubbers in order (each
    the four who played it): worked out, never kept."""
    counted: dict[int, int] = {}
    for who in members:
        run = 0
        for players in reversed(rubbers):
            if who not in players:
                break
            run += 1
        counted[who] = run
    return counted


def keeps_right_of_reentry(others_forming: int) -> bool:
    """Cutting into another table forfeits one's right of re-entry to one's own, unless it
    enables three candidates to form a fresh table (Law 26)."""
    return others_forming == PLAYERS - 1


def check_substitute(*, quitting: int, substitute: int, playing: Sequence[int]) -> None:
    """A player quitting during a rubber appoints a substitute, with the other three's
    consent (Law 27): someone not already playing it."""
    if quitting not in playing:
        raise RubberError("only a player in the rubber appoints a substitute (Law 27)")
    if substitute in playing:
        raise RubberError("the substitute is already playing in this rubber")


SUBSTITUTE_POSTS_TO = (
    "A substitute's rubber posts to the member who appointed him: the appointment ends with "
    "the rubber and does not affect the substitute's own rights (Law 27)."
)
