"""A Duplicate evening as PBN 2.1 (§9, §11; docs/pbn.md): its boards and results for other
programs, written by the cards' strict PBN writer (`scorer.engine.cards.pbn`).

A game a result, as PBN's games are a table's play of a deal: each carries its board's
number, dealer and, when known, its hands; the two pairs (`PairNS`, `PairEW`, PBN 4.3.2),
their names in the seats where a pair is two names, the round and the table when the
evening's schedule says them (`Round`, `Table`); the declaration and the tricks as the
cards' writer puts a 1905 deal (the dealer declares: `Declarer`; one of the trump:
`Contract`; the dealer's side's tricks: `Result`; who made it, the doubles, the honours
and chicane by seat, the revokes: the Elwell tags), and its play when recorded. The
figures are 1905's: each direction's points (`ElwellPoints`), the net (PBN's `Score`,
North–South's then East–West's), and the score on the board (`ElwellScore`: against the
average, or the matchpoints, also as PBN's `ScoreMP`). A board the two pairs could not
play has no contract, and scores the average. A board with no result yet (or every board,
without the evening's score) is one game of its deal alone. 1905 has no vulnerability:
`Vulnerable` is "None".
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from scorer.engine.cards import (
    DIRECTIONS,
    Card,
    Hand,
    Hands,
    honours_by_hand,
    pbn_text,
    void_by_hand,
)
from scorer.engine.cards import Board as PbnBoard
from scorer.engine.duplicate.checks import scheduled_by_pair
from scorer.engine.duplicate.evening import DuplicateScore, ResultScore
from scorer.engine.duplicate.interchange import figure
from scorer.engine.duplicate.model import Board, Comparison, Evening, Lines, Result
from scorer.engine.model import Maker, Trump

COMPETITION = "Pairs"
SCORING = {
    Comparison.MATCHPOINTS: "MatchPoints;MP1;Laws1905",  # PBN's MP1 is §11's: 2 a pair beaten
    Comparison.AVERAGE: "Average;Laws1905",  # PBN names no scoring against the average
}


def evening_pbn(
    *,
    title: str,
    day: date,
    evening: Evening,
    score: DuplicateScore | None,
    names: Mapping[int, str],
) -> str:
    """The evening as PBN 2.1's export format: a game a result (or a board, without its
    score or any result), board by board, each board's results by North–South pair."""
    return pbn_text(evening_games(title=title, day=day, evening=evening, score=score, names=names))


def evening_games(
    *,
    title: str,
    day: date,
    evening: Evening,
    score: DuplicateScore | None,
    names: Mapping[int, str],
) -> tuple[PbnBoard, ...]:
    """The evening's games, as the cards' PBN writer takes them."""
    heading = (
        ("Event", title),
        ("Site", "?"),  # the club's, which the evening does not know
        ("Date", day.strftime("%Y.%m.%d")),
        ("Scoring", SCORING[evening.rules.comparison]),
        ("Competition", COMPETITION),
    )
    if score is None:
        return tuple(_board_game(board, heading) for board in evening.boards)
    where = {} if evening.schedule is None else scheduled_by_pair(evening.schedule.results())
    matchpoints = evening.rules.comparison is Comparison.MATCHPOINTS
    games: list[PbnBoard] = []
    for traveller in score.travellers:
        board = traveller.board
        if not traveller.results:
            games.append(_board_game(board, heading))
            continue
        for row in traveller.results:
            seats = _seats(evening, names, row.ns, row.ew)
            scheduled = where.get((row.board, row.ns))
            table = (
                ()
                if scheduled is None
                else (("Round", str(scheduled.round)), ("Table", str(scheduled.table)))
            )
            tags = (
                *heading,
                *seats,
                ("PairNS", str(row.ns)),
                ("PairEW", str(row.ew)),
                *table,
                *_figures(row, matchpoints),
            )
            games.append(_result_game(board, row, tags))
    return tuple(games)


def _board_game(board: Board, tags: tuple[tuple[str, str], ...]) -> PbnBoard:
    return PbnBoard(number=board.number, dealer=board.dealer, hands=_hands(board), tags=tags)


def _hands(board: Board) -> tuple[Hand | None, Hand | None, Hand | None, Hand | None]:
    return board.hands if board.hands is not None else (None, None, None, None)


def _seats(
    evening: Evening, names: Mapping[int, str], ns: int, ew: int
) -> tuple[tuple[str, str], ...]:
    """The players' names in their seats, where the pair is two names: the evening's, or
    the name printed for the pair written as two joined by " & "; "?" (unknown) else."""
    north, south = _two_names(evening, names, ns)
    east, west = _two_names(evening, names, ew)
    return (("North", north), ("East", east), ("South", south), ("West", west))


def _two_names(evening: Evening, names: Mapping[int, str], pair: int) -> tuple[str, str]:
    if 0 < pair <= len(evening.pairs):
        first, second = evening.pairs[pair - 1]
        return first, second
    printed = names.get(pair, "").split(" & ")
    if len(printed) == 2 and all(name.strip() for name in printed):
        return printed[0].strip(), printed[1].strip()
    return "?", "?"


def _figures(row: ResultScore, matchpoints: bool) -> tuple[tuple[str, str], ...]:
    """1905's figures for the result: each direction's points and net, when played, and its
    score on the board."""
    said = []
    if row.points is not None and row.net is not None:
        said.append(("ElwellPoints", _by_lines(row.points)))
        said.append(("Score", _by_lines(row.net)))
    scored = Lines(figure(row.score.ns), figure(row.score.ew))
    said.append(("ElwellScore", _by_lines(scored)))
    if matchpoints:
        said.append(("ScoreMP", _by_lines(scored)))
    return tuple(said)


def _by_lines(values: Lines[int] | Lines[int | float]) -> str:
    """ "NS 56 EW -56", as PBN's Score tag gives both sides (PBN 4.2.1)."""
    return f"NS {values.ns} EW {values.ew}"


def _result_game(board: Board, row: ResultScore, tags: tuple[tuple[str, str], ...]) -> PbnBoard:
    """A result as the game of its table: the declaration, tricks, honours, chicane and
    revokes as the deal was scored, and the play when recorded."""
    recorded, deal = row.recorded, row.deal
    if not isinstance(recorded, Result) or deal is None or deal.play is None:
        return _board_game(board, tags)
    dealer = board.dealer
    play = deal.play
    dealing = board.dealing_line
    tricks = Lines.of(play.tricks)
    maker = dealer if recorded.maker is Maker.DEALER else dealer.left.left
    honours, chicane = _counts(board, recorded)
    return PbnBoard(
        number=board.number,
        dealer=dealer,
        hands=_hands(board),
        trump=recorded.trump,
        doubles=recorded.doubles,
        declarer=dealer,
        maker=maker,
        result=tricks[dealing],
        play=()
        if recorded.play is None
        else tuple(tuple(Card.parse(card) for card in trick) for trick in recorded.play),
        honours=honours,
        chicane=chicane,
        revokes=(play.revokes.we, play.revokes.they),  # North–South are We (`Line.side`)
        tags=tags,
    )


def _counts(
    board: Board, result: Result
) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """Each seat's honours and whether it held no trump, North's first: from the board's
    hands when known, else as the result records them, a direction's void hand being the
    one that held no honour (North's, or East's, when neither did: the score is the same)."""
    trump = result.trump
    if board.hands is not None:
        dealer = board.dealer
        hands = Hands.at(dict(zip(DIRECTIONS, board.hands, strict=True)), dealer)
        held = honours_by_hand(hands, trump)
        void = void_by_hand(hands, trump)
        n, e, s, w = (held[seat.position(dealer)] for seat in DIRECTIONS)
        vn, ve, vs, vw = (int(void[seat.position(dealer)]) for seat in DIRECTIONS)
        return (n, e, s, w), (vn, ve, vs, vw)
    assert result.honours is not None  # a board whose hands are not known records them
    (north, south), (east, west) = result.honours
    chicane = result.chicane or Lines(0, 0)
    north_void, south_void = _void(chicane.ns, north, south, trump)
    east_void, west_void = _void(chicane.ew, east, west, trump)
    return (north, east, south, west), (north_void, east_void, south_void, west_void)


def _void(hands: int, first: int, second: int, trump: Trump) -> tuple[int, int]:
    """A direction's hands void of trumps, by seat: both, none, or the one without an
    honour (the first, when neither held one)."""
    if trump is Trump.NO_TRUMP or hands == 0:
        return 0, 0
    if hands == 2:
        return 1, 1
    return (1, 0) if first == 0 else (0, 1) if second == 0 else (1, 0)
