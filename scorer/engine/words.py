"""The words the sheet and the table use that are not figures: the games' ordinals, the
doubles as said and as chosen. Every page, printout and message takes them from here."""

from __future__ import annotations

from scorer.engine.calls import Call, call_of
from scorer.engine.model import SIDES, Deal, Maker

# As Elwell heads the games on his specimen sheet.
_HEADINGS = ("1st game", "2d game", "3d game")
_ORDINALS = ("first", "second", "third")


def game_heading(number: int) -> str:
    """ "1st game", "2d game", "3d game": the margin of the sheet."""
    return _HEADINGS[number - 1]


def game_ordinal(number: int) -> str:
    """ "first", "second", "third": as a sentence names a game."""
    return _ORDINALS[number - 1]


def game_title(number: int) -> str:
    """ "First game": a sentence's first words."""
    return _ORDINALS[number - 1].capitalize()


def doubled(doubles: int) -> str:
    """How a make's doubles are said after it: "", ", doubled", ", redoubled", ", doubled
    5 times"."""
    if doubles == 0:
        return ""
    if doubles == 1:
        return ", doubled"
    if doubles == 2:
        return ", redoubled"
    return f", doubled {doubles} times"


def doubles_choice(doubles: int) -> str:
    """A choice of doubles at the table: "Not doubled", "Doubled", "Redoubled", then what
    a trick is multiplied by (×8, ×16)."""
    if doubles == 0:
        return "Not doubled"
    if doubles <= 2:
        return doubled(doubles).removeprefix(", ").capitalize()
    return f"\u00d7{1 << doubles}"


# -- A deal in words ----------------------------------------------------------------------
# The site names the players; the engine says what they did: "Mrs. Carr dealt and passed;
# Mr. Dane made hearts, doubled — We 9 tricks; honours We: four in one hand".

NOT_PLAYED = "not played (Spade Convention)"


def declaration(deal: Deal, dealer: str, maker: str) -> str:
    """ "Mrs. Carr dealt and made hearts", or "Mrs. Carr dealt and passed; Mr. Dane made
    hearts, doubled" (`maker`: the name of the player who made it)."""
    make = f"{deal.trump.label.lower()}{doubled(deal.doubles)}"
    if deal.maker is Maker.DEALER:
        return f"{dealer} dealt and made {make}"
    return f"{dealer} dealt and passed; {maker} made {make}"


def make(deal: Deal, maker: str) -> str:
    """The make for a printed row: "Hearts by Mr. Dane (passed), doubled"."""
    passed = " (passed)" if deal.maker is Maker.PARTNER else ""
    return f"{deal.trump.label} by {maker}{passed}{doubled(deal.doubles)}"


def tricks(deal: Deal) -> str:
    """The tricks the dealer's side won in play: "We 9"; or that it was not played."""
    if deal.play is None:
        return "not played"
    return f"{deal.dealer.label} {deal.play.tricks[deal.dealer]}"


def honours(deal: Deal) -> str:
    """The honours as called: "We: four in one hand", "aces easy"."""
    if deal.play is None:
        return "\u2014"
    side, held = call_of(deal.trump, deal.play.honours)
    return Call(side, held).words


def extras(deal: Deal) -> tuple[str, ...]:
    """Chicane and revokes, if any: "We chicane 1", "They revoked 1"."""
    play = deal.play
    if play is None:
        return ()
    found = [f"{side.label} chicane {play.chicane[side]}" for side in SIDES if play.chicane[side]]
    found += [f"{side.label} revoked {play.revokes[side]}" for side in SIDES if play.revokes[side]]
    return tuple(found)


def result(deal: Deal) -> str:
    """The result in a line: "We 9 tricks; honours We: four; They revoked 1"."""
    if deal.play is None:
        return NOT_PLAYED
    said = [f"{tricks(deal)} tricks", f"honours {honours(deal)}", *extras(deal)]
    return "; ".join(said)
