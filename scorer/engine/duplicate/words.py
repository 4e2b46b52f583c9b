"""A Duplicate result in words, each side named by its direction as the travellers and the
phones at the table say it: the declaration ("North dealt and made hearts, doubled"; "East
dealt and passed; West made no-trump"), the result ("North–South 9 tricks; honours
North–South: four in one hand; East–West revoked 1"), and a traveller's short make and
tricks ("♥ by North, doubled", "North–South 9").

The deal a result scores (`ResultScore.deal`) carries what the cards worked out on a board
whose hands are known, so the honours said are the cards' there, and the table's
elsewhere.
"""

from __future__ import annotations

from scorer.engine.calls import ACES_EASY, CALLED, call_of
from scorer.engine.cards import Direction, dealer_of
from scorer.engine.duplicate.model import LINES, Line, Lines, Result
from scorer.engine.model import Deal, Maker, Side
from scorer.engine.words import SIGNS, doubled

NOT_PLAYED = "not played: each pair scores its direction's average"


def maker_of(board: int, maker: Maker) -> Direction:
    """Who made the trump: the board's dealer, or his partner."""
    dealer = dealer_of(board)
    return dealer if maker is Maker.DEALER else dealer.left.left


def declaration_words(result: Result) -> str:
    """ "North dealt and made hearts, doubled", or "East dealt and passed; West made
    no-trump"."""
    dealer = dealer_of(result.board)
    make = f"{result.trump.label.lower()}{doubled(result.doubles)}"
    if result.maker is Maker.DEALER:
        return f"{dealer.label} dealt and made {make}"
    maker = maker_of(result.board, result.maker)
    return f"{dealer.label} dealt and passed; {maker.label} made {make}"


def make_words(result: Result) -> str:
    """A traveller's make: "♥ by North", "NT by West (passed), doubled"."""
    sign = SIGNS.get(result.trump, "NT")
    passed = " (passed)" if result.maker is Maker.PARTNER else ""
    maker = maker_of(result.board, result.maker)
    return f"{sign} by {maker.label}{passed}{doubled(result.doubles)}"


def tricks_words(deal: Deal) -> str:
    """The tricks the declaring direction won: "North–South 9"."""
    assert deal.play is not None, "a result scored is played"
    line = line_of(deal.dealer)
    return f"{line.label} {Lines.of(deal.play.tricks)[line]}"


def honours_words(deal: Deal) -> str:
    """The honours as the cards or the table gave them: "North–South: four", "aces easy"."""
    assert deal.play is not None, "a result scored is played"
    side, held = call_of(deal.trump, deal.play.honours)
    if side is None or held is None:
        return ACES_EASY
    return f"{line_of(side).label}: {CALLED[held]}"


def extras_words(deal: Deal) -> tuple[str, ...]:
    """Chicane and revokes, if any: "East–West chicane 1", "North–South revoked 1"."""
    assert deal.play is not None, "a result scored is played"
    chicane, revokes = Lines.of(deal.play.chicane), Lines.of(deal.play.revokes)
    found = [f"{line.label} chicane {chicane[line]}" for line in LINES if chicane[line]]
    found += [f"{line.label} revoked {revokes[line]}" for line in LINES if revokes[line]]
    return tuple(found)


def result_words(deal: Deal | None) -> str:
    """The result in a line: "North–South 9 tricks; honours North–South: four"; a board
    the pairs could not play (no deal) says so."""
    if deal is None:
        return NOT_PLAYED
    said = [f"{tricks_words(deal)} tricks", f"honours {honours_words(deal)}", *extras_words(deal)]
    return "; ".join(said)


def line_of(side: Side) -> Line:
    """The direction scored in a side's column: North–South in We's, East–West in They's."""
    return Line.NS if side is Side.WE else Line.EW
