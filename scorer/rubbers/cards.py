"""A deal's cards as the rubber's pages show them (§9): its four hands in Elwell's diagram
with the players' names, the result form's honours and chicane filled in from them, what
was worked out from the cards, the play as Elwell's table prints it, and what the cards
allowed (§12) beside what the table made. Every figure and
word of the cards is the engine's (`scorer.engine.cards.dealt`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer import engine
from scorer.analysis import reads as analyses
from scorer.engine.cards import ELWELL_DEALER, dealt
from scorer.engine.cards.records import Layout, Seat, SuitLine
from scorer.rubbers.models import Deal
from scorer.rubbers.reads import RubberState


@dataclass(frozen=True)
class HandView:
    """A hand in its place in the diagram: Elwell's letter, the player, the suits."""

    place: str  # "top", "left", "right", "foot"
    letter: str  # "Z"
    dealer: bool
    name: str  # the player who held it
    suits: tuple[SuitLine, ...]


@dataclass(frozen=True)
class DiagramView:
    number: int
    top: HandView
    left: HandView
    right: HandView
    foot: HandView
    trump: str  # "Hearts"
    honours: tuple[str, ...]  # what the hands give at that trump, as a hand record says it

    @property
    def hands(self) -> tuple[HandView, HandView, HandView, HandView]:
        return (self.top, self.left, self.right, self.foot)


def _trump(deal: Deal) -> engine.Trump:
    return engine.Trump(deal.trump)  # type: ignore[call-arg]  # by value: mypy#10573


def diagram_view(state: RubberState, deal: Deal) -> DiagramView | None:
    """The deal's hands in Elwell's diagram, each with who held it; None if not known."""
    hands = deal.known_hands()
    if hands is None:
        return None
    drawn = dealt.deal_diagram(hands, _trump(deal))
    seats = dealt.seats_from(deal.dealer)

    def view(seat: Seat) -> HandView:
        at = seats[seat.position]
        name = state.game.seating.seat_label(at, state.seats[at].name)
        return HandView(seat.place, seat.letter, seat.position == 0, name, seat.suits)

    top, left, right, foot = (view(seat) for seat in drawn.seats)
    return DiagramView(deal.number, top, left, right, foot, drawn.trump, drawn.honours)


def diagrams(state: RubberState) -> list[DiagramView]:
    """The hands of each recorded deal whose cards are known, in order."""
    found = (diagram_view(state, deal) for deal in state.recorded if deal.hands)
    return [view for view in found if view is not None]


def prefilled(deal: Deal) -> dict[str, Any]:
    """The result form's honours and chicane as the deal's hands give them, if entered:
    still the player's to send."""
    hands = deal.known_hands()
    if hands is None:
        return {}
    given = dealt.hands_give(hands, _trump(deal), deal.dealer_side)
    return {
        "honours": given.call.code,
        "chicane_we": given.chicane.we,
        "chicane_they": given.chicane.they,
    }


@dataclass(frozen=True)
class PlayView:
    """The play as Elwell's table prints it: the columns' letters and players (A, Y, B, Z),
    a row a trick, and what the dealer won."""

    key: str
    head: str
    columns: tuple[tuple[str, str], ...]
    rows: tuple[dealt.TrickRow, ...]
    won: str


@dataclass(frozen=True)
class CardsView:
    diagram: DiagramView
    worked: tuple[str, ...]  # what was worked out from the cards, a line each
    play: PlayView | None


def cards_view(state: RubberState, deal: Deal) -> CardsView | None:
    """A deal's page: its hands, what was worked out from them (once its result is
    recorded), and its play if known."""
    diagram = diagram_view(state, deal)
    if diagram is None:
        return None
    by_cards = deal.by_cards() if deal.recorded_at else None
    worked = dealt.worked_words(by_cards) if by_cards is not None else ()
    card_play = by_cards.card_play if by_cards is not None else None
    play = None
    if card_play is not None:
        seats = dealt.seats_from(deal.dealer)
        columns = tuple(
            (
                position.letter,
                state.game.seating.seat_label(
                    seats[position], state.seats[seats[position]].short_name
                ),
            )
            for position in dealt.TRICK_COLUMNS
        )
        play = PlayView(
            dealt.TRICKS_KEY,
            dealt.TRICK_HEAD,
            columns,
            dealt.trick_rows(card_play),
            dealt.tricks_words(card_play),
        )
    return CardsView(diagram, worked, play)


@dataclass(frozen=True)
class AllowedView:
    """What the cards allowed (§12) as a deal's page shows it: the five numbers and the
    best make in a line, and the trump the table played beside it; or "being analysed"."""

    line: str
    compared: str
    waiting: bool


def allowed_view(state: RubberState, deal: Deal) -> AllowedView | None:
    """None where the game records no hands, or this deal's were not entered."""
    hands = deal.known_hands()
    if hands is None or engine.Record.HANDS not in state.game.laws.records:
        return None
    (found,), _ = analyses.analysed([hands])
    side = Layout.ELWELL.side_name(engine.Side.WE, ELWELL_DEALER)  # "Z & Y"
    line = engine.allowed_line(found.allowed, side, found.waiting)
    if found.allowed is None:
        return AllowedView(line, "", waiting=not found.failed)
    tricks = deal.tricks if deal.recorded_at and deal.played else None
    return AllowedView(
        line, engine.compared_words(found.allowed, _trump(deal), tricks, side), False
    )
