"""A result read into the deal it scores: the one place a Duplicate result becomes a
`Deal` of the engine (§11).

The board's dealer makes the trump or passes it; his side is the declaring side, so a
board dealt by North or South is declared by North–South and one dealt by East or West by
East–West. The deal is scored with North–South in We's column and East–West in They's.

On a board whose hands are known (dealt by the site, or a hand record imported), the
honours and chicane of each result are worked out from the hands for its trump, and with
a play its tricks and revokes from the play (§9, by `scorer.engine.cards`); a result that
gives them as well must agree with the cards. On a board whose hands are not known, the
result records its honours and chicane as at a rubber. The counts are checked here, in
the directions' names; what the laws say of the declaration (the club's doubling limit)
is checked when the deal is scored.
"""

from __future__ import annotations

from functools import lru_cache

from scorer.engine.calls import ACES_EASY, CALLED, call_of
from scorer.engine.cards import (
    DIRECTIONS,
    POSITIONS,
    CardError,
    Direction,
    Hands,
    chicane_of,
    honours_by_hand,
    honours_of,
    read_play,
    void_by_hand,
)
from scorer.engine.cards.hands import DIRECTION_NAMES, check_deal
from scorer.engine.duplicate.borrowed import Entry, Item, score_for_points
from scorer.engine.duplicate.errors import DuplicateError
from scorer.engine.duplicate.model import LINES, Board, Line, Lines, Result
from scorer.engine.model import Deal, Holding, Pair, Play, Rules, Side, Trump
from scorer.engine.values import Honours

NO_COUNTS = Lines(0, 0)


@lru_cache(maxsize=8192)
def score_result(board: Board, result: Result, rules: Rules) -> tuple[Deal, Pair[Entry]]:
    """The result read into its deal and scored for points (`points.score_for_points`), or
    a RubberError naming the field. Kept once worked out, so that an evening worked out
    again after each new result reads and scores only the new one."""
    deal = deal_of(board, result)
    entries = score_for_points(deal, rules)
    return deal, Pair(_by_direction(entries.we), _by_direction(entries.they))


# The sheet names a side by its column ("They hold chicane: −4"); here by its direction.
_COLUMNS = (
    (f"{Side.WE.label} ", f"{Line.NS.label} "),
    (f"{Side.THEY.label} ", f"{Line.EW.label} "),
)


def _by_direction(entry: Entry) -> Entry:
    """An entry whose items name a side by its column, reworded to name its direction."""
    if not any(item.text.startswith(column) for item in entry.items for column, _ in _COLUMNS):
        return entry
    items = []
    for item in entry.items:
        for column, direction in _COLUMNS:
            if item.text.startswith(column):
                item = Item(item.column, item.points, direction + item.text[len(column) :])
        items.append(item)
    return Entry(entry.tricks, entry.honours, tuple(items))


def deal_of(board: Board, result: Result) -> Deal:
    """The deal a result scores, or DuplicateError naming the field (the caller places it
    at the board and the pairs)."""
    if board.hands is not None:
        return _by_cards(board, result)
    if result.play is not None:
        raise DuplicateError(
            "play: the play can be followed only on a board whose hands are known",
            field="play",
        )
    if result.tricks is None:
        raise DuplicateError("tricks is missing", field="tricks")
    if result.honours is None:
        raise DuplicateError(
            "honours is missing: on a board whose hands are not known, each result "
            "records the honours",
            field="honours",
        )
    chicane = result.chicane or NO_COUNTS
    revokes = result.revokes or NO_COUNTS
    check_counts(result.trump, result.tricks, result.honours, chicane, revokes)
    play = Play(result.tricks.sides, result.honours.sides, chicane.sides, revokes.sides)
    return Deal(board.dealing_line.side, result.trump, result.maker, result.doubles, play)


# -- A board whose hands are known -----------------------------------------------------------


def check_hands(board: Board) -> None:
    """A board's hands, if known, are fifty-two different cards, thirteen to each hand;
    DuplicateError naming the board and the hands otherwise."""
    if board.hands is None:
        return
    try:
        check_deal([hand.mask for hand in board.hands], DIRECTION_NAMES)
    except CardError as error:
        raise DuplicateError(error.problem, board=board.number, field="hands") from None


@lru_cache(maxsize=1024)
def hands_of(board: Board) -> Hands:
    """The board's hands by position from its dealer, as the cards count them."""
    assert board.hands is not None
    check_hands(board)
    return Hands.at(dict(zip(DIRECTIONS, board.hands, strict=True)), board.dealer)


def _by_cards(board: Board, result: Result) -> Deal:
    """The honours and chicane worked out from the board's hands for the result's trump,
    and, with a play, the tricks and revokes from it (§9); whatever the result gives as
    well must agree with the cards (fewer revokes may be claimed than the play shows)."""
    hands = hands_of(board)
    dealer = board.dealing_line.side
    trump = result.trump
    honours = Lines.of(honours_of(hands, trump, dealer))
    chicane = Lines.of(chicane_of(hands, trump, dealer))
    if result.honours is not None:
        _agree_honours(board, hands, trump, result.honours)
    if result.chicane is not None:
        _agree_chicane(board, hands, trump, chicane, result.chicane)
    if result.play is None:
        if result.tricks is None:
            raise DuplicateError(
                "tricks is missing: a result given without its play gives its tricks",
                field="tricks",
            )
        tricks = result.tricks
        revokes = result.revokes or NO_COUNTS
    else:
        card_play = read_play(hands, trump, [list(trick) for trick in result.play])
        tricks = Lines.of(card_play.tricks_won(dealer))
        if result.tricks is not None and result.tricks != tricks:
            raise DuplicateError(
                f"tricks: the play gives North–South {tricks.ns} and East–West {tricks.ew}, "
                f"not {result.tricks.ns} and {result.tricks.ew}",
                field="tricks",
            )
        shown = Lines.of(card_play.revokes_by(dealer))
        revokes = shown if result.revokes is None else _claimed(shown, result.revokes)
    check_counts(trump, tricks, honours, chicane, revokes)
    play = Play(tricks.sides, honours.sides, chicane.sides, revokes.sides)
    return Deal(dealer, trump, result.maker, result.doubles, play)


def _by_seat(board: Board, counts: tuple[int, ...]) -> dict[Direction, int]:
    """Counts by position from the dealer (the cards' order), by the compass."""
    return {position.direction(board.dealer): counts[position] for position in POSITIONS}


_SEATS_OF = {Line.NS: (Direction.NORTH, Direction.SOUTH), Line.EW: (Direction.EAST, Direction.WEST)}


def _agree_honours(board: Board, hands: Hands, trump: Trump, given: Lines[Holding]) -> None:
    held = _by_seat(board, honours_by_hand(hands, trump))
    for line in LINES:
        first, second = _SEATS_OF[line]
        pair = (held[first], held[second])
        said = given[line]
        if sorted(pair) == sorted(said):
            continue  # the order of a direction's two hands is free
        not_so = f"{sum(said)}" if sum(said) != sum(pair) else f"{said[0]} and {said[1]}"
        raise DuplicateError(
            f"honours: the hands give {line.label} {sum(pair)} ({first.label} {pair[0]}, "
            f"{second.label} {pair[1]}), not {not_so}",
            field="honours",
        )


def _agree_chicane(
    board: Board, hands: Hands, trump: Trump, chicane: Lines[int], given: Lines[int]
) -> None:
    void = _by_seat(board, tuple(int(v) for v in void_by_hand(hands, trump)))
    for line in LINES:
        if chicane[line] == given[line]:
            continue
        seats = [seat for seat in _SEATS_OF[line] if void[seat]]
        suit = trump.label.lower()
        if trump is Trump.NO_TRUMP:
            why = "there is no chicane at no-trump"
        elif not seats:
            why = f"both hold {suit}"
        elif len(seats) == 2:
            why = f"neither holds {suit}"
        else:
            why = f"{seats[0].label} holds no {suit}"
        raise DuplicateError(
            f"chicane: the hands give {line.label} {chicane[line]} ({why}), not {given[line]}",
            field="chicane",
        )


def check_call(board: Board, result: Result) -> None:
    """A result the table recorded by its call of honours and its chicane, before the
    board's hands were known, against the hands known since (a hand record attached
    later): the hands must give the same call (the side that scores honours, and how) and
    the same chicane. How a direction's honours were split between its two hands is not
    called, and not asked. DuplicateError naming the field otherwise."""
    if board.hands is None or result.honours is None:
        return
    hands = hands_of(board)
    dealer = board.dealing_line.side
    trump = result.trump
    cards = call_of(trump, honours_of(hands, trump, dealer))
    called = call_of(trump, result.honours.sides)
    if cards != called:
        raise DuplicateError(
            f"honours: the hands give {_call_words(*cards)}, not {_call_words(*called)} as "
            "called at the table",
            field="honours",
        )
    chicane = Lines.of(chicane_of(hands, trump, dealer))
    given = result.chicane or NO_COUNTS
    for line in LINES:
        if chicane[line] != given[line]:
            raise DuplicateError(
                f"chicane: the hands give {line.label} {chicane[line]} hands void of trumps, "
                f"not {given[line]} as called at the table",
                field="chicane",
            )


def _call_words(side: Side | None, held: Honours | None) -> str:
    if side is None or held is None:
        return ACES_EASY
    line = Line.NS if side is Side.WE else Line.EW
    return f"{line.label} {CALLED[held]}"


def _claimed(shown: Lines[int], given: Lines[int]) -> Lines[int]:
    """The revokes claimed, which may be fewer than the play shows (a revoke not claimed
    goes unpenalised), never more."""
    for line in LINES:
        if given[line] > shown[line]:
            raise DuplicateError(
                f"revokes: the play shows {line.label} {_revokes(shown[line])}, not {given[line]}",
                field="revokes",
            )
    return given


def _revokes(count: int) -> str:
    return "no revoke" if count == 0 else "1 revoke" if count == 1 else f"{count} revokes"


def check_counts(
    trump: Trump,
    tricks: Lines[int],
    honours: Lines[Holding],
    chicane: Lines[int],
    revokes: Lines[int],
) -> None:
    """The counts a result records, as the sheet checks a deal's, said by direction."""
    for line in LINES:
        if tricks[line] < 0:
            raise _refuse(
                f"tricks cannot be negative (got {tricks[line]} for {line.label})", "tricks"
            )
    if tricks.ns + tricks.ew != 13:
        raise _refuse(f"tricks must add up to 13 (got {tricks.ns} + {tricks.ew})", "tricks")
    for line in LINES:
        if min(honours[line]) < 0:
            raise _refuse(
                f"honours cannot be negative (got {list(honours[line])} for {line.label})",
                "honours",
            )
    held = sum(honours.ns) + sum(honours.ew)
    if trump is Trump.NO_TRUMP and held != 4:
        raise _refuse(f"honours: the aces at no-trump must add up to 4 (got {held})", "honours")
    if trump is not Trump.NO_TRUMP and held != 5:
        raise _refuse(f"honours must add up to 5 (got {held})", "honours")
    for line in LINES:
        _check_chicane(trump, line, chicane[line], honours[line])
    for line in LINES:
        if revokes[line] < 0:
            raise _refuse(
                f"revokes cannot be negative (got {revokes[line]} for {line.label})", "revokes"
            )


def _check_chicane(trump: Trump, line: Line, void_hands: int, held: Holding) -> None:
    if not 0 <= void_hands <= 2:
        raise _refuse(
            f"chicane is 0, 1 or 2 hands void of trumps (got {void_hands} for {line.label})",
            "chicane",
        )
    if void_hands and trump is Trump.NO_TRUMP:
        raise _refuse(
            "chicane: there is no chicane at no-trump, where there are no trumps (Law 9)",
            "chicane",
        )
    if void_hands > held.count(0):
        hands = "a hand" if void_hands == 1 else "both hands"
        raise _refuse(
            f"chicane: {hands} of {line.label} void of trumps can hold no honours, "
            f"but {line.label} hold honours {list(held)}",
            "chicane",
        )


def _refuse(problem: str, field: str) -> DuplicateError:
    return DuplicateError(problem, field=field)
